"""The players: a table of points, income, pollution, garbage and holdings (another seat's coins
and science are never shown: the view does not hold them), what each holds besides, the
Maintenance or Production step, the scoring cards and the piles; in full or in short lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ludoteca.cli.messages import tr

from .common import (
    _,
    current,
    fit_parts,
    flow,
    gauge,
    land_words,
    short_who,
    signed,
    tech_name,
    who,
    xy,
    yields,
)
from .tech import card_title, card_words


def _name_cell(view: dict[str, Any], s: int, lang: str, labels: Sequence[str],
               viewer: int | None) -> Text:
    name = who(view, s, lang)
    if labels[s]:
        name.append(f" ({labels[s]})", style="dim")
    elif s == viewer:
        name.append(f" ({tr(lang, 'you')})", style="dim")
    if s == view.get("sp"):
        name.append(" ★", style="bold")
    return name


def players_table(view: dict[str, Any], lang: str, labels: Sequence[str],
                  viewer: int | None) -> Table:
    """One row a seat: points, income, pollution on its track, garbage, clean tiles, holdings."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  collapse_padding=True)
    table.add_column("")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(_(lang, "PV", "VP"), justify="right")
    table.add_column(_(lang, "ingresos", "income"), no_wrap=True)
    table.add_column(_(lang, "contaminación", "pollution"), no_wrap=True)
    for head in (_(lang, "basura", "garbage"), _(lang, "limpias", "clean"),
                 _(lang, "monedas", "coins"), _(lang, "ciencia", "science")):
        table.add_column(head, justify="right")
    to_move = set(view.get("to_move") or ())
    hidden = Text(_(lang, "secreto", "secret"), style="dim")
    for p in view["players"]:
        s = p["seat"]
        inc = p["income"]
        pol = Text(f"{signed(p['pollution']):>2} ")
        pol.append_text(gauge(p["pollution"]))
        table.add_row("▶" if s in to_move else "", _name_cell(view, s, lang, labels, viewer),
                      str(p["score"]), yields(inc["coins"], inc["science"], inc["vp"], lang),
                      pol, str(p["garbage"]), str(p["clean_tiles"]),
                      str(p["coins"]) if "coins" in p else hidden,
                      str(p["science"]) if "science" in p else hidden)
    return table


def _techs(p: dict[str, Any], lang: str, short: bool = False) -> str:
    out = []
    for t in p["technologies"]:
        text = t["id"] if short else tech_name(t["id"], lang)
        if t.get("used") and current().TECH_BY_ID[t["id"]].use == "once":
            text += _(lang, " (usada)", " (used)")
        out.append(text)
    return ", ".join(out) or "—"


def _pending(p: dict[str, Any], lang: str) -> list[str]:
    pend = [_(lang, f"{q['tile']} ({'con' if q['citizen'] else 'sin'} ciudadano, "
                    f"{q['garbage']} basura)",
              f"{q['tile']} ({'with' if q['citizen'] else 'no'} citizen, "
              f"{q['garbage']} garbage)") for q in p["pending_land"]]
    return pend + [_(lang, f"institución {t}", f"institution {t}")
                   for t in p["pending_institutions"]]


def player_details(view: dict[str, Any], lang: str) -> list[Text]:
    """Per seat, what the table does not show: technologies, pending tiles, set-aside garbage,
    bridges in hand, citizens in reserve."""
    out = []
    for p in view["players"]:
        line = who(view, p["seat"], lang)
        line.append(": ")
        parts = [_(lang, "tecnologías ", "technologies ") + _techs(p, lang)]
        pend = _pending(p, lang)
        if pend:
            parts.append(_(lang, "por colocar ", "to place ") + ", ".join(pend))
        if p["set_aside_garbage"]:
            parts.append(_(lang, f"basura apartada {p['set_aside_garbage']}",
                           f"garbage set aside {p['set_aside_garbage']}"))
        if p["bridges_held"]:
            parts.append(_(lang, f"puentes en mano {p['bridges_held']}",
                           f"bridges in hand {p['bridges_held']}"))
        parts.append(_(lang, f"ciudadanos en reserva {p['citizens_supply']}",
                       f"citizens in reserve {p['citizens_supply']}"))
        line.append(" · ".join(parts))
        out.append(line)
    return out


# ----- short lines -------------------------------------------------------------------------------
def seat_parts(view: dict[str, Any], p: dict[str, Any], lang: str) -> list[Text]:
    """A seat in short words: points, holdings (own only), income, pollution, garbage…"""
    inc = p["income"]
    parts = [Text(f"{p['score']} " + _(lang, "PV", "VP"), style="bold")]
    if "coins" in p:
        parts.append(Text(_(lang, f"{p['coins']} monedas", f"{p['coins']} coins"),
                          style="bold"))
        parts.append(Text(_(lang, f"{p['science']} de ciencia", f"{p['science']} science"),
                          style="bold"))
    parts.append(Text(_(lang, "ingresos ", "income ") +
                      yields(inc["coins"], inc["science"], inc["vp"], lang)))
    parts.append(Text(_(lang, "contaminación ", "pollution ") + signed(p["pollution"])))
    parts.append(Text(_(lang, f"basura {p['garbage']}", f"garbage {p['garbage']}")))
    parts.append(Text(_(lang, f"limpias {p['clean_tiles']}", f"clean {p['clean_tiles']}")))
    parts.append(Text(_(lang, "tecn. ", "tech ") + _techs(p, lang, short=True)))
    pend = [q["tile"] for q in p["pending_land"]] + list(p["pending_institutions"])
    if pend:
        parts.append(Text(_(lang, "por colocar ", "to place ") + " ".join(pend)))
    return parts


