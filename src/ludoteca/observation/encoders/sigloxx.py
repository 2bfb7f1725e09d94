"""Observation encoder for «Siglo XX». Coins and science are secret: the view gives them for
the observer only (everyone's once the game is over), so only the observer's block has them;
face-down piles are only counts."""

from __future__ import annotations

from typing import Any

from ..encoding import (
    Cat,
    Ctx,
    Custom,
    Encoder,
    Flag,
    Group,
    Items,
    Multi,
    Num,
    Seat,
    Seats,
)

# The ids below (tiles, technologies, catastrophes, scoring cards, tracks, piles) are the codes
# that every valid content file keeps (ruling X11, checked by games/sigloxx/schema.py), so one
# layout serves every content; what a custom file changes (yields, prices…) shows in the values.
M = 5                                   # most seats
SIZE = 15                               # the country window is SIZE × SIZE cells
N_CELLS = SIZE * SIZE
LAND = tuple([f"S{i}" for i in range(1, 6)] + [f"L{i:02d}" for i in range(1, 41)])
TECH = tuple(f"T{i:02d}" for i in range(1, 31))
CATASTROPHES = tuple(f"K{i}" for i in range(1, 10))
COLUMNS = ("A", "B", "C", "D", "E")
PILES = ("I-II", "III-IV", "V")
PHASES = ("subasta", "catastrofe", "mantenimiento", "produccion", "fin")
STEPS = ("elegir", "abrir", "puja", "tecnologia", "solo", "columna", "basura",
         "elegir_pendiente", "colocar", "puente", "ciudadano", "basura_extra", "tecnologias",
         "quitar", "recoger", "situar", "nuevos_ciudadanos", "reciclar", "fin")
TRACKS = ("tablero", "loseta-3", "loseta-4")
CHANNELS = ("land", "institution", "garbage ÷ 3", "citizens ÷ 3", "rotation ÷ 270",
            "tile number ÷ 45")
LAND_INDEX = {t: i for i, t in enumerate(LAND)}
TECH_INDEX = {t: i for i, t in enumerate(TECH)}

REWARDS = ("Siglo XX: most victory points after round VI, ties broken as the rules say "
           "(`result.details.tie_break`); seats still equal share the win. Every winner +1, "
           "every other seat −1 (`reward=\"rank\"`: by the result's places).")


def _country(player: dict[str, Any], ctx: Ctx) -> list[float]:
    """Per cell of the 15 × 15 window (cell = 15·row + column), six channels."""
    k = len(CHANNELS)
    out = [0.0] * (N_CELLS * k)
    for item in player.get("country") or ():
        b = item["cell"] * k
        if "tile" in item:
            out[b] = 1.0
            out[b + 2] = item.get("garbage", 0) / 3
            out[b + 3] = len(item.get("citizens") or ()) / 3
            out[b + 5] = (LAND_INDEX.get(item["tile"], -1) + 1) / len(LAND)
        else:
            out[b + 1] = 1.0
            out[b + 5] = (TECH_INDEX.get(item.get("tech"), -1) + 1) / len(TECH)
        out[b + 4] = item.get("rotation", 0) / 270
    return out


def _country_sparse(player: dict[str, Any], ctx: Ctx, out: Any, at: int) -> None:
    """``_country`` written straight into the (zeroed) vector."""
    k = len(CHANNELS)
    for item in player.get("country") or ():
        b = at + item["cell"] * k
        if "tile" in item:
            out[b] = 1.0
            out[b + 2] = item.get("garbage", 0) / 3
            out[b + 3] = len(item.get("citizens") or ()) / 3
            out[b + 5] = (LAND_INDEX.get(item["tile"], -1) + 1) / len(LAND)
        else:
            out[b + 1] = 1.0
            out[b + 5] = (TECH_INDEX.get(item.get("tech"), -1) + 1) / len(TECH)
        out[b + 4] = item.get("rotation", 0) / 270


def _placed(player: dict[str, Any], ctx: Ctx) -> list[float]:
    out = [0.0] * len(LAND)
    for item in player.get("country") or ():
        if "tile" in item and item["tile"] in LAND_INDEX:
            out[LAND_INDEX[item["tile"]]] = 1.0
    return out


def _technologies(player: dict[str, Any], ctx: Ctx) -> list[float]:
    out = [0.0] * (3 * len(TECH))
    for t in player.get("technologies") or ():
        i = TECH_INDEX[t["id"]] * 3
        out[i], out[i + 1], out[i + 2] = 1.0, float(t["used"]), float(t["used_this_maintenance"])
    return out


