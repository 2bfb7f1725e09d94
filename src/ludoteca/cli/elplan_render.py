"""The terminal table of «El Plan: tú decides» (game id ``elplan``).

At each decision: the route through the seven Districts with the route token on the District
being played, the Opportunity squares and who is on them (with the Dinero on the subsidy
squares), the event of the Period, the investment offers (cost or effect side towards the board),
the market by product type, every player's plan card, idle resources, Ideas, processes,
products, Online shop, investments (active or not), credit card and Momento Cero; in the
tutorial the explanation of the step and the guide's checkpoints; then the numbered actions with
their meaning in Spanish or English.

Everything is read from ``game.view(seat)``, which never holds a face-down card, a set-aside
event or another seat's pending simultaneous choice; an action that was such a choice
(``fabricar-T``, ``elegir-R`` in District 6, ``pagar-credito``, ``conservar-T`` and ``listo``
there) is shown to the other seats as a secret choice: its "has decided" event says all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.registry import info
from ludoteca.games.elplan import actions as A
from ludoteca.games.elplan.content import content

from .messages import tr
from .render import Entry, GameRenderer, seat_style

C = content()
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
PTYPE = ("a", "b", "c", "any")
CARDS_FULL = {c.id: c for c in C.cards}
CARDS_TUT = {c.id: c for c in C.tut_cards}
SQUARE_BY_ID = {s.id: s for s in C.squares}
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
CONSTRAINTS = {
    "must_activate_plan": ("activar los Procesos de tu Plan", "activate your Plan's Processes"),
    "keep_activations": ("dejar las fichas de los Procesos donde están",
                         "leave the Process tokens where they are"),
    "no_return": ("no devolver inversiones", "no returning investments"),
    "must_buy_investment": ("comprar una inversión", "buy an investment"),
    "must_make": ("fabricar un Producto", "make a Product"),
    "must_make_second": ("fabricar tu segundo tipo", "make your second type"),
    "buy_only": ("en el Mercado solo se compra", "the Market only buys"),
    "must_buy_missing": ("comprar el tipo que tu Plan no fabrica",
                         "buy the type your Plan cannot make"),
    "sell_exactly_one": ("vender exactamente 1 Producto", "sell exactly 1 Product"),
    "must_activate_investment": ("activar tu inversión", "activate your investment"),
}
CATEGORY = {"positive": ("positivo", "positive", "green"),
            "negative": ("negativo", "negative", "red"),
            "neutral": ("neutro", "neutral", "yellow")}
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


def _(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


# ----- words for the pieces ----------------------------------------------------------------------
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
    card = (cards_of(view) if view else {}).get(cid) or CARDS_FULL.get(cid) or \
        CARDS_TUT.get(cid)
    if card is None:
        return cid
    return card.name if lang == "es" else card.name_en


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    if seat is None:
        return Text("—", style="dim")
    return Text(view["players"][seat]["name"], style="bold " + seat_style(seat))


def effect_text(card: Any, lang: str) -> str:
    """What an investment card does, in a few words."""
    kind = card.kind
    if kind == "processes":
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
    if kind == "choose_one":
        return _(lang, "1 Proceso a elegir cada Período (A, B o C)",
                 "1 Process picked each Period (A, B or C)")
    if kind == "produce":
        return _(lang, f"produce {amounts(card.gain, lang)} al inicio del Distrito 2",
                 f"yields {amounts(card.gain, lang)} at the start of District 2")
    if kind == "export_bonus":
        if card.once_per_period:
            return _(lang, f"+{amounts(card.gain, lang)} con la 1.ª exportación del Período",
                     f"+{amounts(card.gain, lang)} on the Period's first export")
        extra = _(lang, "; no cobra el Dinero del subsidio", "; takes no subsidy Money") \
            if card.blocks_subsidy else ""
        return _(lang, f"+{amounts(card.gain, lang)} por cada exportación{extra}",
                 f"+{amounts(card.gain, lang)} per export{extra}")
    if kind == "sale_bonus":
        return _(lang, f"+{amounts(card.gain, lang)} por cada venta",
                 f"+{amounts(card.gain, lang)} per sale")
    if kind == "event_shield":
        return _(lang, "te libra de los sucesos negativos; ante uno neutro eliges",
                 "shields you from negative events; you choose on neutral ones")
    if kind == "outsource":
        return _(lang, "activa otra inversión tuya sin fichas (no cuenta para tríos)",
                 "activates another investment of yours without tokens (no trios)")
    if kind == "store":
        return _(lang, f"Tienda virtual: otros te compran a {card.price} D",
                 f"Online shop: others buy from you for {card.price} M")
    return kind


def square_benefit(sq: Any, lang: str) -> str:
    b = sq.benefit
    if b == "ignore_event":
        return _(lang, "puede ignorar el suceso", "may ignore the event")
    if b == "gain":
        return f"+{amounts(sq.gain, lang)}"
    if b == "discount":
        what = _(lang, " o ", " or ").join(f"−{sq.amount} {res_abbr(RES[r], lang)}"
                                         for r in sq.discount)
        return _(lang, f"{what} en {deck_name(sq.deck, lang)}",
                 f"{what} on {deck_name(sq.deck, lang)}")
    if b == "extra_process":
        return _(lang, "+1 Proceso a elegir", "+1 Process of any type")
    if b == "purchase_discount":
        return _(lang, f"−{sq.amount} D en la 1.ª compra", f"−{sq.amount} M on the 1st purchase")
    if b == "subsidy":
        return _(lang, "subsidio: 1 recurso + su Dinero", "subsidy: 1 resource + its Money")
    return b


# ----- the board -------------------------------------------------------------------------------
def districts_in_play(view: dict[str, Any]) -> tuple[set[int], bool]:
    """The Districts of this Period and whether it has an Opportunity phase (tutorial script)."""
    if view.get("tutorial"):
        tp = C.tut_periods.get(view["period"])
        if tp is not None:
            return set(tp.districts), tp.opportunity
    return set(range(1, 8)), True


def route_text(view: dict[str, Any], lang: str) -> Text:
    """``Recorrido: Oportunidad › 1 Sucesos › [▶ 2 Administración] › …`` (route token ▶)."""
    present, opportunity = districts_in_play(view)
    phase, current = view["phase"], view.get("district")
    out = Text(_(lang, "Recorrido: ", "Route: "), style="bold")
    stops: list[tuple[str, bool, bool]] = [
        (_(lang, "Oportunidad", "Opportunity"), opportunity, phase == "oportunidad")]
    for d in range(1, 8):
        stops.append((f"{d} {district_name(d, lang)}", d in present,
                      phase == "recorrido" and current == d))
    stops.append((_(lang, "Resumen", "Summary"), True, phase == "resumen"))
    for i, (label, here, active) in enumerate(stops):
        if i:
            out.append(" › ", style="dim")
        if active:
            out.append(f"▶ {label}", style="bold reverse")
        elif here:
            out.append(label)
        else:
            out.append(f"({label})", style="dim")
    step = view.get("step")
    if step in STEP_SHORT and view["phase"] != "fin":
        out.append(_(lang, "\nAhora: ", "\nNow: "), style="bold")
        out.append(_(lang, *STEP_SHORT[step]))
    if not opportunity or len(present) < 7:
        out.append(_(lang, "   (entre paréntesis: no se juega en este Período del tutorial)",
                     "   (in brackets: not played in this tutorial Period)"), style="dim")
    return out


def squares_text(view: dict[str, Any], lang: str) -> RenderableType:
    """The Opportunity squares by District, with their benefit, who is on them and the Dinero
    on the subsidy squares."""
    title = Text(_(lang, "Casillas de Oportunidad", "Opportunity squares"), style="bold")
    if not districts_in_play(view)[1]:
        title.append(_(lang, ": no se usan en este Período del tutorial",
                       ": not used in this tutorial Period"), style="dim")
        return title
    title.append(_(lang, " (número=nombre; se ubica con cualquiera de los dos)",
                   " (number=id; place with either)"), style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    by_district: dict[int, list[dict[str, Any]]] = {}
    for sq in view["squares"]:
        by_district.setdefault(SQUARE_BY_ID[sq["id"]].district, []).append(sq)
    subsidies = view["subsidies"]
    for d in sorted(by_district):
        line = Text()
        for i, sq in enumerate(by_district[d]):
            spec = SQUARE_BY_ID[sq["id"]]
            if i:
                line.append(" · ", style="dim")
            line.append(f"{sq['index']}={sq['id']}", style="bold")
            benefit = square_benefit(spec, lang)
            if spec.subsidy >= 0:
                benefit = _(lang, f"1 recurso + {subsidies[spec.subsidy]} D",
                            f"1 resource + {subsidies[spec.subsidy]} M")
            line.append(f" {benefit}: ")
            if sq["seat"] is not None:
                line.append_text(who(view, sq["seat"], lang))
            elif not sq["usable"]:
                line.append(_(lang, f"cerrada (pide {spec.min_market_types} tipos en el "
                                    "mercado)",
                              f"closed (needs {spec.min_market_types} types in the market)"),
                            style="dim")
            else:
                line.append(_(lang, "libre", "free"), style="dim")
        grid.add_row(f"  D{d}", line)
    return Group(title, grid)


def event_text(view: dict[str, Any], lang: str) -> Text:
    ev = view["events"]
    out = Text(_(lang, "Suceso del Período: ", "Event of the Period: "), style="bold")
    cur = ev.get("current")
    if cur is None:
        out.append(_(lang, "aún no se ha volteado", "not turned over yet"), style="dim")
    else:
        e = C.events[C.event_index[cur]]
        es, en, style = CATEGORY.get(e.category, (e.category, e.category, ""))
        out.append(_(lang, f"n.º {e.number} «{e.name}»", f"no. {e.number} “{e.name_en}”"),
                   style="bold")
        out.append(f" ({_(lang, es, en)})", style=style)
        out.append(" — " + _(lang, e.text, e.text_en))
    out.append(_(lang, f"\n  Sucesos: {ev['face_down']} boca abajo",
                 f"\n  Events: {ev['face_down']} face down"), style="dim")
    if ev.get("set_aside"):
        out.append(_(lang, f", {ev['set_aside']} apartados sin ver",
                     f", {ev['set_aside']} set aside unseen"), style="dim")
    used = len(ev.get("under", ())) + len(ev.get("removed", ()))
    out.append(_(lang, f", {used} ya usados", f", {used} used"), style="dim")
    mods = modifier_lines(view, lang)
    if mods:
        out.append("\n  " + " · ".join(mods), style="yellow")
    return out


def modifier_lines(view: dict[str, Any], lang: str) -> list[str]:
    """This Period's changes made by the event, in words (nothing when all is as usual)."""
    m = view.get("modifiers") or {}
    names = [p["name"] for p in view["players"]]
    out = []

    def seats_where(values: list[Any], normal: Any) -> dict[Any, list[str]]:
        groups: dict[Any, list[str]] = {}
        for s, v in enumerate(values):
            if v != normal:
                groups.setdefault(v, []).append(names[s])
        return groups

    for price, who_ in seats_where(m.get("market_price", []), C.buy_price).items():
        out.append(_(lang, f"mercado a {price} D para {', '.join(who_)}",
                     f"market at {price} M for {', '.join(who_)}"))
    for price, who_ in seats_where(m.get("import_price", []), C.import_price).items():
        out.append(_(lang, f"importar a {price} D para {', '.join(who_)}",
                     f"imports at {price} M for {', '.join(who_)}"))
    for _v, who_ in seats_where(m.get("no_imports", []), False).items():
        out.append(_(lang, f"sin importar: {', '.join(who_)}", f"no imports: {', '.join(who_)}"))
    for bonus, who_ in seats_where(m.get("sale_bonus", []), 0).items():
        out.append(_(lang, f"+{bonus} por venta para {', '.join(who_)}",
                     f"+{bonus} per sale for {', '.join(who_)}"))
    if m.get("export_subsidy", C.export_subsidy) != C.export_subsidy:
        out.append(_(lang, f"cada exportación pone {m['export_subsidy']} D en los subsidios",
                     f"each export puts {m['export_subsidy']} M on the subsidies"))
    return out


