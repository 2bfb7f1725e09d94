"""Action buttons in words for «El Plan: tú decides»: what each legal action does, with the
names (Districts, squares, cards, resources, Products, players) and the numbers (costs, prices,
refunds) the acting seat sees, in Spanish and English, and the group it belongs to.

Everything is read from the seat's own view and the game's public content (card costs, square
benefits, prices); the names are the log's (``games/elplan/text.py``). Another seat's secret
choice never reaches a view, so it cannot reach a label.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from ludoteca.games.elplan import actions as A
from ludoteca.games.elplan.content import Content, content, content_of, derived
from ludoteca.games.elplan.text import STEP_WORDS

from . import Words, pair

#: the content of the view being described (``describe`` sets it from the view's ``content``
#: key: a custom content's names, costs and prices; None: the shipped content)
_CURRENT: ContextVar[Content | None] = ContextVar("elplan_words_content", default=None)


class _Current:
    """``C.x`` is the described view's content's ``x``."""

    def __getattr__(self, name: str) -> Any:
        c = _CURRENT.get()
        return getattr(content() if c is None else c, name)


C: Any = _Current()
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
PTYPE = ("a", "b", "c")
K_RETURN, K_TAKE, K_DISCARD = 0, 1, 2

GROUPS: dict[str, tuple[str, str]] = {
    "place": ("Oportunidad", "Opportunity"),
    "event": ("Suceso", "Event"),
    "choose": ("Elegir un recurso", "Choose a resource"),
    "refund": ("Reembolso", "Refund"),
    "subsidy": ("Crédito y subsidio", "Credit and subsidy"),
    "discard": ("Devolver un Producto", "Return a Product"),
    "keep": ("Merma", "Shrinkage"),
    "deactivate": ("Desactivar", "Deactivate"),
    "return": ("Devolver una inversión", "Return an investment"),
    "activate": ("Activar", "Activate"),
    "ideas": ("Ideas", "Ideas"),
    "lab": ("Laboratorio", "Laboratory"),
    "exchange": ("Canjear", "Exchange"),
    "invest": ("Invertir", "Invest"),
    "make": ("Fabricar", "Manufacture"),
    "buy": ("Comprar", "Buy"),
    "sell": ("Vender", "Sell"),
    "innovate": ("Innovar", "Innovate"),
    "done": ("Terminar", "Finish"),
}


# ----- names ---------------------------------------------------------------------------------
def _res(r: str | int, i: int) -> str:
    return C.resource_names[r if isinstance(r, int) else RES.index(r)][i]


def _prod(t: str | int, i: int) -> str:
    return C.product_names[t if isinstance(t, int) else PROD.index(t)][i]


def _make_cards(c: Content) -> tuple[dict[str, Any], dict[str, Any]]:
    out = []
    for first, second in ((c.cards, c.tut_cards), (c.tut_cards, c.cards)):
        d = {k.id: k for k in second}
        d.update({k.id: k for k in first})
        out.append(d)
    return out[0], out[1]


def _cards(tutorial: bool) -> dict[str, Any]:
    """Card id → card, the tutorial's catalogue first when ``tutorial``."""
    c = _CURRENT.get()
    return derived(content() if c is None else c, "web.words.cards", _make_cards)[tutorial]


def _card(view: dict[str, Any], cid: str) -> Any:
    return _cards(bool(view.get("tutorial"))).get(cid)


def _card_name(view: dict[str, Any], cid: str, i: int) -> str:
    card = _card(view, cid)
    if card is None:
        return cid
    return card.name if i == 0 else card.name_en


def _target_name(view: dict[str, Any], cid: str, i: int) -> str:
    """As the log names it: «el Proceso 1 del Plan» / «Plan process 1», or the card's name."""
    if cid.startswith("proceso-"):
        return (f"el Proceso {cid[-1]} del Plan", f"Plan process {cid[-1]}")[i]
    return _card_name(view, cid, i)


