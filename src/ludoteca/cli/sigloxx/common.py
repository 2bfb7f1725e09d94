"""What every part of the «Siglo XX» screen shares: the content of the game shown, the seat
colours, yields and tiles in a few characters, and lines that fit a width without cutting a word.

The screen shows the game's own content (``--option content=FILE``): every entry point that
receives the game (the renderer's methods, :func:`shows_game`) makes it :func:`current` for
the render, and the parts read their tiles, technologies and cards from ``current()``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.text import Text

from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.common import GRID_SIZE, ORIGIN_CELL, P_MAX, P_MIN
from ludoteca.games.sigloxx.content import SITE_RECYCLING
from ludoteca.games.sigloxx.effects import (  # noqa: F401 (shared with the screen's parts)
    E_,
    N_,
    RAIL_GLYPH,
    S_,
    W_,
    amounts,
    glyph,
    tile_rails,
)
from ludoteca.games.sigloxx.tables import Tables, current, using

SIZE = GRID_SIZE                        # the window, the same for every content (ruling X1)
OX, OY = ORIGIN_CELL % SIZE, ORIGIN_CELL // SIZE

F = TypeVar("F", bound=Callable[..., Any])


def shows_game(fn: F) -> F:
    """Run ``fn(game, …)`` (or a renderer's ``fn(self, game, …)``) with the game's content as
    :func:`current`."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        game = next((a for a in args[:2] if hasattr(a, "K")), None)
        if game is None:
            return fn(*args, **kwargs)
        with using(game.K):
            return fn(*args, **kwargs)
    return wrapper  # type: ignore[return-value]


# seat styles by colour name (the shipped names), else by seat (a content's own names)
COLOUR_STYLES = {"rojo": "bold red", "amarillo": "bold yellow", "verde": "bold green",
                 "azul": "bold dodger_blue1", "morado": "bold magenta"}
SEAT_STYLES = ("bold red", "bold yellow", "bold green", "bold dodger_blue1", "bold magenta")
# the technology cost tracks by their content id
TRACK_NAMES = {"tablero": ("tablero", "board"), "loseta-3": ("loseta, cara 3", "tile, side 3"),
               "loseta-4": ("loseta, cara 4", "tile, side 4")}

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
    """The Spanish or the English words."""
    return es if lang == "es" else en


def colour_style(colour: str) -> str:
    """The style of a seat's colour: by the shipped colour names, or by the seat that a
    content's own colour name belongs to."""
    style = COLOUR_STYLES.get(colour)
    if style is None:
        names = current().COLOURS
        style = SEAT_STYLES[names.index(colour)] if colour in names else "bold"
    return style


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    """``Ana (rojo)`` in the seat's colour."""
    if seat is None or not 0 <= seat < len(view["players"]):
        return Text("—", style="dim")
    p = view["players"][seat]
    colour = p["colour"] if lang == "es" else p["colour_en"]
    return Text(f"{p['name']} ({colour})", style=colour_style(p["colour"]))


def short_who(view: dict[str, Any], seat: int | None) -> Text:
    """The seat's name alone, in its colour."""
    if seat is None or not 0 <= seat < len(view["players"]):
        return Text("—", style="dim")
    p = view["players"][seat]
    return Text(p["name"], style=colour_style(p["colour"]))


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


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def rails_of(item: dict[str, Any]) -> int:
    """Rail bits of a placed tile (N E S W after its rotation)."""
    tile_id = item.get("tile") or item["tech"]
    return tile_rails(tile_id, item["rotation"], current())


def site_token(site: Any, staffed: bool | None, lang: str) -> str:
    """``●2m1c`` (a city), ``○R2`` (a recycling site); without a mark when ``staffed`` is None."""
    mark = "" if staffed is None else ("●" if staffed else "○")
    if site.kind == SITE_RECYCLING:
        return f"{mark}R{site.capacity}"
    return mark + yields(site.coins, site.science, site.vp, lang)


def land_words(tile_id: str, lang: str, rotation: int = 0, K: Tables | None = None) -> str:
    """``L04 ─ 3m`` / ``S1 ┼ 1m1c 2m1c R1``: the tile's rails and sites."""
    K = K or current()
    t = K.LAND_BY_ID[tile_id]
    return f"{tile_id} {glyph(tile_rails(tile_id, rotation, K))} " + \
        " ".join(site_token(s, None, lang) for s in t.sites)


def site_words(site_id: str, lang: str, K: Tables | None = None) -> str:
    """``L07b (ciudad 1m)`` / ``S1c (reciclaje, recicla 1)``."""
    tile, letter = site_id[:-1], site_id[-1]
    t = (K or current()).LAND_BY_ID.get(tile)
    if t is None or letter not in "abc" or "abc".index(letter) >= len(t.sites):
        return site_id
    s = t.sites["abc".index(letter)]
    if s.kind == SITE_RECYCLING:
        return _(lang, f"{site_id} (reciclaje, recicla {s.capacity})",
                 f"{site_id} (recycling, recycles {s.capacity})")
    return _(lang, f"{site_id} (ciudad {yields(s.coins, s.science, s.vp, lang)})",
             f"{site_id} (city {yields(s.coins, s.science, s.vp, lang)})")


def tech_title(tech_id: str, lang: str, K: Tables | None = None) -> str:
    """A technology's one name in ``lang``: ``Parque urbano`` / ``City Park``."""
    t = (K or current()).TECH_BY_ID.get(tech_id)
    if t is None:
        return tech_id
    return t.name if lang == "es" else t.name_en


def tech_name(tech_id: str, lang: str, K: Tables | None = None) -> str:
    """``T05 «Parque urbano»`` / ``T05 “City Park”``."""
    K = K or current()
    if tech_id not in K.TECH_BY_ID:
        return tech_id
    title = tech_title(tech_id, lang, K)
    return f"{tech_id} «{title}»" if lang == "es" else f"{tech_id} “{title}”"


def track_name(track_id: str, lang: str) -> str:
    return _(lang, *TRACK_NAMES.get(track_id, (track_id, track_id)))


def cell_of(x: int, y: int) -> int:
    return (OY + y) * SIZE + OX + x


def xy(cell: int) -> str:
    x, y = A.cell_xy(cell)
    return f"{x},{y}"


def gauge(p: int) -> Text:
    """The pollution track −6…+6 with its marker: ``····●·┊······``."""
    out = Text()
    for v in range(P_MIN, P_MAX + 1):
        if v == p:
            out.append("●", style="bold red" if p < 0 else "bold green" if p > 0 else "bold")
        elif v == 0:
            out.append("┊", style="dim")
        else:
            out.append("·", style="dim")
    return out


# ----- lines that fit ----------------------------------------------------------------------------
def fit_parts(head: Text, parts: Sequence[Text], width: int, sep: str = " · ") -> Text:
    """``head`` then as many whole ``parts`` as fit in ``width`` columns; `` …`` when some are
    left out (never a part cut in two)."""
    line = head.copy()
    for k, part in enumerate(parts):
        gap = sep if k and line.cell_len > head.cell_len else ""
        room = width - (2 if k < len(parts) - 1 else 0)
        if line.cell_len + len(gap) + part.cell_len > room:
            if line.cell_len + 2 <= width:
                line.append(" …", style="dim")
            return line
        line.append(gap)
        line.append_text(part)
    return line


def fit_words(text: Text, width: int) -> Text:
    """``text`` on one line of ``width`` columns, cut after a whole word (with `` …``)."""
    if text.cell_len <= width:
        return text
    cut = text.plain.rfind(" ", 0, max(0, width - 1))
    out = text[:cut] if cut > 0 else Text()
    out.rstrip()
    out.append(" …", style="dim")
    return out


def flow(head: Text, parts: Sequence[Text], width: int, lines: int = 2,
         sep: str = " · ") -> list[Text]:
    """``head`` then whole ``parts`` over at most ``lines`` lines (the next ones indented);
    `` …`` on the last line when some are left out."""
    out = [head.copy()]
    for k, part in enumerate(parts):
        line = out[-1]
        gap = sep if line.plain.strip() and line.cell_len > (head.cell_len if len(out) == 1
                                                             else 2) else ""
        last = len(out) == lines
        room = width - (2 if last and k < len(parts) - 1 else 0)
        if line.cell_len + len(gap) + part.cell_len <= room:
            line.append(gap)
            line.append_text(part)
            continue
        if not last and 2 + part.cell_len <= width:
            out.append(Text("  "))
            out[-1].append_text(part)
            continue
        if line.cell_len + 2 <= width:
            line.append(" …", style="dim")
        break
    return out
