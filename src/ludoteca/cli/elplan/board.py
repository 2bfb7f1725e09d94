"""The El Plan board on the screen: the route through the seven Districts, the Opportunity
squares, the event of the Period, the investment offers and the market, each in a full form
and in shorter ones for a small terminal (see ``layout``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .words import (
    CATEGORY,
    PROD,
    SQUARE_BY_ID,
    STEP_SHORT,
    C,
    _,
    amounts,
    card_name,
    cards_of,
    deck_name,
    district_name,
    effect_text,
    offer_handle,
    prod_abbr,
    prod_name,
    shorten,
    square_benefit,
    who,
)


# ----- the route ---------------------------------------------------------------------------------
def districts_in_play(view: dict[str, Any]) -> tuple[set[int], bool]:
    """The Districts of this Period and whether it has an Opportunity phase (tutorial script)."""
    if view.get("tutorial"):
        tp = C.tut_periods.get(view["period"])
        if tp is not None:
            return set(tp.districts), tp.opportunity
    return set(range(1, 8)), True


def _stops(view: dict[str, Any], lang: str, names: bool) -> list[tuple[str, bool, bool]]:
    """(label, played this Period, the route token is here) for each stop of the route."""
    present, opportunity = districts_in_play(view)
    phase, current = view["phase"], view.get("district")
    stops = [(_(lang, "Oportunidad", "Opportunity"), opportunity, phase == "oportunidad")]
    for d in range(1, 8):
        active = phase == "recorrido" and current == d
        label = f"{d} {district_name(d, lang)}" if names or active else str(d)
        stops.append((label, d in present, active))
    stops.append((_(lang, "Resumen", "Summary"), True, phase == "resumen"))
    return stops


def _route_line(view: dict[str, Any], lang: str, names: bool) -> Text:
    out = Text()
    for i, (label, here, active) in enumerate(_stops(view, lang, names)):
        if i:
            out.append(" › ", style="dim")
        if active:
            out.append(f"▶ {label}", style="bold reverse")
        elif here:
            out.append(label)
        else:
            out.append(f"({label})", style="dim")
    return out


def _step_words(view: dict[str, Any], lang: str) -> str | None:
    step = view.get("step")
    if step in STEP_SHORT and view["phase"] != "fin":
        return _(lang, *STEP_SHORT[step])
    return None


def route_text(view: dict[str, Any], lang: str) -> Text:
    """``Recorrido: Oportunidad › 1 Sucesos › [▶ 2 Administración] › …`` (route token ▶)."""
    present, opportunity = districts_in_play(view)
    out = Text(_(lang, "Recorrido: ", "Route: "), style="bold")
    out.append_text(_route_line(view, lang, names=True))
    step = _step_words(view, lang)
    if step:
        out.append(_(lang, "\nAhora: ", "\nNow: "), style="bold")
        out.append(step)
    if not opportunity or len(present) < 7:
        out.append(_(lang, "   (entre paréntesis: no se juega en este Período del tutorial)",
                     "   (in brackets: not played in this tutorial Period)"), style="dim")
    return out


def route_compact(view: dict[str, Any], lang: str) -> Text:
    """One line: the route with only the current District named, and the step now."""
    out = _route_line(view, lang, names=False)
    step = _step_words(view, lang)
    if step:
        out.append(_(lang, " · ahora: ", " · now: "), style="bold")
        out.append(step)
    return out


# ----- the Opportunity squares -------------------------------------------------------------------
def _square_state(view: dict[str, Any], sq: dict[str, Any], lang: str, short: bool) -> Text:
    if sq["seat"] is not None:
        return who(view, sq["seat"], lang)
    if not sq["usable"]:
        spec = SQUARE_BY_ID[sq["id"]]
        words = _(lang, "cerrada", "closed") if short else \
            _(lang, f"cerrada (pide {spec.min_market_types} tipos en el mercado)",
              f"closed (needs {spec.min_market_types} types in the market)")
        return Text(words, style="dim")
    return Text(_(lang, "libre", "free"), style="dim")


def _benefit(view: dict[str, Any], spec: Any, lang: str) -> str:
    if spec.subsidy >= 0:
        money = view["subsidies"][spec.subsidy]
        return _(lang, f"1 recurso + {money} D", f"1 resource + {money} M")
    return square_benefit(spec, lang)


def squares_text(view: dict[str, Any], lang: str) -> RenderableType:
    """The Opportunity squares by District, with their benefit, who is on them and the Dinero
    on the subsidy squares."""
    title = Text(_(lang, "Casillas de Oportunidad", "Opportunity squares"), style="bold")
    if not districts_in_play(view)[1]:
        title.append(_(lang, ": no se usan en este Período del tutorial",
                       ": not used in this tutorial Period"), style="dim")
        return title
    title.append(_(lang, " (se ubica con el nombre: ubicar D4)", " (place by name: place D4)"),
                 style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    by_district: dict[int, list[dict[str, Any]]] = {}
    for sq in view["squares"]:
        by_district.setdefault(SQUARE_BY_ID[sq["id"]].district, []).append(sq)
    for d in sorted(by_district):
        line = Text()
        for i, sq in enumerate(by_district[d]):
            if i:
                line.append(" · ", style="dim")
            line.append(sq["id"], style="bold")
            line.append(f" {_benefit(view, SQUARE_BY_ID[sq['id']], lang)}: ")
            line.append_text(_square_state(view, sq, lang, short=False))
        grid.add_row(f"  D{d}", line)
    return Group(title, grid)


def squares_compact(view: dict[str, Any], lang: str) -> Text | None:
    """One line or two: who is on each square (``D2-1 Bea · 3A libre · …``)."""
    if not districts_in_play(view)[1]:
        return None
    out = Text(_(lang, "Casillas: ", "Squares: "), style="bold")
    for i, sq in enumerate(view["squares"]):
        if i:
            out.append(" · ", style="dim")
        out.append(sq["id"] + " ")
        out.append_text(_square_state(view, sq, lang, short=True))
    return out


# ----- the event ---------------------------------------------------------------------------------
def _event_head(view: dict[str, Any], lang: str, label: str) -> tuple[Text, Any]:
    out = Text(label, style="bold")
    cur = view["events"].get("current")
    if cur is None:
        out.append(_(lang, "aún no se ha volteado", "not turned over yet"), style="dim")
        return out, None
    e = C.events[C.event_index[cur]]
    es, en, style = CATEGORY.get(e.category, (e.category, e.category, ""))
    out.append(_(lang, f"n.º {e.number} «{e.name}»", f"no. {e.number} “{e.name_en}”"),
               style="bold")
    out.append(f" ({_(lang, es, en)})", style=style)
    return out, e


def event_text(view: dict[str, Any], lang: str) -> Text:
    ev = view["events"]
    out, e = _event_head(view, lang, _(lang, "Suceso del Período: ", "Event of the Period: "))
    if e is not None:
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


def event_compact(view: dict[str, Any], lang: str, width: int, lines: int) -> Text:
    """The event in ``lines`` lines at most: its name, then as much of its text as fits."""
    out, e = _event_head(view, lang, _(lang, "Suceso: ", "Event: "))
    mods = modifier_lines(view, lang)
    if e is not None and lines > 1:
        room = lines * width - len(out.plain) - 6 * lines
        out.append(" — " + shorten(_(lang, e.text, e.text_en), max(10, room)))
    elif mods:
        out.append(" · " + " · ".join(mods), style="yellow")
    return out


def modifier_lines(view: dict[str, Any], lang: str) -> list[str]:
    """This Period's changes made by the event, in words (nothing when all is as usual)."""
    m = view.get("modifiers") or {}
    names = [p["name"] for p in view["players"]]

    def seats_where(values: list[Any], normal: Any) -> dict[Any, str]:
        groups: dict[Any, list[str]] = {}
        for s, v in enumerate(values):
            if v != normal:
                groups.setdefault(v, []).append(names[s])
        return {k: ", ".join(v) for k, v in groups.items()}

    out = [_(lang, f"mercado a {p} D para {w}", f"market at {p} M for {w}")
           for p, w in seats_where(m.get("market_price", []), C.buy_price).items()]
    out += [_(lang, f"importar a {p} D para {w}", f"imports at {p} M for {w}")
            for p, w in seats_where(m.get("import_price", []), C.import_price).items()]
    out += [_(lang, f"sin importar: {w}", f"no imports: {w}")
            for _v, w in seats_where(m.get("no_imports", []), False).items()]
    out += [_(lang, f"+{b} por venta para {w}", f"+{b} per sale for {w}")
            for b, w in seats_where(m.get("sale_bonus", []), 0).items()]
    if m.get("export_subsidy", C.export_subsidy) != C.export_subsidy:
        out.append(_(lang, f"cada exportación pone {m['export_subsidy']} D en los subsidios",
                     f"each export puts {m['export_subsidy']} M on the subsidies"))
    return out