def _amounts(counts: list[int] | tuple[int, ...], i: int) -> str:
    """``1 Dinero + 1 Energía`` from (ch, d, e) counts; ``gratis``/``free`` when none."""
    parts = [f"{v} {_res(r, i)}" for r, v in enumerate(counts) if v]
    return " + ".join(parts) or ("gratis", "free")[i]


def _who(view: dict[str, Any], seat: int) -> str:
    players = view.get("players") or []
    return players[seat]["name"] if 0 <= seat < len(players) else str(seat)


def _me(view: dict[str, Any]) -> dict[str, Any]:
    seat = view.get("seat")
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return p
    return {}


def _target(view: dict[str, Any], n: int) -> dict[str, Any] | None:
    return next((t for t in _me(view).get("targets") or [] if t.get("n") == n), None)


def _ptype(x: str | int, i: int) -> str:
    k = PTYPE.index(x) if isinstance(x, str) else x
    code, es, en = C.ptype_names[k]
    return f"{code} ({(es, en)[i]})"


def _words(group: str, es: str, en: str, help_es: str = "", help_en: str = "") -> Words:
    out: Words = {"label": pair(es, en), "group": pair(*GROUPS[group])}
    if help_es or help_en:
        out["help"] = pair(help_es, help_en)
    return out


def _both(group: str, make: Any) -> Words:
    """``make(i)`` → (label, help) for i = 0 (Spanish) and 1 (English)."""
    es, en = make(0), make(1)
    return _words(group, es[0], en[0], es[1], en[1])


# ----- the actions ---------------------------------------------------------------------------
def describe(view: dict[str, Any], action: str) -> Words | None:
    """The words for ``action`` (its text form) as the seat whose ``view`` this is sees it."""
    try:
        name, raw, _ = A.split(action)
        arg = int(raw) if raw is not None and raw.isdigit() else None
        if A.ARG_KIND.get(name) is not None and arg is None:
            return None
        if A.ARG_KIND.get(name) is None and raw is not None:
            return None
    except Exception:  # noqa: BLE001 - an unknown text is simply not described
        return None
    handler = _HANDLERS.get(name)
    if handler is None:
        return None
    try:
        token = _CURRENT.set(content_of(view))
    except LookupError:             # the game of a custom content is gone
        return None
    try:
        return handler(view, name, arg)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
    finally:
        _CURRENT.reset(token)


def _place(view: dict[str, Any], _name: str, q: int) -> Words | None:
    sq = C.squares[q]
    d = sq.district

    def make(i: int) -> tuple[str, str]:
        where = (f"Distrito {d} ({C.district_names[d - 1][0]})",
                 f"District {d} ({C.district_names[d - 1][1]})")[i]
        label = (f"Poner tu ficha en la casilla {sq.id} · {where}",
                 f"Place your token on square {sq.id} · {where}")[i]
        return label, _square_benefit(view, sq, i)
    return _both("place", make)


def _square_benefit(view: dict[str, Any], sq: Any, i: int) -> str:
    b = sq.benefit
    if b == "ignore_event":
        return ("puedes ignorar el suceso del Período", "you may ignore the Period's event")[i]
    if b == "gain":
        return ("recibes ", "you take ")[i] + _amounts(sq.gain, i)
    if b == "discount":
        what = (" o ", " or ")[i].join(f"{sq.amount} {_res(r, i)}" for r in sq.discount)
        deck = C.deck_names[sq.deck][i]
        return (f"descuento de {what} al invertir en {deck}",
                f"{what} off an investment in {deck}")[i]
    if b == "extra_process":
        return ("+1 Proceso a elegir al fabricar", "+1 Process of any type to manufacture")[i]
    if b == "purchase_discount":
        return (f"{sq.amount} Dinero menos en tu 1.ª compra",
                f"{sq.amount} Money off your 1st purchase")[i]
    if b == "subsidy":
        money = (view.get("subsidies") or [0, 0, 0])[sq.subsidy]
        return (f"subsidio: 1 recurso a elegir + {money} Dinero de la casilla",
                f"subsidy: 1 resource of your choice + the square's {money} Money")[i]
    return b


