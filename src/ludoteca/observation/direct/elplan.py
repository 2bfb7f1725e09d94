"""«El Plan: tú decides» written straight from the state (see the package's docstring).

It reads what ``view(seat)`` shows and nothing else: of the face-down investment decks and
events only their sizes, of the set-aside events only their number, and of the simultaneous
choices (D4, D6, merma) only ``decides``/``done`` — the observer's own pending choice in full.

Most of the vector changes little from one action to the next, and is kept up to date per
game (by ``id``; a game of another size, content, plans, level or tutorial option starts
anew) rather than made again. A game seen for the first time starts from a copy of the memo
of the first game seen with the same content, plans, options and size, as it was at its first
observation (what differs is found as ever, below). Each game keeps the lists its parts were
made from (compared at every observation with the game's own) and the parts:
- the seats' blocks, in absolute order (the observer's turn is two copies): each target (a
  plan process or an investment card with its tokens, ``active``, what it gives) rewritten
  when its key changes (the keys of a seat's owned targets, a few, are made again when its
  part of the targets' lists changed; since when a target is active is written apart from its
  piece); of each head the items of the per-seat lists that changed (resources, ideas,
  credit, square; copies of the lists), the trios, the Period's flags of the seats whose
  flags changed (a key per seat); the secret steps' flags;
- the decks with the events (each offer, pile size, count rewritten when it changes; counts
  of a pile that only grew are added to);
- the market with the squares (per observer: who is on them) and the modifiers (per
  observer).
The pieces are remembered by their inputs, per content and tutorial option (targets, squares,
tables, modifiers, offers) or for all (flags). The empty slots of a smaller table are zeroed
once per buffer (held weakly; known to every writer): a buffer must be changed by nothing
else between two writes (an ``Observer``'s is private; a new buffer is written whole).
Written per observation: who moves, acts and is Momento Cero, the observer's own pending
choice, the tutorial's constraints, a refund, a card to play, the D1 choices.
``writer("f")`` (the ``float32`` attribute of the one in ``DIRECT``) keeps its parts in
float32 and writes the float32 vector itself: the same values as the float64 ones cast.
"""

from __future__ import annotations

import weakref
from array import array
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from ludoteca.games.elplan.common import (
    NT,
    PROD,
    PT,
    RES,
    S_D1C,
    S_D4,
    S_D6,
    S_MERMA,
    S_OVER,
    SIMULTANEOUS,
    STAGE_DISTRICT,
    STAGE_NAMES,
)
from ludoteca.games.elplan.content import content

from ..encoders import encoder_for
from ..encoding import LIMIT, Ctx

MEMO_MAX = 2048                 # entries per memo before it starts over (a target: 0.4 kB)
GAMES_MAX = 256                 # games kept (each its seats' blocks: up to 48 kB)
# id(buffer) -> [a weak reference to it, the table size whose empty slots it holds zeroed]:
# shared by every writer (one may write a buffer after another)
zeroed: dict[int, list] = {}


def _zeros(k: int) -> array:
    return array("d", bytes(8 * k))


def _bounded(buf: array) -> array:
    """``buf`` clipped to ±LIMIT in place (a part made anew: the writer is ``bounded``)."""
    v = np.frombuffer(buf, dtype=np.float64)
    np.minimum(v, LIMIT, out=v)
    np.maximum(v, -LIMIT, out=v)
    return buf


def _lim(v: float) -> float:
    """One value clipped to ±LIMIT (as the environments clip the vector)."""
    return v if -LIMIT <= v <= LIMIT else (LIMIT if v > 0 else -LIMIT)


class _Cx:
    """The memos of one content and tutorial option (shared by all its games) and its tables
    by position."""

    __slots__ = ("ci", "evc", "lab_targets", "trio_deck", "tslots", "last_period", "plan_heads",
                 "targets", "tables", "squares", "modifiers", "usable", "offers")


class _Seen:
    """One game as last seen: the lists its parts were made from (compared, at every
    observation, with the game's own) and the parts."""

    __slots__ = ("n", "C", "plans", "tut", "level", "cat", "cx", "seats", "mv", "tkeys",
                 "tdeck", "tper", "town", "towned", "tmemo", "tseat", "ontok", "trios", "sim",
                 "simkeys", "decks", "t", "h", "q", "d", "m", "tab", "tab_period", "dw",
                 "dealt")

    def __init__(self, n: int) -> None:
        self.n = n                              # a game of another size: another entry
        self.t = self.h = self.q = self.d = self.m = self.tab = None
        self.tab_period = self.dw = None
        self.dealt = False