def seat_line(view: dict[str, Any], s: int, seat: int | None, lang: str, width: int,
              lines: int = 1) -> list[Text]:
    """``▶ Ana (rojo) ★ (tú): 3 PV · 12 monedas · …`` over ``lines`` lines, whole parts only."""
    p = view["players"][s]
    head = Text("▶ " if s in (view.get("to_move") or ()) else "  ")
    head.append_text(who(view, s, lang) if s == seat else short_who(view, s))
    if s == view.get("sp"):
        head.append(" ★", style="bold")
    if s == seat:
        head.append(_(lang, " (tú)", " (you)"), style="dim")
    head.append(": ")
    return flow(head, seat_parts(view, p, lang), width, lines)


# ----- the step, the cards, the piles ------------------------------------------------------------
def _maintenance_parts(view: dict[str, Any], m: dict[str, Any], lang: str) -> list[Text]:
    parts = []
    sel = m.get("selected")
    if sel and "tile" in sel:
        part = Text(_(lang, "en mano: ", "in hand: "))
        part.append(land_words(sel["tile"], lang), style="bold")
        part.append(_(lang, f" ({'con' if sel['citizen'] else 'sin'} ciudadano, "
                            f"{sel['garbage']} basura)",
                      f" ({'with' if sel['citizen'] else 'no'} citizen, "
                      f"{sel['garbage']} garbage)"))
        parts.append(part)
    elif sel:
        parts.append(Text(_(lang, "en mano: ", "in hand: ")).append(tech_name(sel["tech"], lang),
                                                                    style="bold"))
    if m.get("cell") is not None:
        parts.append(Text(_(lang, f"colocada en {xy(m['cell'])}", f"placed at {xy(m['cell'])}")))
    if m.get("extra_garbage"):
        parts.append(Text(_(lang, f"basura sobrante {m['extra_garbage']}",
                            f"extra garbage {m['extra_garbage']}")))
    if m.get("tech"):
        parts.append(Text(_(lang, f"usando {tech_name(m['tech'], lang)} (quedan {m['left']})",
                            f"using {tech_name(m['tech'], lang)} ({m['left']} left)")))
    if m.get("lifted"):
        parts.append(Text(_(lang, f"ciudadano levantado de {m['lifted']}",
                            f"citizen lifted from {m['lifted']}")))
    return parts


def step_lines(view: dict[str, Any], lang: str, width: int | None = None) -> list[Text]:
    """The Maintenance or Production in progress (one line each; cut to ``width`` if given)."""
    out = []
    m = view.get("maintenance")
    if m:
        head = Text(_(lang, "Mantenimiento de ", "Maintenance of "), style="bold")
        head.append_text(who(view, m["player"], lang))
        head.append(_(lang, f", paso {m['step']}", f", step {m['step']}"))
        parts = _maintenance_parts(view, m, lang)
        if parts:
            head.append(" · ")
        out.append(fit_parts(head, parts, width or 10_000))
    pr = view.get("production")
    if pr:
        line = Text(_(lang, "Producción de ", "Production of "), style="bold")
        line.append_text(who(view, pr["player"], lang))
        line.append(_(lang, f": reciclaje en la red {', '.join(pr['tiles'])}, capacidad "
                            f"restante {pr['capacity_left']}",
                      f": recycling in the network {', '.join(pr['tiles'])}, capacity left "
                      f"{pr['capacity_left']}"))
        out.append(line)
    return out


def cards_line(view: dict[str, Any], lang: str, width: int | None = None) -> Text:
    """The scoring cards: in full, or (with ``width``) their names only."""
    line = Text(_(lang, "Tarjetas de puntuación: ", "Scoring cards: "), style="bold")
    ids = [c for c in view["scoring_cards"].values() if c]
    if not ids:
        line.append(_(lang, "ninguna (variante sin tarjetas)", "none (variant without cards)"))
        return line
    if width is None:
        line.append(" · ".join(card_words(c, lang) for c in ids))
        return line
    parts = [Text(f"{r} {card_title(c, lang)}") for r, c in view["scoring_cards"].items() if c]
    return fit_parts(line, parts, width)


def piles_line(view: dict[str, Any], lang: str) -> Text:
    piles = view["piles"]
    rest = Text(_(lang, "Quedan: tierras ", "Left: land "), style="dim")
    rest.append(", ".join(f"{k} {v}" for k, v in piles["land"].items()), style="dim")
    rest.append(_(lang, " · tecnologías ", " · technologies "), style="dim")
    rest.append(", ".join(f"{k} {v}" for k, v in piles["tech"].items()), style="dim")
    cats, bridges = piles["catastrophes"], view["bridges_supply"]
    rest.append(_(lang, f" · catástrofes {cats} · puentes {bridges}",
                  f" · catastrophes {cats} · bridges {bridges}"), style="dim")
    return rest


def general_lines(view: dict[str, Any], lang: str) -> list[Text]:
    return [cards_line(view, lang), piles_line(view, lang)]


def details_short(view: dict[str, Any], seat: int, lang: str, width: int) -> list[Text]:
    """The viewer's own pieces aside: set-aside garbage, bridges, citizens in reserve."""
    p = view["players"][seat]
    parts = []
    if p["set_aside_garbage"]:
        parts.append(Text(_(lang, f"basura apartada {p['set_aside_garbage']}",
                            f"garbage set aside {p['set_aside_garbage']}")))
    if p["bridges_held"]:
        parts.append(Text(_(lang, f"puentes en mano {p['bridges_held']}",
                            f"bridges in hand {p['bridges_held']}")))
    parts.append(Text(_(lang, f"ciudadanos en reserva {p['citizens_supply']}",
                        f"citizens in reserve {p['citizens_supply']}")))
    return [fit_parts(Text("  "), parts, width)]