def _event_name(view: dict[str, Any], i: int) -> str:
    cur = (view.get("events") or {}).get("current")
    ev = next((e for e in C.events if e.id == cur), None)
    if ev is None:
        return ("el suceso", "the event")[i]
    return (f"el suceso «{ev.name}»", f"the event “{ev.name_en}”")[i]


def _ignore(view: dict[str, Any], name: str, _arg: Any) -> Words:
    if name == A.IGNORE:
        return _both("event", lambda i: (("Ignorar ", "Ignore ")[i] + _event_name(view, i),
                                         ("no te afecta este Período",
                                          "it does not affect you this Period")[i]))
    return _both("event", lambda i: (("Aceptar ", "Accept ")[i] + _event_name(view, i),
                                     ("el suceso te afecta como a los demás",
                                      "the event affects you like everyone else")[i]))


def _choose(view: dict[str, Any], name: str, _arg: Any) -> Words:
    r = A.CHOOSE.index(name)
    step = view.get("step")
    if step == "d1-elecciones":
        seat = view.get("seat")
        kind = next((c["kind"] for c in view.get("choices") or [] if c.get("seat") == seat),
                    K_TAKE)
        if kind == K_RETURN:
            return _both("choose", lambda i: ((f"Devolver 1 {_res(r, i)} a la caja",
                                               f"Return 1 {_res(r, i)} to the box")[i],
                                              _event_name(view, i)))
        return _both("choose", lambda i: ((f"Recibir 1 {_res(r, i)}", f"Take 1 {_res(r, i)}")[i],
                                          _event_name(view, i)))
    if step == "d2-devolver":
        left = (view.get("refund") or {}).get("left", 1)
        return _both("refund", lambda i: ((f"Tomar 1 {_res(r, i)} del reembolso",
                                           f"Take 1 {_res(r, i)} of the refund")[i],
                                          (f"quedan {left} por tomar",
                                           f"{left} left to take")[i]))
    if step == "d6-credito-subsidio":
        return _both("subsidy", lambda i: ((f"Elegir en secreto 1 {_res(r, i)} como subsidio",
                                            f"Secretly choose 1 {_res(r, i)} as your subsidy")[i],
                                           ("se revela cuando todos han decidido",
                                            "revealed once everyone has decided")[i]))
    return _both("choose", lambda i: ((f"Elegir 1 {_res(r, i)}", f"Choose 1 {_res(r, i)}")[i],
                                      ("un recurso a tu elección", "a resource of your choice")[i]))


def _discard(view: dict[str, Any], name: str, _arg: Any) -> Words:
    t = A.DISCARD.index(name)
    return _both("discard", lambda i: ((f"Devolver 1 {_prod(t, i)} a la caja",
                                        f"Return 1 {_prod(t, i)} to the box")[i],
                                       _event_name(view, i)))


def _keep(view: dict[str, Any], name: str, _arg: Any) -> Words:
    t = A.KEEP.index(name)
    have = (_me(view).get("hand") or {}).get(PROD[t], 0)
    return _both("keep", lambda i: ((f"Conservar en secreto 1 {_prod(t, i)}",
                                     f"Secretly keep 1 {_prod(t, i)}")[i],
                                    (f"tienes {have}; los demás Productos vuelven a la caja",
                                     f"you hold {have}; your other Products go back to the "
                                     "box")[i]))