def offers_text(view: dict[str, Any], lang: str) -> RenderableType:
    """The offers of the three decks: slot O, card, cost, which side touches the board edge
    (fresh: the cost; rotated: the effect, and it leaves at the next Summary) and effect."""
    cards = cards_of(view)
    title = Text(_(lang, "Ofertas de inversión", "Investment offers"), style="bold")
    if not view.get("decks_live"):
        title.append(_(lang, ": los mazos aún no están en juego",
                       ": the decks are not in play yet"), style="dim")
        return title
    title.append(_(lang, " (O = número para invertir; ▶ se puede activar al comprarla)",
                   " (O = number to invest; ▶ may be activated when bought)"), style="dim")
    rows: list[RenderableType] = [title]
    for deck in view["decks"]:
        d = deck["deck"]
        head = Text(f"  {deck_name(d, lang)}", style="bold")
        head.append(_(lang, f" ({deck['face_down']} boca abajo, {len(deck['under'])} debajo)",
                      f" ({deck['face_down']} face down, {len(deck['under'])} under)"),
                    style="dim")
        rows.append(head)
        offers = [o for o in deck["offers"] if o is not None]
        if not offers:
            rows.append(Padding(Text(_(lang, "(sin ofertas)", "(no offers)"), style="dim"),
                                (0, 0, 0, 4), expand=False))
        for o in offers:
            card = cards.get(o["card"])
            line = Text(f"O={o['slot']} ", style="bold")
            line.append(card_name(o["card"], lang, view), style="bold")
            line.append(_(lang, " · coste ", " · cost ") +
                        (amounts(card.cost, lang) if card else "?"))
            if o["age"] == 0:
                line.append(_(lang, " · nueva (coste al borde)", " · fresh (cost at the edge)"),
                            style="dim")
            else:
                line.append(_(lang, " · girada (efecto al borde; se va en el Resumen)",
                              " · rotated (effect at the edge; leaves at the Summary)"),
                            style="yellow")
            if card is not None:
                marks = ("▶ " if card.play else "") + \
                    (_(lang, "viene activa; ", "comes active; ") if card.comes_active else "")
                line.append(" — " + marks + effect_text(card, lang), style="")
            rows.append(Padding(line, (0, 0, 0, 4), expand=False))
    return Group(*rows)


