"""Siglo XX written straight from the state (see the package's docstring): the values of
``encoder_for("sigloxx")`` applied to ``view(seat)``, bit for bit, reading only what that view
shows. Coins and science are written for the observer only (everyone's once the game is over,
ruling X9); face-down piles and the catastrophe stack only as counts, never their order.

Most of the vector is the seats' blocks (1,825 floats each, a few dozen non-zero), and a
seat's block changes only when that seat's own things change. Per game (``id`` and content),
the writer keeps each seat's block, changed in place part by part, and a copy of the
per-seat lists as they were at the last observation: comparing them (by content; their
items, being shared by the engine's clones, are never changed in place) finds what changed,
and only that part of that seat's block is written again (the country's layout — only its
new cells when the country just grew —; its citizens and incomes; its garbage; its
technologies; a count). When the game's garbage or citizens changed, each country's own
are read at once (a reader per seat of its tiles and of their citizen sites, made when its
tiles change) and compared with what was read last: the garbage of the tiles that changed
is written again (moving its country's totals by the difference), a country whose citizens
changed gets its citizens and incomes again. Each change gives the block a new stamp. Per
buffer (held weakly), the writer remembers the stamps of the blocks it copied and the observer
it turned them to, so a buffer gets again only the blocks that changed, or every block when the
observer changed: a buffer must be changed by nothing else between two writes (an
``Observer``'s is private; a new buffer is written whole). A game seen for the first time
starts from a copy of the memo of a game as dealt with the same content and table (every game
deals the same countries), brought up to date like any other. The top part that holds within a
round's steps is kept per game the same way; the decision in progress is written afresh.
The writer is ``bounded``: it clips its own values to ±LIMIT. ``writer("f")`` (the
``float32`` attribute of the one in ``DIRECT``) keeps its parts in float32 and writes the
float32 vector itself: the same values as the float64 ones cast."""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Callable
from itertools import compress, count
from operator import itemgetter, ne
from typing import Any

from ludoteca.games.sigloxx.common import (
    CARD_ID,
    CAT_ID,
    COL_LETTERS,
    INST_BASE,
    LAND_ID,
    LAST_ROUND,
    MAINT_STEP,
    N_LAND,
    PH_CAT,
    PH_OVER,
    PH_RECYCLE,
    PH_SOLO,
    PH_TECH,
    PHASE_OF,
    STEP_NAMES,
    TECH_ID,
    TECH_PILE,
)
from ludoteca.games.sigloxx.common import LAND_PILE as LAND_PILES
from ludoteca.games.sigloxx.schema import TRACK_IDS

from ..encoders import encoder_for
from ..encoders.sigloxx import CHANNELS, COLUMNS, SIZE
from ..encoding import LIMIT

_NONE: Callable[[Any], tuple] = lambda values: ()  # noqa: E731  (no items: nothing to read)


def _clip(v: float) -> float:
    """``v`` within ±LIMIT (the writer is ``bounded``: the Observer then only casts)."""
    return v if -LIMIT <= v <= LIMIT else (LIMIT if v > 0 else -LIMIT)


def _getter(indices: tuple[int, ...]) -> Callable[[Any], Any]:
    """A fast reader of ``values[i]`` for ``i`` in ``indices`` (any hashable result)."""
    if not indices:
        return _NONE
    return itemgetter(*indices)


