"""The map of Catalonia: the 37 cells in the layout's rows and columns, in three sizes (two
lines a cell with blank lines between the rows, two lines a cell without them, one line a cell),
the legend, and what a Spain event's refill left face down."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .common import SYMBOLS, _, flag_name, flag_tag, flow, initial, short_name, tables

ROW_LABEL = 3                     # "r0 "
MAX_CELL = 17                     # the widest a cell gets


def cell_width(view: dict[str, Any], width: int, least: int = 8) -> int:
    """The width of a cell so that the map's columns fit ``width``."""
    cols = 1 + max(c["c"] for c in view["cells"])
    return max(least, min(MAX_CELL, (width - ROW_LABEL - (cols - 1)) // cols))


def citizens_at(view: dict[str, Any]) -> dict[int, list[int]]:
    """Cell → the seats whose citizen stands there."""
    here: dict[int, list[int]] = {}
    for s, cell in enumerate(view["citizens"]):
        here.setdefault(cell, []).append(s)
    return here


def deal_of(view: dict[str, Any]) -> dict[int, int]:
    """Face-down cell → the deal that put its card there (0 = the setup; SOM-12.8)."""
    return {c: d["deal"] for d in view.get("deals", ()) for c in d["cells"]}


def _grid(view: dict[str, Any]) -> tuple[int, int, dict[tuple[int, int], dict[str, Any]]]:
    cells = view["cells"]
    rows = 1 + max(c["r"] for c in cells)
    cols = 1 + max(c["c"] for c in cells)
    return rows, cols, {(c["r"], c["c"]): c for c in cells}


# ----- two lines a cell ----------------------------------------------------------------------
def map_renderable(view: dict[str, Any], lang: str, width: int,
                   targets: frozenset[int] = frozenset(), spaced: bool = True) -> Text:
    """The 37 cells in their rows and columns, 2 lines a cell (a blank line between rows when
    ``spaced``), a column header on top; at most ``width`` columns wide."""
    rows, cols, at = _grid(view)
    cw = cell_width(view, width)
    here, deals = citizens_at(view), deal_of(view)
    out = Text()
    head = Text(" " * ROW_LABEL)
    for col in range(cols):
        head.append(f"c{col}".center(cw), style="dim")
        if col < cols - 1:
            head.append(" ")
    head.rstrip()
    out.append_text(head)
    out.append("\n")
    for r in range(rows):
        lines = [Text(f"r{r} ", style="dim"), Text(" " * ROW_LABEL)]
        for col in range(cols):
            a, b = _cell_lines(view, at.get((r, col)), lang, cw, here, targets, deals)
            lines[0].append_text(a)
            lines[1].append_text(b)
            if col < cols - 1:
                lines[0].append(" ")
                lines[1].append(" ")
        for line in lines:
            line.rstrip()
            out.append_text(line)
            out.append("\n")
        if spaced and r < rows - 1:
            out.append("\n")
    out.rstrip()
    return out


def _cell_lines(view: dict[str, Any], cell: dict[str, Any] | None, lang: str, cw: int,
                here: dict[int, list[int]], targets: frozenset[int],
                deals: dict[int, int]) -> tuple[Text, Text]:
    """Line 1: the card's short name (or ░ face down, or "(vacía)"); line 2: a → when the
    citizen may move there, the cell number, the flag tag, the citizens and the symbol."""
    if cell is None:                                   # not part of Catalonia
        return Text(" " * cw), Text(" " * cw)
    n = cell["cell"]
    target = n in targets
    second = Text.assemble(("→" if target else " ", "bold green"),
                           (f"{n:>2}", "bold green" if target else "dim"))
    state = cell["estado"]
    if state == "oculta":
        deal = deals.get(n, 0)
        first = Text("░" * cw if not deal else f" {deal} ".center(cw, "░"), style="grey50")
    elif state == "vacia":
        word = f"({_(lang, 'vacía', 'empty')})"
        first = Text(word.center(cw) if len(word) <= cw else " " * cw, style="dim")
    else:
        card = cell["card"]
        first = Text(short_name(card, lang, cw, tables(view)).ljust(cw),
                     style="bold" if card["id"] == "CN" else "")
        second.append(" ")
        second.append_text(flag_tag(card["flag"], lang))
        people = Text(" ")
        for s in here.get(n, []):
            people.append_text(initial(view["players"][s]["colour"], lang))
        symbol = SYMBOLS.get(card.get("symbol", ""), "")
        room = cw - len(second) - len(symbol) - 1
        if len(people) > room:
            people.truncate(room)
        second.append_text(people)
        second.append(" " * (cw - len(second) - len(symbol)))
        second.append(symbol, style="bold")
    second.append(" " * (cw - len(second)))
    return first, second


# ----- one line a cell -----------------------------------------------------------------------
def compact_map(view: dict[str, Any], lang: str, width: int,
                targets: frozenset[int] = frozenset()) -> Text:
    """One line a row: each cell as ``→15C€ RL`` (may go there, number, flag, symbol,
    citizens), ``░`` face down, ``·`` empty; the card's short name when there is room."""
    rows, cols, at = _grid(view)
    cw = cell_width(view, width, least=6)
    here, deals = citizens_at(view), deal_of(view)
    out = Text()
    for r in range(rows):
        line = Text(f"r{r} ", style="dim")
        for col in range(cols):
            line.append_text(_compact_cell(view, at.get((r, col)), lang, cw, here, targets,
                                           deals))
            if col < cols - 1:
                line.append(" ")
        line.rstrip()
        out.append_text(line)
        if r < rows - 1:
            out.append("\n")
    return out


def _compact_cell(view: dict[str, Any], cell: dict[str, Any] | None, lang: str, cw: int,
                  here: dict[int, list[int]], targets: frozenset[int],
                  deals: dict[int, int]) -> Text:
    if cell is None:
        return Text(" " * cw)
    n = cell["cell"]
    target = n in targets
    out = Text.assemble(("→" if target else " ", "bold green"),
                        (f"{n:>2}", "bold green" if target else "dim"))
    state = cell["estado"]
    if state == "oculta":
        deal = deals.get(n, 0)
        room = cw - len(out)
        out.append("░" * room if not deal else f"░{deal}░".ljust(room, "░")[:room],
                   style="grey50")
    elif state == "vacia":
        out.append(" ·", style="dim")
    else:
        card = cell["card"]
        out.append_text(flag_tag(card["flag"], lang))
        symbol = SYMBOLS.get(card.get("symbol", ""), "")
        out.append(symbol or " ", style="bold")
        people = here.get(n, [])
        for s in people[:max(0, cw - len(out))]:
            out.append_text(initial(view["players"][s]["colour"], lang))
        room = cw - len(out) - 1
        name = short_name(card, lang, room, tables(view)) if room >= 3 else ""
        if name:
            out.append(" " + name, style="bold" if card["id"] == "CN" else "")
    out.append(" " * max(0, cw - len(out)))
    return out


# ----- legend and refills --------------------------------------------------------------------
def legend_pieces(view: dict[str, Any], lang: str) -> list[Text]:
    """The legend's items: flags, marks, symbols and citizens."""
    pieces = []
    for flag in ("catalunya", "mon", "urna", "espanya"):
        pieces.append(Text.assemble(flag_tag(flag, lang), (" " + flag_name(flag, lang), "dim")))
    for es, en in (("░ boca abajo", "░ face down"), ("→ puedes ir", "→ you may go"),
                   ("€ capacidad económica", "€ economic capacity"),
                   ("% capacidad impositiva", "% tax capacity"),
                   ("V sufragio universal", "V universal suffrage")):
        pieces.append(Text(_(lang, es, en), style="dim"))
    citizens = Text(_(lang, "ciudadanos ", "citizens "), style="dim")
    for i, p in enumerate(view["players"]):
        if i:
            citizens.append(" ")
        citizens.append_text(initial(p["colour"], lang))
    pieces.append(citizens)
    return pieces


def legend(view: dict[str, Any], lang: str, width: int = 100) -> Text:
    """Flags, marks, symbols and citizens, in words, with a heading (breaks between items)."""
    pieces = legend_pieces(view, lang)
    pieces[0] = Text.assemble((_(lang, "Banderas: ", "Flags: "), "bold dim"), pieces[0])
    pieces[4] = Text(_(lang, "░ boca abajo (░ 2 ░: del 2.º reparto tras España)",
                       "░ face down (░ 2 ░: from the 2nd refill after Spain)"), style="dim")
    return flow(pieces, width)


def legend_compact(view: dict[str, Any], lang: str, width: int) -> Text:
    """The legend in a line or two."""
    return flow(legend_pieces(view, lang), width)


def deals_line(view: dict[str, Any], lang: str) -> Text | None:
    """What is still face down, deal by deal, once a Spain event has refilled the map: the
    refilled cells hold only the cards it collected (public, so shown, SOM-12.8)."""
    deals = view.get("deals") or []
    if not any(d["deal"] for d in deals):
        return None
    out = Text(_(lang, "Boca abajo: ", "Face down: "), style="bold")
    for i, d in enumerate(deals):
        if i:
            out.append(" · ")
        what = _(lang, "del reparto inicial" if not d["deal"] else f"del reparto {d['deal']}",
                 "from the setup" if not d["deal"] else f"from refill {d['deal']}")
        out.append(f"{len(d['cells'])} {what} (")
        out.append(", ".join(f"{k} {flag_name(f, lang)}" for f, k in d["flags"].items() if k))
        out.append(")")
    return out
