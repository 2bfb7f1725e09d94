"""«El Plan: tú decides» written straight from the state (see the package's docstring).

It reads what ``view(seat)`` shows and nothing else: of the face-down investment decks and
events only their sizes, of the set-aside events only their number, and of the simultaneous
choices (D4, D6, merma) only ``decides``/``done`` — the observer's own pending choice in full.

Most of the vector changes rarely and is remembered. Per game (by ``id``, checked by
content): the parts made from the last state seen of it, reused while the lists they come from
compare equal — each seat's whole block (its targets: plan processes and investment cards with
their tokens, most of the nonzeros; its head: resources, ideas, products, square, the Period's
flags), the decks with the events, the squares' flags, the credit supply with the modifiers
(per observer). By content, shared by all games: each seat's targets and head, the squares'
flags. A part that changed is written anew (its nonzeros only); the rest of an observation is a
few writes: the table (step, who moves), the market, who is on which square, the secret steps'
flags with the observer's own pending choice, the tutorial's constraints, a refund, the D1
choices.
"""

from __future__ import annotations

from array import array
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

MEMO_MAX = 2048                 # entries per memo before it starts over (at most ~16 MB)
GAMES_MAX = 256                 # games whose last state is kept


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


class _Seen:
    """The last state seen of one game and the parts made from it."""

    __slots__ = ("n", "t", "targets", "h", "blocks", "keys", "d", "decks", "market",
                 "squares", "m", "modifiers")

    def __init__(self, n: int) -> None:
        self.n = n                              # a game of another size: another entry
        self.t = self.h = self.d = self.market = self.m = None