# ----- the investment offers ---------------------------------------------------------------------
def _offers(view: dict[str, Any], deck: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in deck["offers"] if o is not None]


def _offer_line(view: dict[str, Any], o: dict[str, Any], lang: str, full: bool) -> Text:
    card = cards_of(view).get(o["card"])
    line = Text(offer_handle(o["slot"], lang) + " ", style="bold")
    line.append(card_name(o["card"], lang, view), style="bold")
    line.append(" · " + (amounts(card.cost, lang) if card else "?"))
    if o["age"] and not full:
        line.append(_(lang, " · girada", " · rotated"), style="yellow")
    elif full:
        line.append(_(lang, " · nueva (coste al borde)", " · fresh (cost at the edge)")
                    if o["age"] == 0 else
                    _(lang, " · girada (efecto al borde; se va en el Resumen)",
                      " · rotated (effect at the edge; leaves at the Summary)"),
                    style="dim" if o["age"] == 0 else "yellow")
    if card is not None:
        marks = ("▶ " if card.play else "") + \
            (_(lang, "viene activa; ", "comes active; ") if card.comes_active else "")
        line.append(" — " + marks + effect_text(card, lang), style="" if full else "dim")
    return line


def _offers_title(view: dict[str, Any], lang: str) -> Text:
    title = Text(_(lang, "Ofertas de inversión", "Investment offers"), style="bold")
    if not view.get("decks_live"):
        title.append(_(lang, ": los mazos aún no están en juego",
                       ": the decks are not in play yet"), style="dim")
    return title


