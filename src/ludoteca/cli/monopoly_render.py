"""The board of the Monopoly-family games (Qytetet, Civitas) on the terminal: the 20 squares as
a table (index, name, price, rent, owner, buildings, mortgage, who is there) when there is room,
or as a compact ring of a few lines (index, short name, owner and buildings, pawns), and the
players as a table or in a line or two.

One name per square per language, the one the events use (``name`` / ``name_en``); the ring's
short names are words of that same name, never cut in the middle of a word.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ludoteca.core.game import Game
from ludoteca.core.money import format_money
from ludoteca.games.monopoly.content import SQUARE_LABEL, SQUARE_LABEL_EN
from ludoteca.games.monopoly.text import board_name

from .messages import tr

SEAT_STYLES = ("cyan", "magenta", "yellow", "green", "blue", "red")
# words a street's short name leaves out (the kind of street and the articles)
GENERIC = frozenset({
    "calle", "plaza", "paseo", "avenida", "cuesta", "ronda", "callejón", "de", "del", "la",
    "las", "los", "el", "street", "square", "avenue", "walk", "hill", "road", "promenade",
    "alley", "ring", "the", "of"})


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def money(amount: Any, lang: str, signed: bool = False) -> str:
    """An exact amount for people: ``1.250 €`` / ``€1,250``; ``signed`` adds a ``+``."""
    value = Decimal(str(amount))
    text = format_money(value, lang)
    return "+" + text if signed and value > 0 else text


def is_board_view(view: dict[str, Any]) -> bool:
    return isinstance(view.get("squares"), list) and isinstance(view.get("players"), list)


def square_name(square: dict[str, Any], lang: str) -> str:
    """The square's name in ``lang``, as the events say it (a street's ``name`` or
    ``name_en``; the type's label for the other squares)."""
    kind = str(square.get("type", ""))
    label = (SQUARE_LABEL if lang == "es" else SQUARE_LABEL_EN).get(kind, kind)
    return str(square.get("name_en" if lang == "en" else "name") or label)


def short_square_name(square: dict[str, Any], lang: str, room: int) -> str:
    """The square's name in at most ``room`` columns: a street by its distinctive words
    ("Olivo" for "Calle del Olivo"), another square by its name or else its type; "" when
    nothing fits."""
    name = square_name(square, lang)
    if square.get("type") != "CALLE":
        kind = str(square.get("type", ""))
        label = (SQUARE_LABEL if lang == "es" else SQUARE_LABEL_EN).get(kind, kind)
        return next((t for t in (name, label) if len(t) <= room), "")
    words = name.replace(",", "").split()
    keep = [w for w in words if w.lower() not in GENERIC] or words[-1:]
    for k in range(len(keep), 0, -1):
        text = " ".join(keep[:k])
        if len(text) <= room:
            return text
    return keep[-1] if len(keep[-1]) <= room else ""


def marks(view: dict[str, Any]) -> list[str]:
    """One letter a player: the name's initial when they all differ, else A, B, C…"""
    initials = [(p["name"][:1] or "?").upper() for p in view["players"]]
    if len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + p["seat"]) for p in view["players"]]


def _player_text(view: dict[str, Any], seat: int | None) -> Text:
    if seat is None:
        return Text("—", style="dim")
    return Text(view["players"][seat]["name"], style=seat_style(seat))


# ----- the full board --------------------------------------------------------------------------
def board_table(view: dict[str, Any], lang: str, width: int = 100) -> Table:
    """The 20 squares: index, name or type, price, rent, owner, buildings, mortgage, who.

    Narrower than 100 columns the price column is left out (the buy action shows it)."""
    with_price = width >= 100
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  title=tr(lang, "board_title",
                           board=escape(board_name(str(view.get("board", "")), lang))),
                  title_justify="left", title_style="bold")
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column(tr(lang, "h_square"), no_wrap=True, overflow="ellipsis",
                     max_width=max(10, width - (74 if with_price else 64)))
    for key in ("h_price", "h_rent") if with_price else ("h_rent",):
        table.add_column(tr(lang, key), justify="right", no_wrap=True)
    table.add_column(tr(lang, "h_owner"), no_wrap=True, overflow="ellipsis", min_width=5)
    for key in ("h_houses", "h_hotels"):
        table.add_column(tr(lang, key), justify="right", no_wrap=True, overflow="ellipsis")
    table.add_column(tr(lang, "h_mortgaged"), justify="center", no_wrap=True,
                     overflow="ellipsis")
    table.add_column(tr(lang, "h_here"), min_width=8)
    here: dict[int, list[Text]] = {}
    for p in view["players"]:
        label = Text(p["name"], style="bold " + seat_style(p["seat"]))
        if p["in_jail"]:
            label.append(f" ({tr(lang, 'in_jail')})", style="red")
        here.setdefault(p["position"], []).append(label)
    current_pos = _current_position(view)
    for sq in view["squares"]:
        i = sq["index"]
        who = Text(", ").join(here.get(i, []))
        if sq["type"] == "CALLE":
            owner = sq.get("owner")
            row = [Text(square_name(sq, lang))] + (
                [money(sq["purchase_price"], lang)] if with_price else []) + [
                money(sq["rent"], lang), _player_text(view, owner),
                str(sq["houses"] or ""), str(sq["hotels"] or ""),
                Text(tr(lang, "yes"), style="red") if sq["mortgaged"] else ""]
        else:
            name = Text(square_name(sq, lang), style="bold")
            if sq["type"] == "IMPUESTO" and "tax" in sq:
                name.append(f" ({money(sq['tax'], lang)})", style="dim")
            row = [name] + [""] * (6 if with_price else 5)
        style = "reverse" if i == current_pos else None
        table.add_row(str(i), *row, who, style=style)
    return table


