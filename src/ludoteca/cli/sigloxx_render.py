"""The terminal table of «Siglo XX» (game id ``sigloxx``).

At each decision: every country as a grid of tiles (one small box per tile: its id, its garbage
out of 3, its recycling site and its cities with ● for a citizen and ○ for an empty site; the
rails as marks on the tile edges, bridges as ◆; the cells where the tile in hand may go, with
their ``x,y``), the players' victory points, income, pollution track, garbage and clean tiles,
the viewer's own coins and science (never another seat's: the view does not hold them), the
round and phase, the land and technology offers with the technology cost track and its marker,
the catastrophe and its columns, the auction in progress, the Maintenance or Production step,
and the numbered actions with their meaning in Spanish or English (tile and technology names,
cells as ``x,y``, rotations in degrees, long runs of bids as one numbered range).

Everything is read from ``game.view(seat)``, the legal actions and the events in words; the
content (tiles, technologies, cards) from the game's ``content.toml``. At a table of several
people every screen is private (it shows the seat's coins and science), so the table passes the
keyboard before a different person's screen (:meth:`SigloRenderer.private`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.core.registry import info
from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.content import SITE_RECYCLING, content
from ludoteca.games.sigloxx.country import INST_BASE, RAILS
from ludoteca.games.sigloxx.text import action_text

from .messages import tr
from .render import Entry, GameRenderer

C = content()
LAND_BY_ID = {t.id: t for t in C.land}
TECH_BY_ID = {t.id: t for t in C.tech}
CAT_BY_ID = {c.id: c for c in C.catastrophes}
CARD_BY_ID = {c.id: c for c in C.cards}
CAP = C.tile_capacity
SIZE = C.grid_size
OX, OY = C.origin_cell % SIZE, C.origin_cell // SIZE
ROMAN = tuple(r.roman for r in C.rounds)

COLOUR_STYLES = {"rojo": "bold red", "amarillo": "bold yellow", "verde": "bold green",
                 "azul": "bold dodger_blue1", "morado": "bold magenta"}
N_, E_, S_, W_ = 1, 2, 4, 8                   # rail bits of a rotated tile (N E S W)
RAIL_GLYPH = {0: "·", N_: "╵", E_: "╶", S_: "╷", W_: "╴", N_ | S_: "│", E_ | W_: "─",
              N_ | E_: "└", E_ | S_: "┌", S_ | W_: "┐", N_ | W_: "┘", N_ | E_ | S_: "├",
              E_ | S_ | W_: "┬", N_ | S_ | W_: "┤", N_ | E_ | W_: "┴", 15: "┼"}
# box corners by the segments that meet there: (up, right, down, left)
CORNERS = {(1, 1, 1, 1): "┼", (0, 1, 1, 1): "┬", (1, 1, 0, 1): "┴", (1, 1, 1, 0): "├",
           (1, 0, 1, 1): "┤", (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 1, 0, 0): "└",
           (1, 0, 0, 1): "┘", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 0, 0, 0): "│",
           (0, 0, 1, 0): "│", (0, 1, 0, 0): "─", (0, 0, 0, 1): "─"}
BRIDGE = "◆"
RUN_MIN = 5        # this many consecutive amounts of one action are shown as one numbered range

PHASES = {"subasta": ("2 Subasta de tierras", "2 Land auction"),
          "catastrofe": ("3 Prevenir catástrofes", "3 Catastrophe prevention"),
          "mantenimiento": ("4 Mantenimiento", "4 Maintenance"),
          "produccion": ("5 Producción", "5 Production"),
          "fin": ("fin de la partida", "game over")}
STEPS = {"elegir": ("elegir tierra", "choosing a tile"), "abrir": ("abrir la puja", "opening bid"),
         "puja": ("pujas", "bidding"), "tecnologia": ("compra de tecnología", "buying technology"),
         "solo": ("único en la subasta", "only one left"),
         "columna": ("pujas por las columnas", "bidding for columns"),
         "basura": ("paso A: basura", "step A: garbage"),
         "elegir_pendiente": ("paso B: elegir ficha", "step B: choose a tile"),
         "colocar": ("paso B: colocar", "step B: place"),
         "puente": ("paso B: puente", "step B: bridge"),
         "ciudadano": ("paso B: ciudadano", "step B: citizen"),
         "basura_extra": ("paso B: basura sobrante", "step B: extra garbage"),
         "tecnologias": ("paso C: tecnologías", "step C: technologies"),
         "quitar": ("paso C: quitar basura", "step C: removing garbage"),
         "recoger": ("paso C: levantar ciudadano", "step C: lift a citizen"),
         "situar": ("paso C: situar ciudadano", "step C: put the citizen"),
         "nuevos_ciudadanos": ("paso C: ciudadanos nuevos", "step C: new citizens"),
         "reciclar": ("reciclaje", "recycling"), "fin": ("", "")}


def _(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


# ----- small pieces ----------------------------------------------------------------------------
def colour_style(colour: str) -> str:
    return COLOUR_STYLES.get(colour, "bold")


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    """``Ana (rojo)`` in the seat's colour."""
    if seat is None or not 0 <= seat < len(view["players"]):
        return Text("—", style="dim")
    p = view["players"][seat]
    colour = p["colour"] if lang == "es" else p["colour_en"]
    return Text(f"{p['name']} ({colour})", style=colour_style(p["colour"]))


def seats_text(view: dict[str, Any], seats: Sequence[int], lang: str) -> Text:
    if not seats:
        return Text("—", style="dim")
    return Text(", ").join(who(view, s, lang) for s in seats)


def letters(lang: str) -> tuple[str, str, str]:
    """Yield letters: coins, science, VP."""
    return ("m", "c", "v") if lang == "es" else ("c", "s", "v")


def yields(coins: int, science: int, vp: int, lang: str) -> str:
    """``2m1c`` / ``2c1s``: what a city yields (or an income)."""
    lc, ls, lv = letters(lang)
    return "".join(f"{n}{x}" for n, x in ((coins, lc), (science, ls), (vp, lv)) if n) or "0"