DONE_WORDS: dict[str, tuple[str, str]] = {
    "d2-desactivar": ("No desactivar nada más", "Deactivate nothing more"),
    "d2-devolver": ("No devolver ninguna inversión", "Return no investment"),
    "d2-activar": ("Terminar de activar", "Finish activating"),
    "d2-canjear": ("No canjear nada más", "Exchange nothing more"),
    "d3-invertir": ("No invertir este Período", "Invest nothing this Period"),
    "d4-fabricar": ("Terminar de fabricar (en secreto)", "Finish manufacturing (secretly)"),
    "d5-comprar": ("No comprar nada más", "Buy nothing more"),
    "d5-vender": ("No vender nada más", "Sell nothing more"),
    "d6-credito-subsidio": ("Terminar sin devolver el crédito (en secreto)",
                            "Finish without repaying the credit (secretly)"),
    "d7-innovar": ("No innovar este Período", "Do not innovate this Period"),
}


def _done(view: dict[str, Any], _name: str, _arg: Any) -> Words:
    step = view.get("step") or ""
    play = view.get("play")
    if step == "d3-invertir" and play:
        return _both("done", lambda i: ((f"Dejar {_card_name(view, play, i)} sin activar",
                                         f"Leave {_card_name(view, play, i)} inactive")[i],
                                        ("terminas tu turno en el Distrito 3",
                                         "you end your turn in District 3")[i]))
    es, en = DONE_WORDS.get(step, ("Terminar tu turno", "End your turn"))
    where = STEP_WORDS.get(step, ("este paso", "this step"))
    return _words("done", es, en, f"terminas tu turno en {where[0]}",
                  f"you end your turn in {where[1]}")


def _tokens(t: dict[str, Any]) -> list[int]:
    back = [0, 0, 0]
    for sp in t.get("spaces") or []:
        tok = sp.get("token")
        if tok in RES:
            back[RES.index(tok)] += 1
    return back


