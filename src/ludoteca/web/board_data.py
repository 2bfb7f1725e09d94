"""The public content a browser board draws (names, effects in words, yields, prices) of Som el
que decidim!, El Plan and Siglo XX, made from one game's own content.

Each board (``static/games/som.js``, ``elplan.js``, ``sigloxx.js``) embeds the shipped
content's data between ``/* DATA:BEGIN */`` and ``/* DATA:END */`` (tests/web/test_renderers.py
checks it equals ``board_data(game_id, None)``). A table on a custom content
(``--option content=FILE``, the lobby's content file) marks its views with
``"content": {"source", "key"}``; its board then fetches
``GET /api/tables/{id}/board-data`` (:func:`board_data_json`) once per key and draws with it.

Only the printed components are here (what every player sees on the cards and the board),
never a game's state.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

GAMES = ("som", "elplan", "sigloxx")

#: (game id, content key or None) -> the endpoint's JSON answer; a content's data never changes
_CACHE: OrderedDict[tuple[str, str | None], bytes] = OrderedDict()
_CACHE_SIZE = 64


def _som_data(content: Any) -> dict[str, Any]:
    from ludoteca.games.som.content import FLAG_CODES
    from ludoteca.games.som.content import content as shipped
    c = shipped() if content is None else getattr(content, "C", content)
    return {
        "cards": {k.id: [k.name, k.name_en, FLAG_CODES[k.flag], k.symbol] for k in c.cards},
        "types": {t.code: [t.name, t.name_en, t.value, t.group] for t in c.types},
        "faces": [[n, pic] for (n, _k), pic in zip(c.faces, c.face_pictures, strict=True)],
        "urna": c.urna_for_consulta,
    }


def _elplan_data(content: Any) -> dict[str, Any]:
    from ludoteca.games.elplan.content import content as shipped
    from ludoteca.games.elplan.glossary import effect_text, showing, square_benefit
    c = shipped() if content is None else getattr(content, "C", content)

    def cards(seq: Any) -> dict[str, Any]:
        return {k.id: {"name": k.name, "name_en": k.name_en, "deck": k.deck, "cost": list(k.cost),
                       "play": k.play, "active": k.comes_active,
                       "effect": [effect_text(k, "es"), effect_text(k, "en")]} for k in seq}

    with showing(c):                    # the words (deck names, amounts) of this content
        return {
            "cards": cards(c.cards), "tut_cards": cards(c.tut_cards),
            "plans": {p.id: {"name": p.name, "name_en": p.name_en,
                             "recipes": [[t, list(x)] for t, x in p.recipes]} for p in c.plans},
            "squares": {q.id: {"district": q.district, "subsidy": q.subsidy,
                               "benefit": [square_benefit(q, "es"), square_benefit(q, "en")],
                               "min_types": q.min_market_types} for q in c.squares},
            "events": {e.id: {"number": e.number, "name": e.name, "name_en": e.name_en,
                              "category": e.category, "text": e.text, "text_en": e.text_en}
                       for e in c.events},
            "districts": [list(d) for d in c.district_names],
            "decks": [list(d) for d in c.deck_names],
            "resources": [list(r) for r in c.resource_names],
            "products": [list(p) for p in c.product_names],
            "ptypes": [list(p) for p in c.ptype_names],
            "tut_periods": {str(k): {"districts": list(v.districts),
                                     "opportunity": v.opportunity}
                            for k, v in c.tut_periods.items()},
            "prices": {"buy": c.buy_price, "import": c.import_price, "export_at": c.export_at,
                       "repay": c.repay_cost},
        }


def _sigloxx_tables(content: Any) -> Any:
    """The tables of a Siglo XX content: ``game.K`` as given, or made from a parsed
    :class:`~ludoteca.games.sigloxx.content.Content`."""
    from ludoteca.games.sigloxx.tables import Tables, default_tables
    if content is None:
        return default_tables()
    if isinstance(content, Tables):
        return content
    shipped = default_tables()
    return shipped if content is shipped.C else Tables(content)


def _sigloxx_data(content: Any) -> dict[str, Any]:
    from ludoteca.games.sigloxx.effects import card_words, tech_effect
    from ludoteca.games.sigloxx.tables import using
    K = _sigloxx_tables(content)
    c = K.C
    with using(K):                      # every word helper below reads this content
        return {
            "land": [[t.id, t.rails, [[s.kind, s.coins, s.science, s.vp, s.capacity]
                                      for s in t.sites]] for t in c.land],
            "tech": [{"id": t.id, "name": t.name, "name_en": t.name_en, "kind": t.kind,
                      "rails": t.rails, "use": t.use,
                      "effect": [tech_effect(t.id, "es", K), tech_effect(t.id, "en", K)]}
                     for t in c.tech],
            "cards": {k.id: [k.name, k.name_en, card_words(k.id, "es", K),
                             card_words(k.id, "en", K)] for k in c.cards},
            "tracks": {t.id: list(t.prices) for t in c.tracks},
            "grid": c.grid_size, "origin": c.origin_cell, "capacity": c.tile_capacity,
            "pollution": [c.pollution_min, c.pollution_max],
        }


DATA_MAKERS = {"som": _som_data, "elplan": _elplan_data, "sigloxx": _sigloxx_data}


def board_data(game_id: str, content: Any = None) -> dict[str, Any]:
    """What the board of ``game_id`` draws from ``content``: the game's own content object
    (Som and Siglo XX: ``game.K``; El Plan: ``game.C``; the parsed content works too), or
    ``None`` for the shipped one. ``KeyError`` for a game without such a board."""
    return DATA_MAKERS[game_id](content)


def game_content(game: Any) -> Any:
    """A game's own content object, as :func:`board_data` takes it."""
    return game.K if hasattr(game, "K") else game.C


def content_key(content: Any) -> str | None:
    """The key a custom content's views carry (``None`` for the shipped content)."""
    return getattr(content, "key", None)


def board_data_json(game_id: str, content: Any) -> bytes:
    """``{"game", "key", "data"}`` as JSON for the board of a table on ``content``; made once
    per (game, content key)."""
    key = content_key(content)
    cache_key = (game_id, key)
    got = _CACHE.get(cache_key)
    if got is not None:
        _CACHE.move_to_end(cache_key)
        return got
    body = {"game": game_id, "key": key, "data": board_data(game_id, content)}
    got = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    _CACHE[cache_key] = got
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return got


__all__ = ["GAMES", "board_data", "board_data_json", "content_key", "game_content"]