def _current_position(view: dict[str, Any]) -> int | None:
    current = view.get("current")
    if current is None or not view.get("to_move"):
        return None
    return int(view["players"][current]["position"])


def players_table(view: dict[str, Any], lang: str, labels: Sequence[str],
                  viewer: int | None = None, width: int = 100) -> Table:
    """Balances (and capital when the game ranks by it), square, jail and SalirCárcel
    (narrower than 100 columns the square by its short name)."""
    capital = view.get("ranked_by") == "capital"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(tr(lang, "h_balance"), justify="right")
    if capital:
        table.add_column(tr(lang, "h_capital"), justify="right")
    table.add_column(tr(lang, "h_position"), no_wrap=True)
    table.add_column(tr(lang, "h_jail"), justify="center")
    table.add_column(tr(lang, "h_escape"), justify="center")
    to_move = set(view.get("to_move") or ())
    for p in view["players"]:
        s = p["seat"]
        square = view["squares"][p["position"]]
        row: list[Any] = ["▶" if s in to_move else "", _name(view, p, lang, labels, viewer),
                          Text(money(p["balance"], lang),
                               style="red" if p["balance"] <= 0 else "")]
        if capital:
            row.append(money(p["capital"], lang))
        where = square_name(square, lang) if width >= 100 else \
            short_square_name(square, lang, 14)
        row += [f"{p['position']} {where}",
                Text(tr(lang, "yes"), style="red") if p["in_jail"] else "",
                tr(lang, "yes") if p["holds_salir_carcel"] else ""]
        table.add_row(*row)
    return table


def _name(view: dict[str, Any], p: dict[str, Any], lang: str, labels: Sequence[str],
          viewer: int | None) -> Text:
    s = p["seat"]
    name = Text(p["name"], style="bold " + seat_style(s))
    if labels[s]:
        name.append(f" ({labels[s]})", style="dim")
    elif s == viewer:
        name.append(f" ({tr(lang, 'you')})", style="dim")
    return name


