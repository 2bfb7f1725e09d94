"""The actions on the El Plan screen: how each is written for the player (Spanish, or the
English alias in English; squares, offers and targets by the handles shown on the board, all
numbered from 1) and what each means here, in a few words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction
from ludoteca.core.game import Game
from ludoteca.games.elplan import actions as A

from .words import (
    EN_NAMES,
    PROD,
    PTYPE,
    RES,
    SQUARE_BY_ID,
    STEP_SHORT,
    C,
    _,
    amounts,
    cards_of,
    effect_text,
    for_view,
    handle_of,
    prod_name,
    ptype_word,
    res_abbr,
    res_name,
    square_benefit,
    with_game,
)


def english_form(text: str) -> str:
    """``fabricar-mp`` → ``fabricar-mp (make-raw)``; ``ubicar 4`` → ``ubicar 4 (place 4)``."""
    name, _sp, arg = text.partition(" ")
    alias = EN_NAMES.get(name)
    if alias is None or alias == name:
        return text
    return f"{text} ({alias}{' ' + arg if arg else ''})"


@with_game
def shown_form(game: Game, action: Action, lang: str) -> str:
    """The action as the player sees and may type it, in one language: ``invertir
    tecnología-1`` / ``invest technology-1``, ``ubicar D4``, ``activar bodega``. It always
    parses back to ``action`` (else the plain form is shown); records keep the canonical
    text, so they replay as before."""
    name = action.name if lang == "es" else EN_NAMES.get(action.name, action.name)
    tutorial = bool(getattr(game, "tutorial", False))
    handle = handle_of(A.ARG_KIND.get(action.name), action.arg, tutorial, lang)
    for text in (f"{name} {handle}".strip(), f"{name} {action.arg}" if action.arg is not None
                 else name, str(action)):
        try:
            if game.parse(text) == action:
                return text
        except IllegalAction:
            continue
    return str(action)


@with_game
def shown_text(game: Game, text: str, lang: str) -> str:
    """A recorded action's text as :func:`shown_form` writes it."""
    try:
        return shown_form(game, game.parse(text), lang)
    except IllegalAction:
        return text


def secret_entry(seat: int, events: Any) -> bool:
    """Whether this action was a simultaneous choice (it emitted the seat's "decidido")."""
    return any(e.kind == "decidido" and e.data.get("player") == seat for e in events)


# ----- what an action means ----------------------------------------------------------------------
Meaning = Callable[[dict[str, Any], Action, int, str], tuple[str, str]]


