"""The content of «Siglo XX» read from ``content.toml`` and checked against the rulebook's counts
(XX-C.1–C.15, XX-D.1–D.4, XX-G2.1–G2.3, XX-G3.1–G3.5, XX-G5.1–G5.3, XX-G7.1, XX-G14.2–G14.7).
Everything the engine needs — tiles, technologies, catastrophes, scoring cards, tracks, constants —
comes from here; the rules code repeats no number of the file.

A broken file raises :class:`~ludoteca.core.errors.ContentError` naming the field and what is
allowed. ``parse_content(text)`` reads any text (tests feed it broken copies); ``content()`` is
the game's own file, read once.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import ContentError

FILE = "content.toml"
EDGES = ("N", "E", "S", "W")                 # edge numbering 0–3, clockwise
LETTERS = ("a", "b", "c")                     # site index 0–2
COLUMN_LETTERS = ("A", "B", "C", "D", "E")    # catastrophe columns, worst to best
N_LAND, N_TECH, N_CAT, N_CARDS = 45, 30, 9, 6  # XX-C.1, C.2, C.14, C.13
SITE_CITY, SITE_RECYCLING = 0, 1
KINDS = ("permanent", "one_time", "institution")
USES = ("passive", "each_maintenance", "once", "on_purchase", "auto_each_maintenance")
OPS = ("income", "income_if_connected", "move_citizens", "remove_garbage", "gain_citizens",
       "gain_bridges", "recycling_bonus", "pollution_shift", "none")
CARD_OPS = ("per_income", "per_clean_land_tile", "per_tile_largest_network",
            "per_pollution_step_right", "per_technology")
FINAL_PARTS = ("coins", "science", "environment", "clean_tiles", "garbage")
TIE_BREAKS = ("fewest_garbage", "highest_pollution", "most_coins_plus_science")


@dataclass(frozen=True, slots=True)
class Site:
    letter: str
    kind: int          # SITE_CITY | SITE_RECYCLING
    coins: int
    science: int
    vp: int
    capacity: int      # recycling capacity r (0 for a city)


@dataclass(frozen=True, slots=True)
class LandTile:
    index: int
    id: str
    pile: str
    rails: int         # bit d set = rail on unrotated edge d (N 0, E 1, S 2, W 3)
    sites: tuple[Site, ...]
    authored: bool


@dataclass(frozen=True, slots=True)
class Technology:
    index: int
    id: str
    pile: str
    name: str
    name_en: str
    kind: str          # permanent | one_time | institution
    rails: int         # institutions only (0 otherwise)
    garbage: int       # eco icons on purchase (XX-2.35)
    pollution: int
    flowers: int
    use: str
    op: str
    coins: int = 0     # income / income_if_connected
    science: int = 0
    vp: int = 0
    amount: int = 0    # remove_garbage
    cost_coins: int = 0
    pollution_if_used: int = 0
    moves: int = 0     # move_citizens
    scope: str = ""    # network | country
    count: int = 0     # gain_citizens / gain_bridges
    extra: int = 0     # recycling_bonus
    shift: int = 0     # pollution_shift (flowers per Maintenance)


@dataclass(frozen=True, slots=True)
class Catastrophe:
    index: int
    id: str
    label: str
    name: str
    name_en: str
    columns: tuple[tuple[int, int], ...]   # (garbage, pollution) for A, B, C, D, E


@dataclass(frozen=True, slots=True)
class ScoringCard:
    index: int
    id: str
    round: str         # "II" | "IV"
    name: str
    name_en: str
    op: str
    resource: str = ""
    num: int = 1
    den: int = 1
    vp: int = 0


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    land_deal: int
    tech_deal: int
    marker_start: int
    columns: tuple[int, ...]   # column indices in play, worst to best


@dataclass(frozen=True, slots=True)
class Track:
    id: str
    rounds: tuple[int, ...]
    min_bid: int
    consolation: int
    prices: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    roman: str
    phases: tuple[str, ...]
    land_pile: str
    tech_pile: str
    catastrophe_label: str
    track: int         # index into Content.tracks, -1 in round VI
    bonus: str         # none | scoring_card | final
    scoring_round: str


@dataclass(frozen=True)
class Content:
    raw: dict[str, Any]
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    colours_en: tuple[str, ...]
    player_counts: dict[int, PlayerCount]
    rounds: tuple[Round, ...]
    tracks: tuple[Track, ...]
    start_coins: int
    start_science: int
    start_score: int
    start_pollution: int
    start_garbage: int
    start_sites: tuple[int, ...]          # site indices staffed on the start tile
    country_citizens: int
    bridges: int
    pollution_min: int
    pollution_max: int
    max_bid: int
    worst_column: int
    catastrophes: tuple[Catastrophe, ...]
    stack_order: tuple[str, ...]
    stack_per_label: dict[str, int]
    tile_capacity: int
    overflow_pollution: int
    land: tuple[LandTile, ...]
    land_pile_names: tuple[str, ...]      # start first
    land_pile_sizes: dict[str, int]
    tech: tuple[Technology, ...]
    tech_pile_names: tuple[str, ...]
    tech_pile_sizes: dict[str, int]
    cards: tuple[ScoringCard, ...]
    final_order: tuple[str, ...]
    majority_awards: tuple[int, ...]
    majority_zero_scores: bool
    env_positive: int
    env_negative: int
    clean_values: tuple[tuple[int, int, int], ...]   # (p_min, p_max, vp)
    garbage_vp: int
    tie_break: tuple[str, ...]
    end_reason: str
    grid_size: int
    origin_cell: int
    land_index: dict[str, int]
    tech_index: dict[str, int]
    cat_index: dict[str, int]
    card_index: dict[str, int]


def _fail(field: str, problem: str, allowed: str) -> ContentError:
    return ContentError(f"sigloxx {FILE}: {field}: {problem}; allowed: {allowed}")


def _get(table: Any, key: str, where: str, kind: type | tuple = int) -> Any:
    if not isinstance(table, dict) or key not in table:
        raise _fail(f"{where}.{key}", "missing", _kind_name(kind))
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise _fail(f"{where}.{key}", f"got {value!r}", _kind_name(kind))
    return value


def _kind_name(kind: type | tuple) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return "a value of type " + "/".join(k.__name__ for k in kinds)


def _nonneg(table: Any, key: str, where: str, default: int | None = None) -> int:
    if default is not None and isinstance(table, dict) and key not in table:
        return default
    value = _get(table, key, where)
    if value < 0:
        raise _fail(f"{where}.{key}", f"got {value}", "a whole number >= 0")
    return value


def _expect(value: Any, want: Any, field: str, rule: str) -> None:
    if value != want:
        raise _fail(field, f"got {value!r}, the rules say {want!r} ({rule})", repr(want))


def _one_of(value: Any, allowed: tuple, field: str) -> Any:
    if value not in allowed:
        raise _fail(field, f"got {value!r}", ", ".join(str(a) for a in allowed))
    return value


def _rails(value: Any, field: str) -> int:
    if not isinstance(value, list) or any(e not in EDGES for e in value) or \
            len(set(value)) != len(value):
        raise _fail(field, f"got {value!r}", "a list of distinct edges from N, E, S, W")
    mask = 0
    for e in value:
        mask |= 1 << EDGES.index(e)
    return mask


def _table_list(raw: dict, key: str, count: int, rule: str) -> list[dict]:
    items = raw.get(key)
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise _fail(key, "missing", f"{count} [[{key}]] tables ({rule})")
    if len(items) != count:
        raise _fail(key, f"{len(items)} entries", f"exactly {count} ({rule})")
    return items


def _indexed(items: list[dict], key: str) -> None:
    for i, x in enumerate(items):
        idx = x.get("index")
        if idx != i:
            raise _fail(f"{key}[{i}].index", f"got {idx!r}", f"{i} (indices 0, 1, … in file order)")


def parse_content(text: str) -> Content:
    """Read and check the content (the rulebook's counts must hold)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"sigloxx {FILE}: not valid TOML: {exc}") from exc

    players = raw.get("players", {})
    lo, hi = _get(players, "min", "players"), _get(players, "max", "players")
    _expect((lo, hi), (3, 5), "players.min/max", "XX-G24.1")
    colours = tuple(_get(players, "colours", "players", list))
    colours_en = tuple(_get(players, "colours_en", "players", list))
    if len(colours) != hi or len(colours_en) != hi:
        raise _fail("players.colours", f"got {len(colours)} / {len(colours_en)}",
                    f"{hi} colour names in each list")

    # player counts (XX-1.7, XX-1.14, XX-3.2, XX-G2.1)
    pcs: dict[int, PlayerCount] = {}
    for i, row in enumerate(raw.get("player_counts", [])):
        where = f"player_counts[{i}]"
        n = _one_of(_get(row, "players", where), tuple(range(lo, hi + 1)), f"{where}.players")
        cols = _get(row, "columns", where, list)
        if any(c not in COLUMN_LETTERS for c in cols) or len(cols) != n or \
                cols != sorted(cols) or cols[0] != "A" or cols[-1] != "E":
            raise _fail(f"{where}.columns", f"got {cols!r}",
                        f"{n} distinct letters from A–E in order, starting A and ending E "
                        f"(XX-G2.1)")
        start = _nonneg(row, "cost_marker_start", where)
        pcs[n] = PlayerCount(n, _nonneg(row, "land_deal", where), _nonneg(row, "tech_deal", where),
                             start, tuple(COLUMN_LETTERS.index(c) for c in cols))
    if sorted(pcs) != list(range(lo, hi + 1)):
        raise _fail("player_counts", f"rows for {sorted(pcs)}", f"one row per count {lo}–{hi}")

    # cost tracks (XX-1.10–1.15, XX-G7.1)
    tracks = []
    track_ids: dict[str, int] = {}
    for i, row in enumerate(raw.get("cost_tracks", [])):
        where = f"cost_tracks[{i}]"
        prices = tuple(_get(row, "prices", where, list))
        if len(prices) != 9 or not all(isinstance(p, int) and p > 0 for p in prices) or \
                list(prices) != sorted(prices, reverse=True):
            raise _fail(f"{where}.prices", f"got {list(prices)!r}",
                        "9 positive prices falling from left to right (XX-D.3, XX-1.15)")
        mb = _nonneg(row, "min_bid", where)
        cons = _nonneg(row, "consolation", where)
        _expect(cons, mb + 2, f"{where}.consolation", "XX-2.39: min_bid + 2")
        tid = _get(row, "id", where, str)
        track_ids[tid] = len(tracks)
        tracks.append(Track(tid, tuple(_get(row, "rounds", where, list)), mb, cons, prices))
    _expect(len(tracks), 3, "cost_tracks (count)", "XX-C.3, XX-C.5: the board and two sides")
    for pc in pcs.values():
        if not pc.marker_start < 9:
            raise _fail(f"player_counts({pc.players}).cost_marker_start",
                        f"got {pc.marker_start}", "0–8")

    land_piles = raw.get("land_piles", {})
    land_pile_names = ("start", "I-II", "III-IV", "V")
    land_pile_sizes = {p: _nonneg(land_piles, p, "land_piles") for p in land_pile_names}
    _expect(tuple(land_pile_sizes.values()), (5, 16, 16, 8), "land_piles", "XX-D.1")
    tech_piles = raw.get("tech_piles", {})
    tech_pile_names = ("I-II", "III-IV", "V")
    tech_pile_sizes = {p: _nonneg(tech_piles, p, "tech_piles") for p in tech_pile_names}
    _expect(tuple(tech_pile_sizes.values()), (12, 12, 6), "tech_piles", "XX-D.2")

    # rounds (XX-R.1–R.4)
    rounds = []
    for i, row in enumerate(raw.get("rounds", [])):
        where = f"rounds[{i}]"
        _expect(_get(row, "number", where), i + 1, f"{where}.number", "rounds 1–6 in order")
        bonus = _one_of(_get(row, "bonus", where, str), ("none", "scoring_card", "final"),
                        f"{where}.bonus")
        tname = _get(row, "cost_track", where, str)
        if i < 5:
            _one_of(tname, tuple(track_ids), f"{where}.cost_track")
            _one_of(_get(row, "land_pile", where, str), land_pile_names[1:],
                    f"{where}.land_pile")
            _one_of(_get(row, "tech_pile", where, str), tech_pile_names, f"{where}.tech_pile")
        rounds.append(Round(i + 1, _get(row, "roman", where, str),
                            tuple(_get(row, "phases", where, list)),
                            row.get("land_pile", ""), row.get("tech_pile", ""),
                            row.get("catastrophe_label", ""),
                            track_ids.get(tname, -1), bonus, row.get("scoring_round", "")))
    _expect(len(rounds), 6, "rounds (count)", "XX-R.1: five full rounds and round VI")
    _expect(rounds[5].bonus, "final", "rounds[5].bonus", "XX-F.1")

    start = raw.get("start", {})
    start_sites = tuple(_get(start, "start_citizens", "start", list))
    if any(s not in LETTERS for s in start_sites):
        raise _fail("start.start_citizens", f"got {start_sites!r}", "site letters a, b, c")
    supply = raw.get("supply", {})
    track = raw.get("tracks", {}).get("pollution", {})
    pmin, pmax = _get(track, "min", "tracks.pollution"), _get(track, "max", "tracks.pollution")
    _expect((pmin, pmax), (-6, 6), "tracks.pollution.min/max", "XX-S.22")
    auction = raw.get("auction", {})
    max_bid = _nonneg(auction, "max_bid", "auction")
    _expect(max_bid, 99, "auction.max_bid", "ruling X2 (fixed action numbering)")

    # catastrophes (XX-C.14, XX-G2.2, XX-G2.3)
    cats = []
    cat_items = _table_list(raw, "catastrophes", N_CAT, "XX-C.14")
    _indexed(cat_items, "catastrophes")
    stack = raw.get("catastrophe_stack", {})
    order = tuple(_get(stack, "order", "catastrophe_stack", list))
    per_label = dict(_get(stack, "per_label", "catastrophe_stack", dict))
    _expect(order, ("I-II", "III-IV", "V"), "catastrophe_stack.order", "XX-S.8")
    _expect(per_label, {"I-II": 2, "III-IV": 2, "V": 1}, "catastrophe_stack.per_label", "XX-S.7")
    for i, row in enumerate(cat_items):
        where = f"catastrophes[{i}]"
        label = _one_of(_get(row, "label", where, str), order, f"{where}.label")
        cols = _get(row, "columns", where, list)
        if [c.get("column") for c in cols if isinstance(c, dict)] != list(COLUMN_LETTERS):
            raise _fail(f"{where}.columns", "columns out of order or missing",
                        "five {column, garbage, pollution} tables A, B, C, D, E")
        values = tuple((_nonneg(c, "garbage", f"{where}.columns"),
                        _nonneg(c, "pollution", f"{where}.columns")) for c in cols)
        weights = [g + 2 * p for g, p in values]
        if any(a <= b for a, b in zip(weights, weights[1:], strict=False)) or weights[-1] != 0:
            raise _fail(f"{where}.columns", f"weights {weights}",
                        "garbage + 2·pollution strictly falling from A to E, E empty (XX-G2.2)")
        cats.append(Catastrophe(i, _get(row, "id", where, str), label,
                                _get(row, "name", where, str), _get(row, "name_en", where, str),
                                values))
    for label in order:
        have = sum(1 for c in cats if c.label == label)
        _expect(have, 3, f"catastrophes (label {label})", "XX-C.14: 3 per label")

    # land tiles (XX-C.1, XX-G3)
    land = []
    items = _table_list(raw, "land_tiles", N_LAND, "XX-C.1")
    _indexed(items, "land_tiles")
    for i, row in enumerate(items):
        where = f"land_tiles[{i}]"
        pile = _one_of(_get(row, "pile", where, str), land_pile_names, f"{where}.pile")
        rails = _rails(row.get("rails"), f"{where}.rails")
        if bin(rails).count("1") < 2:
            raise _fail(f"{where}.rails", f"got {row.get('rails')!r}", "at least 2 edges (XX-G3.5)")
        sites_raw = _get(row, "sites", where, list)
        if not 1 <= len(sites_raw) <= 3:
            raise _fail(f"{where}.sites", f"{len(sites_raw)} sites", "1 to 3 sites (XX-G3.2)")
        sites = []
        for j, s in enumerate(sites_raw):
            sw = f"{where}.sites[{j}]"
            _expect(s.get("site") if isinstance(s, dict) else None, LETTERS[j], f"{sw}.site",
                    "sites a, b, c in order")
            kind = _one_of(_get(s, "kind", sw, str), ("city", "recycling"), f"{sw}.kind")
            if kind == "city":
                site = Site(LETTERS[j], SITE_CITY, _nonneg(s, "coins", sw, 0),
                            _nonneg(s, "science", sw, 0), _nonneg(s, "vp", sw, 0), 0)
            else:
                cap = _nonneg(s, "capacity", sw)
                if cap < 1:
                    raise _fail(f"{sw}.capacity", f"got {cap}", "1 or more (XX-G3.2)")
                site = Site(LETTERS[j], SITE_RECYCLING, 0, 0, 0, cap)
            sites.append(site)
        land.append(LandTile(i, _get(row, "id", where, str), pile, rails, tuple(sites),
                             bool(row.get("authored", False))))
    for p in land_pile_names:
        have = sum(1 for t in land if t.pile == p)
        _expect(have, land_pile_sizes[p], f"land_tiles (pile {p})", "XX-D.1")
    if [t.pile for t in land[:5]] != ["start"] * 5:
        raise _fail("land_tiles[0–4].pile", "not the start tiles", "S1–S5 first (indices 0–4)")

    # technologies (XX-C.2, XX-G5)
    tech = []
    items = _table_list(raw, "technologies", N_TECH, "XX-C.2")
    _indexed(items, "technologies")
    for i, row in enumerate(items):
        where = f"technologies[{i}]"
        kind = _one_of(_get(row, "kind", where, str), KINDS, f"{where}.kind")
        use = _one_of(_get(row, "use", where, str), USES, f"{where}.use")
        op = _one_of(_get(row, "op", where, str), OPS, f"{where}.op")
        eco = _get(row, "eco", where, dict)
        rails = _rails(row.get("rails"), f"{where}.rails") if kind == "institution" else 0
        if kind == "institution" and bin(rails).count("1") < 2:
            raise _fail(f"{where}.rails", f"got {row.get('rails')!r}",
                        "an institution has at least 2 rail edges (XX-2.38)")
        extra: dict[str, Any] = {}
        if op in ("income", "income_if_connected"):
            extra = {k: _nonneg(row, k, where) for k in ("coins", "science", "vp")}
        elif op == "remove_garbage":
            extra = {"amount": _nonneg(row, "amount", where),
                     "cost_coins": _nonneg(row, "cost_coins", where),
                     "pollution_if_used": _nonneg(row, "pollution_if_used", where)}
        elif op == "move_citizens":
            extra = {"moves": _nonneg(row, "moves", where),
                     "scope": _one_of(_get(row, "scope", where, str), ("network", "country"),
                                      f"{where}.scope")}
        elif op in ("gain_citizens", "gain_bridges"):
            extra = {"count": _nonneg(row, "count", where)}
        elif op == "recycling_bonus":
            extra = {"extra": _nonneg(row, "extra", where)}
        elif op == "pollution_shift":
            extra = {"shift": _nonneg(row, "flowers", where)}
        if op == "income_if_connected" and kind != "institution":
            raise _fail(f"{where}.op", "income_if_connected on a non-institution",
                        "income_if_connected only with kind = institution (XX-G6.4)")
        tech.append(Technology(
            i, _get(row, "id", where, str),
            _one_of(_get(row, "pile", where, str), tech_pile_names, f"{where}.pile"),
            _get(row, "name", where, str), _get(row, "name_en", where, str), kind, rails,
            _nonneg(eco, "garbage", f"{where}.eco"), _nonneg(eco, "pollution", f"{where}.eco"),
            _nonneg(eco, "flowers", f"{where}.eco"), use, op, **extra))
    for p in tech_pile_names:
        have = sum(1 for t in tech if t.pile == p)
        _expect(have, tech_pile_sizes[p], f"technologies (pile {p})", "XX-D.2")
    _expect(sum(1 for t in tech if t.kind == "institution"), 8,
            "technologies (institutions)", "XX-G5.3")
    bridges = _nonneg(supply, "bridges", "supply")
    _expect(bridges, 4, "supply.bridges", "XX-C.10")
    _expect(sum(t.count for t in tech if t.op == "gain_bridges"), bridges,
            "technologies (gain_bridges counts)", "XX-G5.3: exactly the 4 bridges")

    # scoring cards (XX-C.13, XX-G14)
    cards = []
    items = _table_list(raw, "scoring_cards", N_CARDS, "XX-C.13")
    _indexed(items, "scoring_cards")
    for i, row in enumerate(items):
        where = f"scoring_cards[{i}]"
        op = _one_of(_get(row, "op", where, str), CARD_OPS, f"{where}.op")
        if op == "per_income":
            card = ScoringCard(i, _get(row, "id", where, str),
                               _one_of(_get(row, "round", where, str), ("II", "IV"),
                                       f"{where}.round"),
                               _get(row, "name", where, str), _get(row, "name_en", where, str),
                               op, _one_of(_get(row, "resource", where, str),
                                           ("coins", "science", "vp"), f"{where}.resource"),
                               _nonneg(row, "vp_num", where), _nonneg(row, "vp_den", where), 0)
            if card.den < 1:
                raise _fail(f"{where}.vp_den", f"got {card.den}", "1 or more")
        else:
            card = ScoringCard(i, _get(row, "id", where, str),
                               _one_of(_get(row, "round", where, str), ("II", "IV"),
                                       f"{where}.round"),
                               _get(row, "name", where, str), _get(row, "name_en", where, str),
                               op, vp=_nonneg(row, "vp", where))
        cards.append(card)
    for r in ("II", "IV"):
        _expect(sum(1 for c in cards if c.round == r), 3, f"scoring_cards (round {r})",
                "XX-C.13: 3 + 3")

    # final scoring and tie-breaks (XX-G15, XX-G16)
    fs = raw.get("final_scoring", {})
    final_order = tuple(_get(fs, "order", "final_scoring", list))
    if sorted(final_order) != sorted(FINAL_PARTS):
        raise _fail("final_scoring.order", f"got {list(final_order)!r}",
                    "a permutation of " + ", ".join(FINAL_PARTS))
    maj = fs.get("majority", {})
    awards = tuple(_get(maj, "awards", "final_scoring.majority", list))
    env = fs.get("environment", {})
    clean = []
    for i, row in enumerate(fs.get("clean_tile_values", [])):
        where = f"final_scoring.clean_tile_values[{i}]"
        clean.append((_get(row, "p_min", where), _get(row, "p_max", where),
                      _nonneg(row, "vp", where)))
    covered = sorted(p for a, b, _ in clean for p in range(a, b + 1))
    if covered != list(range(pmin, pmax + 1)):
        raise _fail("final_scoring.clean_tile_values", "ranges do not cover the track once",
                    f"ranges covering {pmin}…{pmax} exactly once (XX-G15.4)")
    tie = tuple(_get(raw.get("tie_break", {}), "order", "tie_break", list))
    if any(t not in TIE_BREAKS for t in tie):
        raise _fail("tie_break.order", f"got {list(tie)!r}", ", ".join(TIE_BREAKS))
    grid = raw.get("country_grid", {})
    size = _get(grid, "size", "country_grid")
    origin = _get(grid, "origin_cell", "country_grid")
    _expect((size, origin), (15, 112), "country_grid.size/origin_cell", "ruling X1")
    garbage = raw.get("garbage", {})
    cols_raw = raw.get("catastrophe_columns", [])
    worst = [i for i, c in enumerate(cols_raw) if isinstance(c, dict) and c.get("worst")]
    _expect(worst, [0], "catastrophe_columns.worst", "XX-3.5: column A is the full strength")

    return Content(
        raw=raw, min_players=lo, max_players=hi, colours=colours, colours_en=colours_en,
        player_counts=pcs, rounds=tuple(rounds), tracks=tuple(tracks),
        start_coins=_nonneg(start, "coins", "start"),
        start_science=_nonneg(start, "science", "start"),
        start_score=_get(start, "score", "start"),
        start_pollution=_get(start, "pollution", "start"),
        start_garbage=_nonneg(start, "start_tile_garbage", "start"),
        start_sites=tuple(LETTERS.index(s) for s in start_sites),
        country_citizens=_nonneg(supply, "country_citizens", "supply"), bridges=bridges,
        pollution_min=pmin, pollution_max=pmax, max_bid=max_bid, worst_column=0,
        catastrophes=tuple(cats), stack_order=order, stack_per_label=per_label,
        tile_capacity=_nonneg(garbage, "tile_capacity", "garbage"),
        overflow_pollution=_nonneg(garbage, "overflow_pollution", "garbage"),
        land=tuple(land), land_pile_names=land_pile_names, land_pile_sizes=land_pile_sizes,
        tech=tuple(tech), tech_pile_names=tech_pile_names, tech_pile_sizes=tech_pile_sizes,
        cards=tuple(cards), final_order=final_order, majority_awards=awards,
        majority_zero_scores=bool(maj.get("zero_scores", False)),
        env_positive=_nonneg(env, "positive_factor", "final_scoring.environment"),
        env_negative=_nonneg(env, "negative_factor", "final_scoring.environment"),
        clean_values=tuple(clean),
        garbage_vp=_get(fs.get("garbage", {}), "vp_per_token", "final_scoring.garbage"),
        tie_break=tie, end_reason=_get(raw.get("end", {}), "reason", "end", str),
        grid_size=size, origin_cell=origin,
        land_index={t.id: t.index for t in land}, tech_index={t.id: t.index for t in tech},
        cat_index={c.id: c.index for c in cats}, card_index={c.id: c.index for c in cards},
    )


@cache
def content() -> Content:
    """The game's content (read once)."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return parse_content(text)