def market_text(view: dict[str, Any], lang: str) -> Text:
    out = Text(_(lang, "Mercado: ", "Market: "), style="bold")
    for i, t in enumerate(PROD):
        if i:
            out.append(" · ", style="dim")
        n = view["market"][t]
        out.append(f"{prod_name(t, lang)} ")
        out.append(str(n), style="bold" if n else "dim")
    out.append(_(lang, f"   (compra {C.buy_price} D; importación {C.import_price} D)",
                 f"   (buy {C.buy_price} M; import {C.import_price} M)"), style="dim")
    out.append(_(lang, "\nSubsidios: ", "\nSubsidies: "), style="bold")
    out.append(" · ".join(f"[{i + 1}] {v} " + _(lang, "D", "M")
                          for i, v in enumerate(view["subsidies"])))
    out.append(_(lang, f"   ({C.export_at} iguales en el mercado se exportan y suman Dinero "
                       f"aquí) · Créditos en reserva: {view['credit_supply']}",
                 f"   ({C.export_at} alike in the market are exported and add Money here) · "
                 f"Credit cards left: {view['credit_supply']}"), style="dim")
    return out


# ----- the players -----------------------------------------------------------------------------
def spaces_text(target: dict[str, Any], lang: str) -> Text:
    """``[E ·D ★]``: a placed resource, an empty space (dim, with the type it takes), an Idea."""
    out = Text("[")
    for i, sp in enumerate(target["spaces"]):
        if i:
            out.append(" ")
        token = sp["token"]
        if token is None:
            out.append("·" + res_abbr(sp["type"], lang), style="dim")
        elif token == "idea":
            out.append("★", style="bold yellow")
        else:
            out.append(res_abbr(token, lang), style="bold green")
    out.append("]")
    return out


def target_label(target: dict[str, Any], lang: str) -> str:
    if target["kind"] == "proceso":
        return _(lang, f"Proceso {target['n'] + 1} del Plan", f"Plan process {target['n'] + 1}")
    return target["name"] if lang == "es" else target.get("name_en", target["name"])


def target_text(target: dict[str, Any], view: dict[str, Any], lang: str) -> Text:
    out = Text(f"{target['n']} ", style="dim")
    out.append(target_label(target, lang), style="bold")
    if target["kind"] == "inversion":
        out.append(f" ({deck_name(target['deck'], lang)[:5]}.)", style="dim")
    out.append(" ")
    if target["spaces"]:
        out.append_text(spaces_text(target, lang))
        out.append(" ")
    masc = target["kind"] == "proceso"
    if target["active"]:
        out.append(_(lang, "activo" if masc else "activa", "active"), style="green")
        procs = target.get("processes")
        if procs:
            out.append(" → " + "+".join(ptype_word(x, lang) for x in procs))
        elif target["kind"] == "inversion":
            card = cards_of(view).get(target["id"])
            if card is not None and card.kind != "processes":
                out.append(" → " + effect_text(card, lang), style="dim")
    else:
        out.append(_(lang, "inactivo" if masc else "inactiva", "inactive"), style="dim")
        if target["kind"] == "proceso":
            out.append(f" ({ptype_word(target['process'], lang)})", style="dim")
    if target.get("pick"):
        out.append(_(lang, f" (elige {ptype_word(target['pick'], lang)})",
                     f" (picks {ptype_word(target['pick'], lang)})"))
    if target.get("named"):
        out.append(_(lang, " (nombrada por Externalización)", " (named by Outsourcing)"),
                   style="cyan")
    return out


