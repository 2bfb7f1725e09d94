"""The numbered actions in words: tile and technology ids instead of numbers, cells as ``x,y``,
rotations in degrees, long runs of bids as one numbered range; and what each action does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.common import LAND_ID, N_LAND, N_TECH, TECH_ID
from ludoteca.games.sigloxx.text import action_text

from .common import (
    OX,
    OY,
    SIZE,
    _,
    cell_of,
    current,
    glyph,
    land_words,
    shows_game,
    site_words,
    tech_name,
    tile_rails,
    who,
    xy,
)
from .tech import column_effect, tech_effect

RUN_MIN = 5        # this many consecutive amounts of one action are shown as one numbered range


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
    return LAND_ID[arg] if arg is not None and 0 <= arg < N_LAND else str(arg)


def _tech_id(arg: int | None) -> str:
    return TECH_ID[arg] if arg is not None and 0 <= arg < N_TECH else str(arg)


def _site_id(arg: int | None) -> str:
    if arg is None or not 0 <= arg < 3 * N_LAND:
        return str(arg)
    return LAND_ID[arg // 3] + "abc"[arg % 3]


def _garbage_on(view: dict[str, Any], seat: int, tile: str) -> int:
    for it in view["players"][seat]["country"]:
        if it.get("tile") == tile:
            return it["garbage"]
    return 0


def _neighbours(view: dict[str, Any], seat: int, cell: int, lang: str) -> str:
    items = {it["cell"]: it for it in view["players"][seat]["country"]}
    names = []
    x, y = A.cell_xy(cell)
    for dx, dy, es, en in ((0, -1, "al norte", "to the north"), (1, 0, "al este", "to the east"),
                           (0, 1, "al sur", "to the south"), (-1, 0, "al oeste", "to the west")):
        inside = -OX <= x + dx < SIZE - OX and -OY <= y + dy < SIZE - OY
        it = items.get(cell_of(x + dx, y + dy)) if inside else None
        if it:
            names.append(f"{it.get('tile') or it.get('tech')} {_(lang, es, en)}")
    return ", ".join(names)


def _pending_words(q: dict[str, Any] | None, lang: str) -> str:
    if not q:
        return ""
    return _(lang, f" ({'con' if q['citizen'] else 'sin'} ciudadano, {q['garbage']} basura)",
             f" ({'with' if q['citizen'] else 'no'} citizen, {q['garbage']} garbage)")


# ----- one function per kind of action: (view, action, seat, lang) -> words ---------------------
Meaning = Callable[[dict[str, Any], Action, int, str], str]


def _pass(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    tile = (view.get("auction") or {}).get("tile")
    return _(lang, f"pasar en {tile} (sigues en la subasta)",
             f"pass on {tile} (you stay in the auction)")


def _withdraw(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    order = len((view.get("auction") or {}).get("withdrawn", [])) + 1
    return _(lang, f"retirarte de la subasta de tierras (el {order}º); luego puedes comprar "
                   f"una tecnología a {view['price']} de ciencia",
             f"withdraw from the land auction (no. {order}); then you may buy a technology at "
             f"{view['price']} science")


def _done(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    tech = (view.get("maintenance") or {}).get("tech")
    if tech:
        return _(lang, f"dejar de usar {tech_name(tech, lang)}",
                 f"stop using {tech_name(tech, lang)}")
    return _(lang, "terminar tu mantenimiento", "end your Maintenance")


def _auction(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = land_words(_tile_id(action.arg), lang)
    return _(lang, f"subastar {t} (abres con al menos {view['min_bid']} monedas)",
             f"put {t} up for auction (you open with at least {view['min_bid']} coins)")


def _buy_land(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = land_words(_tile_id(action.arg), lang)
    return _(lang, f"comprar {t} por {view['min_bid']} monedas",
             f"buy {t} for {view['min_bid']} coins")


def _buy_tech(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tech_id(action.arg)
    return _(lang, f"comprar {tech_name(t, lang)} por {view['price']} de ciencia: ",
             f"buy {tech_name(t, lang)} for {view['price']} science: ") + tech_effect(t, lang)


def _bid(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    auction = view.get("auction") or {}
    tile, arg = auction.get("tile"), action.arg
    if auction.get("high") is None:
        return _(lang, f"abrir la puja por {tile} con {arg} monedas",
                 f"open the bidding for {tile} with {arg} coins")
    return _(lang, f"pujar {arg} monedas por {tile}", f"bid {arg} coins for {tile}")


def _column(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    letter = action.name[len(A.COLUMN):]
    cat = view.get("catastrophe") or {}
    col = next((c for c in cat.get("columns", []) if c["column"] == letter), None)
    text = _(lang, f"columna {letter}", f"column {letter}")
    if col is not None:
        text += f" ({column_effect(col, lang)})"
    text += _(lang, f" pujando {action.arg} de ciencia", f" bidding {action.arg} science")
    if col is not None and col["occupant"] is not None:
        text += _(lang, f", desplazando a {who(view, col['occupant'], lang).plain}",
                  f", displacing {who(view, col['occupant'], lang).plain}")
    if col is not None and col is cat["columns"][0]:
        text += _(lang, "; serás jugador inicial", "; you will be start player")
    return text


def _garbage(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tile_id(action.arg)
    g = _garbage_on(view, seat, t)
    left = (view.get("maintenance") or {}).get("extra_garbage") \
        if view["step"] == "basura_extra" else view["players"][seat]["set_aside_garbage"]
    cap = current().CAP
    return _(lang, f"poner una basura en {t} (tendrá {g + 1} de {cap}; quedan {left} por "
                   "colocar)", f"put a garbage token on {t} (it will hold {g + 1} of {cap}; "
             f"{left} left to place)")


def _remove(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tile_id(action.arg)
    g, left = _garbage_on(view, seat, t), (view.get("maintenance") or {}).get("left")
    return _(lang, f"quitar una basura de {t} (tiene {g}; quitas hasta {left})",
             f"remove a garbage token from {t} (it holds {g}; up to {left} to go)")


def _recycle(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tile_id(action.arg)
    g, left = _garbage_on(view, seat, t), (view.get("production") or {}).get("capacity_left")
    return _(lang, f"reciclar una basura de {t} (tiene {g}; capacidad restante {left})",
             f"recycle a garbage token from {t} (it holds {g}; capacity left {left})")


def _pick_land(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tile_id(action.arg)
    pend = next((q for q in view["players"][seat]["pending_land"] if q["tile"] == t), None)
    return _(lang, f"colocar ahora {land_words(t, lang)}",
             f"place {land_words(t, lang)} now") + _pending_words(pend, lang)


def _pick_inst(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tech_id(action.arg)
    rails = glyph(tile_rails(t))
    return _(lang, f"colocar ahora la institución {tech_name(t, lang)} (vías {rails})",
             f"place the institution {tech_name(t, lang)} now (rails {rails})")


def _place(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    rot = int(action.name.rsplit("-", 1)[1])
    sel = (view.get("maintenance") or {}).get("selected") or {}
    tid = sel.get("tile") or sel.get("tech") or "?"
    try:
        rails = glyph(tile_rails(tid, rot))
    except KeyError:
        rails = "?"
    text = _(lang, f"{tid} en {xy(action.arg)} girada {rot}° (vías {rails})",
             f"{tid} at {xy(action.arg)} rotated {rot}° (rails {rails})")
    near = _neighbours(view, seat, action.arg, lang)
    if near:
        text += "; " + near
    if action.name.startswith(A.PLACE_BRIDGED):
        text += _(lang, "; con puente(s)", "; using bridge(s)")
    return text


def _bridge(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    x, y = A.cell_xy(action.arg)
    x2, y2 = (x + 1, y) if action.name == A.BRIDGE_E else (x, y + 1)
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


def _put(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    sid = _site_id(action.arg)
    words = site_words(sid, lang)
    lifted = (view.get("maintenance") or {}).get("lifted")
    if view["step"] == "situar" and lifted:
        if lifted == sid:
            return _(lang, f"devolver el ciudadano a {words}", f"put the citizen back on {words}")
        return _(lang, f"mover el ciudadano de {lifted} a {words}",
                 f"move the citizen from {lifted} to {words}")
    if view["step"] == "nuevos_ciudadanos":
        return _(lang, f"un ciudadano nuevo en {words}", f"a new citizen on {words}")
    return _(lang, f"situar el ciudadano en {words}", f"put the citizen on {words}")


def _lift(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    words = site_words(_site_id(action.arg), lang)
    return _(lang, f"levantar el ciudadano de {words} para moverlo",
             f"lift the citizen from {words} to move it")


def _use(view: dict[str, Any], action: Action, seat: int, lang: str) -> str:
    t = _tech_id(action.arg)
    return _(lang, f"usar {tech_name(t, lang)} — ", f"use {tech_name(t, lang)} — ") + \
        tech_effect(t, lang).split("; ")[0]


MEANINGS: dict[str, Meaning] = {
    A.PASS: _pass, A.WITHDRAW: _withdraw, A.DONE: _done,
    A.NO_BUY: lambda v, a, s, lang: _(lang, "no comprar ninguna tecnología",
                                      "buy no technology"),
    A.AUCTION: _auction, A.BUY_LAND: _buy_land, A.BUY_TECH: _buy_tech, A.BID: _bid,
    A.GARBAGE: _garbage, A.REMOVE: _remove, A.RECYCLE: _recycle, A.PICK_LAND: _pick_land,
    A.PICK_INST: _pick_inst, A.BRIDGE_E: _bridge, A.BRIDGE_S: _bridge, A.PUT: _put,
    A.LIFT: _lift, A.USE: _use,
}


@shows_game
def action_meaning(game: Game, view: dict[str, Any], action: Action, seat: int,
                   lang: str) -> str:
    """What an action does, in a few words, with names instead of numbers."""
    name = action.name
    if name.startswith(A.COLUMN):
        return _column(view, action, seat, lang)
    if name.startswith(A.PLACE):
        return _place(view, action, seat, lang)
    meaning = MEANINGS.get(name)
    return meaning(view, action, seat, lang) if meaning else ""


# ----- runs of amounts ---------------------------------------------------------------------------
def runs(legal: Sequence[Action]) -> list[tuple[int, int]]:
    """(first, last) index of each row: long runs of one amount action (bids) are one row."""
    rows = []
    i = 0
    while i < len(legal):
        j = i
        if A.ARG_KIND.get(legal[i].name) == "bid":
            while j + 1 < len(legal) and legal[j + 1].name == legal[i].name and \
                    legal[j + 1].arg == (legal[j].arg or 0) + 1:
                j += 1
        if j - i + 1 < RUN_MIN:
            j = i
        rows.append((i, j))
        i = j + 1
    return rows


def _run_base(game: Game, view: dict[str, Any], first: Action, lo: int, hi: int, seat: int,
              lang: str) -> tuple[str, str]:
    """The words of a run of amounts and their unit."""
    if first.name == A.BID:
        tile = (view.get("auction") or {}).get("tile")
        if (view.get("auction") or {}).get("high") is None:
            return _(lang, f"abrir la puja por {tile} con {lo} a {hi} monedas",
                     f"open the bidding for {tile} with {lo} to {hi} coins"), \
                _(lang, "monedas", "coins")
        return _(lang, f"pujar de {lo} a {hi} monedas por {tile}",
                 f"bid {lo} to {hi} coins for {tile}"), _(lang, "monedas", "coins")
    base = action_meaning(game, view, first, seat, lang)
    base = base.replace(_(lang, f" pujando {lo} de ciencia", f" bidding {lo} science"),
                        _(lang, f" pujando de {lo} a {hi} de ciencia",
                          f" bidding {lo} to {hi} science"))
    return base, _(lang, "de ciencia", "science")


@shows_game
def run_meaning(game: Game, view: dict[str, Any], first: Action, last: Action, i: int, j: int,
                seat: int, lang: str) -> str:
    """A run of amounts in one row: its range, its numbers and how to type any amount."""
    lo, hi = first.arg or 0, last.arg or 0
    base, unit = _run_base(game, view, first, lo, hi, seat, lang)
    word = first.name if lang == "es" else (english_alias("sigloxx", first.name) or first.name)
    return base + _(lang, f" — nº {i + 1} = {lo} {unit} … nº {j + 1} = {hi} {unit}; o escribe "
                          f"«{word} N»", f" — no. {i + 1} = {lo} {unit} … no. {j + 1} = {hi} "
                    f"{unit}; or type “{word} N”")


# ----- what the actions touch on the map ---------------------------------------------------------
def place_targets(legal: Sequence[Action]) -> dict[int, list[int]]:
    """Cell → rotations (quarter turns) where the tile in hand may go."""
    out: dict[int, list[int]] = {}
    for a in legal:
        if a.name.startswith(A.PLACE) and a.arg is not None:
            rots = out.setdefault(a.arg, [])
            if A.ROTATION_OF[a.name] not in rots:
                rots.append(A.ROTATION_OF[a.name])
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
