"""Shared words for the El Plan screen: names of resources, Products, process types, decks,
Districts and cards; amounts; what a card or an Opportunity square does; and the handles a
player types for a square, an offer or a target (all numbered from 1, as shown)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ludoteca.games.elplan import actions as A
from ludoteca.games.elplan.glossary import (  # noqa: F401 (the screen's modules import them from here)
    CARDS_FULL,
    CARDS_TUT,
    CATEGORY,
    PROD,
    PTYPE,
    RES,
    SIMULTANEOUS_STEPS,
    SQUARE_BY_ID,
    STEP_SHORT,
    C,
    _,
    amounts,
    card_name,
    cards_of,
    current,
    deck_name,
    district_name,
    effect_text,
    for_game,
    for_view,
    prod_abbr,
    prod_name,
    products_text,
    ptype_legend,
    ptype_word,
    res_abbr,
    res_name,
    shorten,
    showing,
    square_benefit,
    with_game,
)

from ..render import seat_style


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    if seat is None:
        return Text("—", style="dim")
    return Text(view["players"][seat]["name"], style="bold " + seat_style(seat))


# ----- what a player types -----------------------------------------------------------------------
def square_handle(q: int) -> str:
    """``D1-1``, ``3A``: how a square is shown and typed."""
    return C.squares[q].id


def offer_handle(o: int, lang: str) -> str:
    """``tecnología-1``: deck and slot (from 1), as shown and typed."""
    d, slot = divmod(o, 3)
    return f"{deck_name(d, lang).lower()}-{slot + 1}"


def catalogue_card(tutorial: bool, k: int) -> Any:
    """The card with catalogue index ``k`` (target ``2 + k``)."""
    cards = C.tut_cards if tutorial else C.cards
    return next((c for c in cards if c.index == k), None)


def target_handle(n: int, tutorial: bool, lang: str) -> str:
    """``proceso-1`` / ``process-1`` or the card's id (its English name in English)."""
    if n < 2:
        return _(lang, f"proceso-{n + 1}", f"process-{n + 1}")
    card = catalogue_card(tutorial, n - 2)
    if card is None:
        return str(n)
    return card.id if lang == "es" else A.plain(card.name_en).replace(" ", "-")


#: action name -> its English typed name
EN_NAMES = {A.PLACE: "place", A.IGNORE: "ignore-event", A.ACCEPT: "accept-event",
            A.DONE: "done", A.DEACTIVATE: "deactivate", A.RETURN: "return",
            A.ACTIVATE: "activate", A.REINFORCE: "reinforce", A.OUTSOURCE: "outsource",
            A.INVEST: "invest", A.INVEST_D: "invest-off-money", A.INVEST_E: "invest-off-energy",
            A.INVEST_CREDIT: "invest-credit", A.REPAY: "repay-credit", A.INNOVATE: "innovate"}
for _i, _r in enumerate(RES):
    EN_NAMES[A.CHOOSE[_i]] = f"choose-{A.R_EN[_i]}"
    EN_NAMES[A.IDEA[_i]] = f"idea-{A.R_EN[_i]}"
    EN_NAMES[A.REPLACE[_i]] = f"replace-{A.R_EN[_i]}"
for _i, _t in enumerate(PROD):
    _w = A.T_EN[_i]
    for _group, _en in ((A.DISCARD, "discard"), (A.KEEP, "keep"), (A.MAKE, "make"),
                        (A.BUY, "buy"), (A.BUY_CREDIT, "buy-credit"), (A.IMPORT, "import"),
                        (A.BUY_SHOP, "buy-shop"), (A.SHOP, "shop")):
        EN_NAMES[_group[_i]] = f"{_en}-{_w}"
    EN_NAMES[A.SELL_D[_i]] = f"sell-{_w}-money"
    EN_NAMES[A.SELL_E[_i]] = f"sell-{_w}-energy"
for _i, _x in enumerate(PTYPE[:3]):
    EN_NAMES[A.LAB[_i]] = f"laboratory-{_x}"
for _i, _ex in enumerate(A.EXCHANGES):
    EN_NAMES[A.EXCHANGE[_i]] = "exchange-" + "-".join(A.R_EN[x] for x in _ex)


def action_name(name: str, lang: str) -> str:
    return name if lang == "es" else EN_NAMES.get(name, name)


def handle_of(kind: str | None, arg: int | None, tutorial: bool, lang: str) -> str:
    if arg is None:
        return ""
    if kind == "square":
        return square_handle(arg)
    if kind == "offer":
        return offer_handle(arg, lang)
    if kind == "target":
        return target_handle(arg, tutorial, lang)
    return str(arg)