def _deactivate(view: dict[str, Any], _name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    back = _tokens(t)
    ideas = sum(1 for sp in t.get("spaces") or [] if sp.get("token") == "idea")

    def make(i: int) -> tuple[str, str]:
        what = _amounts(back, i) if any(back) else ""
        if ideas:
            what = (what + " + " if what else "") + f"{ideas} Idea{'s' if ideas > 1 else ''}"
        return ((f"Desactivar {_target_name(view, t['id'], i)}",
                 f"Deactivate {_target_name(view, t['id'], i)}")[i],
                (f"vuelven {what}", f"back to you: {what}")[i] if what else
                ("la carta queda inactiva", "the card goes inactive")[i])
    return _both("deactivate", make)


def _return(view: dict[str, Any], _name: str, n: int) -> Words | None:
    t = _target(view, n)
    card = _card(view, t["id"]) if t else None
    if card is None:
        return None
    types = [r for r in range(3) if card.cost[r] > 0]

    def make(i: int) -> tuple[str, str]:
        kinds = (" o ", " or ")[i].join(_res(r, i) for r in types)
        return ((f"Devolver {_card_name(view, card.id, i)} a la caja · reembolso "
                 f"{card.refund} {kinds}",
                 f"Return {_card_name(view, card.id, i)} to the box · refund "
                 f"{card.refund} {kinds}")[i],
                ("la carta sale de tu tablero y sus fichas vuelven a ti",
                 "the card leaves your board and its tokens come back to you")[i])
    return _both("return", make)


def _activate(view: dict[str, Any], _name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    need = [0, 0, 0]
    for sp in (t.get("spaces") or [])[:t.get("min_tokens", 0)]:
        if sp.get("token") is None:
            need[RES.index(sp["type"])] += 1
    return _both("activate", lambda i: ((f"Activar {_target_name(view, t['id'], i)} · "
                                         f"{_amounts(need, i)}",
                                         f"Activate {_target_name(view, t['id'], i)} · "
                                         f"{_amounts(need, i)}")[i],
                                        ("pones esos recursos ociosos en sus casillas",
                                         "you put those idle resources on its spaces")[i]))


def _reinforce(view: dict[str, Any], _name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    spaces = t.get("spaces") or []
    r = next((sp["type"] for sp in spaces[t.get("min_tokens", 0):] if sp.get("token") is None),
             None)
    if r is None:
        return None
    return _both("activate", lambda i: ((f"Reforzar {_target_name(view, t['id'], i)} · "
                                         f"1 {_res(r, i)} más",
                                         f"Reinforce {_target_name(view, t['id'], i)} · "
                                         f"1 more {_res(r, i)}")[i],
                                        ("una ficha más en la carta",
                                         "one more token on the card")[i]))


def _idea(view: dict[str, Any], name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    r = A.IDEA.index(name)
    return _both("ideas", lambda i: ((f"Poner una Idea en {_target_name(view, t['id'], i)} "
                                      f"(casilla de {_res(r, i)})",
                                      f"Put an Idea on {_target_name(view, t['id'], i)} "
                                      f"({_res(r, i)} space)")[i],
                                     ("la Idea ocupa la casilla en lugar del recurso",
                                      "the Idea fills the space instead of the resource")[i]))


def _replace(view: dict[str, Any], name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    r = A.REPLACE.index(name)
    return _both("ideas", lambda i: ((f"Cambiar 1 {_res(r, i)} de "
                                      f"{_target_name(view, t['id'], i)} por una Idea",
                                      f"Replace 1 {_res(r, i)} on "
                                      f"{_target_name(view, t['id'], i)} with an Idea")[i],
                                     ("el recurso vuelve a ti", "the resource comes back")[i]))


def _outsource(view: dict[str, Any], _name: str, n: int) -> Words | None:
    t = _target(view, n)
    if t is None:
        return None
    return _both("activate", lambda i: ((f"Activar {_target_name(view, t['id'], i)} mediante "
                                         "Externalización",
                                         f"Activate {_target_name(view, t['id'], i)} through "
                                         "Outsourcing")[i],
                                        ("sin poner fichas; no cuenta para los tríos",
                                         "without tokens; it does not count for trios")[i]))


def _lab(view: dict[str, Any], name: str, _arg: Any) -> Words:
    x = A.LAB.index(name)
    return _both("lab", lambda i: ((f"Laboratorio: elegir el Proceso {_ptype(x, i)}",
                                    f"Laboratory: pick process {_ptype(x, i)}")[i],
                                   ("tu Laboratorio da ese Proceso",
                                    "your Laboratory gives that process")[i]))


def _exchange(view: dict[str, Any], name: str, _arg: Any) -> Words:
    r1, r2, r3 = A.EXCHANGES[A.EXCHANGE.index(name)]
    paid = [0, 0, 0]
    paid[r1] += 1
    paid[r2] += 1
    return _both("exchange", lambda i: ((f"Canjear {_amounts(paid, i)} por 1 {_res(r3, i)}",
                                         f"Trade {_amounts(paid, i)} for 1 {_res(r3, i)}")[i],
                                        ("de tus recursos ociosos", "from your idle resources")[i]))


def _offer(view: dict[str, Any], o: int) -> Any:
    for deck in view.get("decks") or []:
        for offer in deck.get("offers") or []:
            if offer and offer.get("slot") == o:
                return _card(view, offer["card"])
    return None


def _invest(view: dict[str, Any], name: str, o: int) -> Words | None:
    card = _offer(view, o)
    if card is None:
        return None
    cost = list(card.cost)
    how = ("", "")
    if name == A.INVEST_CREDIT:
        return _both("invest", lambda i: (
            (f"Invertir en «{card.name}» ({C.deck_names[card.deck][0]}) con una carta de crédito",
             f"Invest in “{card.name_en}” ({C.deck_names[card.deck][1]}) with a credit "
             "card")[i], ("quien termina con crédito pierde una Idea",
                          "ending with a credit card costs an Idea")[i]))
    if name in (A.INVEST_D, A.INVEST_E):
        r = 1 if name == A.INVEST_D else 2
        cost[r] -= 1
        how = (f" (1 {_res(r, 0)} de descuento)", f" (1 {_res(r, 1)} off)")
    else:
        sq_id = _me(view).get("square")
        sq = next((s for s in C.squares if s.id == sq_id), None)
        if sq is not None and sq.benefit == "discount" and sq.deck == card.deck:
            for r in sq.discount:
                if card.cost[r] > 0:
                    cost[r] -= sq.amount
                    how = (f" (1 {_res(r, 0)} de descuento)", f" (1 {_res(r, 1)} off)")
    return _both("invest", lambda i: (
        (f"Invertir en «{card.name}» ({C.deck_names[card.deck][0]}) · {_amounts(cost, 0)}"
         f"{how[0]}",
         f"Invest in “{card.name_en}” ({C.deck_names[card.deck][1]}) · {_amounts(cost, 1)}"
         f"{how[1]}")[i], _invest_help(card, i)))


def _invest_help(card: Any, i: int) -> str:
    if card.comes_active:
        return ("la carta pasa a tu tablero y viene activa",
                "the card comes to your board already active")[i]
    return ("la carta pasa a tu tablero; se activa con fichas en el Distrito 2",
            "the card comes to your board; tokens activate it in District 2")[i]


def _make(view: dict[str, Any], name: str, _arg: Any) -> Words:
    t = A.MAKE.index(name)
    plan = next((p for p in C.plans if p.id == _me(view).get("plan")), None)
    procs = next((x for tt, x in plan.recipes if tt == t), ()) if plan else ()

    def make(i: int) -> tuple[str, str]:
        uses = " + ".join(C.ptype_names[x][0] if x < 3 else ("cualquiera", "any")[i]
                          for x in procs)
        return ((f"Fabricar en secreto 1 {_prod(t, i)}",
                 f"Secretly make 1 {_prod(t, i)}")[i],
                (f"con los Procesos {uses}", f"with processes {uses}")[i] if uses else
                ("se revela cuando todos han decidido", "revealed once everyone has decided")[i])
    return _both("make", make)


def _price_now(view: dict[str, Any], base: int) -> tuple[int, bool]:
    """``base`` less the District 5 square's discount when the seat still has it."""
    me = _me(view)
    sq = next((s for s in C.squares if s.id == me.get("square")), None)
    used = (me.get("period") or {}).get("d5_discount_used")
    if sq is not None and sq.benefit == "purchase_discount" and not used:
        return base - sq.amount, True
    return base, False


def _buy(view: dict[str, Any], name: str, _arg: Any) -> Words:
    seat = view.get("seat") or 0
    mods = view.get("modifiers") or {}
    if name in A.BUY_CREDIT:
        t = A.BUY_CREDIT.index(name)
        return _both("buy", lambda i: ((f"Comprar 1 {_prod(t, i)} del mercado con una carta de "
                                        "crédito", f"Buy 1 {_prod(t, i)} from the market with "
                                        "a credit card")[i],
                                       ("quien termina con crédito pierde una Idea",
                                        "ending with a credit card costs an Idea")[i]))
    if name in A.IMPORT:
        t = A.IMPORT.index(name)
        price, disc = _price_now(view, (mods.get("import_price") or [])[seat])
        return _both("buy", lambda i: ((f"Importar 1 {_prod(t, i)} · {price} Dinero",
                                        f"Import 1 {_prod(t, i)} · {price} Money")[i],
                                       _disc(disc, i)))
    t = A.BUY.index(name)
    price, disc = _price_now(view, (mods.get("market_price") or [])[seat])
    return _both("buy", lambda i: ((f"Comprar 1 {_prod(t, i)} del mercado · {price} Dinero",
                                    f"Buy 1 {_prod(t, i)} from the market · {price} Money")[i],
                                   _disc(disc, i)))


def _disc(disc: bool, i: int) -> str:
    if disc:
        return ("con el descuento de la casilla D5", "with the D5 square's discount")[i]
    return ("pagas con tu Dinero ocioso", "paid with your idle Money")[i]


def _buy_shop(view: dict[str, Any], name: str, s: int) -> Words:
    t = A.BUY_SHOP.index(name)
    shop = next(k for k in C.cards if k.kind == "store")
    owner = _who(view, s)
    return _both("buy", lambda i: ((f"Comprar 1 {_prod(t, i)} de la Tienda virtual de {owner} · "
                                    f"{shop.price} Dinero",
                                    f"Buy 1 {_prod(t, i)} from {owner}'s Online shop · "
                                    f"{shop.price} Money")[i],
                                   (f"{owner} cobra el Dinero", f"{owner} is paid")[i]))


def _sell(view: dict[str, Any], name: str, _arg: Any) -> Words:
    seat = view.get("seat") or 0
    r = 1 if name in A.SELL_D else 2
    t = (A.SELL_D if r == 1 else A.SELL_E).index(name)
    bonus = ((view.get("modifiers") or {}).get("sale_bonus") or [0] * (seat + 1))[seat]
    gain = C.sale_amount + bonus
    return _both("sell", lambda i: ((f"Vender 1 {_prod(t, i)} por {gain} {_res(r, i)}",
                                     f"Sell 1 {_prod(t, i)} for {gain} {_res(r, i)}")[i],
                                    ("el Producto va al mercado",
                                     "the Product goes to the market")[i]))


def _shop(view: dict[str, Any], name: str, _arg: Any) -> Words:
    t = A.SHOP.index(name)
    return _both("sell", lambda i: ((f"Poner 1 {_prod(t, i)} en tu Tienda virtual",
                                     f"Put 1 {_prod(t, i)} on your Online shop")[i],
                                    ("los demás podrán comprártelo",
                                     "the others may buy it from you")[i]))


def _repay(view: dict[str, Any], _name: str, _arg: Any) -> Words:
    cost = C.repay_cost
    return _both("subsidy", lambda i: ((f"Devolver en secreto la carta de crédito · {cost} Dinero",
                                        f"Secretly repay the credit card · {cost} Money")[i],
                                       ("se revela cuando todos han decidido",
                                        "revealed once everyone has decided")[i]))


def _innovate(view: dict[str, Any], _name: str, _arg: Any) -> Words:
    return _both("innovate", lambda i: (("Innovar: 3 Productos distintos por 1 Idea",
                                         "Innovate: 3 different Products for 1 Idea")[i],
                                        ("1 " + " + 1 ".join(_prod(t, i) for t in range(3)))))


_HANDLERS: dict[str, Any] = {A.PLACE: _place, A.IGNORE: _ignore, A.ACCEPT: _ignore,
                             A.DONE: _done, A.DEACTIVATE: _deactivate, A.RETURN: _return,
                             A.ACTIVATE: _activate, A.REINFORCE: _reinforce,
                             A.OUTSOURCE: _outsource, A.REPAY: _repay, A.INNOVATE: _innovate}
for _n in A.CHOOSE:
    _HANDLERS[_n] = _choose
for _n in A.DISCARD:
    _HANDLERS[_n] = _discard
for _n in A.KEEP:
    _HANDLERS[_n] = _keep
for _n in A.IDEA:
    _HANDLERS[_n] = _idea
for _n in A.REPLACE:
    _HANDLERS[_n] = _replace
for _n in A.LAB:
    _HANDLERS[_n] = _lab
for _n in A.EXCHANGE:
    _HANDLERS[_n] = _exchange
for _n in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
    _HANDLERS[_n] = _invest
for _n in A.MAKE:
    _HANDLERS[_n] = _make
for _n in A.BUY + A.BUY_CREDIT + A.IMPORT:
    _HANDLERS[_n] = _buy
for _n in A.BUY_SHOP:
    _HANDLERS[_n] = _buy_shop
for _n in A.SELL_D + A.SELL_E:
    _HANDLERS[_n] = _sell
for _n in A.SHOP:
    _HANDLERS[_n] = _shop
