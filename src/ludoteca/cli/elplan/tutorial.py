"""The guided tutorial on the El Plan screen: the step's explanation (boxed, or folded to a line
or two when the terminal is small), what the tutorial asks, the checkpoints, and the tutorial's
events in the log."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from ludoteca.core.events import Event

from .words import _, shorten

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


def explanation(view: dict[str, Any], lang: str) -> str:
    expl = (view.get("explanation") or {}).get(lang)
    return expl or _(lang, "(sin explicación en este paso)", "(no explanation here)")


def asks_text(view: dict[str, Any], lang: str) -> str:
    cons = [c for c in view.get("constraints") or () if c in CONSTRAINTS]
    return "; ".join(_(lang, *CONSTRAINTS[c]) for c in cons)


def checks_text(view: dict[str, Any], lang: str, label: bool = True) -> Text:
    out = Text()
    checks = view.get("checkpoints") or []
    if checks and label:
        out.append(_(lang, "Controles: ", "Checks: "), style="bold")
    for i, (cid, ok) in enumerate(checks):
        if i:
            out.append(" ")
        out.append(f"{cid} {'✔' if ok else '✘'}", style="green" if ok else "bold red")
    return out


def panel_title(view: dict[str, Any], lang: str) -> str:
    title = _(lang, f"Tutorial · Período {view['period']} de {view['periods']}",
              f"Tutorial · Period {view['period']} of {view['periods']}")
    if view.get("tutorial_step"):
        title += f" · {view['tutorial_step']}"
    return title


def tutorial_panel(view: dict[str, Any], lang: str) -> RenderableType | None:
    """The whole explanation of the step in a box, with what is asked and the checkpoints."""
    if not view.get("tutorial"):
        return None
    text = Text(explanation(view, lang))
    asks = asks_text(view, lang)
    if asks:
        text.append(_(lang, "\nEl tutorial pide: ", "\nThe tutorial asks: "), style="bold")
        text.append(asks)
    checks = checks_text(view, lang)
    if checks.plain:
        text.append("\n")
        text.append_text(checks)
    return Panel(text, title=panel_title(view, lang), title_align="left",
                 border_style="bold cyan", expand=True)


def tutorial_folded(view: dict[str, Any], lang: str, width: int,
                    lines: int) -> RenderableType | None:
    """The explanation folded to about ``lines`` lines of ``width`` columns: the start of the
    text (cut between words, `` …``), what is asked and the checkpoints."""
    if not view.get("tutorial"):
        return None
    head = Text(f"{view.get('tutorial_step') or 'Tutorial'}: ", style="bold cyan")
    tail = Text()
    asks = asks_text(view, lang)
    if asks and lines > 1:
        tail.append(_(lang, " · pide: ", " · asks: "), style="bold")
        tail.append(asks)
    checks = checks_text(view, lang, label=False)
    if checks.plain and lines > 1:
        tail.append(" · ")
        tail.append_text(checks)
    room = max(12, lines * width - len(head.plain) - len(tail.plain) - 4 * lines)
    head.append(shorten(explanation(view, lang), room))
    head.append_text(tail)
    return head


def tutorial_event(event: Event, lang: str) -> RenderableType | None:
    """An explanation (boxed) or a checkpoint (✔ / ✘), or None for other events."""
    d = event.data
    if event.kind == "explain":
        return Panel(Text(d["text_es"] if lang == "es" else d["text_en"]),
                     title=f"Tutorial · {d.get('step', '')}", title_align="left",
                     border_style="cyan", expand=False)
    if event.kind == "tutorial-control":
        ok = bool(d.get("ok"))
        text = d["text_es"] if lang == "es" else d["text_en"]
        verdict = _(lang, "correcto", "ok") if ok else _(lang, "NO se cumple", "NOT met")
        style = "bold green" if ok else "bold red"
        out = Text(f"{'✔' if ok else '✘'} " + _(lang, f"Control {d['id']}: ",
                                                 f"Check {d['id']}: "), style=style)
        out.append(text)
        out.append(f" — {verdict}", style=style)
        return out
    return None