# ----- the compact board -----------------------------------------------------------------------
def _(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


def flow(pieces: Sequence[Text], width: int, sep: str = " · ") -> Text:
    """``pieces`` on as few lines as fit ``width``, breaking only between pieces."""
    out, line = Text(), 0
    for piece in pieces:
        if line and line + len(sep) + len(piece) > width:
            out.append("\n")
            line = 0
        elif line:
            out.append(sep, style="dim")
            line += len(sep)
        out.append_text(piece)
        line += len(piece)
    return out


def ring(view: dict[str, Any], lang: str, width: int) -> Text:
    """The 20 squares in a few lines, in board order down each column: index, short name,
    owner's letter with its houses (⌂) and hotels (▣), ``*`` when mortgaged, and the pawns in
    reverse colour."""
    squares = view["squares"]
    cols = max(1, min(5, width // 20))
    rows = -(-len(squares) // cols)
    colw = (width - (cols - 1)) // cols
    letter = marks(view)
    here: dict[int, list[int]] = {}
    for p in view["players"]:
        here.setdefault(p["position"], []).append(p["seat"])
    current_pos = _current_position(view)
    out = Text()
    for r in range(rows):
        line = Text()
        for c in range(cols):
            i = c * rows + r
            if i >= len(squares):
                break
            if c:
                line.append(" ")
            line.append_text(_ring_cell(squares[i], lang, colw, letter, here.get(i, []),
                                        i == current_pos))
        line.rstrip()
        out.append_text(line)
        if r < rows - 1:
            out.append("\n")
    return out


def _ring_cell(sq: dict[str, Any], lang: str, colw: int, letter: list[str], pawns: list[int],
               current: bool) -> Text:
    tail = Text()
    owner = sq.get("owner")
    if owner is not None:
        tail.append(" " + letter[owner], style="bold " + seat_style(owner))
        if sq.get("houses"):
            tail.append(f"⌂{sq['houses']}")
        if sq.get("hotels"):
            tail.append(f"▣{sq['hotels']}")
        if sq.get("mortgaged"):
            tail.append("*", style="red")
    if pawns:
        tail.append(" ")
        for s in pawns:
            tail.append(letter[s], style="bold reverse " + seat_style(s))
    head = Text(f"{sq['index']:>2} ", style="bold" if current else "dim")
    name = short_square_name(sq, lang, colw - len(head) - len(tail))
    cell = Text.assemble(head, (name, "bold" if sq["type"] != "CALLE" else ""))
    cell.append(" " * max(0, colw - len(cell) - len(tail)))
    cell.append_text(tail)
    return cell


def ring_legend(view: dict[str, Any], lang: str, width: int) -> Text:
    """What the ring's marks mean, with each player's letter."""
    letter = marks(view)
    pieces = [Text.assemble((letter[p["seat"]], "bold reverse " + seat_style(p["seat"])),
                            " " + p["name"]) for p in view["players"]]
    pieces.append(Text(_(lang, "⌂ casas · ▣ hoteles · * hipotecada",
                         "⌂ houses · ▣ hotels · * mortgaged"), style="dim"))
    return flow(pieces, width)


def players_compact(view: dict[str, Any], lang: str, labels: Sequence[str],
                    viewer: int | None, width: int) -> Text:
    """Every player in a few words: ``▶A Ana (tú) 7.500 € en 3``."""
    letter = marks(view)
    to_move = set(view.get("to_move") or ())
    pieces = []
    for p in view["players"]:
        s = p["seat"]
        piece = Text("▶" if s in to_move else "", style="bold")
        piece.append(letter[s], style="bold reverse " + seat_style(s))
        piece.append(" ")
        piece.append_text(_name(view, p, lang, labels, viewer))
        piece.append(" " + money(p["balance"], lang), style="red" if p["balance"] <= 0 else "")
        piece.append(_(lang, f" en {p['position']}", f" on {p['position']}"))
        if p["in_jail"]:
            piece.append(f" ({tr(lang, 'in_jail')})", style="red")
        if p["holds_salir_carcel"]:
            piece.append(" +SalirCárcel", style="dim")
        pieces.append(piece)
    return flow(pieces, width, "  ")


def board_title(view: dict[str, Any], lang: str) -> Text:
    return Text(tr(lang, "board_title", board=board_name(str(view.get("board", "")), lang)),
                style="bold")


# ----- fitting ---------------------------------------------------------------------------------
def measure(renderable: RenderableType, width: int) -> tuple[int, int, bool]:
    """(rows, widest row, whether a word was cut short with "…") of ``renderable`` at
    ``width`` columns."""
    console = Console(width=width, file=io.StringIO(), color_system=None,
                      legacy_windows=False, force_terminal=False)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    texts = ["".join(seg.text for seg in line) for line in lines]
    return len(texts), max(map(len, texts), default=0), any("…" in t for t in texts)


def board_forms(view: dict[str, Any], lang: str, labels: Sequence[str], viewer: int | None,
                width: int) -> list[list[RenderableType]]:
    """The board's forms, fullest first."""
    full = board_table(view, lang, width)
    players = players_table(view, lang, labels, viewer, width)
    small, key = ring(view, lang, width), ring_legend(view, lang, width)
    line = players_compact(view, lang, labels, viewer, width)
    title = board_title(view, lang)
    return [[full, players], [full, line], [title, small, key, players],
            [title, small, key, line], [title, small, line], [small, line], [small], [line]]


def board_or_raw_view(game: Game, seat: int | None, lang: str, labels: Sequence[str],
                      width: int = 100, height: int | None = None) -> RenderableType:
    """Board and players (or the raw view for games without a board); with ``height``, the
    fullest form that fits ``width`` × ``height``."""
    view = game.view(seat)
    if not is_board_view(view):
        return Pretty(view)
    forms = board_forms(view, lang, labels, seat, width)
    if height is None:
        return Group(*forms[0])
    for parts in forms:
        group = Group(*parts)
        rows, cols, cut = measure(group, width)
        if rows <= height and cols <= width and not cut:
            return group
    return Group(*forms[-1])