def writer(typecode: str = "d"):
    """A new ``write(game, seat, buf)`` with its own memory. ``typecode`` is the buffer's:
    ``"d"`` (the float64 scratch; its ``float32`` attribute is the same writer for ``"f"``)
    or ``"f"`` (the float32 vector itself: every value stored is the float64 one cast, as
    ``Encoder.finish`` casts it; the parts the encoder's own fields write are made in float64
    and then cast)."""
    isz, dtype = array(typecode).itemsize, np.dtype(typecode)

    def zeros(k: int) -> array:
        return array(typecode, bytes(isz * k))

    def bounded(buf: array) -> array:
        """``buf`` clipped to ±LIMIT in place (a part made anew: the writer is ``bounded``)."""
        v = np.frombuffer(buf, dtype=dtype)
        np.minimum(v, LIMIT, out=v)
        np.maximum(v, -LIMIT, out=v)
        return buf

    def cast(buf: array) -> array:
        """A float64 part in the writer's typecode."""
        return buf if typecode == "d" else array(typecode, buf)

    C = content()           # the shipped content: a custom one is observed by position (its
    enc = encoder_for("elplan")     # k-th plan, square, card, event as the shipped k-th)
    rows = {r.name: r for r in enc.layout()}
    top: dict[str, int] = {}
    at = 0
    for f in enc.fields:
        top[f.name] = at
        at += f.width
    fields = {f.name: f for f in enc.fields}
    player = {f.name: f for f in fields["players"].fields}

    def off(name: str) -> int:
        return rows[name].offset

    # ----- offsets --------------------------------------------------------------------------
    o_tut, o_level, o_period, o_periods = off("tutorial"), off("level"), off("period"), \
        off("periods")
    o_phase, o_step, o_district = off("phase"), off("step"), off("district")
    o_mc, o_to_move, o_actor = off("mc"), off("to_move"), off("actor")
    level_index = fields["level"].index
    phase_index = fields["phase"].index
    step_of_stage = tuple(fields["step"].index.get(name) for name in STAGE_NAMES)
    district_index = fields["district"].index
    P0 = off("players[i].present")
    PS = rows["players[i].plan"].stride
    n_slots = fields["players"].length
    H = off("players[i].decides") - P0          # a seat's head: [0, H) of its block

    def rel(name: str) -> int:
        return off(f"players[i].{name}") - P0

    r_idle, r_ideas_idle, r_ideas = rel("idle"), rel("ideas_idle"), rel("ideas")
    r_hand, r_tienda, r_credit = rel("hand"), rel("tienda"), rel("credit")
    r_square, r_mc, r_trios = rel("square"), rel("mc"), rel("trios")
    r_bought, r_returned, r_affected = rel("period.bought"), rel("period.returned"), \
        rel("period.affected")
    r_bought_t, r_sold_t, r_sold = rel("period.bought_type"), rel("period.sold_type"), \
        rel("period.sold")
    r_disc = rel("period.d5_discount_used")
    r_decides, r_done, r_pending = rel("decides"), rel("done"), rel("pending.present")
    r_made, r_left, r_resource = rel("pending.made"), rel("pending.left"), \
        rel("pending.resource")
    r_repay, r_keep, r_procs = rel("pending.repay"), rel("pending.keep"), rel("processes")
    r_targets = rel("targets[j].present")
    sq_index = tuple(player["square"].index.get(s.id) for s in C.squares)
    prod_index = tuple(player["plan_type"].index.get(p) for p in PROD)
    res_index = tuple(player["pending"].fields[2].index.get(r) for r in RES)
    keep_index = tuple(player["pending"].fields[4].index.get(p) for p in PROD)
    o_market, o_subs = top["market"], top["subsidies"]
    n_subs = fields["subsidies"].width
    o_squares, o_decks, o_credit = top["squares"], top["decks"], top["credit_supply"]
    sq_stride = fields["squares"].item_width
    o_constraints = top["constraints"]
    cons_index = fields["constraints"].index
    o_refund = top["refund"]
    refund_types = fields["refund"].fields[1].index
    o_play, play_index = top["play"], fields["play"].index
    o_choices, ch_len = top["choices"], fields["choices"].length
    ch_stride = fields["choices"].item_width
    ch_kind = fields["choices"].fields[1].index
    tgt = {f.name: f for f in player["targets"].fields}
    t_len, t_stride = player["targets"].length, player["targets"].item_width

    def trel(name: str) -> int:
        return off(f"players[i].targets[j].{name}") - off("players[i].targets[j].present")

    t_active, t_tokens, t_min, t_since = trel("active"), trel("tokens"), trel("min_tokens"), \
        trel("active_since")
    t_process, t_effect, t_deck, t_pick = trel("process"), trel("effect"), trel("deck"), \
        trel("pick")
    t_named, t_procs, t_spaces = trel("named"), trel("processes"), trel("spaces[k].present")
    s_stride = tgt["spaces"].item_width
    space = {f.name: f for f in tgt["spaces"].fields}
    pt_index = tuple(tgt["process"].index.get(x) for x in PT)       # by process type code
    procs_index = tuple(tgt["processes"].index.get(x) for x in PT)
    effect_index, deck_index = tgt["effect"].index, tgt["deck"].index
    type_index = tuple(space["type"].index.get(x) for x in RES)     # by resource code
    token_index = tuple(space["token"].index.get(x) for x in RES + ("idea",))
    s_type, s_token = 1, 1 + space["type"].width
    d_stride, d_face = rows["decks[i].face_down"].stride, off("decks[i].face_down") - o_decks
    d_under, d_boxed = off("decks[i].under") - o_decks, off("decks[i].boxed") - o_decks
    d_offer, d_ostride = off("decks[i].offers[j].present") - o_decks, \
        rows["decks[i].offers[j].card"].stride
    d_card, d_age = (off(f"decks[i].offers[j].{x}") - off("decks[i].offers[j].present")
                     for x in ("card", "age"))
    card_index = fields["decks"].fields[1].index
    events = {f.name: f for f in fields["events"].fields}
    ev_index = tuple(events["current"].index.get(x.id) for x in C.events)
    evc_index = tuple(events["current_category"].index.get(x.category) for x in C.events)
    e_live, e_face, e_aside = (off(x) - o_decks for x in ("decks_live", "events.face_down",
                                                           "events.set_aside"))
    e_current, e_category, e_under, e_removed = (
        off(f"events.{x}") - o_decks for x in ("current", "current_category", "under",
                                               "removed"))
    m_market, m_import, m_no_imports, m_sale, m_export, m_exports, m_rfid = (
        off(f"modifiers.{x}") - o_credit for x in (
            "market_price", "import_price", "no_imports", "sale_bonus", "export_subsidy",
            "exports", "rfid_paid"))
    assert P0 + n_slots * PS == o_market and o_subs == o_market + 3
    assert o_squares < o_decks < top["decks_live"] < top["events"] < o_credit < o_constraints
    assert top["modifiers"] == o_credit + 1 and r_targets >= H
    tail_zeros = zeros(enc.size - o_constraints)
    slot_zeros = memoryview(zeros((n_slots - 1) * PS))     # the empty slots of a table:
    empty_slots = tuple(slot_zeros[:(n_slots - n) * PS] for n in range(n_slots + 1))  # by n

    def piece(at: int, end: int, parts: dict[str, Any], me: int, n: int) -> array:
        """``vector[at:end]`` as the encoder's own fields write ``parts`` (top-level fields by
        name, a subset of the view)."""
        buf = _zeros(end - at)
        ctx = Ctx(me, n)
        for name, value in parts.items():
            fields[name].write({name: value}, ctx, buf, top[name] - at)
        return cast(buf)

    # ----- the memos by content (shared by all games of a content and tutorial option) -----
    D3 = 3 * d_stride                               # the three decks, then decks_live, events
    assert o_decks + D3 == top["decks_live"] and e_live == D3
    T0 = r_targets                                  # a seat's targets: [T0, PS) of its block
    tgt_zeros = zeros(t_stride)
    n_cards = d_boxed - d_under                     # a deck's counts of cards under, boxed
    assert len(card_index) <= n_cards and d_boxed + n_cards <= d_offer
    contexts: dict[tuple[Any, bool], _Cx] = {}
    seen: dict[int, _Seen] = {}                     # id(game) -> its last state seen

    def context(game: Any) -> _Cx:
        """The memos of a content and tutorial option; its tables by position (a custom
        content's k-th card, event as the shipped k-th)."""
        Cg, tut = game.C, bool(game.tutorial)
        got = contexts.get((Cg, tut))
        if got is not None:
            return got
        cat = game.cat
        shipped = C.tut_cards if tut else C.cards
        cx = _Cx()
        cx.ci = tuple(card_index.get(shipped[k].id) if k < len(shipped) else None
                      for k in range(len(cat)))
        cx.evc = evc_index if Cg.key is None else tuple(
            events["current_category"].index.get(x.category) for x in Cg.events)
        # the catalogue cards whose target reads the seat's Laboratorio pick
        cx.lab_targets = frozenset(
            [2 + k for k, card in enumerate(cat) if card.kind == "choose_one"]
            + ([game.lab_n] if game.lab_n >= 0 else []))
        cx.trio_deck = (-1, -1) + tuple(card.deck if card.trio else -1 for card in cat)
        cx.tslots = tuple(tuple((N, s * NT + N, 3 * (s * NT + N), N in cx.lab_targets,
                                 s * PS + T0 + N * t_stride) for N in range(t_len))
                          for s in range(n_slots))    # a target as ``owned_targets`` lists it
        cx.last_period = game.last_period()
        cx.plan_heads, cx.targets = {}, {}
        cx.tables, cx.squares, cx.modifiers, cx.usable, cx.offers = {}, {}, {}, {}, {}
        if len(contexts) >= 32:
            contexts.clear()
        contexts[Cg, tut] = cx
        return cx

    def _put(memo: dict, key: Any, value: Any) -> Any:
        if len(memo) >= MEMO_MAX:
            memo.clear()
        memo[key] = value
        return value

    # ----- the pieces, made on a memo's miss --------------------------------------------------
    def target_piece(game: Any, s: int, N: int) -> array:
        """Target ``N`` of seat ``s`` as the view shows it (``t_stride`` values) but since when
        it is active (written apart): the plan's process or the investment card, with its
        tokens, ``active`` and what it gives now."""
        block = zeros(t_stride)
        sp = game.sp
        b0 = s * NT
        spaces, mn = game.tinfo[s][N]
        b3 = (b0 + N) * 3
        active = game._active(s, N)
        block[0] = 1.0
        block[t_active] = 1.0 if active else 0.0
        block[t_tokens] = ((sp[b3] >= 0) + (sp[b3 + 1] >= 0) + (sp[b3 + 2] >= 0)) / 3.0
        block[t_min] = mn / 3.0
        if N < 2:
            i = pt_index[game.C.plans[game.plans[s]].processes[N][0]]
            if i is not None:
                block[t_process + i] = 1.0
        else:
            card = game.cat[N - 2]
            i = effect_index.get(card.kind)
            if i is not None:
                block[t_effect + i] = 1.0
            i = deck_index.get(card.deck)
            if i is not None:
                block[t_deck + i] = 1.0
            if N == game.lab_n and game.lab[s] >= 0:
                i = pt_index[game.lab[s]]
                if i is not None:
                    block[t_pick + i] = 1.0
            if game.named[s] == N:
                block[t_named] = 1.0
        if active:
            for x in game._procs(s, N):
                block[t_procs + procs_index[x]] += 1.0
        for i in range(min(len(spaces), 3)):
            sb = t_spaces + i * s_stride
            block[sb] = 1.0
            block[sb + s_type + type_index[spaces[i]]] = 1.0
            v = sp[b3 + i]
            if v >= 0:
                block[sb + s_token + token_index[v]] = 1.0
        return bounded(block)

    def plan_head(cx: _Cx, Cg: Any, p: int) -> array:
        got = cx.plan_heads.get(p)
        if got is None:
            plan = Cg.plans[p]
            got = _zeros(H)
            got[0] = 1.0                            # present
            ctx = Ctx(0, 1)
            pid = C.plans[p].id if p < len(C.plans) else None     # by position
            for name, value in (("plan", pid), ("plan_type", PROD[plan.type]),
                                ("second_product", PROD[plan.second]),
                                ("cannot_make", PROD[plan.missing])):
                player[name].write({name: value}, ctx, got, rel(name))
            cx.plan_heads[p] = got = bounded(cast(got))
        return got

    # a seat's head in groups, each written where it changed: the plan's part [0, r_idle) (the
    # plan head), the resources [r_idle, r_square), the square, trios, the Period's flags
    R_END, P_END = r_credit + 1, r_disc + 1
    assert (r_ideas_idle, r_ideas, r_hand, r_tienda, r_credit) == (
        r_idle + 3, r_idle + 4, r_idle + 5, r_idle + 8, r_idle + 11) and r_square == R_END
    assert (r_returned, r_affected, r_bought_t, r_sold_t, r_sold, r_disc) == (
        r_bought + 1, r_bought + 2, r_bought + 3, r_bought + 6, r_bought + 9, r_bought + 10)
    assert r_trios + 1 == r_bought and P_END == H and r_mc < r_trios
    sq_width = player["square"].width
    square_parts = {-1: zeros(sq_width)}
    for q in range(len(sq_index)):
        square_parts[q] = zeros(sq_width)
        if sq_index[q] is not None:
            square_parts[q][sq_index[q]] = 1.0
    period_flags: dict[tuple, array] = {}

    def period_piece(key: tuple) -> array:
        """``[r_bought, H)`` of a seat's head: what it did this Period."""
        bought, returned, affected, buy_t, sell_t, sold, disc = key
        got = zeros(P_END - r_bought)
        got[0] = 1.0 if bought else 0.0
        got[1] = 1.0 if returned else 0.0
        got[2] = 1.0 if affected else 0.0
        if buy_t >= 0 and prod_index[buy_t] is not None:
            got[3 + prod_index[buy_t]] = 1.0
        if sell_t >= 0 and prod_index[sell_t] is not None:
            got[6 + prod_index[sell_t]] = 1.0
        got[9] = _lim(sold / 3.0)
        got[10] = 1.0 if disc else 0.0
        return _put(period_flags, key, got)

    def table_piece(game: Any, cx: _Cx, st: int) -> array:
        """``vector[:P0]`` but the seats (who moves, who acts, Momento Cero): options, period,
        phase, step, district."""
        buf = zeros(P0)
        if game.tutorial:
            buf[o_tut] = 1.0
        i = level_index.get(game.level)
        if i is not None:
            buf[o_level + i] = 1.0
        buf[o_period] = _lim(game.period / 12.0)
        buf[o_periods] = _lim(cx.last_period / 12.0)
        buf[o_phase + phase_index[game._phase_name()]] = 1.0
        i = step_of_stage[st]
        if i is not None:
            buf[o_step + i] = 1.0
        i = district_index.get(STAGE_DISTRICT[st])
        if i is not None:
            buf[o_district + i] = 1.0
        return _put(cx.tables, (game.level, game.period, st), buf)

    assert o_squares == o_market + 3 + n_subs

    def squares_piece(game: Any, cx: _Cx, n: int, key: tuple) -> array:
        """``vector[o_market:o_decks]`` but the market, the subsidies and who is on which
        square: the squares' present and usable flags (``key``: the table size and the usable
        flags of the squares in use)."""
        sl = [{"index": q, "usable": u} for q, u in zip(game.usable, key[1], strict=True)]
        return _put(cx.squares, key, bounded(piece(o_market, o_decks, {"squares": sl}, 0, n)))

    def offer_piece(cx: _Cx, k: int, age: int) -> array:
        """One offer of a deck (``d_ostride`` values): card ``k`` (by position) and its age."""
        ci = cx.ci
        buf = zeros(d_ostride)
        if k >= 0:
            buf[0] = 1.0
            if ci[k] is not None:
                buf[d_card + ci[k]] = 1.0
            buf[d_age] = _lim(age / 1.0)
        return _put(cx.offers, (k, age), buf)

    ev_widths = {f.name: f.width for f in fields["events"].fields}
    w_current, w_category, w_under, w_removed = (ev_widths[x] for x in (
        "current", "current_category", "under", "removed"))
    assert e_category == e_current + w_current and e_under == e_category + w_category
    ev_zeros = {w: zeros(w) for w in (w_current, w_category, w_under, w_removed, n_cards)}

    def counts(buf: array, at: int, width: int, items: list[int], index: tuple) -> None:
        """``buf[at:at + width]``: how many of each (by ``index``) ``items`` holds, clipped."""
        buf[at:at + width] = ev_zeros[width] if width in ev_zeros else zeros(width)
        for x in items:
            if index[x] is not None:
                buf[at + index[x]] += 1.0
        if len(items) > LIMIT:                  # a count may pass the limit
            for x in items:
                if index[x] is not None:
                    buf[at + index[x]] = _lim(buf[at + index[x]])

    def modifiers_piece(game: Any, cx: _Cx, key: tuple) -> array:
        """The credit supply and the modifiers as the view shows them, seats relative."""
        price_m, price_i, no_imp, sbonus, supply, exp_sub, exports, rfid, me, n = key
        buf = zeros(o_constraints - o_credit)
        buf[0] = supply / 6.0
        for at, values, scale in ((m_market, price_m, 5.0), (m_import, price_i, 5.0),
                                  (m_sale, sbonus, 2.0)):
            for i, v in enumerate(values):
                j = (i - me) % n
                if j < n_slots:
                    buf[at + j] = v / scale
        for i, v in enumerate(no_imp):
            j = (i - me) % n
            if j < n_slots:
                buf[m_no_imports + j] = 1.0 if v else 0.0
        buf[m_export] = exp_sub / 2.0
        buf[m_exports] = exports / 3.0
        buf[m_rfid] = 1.0 if rfid else 0.0
        return _put(cx.modifiers, key, bounded(buf))

    # ----- the parts of one game, brought up to date ----------------------------------------
    # positions in the lists -> seats or slots, for the changed positions
    # (``compress(table, map(ne, now, before))``: the comparison is made in C)
    seat_of_1 = tuple(range(4 * n_slots))                     # per seat; offers, age
    sim_parts: dict[tuple, array] = {}
    sim_zeros = zeros(T0 - H)

    def sim_piece(key: tuple) -> array:
        """``[H, T0)`` of a seat's block in a secret step but its pending choice (the
        observer's own, written per observation): whether it decides, is done, its D4
        processes."""
        need, done, pool = key
        got = zeros(T0 - H)
        got[r_decides - H] = 1.0 if need else 0.0
        got[r_done - H] = 1.0 if done else 0.0
        if pool is not None:
            for i in range(4):
                got[r_procs - H + i] = _lim(pool[i] / 3.0)
        return _put(sim_parts, key, got)

    seats_zeros = zeros(n_slots * PS)
    decks_start = zeros(o_credit - o_decks)         # the decks present, nothing else yet
    for k in range(3):
        decks_start[k * d_stride] = 1.0

    dealt: dict[tuple, _Seen] = {}      # (content, plans, tutorial, level, n) -> a first memo

    def start(game: Any) -> _Seen:
        """A game not seen before (or no longer the one seen under its id): a copy of the memo
        of the first game seen with the same content, plans, options and size as it was at its
        first observation (``dealt``; the lists it was made from are compared as ever, so only
        what differs is written again), or made from scratch."""
        if len(seen) >= GAMES_MAX:
            seen.clear()
        n = game.n
        got = dealt.get((id(game.C), game.plans, game.tutorial, game.level, n))
        if got is not None and got.C is game.C:
            e = seen[id(game)] = copy_seen(got)
            e.plans = game.plans
            e.mv = [None] * n
            return e
        e = seen[id(game)] = _Seen(n)
        e.C, e.plans, e.tut, e.level, e.cat = game.C, game.plans, game.tutorial, \
            game.level, game.cat
        e.dealt = True                          # (a copy kept after its first observation)
        cx = e.cx = context(game)
        e.seats = seats = seats_zeros[:n * PS]     # (a copy)
        e.mv = [None] * n                       # (per observer, on its first write)
        for s in range(n):
            ph = plan_head(cx, game.C, game.plans[s])[:r_idle]
            seats[s * PS:s * PS + r_idle] = ph
        e.tkeys = [[None] * t_len for _ in range(n)]
        e.tdeck = [[-1] * t_len for _ in range(n)]
        e.tper = [[0, 0, 0] for _ in range(n)]
        e.ontok, e.trios = [0] * n, [None] * n
        e.sim, e.simkeys = None, [None] * n
        e.decks = decks_start[:]
        # every part made once from the state: the targets first (the heads read them)
        sp, since, own, lab, named = game.sp, game.since, game.own, game.lab, game.named
        e.t = [[None] * len(sp), [None] * len(since), [None] * len(own), [None] * len(lab),
               [None] * len(named)]
        e.town, e.towned, e.tseat = [None] * n, [()] * n, [None] * n
        e.tmemo = [cx.targets.setdefault(p, {}) for p in game.plans]
        update_targets(game, e)                 # (``e.t`` then copies of the lists)
        e.h = [[None] * (3 * n), [None] * (3 * n), [None] * (3 * n), [None] * n, [None] * n,
               [None] * n, [None] * n, None, [None] * n]     # (every item differs)
        update_heads(game, e)
        update_decks(game, e, None)
        return e

    def turn(e: _Seen, me: int) -> tuple:
        """The two slices of ``e.seats`` of observer ``me``'s turn."""
        mv = memoryview(e.seats)
        got = e.mv[me] = (mv[me * PS:], mv[:me * PS])
        return got

    def keep_dealt(e: _Seen) -> None:
        """A copy of ``e`` (a game made from scratch, at its first observation) in ``dealt``."""
        e.dealt = False
        if len(dealt) >= 64:
            dealt.clear()
        dealt[id(e.C), e.plans, e.tut, e.level, e.n] = copy_seen(e)

    def copy_seen(e: _Seen) -> _Seen:
        """A memo of its own with the same contents: every list or buffer changed in place
        copied (those only ever replaced shared)."""
        c = _Seen(e.n)
        c.C, c.plans, c.tut, c.level, c.cat, c.cx = e.C, e.plans, e.tut, e.level, e.cat, e.cx
        c.seats, c.decks = e.seats[:], e.decks[:]
        c.tkeys = [x[:] for x in e.tkeys]
        c.tdeck = [x[:] for x in e.tdeck]
        c.tper = [x[:] for x in e.tper]
        c.ontok, c.trios, c.simkeys = e.ontok[:], e.trios[:], e.simkeys[:]
        c.t = e.t[:]
        c.town, c.towned, c.tseat, c.tmemo = e.town[:], e.towned[:], e.tseat[:], e.tmemo
        h = e.h
        c.sim, c.h = e.sim, [*h[:8], h[8][:]]
        d = e.d
        c.d = [d[0], d[1], d[2][:], d[3][:], d[4][:], *d[5:]]
        q = e.q
        c.q = None if q is None else [q[0], q[1], q[2], q[3], dict(q[4] or {})]
        m = e.m
        c.m = None if m is None else (m[0], dict(m[1]))
        c.tab, c.tab_period = dict(e.tab or {}), e.tab_period
        return c

    W3 = 3 * NT                                     # a seat's spaces in ``sp``

    def update_targets(game: Any, e: _Seen) -> None:
        """The seats' targets in ``e.seats`` (the lists they are made from changed since
        ``e.t``): of each seat whose part of the lists changed, each owned target whose key
        (tokens, ``since``, naming, Laboratorio pick) changed, the seat's trios and ideas on
        tokens."""
        sp, own, since, lab, named = game.sp, game.own, game.since, game.lab, game.named
        t = e.t                                 # (brought up to date seat by seat)
        if t[2] != own:
            owned_targets(game, e, own)
        seats, trios, tseat, trio_deck = e.seats, e.trios, e.tseat, e.cx.trio_deck
        for s in range(game.n):
            a, b = s * W3, s * NT
            now = (sp[a:a + W3], since[b:b + NT], lab[s], named[s])
            was = tseat[s]
            if now == was:
                continue
            tseat[s] = now
            if was is None or now[0] != was[0]:
                e.ontok[s] = now[0].count(3)
            keys, decks, per, memo = e.tkeys[s], e.tdeck[s], e.tper[s], e.tmemo[s]
            pick, nm = now[2], now[3]
            ext = game._ext_active(s) if nm >= 0 else False
            moved = trios[s] is None or game.ntg > t_len
            for N, i, b3, lb, at in e.towned[s]:
                key = (N, sp[b3], sp[b3 + 1], sp[b3 + 2], nm == N, nm == N and ext,
                       pick if lb else -2, since[i])
                if key == keys[N]:
                    continue
                got = memo.get(key[:7])             # (the piece leaves ``since`` out)
                if got is None:
                    if len(memo) >= MEMO_MAX:
                        memo.clear()
                    got = memo[key[:7]] = (target_piece(game, s, N), game._active(s, N))
                seats[at:at + t_stride] = got[0]
                seats[at + t_since] = _lim(key[7] / 12.0) if key[7] >= 0 else 0.0
                keys[N] = key
                deck = trio_deck[N] if got[1] else -1
                if deck != decks[N]:
                    if decks[N] >= 0:
                        per[decks[N]] -= 1
                    if deck >= 0:
                        per[deck] += 1
                    decks[N] = deck
                    moved = True
            if moved:
                v = min(per) if game.ntg <= t_len else game._trios(s)
                if v != trios[s]:
                    trios[s] = v
                    seats[s * PS + r_trios] = _lim(v / 3.0)
        # (the copies are replaced, never changed in place: a memo's copy shares them)
        t[0], t[1], t[3], t[4] = sp[:], since[:], lab[:], named[:]

    def owned_targets(game: Any, e: _Seen, own: list[int]) -> None:
        """``e.towned``: each seat's targets present (its plan's and the cards it owns), as
        (target, index in ``since``, in ``sp``, whether it reads the Laboratorio pick, offset
        in ``e.seats``); the targets no longer owned emptied."""
        ntg, slots, seats = min(game.ntg, t_len), e.cx.tslots, e.seats
        for s in range(game.n):
            b = s * NT
            now = own[b:b + NT]
            if now == e.town[s]:
                continue
            e.town[s] = now
            e.tseat[s] = None                       # (its keys made again)
            was = e.towned[s]
            e.towned[s] = got = tuple(compress(slots[s], [1, 1] + now[2:ntg]))
            owned = {x[0] for x in got}
            keys, decks, per = e.tkeys[s], e.tdeck[s], e.tper[s]
            for N, _, _, _, at in was:              # (the keys written: those owned before)
                if keys[N] is not None and N not in owned:
                    seats[at:at + t_stride] = tgt_zeros
                    keys[N] = None
                    if decks[N] >= 0:
                        per[decks[N]] -= 1
                        decks[N] = -1
                        e.trios[s] = None           # (made again)
        e.t[2] = own[:]

    res_at = tuple((i // 3) * PS + i % 3 for i in range(3 * n_slots))   # idle, hand, tienda
    changed_at = tuple(range(3 * n_slots))

    def update_heads(game: Any, e: _Seen) -> None:
        """The seats' heads in ``e.seats``: the items of the per-seat lists that changed since
        ``e.h`` (copies of them: resources, ideas, credit, square; every item differs at the
        start), the Period's flags of each seat whose flags changed (keys per seat)."""
        h, seats = e.h, e.seats
        now = game.idle
        if now != h[0]:
            for i in compress(changed_at, map(ne, now, h[0])):
                seats[res_at[i] + r_idle] = _lim(now[i] / 6.0)
            h[0] = now[:]
        now = game.hand
        if now != h[1]:
            for i in compress(changed_at, map(ne, now, h[1])):
                seats[res_at[i] + r_hand] = _lim(now[i] / 3.0)
            h[1] = now[:]
        now = game.tienda
        if now != h[2]:
            for i in compress(changed_at, map(ne, now, h[2])):
                seats[res_at[i] + r_tienda] = _lim(now[i] / 3.0)
            h[2] = now[:]
        ideas, ot = game.ideas, e.ontok             # (ideas on tokens: counted with the targets)
        if ideas != h[3] or ot != h[4]:
            for s in range(e.n):
                at = s * PS
                seats[at + r_ideas_idle] = _lim(ideas[s] / 5.0)
                seats[at + r_ideas] = _lim((ideas[s] + ot[s]) / 10.0)
            h[3], h[4] = ideas[:], ot[:]
        now = game.credit
        if now != h[5]:
            for s in compress(changed_at, map(ne, now, h[5])):
                seats[s * PS + r_credit] = 1.0 if now[s] else 0.0
            h[5] = now[:]
        square = game.square
        if square != h[6]:
            for s in compress(seat_of_1, map(ne, square, h[6])):
                got = square_parts.get(square[s])
                if got is None:
                    got = square_parts[-1]
                at = s * PS + r_square
                seats[at:at + sq_width] = got
            h[6] = square[:]
        now = (game.bought, game.returned, game.affected, game.buy_t, game.sell_t,
               game.sold_n, game.disc_used)
        if now != h[7]:
            bought, returned, affected, buy_t, sell_t, sold_n, disc = now
            keys = h[8]
            for s in range(game.n):
                key = (bought[s], returned[s], affected[s], buy_t[s], sell_t[s], sold_n[s],
                       disc[s])
                if key != keys[s]:
                    got = period_flags.get(key)
                    if got is None:
                        got = period_piece(key)
                    at = s * PS + r_bought
                    seats[at:at + P_END - r_bought] = got
                    keys[s] = key
            h[7] = (bought[:], returned[:], affected[:], buy_t[:], sell_t[:], sold_n[:],
                    disc[:])

    def update_sim(game: Any, e: _Seen, st: int) -> None:
        """``[H, T0)`` of the seats' blocks in ``e.seats``: who decides in a secret step, who
        is done, the D4 processes (all zeros out of the secret steps)."""
        n = game.n
        seats, keys = e.seats, e.simkeys
        if st in SIMULTANEOUS and st != S_OVER:
            need, done, pool = game.need, game.done, game.pool
            e.sim = (st, need[:], done[:], pool[:])
            d4 = st == S_D4
            for s in range(n):
                key = (1 if need[s] else 0, 1 if done[s] else 0,
                       tuple(pool[4 * s:4 * s + 4]) if d4 else None)
                if key != keys[s]:
                    got = sim_parts.get(key)
                    if got is None:
                        got = sim_piece(key)
                    seats[s * PS + H:s * PS + T0] = got
                    keys[s] = key
        else:
            e.sim = None
            for s in range(n):
                if keys[s] is not None:
                    seats[s * PS + H:s * PS + T0] = sim_zeros
                    keys[s] = None

    slot_at = tuple((i // 3) * d_stride + d_offer + (i % 3) * d_ostride for i in range(9))
    slot_o = tuple(i % 3 for i in range(9))         # an offer slot's place in its deck

    def update_decks(game: Any, e: _Seen, d: list | None) -> None:
        """The decks, ``decks_live`` and the events in ``e.decks``: the parts that changed
        since ``d`` (all when None)."""
        offers, age = game.offers, game.age
        buf, opt_n, ci, parts = e.decks, game.opt_n, e.cx.ci, e.cx.offers
        if d is None:
            d = e.d = [[None] * len(offers), [None] * len(age), [None] * 3, [None] * 3,
                       [None] * 3, None, None, None, None, None, None]
        was = d[0]
        if was != offers:                       # an offer changed: made again
            for i in compress(seat_of_1, map(ne, offers, was)):
                if slot_o[i] < opt_n:
                    got = parts.get((offers[i], age[i]))
                    if got is None:
                        got = offer_piece(e.cx, offers[i], age[i])
                    at = slot_at[i]
                    buf[at:at + d_ostride] = got
        if d[1] != age:                         # the same offer aged: its age
            for i in compress(seat_of_1, map(ne, age, d[1])):
                if slot_o[i] < opt_n and offers[i] == was[i] and offers[i] >= 0:
                    buf[slot_at[i] + d_age] = _lim(age[i] / 1.0)
        d[0], d[1] = offers[:], age[:]
        fd, under, boxed, sizes, was_under, was_boxed = game.fd, game.under, game.boxed, \
            d[2], d[3], d[4]
        if sizes != [len(fd[0]), len(fd[1]), len(fd[2])]:
            for k in range(3):
                x = len(fd[k])
                if x != sizes[k]:
                    buf[k * d_stride + d_face] = _lim(x / 10.0)
                    sizes[k] = x
        if was_under != under:
            for k in range(3):
                if under[k] != was_under[k]:
                    recount(buf, k * d_stride + d_under, n_cards, under[k], was_under[k], ci)
                    was_under[k] = under[k][:]
        if was_boxed != boxed:
            for k in range(3):
                if boxed[k] != was_boxed[k]:
                    recount(buf, k * d_stride + d_boxed, n_cards, boxed[k], was_boxed[k], ci)
                    was_boxed[k] = boxed[k][:]
        if game.decks_live != d[5]:
            d[5] = game.decks_live
            buf[e_live] = 1.0 if d[5] else 0.0
        if len(game.ev_fd) != d[6]:
            d[6] = len(game.ev_fd)
            buf[e_face] = _lim(d[6] / 12.0)
        if len(game.ev_aside) != d[7]:
            d[7] = len(game.ev_aside)
            buf[e_aside] = _lim(d[7] / 8.0)
        cur = game.ev_cur
        if cur != d[8]:
            if d[8] is not None and d[8] >= 0:      # the one written before, and now this one
                if ev_index[d[8]] is not None:
                    buf[e_current + ev_index[d[8]]] = 0.0
                if e.cx.evc[d[8]] is not None:
                    buf[e_category + e.cx.evc[d[8]]] = 0.0
            d[8] = cur
            if cur >= 0:
                if ev_index[cur] is not None:
                    buf[e_current + ev_index[cur]] = 1.0
                if e.cx.evc[cur] is not None:
                    buf[e_category + e.cx.evc[cur]] = 1.0
        if game.ev_under != d[9]:
            recount(buf, e_under, w_under, game.ev_under, d[9], ev_index)
            d[9] = game.ev_under[:]
        if game.ev_removed != d[10]:
            recount(buf, e_removed, w_removed, game.ev_removed, d[10], ev_index)
            d[10] = game.ev_removed[:]
        # (what ``write`` compares with the game's own, in one list: copies made above)
        e.dw = [d[0], d[1], d[3], d[4], d[8], d[5], d[9], d[10], *d[2], d[6], d[7]]

    def recount(buf: array, at: int, width: int, items: list[int], was: list[int] | None,
                index: tuple) -> None:
        """``counts`` of ``items``, made from those of ``was`` when ``items`` only grew."""
        if was is None and not items:           # (the part made at the start: all zeros)
            return
        k = -1 if was is None else len(was)
        if 0 <= k <= len(items) and items[:k] == was:
            for x in items[k:]:
                j = index[x]
                if j is not None:
                    buf[at + j] = _lim(buf[at + j] + 1.0)
        else:
            counts(buf, at, width, items, index)

    # ----- the buffers written -------------------------------------------------------------
    def buffer_record(out: Any) -> list:
        """What ``out`` holds: [a weak reference to it, the table size whose empty slots were
        zeroed in it (0: not known)]. A buffer must be changed by nothing else between two
        writes (an ``Observer``'s is private; a new buffer is written whole)."""
        key = id(out)

        def gone(ref: Any, key: int = key) -> None:
            rec = zeroed.get(key)
            if rec is not None and rec[0] is ref:
                del zeroed[key]

        try:
            ref = weakref.ref(out, gone)
        except TypeError:                       # (no weak reference: zeroed every time)
            return [lambda: None, 0]
        if len(zeroed) > 4096:                  # (each goes when its buffer goes)
            zeroed.clear()
        rec = zeroed[key] = [ref, 0]
        return rec

    # ----- one observation ----------------------------------------------------------------
    def write(game: Any, seat: int, out: Any) -> None:
        n, me, st = game.n, seat, game.stage
        e = seen.get(id(game))
        if e is None or e.plans is not game.plans or e.n != n or e.C is not game.C \
                or e.tut != game.tutorial or e.level != game.level:
            e = start(game)             # (the catalogue follows from the content and tutorial)
        cx = e.cx
        # the table: options, period, phase, step, district (remembered); who moves
        if e.tab_period != game.period:         # (the tables of this period, by stage)
            e.tab, e.tab_period = {}, game.period
        tab = e.tab.get(st)
        if tab is None:
            tab = e.tab[st] = cx.tables.get((game.level, game.period, st)) \
                or table_piece(game, cx, st)
        out[:P0] = tab
        mc = game.mc
        out[o_mc + (mc - me) % n] = 1.0
        for s in game.to_move:
            out[o_to_move + (s - me) % n] = 1.0
        simultaneous = st in SIMULTANEOUS and st != S_OVER
        if not simultaneous and st != S_OVER:
            out[o_actor + (game.actor - me) % n] = 1.0
        # the seats' blocks, each in absolute order twice (one slice is the observer's turn):
        # the targets, the heads (which read the targets' ideas on tokens), the secret steps
        t = e.t
        if t[0] != game.sp or t[1] != game.since or t[2] != game.own or t[3] != game.lab \
                or t[4] != game.named:
            update_targets(game, e)
        update_heads(game, e)
        sim = e.sim
        if simultaneous:
            if (sim is None or sim[0] != st or sim[1] != game.need or sim[2] != game.done
                    or sim[3] != game.pool):
                update_sim(game, e, st)
        elif sim is not None:
            update_sim(game, e, st)
        mo = memoryview(out)
        a = (n - me) * PS                       # the observer's turn: seats me.., then ..me
        got = e.mv[me]
        mine, before = got if got is not None else turn(e, me)
        mo[P0:P0 + a] = mine
        if me:
            mo[P0 + a:P0 + n * PS] = before
        if n < n_slots:                         # the empty slots: zeros (once per buffer)
            got = zeroed.get(id(out))
            if got is None or got[0]() is not out or got[1] != n:
                mo[P0 + n * PS:o_market] = empty_slots[n]
                if got is None or got[0]() is not out:
                    got = buffer_record(out)
                got[1] = n
        if 0 <= mc < n:
            out[P0 + ((mc - me) % n) * PS + r_mc] = 1.0
        if simultaneous and game.need[me]:      # the observer's own pending choice
            out[P0 + r_pending] = 1.0
            if st == S_D4:
                made, rem, b = game.made, game.rem, 3 * me
                for i in range(3):
                    out[P0 + r_made + i] = _lim(made[b + i] / 3.0)
                for i in range(4):
                    out[P0 + r_left + i] = _lim(rem[4 * me + i] / 3.0)
            elif st == S_D6:
                pick = game.pick[me]
                if pick >= 0 and res_index[pick] is not None:
                    out[P0 + r_resource + res_index[pick]] = 1.0
                out[P0 + r_repay] = 1.0 if game.repay[me] else 0.0
            elif st == S_MERMA:
                keep = game.keep[me]
                if keep >= 0 and keep_index[keep] is not None:
                    out[P0 + r_keep + keep_index[keep]] = 1.0
        # the market, the subsidies and the squares (who is on them: seats relative), per
        # observer
        market, subs, square = game.market, game.subs, game.square
        q = e.q
        if q is None or q[0] != market or q[1] != subs:
            kinds = (market[0] > 0) + (market[1] > 0) + (market[2] > 0)   # the squares usable
            key = cx.usable.get((n, kinds))                 # depend on the market's kinds
            if key is None:
                key = cx.usable[n, kinds] = (n, tuple(game._square_usable(x)
                                                      for x in game.usable))
            flags = cx.squares.get(key)
            if flags is None:
                flags = squares_piece(game, cx, n, key)
            base = flags[:]
            base[0], base[1], base[2] = _lim(market[0] / 5.0), _lim(market[1] / 5.0), \
                _lim(market[2] / 5.0)
            for i in range(min(n_subs, len(subs))):
                base[3 + i] = _lim(subs[i] / 3.0)
            q = e.q = [market[:], subs[:], None, base, None]
        if q[2] != square:                      # who is on which square: per observer
            q[2], q[4] = square[:], {}
        got = q[4].get(me)
        if got is None:
            got = q[3][:]
            for s in range(n):
                j = (s - me) % n
                if j < n_slots and square[s] >= 0:
                    got[o_squares - o_market + square[s] * sq_stride + 1 + j] = 1.0
            q[4][me] = got
        out[o_market:o_decks] = got
        # the decks and the events (the same for every observer)
        fd = game.fd
        if e.dw != [game.offers, game.age, game.under, game.boxed, game.ev_cur, game.decks_live,
                    game.ev_under, game.ev_removed, len(fd[0]), len(fd[1]), len(fd[2]),
                    len(game.ev_fd), len(game.ev_aside)]:
            update_decks(game, e, e.d)
        out[o_decks:o_credit] = e.decks
        # the credit supply and the modifiers (seats relative: per observer)
        now = [game.price_m, game.price_i, game.no_imp, game.sbonus, game.credit_supply,
               game.exp_sub, game.exports, game.rfid_paid]
        m = e.m
        if m is None or m[0] != now:
            m = e.m = ([now[0][:], now[1][:], now[2][:], now[3][:], *now[4:]], {})
        got = m[1].get(me)
        if got is None:
            key = (*map(tuple, now[:4]), *now[4:], me, n)
            got = cx.modifiers.get(key)
            if got is None:
                got = modifiers_piece(game, cx, key)
            m[1][me] = got
        out[o_credit:o_constraints] = got
        # the tutorial's constraints, a refund, a card to play, the D1 choices
        out[o_constraints:] = tail_zeros
        if game.cons:
            for c in game.cons:
                i = cons_index.get(c)
                if i is not None:
                    out[o_constraints + i] = _lim(out[o_constraints + i] + 1.0)
        if game.refund_left:
            out[o_refund] = 1.0
            out[o_refund + 1] = _lim(game.refund_left / 3.0)
            for r in game.refund_mask:
                i = refund_types.get(RES[r])
                if i is not None:
                    out[o_refund + 2 + i] = _lim(out[o_refund + 2 + i] + 1.0)
        if game.play_n >= 0:
            pn = game.play_n
            shipped = C.tut_cards if game.tutorial else C.cards
            i = play_index.get(f"proceso-{pn + 1}" if pn < 2 else
                               shipped[pn - 2].id if pn - 2 < len(shipped) else None)
            if i is not None:
                out[o_play + i] = 1.0
        if game.cq and st == S_D1C:
            for k, (s, kind) in enumerate(zip(game.cq, game.ck, strict=True)):
                if k >= ch_len:
                    break
                b = o_choices + k * ch_stride
                out[b] = 1.0
                out[b + 1 + (s - me) % n] = 1.0
                i = ch_kind.get(kind)
                if i is not None:
                    out[b + 1 + n_slots + i] = 1.0
        if e.dealt:
            keep_dealt(e)

    write.bounded = True                        # every value is within ±LIMIT (Observer)
    write.float32 = write if typecode == "f" else writer("f")
    return write
