"""The land: each country as a grid of boxed tiles (2 lines a tile, rails on the edges, the
cells where the tile in hand may go) or as a small map (one line a row of tiles), and the
legend."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.content import SITE_RECYCLING

from .common import (
    E_,
    N_,
    S_,
    W_,
    _,
    cell_of,
    colour_style,
    current,
    letters,
    rails_of,
    site_token,
    tech_title,
    who,
)

# box corners by the segments that meet there: (up, right, down, left)
CORNERS = {(1, 1, 1, 1): "┼", (0, 1, 1, 1): "┬", (1, 1, 0, 1): "┴", (1, 1, 1, 0): "├",
           (1, 0, 1, 1): "┤", (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 1, 0, 0): "└",
           (1, 0, 0, 1): "┘", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 0, 0, 0): "│",
           (0, 0, 1, 0): "│", (0, 1, 0, 0): "─", (0, 0, 0, 1): "─"}
BRIDGE = "◆"
MINI_CELL = 7                   # columns of a tile on the small map (``L04■■■`` and a space)


@dataclass
class Grid:
    """The bounding box of a country (and of the cells the tile in hand may go to)."""

    items: dict[int, dict[str, Any]]
    targets: dict[int, list[int]]
    x0: int = 0
    y0: int = 0
    w: int = 1
    h: int = 1
    bridges: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, player: dict[str, Any], targets: dict[int, list[int]] | None) -> Grid:
        items = {it["cell"]: it for it in player["country"]}
        targets = targets or {}
        cells = set(items) | set(targets)
        xs = [A.cell_xy(c)[0] for c in cells]
        ys = [A.cell_xy(c)[1] for c in cells]
        x0, y0 = min(xs), min(ys)
        return cls(items, targets, x0, y0, max(xs) - x0 + 1, max(ys) - y0 + 1,
                   set(player.get("bridges", [])))

    def at(self, gx: int, gy: int) -> dict[str, Any] | None:
        if not (0 <= gx < self.w and 0 <= gy < self.h):
            return None
        return self.items.get(cell_of(self.x0 + gx, self.y0 + gy))


class Canvas:
    """Characters with styles, written at (row, column)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.cols = cols
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _r in range(rows)]

    def put(self, r: int, c: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= c + i < self.cols:
                self.cells[r][c + i] = (ch, style)


def box_width(grid: Grid, width: int) -> int:
    """Columns inside a tile's box so that the country fits ``width`` (11 at most, 5 at least)."""
    cw = 11
    while cw > 5 and 4 + grid.w * (cw + 1) > width:
        cw -= 1
    return cw


def _edge_mark(a: dict[str, Any] | None, b: dict[str, Any] | None, bits: tuple[int, int],
               bridge: int | None, glyphs: str) -> tuple[str, str]:
    """The mark on the edge between ``a`` and ``b``: a bridge, linked rails, or a rail out."""
    if a and b and bridge is not None:
        return BRIDGE, "bold yellow"
    ra, rb = bool(a and rails_of(a) & bits[0]), bool(b and rails_of(b) & bits[1])
    if ra and rb:
        return glyphs[0], "bold"
    if ra:
        return glyphs[1], "bold"
    if rb:
        return glyphs[2], "bold"
    return "", ""


def _draw_edges(cv: Canvas, g: Grid, cw: int) -> None:
    for gy in range(g.h + 1):                       # horizontal edges
        for gx in range(g.w):
            up, down = g.at(gx, gy - 1), g.at(gx, gy)
            if not (up or down):
                continue
            cv.put(3 * gy, gx * (cw + 1) + 1, "─" * cw, "dim")
            bridge = 2 * up["cell"] + 1 if up and 2 * up["cell"] + 1 in g.bridges else None
            mark, st = _edge_mark(up, down, (S_, N_), bridge, "║╥╨")
            if mark:
                cv.put(3 * gy, gx * (cw + 1) + 1 + cw // 2, mark, st)
    for gy in range(g.h):                           # vertical edges
        for gx in range(g.w + 1):
            left, right = g.at(gx - 1, gy), g.at(gx, gy)
            if not (left or right):
                continue
            c = gx * (cw + 1)
            cv.put(3 * gy + 1, c, "│", "dim")
            cv.put(3 * gy + 2, c, "│", "dim")
            bridge = 2 * left["cell"] if left and 2 * left["cell"] in g.bridges else None
            mark, st = _edge_mark(left, right, (E_, W_), bridge, "═╞╡")
            if mark:
                cv.put(3 * gy + 1, c, mark, st)


def _draw_corners(cv: Canvas, g: Grid, cw: int) -> None:
    for gy in range(g.h + 1):
        for gx in range(g.w + 1):
            key = (int(bool(g.at(gx - 1, gy - 1) or g.at(gx, gy - 1))),
                   int(bool(g.at(gx, gy - 1) or g.at(gx, gy))),
                   int(bool(g.at(gx - 1, gy) or g.at(gx, gy))),
                   int(bool(g.at(gx - 1, gy - 1) or g.at(gx - 1, gy))))
            ch = CORNERS.get(key)
            if ch:
                cv.put(3 * gy, gx * (cw + 1), ch, "dim")


def _target_words(rot: list[int], lang: str) -> str:
    return (_(lang, "todos", "all") if len(rot) == 4 else " ".join(str(90 * q) for q in rot)) \
        + "°"


def _draw_contents(cv: Canvas, g: Grid, cw: int, lang: str, style: str,
                   marks: frozenset[int]) -> None:
    for gy in range(g.h):
        for gx in range(g.w):
            cell = cell_of(g.x0 + gx, g.y0 + gy)
            c, r = gx * (cw + 1) + 1, 3 * gy + 1
            item = g.items.get(cell)
            if item is not None:
                for i, line in enumerate(tile_lines(item, lang, cw, style, cell in marks)):
                    for j, (ch, st) in enumerate(line):
                        cv.put(r + i, c + j, ch, st)
            elif cell in g.targets:
                x, y = A.cell_xy(cell)
                words = _target_words(g.targets[cell], lang)
                if len(words) > cw:
                    words = _(lang, "giros", "turns")
                cv.put(r, c, f"→{x},{y}".center(cw)[:cw], "bold green")
                cv.put(r + 1, c, words.center(cw), "green")


def country_lines(player: dict[str, Any], lang: str, width: int = 100,
                  targets: dict[int, list[int]] | None = None,
                  marks: frozenset[int] = frozenset()) -> list[Text]:
    """The country as boxes, 2 lines a tile, rails on the edges; ``targets`` (cell → rotations)
    are the empty cells where the tile in hand may go; ``marks`` the cells to highlight."""
    g = Grid.of(player, targets)
    cw = box_width(g, width)
    cv = Canvas(3 * g.h + 1, g.w * (cw + 1) + 1)
    _draw_edges(cv, g, cw)
    _draw_corners(cv, g, cw)
    _draw_contents(cv, g, cw, lang, colour_style(player["colour"]), marks)
    head = Text("   ")
    for gx in range(g.w):
        head.append(f"{g.x0 + gx}".center(cw + 1), style="dim")
    head.rstrip()
    out = [head]
    for r, row in enumerate(cv.cells):
        line = Text(f"{g.y0 + (r - 1) // 3:>2} " if r % 3 == 1 else "   ", style="dim")
        for ch, st in row:
            line.append(ch, style=st or None)
        line.rstrip()
        out.append(line)
    return out


def tile_lines(item: dict[str, Any], lang: str, cw: int, style: str,
               marked: bool) -> list[list[tuple[str, str]]]:
    """Two lines of ``cw`` (char, style) cells: ``L04 ■■□ ●R1`` / ``●2m1c ○1v``."""
    base = "reverse" if marked else ""
    one: list[tuple[str, str]] = []
    two: list[tuple[str, str]] = []

    def add(line: list[tuple[str, str]], text: str, st: str = "") -> None:
        for ch in text:
            line.append((ch, (st + " " + base).strip()))

    if "tech" in item:                  # an institution: no sites, no garbage
        add(one, item["tech"], "bold")
        add(one, " inst.", "dim")
        name = tech_title(item["tech"], lang)
        if len(name) <= cw:             # a name is shown whole or not at all
            add(two, name, "italic")
    else:
        _land_tile(item, lang, style, one, two, add)
    for line in (one, two):
        del line[cw:]
        while len(line) < cw:
            line.append((" ", base))
    return [one, two]


def _land_tile(item: dict[str, Any], lang: str, style: str, one: list, two: list,
               add: Any) -> None:
    K = current()
    t = K.LAND_BY_ID[item["tile"]]
    add(one, item["tile"], "bold")
    add(one, " ")
    g = item["garbage"]
    add(one, "■" * g, "bold red")
    add(one, "□" * (K.CAP - g), "dim")
    staffed = set(item.get("citizens", []))
    first = True
    for letter, s in zip("abc", t.sites, strict=False):
        token = site_token(s, letter in staffed, lang)
        where = one if s.kind == SITE_RECYCLING else two
        if where is one or not first:
            add(where, " ")
        if where is two:
            first = False
        add(where, token[0], style if letter in staffed else "dim")
        add(where, token[1:], "cyan" if s.kind == SITE_RECYCLING else "")


# ----- the small map -----------------------------------------------------------------------------
def _mini_cell(item: dict[str, Any] | None, target: list[int] | None, x: int, y: int,
               marked: bool) -> Text:
    if item is None and target is None:
        return Text("·".ljust(MINI_CELL), style="dim")
    if item is None:
        return Text(f"→{x},{y}".ljust(MINI_CELL)[:MINI_CELL], style="bold green")
    if "tech" in item:
        return Text(item["tech"].ljust(MINI_CELL), style="italic reverse" if marked else "italic")
    cell = Text(item["tile"], style="bold reverse" if marked else "bold")
    cell.append("■" * item["garbage"], style="red")
    cell.pad_right(MINI_CELL - cell.cell_len)
    return cell


def mini_map(player: dict[str, Any], targets: dict[int, list[int]] | None = None,
             marks: frozenset[int] = frozenset()) -> list[Text]:
    """The country in a few lines: each tile as its id and its garbage (``L04■■``), the cells
    where the tile in hand may go as ``→x,y``; the y of each row at the left."""
    g = Grid.of(player, targets)
    out = []
    for gy in range(g.h):
        y = g.y0 + gy
        line = Text(f"{y:>2} ", style="dim")
        for gx in range(g.w):
            cell = cell_of(g.x0 + gx, y)
            line.append_text(_mini_cell(g.items.get(cell), g.targets.get(cell), g.x0 + gx, y,
                                        cell in marks))
        line.rstrip()
        out.append(line)
    return out


def mini_width(player: dict[str, Any], targets: dict[int, list[int]] | None = None) -> int:
    g = Grid.of(player, targets)
    return 3 + g.w * MINI_CELL


# ----- all the countries -------------------------------------------------------------------------
def pack_blocks(blocks: list[list[Text]], width: int, gap: int = 3) -> list[Text]:
    """Blocks of lines side by side, as many as fit in ``width``, rows of blocks below."""
    out: list[Text] = []
    row: list[tuple[list[Text], int]] = []
    used = 0

    def flush() -> None:
        height = max(len(b) for b, _w in row)
        for i in range(height):
            line = Text()
            for k, (b, bw) in enumerate(row):
                part = b[i] if i < len(b) else Text()
                line.append_text(part)
                if k < len(row) - 1:
                    line.append(" " * (bw - part.cell_len + gap))
            line.rstrip()
            out.append(line)
        out.append(Text())

    for block in blocks:
        bw = max(t.cell_len for t in block)
        if row and used + gap + bw > width:
            flush()
            row, used = [], 0
        used += bw + (gap if row else 0)
        row.append((block, bw))
    if row:
        flush()
    return out[:-1] if out else out


def country_title(view: dict[str, Any], s: int, seat: int | None, lang: str) -> Text:
    p = view["players"][s]
    title = who(view, s, lang)
    title.append(f" · {p['score']} " + _(lang, "PV", "VP"), style="bold")
    if s == seat:
        title.append(_(lang, " (tú)", " (you)"), style="dim")
    return title


def seat_order(view: dict[str, Any], seat: int | None) -> list[int]:
    """The viewer first, then the others in turn order."""
    n = len(view["players"])
    return [(seat + k) % n for k in range(n)] if seat is not None else list(range(n))


def countries(view: dict[str, Any], seat: int | None, lang: str, width: int,
              targets: dict[int, list[int]] | None = None,
              marks: dict[int, frozenset[int]] | None = None, mini: bool = False) -> list[Text]:
    """Every country, the viewer's first, side by side when they fit; ``mini``: small maps."""
    blocks = []
    for s in seat_order(view, seat):
        p = view["players"][s]
        mine = targets if s == seat else None
        mark = (marks or {}).get(s, frozenset())
        grid = mini_map(p, mine, mark) if mini else country_lines(p, lang, width, mine, mark)
        blocks.append([country_title(view, s, seat, lang)] + grid)
    return pack_blocks(blocks, width)


def legend(lang: str) -> Text:
    lc, ls, lv = letters(lang)
    return Text(_(lang, f"● ciudadano · ○ sitio vacío · {lc} monedas, {ls} ciencia, {lv} PV "
                        "(por producción) · Rn reciclaje de n · ■ basura (máx. 3) · "
                        "║ ═ vías que enlazan, ╥ ╨ ╞ ╡ vía hacia fuera, ◆ puente · x al este, "
                        "y al sur",
                  f"● citizen · ○ empty site · {lc} coins, {ls} science, {lv} VP (per "
                  "Production) · Rn recycles n · ■ garbage (max 3) · ║ ═ linked rails, "
                  "╥ ╨ ╞ ╡ rail leading out, ◆ bridge · x east, y south"), style="dim")


def mini_legend(lang: str, targets: bool = True) -> Text:
    where = _(lang, " · →x,y dónde puede ir la ficha", " · →x,y where the tile may go")
    return Text(_(lang, "■ basura", "■ garbage") + (where if targets else "") +
                _(lang, " · x al este, y al sur", " · x east, y south"), style="dim")