def writer():
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
    head_zeros, tail_zeros = _zeros(P0), _zeros(enc.size - o_constraints)
    slot_zeros = {k: _zeros(k * PS) for k in range(n_slots + 1)}

    def piece(at: int, end: int, parts: dict[str, Any], me: int, n: int) -> array:
        """``vector[at:end]`` as the encoder's own fields write ``parts`` (top-level fields by
        name, a subset of the view)."""
        buf = _zeros(end - at)
        ctx = Ctx(me, n)
        for name, value in parts.items():
            fields[name].write({name: value}, ctx, buf, top[name] - at)
        return buf

    # ----- the memos by content (shared by all games) ---------------------------------------
    seen: dict[int, _Seen] = {}                 # id(game) -> its last state seen
    targets: dict[tuple, tuple[array, int, int]] = {}
    heads: dict[tuple, array] = {}
    plan_heads: dict[int, array] = {}
    squares: dict[tuple, array] = {}
    cat_indexes: dict[int, tuple[Any, tuple[int | None, ...]]] = {}
    ev_categories: dict[str, tuple[int | None, ...]] = {}   # a custom content's, by its key

    def event_categories(game: Any) -> tuple[int | None, ...]:
        Cg = game.C
        if Cg.key is None:
            return evc_index
        got = ev_categories.get(Cg.key)
        if got is None:
            got = ev_categories[Cg.key] = tuple(events["current_category"].index.get(x.category)
                                                for x in Cg.events)
        return got

    def seat_targets(game: Any, s: int) -> tuple[array, int, int]:
        """Seat ``s``'s block from ``H`` on (its targets), its ideas on tokens, its trios."""
        b = s * NT
        key = (game.C.key, game.tutorial, game.plans[s], tuple(game.own[b:b + NT]),
               tuple(game.sp[3 * b:3 * b + 3 * NT]), tuple(game.since[b:b + NT]),
               game.lab[s], game.named[s])
        got = targets.get(key)
        if got is None:
            if len(targets) >= MEMO_MAX:
                targets.clear()
            got = targets[key] = (targets_piece(game, s),
                                  game._ideas_total(s) - game.ideas[s], game._trios(s))
        return got

    def targets_piece(game: Any, s: int) -> array:
        """Seat ``s``'s targets as the view shows them: the plan's two processes and every
        investment card it owns, with their tokens, ``active`` and what they give now."""
        block = _zeros(PS - H)
        own, sp, since, tinfo, cat = game.own, game.sp, game.since, game.tinfo[s], game.cat
        plan = game.C.plans[game.plans[s]]
        b0 = s * NT
        for N in range(min(game.ntg, t_len)):
            if N >= 2 and not own[b0 + N]:
                continue
            tb = r_targets - H + N * t_stride
            block[tb] = 1.0
            spaces, mn = tinfo[N]
            b3 = (b0 + N) * 3
            active = game._active(s, N)
            block[tb + t_active] = 1.0 if active else 0.0
            block[tb + t_tokens] = ((sp[b3] >= 0) + (sp[b3 + 1] >= 0) + (sp[b3 + 2] >= 0)) / 3.0
            block[tb + t_min] = mn / 3.0
            if since[b0 + N] >= 0:
                block[tb + t_since] = since[b0 + N] / 12.0
            if N < 2:
                i = pt_index[plan.processes[N][0]]
                if i is not None:
                    block[tb + t_process + i] = 1.0
            else:
                card = cat[N - 2]
                i = effect_index.get(card.kind)
                if i is not None:
                    block[tb + t_effect + i] = 1.0
                i = deck_index.get(card.deck)
                if i is not None:
                    block[tb + t_deck + i] = 1.0
                if N == game.lab_n and game.lab[s] >= 0:
                    i = pt_index[game.lab[s]]
                    if i is not None:
                        block[tb + t_pick + i] = 1.0
                if game.named[s] == N:
                    block[tb + t_named] = 1.0
            if active:
                for x in game._procs(s, N):
                    block[tb + t_procs + procs_index[x]] += 1.0
            for i in range(min(len(spaces), 3)):
                sb = tb + t_spaces + i * s_stride
                block[sb] = 1.0
                block[sb + s_type + type_index[spaces[i]]] = 1.0
                v = sp[b3 + i]
                if v >= 0:
                    block[sb + s_token + token_index[v]] = 1.0
        return _bounded(block)

    def plan_head(ckey: str | None, Cg: Any, p: int) -> array:
        got = plan_heads.get((ckey, p))
        if got is None:
            plan = Cg.plans[p]
            got = _zeros(H)
            got[0] = 1.0                        # present
            ctx = Ctx(0, 1)
            pid = C.plans[p].id if p < len(C.plans) else None     # by position
            for name, value in (("plan", pid), ("plan_type", PROD[plan.type]),
                                ("second_product", PROD[plan.second]),
                                ("cannot_make", PROD[plan.missing])):
                player[name].write({name: value}, ctx, got, rel(name))
            plan_heads[ckey, p] = _bounded(got)
        return got

    def head(key: tuple, Cg: Any) -> array:
        """A seat's head from its key (see ``seat_blocks``)."""
        (ckey, p, ch, d, e, ideas_idle, ideas, mp, bc, sv, tmp, tbc, tsv, credit, square, mc, trios,
         bought, returned, affected, buy_t, sell_t, sold, disc) = key
        h = heads.get(key)
        if h is not None:
            return h
        h = plan_head(ckey, Cg, p)[:]
        h[r_idle], h[r_idle + 1], h[r_idle + 2] = _lim(ch / 6.0), _lim(d / 6.0), _lim(e / 6.0)
        h[r_ideas_idle], h[r_ideas] = _lim(ideas_idle / 5.0), _lim(ideas / 10.0)
        h[r_hand], h[r_hand + 1], h[r_hand + 2] = _lim(mp / 3.0), _lim(bc / 3.0), _lim(sv / 3.0)
        h[r_tienda], h[r_tienda + 1], h[r_tienda + 2] = _lim(tmp / 3.0), _lim(tbc / 3.0), \
            _lim(tsv / 3.0)
        h[r_credit] = 1.0 if credit else 0.0
        if square >= 0 and sq_index[square] is not None:
            h[r_square + sq_index[square]] = 1.0
        h[r_mc] = 1.0 if mc else 0.0
        h[r_trios] = _lim(trios / 3.0)
        h[r_bought] = 1.0 if bought else 0.0
        h[r_returned] = 1.0 if returned else 0.0
        h[r_affected] = 1.0 if affected else 0.0
        if buy_t >= 0 and prod_index[buy_t] is not None:
            h[r_bought_t + prod_index[buy_t]] = 1.0
        if sell_t >= 0 and prod_index[sell_t] is not None:
            h[r_sold_t + prod_index[sell_t]] = 1.0
        h[r_sold] = _lim(sold / 3.0)
        h[r_disc] = 1.0 if disc else 0.0
        if len(heads) >= MEMO_MAX:
            heads.clear()
        heads[key] = h
        return h

    def seat_blocks(game: Any, e: _Seen) -> list[array]:
        """Every seat's whole block (head and targets), through this game's last state: only
        the seats whose targets or head changed are made again."""
        n = game.n
        sp, own, since, lab, named = game.sp, game.own, game.since, game.lab, game.named
        t = e.t
        fresh = False
        if t is None or t[5] != game.plans or t[6] != game.tutorial or len(t[3]) != n or \
                t[7] is not game.C:
            e.targets = [seat_targets(game, s) for s in range(n)]
            e.blocks, e.keys = [None] * n, [None] * n
            fresh = True
        elif t[0] != sp or t[1] != own or t[2] != since or t[3] != lab or t[4] != named:
            t_sp, t_own, t_since, t_lab, t_named = t[0], t[1], t[2], t[3], t[4]
            parts, keys = e.targets, e.keys
            for s in range(n):                  # the seats whose targets changed
                b, c = s * NT, 3 * s * NT
                if (lab[s] != t_lab[s] or named[s] != t_named[s]
                        or own[b:b + NT] != t_own[b:b + NT]
                        or since[b:b + NT] != t_since[b:b + NT]
                        or sp[c:c + 3 * NT] != t_sp[c:c + 3 * NT]):
                    parts[s] = seat_targets(game, s)
                    keys[s] = None
            fresh = True
        if fresh:
            e.t = (sp[:], own[:], since[:], lab[:], named[:], game.plans, game.tutorial, game.C)
        idle, ideas, hand, tienda = game.idle, game.ideas, game.hand, game.tienda
        credit, square, bought, returned = game.credit, game.square, game.bought, game.returned
        affected, buy_t, sell_t, sold_n = game.affected, game.buy_t, game.sell_t, game.sold_n
        disc, mc = game.disc_used, game.mc
        h = e.h
        if (not fresh and h is not None and h[0] == idle and h[1] == ideas and h[2] == hand
                and h[3] == tienda and h[4] == credit and h[5] == square and h[6] == bought
                and h[7] == returned and h[8] == affected and h[9] == buy_t
                and h[10] == sell_t and h[11] == sold_n and h[12] == disc and h[13] == mc):
            return e.blocks
        plans, blocks, keys = game.plans, e.blocks, e.keys
        Cg = game.C
        ckey = Cg.key
        for s, (block, on_tokens, trios) in enumerate(e.targets):
            b = 3 * s
            key = (ckey, plans[s], idle[b], idle[b + 1], idle[b + 2], ideas[s],
                   ideas[s] + on_tokens, hand[b], hand[b + 1], hand[b + 2], tienda[b],
                   tienda[b + 1], tienda[b + 2],
                   credit[s], square[s], s == mc, trios, bought[s], returned[s], affected[s],
                   buy_t[s], sell_t[s], sold_n[s], disc[s])
            if key != keys[s]:
                blocks[s], keys[s] = head(key, Cg) + block, key
        e.h = (idle[:], ideas[:], hand[:], tienda[:], credit[:], square[:], bought[:],
               returned[:], affected[:], buy_t[:], sell_t[:], sold_n[:], disc[:], mc)
        return blocks

    def decks_piece(game: Any) -> array:
        """Decks, ``decks_live`` and events as the view shows them (sizes of the face-down
        piles, the cards under them and boxed, the offers; the current event and its pile)."""
        cat = game.cat
        got = cat_indexes.get(id(cat))
        if got is None or got[0] is not cat:         # by position in the shipped catalogue
            shipped = C.tut_cards if game.tutorial else C.cards
            got = cat_indexes[id(cat)] = (cat, tuple(
                card_index.get(shipped[k].id) if k < len(shipped) else None
                for k in range(len(cat))))
        ci = got[1]
        buf = _zeros(o_credit - o_decks)
        fd, under, boxed, offers, age = game.fd, game.under, game.boxed, game.offers, game.age
        for d in range(3):
            b = d * d_stride
            buf[b] = 1.0
            buf[b + d_face] = len(fd[d]) / 10.0
            for k in under[d]:
                if ci[k] is not None:
                    buf[b + d_under + ci[k]] += 1.0
            for k in boxed[d]:
                if ci[k] is not None:
                    buf[b + d_boxed + ci[k]] += 1.0
            for o in range(game.opt_n):
                k = offers[3 * d + o]
                if k >= 0:
                    ob = b + d_offer + ((3 * d + o) % 3) * d_ostride
                    buf[ob] = 1.0
                    if ci[k] is not None:
                        buf[ob + d_card + ci[k]] = 1.0
                    buf[ob + d_age] = age[3 * d + o] / 1.0
        buf[e_live] = 1.0 if game.decks_live else 0.0
        buf[e_face] = len(game.ev_fd) / 12.0
        buf[e_aside] = len(game.ev_aside) / 8.0
        cur = game.ev_cur
        if cur >= 0:
            if ev_index[cur] is not None:
                buf[e_current + ev_index[cur]] = 1.0
            evc = event_categories(game)
            if evc[cur] is not None:
                buf[e_category + evc[cur]] = 1.0
        for x in game.ev_under:
            if ev_index[x] is not None:
                buf[e_under + ev_index[x]] += 1.0
        for x in game.ev_removed:
            if ev_index[x] is not None:
                buf[e_removed + ev_index[x]] += 1.0
        return _bounded(buf)

    def modifiers_piece(game: Any, me: int, n: int) -> array:
        """The credit supply and the modifiers as the view shows them, seats relative."""
        buf = _zeros(o_constraints - o_credit)
        buf[0] = game.credit_supply / 6.0
        for at, values, scale in ((m_market, game.price_m, 5.0), (m_import, game.price_i, 5.0),
                                  (m_sale, game.sbonus, 2.0)):
            for i, v in enumerate(values):
                j = (i - me) % n
                if j < n_slots:
                    buf[at + j] = v / scale
        for i, v in enumerate(game.no_imp):
            j = (i - me) % n
            if j < n_slots:
                buf[m_no_imports + j] = 1.0 if v else 0.0
        buf[m_export] = game.exp_sub / 2.0
        buf[m_exports] = game.exports / 3.0
        buf[m_rfid] = 1.0 if game.rfid_paid else 0.0
        return _bounded(buf)

    def decks_part(game: Any, e: _Seen) -> array:
        """Decks, ``decks_live`` and events (the same for every observer)."""
        fd, under, boxed, offers, age = game.fd, game.under, game.boxed, game.offers, game.age
        sizes = (len(fd[0]), len(fd[1]), len(fd[2]))
        ev = (game.decks_live, len(game.ev_fd), len(game.ev_aside), game.ev_cur,
              game.opt_n, game.tutorial)
        d = e.d
        if (d is not None and d[0] == offers and d[1] == age and d[2] == sizes
                and d[3] == under and d[4] == boxed and d[5] == ev
                and d[6] == game.ev_under and d[7] == game.ev_removed):
            return e.decks
        got = decks_piece(game)
        e.d = (offers[:], age[:], sizes, [x[:] for x in under], [x[:] for x in boxed], ev,
               game.ev_under[:], game.ev_removed[:])
        e.decks = got
        return got

    def squares_part(game: Any, e: _Seen, n: int) -> array:
        """The squares' present and usable flags (who is on them: written per observer)."""
        market = game.market
        if e.market is not None and e.market == market:
            return e.squares
        key = (game.C.key, n, tuple(market))    # the squares in use depend on the content
        got = squares.get(key)
        if got is None:
            sl = [{"index": q, "usable": game._square_usable(q)} for q in game.usable]
            if len(squares) >= MEMO_MAX:
                squares.clear()
            got = squares[key] = _bounded(piece(o_squares, o_decks, {"squares": sl}, 0, n))
        e.market, e.squares = market[:], got
        return got

    def modifiers_part(game: Any, e: _Seen, me: int, n: int) -> array:
        """The credit supply and the modifiers (per seat: relative to the observer)."""
        price_m, price_i, no_imp, sbonus = game.price_m, game.price_i, game.no_imp, \
            game.sbonus
        rest = (game.credit_supply, game.exp_sub, game.exports, game.rfid_paid)
        m = e.m
        if not (m is not None and m[0] == price_m and m[1] == price_i and m[2] == no_imp
                and m[3] == sbonus and m[4] == rest):
            e.m = (price_m[:], price_i[:], no_imp[:], sbonus[:], rest)
            e.modifiers = {}
        got = e.modifiers.get(me)
        if got is not None:
            return got
        got = e.modifiers[me] = modifiers_piece(game, me, n)
        return got

    # ----- one observation ----------------------------------------------------------------
    def write(game: Any, seat: int, out: Any) -> None:
        n, me, st = game.n, seat, game.stage
        e = seen.get(id(game))
        if e is None or e.n != n:
            if len(seen) >= GAMES_MAX:
                seen.clear()
            e = seen[id(game)] = _Seen(n)
        # the table: options, period, phase, step, district, Momento Cero, who moves
        out[:P0] = head_zeros
        if game.tutorial:
            out[o_tut] = 1.0
        i = level_index.get(game.level)
        if i is not None:
            out[o_level + i] = 1.0
        out[o_period] = _lim(game.period / 12.0)
        out[o_periods] = _lim(game.last_period() / 12.0)
        out[o_phase + phase_index[game._phase_name()]] = 1.0
        i = step_of_stage[st]
        if i is not None:
            out[o_step + i] = 1.0
        i = district_index.get(STAGE_DISTRICT[st])
        if i is not None:
            out[o_district + i] = 1.0
        out[o_mc + (game.mc - me) % n] = 1.0
        for s in game.to_move:
            out[o_to_move + (s - me) % n] = 1.0
        simultaneous = st in SIMULTANEOUS and st != S_OVER
        if not simultaneous and st != S_OVER:
            out[o_actor + (game.actor - me) % n] = 1.0
        # the market and the subsidies, then the squares (their seats relative)
        market, subs = game.market, game.subs
        out[o_market] = _lim(market[0] / 5.0)
        out[o_market + 1] = _lim(market[1] / 5.0)
        out[o_market + 2] = _lim(market[2] / 5.0)
        for t in range(n_subs):
            out[o_subs + t] = _lim(subs[t] / 3.0) if t < len(subs) else 0.0
        out[o_squares:o_decks] = squares_part(game, e, n)
        # the seats: whole blocks remembered, then who is on which square and the secret steps
        blocks = seat_blocks(game, e)
        square = game.square
        for s in range(n):
            j = (s - me) % n
            if j >= n_slots:
                continue
            base = P0 + j * PS
            out[base:base + PS] = blocks[s]
            q = square[s]
            if q >= 0:                          # the square's seat (sq[q] == s)
                out[o_squares + q * sq_stride + 1 + j] = 1.0
            if simultaneous:
                need = game.need[s]
                if need:
                    out[base + r_decides] = 1.0
                if game.done[s]:
                    out[base + r_done] = 1.0
                if s == me and need:
                    out[base + r_pending] = 1.0
                    if st == S_D4:
                        made, rem, b = game.made, game.rem, 3 * s
                        for t in range(3):
                            out[base + r_made + t] = _lim(made[b + t] / 3.0)
                        for t in range(4):
                            out[base + r_left + t] = _lim(rem[4 * s + t] / 3.0)
                    elif st == S_D6:
                        pick = game.pick[s]
                        if pick >= 0 and res_index[pick] is not None:
                            out[base + r_resource + res_index[pick]] = 1.0
                        out[base + r_repay] = 1.0 if game.repay[s] else 0.0
                    elif st == S_MERMA:
                        keep = game.keep[s]
                        if keep >= 0 and keep_index[keep] is not None:
                            out[base + r_keep + keep_index[keep]] = 1.0
                if st == S_D4:
                    pool = game.pool
                    for t in range(4):
                        out[base + r_procs + t] = _lim(pool[4 * s + t] / 3.0)
        if n < n_slots:
            out[P0 + n * PS:o_market] = slot_zeros[n_slots - n]
        out[o_decks:o_credit] = decks_part(game, e)
        out[o_credit:o_constraints] = modifiers_part(game, e, me, n)
        # the tutorial's constraints, a refund, a card to play, the D1 choices
        out[o_constraints:] = tail_zeros
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

    write.bounded = True                        # every value is within ±LIMIT (Observer)
    return write
