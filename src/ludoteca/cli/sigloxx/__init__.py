"""The terminal table of «Siglo XX» (game id ``sigloxx``), in parts by what they draw:

* :mod:`.common` — content tables, colours, yields and tiles in a few characters, lines that fit;
* :mod:`.land` — each country as a grid of boxed tiles or as a small map, the legend;
* :mod:`.auction` — the land on offer, the technology cost track, the auction in progress;
* :mod:`.tech` — technologies, catastrophes and scoring cards in words;
* :mod:`.panels` — the players, the Maintenance or Production step, the cards and the piles;
* :mod:`.actions` — the numbered actions in words and what each does;
* :mod:`.results` — the end: points by source, tie-breaks, winners;
* :mod:`.board` — the board fitted to the room it has (folding the least useful parts first);
* :mod:`.renderer` — the :class:`SigloRenderer` the table uses.

Everything is read from ``game.view(seat)``, the legal actions and the events in words: another
seat's coins and science never appear (the view does not hold them), and at a table of several
people every screen is private, so the table passes the keyboard before it.
"""

from .actions import action_meaning, action_words, english_alias, place_targets, tile_marks
from .common import land_words, site_words, tech_name, tech_title
from .land import country_lines, mini_map
from .renderer import RENDERER, SigloRenderer
from .results import result_lines, vp_during_play
from .tech import card_words, eco_words, pollution_words, tech_effect

__all__ = ["RENDERER", "SigloRenderer", "action_meaning", "action_words", "card_words",
           "country_lines", "eco_words", "english_alias", "land_words", "mini_map",
           "place_targets", "pollution_words", "result_lines", "site_words", "tech_effect",
           "tech_name", "tech_title", "tile_marks", "vp_during_play"]