def plan_text(p: dict[str, Any], lang: str) -> str:
    """``Plan MP-1 Huerta orgánica: MP←A+B · BC←A+B+C · sin SV``."""
    plan = C.plans[C.plan_index[p["plan"]]]
    name = plan.name if lang == "es" else plan.name_en
    recipes = " · ".join(
        f"{prod_abbr(PROD[t], lang)}←" + "+".join(ptype_word(x, lang) for x in procs)
        for t, procs in plan.recipes)
    return _(lang, f"Plan {plan.id} {name}: {recipes} · sin {prod_abbr(p['cannot_make'], lang)}",
             f"Plan {plan.id} {name}: {recipes} · no {prod_abbr(p['cannot_make'], lang)}")


def processes_now(p: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    """The seat's process tokens: the D4 pool while manufacturing, else what its active targets
    give (plus the D4 square's extra one)."""
    if isinstance(p.get("processes"), dict):
        pool = p["processes"]
        counts = [pool.get(x, 0) for x in PTYPE]
    else:
        counts = [0, 0, 0, 0]
        for t in p["targets"]:
            if t["active"]:
                for x in t.get("processes") or ():
                    counts[PTYPE.index(x)] += 1
        if p["square"] is not None and SQUARE_BY_ID[p["square"]].benefit == "extra_process":
            counts[3] += 1
    parts = [f"{k}×{ptype_word(i, lang)}" if k > 1 else ptype_word(i, lang)
             for i, k in enumerate(counts) if k]
    return ", ".join(parts) or "—"


def player_block(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
                 viewer: int | None) -> Group:
    s = p["seat"]
    head = Text("★ " if p["mc"] else "  ", style="bold yellow")
    head.append_text(who(view, s, lang))
    if labels[s]:
        head.append(f" ({labels[s]})", style="dim")
    elif s == viewer:
        head.append(f" ({tr(lang, 'you')})", style="dim")
    if p["mc"]:
        head.append(" Momento Cero", style="yellow")
    if s in (view.get("to_move") or ()):
        head.append(_(lang, "  ◀ decide", "  ◀ to move"), style="bold")
    elif p.get("decides") and p.get("done"):
        head.append(_(lang, "  (ya decidió)", "  (has decided)"), style="dim")
    head.append("   ")
    head.append(plan_text(p, lang), style="dim")
    head = Padding(head, (0, 0, 0, 0), expand=False)

    line = Text()
    line.append(_(lang, "Recursos: ", "Resources: "), style="bold")
    idle = p["idle"]
    line.append(" · ".join(f"{idle[r]} {res_abbr(r, lang)}" for r in RES))
    line.append(_(lang, "   Ideas: ", "   Ideas: "), style="bold")
    line.append(str(p["ideas"]), style="bold yellow" if p["ideas"] else "")
    if p["ideas_idle"] and p["ideas_idle"] != p["ideas"]:
        line.append(_(lang, f" ({p['ideas_idle']} libres)", f" ({p['ideas_idle']} idle)"),
                    style="dim")
    elif p["ideas_idle"]:
        line.append(_(lang, " (libres)", " (idle)"), style="dim")
    if p.get("trios"):
        line.append(_(lang, f" + {p['trios']} trío(s)", f" + {p['trios']} trio(s)"),
                    style="bold yellow")
    line.append(_(lang, "   Productos: ", "   Products: "), style="bold")
    line.append(products_text(p["hand"], lang))
    if any(p["tienda"].values()):
        line.append(_(lang, "   Tienda: ", "   Shop: "), style="bold")
        line.append(products_text(p["tienda"], lang))
    line.append(_(lang, "   Crédito: ", "   Credit: "), style="bold")
    line.append(_(lang, "sí (−1 Idea al final)", "yes (−1 Idea at the end)") if p["credit"]
                else _(lang, "no", "no"), style="red" if p["credit"] else "dim")

    procs = Text()
    procs.append(_(lang, "Procesos: ", "Processes: "), style="bold")
    procs.append(processes_now(p, view, lang))
    if p["square"] is not None:
        procs.append(_(lang, "   Casilla de Oportunidad: ", "   Opportunity square: "),
                     style="bold")
        procs.append(p["square"])
    pending = p.get("pending") if s == viewer else None
    if pending:
        procs.append("   ")
        procs.append_text(pending_text(pending, lang))
    rows: list[RenderableType] = [head, Padding(line, (0, 0, 0, 4), expand=False),
                                  Padding(procs, (0, 0, 0, 4), expand=False)]
    for t in p["targets"]:
        rows.append(Padding(target_text(t, view, lang), (0, 0, 0, 6), expand=False))
    return Group(*rows)


def pending_text(pending: dict[str, Any], lang: str) -> Text:
    """The viewer's own choice not yet revealed (only ever shown to that seat)."""
    out = Text(_(lang, "Tu elección secreta: ", "Your secret choice: "), style="bold magenta")
    if "made" in pending:
        made = products_text(pending["made"], lang)
        left = pending["left"]
        rest = ", ".join(f"{v}×{ptype_word(x, lang)}" for x, v in left.items() if v) or "—"
        out.append(_(lang, f"fabricado {made}; te quedan {rest}",
                     f"made {made}; left {rest}"))
    elif "resource" in pending:
        res = res_name(pending["resource"], lang) if pending["resource"] else "—"
        out.append(_(lang, f"recurso {res}", f"resource {res}"))
        if pending.get("repay"):
            out.append(_(lang, "; devuelves el crédito", "; you repay the credit"))
    elif "keep" in pending:
        keep = prod_name(pending["keep"], lang) if pending["keep"] else "—"
        out.append(_(lang, f"conservas {keep}", f"you keep {keep}"))
    return out


def tutorial_panel(view: dict[str, Any], lang: str) -> RenderableType | None:
    if not view.get("tutorial"):
        return None
    text = Text()
    expl = (view.get("explanation") or {}).get(lang)
    text.append(expl or _(lang, "(sin explicación en este paso)", "(no explanation here)"))
    cons = [c for c in view.get("constraints") or () if c in CONSTRAINTS]
    if cons:
        text.append(_(lang, "\nEl tutorial pide: ", "\nThe tutorial asks: "), style="bold")
        text.append("; ".join(_(lang, *CONSTRAINTS[c]) for c in cons))
    checks = view.get("checkpoints") or []
    if checks:
        text.append(_(lang, "\nControles: ", "\nChecks: "), style="bold")
        for i, (cid, ok) in enumerate(checks):
            if i:
                text.append(" ")
            text.append(f"{cid} {'✔' if ok else '✘'}", style="green" if ok else "bold red")
    title = _(lang, f"Tutorial · Período {view['period']} de {view['periods']}",
              f"Tutorial · Period {view['period']} of {view['periods']}")
    if view.get("tutorial_step"):
        title += f" · {view['tutorial_step']}"
    return Panel(text, title=title, title_align="left", border_style="bold cyan", expand=True)


def tutorial_event(event: Event, lang: str) -> RenderableType | None:
    """An explanation (boxed) or a checkpoint (✔ / ✘), or None for other events."""
    d = event.data
    if event.kind == "explain":
        title = _(lang, f"Tutorial · {d.get('step', '')}", f"Tutorial · {d.get('step', '')}")
        return Panel(Text(d["text_es"] if lang == "es" else d["text_en"]), title=title,
                     title_align="left", border_style="cyan", expand=False)
    if event.kind == "tutorial-control":
        ok = bool(d.get("ok"))
        text = d["text_es"] if lang == "es" else d["text_en"]
        mark = "✔" if ok else "✘"
        verdict = _(lang, "correcto", "ok") if ok else _(lang, "NO se cumple", "NOT met")
        out = Text(f"{mark} " + _(lang, f"Control {d['id']}: ", f"Check {d['id']}: "),
                   style="bold green" if ok else "bold red")
        out.append(text)
        out.append(f" — {verdict}", style="bold green" if ok else "bold red")
        return out
    return None


# ----- actions ---------------------------------------------------------------------------------
def english_form(text: str) -> str:
    """``fabricar-mp`` → ``fabricar-mp (make-raw)``; ``ubicar 4`` → ``ubicar 4 (place 4)``."""
    name, _sp, arg = text.partition(" ")
    alias = EN_NAMES.get(name)
    if alias is None or alias == name:
        return text
    return f"{text} ({alias}{' ' + arg if arg else ''})"


def _target(view: dict[str, Any], seat: int, n: int | None) -> dict[str, Any] | None:
    for t in view["players"][seat]["targets"]:
        if t["n"] == n:
            return t
    return None


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


def action_meaning(view: dict[str, Any], action: Action, seat: int, lang: str) -> Text:
    name, arg = action.name, action.arg
    p = view["players"][seat]
    out = Text()

    def add(es: str, en: str, style: str = "") -> None:
        out.append(_(lang, es, en), style=style)

    if name == A.PLACE:
        sq = next((x for x in view["squares"] if x["index"] == arg), None)
        spec = C.squares[arg] if arg is not None else None
        if spec is not None:
            benefit = square_benefit(spec, lang)
            if spec.subsidy >= 0 and sq is not None:
                benefit += _(lang, f" (ahora {view['subsidies'][spec.subsidy]} D)",
                             f" (now {view['subsidies'][spec.subsidy]} M)")
            add(f"casilla {spec.id} del Distrito {spec.district}: {benefit}",
                f"square {spec.id} of District {spec.district}: {benefit}")
    elif name == A.IGNORE:
        add("ignorar el suceso de este Período: no te afecta",
            "ignore this Period's event: it does not affect you")
    elif name == A.ACCEPT:
        add("aceptar el suceso de este Período", "accept this Period's event")
    elif name in A.CHOOSE:
        r = RES[A.CHOOSE.index(name)]
        step = view["step"]
        if step == "d6-credito-subsidio":
            q = p["square"]
            spec = SQUARE_BY_ID.get(q) if q else None
            money = view["subsidies"][spec.subsidy] if spec and spec.subsidy >= 0 else 0
            add(f"recibir 1 {res_name(r, lang)} del subsidio (y los {money} D de tu casilla)",
                f"take 1 {res_name(r, lang)} from the subsidy (and the {money} M on your "
                "square)")
        elif step == "d2-devolver":
            add(f"recibir 1 {res_name(r, lang)} del reembolso",
                f"take 1 {res_name(r, lang)} of the refund")
        else:
            kind = next((c["kind"] for c in view.get("choices") or () if c["seat"] == seat),
                        None)
            if kind == 0:
                add(f"devolver 1 {res_name(r, lang)} a la caja (suceso)",
                    f"return 1 {res_name(r, lang)} to the box (event)")
            elif kind == 1:
                add(f"recibir 1 {res_name(r, lang)} (suceso)",
                    f"take 1 {res_name(r, lang)} (event)")
            else:
                add(f"elegir {res_name(r, lang)} (suceso)", f"choose {res_name(r, lang)} (event)")
    elif name in A.DISCARD:
        t = PROD[A.DISCARD.index(name)]
        add(f"devolver 1 {prod_name(t, lang)} a la caja (suceso)",
            f"return 1 {prod_name(t, lang)} to the box (event)")
    elif name in A.KEEP:
        t = PROD[A.KEEP.index(name)]
        lost = sum(p["hand"].values()) - 1
        add(f"conservar 1 {prod_name(t, lang)}; los otros {lost} vuelven a la caja",
            f"keep 1 {prod_name(t, lang)}; the other {lost} go back to the box")
    elif name == A.DONE:
        done_meaning(view, seat, lang, add)
    elif name in (A.DEACTIVATE, A.RETURN, A.ACTIVATE, A.REINFORCE, A.OUTSOURCE) or \
            name in A.IDEA or name in A.REPLACE:
        target_meaning(view, action, seat, lang, add)
    elif name in A.LAB:
        x = PTYPE[A.LAB.index(name)]
        add(f"tu Laboratorio da el Proceso {ptype_word(x, lang)} este Período",
            f"your Laboratory gives process {ptype_word(x, lang)} this Period")
    elif name in A.EXCHANGE:
        r1, r2, r3 = A.EXCHANGES[A.EXCHANGE.index(name)]
        paid = amounts([int(r1 == r) + int(r2 == r) for r in range(3)], lang)
        add(f"pagar {paid}, recibir 1 {res_abbr(RES[r3], lang)}",
            f"pay {paid}, take 1 {res_abbr(RES[r3], lang)}")
    elif name in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
        card = _offer_card(view, arg)
        if card is not None:
            cname = card.name if lang == "es" else card.name_en
            deck = deck_name(card.deck, lang)
            if name == A.INVEST_CREDIT:
                add(f"comprar {cname} ({deck}) a crédito: no pagas (acabar con la carta "
                    "cuesta 1 Idea)", f"buy {cname} ({deck}) on credit: pay nothing (ending "
                    "with the card costs 1 Idea)")
            else:
                only = 1 if name == A.INVEST_D else 2 if name == A.INVEST_E else None
                cost = _discounted(card, view, seat, only)
                add(f"comprar {cname} ({deck}) pagando {amounts(cost, lang)}",
                    f"buy {cname} ({deck}) paying {amounts(cost, lang)}")
                if cost != list(card.cost):
                    add(" (con descuento)", " (discounted)", "green")
    elif name in A.MAKE:
        t = A.MAKE.index(name)
        plan = C.plans[C.plan_index[p["plan"]]]
        procs = next((pr for x, pr in plan.recipes if x == t), ())
        recipe = "+".join(ptype_word(x, lang) for x in procs)
        add(f"fabricar 1 {prod_name(PROD[t], lang)} con {recipe}",
            f"make 1 {prod_name(PROD[t], lang)} from {recipe}")
    elif name in A.BUY or name in A.BUY_CREDIT:
        credit = name in A.BUY_CREDIT
        t = (A.BUY_CREDIT if credit else A.BUY).index(name)
        tn = prod_name(PROD[t], lang)
        if credit:
            add(f"comprar 1 {tn} del mercado a crédito (acabar con la carta cuesta 1 Idea)",
                f"buy 1 {tn} from the market on credit (ending with the card costs 1 Idea)")
        else:
            price = view["modifiers"]["market_price"][seat]
            spec = SQUARE_BY_ID.get(p["square"]) if p["square"] else None
            if spec is not None and spec.benefit == "purchase_discount" and \
                    not p["period"]["d5_discount_used"]:
                price = max(0, price - spec.amount)
            add(f"comprar 1 {tn} del mercado por {price} D", f"buy 1 {tn} from the market for "
                f"{price} M")
    elif name in A.IMPORT:
        t = A.IMPORT.index(name)
        price = view["modifiers"]["import_price"][seat]
        spec = SQUARE_BY_ID.get(p["square"]) if p["square"] else None
        if spec is not None and spec.benefit == "purchase_discount" and \
                not p["period"]["d5_discount_used"]:
            price = max(0, price - spec.amount)
        add(f"importar 1 {prod_name(PROD[t], lang)} por {price} D (no hay en el mercado)",
            f"import 1 {prod_name(PROD[t], lang)} for {price} M (none in the market)")
    elif name in A.BUY_SHOP:
        t = A.BUY_SHOP.index(name)
        owner = view["players"][arg]["name"] if arg is not None and \
            arg < len(view["players"]) else "?"
        add(f"comprar 1 {prod_name(PROD[t], lang)} de la Tienda virtual de {owner} por 3 D",
            f"buy 1 {prod_name(PROD[t], lang)} from {owner}'s Online shop for 3 M")
    elif name in A.SELL_D or name in A.SELL_E:
        money = name in A.SELL_D
        t = (A.SELL_D if money else A.SELL_E).index(name)
        gain = C.sale_amount + view["modifiers"]["sale_bonus"][seat]
        r = "d" if money else "e"
        add(f"vender 1 {prod_name(PROD[t], lang)} al mercado: +{gain} {res_abbr(r, lang)}",
            f"sell 1 {prod_name(PROD[t], lang)} to the market: +{gain} {res_abbr(r, lang)}")
        if view["market"][PROD[t]] + 1 >= C.export_at:
            add(" — ¡exportación!", " — export!", "bold")
    elif name in A.SHOP:
        t = A.SHOP.index(name)
        add(f"poner 1 {prod_name(PROD[t], lang)} en tu Tienda virtual",
            f"put 1 {prod_name(PROD[t], lang)} on your Online shop")
    elif name == A.REPAY:
        add(f"devolver tu carta de crédito pagando {C.repay_cost} D (evita perder 1 Idea)",
            f"repay your credit card with {C.repay_cost} M (avoids losing 1 Idea)")
    elif name == A.INNOVATE:
        add("cambiar 1 MP + 1 BC + 1 SV por 1 Idea Innovadora (1 punto)",
            "trade 1 raw + 1 goods + 1 service for 1 Innovative Idea (1 point)")
    return out


def done_meaning(view: dict[str, Any], seat: int, lang: str, add: Any) -> None:
    step = view["step"]
    if step == "d4-fabricar":
        add("terminar de fabricar (los Procesos sobrantes se pierden)",
            "stop manufacturing (processes left over are lost)")
    elif step == "d6-credito-subsidio":
        if view["players"][seat]["credit"]:
            add("no devolver el crédito y terminar", "do not repay the credit; finish")
        else:
            add("confirmar tu elección (se revela cuando todos hayan decidido)",
                "confirm your choice (revealed once everyone has decided)")
    elif step == "d2-activar":
        add("terminar de activar (lo que quede a medias devuelve sus fichas)",
            "finish activating (half-filled targets give their tokens back)")
    else:
        words = STEP_SHORT.get(step)
        add(f"pasar: terminar tu turno ({words[0] if words else step})",
            f"pass: end your turn ({words[1] if words else step})")


def target_meaning(view: dict[str, Any], action: Action, seat: int, lang: str,
                   add: Any) -> None:
    name, n = action.name, action.arg
    t = _target(view, seat, n)
    if t is None:
        return
    label = target_label(t, lang)
    if name == A.DEACTIVATE:
        back = [0, 0, 0]
        ideas = 0
        for sp in t["spaces"]:
            if sp["token"] == "idea":
                ideas += 1
            elif sp["token"] is not None:
                back[RES.index(sp["token"])] += 1
        text = amounts(back, lang)
        if ideas:
            text = (text + " + " if text != "—" else "") + f"{ideas} Idea{'s' if ideas > 1 else ''}"
        add(f"desactivar {label}: vuelven {text}", f"deactivate {label}: back come {text}")
    elif name == A.RETURN:
        card = cards_of(view).get(t["id"])
        refund = card.refund if card else "?"
        kinds = "/".join(res_abbr(RES[r], lang) for r in range(3) if card and card.cost[r])
        add(f"devolver {label} a la caja: reembolso {refund} ({kinds})",
            f"return {label} to the box: refund {refund} ({kinds})")
    elif name == A.ACTIVATE:
        need = [0, 0, 0]
        required = t["spaces"] if t["kind"] == "proceso" else t["spaces"][:t["min_tokens"]]
        for sp in required:
            if sp["token"] is None:
                need[RES.index(sp["type"])] += 1
        add(f"activar {label} poniendo {amounts(need, lang)}",
            f"activate {label} placing {amounts(need, lang)}")
        if t["kind"] == "inversion":
            card = cards_of(view).get(t["id"])
            if card is not None:
                add(" — " + effect_text(card, lang), " — " + effect_text(card, lang), "dim")
        else:
            add(f" → Proceso {ptype_word(t['process'], lang)}",
                f" → process {ptype_word(t['process'], lang)}", "dim")
    elif name == A.REINFORCE:
        nxt = next((sp["type"] for sp in t["spaces"][t["min_tokens"]:] if sp["token"] is None),
                   None)
        what = res_abbr(nxt, lang) if nxt else "?"
        add(f"poner 1 {what} más en {label}", f"put 1 more {what} on {label}")
    elif name in A.IDEA:
        r = RES[A.IDEA.index(name)]
        add(f"poner una Idea en una casilla {res_abbr(r, lang)} de {label}",
            f"put an Idea on a {res_abbr(r, lang)} space of {label}")
    elif name in A.REPLACE:
        r = RES[A.REPLACE.index(name)]
        add(f"cambiar 1 {res_abbr(r, lang)} de {label} por una Idea (el "
            f"{res_abbr(r, lang)} vuelve)", f"replace 1 {res_abbr(r, lang)} on {label} with an "
            f"Idea (the {res_abbr(r, lang)} comes back)")
    elif name == A.OUTSOURCE:
        add(f"activar {label} mediante Externalización, sin fichas",
            f"activate {label} through Outsourcing, without tokens")


def secret_entry(entry: Entry) -> bool:
    """Whether this action was a simultaneous choice (it emitted the seat's "decidido")."""
    return any(e.kind == "decidido" and e.data.get("player") == entry.seat
               for e in entry.events)


# ----- the end ---------------------------------------------------------------------------------
def tie_break_lines(game: Game, details: dict[str, Any], ranking: Sequence[int],
                    scores: Sequence[int], lang: str) -> list[Text]:
    """For each pair of neighbours in the ranking with equal points, what separated them."""
    res = details.get("resources") or []
    liq = details.get("liquidation") or []
    out = []
    for a, b in zip(ranking, ranking[1:], strict=False):
        if scores[a] != scores[b] or not res or not liq:
            continue
        na, nb = game.names[a], game.names[b]
        if res[a] != res[b]:
            out.append(Text(_(lang, f"{na} y {nb} empatan a {scores[a]} punto(s): decide el "
                                    f"desempate 1, recursos ({res[a]} contra {res[b]}).",
                              f"{na} and {nb} tie on {scores[a]} point(s): tie-break 1, "
                              f"resources, decides ({res[a]} to {res[b]}).")))
        elif liq[a] != liq[b]:
            out.append(Text(_(lang, f"{na} y {nb} empatan a {scores[a]} punto(s) y {res[a]} "
                                    f"recursos: decide el desempate 2, recursos + Productos + "
                                    f"inversiones liquidadas ({liq[a]} contra {liq[b]}).",
                              f"{na} and {nb} tie on {scores[a]} point(s) and {res[a]} "
                              f"resources: tie-break 2, resources + Products + liquidated "
                              f"investments, decides ({liq[a]} to {liq[b]}).")))
        else:
            out.append(Text(_(lang, f"{na} y {nb} empatan también en los desempates: "
                                    "comparten el puesto.",
                              f"{na} and {nb} also tie on the tie-breaks: they share the "
                              "place.")))
    return out


# ----- the renderer ----------------------------------------------------------------------------
class ElplanRenderer(GameRenderer):
    """The screen of «El Plan: tú decides»."""

    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"Período {view['period']} de {view['periods']}",
                   f"Period {view['period']} of {view['periods']}")]
        if view["phase"] == "oportunidad":
            parts.append(_(lang, "Oportunidad", "Opportunity"))
        elif view["phase"] == "resumen":
            parts.append(_(lang, "Resumen", "Summary"))
        elif view.get("district"):
            d = view["district"]
            parts.append(_(lang, f"Distrito {d} ({district_name(d, lang)})",
                           f"District {d} ({district_name(d, lang)})"))
        if view.get("tutorial"):
            parts.append("tutorial")
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        view = game.view(seat)
        parts: list[RenderableType] = []
        panel = tutorial_panel(view, lang)
        if panel is not None:
            parts.append(panel)
        parts += [route_text(view, lang), Text(), squares_text(view, lang), Text(),
                  event_text(view, lang), Text(), offers_text(view, lang), Text(),
                  market_text(view, lang), Text()]
        legend = Text(_(lang, "Jugadores", "Players"), style="bold")
        legend.append(_(lang, "  (★ Momento Cero · casillas: E ficha puesta, ·E vacía, ★ Idea · "
                              "Procesos: ", "  (★ Momento Cero · spaces: E token placed, ·E "
                              "empty, ★ Idea · processes: ") + ptype_legend(lang) + ")",
                      style="dim")
        parts.append(legend)
        for p in view["players"]:
            parts.append(player_block(view, p, lang, labels, seat))
        return Group(*parts)

    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        if viewer is not None and viewer != entry.seat and not game.is_over and \
                secret_entry(entry):
            words = _(lang, "(elección secreta)", "(secret choice)")
        else:
            words = entry.text if lang == "es" else english_form(entry.text)
        first = Text.assemble((prefix, "dim"), name, " ▸ ", (words, "bold"))
        lines: list[RenderableType] = [first]
        for event in entry.events:
            lines.append(Padding(self.event_renderable(game, event, lang), (0, 0, 0, indent),
                                 expand=False))
        return lines

    def event_renderable(self, game: Game, event: Event, lang: str) -> RenderableType:
        special = tutorial_event(event, lang)
        if special is not None:
            return special
        style = {"fin": "bold green", "suceso": "bold", "periodo": "bold underline",
                 "innovar": "bold yellow", "exportar": "bold", "penalizacion-credito": "red",
                 "distrito": "bold"}.get(event.kind, "")
        return Text(game.describe(event, lang), style=style)

    def opening_lines(self, game: Game, lang: str) -> list[RenderableType]:
        return [Padding(self.event_renderable(game, e, lang), (0, 0, 0, 4), expand=False)
                for e in game.opening_events]

    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for i, action in enumerate(legal, 1):
            words = str(action) if lang == "es" else english_form(str(action))
            table.add_row(f"{i}.", words, action_meaning(view, action, seat, lang))
        return table

    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        result = game.result
        if result is None:
            return []
        details = result.details or {}
        n = game.n_players
        ideas = details.get("ideas") or [0] * n
        trios = details.get("trios") or [0] * n
        penalty = details.get("penalty") or [False] * n
        res = details.get("resources") or [None] * n
        liq = details.get("liquidation") or [None] * n
        places = details.get("places")
        view = game.view(None)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                      title=tr(lang, "result_title"), title_justify="left", title_style="bold")
        table.add_column(tr(lang, "h_place"), justify="right")
        table.add_column(tr(lang, "h_player"), no_wrap=True)
        table.add_column(_(lang, "puntos", "points"), justify="right")
        table.add_column(_(lang, "Ideas", "Ideas"), justify="right")
        table.add_column(_(lang, "tríos", "trios"), justify="right")
        table.add_column(_(lang, "crédito", "credit"), justify="center")
        table.add_column(_(lang, "desemp. 1\nrecursos", "tie-break 1\nresources"),
                         justify="right")
        table.add_column(_(lang, "desemp. 2\nliquidación", "tie-break 2\nliquidation"),
                         justify="right")
        table.add_column("")
        place, previous = 0, None
        for i, s in enumerate(result.ranking):
            key = (result.scores[s], res[s], liq[s])
            if key != previous:
                place, previous = i + 1, key
            if places:
                place = places[s]
            name = who(view, s, lang)
            if labels[s]:
                name.append(f" ({labels[s]})", style="dim")
            credit = Text(_(lang, "−1 Idea", "−1 Idea"), style="red") if penalty[s] else \
                Text(_(lang, "carta, sin Idea", "card, no Idea") if view["players"][s]["credit"]
                     else "—", style="dim")
            table.add_row(f"{place}.", name, Text(str(result.scores[s]), style="bold"),
                          str(ideas[s]), str(trios[s]), credit,
                          "" if res[s] is None else str(res[s]),
                          "" if liq[s] is None else str(liq[s]),
                          Text(tr(lang, "winner"), style="bold green")
                          if s in result.winners else "")
        lines: list[RenderableType] = [table]
        if result.reason == "tutorial":
            lines.append(Text(_(lang, "Fin del tutorial tras el Período 5: los puntos son las "
                                      "Ideas Innovadoras (sin tríos ni penalización).",
                                "End of the tutorial after Period 5: the points are the "
                                "Innovative Ideas (no trios, no penalty)."), style="bold"))
        elif result.reason == "fin":
            lines.append(Text(_(lang, f"Fin de la partida tras el Período "
                                      f"{details.get('periods', C.full_periods)}: puntos = "
                                      "Ideas + tríos de inversiones activas (una de cada mazo); "
                                      "quien acaba con carta de crédito pierde una Idea.",
                                f"Game over after Period {details.get('periods', C.full_periods)}:"
                                " points = Ideas + trios of active investments (one from each "
                                "deck); ending with a credit card costs an Idea."),
                              style="bold"))
        else:
            lines.append(Text(tr(lang, "reason_other", reason=result.reason), style="bold"))
        lines += tie_break_lines(game, details, result.ranking, result.scores, lang)
        if result.winners:
            names = tr(lang, "and").join(game.names[w] for w in result.winners)
            key = "winners_line" if len(result.winners) == 1 else "winners_tie"
            lines.append(Text(tr(lang, key, names=names), style="bold green"))
        lines.append(Text(_(lang, "Desempates: 1) recursos (ociosos y puestos); 2) liquidación = "
                                  "recursos + Productos (mano y Tienda) + inversiones liquidadas "
                                  "(máx(1, coste − 1)).",
                            "Tie-breaks: 1) resources (idle and placed); 2) liquidation = "
                            "resources + Products (hand and shop) + liquidated investments "
                            "(max(1, cost − 1))."),
                          style="dim"))
        return lines

    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        first = next((e.data["mc"] for e in game.opening_events
                      if e.kind == "preparacion" and "mc" in e.data), view["mc"])
        name = game.names[first]
        text = _(lang, f"Momento Cero lo tiene {name} (opción first_player={first}, no hay "
                       "sorteo): decide primero en cada Período y la ficha pasa a la izquierda.",
                 f"{name} holds Momento Cero (option first_player={first}, no draw): they decide "
                 "first each Period and the token passes left.")
        if view.get("tutorial"):
            text += _(lang, " Tutorial guiado: 5 Períodos; los Distritos se suman Período a "
                            "Período.", " Guided tutorial: 5 Periods; the Districts join "
                            "Period by Period.")
        if game.to_move and game.to_move[0] != first:
            text += _(lang, f" La primera decisión es de {game.names[game.to_move[0]]}.",
                      f" The first decision is {game.names[game.to_move[0]]}'s.")
        return escape(text)

    def secret(self, game: Game, seat: int) -> bool:
        return game.view(seat)["step"] in SIMULTANEOUS_STEPS


RENDERER = ElplanRenderer()
