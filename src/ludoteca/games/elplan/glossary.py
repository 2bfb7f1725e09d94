"""El Plan in words that need no terminal: the content being shown (``showing``,
``current``), resource, product, deck and district names, amounts, and what an investment
card or an Opportunity square does. The terminal screen (``cli/elplan``) and the web's board
data (``web/board_data.py``) share them; they read the shown game's own content."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from . import actions as A
from .content import Content, content, content_of, derived

#: the content of the game on the screen (set by the renderer from ``game.C``, or from a
#: view's ``content`` key by the functions that take a view); None: the shipped one
_CURRENT: ContextVar[Content | None] = ContextVar("elplan_content", default=None)


def current() -> Content:
    """The content of the game being shown (the shipped one outside a renderer call)."""
    c = _CURRENT.get()
    return content() if c is None else c


@contextmanager
def showing(c: Content | None) -> Iterator[None]:
    """Words and screens read ``c`` (a game's content) inside the block."""
    token = _CURRENT.set(c)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def for_game(method: Callable) -> Callable:
    """A renderer method ``(self, game, …)`` that shows ``game`` with its own content."""
    @functools.wraps(method)
    def wrapper(self: Any, game: Any, *args: Any, **kwargs: Any) -> Any:
        with showing(getattr(game, "C", None)):
            return method(self, game, *args, **kwargs)
    return wrapper


def with_game(func: Callable) -> Callable:
    """A function ``(game, …)`` that shows ``game`` with its own content."""
    @functools.wraps(func)
    def wrapper(game: Any, *args: Any, **kwargs: Any) -> Any:
        with showing(getattr(game, "C", None)):
            return func(game, *args, **kwargs)
    return wrapper


def for_view(func: Callable) -> Callable:
    """A function ``(view, …)`` that shows ``view`` with the content it was made from."""
    @functools.wraps(func)
    def wrapper(view: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(view, dict) and view.get("content") is not None:
            with showing(content_of(view)):
                return func(view, *args, **kwargs)
        return func(view, *args, **kwargs)
    return wrapper


class _Current:
    """``C.x`` is ``current().x``: the modules of this screen read the shown game's content."""

    def __getattr__(self, name: str) -> Any:
        return getattr(current(), name)


class _Table:
    """A table derived from the shown game's content (``build(content)``), read as a dict."""

    def __init__(self, name: str, build: Callable[[Content], dict[str, Any]]) -> None:
        self.name, self.build = name, build

    def _d(self) -> dict[str, Any]:
        return derived(current(), self.name, self.build)

    def __getitem__(self, key: str) -> Any:
        return self._d()[key]

    def get(self, key: Any, default: Any = None) -> Any:
        return self._d().get(key, default)

    def __contains__(self, key: Any) -> bool:
        return key in self._d()


C: Any = _Current()
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
PTYPE = ("a", "b", "c", "any")
CARDS_FULL = _Table("cli.cards", lambda c: {x.id: x for x in c.cards})
CARDS_TUT = _Table("cli.tut_cards", lambda c: {x.id: x for x in c.tut_cards})
SQUARE_BY_ID = _Table("cli.squares", lambda c: {x.id: x for x in c.squares})
# the steps in which the seats decide at once and in secret (engine brief: D4, D6, merma)
SIMULTANEOUS_STEPS = frozenset({"d4-fabricar", "d6-credito-subsidio", "resumen-merma"})
STEP_SHORT = {
    "oportunidad": ("colocar la ficha de emprendedor", "place the entrepreneur token"),
    "d1-exencion": ("ignorar o aceptar el suceso", "ignore or accept the event"),
    "d1-elecciones": ("elecciones del suceso", "the event's choices"),
    "d2-desactivar": ("paso 1: desactivar", "step 1: deactivate"),
    "d2-devolver": ("paso 2: devolver una inversión", "step 2: return an investment"),
    "d2-activar": ("paso 3: activar", "step 3: activate"),
    "d2-canjear": ("paso 4: canjear", "step 4: exchange"),
    "d3-invertir": ("invertir", "invest"),
    "d4-fabricar": ("fabricar, en secreto y a la vez", "manufacture, secretly and at once"),
    "d5-comprar": ("paso 1: comprar", "step 1: buy"),
    "d5-vender": ("paso 2: vender", "step 2: sell"),
    "d6-credito-subsidio": ("subsidio y crédito, en secreto y a la vez",
                            "subsidy and credit, secretly and at once"),
    "d7-innovar": ("innovar", "innovate"),
    "resumen-merma": ("merma: qué Producto conservas, en secreto y a la vez",
                      "shrinkage: which Product you keep, secretly and at once"),
    "fin": ("fin", "end"),
}
CATEGORY = {"positive": ("positivo", "positive", "green"),
            "negative": ("negativo", "negative", "red"),
            "neutral": ("neutro", "neutral", "yellow")}


def _(lang: str, es: str, en: str) -> str:
    """The Spanish or the English words."""
    return es if lang == "es" else en


# ----- the pieces --------------------------------------------------------------------------------
def res_name(code: str, lang: str) -> str:
    return C.resource_names[RES.index(code)][0 if lang == "es" else 1]


def res_abbr(code: str, lang: str) -> str:
    return {"ch": _(lang, "CH", "HC"), "d": _(lang, "D", "M"), "e": "E"}[code]


def prod_name(code: str, lang: str) -> str:
    return C.product_names[PROD.index(code)][0 if lang == "es" else 1]


def prod_abbr(code: str, lang: str) -> str:
    return code.upper() if lang == "es" else A.T_EN[PROD.index(code)]


def ptype_word(code: str | int, lang: str) -> str:
    """``A``, ``B``, ``C`` (P-A, P-B, P-C) or ``*`` (a process of any type)."""
    x = PTYPE.index(code) if isinstance(code, str) else code
    return "*" if x == 3 else PTYPE[x].upper()


def ptype_legend(lang: str) -> str:
    """``A Operación, B Logística, C Comercialización, * cualquiera``."""
    names = [f"{PTYPE[x].upper()} {C.ptype_names[x][1 if lang == 'es' else 2]}"
             for x in range(3)]
    return ", ".join(names) + _(lang, ", * cualquiera", ", * any")


def deck_name(d: int, lang: str) -> str:
    return C.deck_names[d][0 if lang == "es" else 1]


def district_name(d: int, lang: str) -> str:
    return C.district_names[d - 1][0 if lang == "es" else 1]


def amounts(counts: Sequence[int] | dict[str, int], lang: str, abbr: bool = True) -> str:
    """``1 D + 1 E`` from (ch, d, e) counts; ``—`` when empty."""
    if isinstance(counts, dict):
        counts = [counts.get(r, 0) for r in RES]
    parts = [f"{v} {res_abbr(r, lang) if abbr else res_name(r, lang)}"
             for r, v in zip(RES, counts, strict=True) if v]
    return " + ".join(parts) or "—"


def products_text(counts: dict[str, int], lang: str) -> str:
    parts = [f"{v} {prod_abbr(t, lang)}" for t, v in counts.items() if v]
    return ", ".join(parts) or "—"


def cards_of(view: dict[str, Any]) -> dict[str, Any]:
    return CARDS_TUT if view.get("tutorial") else CARDS_FULL


def card_name(cid: str, lang: str, view: dict[str, Any] | None = None) -> str:
    if view and view.get("content") is not None:
        with showing(content_of(view)):
            return card_name(cid, lang)
    card = (cards_of(view) if view else CARDS_FULL).get(cid) or CARDS_FULL.get(cid) or \
        CARDS_TUT.get(cid)
    if card is None:
        return cid
    return card.name if lang == "es" else card.name_en




def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a space, with `` …`` when cut (never in
    the middle of a word)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, max(1, limit - 2))
    return (text[:cut] if cut > 0 else text.split(" ")[0]).rstrip(",;:·—") + " …"


# ----- what a card or a square does --------------------------------------------------------------
def _process_steps(card: Any, lang: str) -> str:
    steps = []
    for k, procs in enumerate(card.by_tokens):
        if not procs:
            continue
        words = "+".join(ptype_word(x, lang) for x in procs)
        if card.comes_active:
            label = _(lang, "activa", "active") if k == 0 else \
                _(lang, f"+{k} ficha", f"+{k} token")
        else:
            label = _(lang, f"{k} ficha{'s' if k > 1 else ''}",
                      f"{k} token{'s' if k > 1 else ''}")
        steps.append(f"{label}: {words}")
    text = _(lang, "da Procesos: ", "gives processes: ") + "; ".join(steps)
    return text.replace(": *", _(lang, ": 1 a elegir", ": 1 of any type"))


def _export_bonus(card: Any, lang: str) -> str:
    gain = amounts(card.gain, lang)
    if card.once_per_period:
        return _(lang, f"+{gain} con la 1.ª exportación del Período",
                 f"+{gain} on the Period's first export")
    extra = _(lang, "; no cobra el Dinero del subsidio", "; takes no subsidy Money") \
        if card.blocks_subsidy else ""
    return _(lang, f"+{gain} por cada exportación{extra}", f"+{gain} per export{extra}")


def effect_text(card: Any, lang: str) -> str:
    """What an investment card does, in a few words."""
    kind = card.kind
    if kind == "processes":
        return _process_steps(card, lang)
    if kind == "export_bonus":
        return _export_bonus(card, lang)
    gain = amounts(card.gain, lang) if kind in ("produce", "sale_bonus") else ""
    words = {
        "choose_one": ("1 Proceso a elegir cada Período (A, B o C)",
                       "1 Process picked each Period (A, B or C)"),
        "produce": (f"produce {gain} al inicio del Distrito 2",
                    f"yields {gain} at the start of District 2"),
        "sale_bonus": (f"+{gain} por cada venta", f"+{gain} per sale"),
        "event_shield": ("te libra de los sucesos negativos; ante uno neutro eliges",
                         "shields you from negative events; you choose on neutral ones"),
        "outsource": ("activa otra inversión tuya sin fichas (no cuenta para tríos)",
                      "activates another investment of yours without tokens (no trios)"),
        "store": (f"Tienda virtual: otros te compran a {getattr(card, 'price', '?')} D",
                  f"Online shop: others buy from you for {getattr(card, 'price', '?')} M"),
    }.get(kind)
    return _(lang, *words) if words else kind


def square_benefit(sq: Any, lang: str) -> str:
    b = sq.benefit
    if b == "gain":
        return f"+{amounts(sq.gain, lang)}"
    if b == "discount":
        what = _(lang, " o ", " or ").join(f"−{sq.amount} {res_abbr(RES[r], lang)}"
                                         for r in sq.discount)
        return _(lang, f"{what} en {deck_name(sq.deck, lang)}",
                 f"{what} on {deck_name(sq.deck, lang)}")
    words = {
        "ignore_event": ("puede ignorar el suceso", "may ignore the event"),
        "extra_process": ("+1 Proceso a elegir", "+1 Process of any type"),
        "purchase_discount": (f"−{sq.amount} D en la 1.ª compra",
                              f"−{sq.amount} M on the 1st purchase"),
        "subsidy": ("subsidio: 1 recurso + su Dinero", "subsidy: 1 resource + its Money"),
    }.get(b)
    return _(lang, *words) if words else b