def offers_text(view: dict[str, Any], lang: str) -> RenderableType:
    """The offers of the three decks: mazo-número (as typed), card, cost, which side touches the
    board edge (fresh: the cost; rotated: the effect, and it leaves at the next Summary) and
    effect."""
    title = _offers_title(view, lang)
    if not view.get("decks_live"):
        return title
    title.append(_(lang, " (se invierte con mazo-número: invertir tecnología-1; ▶ se puede "
                         "activar al comprarla)", " (invest by deck-number: invest "
                         "technology-1; ▶ may be activated when bought)"), style="dim")
    rows: list[RenderableType] = [title]
    for deck in view["decks"]:
        head = Text(f"  {deck_name(deck['deck'], lang)}", style="bold")
        head.append(_(lang, f" ({deck['face_down']} boca abajo, {len(deck['under'])} debajo)",
                      f" ({deck['face_down']} face down, {len(deck['under'])} under)"),
                    style="dim")
        rows.append(head)
        offers = _offers(view, deck)
        if not offers:
            rows.append(Padding(Text(_(lang, "(sin ofertas)", "(no offers)"), style="dim"),
                                (0, 0, 0, 4), expand=False))
        rows += [Padding(_offer_line(view, o, lang, full=True), (0, 0, 0, 4), expand=False)
                 for o in offers]
    return Group(*rows)


def offers_lines(view: dict[str, Any], lang: str) -> RenderableType:
    """One line per offer: ``tecnología-1 Informática · 1 D + 1 E — effect``."""
    if not view.get("decks_live"):
        return _offers_title(view, lang)
    rows = [_offer_line(view, o, lang, full=False)
            for deck in view["decks"] for o in _offers(view, deck)]
    return Group(*rows) if rows else Text(_(lang, "Ofertas: ninguna", "Offers: none"))


def offers_by_deck(view: dict[str, Any], lang: str) -> RenderableType:
    """One line per deck: ``Tecnología: 1 Informática (1 D + 1 E) · 2 Laboratorio (2 E)``."""
    if not view.get("decks_live"):
        return _offers_title(view, lang)
    rows = []
    for deck in view["decks"]:
        line = Text(deck_name(deck["deck"], lang) + ":", style="bold")
        for i, o in enumerate(_offers(view, deck)):
            card = cards_of(view).get(o["card"])
            line.append(" · " if i else " ")
            line.append(f"{o['slot'] % 3 + 1}", style="bold")
            line.append(f" {card_name(o['card'], lang, view)} "
                        f"({amounts(card.cost, lang) if card else '?'})")
        rows.append(line)
    return Group(*rows)


# ----- the market --------------------------------------------------------------------------------
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


def market_compact(view: dict[str, Any], lang: str) -> Text:
    """One line: ``Mercado MP 0 · BC 2 · SV 0 · Subsidios 1/0/0 D · Créditos 6``."""
    out = Text(_(lang, "Mercado ", "Market "), style="bold")
    out.append(" · ".join(f"{prod_abbr(t, lang)} {view['market'][t]}" for t in PROD))
    out.append(_(lang, " · Subsidios ", " · Subsidies "), style="bold")
    out.append("/".join(str(v) for v in view["subsidies"]) + _(lang, " D", " M"))
    out.append(_(lang, f" · Créditos {view['credit_supply']}",
                 f" · Credit cards {view['credit_supply']}"), style="dim")
    return out
