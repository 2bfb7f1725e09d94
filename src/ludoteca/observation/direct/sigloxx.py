"""Siglo XX written straight from the state (see the package's docstring): the values of
``encoder_for("sigloxx")`` applied to ``view(seat)``, bit for bit, reading only what that view
shows. Coins and science are written for the observer only (everyone's once the game is over,
ruling X9); face-down piles and the catastrophe stack only as counts, never their order.

Most of the vector is the seats' blocks (1,825 floats each, a few dozen non-zero), and a
seat's block changes only when that seat's own things change. Per game (``id``), the writer
keeps each seat's block with what it was made from, and a copy of the per-seat lists as they
were at the last observation: comparing them (by content; their items, being shared by the
engine's clones, are never changed in place) finds the seats with a change, and only those
are looked at again. A block is rebuilt from its parts that still hold: the country's
layout and citizens (window, placed tiles, networks, bridges, incomes), its garbage, the
rest. The top part that holds within a round's steps (displays, costs, piles, the card) is
kept the same way; the decision in progress is written afresh."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from operator import itemgetter
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

_NONE: Callable[[Any], tuple] = lambda values: ()  # noqa: E731  (no items: nothing to read)


def _getter(indices: tuple[int, ...]) -> Callable[[Any], Any]:
    """A fast reader of ``values[i]`` for ``i`` in ``indices`` (any hashable result)."""
    if not indices:
        return _NONE
    return itemgetter(*indices)


def writer() -> Callable[[Any, int, Any], None]:
    """A new ``write(game, seat, buf)`` with its own memory (the one in ``DIRECT`` is shared
    by every environment; tests make their own). Offsets come from the encoder's layout."""
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

    top_zeros = array("d", bytes(8 * b0))
    block_zeros = array("d", bytes(8 * W))
    tail_zeros = [array("d", bytes(8 * W * (n_slots - m))) for m in range(n_slots + 1)]
    games: dict[int, list] = {}                 # id(game) -> what its last observation used

    def read_tiles(K: Any, tiles: tuple[int, ...]) -> tuple:
        """(garbage reader, citizens reader) of ``tiles``, per content (its tiles' sites)."""
        readers = K.memo.get("direct_readers")  # tiles -> (garbage reader, citizens reader)
        if readers is None:
            readers = K.memo["direct_readers"] = {}
        got = readers.get(tiles)
        if got is None:
            if len(readers) > 4096:
                readers.clear()
            SITES = K.SITES
            got = readers[tiles] = (_getter(tiles),
                                    _getter(tuple(x for t in tiles for x in SITES[t])))
        return got

    def structure(game: Any, s: int, grid: dict) -> tuple[array, tuple, tuple]:
        """The block's part that the country's layout and citizens decide: present, the
        window but for garbage, placed tiles, networks, bridges and incomes; also the land
        tiles (in the grid's order) and each one's garbage offset."""
        out = block_zeros[:]
        out[0] = 1.0
        cit, SITES = game.cit, game.K.SITES
        tiles, at = [], []
        for cell, v in grid.items():
            code, r = v >> 2, v & 3
            b = p_country + cell * k
            if code < N_LAND:
                tiles.append(code)
                at.append(b + 2)
                out[b] = 1.0
                c = 0
                for x in SITES[code]:
                    if cit[x]:
                        c += 1
                out[b + 3] = c / 3
                i = LAND_I[code]
                out[b + 5] = ((-1 if i is None else i) + 1) / n_land_choices
                if i is not None:
                    out[p_placed + i] = 1.0
            else:
                out[b + 1] = 1.0
                i = TECH_I[code - INST_BASE]
                out[b + 5] = ((-1 if i is None else i) + 1) / n_tech_choices
            out[b + 4] = 90 * r / 270
        nets = game._networks(s)
        out[p_nets] = len(nets) / 5
        out[p_nets + 1] = max((len(net) for net in nets), default=0) / 12
        out[p_bridges] = len(game.links[s]) / 4.0
        c, sc, v = game.incomes(s)
        out[p_inc_c], out[p_inc_s], out[p_inc_v] = c / 20.0, sc / 10.0, v / 10.0
        return out, tuple(tiles), tuple(at)

    def seat_block(game: Any, s: int, entries: list) -> None:
        """Seat ``s``'s block without its holdings, in ``entries[s]`` with what it was made
        from: kept when nothing it shows has changed, else made again from its parts that
        still hold (the country's layout and citizens; its garbage; the rest)."""
        grid, lands, techs, links = game.grid[s], game.lands[s], game.techs[s], game.links[s]
        rest = (game.held[s], game.pend_land[s], game.pend_inst[s], game.set_aside[s],
                game.pollution[s], game.score[s], game.won[s], game.cit_supply[s],
                game.col_of[s])
        garbage, cit, used, used_m = game.garbage, game.cit, game.t_used, game.t_used_m
        e = entries[s]
        if e is not None and lands == e[1] and techs == e[2] and links == e[3] and \
                grid == e[0] and e[5](cit) == e[7]:
            tiles, at, get_g, get_c, ck, struct = e[15], e[16], e[4], e[5], e[7], e[8]
            gk = get_g(garbage)
            if gk == e[6]:
                base = e[9]
                if rest == e[10] and e[11](used) == e[12] and e[11](used_m) == e[13]:
                    return
            else:
                base = None
        else:
            struct, tiles, at = structure(game, s, grid)
            get_g, get_c = read_tiles(game.K, tiles)
            gk, ck = get_g(garbage), get_c(cit)
            base = None
        if base is None:                        # the garbage on the country's land tiles
            base = struct[:]
            total = clean = 0
            for t, b in zip(tiles, at, strict=True):
                g = garbage[t]
                base[b] = g / 3
                total += g
                if not g:
                    clean += 1
            base[p_garb] = total / 30.0
            base[p_clean] = clean / 5.0
        get_u = _getter(techs)
        out = base[:]
        out[p_held] = rest[0] / 2.0
        for j, (t, citizen, g) in enumerate(rest[1][:pend_slots]):
            b = p_pend + j * pend_stride
            out[b] = 1.0
            i = LAND_I[t]
            if i is not None:
                out[b + p_pend_tile + i] = 1.0
            out[b + p_pend_cit] = 1.0 if citizen else 0.0
            out[b + p_pend_g] = g / 4.0
        for t in rest[2]:
            i = TECH_I[t]
            if i is not None:
                out[p_pinst + i] += 1.0
        out[p_aside] = rest[3] / 8.0
        for t in techs:
            i = TECH_I[t] * 3 + p_techs
            out[i] = 1.0
            out[i + 1] = float(used[t])
            out[i + 2] = float(used_m[t])
        out[p_poll] = rest[4] / 10.0
        out[p_score] = rest[5] / 50.0
        out[p_won] = rest[6] / 5.0
        out[p_supply] = rest[7] / 14.0
        x = rest[8]
        if x >= 0:
            out[SEAT_COL_AT[x]] = 1.0
        entries[s] = (grid, lands, techs, links, get_g, get_c, gk, ck, struct, base, rest,
                      get_u, get_u(used), get_u(used_m), out, tiles, at)

    def blocks(game: Any, n: int, st: list) -> list:
        """Every seat's entry, brought up to date. The per-seat lists are compared with what
        they were at the last observation of this game (their items are never changed in
        place: the engine's clone shares them), so only seats with a change are looked at."""
        comps = [game.grid, game.lands, game.techs, game.links, game.held, game.pend_land,
                 game.pend_inst, game.set_aside, game.pollution, game.score, game.won,
                 game.cit_supply, game.col_of]
        shared = [game.garbage, game.cit, game.t_used, game.t_used_m]
        entries = st[2]
        before, shared_before = st[0], st[1]
        if before is None:
            dirty = range(n)
            st[0] = [x[:] for x in comps]
            st[1] = [x[:] for x in shared]
        elif comps == before and shared == shared_before:
            return entries
        else:
            dirty = set()
            if comps != before:
                for c, now in enumerate(comps):
                    then = before[c]
                    if now != then:
                        dirty.update([s for s in range(n) if now[s] != then[s]])
                        before[c] = now[:]
            if shared != shared_before:
                garbage, cit, used, used_m = shared
                for s in range(n):
                    if s not in dirty:
                        e = entries[s]
                        if e[4](garbage) != e[6] or e[5](cit) != e[7] or \
                                e[11](used) != e[12] or e[11](used_m) != e[13]:
                            dirty.add(s)
                for c, now in enumerate(shared):
                    if now != shared_before[c]:
                        shared_before[c] = now[:]
        for s in dirty:
            seat_block(game, s, entries)
        return entries

    def static_top(game: Any, st: list) -> array:
        """The top part that does not depend on the observer nor change within a round's
        steps (round, displays, costs, scoring cards, pile sizes, used catastrophes, the
        bridges' supply, the revealed catastrophe's card): kept per game while it holds."""
        land_piles, tech_piles = game.land_piles, game.tech_piles
        key = (game.round, game.land_display, game.tech_display, game.track, game.marker,
               game.cards, tuple(map(len, land_piles)), tuple(map(len, tech_piles)),
               len(game.cat_stack), game.cat_used, game.bridges_supply, game.cat)
        if key == st[3]:
            return st[4]
        out = top_zeros[:]
        rd = game.round
        i = round_i.get(rd)
        if i is not None:
            out[o_round + i] = 1.0
        for t in game.land_display:
            i = LAND_I[t]
            if i is not None:
                out[o_land_d + i] += 1.0
        for t in game.tech_display:
            i = TECH_I[t]
            if i is not None:
                out[o_tech_d + i] += 1.0
        if rd < full_rounds:
            track = game.K.TRACKS[game.track]
            at = TRACK_AT[game.track]
            if at is not None:
                out[at] = 1.0
            out[o_marker] = game.marker / 5.0
            out[o_price] = track.prices[game.marker] / 10.0
            out[o_min_bid] = track.min_bid / 10.0
        for c, where in zip(game.cards, CARD_AT, strict=True):
            if c >= 0:
                at = where.get(c)
                if at is not None:
                    out[at] = 1.0
        for i, at in LAND_PILE_AT:
            out[at] = len(land_piles[i]) / 16.0
        for i, at in TECH_PILE_AT:
            out[at] = len(tech_piles[i]) / 12.0
        out[o_cats] = len(game.cat_stack) / 9.0
        for c in game.cat_used:
            i = CAT_I[c]
            if i is not None:
                out[o_cat_used + i] += 1.0
        out[o_bridges] = game.bridges_supply / 4.0
        cat = game.cat
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
                    out[at + 1] = g / 8.0
                    out[at + 2] = pol / 2.0
        st[3] = tuple([x[:] if type(x) is list else x for x in key])  # lists copied
        st[4] = out
        return out

    def write(game: Any, seat: int, out: Any) -> None:
        n = game.n
        me = seat
        phase = game.phase
        over = phase == PH_OVER
        st = games.get(id(game))
        if st is None or len(st[2]) != n:
            if len(games) > 64:
                games.clear()
            st = games[id(game)] = [None, None, [None] * n, None, None]
        # the seats' blocks
        entries = blocks(game, n, st)
        coins, science = game.coins, game.science
        b = b0
        for j in range(n):
            s = (me + j) % n
            out[b:b + W] = entries[s][14]
            if over or j == 0:
                out[b + p_coins] = coins[s] / 50.0
                out[b + p_science] = science[s] / 25.0
            b += W
        if n < n_slots:
            out[b:] = tail_zeros[n]
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
            for s, passed in enumerate(game.passed):
                if passed:
                    out[o_a_passed + (s - me) % n] = 1.0
            for s in game.withdrawn:
                out[o_a_withdrawn + (s - me) % n] = 1.0
            out[o_a_lone] = 1.0 if game.lone else 0.0
            if phase == PH_TECH:
                out[o_a_buying + (actor - me) % n] = 1.0
        if game.cat >= 0:
            out[o_cat_bidding] = 1.0 if phase == PH_CAT else 0.0
            occ, bid_of = game.occ, game.bid_of
            for x in game.pc.columns:
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
                    out[o_sel_g] = g / 4.0
                else:
                    i = TECH_I[code - INST_BASE]
                    if i is not None:
                        out[o_sel_tech + i] = 1.0
            c = game.sel_cell
            if c >= 0:
                out[o_cell] = 1.0
                out[o_cell + 1] = (c % SIZE - half) / 7
                out[o_cell + 2] = (c // SIZE - half) / 7
            out[o_extra] = game.extra / 4.0
            t = game.m_tech
            if t >= 0:
                i = TECH_I[t]
                if i is not None:
                    out[o_m_tech + i] = 1.0
                out[o_left] = game.m_rem / 3.0
            site = game.lifted
            if site >= 0:
                i = LAND_I[site // 3]
                if i is not None:
                    out[o_lifted + i] = 1.0
                out[o_lifted + n_land_choices + site % 3] = 1.0
        if phase == PH_RECYCLE:
            out[o_prod] = 1.0
            out[o_p_player + (actor - me) % n] = 1.0
            out[o_p_cap] = game.p_cap / 4.0
            for t in game.p_nets[0][1]:
                i = LAND_I[t]
                if i is not None:
                    out[o_p_tiles + i] += 1.0

    return write