def _reader(indices: tuple[int, ...]) -> Callable[[Any], tuple]:
    """A fast reader of the tuple of ``values[i]`` for ``i`` in ``indices``."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if not indices:
        return _NONE
    i = indices[0]
    return lambda values: (values[i],)


def writer(typecode: str = "d") -> Callable[[Any, int, Any], None]:
    """A new ``write(game, seat, buf)`` with its own memory (the one in ``DIRECT`` is shared
    by every environment; tests make their own). Offsets come from the encoder's layout.
    ``typecode`` is the buffer's: ``"d"`` (the float64 scratch; its ``float32`` attribute is
    the same writer for ``"f"``) or ``"f"`` (the float32 vector itself: every value stored
    is the float64 one cast, as ``Encoder.finish`` casts it)."""
    enc = encoder_for("sigloxx")
    rows = {r.name: r for r in enc.layout()}
    fields = {f.name: f for f in enc.fields}

    def off(name: str) -> int:
        return rows[name].offset

    def sub(group: str, name: str) -> Any:
        return next(f for f in fields[group].fields if f.name == name)

    land_ix = fields["land_display"].index
    tech_ix = fields["tech_display"].index
    cat_ix = fields["catastrophes_used"].index
    # per engine code: the encoder's choice index (None: not among its choices)
    LAND_I = tuple(land_ix.get(t) for t in LAND_ID)
    TECH_I = tuple(tech_ix.get(t) for t in TECH_ID)
    CAT_I = tuple(cat_ix.get(c) for c in CAT_ID)
    n_land_choices, n_tech_choices = len(land_ix), len(tech_ix)

    # ----- the top part: offsets ---------------------------------------------------------------
    o_round = off("round")
    round_i = fields["round"].index
    PHASE_AT = tuple(off("phase") + fields["phase"].index[PHASE_OF[p]]
                     if PHASE_OF[p] in fields["phase"].index else None
                     for p in range(len(PHASE_OF)))
    STEP_AT = tuple(off("step") + fields["step"].index[STEP_NAMES[p]]
                    if STEP_NAMES[p] in fields["step"].index else None
                    for p in range(len(STEP_NAMES)))
    o_sp, o_to_move = off("sp"), off("to_move")
    o_land_d, o_tech_d = off("land_display"), off("tech_display")
    # the tracks' ids and order, the piles' names and the six rounds are the same in every
    # valid content file (ruling X11, XX-D.1, XX-D.2, XX-R.1); prices, catastrophe columns and
    # labels and the tiles' sites are read from the game's content (``game.K``)
    TRACK_AT = tuple(off("cost_track") + fields["cost_track"].index[t]
                     if t in fields["cost_track"].index else None for t in TRACK_IDS)
    o_marker, o_price, o_min_bid = off("marker"), off("price"), off("min_bid")
    full_rounds = LAST_ROUND
    CARD_AT = tuple({k: off(f"scoring_cards.{r}") + fields[f"scoring_cards.{r}"].index[cid]
                     for k, cid in enumerate(CARD_ID)
                     if cid in fields[f"scoring_cards.{r}"].index}
                    for r in ("II", "IV"))      # per card slot: {card index: offset}
    LAND_PILE_AT = tuple((i, off(f"piles.land.{p}")) for i, p in enumerate(LAND_PILES)
                         if i and f"piles.land.{p}" in rows)
    TECH_PILE_AT = tuple((i, off(f"piles.tech.{p}")) for i, p in enumerate(TECH_PILE)
                         if f"piles.tech.{p}" in rows)
    o_cats, o_cat_used, o_bridges = off("piles.catastrophes"), off("catastrophes_used"), \
        off("bridges_supply")
    # the auction
    o_auction, o_a_tile, o_a_high = off("auction.present"), off("auction.tile"), \
        off("auction.high")
    o_a_seat, o_a_passed, o_a_withdrawn = off("auction.high_seat"), off("auction.passed"), \
        off("auction.withdrawn")
    o_a_lone, o_a_buying = off("auction.lone"), off("auction.buying_tech")
    # the catastrophe
    o_cat, o_cat_id, o_cat_bidding = off("catastrophe.present"), off("catastrophe.id"), \
        off("catastrophe.bidding")
    label_ix = sub("catastrophe", "label").index
    LABEL_AT = {label: off("catastrophe.label") + i for label, i in label_ix.items()}
    col_present, col_stride = off("catastrophe.columns[i].present"), \
        rows["catastrophe.columns[i].garbage"].stride
    col_slots = sub("catastrophe", "columns").length
    col_ix = {c: i for i, c in enumerate(COLUMNS)}                      # the encoder's order
    COL_AT = tuple(col_present + col_ix[x] * col_stride
                   if x in col_ix and col_ix[x] < col_slots else None for x in COL_LETTERS)
    # the maintenance
    m_fields = {f.name: f for f in fields["maintenance"].fields}
    o_m, o_m_player = off("maintenance.present"), off("maintenance.player")
    M_STEP_AT = {p: off("maintenance.step") + m_fields["step"].index[s]
                 for p, s in MAINT_STEP.items()}
    o_sel, o_sel_tile, o_sel_cit, o_sel_g, o_sel_tech = (
        off("maintenance.selected.present"), off("maintenance.selected.tile"),
        off("maintenance.selected.citizen"), off("maintenance.selected.garbage"),
        off("maintenance.selected.tech"))
    o_cell, o_extra, o_m_tech, o_left, o_lifted = (
        off("maintenance.cell"), off("maintenance.extra_garbage"), off("maintenance.tech"),
        off("maintenance.left"), off("maintenance.lifted"))
    half = SIZE // 2
    # the production
    o_prod, o_p_player, o_p_cap, o_p_tiles = off("production.present"), \
        off("production.player"), off("production.capacity_left"), off("production.tiles")

    # ----- a seat's block: offsets from the block's start -------------------------------------
    b0 = off("players[i].present")
    W = rows["players[i].country"].stride      # a block's width
    n_slots = fields["players"].length
    assert b0 + n_slots * W == enc.size

    def p(name: str) -> int:
        return off(f"players[i].{name}") - b0

    k = len(CHANNELS)
    p_country, p_placed, p_nets, p_bridges, p_held = (
        p("country"), p("placed"), p("networks"), p("bridges"), p("bridges_held"))
    p_pend, pend_stride = p("pending_land[j].present"), \
        rows["players[i].pending_land[j].tile"].stride
    pend_slots = sub("players", "pending_land").length
    p_pend_tile = p("pending_land[j].tile") - p_pend
    p_pend_cit = p("pending_land[j].citizen") - p_pend
    p_pend_g = p("pending_land[j].garbage") - p_pend
    p_pinst, p_aside, p_techs = p("pending_institutions"), p("set_aside_garbage"), \
        p("technologies")
    p_inc_c, p_inc_s, p_inc_v = p("income.coins"), p("income.science"), p("income.vp")
    p_poll, p_score, p_won, p_supply, p_garb, p_clean = (
        p("pollution"), p("score"), p("won"), p("citizens_supply"), p("garbage"),
        p("clean_tiles"))
    p_col, p_coins, p_science = p("catastrophe_column"), p("coins"), p("science")
    SEAT_COL_AT = tuple(p_col + col_ix[x] if x in col_ix else None for x in COL_LETTERS)

    col_w = len(COLUMNS)
    pend_end = p_pend + pend_slots * pend_stride
    tech_w = 3 * len(TECH_I)
    size = array(typecode).itemsize

    def zeros(k: int) -> array:
        return array(typecode, bytes(size * k))

    top_zeros = zeros(b0)
    land_d_zeros = zeros(n_land_choices)
    tech_d_zeros = zeros(n_tech_choices)
    block_zeros = zeros(W)
    layout_zeros = zeros(p_nets - p_country)     # the window and "placed"
    pend_zeros = zeros(pend_end - p_pend)
    pinst_zeros = zeros(n_tech_choices)
    tech_zeros = zeros(tech_w)
    col_zeros = zeros(col_w)
    tail_zeros = [zeros(W * (n_slots - m)) for m in range(n_slots + 1)]
    stamps = count(1)                           # a seat block's version, unique for the writer
    games: dict[int, list] = {}                 # id(game) -> its memo (see ``state``)
    dealt: dict[tuple, list] = {}               # (id(content), n) -> a memo of a game as dealt
    bufs: dict[int, list] = {}                  # id(buffer) -> what it holds (see ``write``)

    # ----- a seat's block, kept per game and changed in place --------------------------------
    # A seat's memo is a list: [block, its land tiles, their offsets in the block, the country
    # written (the grid's dict), technologies' reader, used read, used_m read, seat, garbage
    # on its tiles, its clean tiles, its tiles' garbage reader, garbage read, its tiles'
    # citizen sites' reader, citizens read]. ``block`` is the seat's part of the vector
    # without its holdings; the game's memo keeps per seat a stamp that changes with every
    # change of it (the buffers compare stamps to know which slots to copy again).
    M_B, M_TILES, M_AT, M_GRID, M_GETU, M_UK, M_UMK, M_SEAT, M_GTOT, M_CLEAN, M_GGET, M_GK, \
        M_CGET, M_CK = range(14)

    def garbage_part(B: array, m: list, garbage: list, tiles: Any, total: int = 0,
                     clean: int = 0) -> None:
        """The garbage on ``tiles`` (land tile, offset) of the country, added to ``total`` and
        ``clean`` (the rest of its tiles'), then the country's total and clean tiles."""
        for t, b in tiles:
            g = garbage[t]
            v = g / 3
            B[b] = v if v <= 10.0 else 10.0
            total += g
            if not g:
                clean += 1
        m[M_GTOT], m[M_CLEAN] = total, clean
        v = total / 30.0
        B[p_garb] = v if v <= 10.0 else 10.0
        B[p_clean] = clean / 5.0

    def garbage_changed(m: list, now: tuple) -> None:
        """The garbage on the seat's tiles, read as ``now``, where it changed since it was
        read last (``M_GK``): the tiles that changed written (a change each: the totals
        follow)."""
        then = m[M_GK]
        m[M_GK] = now
        B, at = m[M_B], m[M_AT]
        total, clean = m[M_GTOT], m[M_CLEAN]
        for j in compress(range(len(now)), map(ne, now, then)):
            g, g0 = now[j], then[j]
            v = g / 3
            B[at[j]] = v if v <= 10.0 else 10.0
            total += g - g0
            if (not g) != (not g0):
                clean += 1 if not g else -1
        m[M_GTOT], m[M_CLEAN] = total, clean
        v = total / 30.0
        B[p_garb] = v if v <= 10.0 else 10.0
        B[p_clean] = clean / 5.0

    def layout_part(game: Any, s: int, m: list, citizens: bool) -> None:
        """What the country's layout and citizens decide (the window, placed tiles, networks,
        bridges, incomes), then its garbage. A country that only grew since it was written
        (the engine adds cells to a copy of the dict) gets only its new cells, and the
        citizens of the others again when ``citizens`` (they changed)."""
        B = m[M_B]
        grid, old = game.grid[s], m[M_GRID]
        cit, SITES = game.cit, game.K.SITES
        grown = old is not None and (grid is old or old.items() <= grid.items())
        if grown:
            tiles, at = list(m[M_TILES]), list(m[M_AT])
            if citizens:
                citizens_of(B, m, cit, SITES)
            cells: Any = () if grid is old else [(c, v) for c, v in grid.items()
                                                 if c not in old]
        else:                                   # written anew
            B[p_country:p_nets] = layout_zeros
            tiles, at = [], []
            cells = grid.items()
        known = len(tiles)
        for cell, v in cells:
            code, r = v >> 2, v & 3
            b = p_country + cell * k
            if code < N_LAND:
                tiles.append(code)
                at.append(b + 2)
                B[b] = 1.0
                c = 0
                for x in SITES[code]:
                    if cit[x]:
                        c += 1
                B[b + 3] = c / 3
                i = LAND_I[code]
                B[b + 5] = ((-1 if i is None else i) + 1) / n_land_choices
                if i is not None:
                    B[p_placed + i] = 1.0
            else:
                B[b + 1] = 1.0
                i = TECH_I[code - INST_BASE]
                B[b + 5] = ((-1 if i is None else i) + 1) / n_tech_choices
            B[b + 4] = 90 * r / 270
        nets = game._networks(s)
        B[p_nets] = len(nets) / 5
        B[p_nets + 1] = max(map(len, nets), default=0) / 12
        B[p_bridges] = _clip(len(game.links[s]) / 4.0)
        incomes_part(game, s, B)
        m[M_GRID] = grid
        if grown and len(tiles) == known:
            return
        m[M_TILES], m[M_AT] = tiles, at = tuple(tiles), tuple(at)
        garbage = game.garbage
        if grown:                               # the new tiles' garbage, added
            garbage_part(B, m, garbage, zip(tiles[known:], at[known:], strict=True),
                         m[M_GTOT], m[M_CLEAN])
        else:
            garbage_part(B, m, garbage, zip(tiles, at, strict=True))
        m[M_GGET] = get = _reader(tiles)        # what the tiles' garbage and citizens are
        m[M_GK] = get(garbage)                  # compared by (``update``)
        m[M_CGET] = get = _reader(tuple([x for t in tiles for x in SITES[t]]))
        m[M_CK] = get(cit)

    def incomes_part(game: Any, s: int, B: array) -> None:
        c, sc, v = game.incomes(s)
        B[p_inc_c], B[p_inc_s], B[p_inc_v] = _clip(c / 20.0), _clip(sc / 10.0), _clip(v / 10.0)

    def citizens_of(B: array, m: list, cit: list, SITES: Any) -> None:
        """The citizens on the country's land tiles."""
        for t, b in zip(m[M_TILES], m[M_AT], strict=True):
            c = 0
            for x in SITES[t]:
                if cit[x]:
                    c += 1
            B[b + 1] = c / 3

    def citizens_part(game: Any, m: list, cit: list) -> None:
        """The citizens on the country's land tiles and the incomes (the layout holds)."""
        citizens_of(m[M_B], m, cit, game.K.SITES)
        incomes_part(game, m[M_SEAT], m[M_B])

    def tech_part(game: Any, s: int, m: list) -> None:
        """The seat's technologies: held, used, used this maintenance."""
        B, techs = m[M_B], game.techs[s]
        used, used_m = game.t_used, game.t_used_m
        B[p_techs:p_techs + tech_w] = tech_zeros
        for t in techs:
            i = TECH_I[t] * 3 + p_techs
            B[i] = 1.0
            B[i + 1] = float(used[t])
            B[i + 2] = float(used_m[t])
        m[M_GETU] = get_u = _getter(techs)
        m[M_UK], m[M_UMK] = get_u(used), get_u(used_m)

    def pending_part(B: array, pend: Any) -> None:
        B[p_pend:pend_end] = pend_zeros
        for j, (t, citizen, g) in enumerate(pend[:pend_slots]):
            b = p_pend + j * pend_stride
            B[b] = 1.0
            i = LAND_I[t]
            if i is not None:
                B[b + p_pend_tile + i] = 1.0
            B[b + p_pend_cit] = 1.0 if citizen else 0.0
            B[b + p_pend_g] = _clip(g / 4.0)

    def institutions_part(B: array, insts: Any) -> None:
        B[p_pinst:p_pinst + n_tech_choices] = pinst_zeros
        for t in insts:
            i = TECH_I[t]
            if i is not None:
                B[p_pinst + i] += 1.0

    def column_part(B: array, x: int) -> None:
        B[p_col:p_col + col_w] = col_zeros
        if x >= 0:
            B[SEAT_COL_AT[x]] = 1.0

    # the per-seat lists a block shows, in this order (``state``'s first copies)
    COMPS = ("grid", "lands", "techs", "links", "held", "pend_land", "pend_inst", "set_aside",
             "pollution", "score", "won", "cit_supply", "col_of")
    SHARED = ("garbage", "cit", "t_used", "t_used_m")
    # (read from the game's ``__dict__``: the engine's state is plain instance attributes)
    comps_of = itemgetter(*COMPS)
    shared_of = itemgetter(*SHARED)
    round_key_of = itemgetter("round", "track", "cards", "land_piles", "tech_piles",
                              "cat_stack", "cat_used", "cat")
    display_key_of = itemgetter("land_display", "tech_display", "marker", "bridges_supply",
                                "round", "track")

    def writing(at: int, scale: float) -> Callable[[array, Any], None]:
        def put(B: array, v: Any) -> None:
            v = v / scale
            B[at] = v if -LIMIT <= v <= LIMIT else _clip(v)
        return put

    # from ``held`` on, per COMPS: what writes that component of a block
    SCALARS = (None, None, None, None, writing(p_held, 2.0), pending_part, institutions_part,
               writing(p_aside, 8.0), writing(p_poll, 10.0), writing(p_score, 50.0),
               writing(p_won, 5.0), writing(p_supply, 14.0), column_part)
    COMP_RANGE = range(len(COMPS))
    SEAT_RANGES = [range(m) for m in range(n_slots + 1)]

    def new_seat(game: Any, s: int, comps: tuple, st: list) -> list:
        B = block_zeros[:]
        B[0] = 1.0
        m = [B, (), (), None, _NONE, (), (), s, 0, 0, _NONE, (), _NONE, ()]
        layout_part(game, s, m, False)
        tech_part(game, s, m)
        for c in range(4, len(COMPS)):
            SCALARS[c](B, comps[c][s])
        return m

    def state(game: Any, n: int) -> list:
        """A new memo of ``game``: [content, seats, copies of the per-seat lists (COMPS), copies
        of the shared lists (SHARED), the seats' memos, the top part's round key, the top
        part, the stamps of its seats' blocks, the top part's display key]. Made from the memo
        of a game as dealt with the same content and table (``dealt``), brought up to date by
        ``update``: every game is dealt the same countries, so only what has happened since is
        written."""
        if len(games) > 64:
            games.clear()
        K = game.K
        seed = dealt.get((id(K), n))
        if seed is not None and seed[0] is K:
            st = copy_memo(seed)
            update(game, n, st)
        else:
            comps = comps_of(game.__dict__)
            st = [K, n, tuple([x[:] for x in comps]),
                  tuple([x[:] for x in shared_of(game.__dict__)]), [], None, None,
                  [next(stamps) for _ in range(n)], None]
            st[4] = [new_seat(game, s, comps, st) for s in range(n)]
            if game._n_actions == 0 and not game._setup_log:    # as dealt: the seed of others
                static_top(game, st)
                if len(dealt) > 16:
                    dealt.clear()
                dealt[(id(K), n)] = copy_memo(st)
        games[id(game)] = st
        return st

    def copy_memo(st: list) -> list:
        """A memo of its own with the same contents (blocks, top part and the lists changed in
        place copied; new stamps: every buffer copies its blocks again)."""
        out = st[:]
        out[4] = [[m[M_B][:], *m[1:]] for m in st[4]]
        out[6] = st[6][:] if st[6] is not None else None
        out[7] = [next(stamps) for _ in range(st[1])]
        return out

    def update(game: Any, n: int, st: list) -> None:
        """Every seat's block brought up to date. The per-seat lists are compared with what
        they were at the last observation of this game (their items are never changed in
        place: the engine's clone shares them); only what changed is written again. The
        garbage and citizens that changed are found by position, and their seats by the
        country that holds their tile."""
        attrs = game.__dict__
        comps, shared = comps_of(attrs), shared_of(attrs)
        before, shared_before = st[2], st[3]
        moved = comps != before
        if not moved and shared == shared_before:
            return
        seats, stamp_of = st[4], st[7]
        seat_range = SEAT_RANGES[n]
        layout: set[int] = set()
        techs: set[int] = set()
        if moved:
            copies = list(before)
            for c in compress(COMP_RANGE, map(ne, comps, before)):
                now, then = comps[c], before[c]
                if c < 4:
                    layout.update(compress(seat_range, map(ne, now, then)))
                    if c == 2:
                        techs.update(compress(seat_range, map(ne, now, then)))
                else:
                    part = SCALARS[c]
                    for s in compress(seat_range, map(ne, now, then)):
                        part(seats[s][M_B], now[s])
                        stamp_of[s] = next(stamps)
                copies[c] = now[:]
            st[2] = tuple(copies)
        citizens: Any = ()
        if shared != shared_before:
            garbage, cit, used, used_m = shared
            garbage0, cit0, used0, used_m0 = shared_before
            if cit != cit0:                     # the seats whose tiles' citizens changed
                citizens = set()
                for m in seats:
                    now = m[M_CGET](cit)
                    if now != m[M_CK]:
                        m[M_CK] = now
                        s = m[M_SEAT]
                        citizens.add(s)
                        if s not in layout:
                            citizens_part(game, m, cit)
                            stamp_of[s] = next(stamps)
                cit0 = cit[:]
            if garbage != garbage0:             # (before the layouts: they add new tiles)
                for m in seats:
                    now = m[M_GGET](garbage)
                    if now != m[M_GK]:
                        garbage_changed(m, now)
                        stamp_of[m[M_SEAT]] = next(stamps)
                garbage0 = garbage[:]
            if used != used0 or used_m != used_m0:
                for m in seats:
                    get_u = m[M_GETU]
                    if get_u(used) != m[M_UK] or get_u(used_m) != m[M_UMK]:
                        techs.add(m[M_SEAT])
                used0, used_m0 = used[:], used_m[:]
            st[3] = (garbage0, cit0, used0, used_m0)
        for s in layout:
            layout_part(game, s, seats[s], s in citizens)
            stamp_of[s] = next(stamps)
        for s in techs:
            tech_part(game, s, seats[s])
            stamp_of[s] = next(stamps)

    def static_top(game: Any, st: list) -> array:
        """The top part that does not depend on the observer nor change within a round's
        steps, kept per game (``st[6]``) and changed in place in two parts: what changes when
        something is bought (the displays, the cost marker, the bridges' supply) and the rest
        (round, cost track, scoring cards, pile sizes, catastrophes)."""
        out = st[6]
        attrs = game.__dict__
        key = round_key_of(attrs)
        if key != st[5]:
            if out is None:
                out = st[6] = top_zeros[:]
            rd, track, cards, land_piles, tech_piles, cat_stack, cat_used, cat = key
            st[5] = (rd, track, cards[:], land_piles[:], tech_piles[:], cat_stack, cat_used[:],
                     cat)                       # (the lists copied)
            round_part(game, out, key)
            st[8] = None
        key = display_key_of(attrs)
        if key != st[8]:
            land_display, tech_display, marker, supply, rd, track = key
            st[8] = (land_display[:], tech_display[:], marker, supply, rd, track)
            display_part(game, out, key)
        return out

    def round_part(game: Any, out: array, key: tuple) -> None:
        """Round, cost track, scoring cards, pile sizes, used and revealed catastrophes."""
        rd, track_id, cards, land_piles, tech_piles, cat_stack, cat_used, cat = key
        out[:o_land_d] = top_zeros[:o_land_d]                        # round, phase, step, …
        out[o_tech_d + n_tech_choices:] = top_zeros[o_tech_d + n_tech_choices:]
        i = round_i.get(rd)
        if i is not None:
            out[o_round + i] = 1.0
        if rd < full_rounds:
            at = TRACK_AT[track_id]
            if at is not None:
                out[at] = 1.0
        for c, where in zip(cards, CARD_AT, strict=True):
            if c >= 0:
                at = where.get(c)
                if at is not None:
                    out[at] = 1.0
        for i, at in LAND_PILE_AT:
            out[at] = _clip(len(land_piles[i]) / 16.0)
        for i, at in TECH_PILE_AT:
            out[at] = _clip(len(tech_piles[i]) / 12.0)
        out[o_cats] = _clip(len(cat_stack) / 9.0)
        for c in cat_used:
            i = CAT_I[c]
            if i is not None:
                out[o_cat_used + i] += 1.0
        if cat >= 0:
            out[o_cat] = 1.0
            i = CAT_I[cat]
            if i is not None:
                out[o_cat_id + i] = 1.0
            card = game.K.CATS[cat]
            at = LABEL_AT.get(card.label)
            if at is not None:
                out[at] = 1.0
            columns = card.columns
            for x in game.pc.columns:
                at = COL_AT[x]
                if at is not None:
                    g, pol = columns[x]
                    out[at] = 1.0
                    out[at + 1] = _clip(g / 8.0)
                    out[at + 2] = _clip(pol / 2.0)

    def display_part(game: Any, out: array, key: tuple) -> None:
        """The displays, the cost marker and its prices, the bridges' supply."""
        land_display, tech_display, marker, bridges_supply, rd, track_id = key
        out[o_land_d:o_land_d + n_land_choices] = land_d_zeros
        out[o_tech_d:o_tech_d + n_tech_choices] = tech_d_zeros
        for t in land_display:
            i = LAND_I[t]
            if i is not None:
                out[o_land_d + i] += 1.0
        for t in tech_display:
            i = TECH_I[t]
            if i is not None:
                out[o_tech_d + i] += 1.0
        if rd < full_rounds:
            track = game.K.TRACKS[track_id]
            out[o_marker] = _clip(marker / 5.0)
            out[o_price] = _clip(track.prices[marker] / 10.0)
            out[o_min_bid] = _clip(track.min_bid / 10.0)
        else:
            out[o_marker] = out[o_price] = out[o_min_bid] = 0.0
        out[o_bridges] = _clip(bridges_supply / 4.0)

    def buffer_record(out: Any) -> list:
        """What ``out`` holds: [a weak reference to it, per seat the stamp of its block as
        copied there (None: not known), whether coins were written beyond the observer's
        slot, the seats of the table whose tail was zeroed (0: not known), the observer the
        slots are turned to]."""
        key = id(out)

        def gone(ref: Any, key: int = key) -> None:
            rec = bufs.get(key)
            if rec is not None and rec[0] is ref:
                del bufs[key]

        if len(bufs) > 4096:                    # (each goes when its buffer goes)
            bufs.clear()
        rec = bufs[key] = [weakref.ref(out, gone), None, False, 0, -1]
        return rec

    def write(game: Any, seat: int, out: Any) -> None:
        n = game.n
        me = seat
        phase = game.phase
        over = phase == PH_OVER
        st = games.get(id(game))
        if st is None or st[0] is not game.K or st[1] != n:
            st = state(game, n)
        else:
            update(game, n, st)
        # the seats' blocks: only the slots whose block changed since this buffer's last one
        rec = bufs.get(id(out))
        if rec is None or rec[0]() is not out:
            rec = buffer_record(out)
        if rec[4] != me or (rec[2] and not over):   # another observer, or others' coins
            rec[1], rec[4] = None, me               # were shown: copy every slot again
        rec[2] = over
        shown, stamp_of = rec[1], st[7]
        if shown != stamp_of:
            seats = st[4]
            if shown is None or len(shown) != n:
                changed: Any = range(n)
            else:
                changed = compress(SEAT_RANGES[n], map(ne, stamp_of, shown))
            for s in changed:
                b = b0 + (s - me) % n * W
                out[b:b + W] = seats[s][M_B]
            rec[1] = stamp_of[:]
        if rec[3] != n:                         # the slots past the table: zeros
            if n < n_slots:
                out[b0 + n * W:] = tail_zeros[n]
            rec[3] = n
        coins, science = game.coins, game.science
        if over:
            b = b0
            for j in range(n):
                s = (me + j) % n
                out[b + p_coins] = _clip(coins[s] / 50.0)
                out[b + p_science] = _clip(science[s] / 25.0)
                b += W
        else:
            v = coins[me] / 50.0
            out[b0 + p_coins] = v if -10.0 <= v <= 10.0 else _clip(v)
            v = science[me] / 25.0
            out[b0 + p_science] = v if -10.0 <= v <= 10.0 else _clip(v)
        # the top part: what stays within a round's steps, then the decision in progress
        out[:b0] = static_top(game, st)
        at = PHASE_AT[phase]
        if at is not None:
            out[at] = 1.0
        at = STEP_AT[phase]
        if at is not None:
            out[at] = 1.0
        out[o_sp + (game.sp - me) % n] = 1.0
        actor = game.actor
        if not over:
            out[o_to_move + (actor - me) % n] = 1.0
        if phase <= PH_SOLO:
            out[o_auction] = 1.0
            tile, hs = game.tile, game.high_seat
            if tile >= 0:
                i = LAND_I[tile]
                if i is not None:
                    out[o_a_tile + i] = 1.0
                if hs >= 0:
                    out[o_a_high] = game.high / 20.0
            if hs >= 0:
                out[o_a_seat + (hs - me) % n] = 1.0
            passed = game.passed
            if True in passed:
                for s in compress(SEAT_RANGES[n], passed):
                    out[o_a_passed + (s - me) % n] = 1.0
            for s in game.withdrawn:
                out[o_a_withdrawn + (s - me) % n] = 1.0
            if game.lone:
                out[o_a_lone] = 1.0
            if phase == PH_TECH:
                out[o_a_buying + (actor - me) % n] = 1.0
        if game.cat >= 0:
            if phase == PH_CAT:
                out[o_cat_bidding] = 1.0
            occ, bid_of = game.occ, game.bid_of
            for x in (game.pc.columns if max(occ) >= 0 else ()):   # the columns taken
                o = occ[x]
                if o >= 0:
                    at = COL_AT[x]
                    if at is not None:
                        out[at + 3 + (o - me) % n] = 1.0
                        out[at + 8] = bid_of[o] / 10.0
        at = M_STEP_AT.get(phase)
        if at is not None:
            out[o_m] = 1.0
            out[o_m_player + (actor - me) % n] = 1.0
            out[at] = 1.0
            sel = game.sel
            if sel is not None:
                code, citizen, g = sel
                out[o_sel] = 1.0
                if code < N_LAND:
                    i = LAND_I[code]
                    if i is not None:
                        out[o_sel_tile + i] = 1.0
                    out[o_sel_cit] = 1.0 if citizen else 0.0
                    out[o_sel_g] = _clip(g / 4.0)
                else:
                    i = TECH_I[code - INST_BASE]
                    if i is not None:
                        out[o_sel_tech + i] = 1.0
            c = game.sel_cell
            if c >= 0:
                out[o_cell] = 1.0
                out[o_cell + 1] = (c % SIZE - half) / 7
                out[o_cell + 2] = (c // SIZE - half) / 7
            out[o_extra] = _clip(game.extra / 4.0)
            t = game.m_tech
            if t >= 0:
                i = TECH_I[t]
                if i is not None:
                    out[o_m_tech + i] = 1.0
                out[o_left] = _clip(game.m_rem / 3.0)
            site = game.lifted
            if site >= 0:
                i = LAND_I[site // 3]
                if i is not None:
                    out[o_lifted + i] = 1.0
                out[o_lifted + n_land_choices + site % 3] = 1.0
        if phase == PH_RECYCLE:
            out[o_prod] = 1.0
            out[o_p_player + (actor - me) % n] = 1.0
            out[o_p_cap] = _clip(game.p_cap / 4.0)
            for t in game.p_nets[0][1]:
                i = LAND_I[t]
                if i is not None:
                    out[o_p_tiles + i] += 1.0

    write.bounded = True                        # every value is within ±LIMIT (Observer)
    write.float32 = write if typecode == "f" else writer("f")
    return write