def _place(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    spec = C.squares[action.arg] if action.arg is not None else None
    if spec is None:
        return "", ""
    benefit = square_benefit(spec, lang)
    if spec.subsidy >= 0:
        money = view["subsidies"][spec.subsidy]
        benefit += _(lang, f" (ahora {money} D)", f" (now {money} M)")
    return (f"Distrito {spec.district}: {benefit}", f"District {spec.district}: {benefit}")


def _choose(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    rn = res_name(RES[A.CHOOSE.index(action.name)], lang)
    step = view["step"]
    if step == "d6-credito-subsidio":
        q = view["players"][seat]["square"]
        spec = SQUARE_BY_ID.get(q) if q else None
        money = view["subsidies"][spec.subsidy] if spec and spec.subsidy >= 0 else 0
        return (f"recibir 1 {rn} del subsidio (y los {money} D de tu casilla)",
                f"take 1 {rn} from the subsidy (and the {money} M on your square)")
    if step == "d2-devolver":
        return f"recibir 1 {rn} del reembolso", f"take 1 {rn} of the refund"
    kind = next((c["kind"] for c in view.get("choices") or () if c["seat"] == seat), None)
    if kind == 0:
        return f"devolver 1 {rn} a la caja (suceso)", f"return 1 {rn} to the box (event)"
    if kind == 1:
        return f"recibir 1 {rn} (suceso)", f"take 1 {rn} (event)"
    return f"elegir {rn} (suceso)", f"choose {rn} (event)"


def _discard(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    tn = prod_name(PROD[A.DISCARD.index(action.name)], lang)
    return f"devolver 1 {tn} a la caja (suceso)", f"return 1 {tn} to the box (event)"


def _keep(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    tn = prod_name(PROD[A.KEEP.index(action.name)], lang)
    lost = sum(view["players"][seat]["hand"].values()) - 1
    return (f"conservar 1 {tn}; los otros {lost} vuelven a la caja",
            f"keep 1 {tn}; the other {lost} go back to the box")


def _done(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    step = view["step"]
    if step == "d4-fabricar":
        return ("terminar de fabricar (los Procesos sobrantes se pierden)",
                "stop manufacturing (processes left over are lost)")
    if step == "d6-credito-subsidio":
        if view["players"][seat]["credit"]:
            return "no devolver el crédito y terminar", "do not repay the credit; finish"
        return ("confirmar tu elección (se revela cuando todos hayan decidido)",
                "confirm your choice (revealed once everyone has decided)")
    if step == "d2-activar":
        return ("terminar de activar (lo que quede a medias devuelve sus fichas)",
                "finish activating (half-filled targets give their tokens back)")
    words = STEP_SHORT.get(step, (step, step))
    return f"pasar: terminar tu turno ({words[0]})", f"pass: end your turn ({words[1]})"


def _lab(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    x = ptype_word(PTYPE[A.LAB.index(action.name)], lang)
    return (f"tu Laboratorio da el Proceso {x} este Período",
            f"your Laboratory gives process {x} this Period")


def _exchange(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    r1, r2, r3 = A.EXCHANGES[A.EXCHANGE.index(action.name)]
    paid = amounts([int(r1 == r) + int(r2 == r) for r in range(3)], lang)
    got = res_abbr(RES[r3], lang)
    return f"pagar {paid}, recibir 1 {got}", f"pay {paid}, take 1 {got}"


def _offer_card(view: dict[str, Any], slot: int | None) -> Any:
    for deck in view["decks"]:
        for o in deck["offers"]:
            if o is not None and o["slot"] == slot:
                return cards_of(view).get(o["card"])
    return None


def _discounted(card: Any, view: dict[str, Any], seat: int, only: int | None) -> list[int]:
    """The card's cost after the seat's District 3 square discount (``only``: the chosen
    resource for the 3A double choice)."""
    cost = list(card.cost)
    q = view["players"][seat]["square"]
    sq = SQUARE_BY_ID.get(q) if q else None
    if sq is None or sq.benefit != "discount" or sq.deck != card.deck:
        return cost
    kinds = [r for r in sq.discount if cost[r] > 0] if only is None else [only]
    if len(kinds) == 1 and cost[kinds[0]] > 0:
        cost[kinds[0]] -= min(sq.amount, cost[kinds[0]])
    return cost


def _invest(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    card = _offer_card(view, action.arg)
    if card is None:
        return "", ""
    cname = card.name if lang == "es" else card.name_en
    if action.name == A.INVEST_CREDIT:
        return f"{cname}, a crédito", f"{cname}, on credit"
    only = 1 if action.name == A.INVEST_D else 2 if action.name == A.INVEST_E else None
    cost = amounts(_discounted(card, view, seat, only), lang)
    if _discounted(card, view, seat, only) != list(card.cost):
        return f"{cname}: pagas {cost} (con descuento)", f"{cname}: pay {cost} (discounted)"
    return f"{cname}: pagas {cost}", f"{cname}: pay {cost}"


def _make(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    t = A.MAKE.index(action.name)
    plan = C.plans[C.plan_index[view["players"][seat]["plan"]]]
    recipe = "+".join(ptype_word(x, lang) for x in
                      next((pr for x, pr in plan.recipes if x == t), ()))
    tn = prod_name(PROD[t], lang)
    return f"fabricar 1 {tn} con {recipe}", f"make 1 {tn} from {recipe}"


def _price(view: dict[str, Any], seat: int, key: str) -> int:
    p = view["players"][seat]
    price = view["modifiers"][key][seat]
    spec = SQUARE_BY_ID.get(p["square"]) if p["square"] else None
    if spec is not None and spec.benefit == "purchase_discount" and \
            not p["period"]["d5_discount_used"]:
        price = max(0, price - spec.amount)
    return price


def _buy(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    if action.name in A.BUY_CREDIT:
        tn = prod_name(PROD[A.BUY_CREDIT.index(action.name)], lang)
        return (f"comprar 1 {tn} del mercado a crédito (−1 Idea si acabas con la carta)",
                f"buy 1 {tn} from the market on credit (−1 Idea if you end with the card)")
    tn = prod_name(PROD[A.BUY.index(action.name)], lang)
    price = _price(view, seat, "market_price")
    return f"comprar 1 {tn} del mercado por {price} D", f"buy 1 {tn} from the market for {price} M"


def _import(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    tn = prod_name(PROD[A.IMPORT.index(action.name)], lang)
    price = _price(view, seat, "import_price")
    return (f"importar 1 {tn} por {price} D (no hay en el mercado)",
            f"import 1 {tn} for {price} M (none in the market)")


def _buy_shop(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    tn = prod_name(PROD[A.BUY_SHOP.index(action.name)], lang)
    arg = action.arg
    owner = view["players"][arg]["name"] if arg is not None and \
        arg < len(view["players"]) else "?"
    return (f"comprar 1 {tn} de la Tienda virtual de {owner} por 3 D",
            f"buy 1 {tn} from {owner}'s Online shop for 3 M")


def _sell(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    money = action.name in A.SELL_D
    t = (A.SELL_D if money else A.SELL_E).index(action.name)
    tn = prod_name(PROD[t], lang)
    gain = f"+{C.sale_amount + view['modifiers']['sale_bonus'][seat]} " + \
        res_abbr("d" if money else "e", lang)
    export = view["market"][PROD[t]] + 1 >= C.export_at
    return (f"vender 1 {tn} al mercado: {gain}" + (" — ¡exportación!" if export else ""),
            f"sell 1 {tn} to the market: {gain}" + (" — export!" if export else ""))


def _shop(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    tn = prod_name(PROD[A.SHOP.index(action.name)], lang)
    return f"poner 1 {tn} en tu Tienda virtual", f"put 1 {tn} on your Online shop"


def _simple(es: str, en: str) -> Meaning:
    return lambda view, action, seat, lang: (es, en)


# ----- targets -----------------------------------------------------------------------------------
def _target(view: dict[str, Any], seat: int, n: int | None) -> dict[str, Any] | None:
    return next((t for t in view["players"][seat]["targets"] if t["n"] == n), None)


def _label(t: dict[str, Any], lang: str) -> str:
    from .players import target_label
    return target_label(t, lang)


def _deactivate(t: dict[str, Any], view: dict[str, Any], lang: str) -> tuple[str, str]:
    back, ideas = [0, 0, 0], 0
    for sp in t["spaces"]:
        if sp["token"] == "idea":
            ideas += 1
        elif sp["token"] is not None:
            back[RES.index(sp["token"])] += 1
    text = amounts(back, lang)
    if ideas:
        text = (text + " + " if text != "—" else "") + f"{ideas} Idea{'s' if ideas > 1 else ''}"
    label = _label(t, lang)
    return f"desactivar {label}: vuelven {text}", f"deactivate {label}: back come {text}"


def _return(t: dict[str, Any], view: dict[str, Any], lang: str) -> tuple[str, str]:
    card = cards_of(view).get(t["id"])
    refund = card.refund if card else "?"
    kinds = "/".join(res_abbr(RES[r], lang) for r in range(3) if card and card.cost[r])
    label = _label(t, lang)
    return (f"devolver {label} a la caja: reembolso {refund} ({kinds})",
            f"return {label} to the box: refund {refund} ({kinds})")


def _activate(t: dict[str, Any], view: dict[str, Any], lang: str) -> tuple[str, str]:
    need = [0, 0, 0]
    required = t["spaces"] if t["kind"] == "proceso" else t["spaces"][:t["min_tokens"]]
    for sp in required:
        if sp["token"] is None:
            need[RES.index(sp["type"])] += 1
    label = _label(t, lang)
    es, en = f"activar {label} poniendo {amounts(need, lang)}", \
        f"activate {label} placing {amounts(need, lang)}"
    if t["kind"] == "inversion":
        card = cards_of(view).get(t["id"])
        extra = " — " + effect_text(card, lang) if card is not None else ""
        return es + extra, en + extra
    x = ptype_word(t["process"], lang)
    return f"{es} → Proceso {x}", f"{en} → process {x}"


def _reinforce(t: dict[str, Any], view: dict[str, Any], lang: str) -> tuple[str, str]:
    nxt = next((sp["type"] for sp in t["spaces"][t["min_tokens"]:] if sp["token"] is None),
               None)
    what, label = res_abbr(nxt, lang) if nxt else "?", _label(t, lang)
    return f"poner 1 {what} más en {label}", f"put 1 more {what} on {label}"


def _outsource(t: dict[str, Any], view: dict[str, Any], lang: str) -> tuple[str, str]:
    label = _label(t, lang)
    return (f"activar {label} mediante Externalización, sin fichas",
            f"activate {label} through Outsourcing, without tokens")


TARGET_MEANINGS = {A.DEACTIVATE: _deactivate, A.RETURN: _return, A.ACTIVATE: _activate,
                   A.REINFORCE: _reinforce, A.OUTSOURCE: _outsource}


def _on_target(view: dict[str, Any], action: Action, seat: int, lang: str) -> tuple[str, str]:
    t = _target(view, seat, action.arg)
    if t is None:
        return "", ""
    if action.name in TARGET_MEANINGS:
        return TARGET_MEANINGS[action.name](t, view, lang)
    label = _label(t, lang)
    if action.name in A.IDEA:
        r = res_abbr(RES[A.IDEA.index(action.name)], lang)
        return (f"poner una Idea en una casilla {r} de {label}",
                f"put an Idea on a {r} space of {label}")
    r = res_abbr(RES[A.REPLACE.index(action.name)], lang)
    return (f"cambiar 1 {r} de {label} por una Idea (el {r} vuelve)",
            f"replace 1 {r} on {label} with an Idea (the {r} comes back)")


# ----- the table of meanings ---------------------------------------------------------------------
MEANINGS: dict[str, Meaning] = {
    A.PLACE: _place, A.DONE: _done,
    A.IGNORE: _simple("ignorar el suceso de este Período: no te afecta",
                      "ignore this Period's event: it does not affect you"),
    A.ACCEPT: _simple("aceptar el suceso de este Período", "accept this Period's event"),
    A.REPAY: lambda view, action, seat, lang: (
        f"devolver tu carta de crédito pagando {C.repay_cost} D (evita perder 1 Idea)",
        f"repay your credit card with {C.repay_cost} M (avoids losing 1 Idea)"),
    A.INNOVATE: _simple("cambiar 1 MP + 1 BC + 1 SV por 1 Idea Innovadora (1 punto)",
                        "trade 1 raw + 1 goods + 1 service for 1 Innovative Idea (1 point)"),
}
for _group, _meaning in ((A.CHOOSE, _choose), (A.DISCARD, _discard), (A.KEEP, _keep),
                         (A.LAB, _lab), (A.EXCHANGE, _exchange), (A.MAKE, _make),
                         (A.BUY, _buy), (A.BUY_CREDIT, _buy), (A.IMPORT, _import),
                         (A.BUY_SHOP, _buy_shop), (A.SELL_D, _sell), (A.SELL_E, _sell),
                         (A.SHOP, _shop), (A.IDEA, _on_target), (A.REPLACE, _on_target),
                         ((A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT), _invest),
                         ((A.DEACTIVATE, A.RETURN, A.ACTIVATE, A.REINFORCE, A.OUTSOURCE),
                          _on_target)):
    for _name in _group:
        MEANINGS[_name] = _meaning


@for_view
def action_meaning(view: dict[str, Any], action: Action, seat: int, lang: str) -> Text:
    """What ``action`` does for ``seat`` now, in a few words."""
    meaning = MEANINGS.get(action.name)
    if meaning is None:
        return Text()
    es, en = meaning(view, action, seat, lang)
    text = Text(_(lang, es, en))
    for mark in (" — ¡exportación!", " — export!"):
        if text.plain.endswith(mark):
            text.stylize("bold", len(text.plain) - len(mark))
    return text
