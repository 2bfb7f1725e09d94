"""The terminal table of «Som el que decidim!» (game id ``som``), in parts by what they draw:

* :mod:`.common` — content tables, colours, one name per card per language, measuring;
* :mod:`.board` — the map of Catalonia in three sizes, the legend, the refills;
* :mod:`.panels` — the Generalitat, phase, die, Hisenda, Concentració nacional, urna, the
  players' disks and the vote in progress, in full and compact forms;
* :mod:`.actions` — the numbered actions in words and what each does;
* :mod:`.results` — the end: the final map at the terminal's width, ranking, reason;
* :mod:`.renderer` — the :class:`SomRenderer` the table uses, fitting the board to its room.

Everything is read from ``game.view(seat)``, which never holds a face-down card, Hisenda's types
or another seat's bid; ``pujar B`` lines of other seats are shown as ``pujar ?``.
"""

from .actions import EN_NAMES, PREFIX_EN, action_meaning, english_form, shown_form
from .board import compact_map, deal_of, deals_line, legend, legend_compact, map_renderable
from .common import (
    CARD_BY_ID,
    COLOURS,
    FLAGS,
    PROPER,
    SHORT,
    SHORT_FORMS,
    STAGES,
    SYMBOLS,
    TYPE_BY_CODE,
    C,
    card_name,
    flag_name,
    flag_tag,
    short_name,
    type_name,
    type_word,
    who,
    who_plain,
)
from .panels import (
    phase_detail,
    picture_text,
    players_compact,
    players_table,
    status_compact,
    status_lines,
    vote_lines,
    vote_sides,
)
from .renderer import RENDERER, SomRenderer, board_forms, fit_board
from .results import FittedMap, reason_words, result_lines

__all__ = ["CARD_BY_ID", "COLOURS", "EN_NAMES", "FLAGS", "PREFIX_EN", "PROPER", "RENDERER",
           "SHORT", "SHORT_FORMS", "STAGES", "SYMBOLS", "TYPE_BY_CODE", "C", "FittedMap",
           "SomRenderer", "action_meaning", "board_forms", "card_name", "compact_map",
           "deal_of", "deals_line", "english_form", "fit_board", "flag_name", "flag_tag",
           "legend", "legend_compact", "map_renderable", "phase_detail", "picture_text",
           "players_compact", "players_table", "reason_words", "result_lines", "short_name",
           "shown_form", "status_compact", "status_lines", "type_name", "type_word",
           "vote_lines", "vote_sides", "who", "who_plain"]
