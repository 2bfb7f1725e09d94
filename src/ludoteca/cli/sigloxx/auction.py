"""The land auction and the offers: the land on offer, the technology cost track and its
marker, the auction in progress; in full or in one line each."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from .common import _, current, fit_parts, land_words, seats_text, short_who, track_name, who


def land_offer_line(view: dict[str, Any], lang: str) -> Text:
    land = Text(_(lang, "Tierras en oferta", "Land on offer"), style="bold")
    land.append(_(lang, f" (puja mínima {view['min_bid']} monedas): ",
                  f" (minimum bid {view['min_bid']} coins): "))
    land.append(" · ".join(land_words(t, lang) for t in view["land_display"]) or "—")
    return land


def cost_line(view: dict[str, Any], lang: str, explain: bool = True) -> Text:
    """``Coste de tecnología (tablero): 7 6 [5] 5 …`` with the marker's space in brackets."""
    track = next(t for t in current().TRACKS if t.id == view["cost_track"])
    cost = Text(_(lang, "Coste de tecnología", "Technology cost"), style="bold")
    cost.append(f" ({track_name(track.id, lang)}): ")
    for i, v in enumerate(track.prices):
        if i:
            cost.append(" ")
        here = i == view["marker"]
        cost.append(f"[{v}]" if here else str(v), style="bold reverse" if here else "dim")
    if explain:
        cost.append(_(lang, " — el marcador avanza una casilla por cada tierra ganada",
                      " — the marker moves one space per land tile won"), style="dim")
    return cost


def land_offer_lines(view: dict[str, Any], lang: str) -> list[RenderableType]:
    """The land on offer and the technology cost track (nothing in round VI)."""
    if view.get("cost_track") is None:
        return []
    return [land_offer_line(view, lang), cost_line(view, lang)]


def _auction_body(view: dict[str, Any], a: dict[str, Any], lang: str) -> Text:
    line = Text()
    if a["lone"]:
        line.append_text(who(view, view["sp"], lang))
        line.append(_(lang, f" es el único que queda: compra tierras a {view['min_bid']} monedas",
                      f" is the only one left: buys land at {view['min_bid']} coins"))
    elif a["tile"]:
        line.append(land_words(a["tile"], lang), style="bold")
        if a["high"] is not None:
            line.append(_(lang, f" · puja más alta {a['high']} de ",
                          f" · high bid {a['high']} by "))
            line.append_text(who(view, a["high_seat"], lang))
        else:
            line.append(_(lang, " · sin pujas aún", " · no bid yet"))
        line.append(_(lang, " · pasan: ", " · passed: "))
        line.append_text(seats_text(view, a["passed"], lang))
    else:
        line.append(_(lang, "el jugador inicial elige la próxima tierra",
                      "the start player picks the next tile"))
    return line


def auction_lines(view: dict[str, Any], lang: str) -> list[Text]:
    """The auction in progress: the tile, the high bid, who passed, who withdrew."""
    a = view.get("auction")
    if not a:
        return []
    line = Text(_(lang, "Subasta: ", "Auction: "), style="bold")
    line.append_text(_auction_body(view, a, lang))
    line.append(_(lang, " · retirados (en orden): ", " · withdrawn (in order): "))
    line.append_text(seats_text(view, a["withdrawn"], lang))
    return [line]


def _short_auction(view: dict[str, Any], a: dict[str, Any], lang: str) -> list[Text]:
    if a["lone"]:
        part = short_who(view, view["sp"])
        part.append(_(lang, f" compra solo a {view['min_bid']}",
                      f" buys alone at {view['min_bid']}"))
        return [part]
    if not a["tile"]:
        return [Text(_(lang, "se elige tierra", "a tile is being chosen"))]
    parts = [Text(land_words(a["tile"], lang), style="bold")]
    if a["high"] is None:
        parts.append(Text(_(lang, "sin pujas", "no bid")))
    else:
        high = Text(_(lang, f"puja {a['high']} de ", f"bid {a['high']} by "))
        parts.append(high.append_text(short_who(view, a["high_seat"])))
    if a["passed"]:
        passed = Text(_(lang, "pasan ", "passed "))
        parts.append(passed.append_text(Text(", ").join(short_who(view, s)
                                                        for s in a["passed"])))
    return parts


def auction_line(view: dict[str, Any], lang: str, width: int) -> list[Text]:
    """The auction in one line: ``Subasta: L04 ─ 3m · puja 5 de Bo · retirados Cy``."""
    a = view.get("auction")
    if not a:
        return []
    head = Text(_(lang, "Subasta: ", "Auction: "), style="bold")
    parts = _short_auction(view, a, lang)
    if a["withdrawn"]:
        out = Text(_(lang, "retirados ", "withdrawn "))
        parts.append(out.append_text(Text(", ").join(short_who(view, s)
                                                     for s in a["withdrawn"])))
    return [fit_parts(head, parts, width)]


def offer_line(view: dict[str, Any], lang: str, width: int) -> list[Text]:
    """The land on offer as ids and the minimum bid: ``Tierras (mín. 2): L04 L09 L16``."""
    if view.get("cost_track") is None:
        return []
    head = Text(_(lang, "Tierras", "Land"), style="bold")
    head.append(_(lang, f" (puja mínima {view['min_bid']}): ",
                  f" (minimum bid {view['min_bid']}): "))
    tiles = [Text(land_words(t, lang)) for t in view["land_display"]] or [Text("—")]
    return [fit_parts(head, tiles, width)]
