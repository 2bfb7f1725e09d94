"""The players on the El Plan screen: each one's plan card, idle resources, Ideas, Products,
Online shop, credit card, processes, Opportunity square and targets (Plan processes and
investments), in a full block or a line or two when the terminal is small. The viewer's own
secret choice is shown to that seat only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ..messages import tr
from .words import (
    PROD,
    PTYPE,
    RES,
    SQUARE_BY_ID,
    C,
    _,
    cards_of,
    deck_name,
    effect_text,
    prod_abbr,
    prod_name,
    products_text,
    ptype_legend,
    ptype_word,
    res_abbr,
    res_name,
    who,
)


def legend(lang: str) -> Text:
    out = Text(_(lang, "Jugadores", "Players"), style="bold")
    out.append(_(lang, "  (★ Momento Cero · casillas: E ficha puesta, ·E vacía, ★ Idea · "
                       "Procesos: ", "  (★ Momento Cero · spaces: E token placed, ·E empty, "
                       "★ Idea · processes: ") + ptype_legend(lang) + ")", style="dim")
    return out


# ----- targets -----------------------------------------------------------------------------------
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


def _state_words(target: dict[str, Any], view: dict[str, Any], lang: str,
                 full: bool) -> Text:
    out = Text()
    masc = target["kind"] == "proceso"
    if not target["active"]:
        out.append(_(lang, "inactivo" if masc else "inactiva", "inactive"), style="dim")
        if masc:
            out.append(f" ({ptype_word(target['process'], lang)})", style="dim")
        return out
    out.append(_(lang, "activo" if masc else "activa", "active"), style="green")
    procs = target.get("processes")
    if procs:
        out.append(" → " + "+".join(ptype_word(x, lang) for x in procs))
    elif target["kind"] == "inversion" and full:
        card = cards_of(view).get(target["id"])
        if card is not None and card.kind != "processes":
            out.append(" → " + effect_text(card, lang), style="dim")
    return out


def target_text(target: dict[str, Any], view: dict[str, Any], lang: str,
                full: bool = True) -> Text:
    out = Text(target_label(target, lang), style="bold")
    if target["kind"] == "inversion" and full:
        out.append(f" ({deck_name(target['deck'], lang)})", style="dim")
    out.append(" ")
    if target["spaces"]:
        out.append_text(spaces_text(target, lang))
        out.append(" ")
    out.append_text(_state_words(target, view, lang, full))
    if target.get("pick"):
        out.append(_(lang, f" (elige {ptype_word(target['pick'], lang)})",
                     f" (picks {ptype_word(target['pick'], lang)})"))
    if target.get("named"):
        out.append(_(lang, " (nombrada por Externalización)", " (named by Outsourcing)"),
                   style="cyan")
    return out


# ----- the parts of a player ---------------------------------------------------------------------
def plan_text(p: dict[str, Any], lang: str, with_name: bool = True) -> str:
    """``Plan MP-1 Huerta orgánica: MP←A+B · BC←A+B+C · sin SV``."""
    plan = C.plans[C.plan_index[p["plan"]]]
    name = (plan.name if lang == "es" else plan.name_en) if with_name else ""
    recipes = " · ".join(
        f"{prod_abbr(PROD[t], lang)}←" + "+".join(ptype_word(x, lang) for x in procs)
        for t, procs in plan.recipes)
    head = f"Plan {plan.id} {name}".rstrip()
    return _(lang, f"{head}: {recipes} · sin {prod_abbr(p['cannot_make'], lang)}",
             f"{head}: {recipes} · no {prod_abbr(p['cannot_make'], lang)}")


def processes_now(p: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    """The seat's process tokens: the D4 pool while manufacturing, else what its active targets
    give (plus the D4 square's extra one)."""
    if isinstance(p.get("processes"), dict):
        counts = [p["processes"].get(x, 0) for x in PTYPE]
    else:
        counts = [0, 0, 0, 0]
        for t in p["targets"]:
            for x in (t.get("processes") or ()) if t["active"] else ():
                counts[PTYPE.index(x)] += 1
        if p["square"] is not None and SQUARE_BY_ID[p["square"]].benefit == "extra_process":
            counts[3] += 1
    parts = [f"{k}×{ptype_word(i, lang)}" if k > 1 else ptype_word(i, lang)
             for i, k in enumerate(counts) if k]
    return ", ".join(parts) or "—"


def name_text(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
              viewer: int | None, short: bool = False) -> Text:
    """``★ Ana (tú) Momento Cero  ◀ decide`` (``short``: ``★ Ana (tú) ◀``)."""
    s = p["seat"]
    head = Text("★ " if p["mc"] else "  ", style="bold yellow")
    head.append_text(who(view, s, lang))
    if labels[s]:
        head.append(f" ({labels[s]})", style="dim")
    elif s == viewer:
        head.append(f" ({tr(lang, 'you')})", style="dim")
    if p["mc"] and not short:
        head.append(" Momento Cero", style="yellow")
    if s in (view.get("to_move") or ()):
        head.append(" ◀" if short else _(lang, "  ◀ decide", "  ◀ to move"), style="bold")
    elif p.get("decides") and p.get("done"):
        head.append(" ✔" if short else _(lang, "  (ya decidió)", "  (has decided)"),
                    style="dim")
    return head


def holdings_text(p: dict[str, Any], lang: str, short: bool = False) -> Text:
    """``Recursos: 1 CH · 2 D · 1 E   Ideas: 0   Productos: —   Crédito: no``."""
    gap = " · " if short else "   "
    line = Text("" if short else _(lang, "Recursos: ", "Resources: "), style="bold")
    line.append(" · ".join(f"{p['idle'][r]} {res_abbr(r, lang)}" for r in RES))
    line.append(gap + _(lang, "Ideas: ", "Ideas: "), style="bold")
    line.append(str(p["ideas"]), style="bold yellow" if p["ideas"] else "")
    if p["ideas_idle"] and p["ideas_idle"] != p["ideas"]:
        line.append(_(lang, f" ({p['ideas_idle']} libres)", f" ({p['ideas_idle']} idle)"),
                    style="dim")
    elif p["ideas_idle"] and not short:
        line.append(_(lang, " (libres)", " (idle)"), style="dim")
    if p.get("trios"):
        line.append(_(lang, f" + {p['trios']} trío(s)", f" + {p['trios']} trio(s)"),
                    style="bold yellow")
    line.append(gap + _(lang, "Productos: ", "Products: "), style="bold")
    line.append(products_text(p["hand"], lang))
    if any(p["tienda"].values()):
        line.append(gap + _(lang, "Tienda: ", "Shop: "), style="bold")
        line.append(products_text(p["tienda"], lang))
    line.append(gap + _(lang, "Crédito: ", "Credit: "), style="bold")
    yes = _(lang, "sí", "yes") if short else _(lang, "sí (−1 Idea al final)",
                                               "yes (−1 Idea at the end)")
    line.append(yes if p["credit"] else _(lang, "no", "no"),
                style="red" if p["credit"] else "dim")
    return line


def processes_text(p: dict[str, Any], view: dict[str, Any], lang: str,
                   viewer: int | None) -> Text:
    """``Procesos: A, B, *   Casilla de Oportunidad: D4   Tu elección secreta: …``."""
    out = Text(_(lang, "Procesos: ", "Processes: "), style="bold")
    out.append(processes_now(p, view, lang))
    if p["square"] is not None:
        out.append(_(lang, "   Casilla: ", "   Square: "), style="bold")
        out.append(p["square"])
    pending = p.get("pending") if p["seat"] == viewer else None
    if pending:
        out.append("   ")
        out.append_text(pending_text(pending, lang))
    return out


def pending_text(pending: dict[str, Any], lang: str) -> Text:
    """The viewer's own choice not yet revealed (only ever shown to that seat)."""
    out = Text(_(lang, "Tu elección secreta: ", "Your secret choice: "), style="bold magenta")
    if "made" in pending:
        made = products_text(pending["made"], lang)
        rest = ", ".join(f"{v}×{ptype_word(x, lang)}" for x, v in pending["left"].items()
                         if v) or "—"
        out.append(_(lang, f"fabricado {made}; te quedan {rest}", f"made {made}; left {rest}"))
    elif "resource" in pending:
        res = res_name(pending["resource"], lang) if pending["resource"] else "—"
        out.append(_(lang, f"recurso {res}", f"resource {res}"))
        if pending.get("repay"):
            out.append(_(lang, "; devuelves el crédito", "; you repay the credit"))
    elif "keep" in pending:
        keep = prod_name(pending["keep"], lang) if pending["keep"] else "—"
        out.append(_(lang, f"conservas {keep}", f"you keep {keep}"))
    return out


def targets_line(p: dict[str, Any], view: dict[str, Any], lang: str) -> Text:
    """All targets on one (wrapping) line, separated by `` · ``."""
    out = Text()
    for i, t in enumerate(p["targets"]):
        if i:
            out.append(" · ", style="dim")
        out.append_text(target_text(t, view, lang, full=False))
    return out


# ----- a whole player ----------------------------------------------------------------------------
def player_block(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
                 viewer: int | None) -> Group:
    """Name and plan, holdings, processes, and one line per target."""
    head = name_text(view, p, lang, labels, viewer)
    head.append("   ")
    head.append(plan_text(p, lang), style="dim")
    rows: list[RenderableType] = [
        head, Padding(holdings_text(p, lang), (0, 0, 0, 4), expand=False),
        Padding(processes_text(p, view, lang, viewer), (0, 0, 0, 4), expand=False)]
    rows += [Padding(target_text(t, view, lang), (0, 0, 0, 6), expand=False)
             for t in p["targets"]]
    return Group(*rows)


def player_medium(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
                  viewer: int | None) -> Group:
    """Name and plan, holdings, processes, and the targets on one wrapping line."""
    head = name_text(view, p, lang, labels, viewer)
    head.append(" · ")
    head.append(plan_text(p, lang, with_name=False), style="dim")
    rows: list[RenderableType] = [head, holdings_text(p, lang, short=True),
                                  processes_text(p, view, lang, viewer)]
    if p["targets"]:
        rows.append(targets_line(p, view, lang))
    return Group(*rows)


def player_short(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
                 viewer: int | None) -> Group:
    """Two lines: name and holdings; processes, square and the secret choice."""
    head = name_text(view, p, lang, labels, viewer, short=True)
    head.append(" ")
    head.append_text(holdings_text(p, lang, short=True))
    return Group(head, processes_text(p, view, lang, viewer))


def player_line(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
                viewer: int | None) -> Text:
    """One line for another player: ``greedy (bot) 1 CH · 2 D · 1 E · Ideas 0 · MP 1 · 3A``."""
    out = name_text(view, p, lang, labels, viewer, short=True)
    out.append(" " + " · ".join(f"{p['idle'][r]} {res_abbr(r, lang)}" for r in RES))
    out.append(f" · Ideas {p['ideas']}", style="bold yellow" if p["ideas"] else "")
    if any(p["hand"].values()):
        out.append(" · " + products_text(p["hand"], lang))
    if p["credit"]:
        out.append(_(lang, " · crédito", " · credit"), style="red")
    if p["square"] is not None:
        out.append(f" · {p['square']}", style="dim")
    return out