def amounts(coins: int, science: int, vp: int, lang: str) -> str:
    """``+2 monedas +1 PV`` in words."""
    parts = []
    for n, es1, esn, en1, enn in ((coins, "moneda", "monedas", "coin", "coins"),
                                  (science, "de ciencia", "de ciencia", "science", "science"),
                                  (vp, "PV", "PV", "VP", "VP")):
        if n:
            parts.append(f"+{n} " + (_(lang, es1, en1) if n == 1 else _(lang, esn, enn)))
    return " ".join(parts) or "+0"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def rails_of(item: dict[str, Any]) -> int:
    """Rail bits of a placed tile (N E S W after its rotation)."""
    code = C.land_index[item["tile"]] if "tile" in item else INST_BASE + C.tech_index[item["tech"]]
    return RAILS[code * 4 + item["rotation"] // 90]


def tile_rails(tile_id: str, rotation: int = 0) -> int:
    code = C.land_index[tile_id] if tile_id in C.land_index else INST_BASE + C.tech_index[tile_id]
    return RAILS[code * 4 + rotation // 90]


def glyph(mask: int) -> str:
    return RAIL_GLYPH.get(mask, "?")


def site_token(site: Any, staffed: bool | None, lang: str) -> str:
    """``●2m1c`` (a city), ``○R2`` (a recycling site); without a mark when ``staffed`` is None."""
    mark = "" if staffed is None else ("●" if staffed else "○")
    if site.kind == SITE_RECYCLING:
        return f"{mark}R{site.capacity}"
    return mark + yields(site.coins, site.science, site.vp, lang)


def land_words(tile_id: str, lang: str, rotation: int = 0) -> str:
    """``L04 ─ 3m`` / ``S1 ┼ 1m1c 2m1c R1``: the tile's rails and sites."""
    t = LAND_BY_ID[tile_id]
    return f"{tile_id} {glyph(tile_rails(tile_id, rotation))} " + \
        " ".join(site_token(s, None, lang) for s in t.sites)


def site_words(site_id: str, lang: str) -> str:
    """``L07b (ciudad 1m)`` / ``S1c (reciclaje, recicla 1)``."""
    tile, letter = site_id[:-1], site_id[-1]
    t = LAND_BY_ID.get(tile)
    if t is None or letter not in "abc" or "abc".index(letter) >= len(t.sites):
        return site_id
    s = t.sites["abc".index(letter)]
    if s.kind == SITE_RECYCLING:
        return _(lang, f"{site_id} (reciclaje, recicla {s.capacity})",
                 f"{site_id} (recycling, recycles {s.capacity})")
    return _(lang, f"{site_id} (ciudad {yields(s.coins, s.science, s.vp, lang)})",
             f"{site_id} (city {yields(s.coins, s.science, s.vp, lang)})")


def tech_name(tech_id: str, lang: str) -> str:
    t = TECH_BY_ID.get(tech_id)
    if t is None:
        return tech_id
    return f"{tech_id} «{t.name}»" if lang == "es" else f"{tech_id} “{t.name_en}”"


def tech_effect(tech_id: str, lang: str) -> str:
    """What a technology does, in a few words (from its content fields)."""
    t = TECH_BY_ID[tech_id]
    op = t.op
    if op == "income":
        text = _(lang, f"ingresos {amounts(t.coins, t.science, t.vp, lang)}",
                 f"income {amounts(t.coins, t.science, t.vp, lang)}")
    elif op == "income_if_connected":
        text = _(lang, f"institución (vías {glyph(tile_rails(tech_id))}): ingresos "
                       f"{amounts(t.coins, t.science, t.vp, lang)} si su red tiene un ciudadano",
                 f"institution (rails {glyph(tile_rails(tech_id))}): income "
                 f"{amounts(t.coins, t.science, t.vp, lang)} if its network has a citizen")
    elif op == "move_citizens":
        where = _(lang, "dentro de su red", "within its network") if t.scope == "network" else \
            _(lang, "a cualquier sitio del país", "anywhere in the country")
        text = _(lang, f"cada mantenimiento: mover {t.moves} ciudadano(s) {where}",
                 f"each Maintenance: move {t.moves} citizen(s) {where}")
    elif op == "remove_garbage":
        when = _(lang, "una vez", "once") if t.use == "once" else \
            _(lang, "cada mantenimiento", "each Maintenance")
        text = _(lang, f"{when}: quitar hasta {t.amount} basura", f"{when}: remove up to "
                 f"{t.amount} garbage")
        if t.cost_coins:
            text += _(lang, f" pagando {t.cost_coins} monedas", f" paying {t.cost_coins} coins")
        if t.pollution_if_used:
            text += _(lang, f" (contaminación −{t.pollution_if_used})",
                      f" (pollution −{t.pollution_if_used})")
    elif op == "gain_citizens":
        text = _(lang, f"una vez: {t.count} ciudadano(s) nuevo(s)",
                 f"once: {t.count} new citizen(s)")
    elif op == "gain_bridges":
        text = _(lang, f"al comprarla: {t.count} puentes", f"on purchase: {t.count} bridges")
    elif op == "recycling_bonus":
        text = _(lang, f"cada sitio de reciclaje con ciudadano recicla {t.extra} más",
                 f"each staffed recycling site recycles {t.extra} more")
    elif op == "pollution_shift":
        text = _(lang, f"cada mantenimiento: contaminación +{t.shift}",
                 f"each Maintenance: pollution +{t.shift}")
    else:
        text = ""
    eco = eco_words(t.garbage, t.flowers - t.pollution, lang)
    if eco:
        text += ("; " if text else "") + _(lang, "al comprarla: ", "on purchase: ") + eco
    return text


def eco_words(garbage: int, shift: int, lang: str) -> str:
    """``2 basura, contaminación −1`` (a purchase's or a catastrophe column's effect)."""
    parts = []
    if garbage:
        parts.append(_(lang, f"{garbage} basura", f"{garbage} garbage"))
    if shift:
        parts.append(_(lang, f"contaminación {signed(shift)}", f"pollution {signed(shift)}"))
    return ", ".join(parts)


def card_words(card_id: str, lang: str) -> str:
    """``II «Comercio»: 1 PV por moneda de ingresos``."""
    k = CARD_BY_ID[card_id]
    name = f"«{k.name}»" if lang == "es" else f"“{k.name_en}”"
    if k.op == "per_income":
        res = {"coins": _(lang, "monedas", "coin"), "science": _(lang, "ciencia", "science"),
               "vp": "PV"}.get(k.resource, k.resource)
        each = _(lang, "cada punto", "each point") if k.den == 1 else \
            _(lang, f"cada {k.den} puntos", f"each {k.den} points")
        what = _(lang, f"{k.num} PV por {each} de ingresos de {res}",
                 f"{k.num} VP for {each} of {res} income")
    elif k.op == "per_clean_land_tile":
        what = _(lang, f"{k.vp} PV por tierra sin basura", f"{k.vp} VP per land tile without "
                 "garbage")
    elif k.op == "per_tile_largest_network":
        what = _(lang, f"{k.vp} PV por tierra de tu mayor red de vías",
                 f"{k.vp} VP per land tile in your largest rail network")
    elif k.op == "per_pollution_step_right":
        what = _(lang, f"{k.vp} PV por paso de contaminación a la derecha del 0",
                 f"{k.vp} VP per pollution step right of 0")
    else:
        what = _(lang, f"{k.vp} PV por tecnología", f"{k.vp} VP per technology")
    return f"{k.round} {name}: {what}"


def gauge(p: int) -> Text:
    """The pollution track −6…+6 with its marker: ``····●·┊······``."""
    out = Text()
    for v in range(C.pollution_min, C.pollution_max + 1):
        if v == p:
            out.append("●", style="bold red" if p < 0 else "bold green" if p > 0 else "bold")
        elif v == 0:
            out.append("┊", style="dim")
        else:
            out.append("·", style="dim")
    return out


def cell_of(x: int, y: int) -> int:
    return (OY + y) * SIZE + OX + x


def xy(cell: int) -> str:
    x, y = A.cell_xy(cell)
    return f"{x},{y}"


# ----- a country as a grid of tiles ------------------------------------------------------------
def country_lines(player: dict[str, Any], lang: str, width: int = 100,
                  targets: dict[int, list[int]] | None = None,
                  marks: frozenset[int] = frozenset()) -> list[Text]:
    """The country as boxes, 2 lines a tile, rails on the edges; ``targets`` (cell → rotations)
    are the empty cells where the tile in hand may go; ``marks`` the cells to highlight."""
    items = {it["cell"]: it for it in player["country"]}
    targets = targets or {}
    cells = set(items) | set(targets)
    xs = [A.cell_xy(c)[0] for c in cells]
    ys = [A.cell_xy(c)[1] for c in cells]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    cw = 11
    while cw > 5 and 4 + w * (cw + 1) > width:
        cw -= 1
    style = colour_style(player["colour"])
    bridges = set(player.get("bridges", []))
    rows, cols = 3 * h + 1, w * (cw + 1) + 1
    canvas: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]

    def occ(gx: int, gy: int) -> dict[str, Any] | None:
        if not (0 <= gx < w and 0 <= gy < h):
            return None
        return items.get(cell_of(x0 + gx, y0 + gy))

    def put(r: int, c: int, text: str, st: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= c + i < cols:
                canvas[r][c + i] = (ch, st)

    border = "dim"
    for gy in range(h + 1):                       # horizontal edges, with rails and bridges
        for gx in range(w):
            up, down = occ(gx, gy - 1), occ(gx, gy)
            if not (up or down):
                continue
            put(3 * gy, gx * (cw + 1) + 1, "─" * cw, border)
            r_up = bool(up and rails_of(up) & S_)
            r_down = bool(down and rails_of(down) & N_)
            mark, st = "", "bold"
            if up and down and 2 * up["cell"] + 1 in bridges:
                mark, st = BRIDGE, "bold yellow"
            elif r_up and r_down:
                mark = "║"
            elif r_up:
                mark = "╥"
            elif r_down:
                mark = "╨"
            if mark:
                put(3 * gy, gx * (cw + 1) + 1 + cw // 2, mark, st)
    for gy in range(h):                           # vertical edges
        for gx in range(w + 1):
            left, right = occ(gx - 1, gy), occ(gx, gy)
            if not (left or right):
                continue
            c = gx * (cw + 1)
            put(3 * gy + 1, c, "│", border)
            put(3 * gy + 2, c, "│", border)
            r_left = bool(left and rails_of(left) & E_)
            r_right = bool(right and rails_of(right) & W_)
            mark, st = "", "bold"
            if left and right and 2 * left["cell"] in bridges:
                mark, st = BRIDGE, "bold yellow"
            elif r_left and r_right:
                mark = "═"
            elif r_left:
                mark = "╞"
            elif r_right:
                mark = "╡"
            if mark:
                put(3 * gy + 1, c, mark, st)
    for gy in range(h + 1):                       # corners
        for gx in range(w + 1):
            key = (int(bool(occ(gx - 1, gy - 1) or occ(gx, gy - 1))),
                   int(bool(occ(gx, gy - 1) or occ(gx, gy))),
                   int(bool(occ(gx - 1, gy) or occ(gx, gy))),
                   int(bool(occ(gx - 1, gy - 1) or occ(gx - 1, gy))))
            ch = CORNERS.get(key)
            if ch:
                put(3 * gy, gx * (cw + 1), ch, border)
    for gy in range(h):                           # contents
        for gx in range(w):
            cell = cell_of(x0 + gx, y0 + gy)
            c, r = gx * (cw + 1) + 1, 3 * gy + 1
            item = items.get(cell)
            if item is not None:
                for i, line in enumerate(_tile_lines(item, lang, cw, style,
                                                     cell in marks)):
                    for j, (ch, st) in enumerate(line):
                        put(r + i, c + j, ch, st)
            elif cell in targets:
                x, y = A.cell_xy(cell)
                rot = targets[cell]
                put(r, c, f"→{x},{y}"[:cw].center(cw), "bold green")
                words = _(lang, "todos", "all") if len(rot) == 4 else \
                    " ".join(str(90 * q) for q in rot)
                put(r + 1, c, f"{words}°"[:cw].center(cw), "green")
    out: list[Text] = []
    head = Text("   ")
    for gx in range(w):
        head.append(f"{x0 + gx}".center(cw + 1), style="dim")
    head.rstrip()
    out.append(head)
    for r in range(rows):
        line = Text(f"{y0 + (r - 1) // 3:>2} " if r % 3 == 1 else "   ", style="dim")
        for ch, st in canvas[r]:
            line.append(ch, style=st or None)
        line.rstrip()
        out.append(line)
    return out


def _tile_lines(item: dict[str, Any], lang: str, cw: int, style: str,
                marked: bool) -> list[list[tuple[str, str]]]:
    """Two lines of ``cw`` (char, style) cells: ``L04 ■■□ ●R1`` / ``●2m1c ○1v``."""
    base = "reverse" if marked else ""
    one: list[tuple[str, str]] = []
    two: list[tuple[str, str]] = []

    def add(line: list[tuple[str, str]], text: str, st: str = "") -> None:
        for ch in text:
            line.append((ch, (st + " " + base).strip()))

    if "tech" in item:
        t = TECH_BY_ID[item["tech"]]
        add(one, item["tech"], "bold")
        add(one, " inst.", "dim")                  # an institution: no sites, no garbage
        add(two, (t.name if lang == "es" else t.name_en)[:cw], "italic")
    else:
        t = LAND_BY_ID[item["tile"]]
        add(one, item["tile"], "bold")
        add(one, " ")
        g = item["garbage"]
        add(one, "■" * g, "bold red")
        add(one, "□" * (CAP - g), "dim")
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
    for line in (one, two):
        del line[cw:]
        while len(line) < cw:
            line.append((" ", base))
    return [one, two]


def pack_blocks(blocks: list[list[Text]], width: int, gap: int = 3) -> list[Text]:
    """Blocks of lines side by side, as many as fit in ``width``, rows of blocks below."""
    out: list[Text] = []
    row: list[tuple[list[Text], int]] = []
    used = 0

    def flush() -> None:
        if not row:
            return
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
    flush()
    return out[:-1] if out else out


def countries(game: Game, view: dict[str, Any], seat: int | None, lang: str, width: int,
              targets: dict[int, list[int]] | None = None,
              marks: dict[int, frozenset[int]] | None = None) -> list[Text]:
    """Every country, the viewer's first, side by side when they fit."""
    n = len(view["players"])
    order = [(seat + k) % n for k in range(n)] if seat is not None else list(range(n))
    blocks = []
    for s in order:
        p = view["players"][s]
        title = who(view, s, lang)
        title.append(f" · {p['score']} " + _(lang, "PV", "VP"), style="bold")
        if s == seat:
            title.append(_(lang, " (tú)", " (you)"), style="dim")
        grid = country_lines(p, lang, width, targets if s == seat else None,
                             (marks or {}).get(s, frozenset()))
        blocks.append([title] + grid)
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


# ----- players, offers, catastrophe, auction, steps -------------------------------------------
def players_table(view: dict[str, Any], lang: str, labels: Sequence[str],
                  viewer: int | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  collapse_padding=True)
    table.add_column("")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(_(lang, "PV", "VP"), justify="right")
    table.add_column(_(lang, "ingresos", "income"), no_wrap=True)
    table.add_column(_(lang, "contaminación", "pollution"), no_wrap=True)
    table.add_column(_(lang, "basura", "garbage"), justify="right")
    table.add_column(_(lang, "limpias", "clean"), justify="right")
    table.add_column(_(lang, "monedas", "coins"), justify="right")
    table.add_column(_(lang, "ciencia", "science"), justify="right")
    to_move = set(view.get("to_move") or ())
    for p in view["players"]:
        s = p["seat"]
        name = who(view, s, lang)
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        elif s == viewer:
            name.append(f" ({tr(lang, 'you')})", style="dim")
        if s == view.get("sp"):
            name.append(" ★", style="bold")
        inc = p["income"]
        pol = Text(f"{signed(p['pollution']):>2} ")
        pol.append_text(gauge(p["pollution"]))
        hidden = Text(_(lang, "secreto", "secret"), style="dim")
        coins = str(p["coins"]) if "coins" in p else hidden
        science = str(p["science"]) if "science" in p else hidden
        table.add_row("▶" if s in to_move else "", name, str(p["score"]),
                      yields(inc["coins"], inc["science"], inc["vp"], lang), pol,
                      str(p["garbage"]), str(p["clean_tiles"]), coins, science)
    return table


def player_details(view: dict[str, Any], lang: str) -> list[Text]:
    """Per seat, what the table does not show: technologies, pending tiles, set-aside garbage,
    bridges in hand, citizens in reserve."""
    out = []
    for p in view["players"]:
        line = who(view, p["seat"], lang)
        line.append(": ")
        parts: list[str] = []
        techs = []
        for t in p["technologies"]:
            text = tech_name(t["id"], lang)
            if t.get("used") and TECH_BY_ID[t["id"]].use == "once":
                text += _(lang, " (usada)", " (used)")
            techs.append(text)
        parts.append(_(lang, "tecnologías ", "technologies ") + (", ".join(techs) or "—"))
        pend = [_(lang, f"{q['tile']} ({'con' if q['citizen'] else 'sin'} ciudadano, "
                        f"{q['garbage']} basura)",
                  f"{q['tile']} ({'with' if q['citizen'] else 'no'} citizen, "
                  f"{q['garbage']} garbage)") for q in p["pending_land"]]
        pend += [_(lang, f"institución {t}", f"institution {t}")
                 for t in p["pending_institutions"]]
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


def offer_lines(view: dict[str, Any], lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    if view.get("cost_track") is None:                    # round VI: no auction, no offers
        return out
    land = Text(_(lang, "Tierras en oferta", "Land on offer"), style="bold")
    land.append(_(lang, f" (puja mínima {view['min_bid']} monedas): ",
                  f" (minimum bid {view['min_bid']} coins): "))
    land.append(" · ".join(land_words(t, lang) for t in view["land_display"]) or "—")
    out.append(land)
    price = view["price"]
    tech = Text(_(lang, "Tecnologías en oferta", "Technologies on offer"), style="bold")
    tech.append(_(lang, f" (a {price} de ciencia, solo al retirarte):",
                  f" (at {price} science, only on withdrawing):"))
    out.append(tech)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for t in view["tech_display"]:
        grid.add_row("", tech_name(t, lang), tech_effect(t, lang))
    if not view["tech_display"]:
        grid.add_row("", Text("—", style="dim"), "")
    out.append(grid)
    track = next(tr_ for tr_ in C.tracks if tr_.id == view["cost_track"])
    cost = Text(_(lang, "Coste de tecnología", "Technology cost"), style="bold")
    cost.append(_(lang, f" ({view['cost_track']}): ", f" ({view['cost_track']}): "))
    for i, v in enumerate(track.prices):
        if i:
            cost.append(" ")
        cost.append(f"[{v}]" if i == view["marker"] else str(v),
                    style="bold reverse" if i == view["marker"] else "dim")
    cost.append(_(lang, " — el marcador avanza una casilla por cada tierra ganada",
                  " — the marker moves one space per land tile won"), style="dim")
    out.append(cost)
    return out


def catastrophe_lines(view: dict[str, Any], lang: str) -> list[RenderableType]:
    cat = view.get("catastrophe")
    if not cat:
        return []
    head = Text(_(lang, "Catástrofe: ", "Catastrophe: "), style="bold")
    head.append(f"«{cat['name']}»" if lang == "es" else f"“{cat['name_en']}”", style="bold red")
    head.append(f" ({cat['id']}, {cat['label']})")
    if cat.get("bidding"):
        head.append(_(lang, " — se puja en ciencia; desplazar exige superar la puja",
                      " — bids in science; displacing needs a higher bid"), style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    grid.add_column()
    for i, col in enumerate(cat["columns"]):
        effect = eco_words(col["garbage"], -col["pollution"], lang) or _(lang, "nada", "nothing")
        if i == 0:
            effect += _(lang, " (la peor: da el jugador inicial)",
                        " (the worst: gives the start player)")
        taker = Text()
        if col["occupant"] is not None:
            taker = who(view, col["occupant"], lang)
            taker.append(_(lang, f" con {col['bid']} de ciencia", f" with {col['bid']} science"))
        grid.add_row("", col["column"], effect, taker)
    return [head, grid]


def auction_lines(view: dict[str, Any], lang: str) -> list[Text]:
    a = view.get("auction")
    if not a:
        return []
    line = Text(_(lang, "Subasta: ", "Auction: "), style="bold")
    if a["lone"]:
        line.append_text(who(view, view["sp"], lang))
        line.append(_(lang, f" es el único que queda: compra tierras a {view['min_bid']} monedas",
                      f" is the only one left: buys land at {view['min_bid']} coins"))
    elif a["tile"]:
        line.append(land_words(a["tile"], lang), style="bold")
        if a["high"] is not None:
            line.append(_(lang, f" · puja más alta {a['high']} de ",
                          f" · high bid {a['high']} by "))
            line.append_text(who(view, a["high_seat"], lang))
        else:
            line.append(_(lang, " · sin pujas aún", " · no bid yet"))
        line.append(_(lang, " · pasan: ", " · passed: "))
        line.append_text(seats_text(view, a["passed"], lang))
    else:
        line.append(_(lang, "el jugador inicial elige la próxima tierra",
                      "the start player picks the next tile"))
    line.append(_(lang, " · retirados (en orden): ", " · withdrawn (in order): "))
    line.append_text(seats_text(view, a["withdrawn"], lang))
    return [line]


def step_lines(view: dict[str, Any], lang: str) -> list[Text]:
    out = []
    m = view.get("maintenance")
    if m:
        line = Text(_(lang, "Mantenimiento de ", "Maintenance of "), style="bold")
        line.append_text(who(view, m["player"], lang))
        line.append(_(lang, f", paso {m['step']}", f", step {m['step']}"))
        sel = m.get("selected")
        if sel and "tile" in sel:
            line.append(_(lang, " · en mano: ", " · in hand: "))
            line.append(land_words(sel["tile"], lang), style="bold")
            line.append(_(lang, f" ({'con' if sel['citizen'] else 'sin'} ciudadano, "
                                f"{sel['garbage']} basura)",
                          f" ({'with' if sel['citizen'] else 'no'} citizen, "
                          f"{sel['garbage']} garbage)"))
        elif sel:
            line.append(_(lang, " · en mano: ", " · in hand: "))
            line.append(tech_name(sel["tech"], lang), style="bold")
        if m.get("cell") is not None:
            line.append(_(lang, f" · colocada en {xy(m['cell'])}", f" · placed at {xy(m['cell'])}"))
        if m.get("extra_garbage"):
            line.append(_(lang, f" · basura sobrante {m['extra_garbage']}",
                          f" · extra garbage {m['extra_garbage']}"))
        if m.get("tech"):
            line.append(_(lang, f" · usando {tech_name(m['tech'], lang)} (quedan {m['left']})",
                          f" · using {tech_name(m['tech'], lang)} ({m['left']} left)"))
        if m.get("lifted"):
            line.append(_(lang, f" · ciudadano levantado de {m['lifted']}",
                          f" · citizen lifted from {m['lifted']}"))
        out.append(line)
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


def general_lines(view: dict[str, Any], lang: str) -> list[Text]:
    out = []
    cards = [card_words(c, lang) for c in view["scoring_cards"].values() if c]
    line = Text(_(lang, "Tarjetas de puntuación: ", "Scoring cards: "), style="bold")
    line.append(" · ".join(cards) if cards else _(lang, "ninguna (variante sin tarjetas)",
                                                  "none (variant without cards)"))
    out.append(line)
    piles = view["piles"]
    rest = Text(_(lang, "Quedan: tierras ", "Left: land "), style="dim")
    rest.append(", ".join(f"{k} {v}" for k, v in piles["land"].items()), style="dim")
    rest.append(_(lang, " · tecnologías ", " · technologies "), style="dim")
    rest.append(", ".join(f"{k} {v}" for k, v in piles["tech"].items()), style="dim")
    cats, bridges = piles["catastrophes"], view["bridges_supply"]
    rest.append(_(lang, f" · catástrofes {cats} · puentes {bridges}",
                  f" · catastrophes {cats} · bridges {bridges}"), style="dim")
    out.append(rest)
    return out


# ----- actions ---------------------------------------------------------------------------------
def english_alias(game_id: str, name: str) -> str | None:
    """The English alias of an action name: ``columna-A`` → ``column-a``."""
    for key, value in A.ALIASES.items():
        if value == name and key != name.lower() and key.isascii():
            return key
    return None


def action_words(text: str, lang: str) -> str:
    """``subastar L04`` (ids, not numbers); in English with its alias: ``subastar L04 (auction
    L04)``."""
    try:
        shown = action_text(A.parse(text))
    except Exception:  # noqa: BLE001  (a record line is shown as it is)
        shown = text
    if lang == "es":
        return shown
    name, _sp, arg = shown.partition(" ")
    alias = english_alias("sigloxx", name)
    return f"{shown} ({alias}{' ' + arg if arg else ''})" if alias else shown


def _tile_id(arg: int | None) -> str:
    return C.land[arg].id if arg is not None and 0 <= arg < len(C.land) else str(arg)


def _tech_id(arg: int | None) -> str:
    return C.tech[arg].id if arg is not None and 0 <= arg < len(C.tech) else str(arg)


def _site_id(arg: int | None) -> str:
    if arg is None or not 0 <= arg < 3 * len(C.land):
        return str(arg)
    return C.land[arg // 3].id + "abc"[arg % 3]


def _garbage_on(view: dict[str, Any], seat: int, tile: str) -> int:
    for it in view["players"][seat]["country"]:
        if it.get("tile") == tile:
            return it["garbage"]
    return 0


def _neighbours(view: dict[str, Any], seat: int, cell: int, lang: str) -> str:
    items = {it["cell"]: it for it in view["players"][seat]["country"]}
    names = []
    for dx, dy, es, en in ((0, -1, "al norte", "to the north"), (1, 0, "al este", "to the east"),
                           (0, 1, "al sur", "to the south"), (-1, 0, "al oeste", "to the west")):
        x, y = A.cell_xy(cell)
        it = items.get(cell_of(x + dx, y + dy)) if -OX <= x + dx < SIZE - OX and \
            -OY <= y + dy < SIZE - OY else None
        if it:
            names.append(f"{it.get('tile') or it.get('tech')} {_(lang, es, en)}")
    return ", ".join(names)


def action_meaning(game: Game, view: dict[str, Any], action: Action, seat: int,
                   lang: str) -> str:
    """What an action does, in a few words, with names instead of numbers."""
    name, arg = action.name, action.arg
    auction = view.get("auction") or {}
    m = view.get("maintenance") or {}
    if name == A.PASS:
        return _(lang, f"pasar en {auction.get('tile')} (sigues en la subasta)",
                 f"pass on {auction.get('tile')} (you stay in the auction)")
    if name == A.WITHDRAW:
        order = len(auction.get("withdrawn", [])) + 1
        return _(lang, f"retirarte de la subasta de tierras (el {order}º); luego puedes comprar "
                       f"una tecnología a {view['price']} de ciencia",
                 f"withdraw from the land auction (no. {order}); then you may buy a "
                 f"technology at {view['price']} science")
    if name == A.NO_BUY:
        return _(lang, "no comprar ninguna tecnología", "buy no technology")
    if name == A.DONE:
        if m.get("tech"):
            return _(lang, f"dejar de usar {tech_name(m['tech'], lang)}",
                     f"stop using {tech_name(m['tech'], lang)}")
        return _(lang, "terminar tu mantenimiento", "end your Maintenance")
    if name == A.AUCTION:
        t = _tile_id(arg)
        return _(lang, f"subastar {land_words(t, lang)} (abres con al menos {view['min_bid']} "
                       "monedas)", f"put {land_words(t, lang)} up for auction (you open with at "
                 f"least {view['min_bid']} coins)")
    if name == A.BUY_LAND:
        t = _tile_id(arg)
        return _(lang, f"comprar {land_words(t, lang)} por {view['min_bid']} monedas",
                 f"buy {land_words(t, lang)} for {view['min_bid']} coins")
    if name == A.BUY_TECH:
        t = _tech_id(arg)
        return _(lang, f"comprar {tech_name(t, lang)} por {view['price']} de ciencia: ",
                 f"buy {tech_name(t, lang)} for {view['price']} science: ") + tech_effect(t, lang)
    if name == A.BID:
        tile = auction.get("tile")
        if auction.get("high") is None:
            return _(lang, f"abrir la puja por {tile} con {arg} monedas",
                     f"open the bidding for {tile} with {arg} coins")
        return _(lang, f"pujar {arg} monedas por {tile}", f"bid {arg} coins for {tile}")
    if name.startswith(A.COLUMN):
        letter = name[len(A.COLUMN):]
        cat = view.get("catastrophe") or {}
        col = next((c for c in cat.get("columns", []) if c["column"] == letter), None)
        text = _(lang, f"columna {letter}", f"column {letter}")
        if col is not None:
            text += " (" + (eco_words(col["garbage"], -col["pollution"], lang) or
                            _(lang, "nada", "nothing")) + ")"
        text += _(lang, f" pujando {arg} de ciencia", f" bidding {arg} science")
        if col is not None and col["occupant"] is not None:
            text += _(lang, f", desplazando a {who(view, col['occupant'], lang).plain}",
                      f", displacing {who(view, col['occupant'], lang).plain}")
        if col is not None and cat["columns"] and col is cat["columns"][0]:
            text += _(lang, "; serás jugador inicial", "; you will be start player")
        return text
    if name == A.GARBAGE:
        t = _tile_id(arg)
        g = _garbage_on(view, seat, t)
        left = m.get("extra_garbage") if view["step"] == "basura_extra" else \
            view["players"][seat]["set_aside_garbage"]
        return _(lang, f"poner una basura en {t} (tendrá {g + 1} de {CAP}; quedan {left} por "
                       "colocar)", f"put a garbage token on {t} (it will hold {g + 1} of {CAP}; "
                 f"{left} left to place)")
    if name == A.REMOVE:
        t, g = _tile_id(arg), _garbage_on(view, seat, _tile_id(arg))
        return _(lang, f"quitar una basura de {t} (tiene {g}; quitas hasta {m.get('left')})",
                 f"remove a garbage token from {t} (it holds {g}; up to {m.get('left')} to go)")
    if name == A.RECYCLE:
        t = _tile_id(arg)
        left = (view.get("production") or {}).get("capacity_left")
        return _(lang, f"reciclar una basura de {t} (tiene {_garbage_on(view, seat, t)}; "
                       f"capacidad restante {left})",
                 f"recycle a garbage token from {t} (it holds {_garbage_on(view, seat, t)}; "
                 f"capacity left {left})")
    if name == A.PICK_LAND:
        t = _tile_id(arg)
        pend = next((q for q in view["players"][seat]["pending_land"] if q["tile"] == t), None)
        extra = ""
        if pend:
            extra = _(lang, f" ({'con' if pend['citizen'] else 'sin'} ciudadano, "
                            f"{pend['garbage']} basura)",
                      f" ({'with' if pend['citizen'] else 'no'} citizen, "
                      f"{pend['garbage']} garbage)")
        return _(lang, f"colocar ahora {land_words(t, lang)}", f"place {land_words(t, lang)} "
                 "now") + extra
    if name == A.PICK_INST:
        t = _tech_id(arg)
        return _(lang, f"colocar ahora la institución {tech_name(t, lang)} (vías "
                       f"{glyph(tile_rails(t))})", f"place the institution {tech_name(t, lang)} "
                 f"now (rails {glyph(tile_rails(t))})")
    if name.startswith(A.PLACE):
        bridged = name.startswith(A.PLACE_BRIDGED)
        rot = int(name.rsplit("-", 1)[1])
        sel = m.get("selected") or {}
        tid = sel.get("tile") or sel.get("tech") or "?"
        try:
            rails = glyph(tile_rails(tid, rot))
        except KeyError:
            rails = "?"
        text = _(lang, f"{tid} en {xy(arg)} girada {rot}° (vías {rails})",
                 f"{tid} at {xy(arg)} rotated {rot}° (rails {rails})")
        near = _neighbours(view, seat, arg, lang)
        if near:
            text += "; " + near
        if bridged:
            text += _(lang, "; con puente(s)", "; using bridge(s)")
        return text
    if name in (A.BRIDGE_E, A.BRIDGE_S):
        x, y = A.cell_xy(arg)
        x2, y2 = (x + 1, y) if name == A.BRIDGE_E else (x, y + 1)
        items = {it["cell"]: it for it in view["players"][seat]["country"]}

        def at(cx: int, cy: int) -> str:
            it = items.get(cell_of(cx, cy)) or {}
            return f"{it.get('tile') or it.get('tech') or '—'} ({cx},{cy})"
        text = _(lang, f"puente entre {at(x, y)} y {at(x2, y2)}",
                 f"bridge between {at(x, y)} and {at(x2, y2)}")
        held = view["players"][seat]["bridges_held"]
        if view["step"] != "puente":
            text += _(lang, f" (tienes {held} puente(s))", f" (you hold {held} bridge(s))")
        return text
    if name == A.PUT:
        sid = _site_id(arg)
        words = site_words(sid, lang)
        step = view["step"]
        if step == "situar" and m.get("lifted"):
            if m["lifted"] == sid:
                return _(lang, f"devolver el ciudadano a {words}",
                         f"put the citizen back on {words}")
            return _(lang, f"mover el ciudadano de {m['lifted']} a {words}",
                     f"move the citizen from {m['lifted']} to {words}")
        if step == "nuevos_ciudadanos":
            return _(lang, f"un ciudadano nuevo en {words}", f"a new citizen on {words}")
        return _(lang, f"situar el ciudadano en {words}", f"put the citizen on {words}")
    if name == A.LIFT:
        sid = _site_id(arg)
        return _(lang, f"levantar el ciudadano de {site_words(sid, lang)} para moverlo",
                 f"lift the citizen from {site_words(sid, lang)} to move it")
    if name == A.USE:
        t = _tech_id(arg)
        return _(lang, f"usar {tech_name(t, lang)} — ", f"use {tech_name(t, lang)} — ") + \
            tech_effect(t, lang).split("; ")[0]
    return ""


def _runs(legal: Sequence[Action]) -> list[tuple[int, int]]:
    """(first, last) index of each row: long runs of one amount action (bids) are one row."""
    rows = []
    i = 0
    while i < len(legal):
        a = legal[i]
        j = i
        if A.ARG_KIND.get(a.name) == "bid":
            while j + 1 < len(legal) and legal[j + 1].name == a.name and \
                    legal[j + 1].arg == (legal[j].arg or 0) + 1:
                j += 1
        if j - i + 1 < RUN_MIN:
            j = i
        rows.append((i, j))
        i = j + 1
    return rows


def run_meaning(game: Game, view: dict[str, Any], first: Action, last: Action, i: int, j: int,
                seat: int, lang: str) -> str:
    lo, hi = first.arg or 0, last.arg or 0
    base = action_meaning(game, view, first, seat, lang)
    if first.name == A.BID:
        unit = _(lang, "monedas", "coins")
        tile = (view.get("auction") or {}).get("tile")
        base = _(lang, f"pujar de {lo} a {hi} monedas por {tile}",
                 f"bid {lo} to {hi} coins for {tile}")
        if (view.get("auction") or {}).get("high") is None:
            base = _(lang, f"abrir la puja por {tile} con {lo} a {hi} monedas",
                     f"open the bidding for {tile} with {lo} to {hi} coins")
    else:
        unit = _(lang, "de ciencia", "science")
        base = base.replace(_(lang, f" pujando {lo} de ciencia", f" bidding {lo} science"),
                            _(lang, f" pujando de {lo} a {hi} de ciencia",
                              f" bidding {lo} to {hi} science"))
    word = first.name if lang == "es" else (english_alias("sigloxx", first.name) or first.name)
    return base + _(lang, f" — nº {i + 1} = {lo} {unit} … nº {j + 1} = {hi} {unit}; o escribe "
                          f"«{word} N»", f" — no. {i + 1} = {lo} {unit} … no. {j + 1} = {hi} "
                    f"{unit}; or type “{word} N”")


# ----- the end ---------------------------------------------------------------------------------
def vp_during_play(game: Game) -> tuple[list[int], list[int]] | None:
    """(income VP, scoring-card VP) per seat, from the events of a replay of the record."""
    from ludoteca.core.record import walk
    n = len(game.names)
    income, cards = [0] * n, [0] * n
    try:
        for _g, _s, _t, events in walk(game.record()):
            for e in events:
                if e.kind == "produccion":
                    income[e.data["player"]] += int(e.data.get("vp", 0))
                elif e.kind == "bonificacion":
                    cards[e.data["player"]] += int(e.data.get("vp", 0))
    except Exception:  # noqa: BLE001  (the split is a courtesy; the totals come from the result)
        return None
    return income, cards


TIE_WORDS = {"fewest_garbage": ("menos basura", "fewest garbage"),
             "highest_pollution": ("contaminación más a la derecha", "best pollution level"),
             "most_coins_plus_science": ("más monedas + ciencia", "most coins + science")}


def result_lines(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    result = game.result
    if result is None:
        return []
    view = game.view(None)
    details = result.details or {}
    finals = details.get("final_scoring") or [{} for _s in game.names]
    held = details.get("held") or [{} for _s in game.names]
    keys = details.get("tie_break") or [[] for _s in game.names]
    split = vp_during_play(game)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  collapse_padding=True, title=tr(lang, "result_title"), title_justify="left",
                  title_style="bold")
    table.add_column("#", justify="right")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(_(lang, "PV", "VP"), justify="right", style="bold")
    heads = [_(lang, "ingresos", "income"), _(lang, "tarjetas", "cards")] if split else \
        [_(lang, "en juego", "in play")]
    heads += [_(lang, "monedas", "coins"), _(lang, "ciencia", "science"),
              _(lang, "ambiente", "environ."), _(lang, "limpias", "clean"),
              _(lang, "basura", "garbage")]
    for h in heads:
        table.add_column(h, justify="right")
    places = details.get("places")
    for i, s in enumerate(result.ranking):
        place = places[s] if places else i + 1
        name = who(view, s, lang)
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        f = finals[s]
        total = result.scores[s]
        no_cards = not any(view["scoring_cards"].values())
        cells = [str(split[0][s]), "—" if no_cards else str(split[1][s])] if split else \
            [str(total - f.get("total", 0))]
        cells += [f"{f.get(k, 0)}" for k in ("coins", "science", "environment", "clean_tiles",
                                            "garbage")]
        table.add_row(f"{place}.", name, str(total), *cells,
                      style="bold" if s in result.winners else None)
    out: list[RenderableType] = [table]
    out.append(Text(_(lang, "Monedas y ciencia: mayorías (6 y 3 PV); ambiente: +p si p > 0, 2p "
                            "si p < 0; limpias: tierras sin basura × 2/3/4 según la "
                            "contaminación; basura: −1 por ficha.",
                      "Coins and science: majorities (6 and 3 VP); environment: +p if p > 0, 2p "
                      "if p < 0; clean: land tiles without garbage × 2/3/4 by pollution; "
                      "garbage: −1 per token."), style="dim"))
    tie = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                collapse_padding=True, title_justify="left", title_style="bold",
                title=_(lang, "Desempate y reservas", "Tie-breaks and holdings"))
    tie.add_column(tr(lang, "h_player"), no_wrap=True)
    for h in (_(lang, "fichas de basura", "garbage tokens"),
              _(lang, "contaminación", "pollution"), _(lang, "monedas", "coins"),
              _(lang, "ciencia", "science"), _(lang, "monedas + ciencia", "coins + science")):
        tie.add_column(h, justify="right")
    for s in result.ranking:
        k = keys[s] if len(keys[s]) >= 4 else [0, 0, 0, 0]
        tie.add_row(who(view, s, lang), str(-k[1]), signed(k[2]),
                    str(held[s].get("coins", "")), str(held[s].get("science", "")), str(k[3]))
    out.append(tie)
    order = ", ".join(_(lang, *TIE_WORDS.get(t, (t, t)))
                      for t in (details.get("tie_break_order") or [])[1:])
    if order:
        out.append(Text(_(lang, f"A igualdad de PV: {order}; si persiste, se comparte la victoria.",
                          f"With equal VP: {order}; if still equal, the victory is shared."),
                        style="dim"))
    names = tr(lang, "and").join(who(view, w, lang).plain for w in result.winners)
    key = "winners_line" if len(result.winners) == 1 else "winners_tie"
    winners = Text(tr(lang, key, names=names), style="bold green")
    top = max(result.scores)
    level = [s for s in range(len(result.scores)) if result.scores[s] == top]
    if len(level) > len(result.winners) and keys and all(len(keys[s]) >= 4 for s in level):
        crit = (details.get("tie_break_order") or [])[1:]
        for idx, t in enumerate(crit, 1):
            if len({keys[s][idx] for s in level}) > 1:
                winners.append(_(lang, f" (empate a {top} PV, decidido por "
                                       f"{_(lang, *TIE_WORDS.get(t, (t, t)))})",
                                 f" (tied on {top} VP, decided by "
                                 f"{_(lang, *TIE_WORDS.get(t, (t, t)))})"))
                break
    out.append(winners)
    if result.reason == C.end_reason:
        out.append(Text(_(lang, "La partida acaba tras la puntuación final de la ronda VI.",
                          "The game ends after the final scoring of round VI.")))
    else:
        out.append(Text(tr(lang, "reason_other", reason=result.reason)))
    return out


# ----- the renderer ----------------------------------------------------------------------------
def place_targets(game: Game, seat: int, legal: Sequence[Action]) -> dict[int, list[int]]:
    """Cell → rotations (quarter turns) where the tile in hand may go."""
    out: dict[int, list[int]] = {}
    for a in legal:
        if a.name.startswith(A.PLACE) and a.arg is not None:
            q = A.ROTATION_OF[a.name]
            rots = out.setdefault(a.arg, [])
            if q not in rots:
                rots.append(q)
    for rots in out.values():
        rots.sort()
    return out


def tile_marks(view: dict[str, Any], seat: int | None,
               legal: Sequence[Action]) -> dict[int, frozenset[int]]:
    """Cells to highlight: the tiles an action may touch (garbage, recycling) or the new tile."""
    if seat is None:
        return {}
    cells = {it.get("tile"): it["cell"] for it in view["players"][seat]["country"]}
    picked: set[int | None] = set()
    for a in legal:
        if a.name in (A.GARBAGE, A.REMOVE, A.RECYCLE) and a.arg is not None:
            picked.add(cells.get(_tile_id(a.arg)))
        elif a.name in (A.PUT, A.LIFT) and a.arg is not None:
            picked.add(cells.get(_tile_id(a.arg // 3)))
    m = view.get("maintenance") or {}
    if m.get("cell") is not None:
        picked.add(m["cell"])
    chosen = frozenset(c for c in picked if c is not None)
    return {seat: chosen} if chosen else {}


class SigloRenderer(GameRenderer):
    """The screen of «Siglo XX»."""

    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"ronda {view['roman']} de {ROMAN[-1]}",
                   f"round {view['roman']} of {ROMAN[-1]}")]
        phase = PHASES.get(view["phase"])
        if phase:
            step = STEPS.get(view["step"], ("", ""))
            text = _(lang, *phase)
            if _(lang, *step):
                text += f" ({_(lang, *step)})"
            parts.append(text)
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        view = game.view(seat)
        legal = game.legal_actions(seat) if seat is not None else []
        targets = place_targets(game, seat, legal) if seat is not None else {}
        parts: list[RenderableType] = []
        parts += countries(game, view, seat, lang, width, targets,
                           tile_marks(view, seat, legal))
        parts += [legend(lang), Text()]
        parts += [players_table(view, lang, labels, seat)]
        parts += player_details(view, lang)
        parts.append(Text())
        parts += offer_lines(view, lang)
        cat = catastrophe_lines(view, lang)
        if cat:
            parts += cat
        parts += auction_lines(view, lang) + step_lines(view, lang)
        parts += general_lines(view, lang)
        return Group(*parts)

    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        first = Text.assemble((prefix, "dim"), name, " ▸ ",
                              (action_words(entry.text, lang), "bold"))
        lines: list[RenderableType] = [first]
        for event in entry.events:
            style = "bold" if event.kind in ("fin", "ronda", "catastrofe", "bonificacion",
                                             "gana", "compra_solo") else \
                "dim" if event.kind == "forzada" else ""
            lines.append(Padding(Text(game.describe(event, lang), style=style),
                                 (0, 0, 0, indent), expand=False))
        return lines

    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for i, j in _runs(legal):
            if i == j:
                table.add_row(f"{i + 1}.", action_words(str(legal[i]), lang),
                              action_meaning(game, view, legal[i], seat, lang))
                continue
            first, last = legal[i], legal[j]
            words = f"{first.name} {first.arg}…{last.arg}"
            if lang != "es":
                alias = english_alias("sigloxx", first.name)
                words += f" ({alias} N)" if alias else ""
            table.add_row(f"{i + 1}–{j + 1}.", words,
                          run_meaning(game, view, first, last, i, j, seat, lang))
        return table

    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        if game.result is None:
            return []
        view = game.view(None)
        out: list[RenderableType] = [Text(_(lang, "Países al final", "Final countries"),
                                          style="bold")]
        out += countries(game, view, None, lang, 100)
        out += [legend(lang), Text()]
        return out + result_lines(game, lang, labels)

    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        how = _(lang, "fijado por la opción first_player", "set by the option first_player") \
            if game.options.get("first_player") is not None else _(lang, "por sorteo",
                                                                     "drawn at random")
        return escape(_(lang, f"Ronda I: {who(view, view['sp'], lang).plain} es jugador inicial "
                              f"({how}).", f"Round I: {who(view, view['sp'], lang).plain} is "
                        f"start player ({how})."))

    def opening_lines(self, game: Game, lang: str) -> list[RenderableType]:
        out: list[RenderableType] = []
        last = None
        for event in game.opening_events:
            text = game.describe(event, lang)
            if text != last:                  # the start player is announced twice in setup
                out.append(Text("    " + text))
            last = text
        return out

    def player_style(self, game: Game, seat: int) -> str:
        colours = C.colours
        return colour_style(colours[seat]) if 0 <= seat < len(colours) else "bold"

    def private(self, game: Game, seat: int) -> bool:
        """Every screen shows the seat's secret coins and science (and actions bounded by
        them): at a table of several people the keyboard is passed before it."""
        return True


RENDERER = SigloRenderer()