def _networks(player: dict[str, Any], ctx: Ctx) -> list[float]:
    nets = player.get("networks") or []
    return [len(nets) / 5, max((len(n) for n in nets), default=0) / 12]


def _cell(m: dict[str, Any], ctx: Ctx) -> list[float]:
    c = m.get("cell")
    if c is None:
        return [0.0, 0.0, 0.0]
    return [1.0, (c % SIZE - SIZE // 2) / 7, (c // SIZE - SIZE // 2) / 7]


def _lifted(m: dict[str, Any], ctx: Ctx) -> list[float]:
    out = [0.0] * (len(LAND) + 3)
    site = m.get("lifted")
    if site:
        out[LAND_INDEX[site[:-1]]] = 1.0
        out[len(LAND) + "abc".index(site[-1])] = 1.0
    return out


def _by_column(item: dict[str, Any], ctx: Ctx) -> int:
    return COLUMNS.index(item["column"])


def encoder(game_id: str = "sigloxx") -> Encoder:
    k = len(CHANNELS)
    player = [
        Custom("country", N_CELLS * k, _country,
               f"per cell of the 15×15 window (row-major, start tile at cell 112), {k} "
               "channels: " + ", ".join(CHANNELS), sparse=_country_sparse),
        Custom("placed", len(LAND), _placed, "land tiles in this country (S1–S5, L01–L40)"),
        Custom("networks", 2, _networks, "rail networks ÷ 5, largest network's tiles ÷ 12"),
        Num(lambda p: len(p.get("bridges") or ()), 4, "bridges built ÷ 4", name="bridges"),
        Num("bridges_held", 2),
        Items("pending_land", 6, [Cat("tile", LAND), Flag("citizen"), Num("garbage", 4)]),
        Multi("pending_institutions", TECH),
        Num("set_aside_garbage", 8),
        Custom("technologies", 3 * len(TECH), _technologies,
               "per technology T01–T30: held, used, used this maintenance"),
        Num("income.coins", 20), Num("income.science", 10), Num("income.vp", 10),
        Num("pollution", 10), Num("score", 50, "victory points ÷ 50"), Num("won", 5),
        Num("citizens_supply", 14), Num("garbage", 30), Num("clean_tiles", 5),
        Cat("catastrophe_column", COLUMNS),
        Num("coins", 50, "coins ÷ 50 (secret: the observer's own only)"),
        Num("science", 25, "science ÷ 25 (secret: the observer's own only)"),
    ]
    column = [Num("garbage", 8), Num("pollution", 2), Seat("occupant", M), Num("bid", 10)]
    maintenance = [
        Seat("player", M), Cat("step", ("A", "B", "C")),
        Group("selected", [Cat("tile", LAND), Flag("citizen"), Num("garbage", 4),
                           Cat("tech", TECH)]),
        Custom("cell", 3, _cell, "cell chosen: present, x ÷ 7, y ÷ 7 from the start tile"),
        Num("extra_garbage", 4), Cat("tech", TECH), Num("left", 3),
        Custom("lifted", len(LAND) + 3, _lifted, "citizen lifted: tile one-hot, site a/b/c"),
    ]
    fields = [
        Cat("round", range(1, 7)), Cat("phase", PHASES), Cat("step", STEPS),
        Seat("sp", M, "start player, relative"), Seats("to_move", M),
        Multi("land_display", LAND), Multi("tech_display", TECH),
        Cat("cost_track", TRACKS), Num("marker", 5), Num("price", 10), Num("min_bid", 10),
        Cat("scoring_cards.II", ("II-A", "II-B", "II-C")),
        Cat("scoring_cards.IV", ("IV-A", "IV-B", "IV-C")),
        *[Num(f"piles.land.{p}", 16) for p in PILES],
        *[Num(f"piles.tech.{p}", 12) for p in PILES],
        Num("piles.catastrophes", 9), Multi("catastrophes_used", CATASTROPHES),
        Num("bridges_supply", 4),
        Group("auction", [Cat("tile", LAND), Num("high", 20), Seat("high_seat", M),
                          Seats("passed", M), Seats("withdrawn", M), Flag("lone"),
                          Seat("buying_tech", M)]),
        Group("catastrophe", [Cat("id", CATASTROPHES), Cat("label", PILES), Flag("bidding"),
                              Items("columns", 5, column, order=_by_column)]),
        Group("maintenance", maintenance),
        Group("production", [Seat("player", M), Num("capacity_left", 4),
                             Multi("tiles", LAND)]),
        Items("players", M, player, order="seat"),
    ]
    return Encoder(game_id, M, fields, REWARDS)
