"""«Som el que decidim!» written straight from the state: the same floats, bit for bit, as
``encoder_for("som")`` applied to ``game.view(seat)``, reading only what
that view shows. Face-down cells show only «oculta» and their deal's flag shares (the card in
each is never read for the vector), Hisenda's disks only counts, another seat's bid only that
it was made.

Parts are remembered, so that a call writes little more than what changed since the last call
about the same game object:

- per configuration (content, mode, centralism, turn limit, colours, seats) the values that
  never change and the content's tables;
- per game object (the last ``GAMES_LIMIT`` seen, less those whose game nothing else holds
  any more, forgotten when the next record is made; a game's configuration never changes) a
  record: a template of the whole vector with the board written in (the cells without
  citizens, and the odds), and the lists it was made from. Every call compares the game's
  ``cells``, ``up``, ``deal`` and CN's cell with them (C-speed list comparisons) and, when one
  differs, rewrites only the cells that changed and the odds of the deals whose counts of face-
  down flags changed: a change made by play, ``arrange`` or by hand is seen. A face-down card
  is written only as «oculta» and counted in its deal's flags (``SomGame.hidden_deals``, which
  is public): which one lies where is never written (tests/test_rl_direct_som.py swaps them);
- in the same record, the players' blocks seat by seat (rotated to the observer on every
  call), Hisenda and the CN, with the disks, PDs, GH and markers they were made from; a seat's
  purse (its disks by type and money) is rewritten when its disks changed, from a memo per
  purse (Hisenda's likewise), and a deal's odds from a memo per count of its flags;
- a new game's board per configuration: a new game's record starts from it (the face-down
  cards differ, but their deal's flags do not), a clone's from the record made last;
- a new game's whole record per configuration and CN cell (``DEALT_LIMIT`` of them): a new
  game whose board shows the same (the same cells face up with the same cards, the same deals,
  the same cards face down in one deal, only their places differ) takes a copy of it with its
  own cells, and no cell is rewritten; its purses are rewritten only where its disks differ.

Everything else (a few dozen nonzeros) is written into a copy of the template.
``writer("som", "f")`` (the ``float32`` attribute of the one in ``DIRECT``) keeps its parts in
float32 and writes the float32 vector itself: the same values as the float64 ones cast.

What a content file may change (the die's faces, the cards' order, ids and flags) is read from
the game's own tables (``game.K``), once per content: a renamed card is written as the shipped
card of the same role, as the view encoder does."""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from itertools import compress, islice
from operator import ne
from struct import Struct
from typing import Any

from ludoteca.games.som.actions import N_SEATS
from ludoteca.games.som.common import (
    ABSTAINS,
    DEGREES,
    LEVY_RECEPTA,
    NC,
    PH_BID,
    PH_OVER,
    PHASE_NAMES,
    STAGE_NAMES,
    TWOS,
    TYPE_CODES,
    UNDECLARED,
    VOTE_ELECTIONS,
    T,
)
from ludoteca.games.som.content import FLAG_CODES

from ..encoders import encoder_for
from ..encoders.som import CARDS, FLAG_ODDS, FLAGS, SYMBOLS, M
from ..encoding import LIMIT


def _clip(v: float) -> float:
    """``v`` within ±LIMIT (the writer is ``bounded``: the Observer then only casts)."""
    return v if -LIMIT <= v <= LIMIT else (LIMIT if v > 0 else -LIMIT)


MEMO_LIMIT = 4096
"""Entries a memo may hold before it is emptied (a long run never grows without bound)."""
PURSES_LIMIT = 32768
"""Purses (a seat's disks by type) remembered: random play meets thousands of them."""
GAMES_LIMIT = 32
DEALT_LIMIT = 256
"""New games' records remembered, per configuration and CN cell (each 17 kB and more)."""
"""Game objects remembered, the oldest forgotten first (each record keeps its game alive and
a board template: a whole vector, 17 kB)."""


class _Seen:
    """What the writer made last for one game object (``game``, kept alive here, so that its
    id is never another's): its configuration's tables; its board template, the lists it was
    made from (never changed in place: replaced) and each cell's deal when face down (else
    −1) with each deal's count of flags face down, per column of odds, and its total (and
    their shares, packed); its players' blocks seat by seat, Hisenda's and the CN's, and the
    lists and values they were made from."""

    __slots__ = ("game", "cfg",
                 "template", "cells", "up", "deal", "cn_cell", "codes", "counts", "shares",
                 "people", "tail", "hold", "held", "pd", "gh", "hf", "cf")


_refcount = getattr(sys, "getrefcount", None)


def _held_once() -> int | None:
    """What ``sys.getrefcount`` says of a game that only a record holds (None: not known,
    as where Python keeps no counts): such a game can never be written again."""
    if _refcount is None:
        return None
    r = _Seen()
    r.game = held = object()
    also = _refcount(r.game)                # held by the record and by ``held``
    del held
    alone = _refcount(r.game)
    return alone if alone < also else None


ALONE = _held_once()


class _Scaled(dict[int, float]):
    """``table[v]``: ``v / scale`` clipped to ±LIMIT, computed once per ``v``."""

    def __init__(self, scale: float) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, v: int) -> float:
        if len(self) > MEMO_LIMIT:
            self.clear()
        x = self[v] = _clip(v / self.scale)
        return x


def _number(x: Any) -> float:
    """A value as the encoder's ``Num`` of a missing-is-zero field writes it (before scale)."""
    if x is None:
        return 0.0
    if x is True or x is False:
        return 1.0 if x else 0.0
    return float(x)


def _field(fields: list[Any], path: str) -> Any:
    """The encoder's field at dotted ``path`` (through groups and item lists)."""
    head, _, rest = path.partition(".")
    f = next(f for f in fields if f.name == head)
    return _field(f.fields, rest) if rest else f


def writer(game_id: str = "som", typecode: str = "d") -> Callable[[Any, int, Any], None]:
    """``write(game, seat, buf)``: the whole vector of ``seat``'s view into ``buf``, an
    ``array(typecode)``: ``"d"`` (the float64 scratch; its ``float32`` attribute is the same
    writer for ``"f"``) or ``"f"`` (the float32 vector itself: its parts are kept in float32,
    every value stored the float64 one cast, as ``Encoder.finish`` casts)."""
    isz = array(typecode).itemsize
    enc = encoder_for(game_id)
    rows = {r.name: r for r in enc.layout()}

    def off(name: str) -> int:
        return rows[name].offset

    def index(path: str) -> dict[Any, int]:
        return _field(enc.fields, path).index

    size = enc.size
    i_mode, i_degree, i_stage, i_phase = (index("mode"), index("centralism"), index("stage"),
                                          index("phase"))
    stage_at = [i_stage.get(name) for name in STAGE_NAMES]
    phase_at = [i_phase.get(name) for name in PHASE_NAMES]
    o_roll, o_turn, o_max, o_gh = off("centralism_roll"), off("turn"), off("max_turns"), off("gh")
    o_stage, o_phase, o_to_move = off("stage"), off("phase"), off("to_move")
    o_mover, o_movers, o_steps = off("mover"), off("movers_left"), off("steps")
    o_may_stop, o_atc = off("may_stop"), off("atc_active")
    o_recepta, o_sucesiones = off("levies_used.recepta"), off("levies_used.sucesiones")
    i_face, i_picture = index("die.face"), index("die.picture")
    o_cells = off("cells")
    cell_width = (off("odds") - o_cells) // NC
    cards, flags, symbols = ({c: i for i, c in enumerate(CARDS)},
                             {f: i for i, f in enumerate(FLAGS)},
                             {s: i for i, s in enumerate(SYMBOLS)})
    i_urna = index("urna")
    per_content: dict[Any, tuple[Any, ...]] = {}

    def content_tables(K: Any) -> tuple[Any, ...]:
        """Per content: the die's writes per face, each card's ones in a cell's block when
        face up, each card's slot in the urna, each card's column of the odds (by its flag)."""
        got = per_content.get(K)
        if got is not None:
            return got
        die: list[tuple[tuple[int, float], ...]] = [()]
        for face in range(1, 7):
            w = [(off("die.present"), 1.0), (off("die.number"), K.FACE_NUMBER[face] / 4.0)]
            if face in i_face:
                w.append((off("die.face") + i_face[face], 1.0))
            pic = i_picture.get(K.FACE_PICTURE[face])
            if pic is not None:
                w.append((off("die.picture") + pic, 1.0))
            die.append(tuple(w))
        ids = K.default_id or {}
        visible: list[tuple[int, ...]] = []        # per card: its ones in a cell's block
        for shown in K.CARD_VIEWS:
            ones = [2]
            for at, choices, value in ((3, cards, ids.get(shown["id"], shown["id"])),
                                       (3 + len(cards), flags, shown["flag"]),
                                       (3 + len(cards) + len(flags), symbols,
                                        shown.get("symbol"))):
                if value and value in choices:
                    ones.append(at + choices[value])
            visible.append(tuple(ones))
        urna_at = [i_urna.get(ids.get(cid, cid)) for cid in K.CARD_ID]
        slot = [FLAG_ODDS.index(FLAG_CODES[f]) if FLAG_CODES[f] in FLAG_ODDS else None
                for f in range(len(FLAG_CODES))]
        card_slot = tuple(slot[f] for f in K.FLAG)    # per card: its flag's column of odds
        got = per_content[K] = (tuple(die), tuple(visible), tuple(urna_at), card_slot,
                                tuple(-1 if i is None else i for i in card_slot),
                                tuple(map(card_block, visible)))
        return got

    def card_block(ones: Sequence[int]) -> array:
        """A cell's card block (before its citizens) with ``ones`` set."""
        out = array(typecode, bytes(isz * card_width))
        for i in ones:
            out[i] = 1.0
        return out

    o_citizens = o_cells + cell_width - M - 1
    o_odds, n_odds = off("odds"), len(FLAG_ODDS)
    cell_at = tuple(o_cells + c * cell_width for c in range(NC))
    # the players, Hisenda and the CN (one block)
    p0, p_stride = off("players[i].present"), rows["players[i].colour"].stride
    p_colour, p_disks = off("players[i].colour") - p0, off("players[i].disks") - p0
    p_value, p_pd, p_gh = (off("players[i].value") - p0, off("players[i].pd") - p0,
                           off("players[i].gh") - p0)
    i_colour = index("players.colour")
    i_disk = {c: i for i, c in enumerate(_field(enc.fields, "players.disks").choices)}
    disk_at = [i_disk.get(code) for code in TYPE_CODES]
    o_hisenda, o_cn, o_urna = off("hisenda.present"), off("cn.present"), off("urna")
    block_end = o_urna
    # the sub-decisions
    o_pay, i_reason = off("payment.present"), index("payment.reason")
    o_payer, o_payee, o_due, o_reason = (off("payment.payer"), off("payment.payee"),
                                         off("payment.due"), off("payment.reason"))
    o_chg, i_chg_disk = off("change.present"), index("change.disk")
    o_giver, o_chg_payer, o_chg_disk, o_given = (off("change.giver"), off("change.payer"),
                                                 off("change.disk"), off("change.given"))
    chg_disk_at = [i_chg_disk.get(code) for code in TYPE_CODES]
    i_given = index("change.given")
    given_at = [i_given.get(code) for code in TYPE_CODES]
    o_levy, i_levy = off("levy.present"), index("levy.kind")
    o_levy_kind, o_levy_k, o_chosen, o_target = (off("levy.kind"), off("levy.k"),
                                                 off("levy.chosen"), off("levy.target"))
    o_prot, i_spain = off("protection.present"), index("protection.spain_cell")
    o_protected, o_pile, o_spain = (off("protection.protected"), off("protection.pile"),
                                    off("protection.spain_cell"))
    o_vote, i_vote_kind = off("vote.present"), index("vote.kind")
    o_vote_kind, o_caller, o_decl = off("vote.kind"), off("vote.caller"), \
        off("vote.declarations")
    o_declaring, o_governor, o_bids_in, o_my_bid = (off("vote.declaring"), off("vote.governor"),
                                                    off("vote.bids_in"), off("vote.my_bid"))
    o_last, i_last_kind = off("last_vote.present"), index("last_vote.kind")
    lv_at = {name: off("last_vote." + name) for name in (
        "kind", "caller", "next_gh", "bids", "by_rotation", "turn", "sides")}

    configs: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    games: dict[int, _Seen] = {}
    starts: dict[tuple[Any, ...], _Seen] = {}     # a new game's board, per configuration
    # a new game's record per configuration and CN cell, and what its board shows: the cells
    # face up or empty, their cards, and all cards sorted (see ``dealt_like``)
    dealt: dict[tuple[Any, ...], tuple[_Seen, list[int], list[int], list[int]]] = {}
    purses: dict[Sequence[int], array] = {}     # keys: bytes, or tuples of larger counts
    hisendas: dict[Sequence[int], array] = {}   # (the same keys, Hisenda's)
    odds: dict[tuple[int, ...], bytes] = {}     # a deal's counts of flags: its shares
    last_votes: dict[tuple[int, int, int], tuple[Any, tuple[tuple[int, float], ...]]] = {}
    card_width = cell_width - M - 1     # a cell's block: its card, its citizens, the CN's mark
    empty_card, down_card = card_block((1,)), card_block((0,))   # an empty cell, «oculta»
    cn_at = tuple(b + cell_width - 1 for b in cell_at)
    cit_at = tuple(o_citizens + b - o_cells for b in cell_at)
    odds_end = o_odds + NC * n_odds
    no_odds = bytes(isz * n_odds)
    pack_odds = Struct(f"={n_odds}{typecode}").pack     # as array(typecode, …).tobytes()
    ALL = range(NC)
    is_down = (-1).__lt__                # a cell's code: its deal (≥ 0) when face down
    n2 = len(TWOS)                      # types 0 … n2−1 are worth 2 €, the rest 1 €
    assert TWOS == tuple(range(n2)) and n2 < T
    # a seat's block: present, colour, then its purse (disks by type and money), PDs, GH
    assert (p_colour, p_disks, p_value, p_pd, p_gh, p_stride) == \
        (1, 1 + len(i_colour), p_disks + len(i_disk), p_value + 1, p_value + 2, p_value + 3)
    purse_width = p_value + 1 - p_disks
    spans = [tuple((s * T, s * T + T, s * p_stride + p_disks, s * p_stride + p_value + 1)
                   for s in range(k)) for k in range(N_SEATS + 1)]   # per seat count: each
    # seat's disks in ``hold`` and its purse in the players' block
    disk_writes = tuple((t, i) for t, i in enumerate(disk_at) if i is not None)
    thirds, twelfths, by36 = _Scaled(3.0), _Scaled(12.0), _Scaled(36.0)
    by_type = disk_at == list(range(T))     # a purse is then the disks in type order, scaled
    assert o_cn == o_hisenda + 5 and block_end == o_cn + 3 and o_hisenda == p0 + M * p_stride
    assert N_SEATS <= M                 # every seat has a slot: the players' block rotates
    assert PH_BID + 1 == PH_OVER == len(PHASE_NAMES) - 1     # g.to_move: (g.actor,) below PH_BID

    def config(g: Any, key: tuple[Any, ...]) -> tuple[Any, ...]:
        """What never changes in a game: its template's first values, its seats' colours and
        its content's tables."""
        base = array(typecode, bytes(isz * size))
        i = i_mode.get(g.mode)
        if i is not None:
            base[off("mode") + i] = 1.0
        i = i_degree.get(DEGREES[g.degree])
        if i is not None:
            base[off("centralism") + i] = 1.0
        if g.cen_roll:
            base[o_roll] = _clip(g.cen_roll / 6.0)
        if g.max_turns:
            base[o_max] = _clip(g.max_turns / 100.0)
        if len(configs) > MEMO_LIMIT:
            configs.clear()
        got = configs[key] = (base, tuple(i_colour.get(c) for c in g.colours),
                              *content_tables(g.K))
        return got

    def seen(g: Any) -> _Seen:
        """A new record for ``g``, its board made. The board is patched from one already made
        for the same configuration: a new game's (kept) for a new game, whose face-down cards
        differ but whose visible board hardly does, else the record made last (a clone's
        parent, say); with none, from the configuration's template, with no cell."""
        ckey = (g.K, g.mode, g.degree, g.cen_roll, g.max_turns, g.colours, g.n)
        cfg = configs.get(ckey)
        if cfg is None:
            cfg = config(g, ckey)
        fresh = not g._n_actions and not g._setup_log     # a new game: start from a new
        if fresh:
            got = dealt.get((ckey, g.cn_cell))
            if got is not None and dealt_like(got, g):
                return from_dealt(got[0], g)
        r = _Seen()
        r.game, r.cfg = g, cfg
        like = starts.get(ckey) if fresh else None        # game's board, else from the
        if like is None:                                  # record made last
            like = next((x for x in reversed(games.values()) if x.cfg is cfg), None)
        if like is not None:
            r.template = like.template[:]
            r.cells, r.up, r.deal, r.cn_cell = like.cells, like.up, like.deal, like.cn_cell
            r.codes, r.counts = like.codes[:], {d: k[:] for d, k in like.counts.items()}
            r.shares = dict(like.shares)
        else:
            r.template = cfg[0][:]
            r.cells = r.up = r.deal = None
            r.cn_cell = -1
            r.codes, r.counts, r.shares = [-1] * NC, {}, {-1: no_odds}
        patch(r, g)
        if fresh and ckey not in starts:        # kept as it is now (``patch`` makes new lists)
            if len(starts) > MEMO_LIMIT:
                starts.clear()
            keep = starts[ckey] = _Seen()
            keep.template, keep.codes = r.template[:], r.codes[:]
            keep.cells, keep.up, keep.deal, keep.cn_cell = r.cells, r.up, r.deal, r.cn_cell
            keep.counts, keep.shares = {d: k[:] for d, k in r.counts.items()}, dict(r.shares)
        n = g.n
        r.people = P = array(typecode, bytes(isz * n * p_stride))
        for s, colour in enumerate(cfg[1]):
            P[s * p_stride] = 1.0
            if colour is not None:
                P[s * p_stride + p_colour + colour] = 1.0
        r.tail = array(typecode, bytes(isz * (block_end - o_hisenda)))
        r.tail[0] = r.tail[5] = 1.0             # Hisenda's and the CN's «present»
        r.hold = r.held = r.pd = None           # the players' block: made on first use
        r.gh = -1
        if fresh:
            people(r, g)
            keep_dealt(r, ckey)
        if len(games) >= GAMES_LIMIT:            # the oldest record goes
            del games[next(iter(games))]
        games[id(g)] = r
        return r

    def forget_dead() -> None:
        """Forget, among the last records made, those whose game nothing else holds (a game
        let go for the next, as an environment deals game after game): it can never be
        written again, and it is freed now, while its memory is still warm, rather than
        ``GAMES_LIMIT`` records later (freeing a long-played game then cost more than the rest
        of a new game's write). (An environment's last game is still held by its observer's
        keys while the next one's first observation is written: it goes at the one after.)"""
        if ALONE is not None:
            for key in list(islice(reversed(games), 4)):
                if _refcount(games[key].game) == ALONE:
                    del games[key]

    def keep_dealt(r: _Seen, ckey: tuple[Any, ...]) -> None:
        """Keep a copy of new game ``r``'s record (board and players) for new games of the
        same configuration and CN cell, when its face-down cards are all of one deal."""
        cells, up, deal = r.cells, r.up, r.deal
        shown = [c for c in ALL if up[c] or cells[c] < 0]
        if len({deal[c] for c in ALL if not up[c] and cells[c] >= 0}) > 1:
            return
        if len(dealt) >= DEALT_LIMIT:
            dealt.clear()
        keep = _Seen()
        keep.game, keep.cfg = None, r.cfg
        keep.template, keep.cells, keep.up, keep.deal, keep.cn_cell = (
            r.template[:], cells, up, deal, r.cn_cell)
        keep.codes, keep.shares = r.codes[:], dict(r.shares)
        keep.counts = {d: k[:] for d, k in r.counts.items()}
        keep.people, keep.tail = r.people[:], r.tail[:]
        keep.hold, keep.held, keep.pd, keep.gh, keep.hf, keep.cf = (
            r.hold, r.held, r.pd, r.gh, r.hf, r.cf)
        dealt[(ckey, r.cn_cell)] = (keep, shown, [cells[c] for c in shown], sorted(cells))

    def dealt_like(got: tuple[_Seen, list[int], list[int], list[int]], g: Any) -> bool:
        """Whether ``g``'s board shows what the kept new game's shows: the same faces,
        deals and CN cell, the same cards in the cells face up or empty, and the same cards in
        all (so the same ones face down, in one deal: the same counts of flags)."""
        m, shown, cards, every = got
        cells = g.cells
        return (g.up == m.up and g.deal == m.deal and g.cn_cell == m.cn_cell
                and list(map(cells.__getitem__, shown)) == cards and sorted(cells) == every)

    def from_dealt(m: _Seen, g: Any) -> _Seen:
        """A record for new game ``g`` copied from the kept one ``m`` (``dealt_like``), with
        ``g``'s own cells (the cards face down differ) and ``g``'s purses."""
        r = _Seen()
        r.game, r.cfg = g, m.cfg
        r.template, r.cells, r.up, r.deal, r.cn_cell = (
            m.template[:], g.cells[:], m.up, m.deal, m.cn_cell)
        r.codes, r.shares = m.codes[:], dict(m.shares)
        r.counts = {d: k[:] for d, k in m.counts.items()}
        r.people, r.tail = m.people[:], m.tail[:]
        r.hold, r.held, r.pd, r.gh, r.hf, r.cf = m.hold, m.held, m.pd, m.gh, m.hf, m.cf
        if len(games) >= GAMES_LIMIT:            # the oldest record goes
            del games[next(iter(games))]
        games[id(g)] = r
        return r

    def patch(r: _Seen, g: Any) -> None:
        """Bring ``r``'s board template up to ``g``'s board: the cells (without citizens)
        and the odds. Only the cells whose card, face or deal changed are rewritten; the
        flags still face down are counted per deal, and those counts follow the changed
        cells. Only public facts are written: a face-down card is «oculta», and its deal's
        flags are counted (they are public, ``SomGame.hidden_deals``)."""
        t = r.template
        card_slot, shown = r.cfg[5], r.cfg[7]   # (per card: its column of odds, its block)
        cells, up, deal = g.cells, g.up, g.deal
        oc = r.cells
        touched = set()                         # the deals whose counts changed
        if oc is None:
            changed: Any = ALL
        else:
            changed = set(compress(ALL, map(ne, up, r.up))) if up != r.up else set()
            if deal != r.deal:
                changed.update(compress(ALL, map(ne, deal, r.deal)))
            if cells != oc:
                moved = set(compress(ALL, map(ne, cells, oc))).difference(changed)
                # cards moved among cells face down before and after, in one deal (a new
                # game's against a kept new game's, say): only that deal's count of flags
                # may change, taken here in bulk (the other changes: cell by cell, below)
                codes = r.codes
                hidden = list(compress(moved, map(is_down, map(codes.__getitem__, moved))))
                if (len(hidden) > 1 and min(map(cells.__getitem__, hidden)) >= 0
                        and len(set(map(codes.__getitem__, hidden))) == 1):
                    key = r.cfg[6].__getitem__      # a card's column of odds (−1: none)
                    now = list(map(key, map(cells.__getitem__, hidden)))
                    before = list(map(key, map(oc.__getitem__, hidden)))
                    if now != before:
                        d = codes[hidden[0]]
                        k = r.counts[d]
                        for i in range(n_odds):
                            x = now.count(i) - before.count(i)
                            if x:
                                k[i] += x
                                touched.add(d)
                    moved.difference_update(hidden)
                changed.update(moved)
        codes, counts = r.codes, r.counts       # codes: each cell's deal when face down
        for c in changed:
            d = codes[c]
            card = cells[c]
            if d >= 0:                          # it was face down: out of its deal's count
                if card >= 0 and deal[c] == d and not up[c]:
                    i, j = card_slot[oc[c]], card_slot[card]    # still face down, same deal
                    if i != j:
                        k = counts[d]
                        if i is not None:
                            k[i] -= 1
                        if j is not None:
                            k[j] += 1
                        touched.add(d)
                    continue
                k = counts[d]
                i = card_slot[oc[c]]
                if i is not None:
                    k[i] -= 1
                k[-1] -= 1
                touched.add(d)
            b = cell_at[c]
            if card < 0:
                t[b:b + card_width] = empty_card
                codes[c] = -1
            elif up[c]:
                t[b:b + card_width] = shown[card]
                codes[c] = -1
            else:
                t[b:b + card_width] = down_card
                codes[c] = d = deal[c]
                k = counts.get(d)
                if k is None:
                    k = counts[d] = [0] * (n_odds + 1)
                i = card_slot[card]
                if i is not None:
                    k[i] += 1
                k[-1] += 1
                touched.add(d)
        for d in touched:                       # the shares of each deal whose count changed
            k = counts[d]
            total = k[-1]
            if total:
                r.shares[d] = odds_of(k)
            else:
                del counts[d]
                r.shares.pop(d, None)
        if touched:
            t[o_odds:odds_end] = array(typecode, b"".join(map(r.shares.__getitem__, codes)))
        cn = g.cn_cell
        if cn != r.cn_cell:
            if r.cn_cell >= 0:
                t[cn_at[r.cn_cell]] = 0.0
            t[cn_at[cn]] = 1.0
        if up != r.up:
            r.up = up[:]
        if cells != oc:
            r.cells = cells[:]
        if deal != r.deal:
            r.deal = deal[:]
        r.cn_cell = cn

    def odds_of(k: list[int]) -> bytes:
        """A deal's shares of flags face down (its counts ``k``, their total last), packed as
        the odds of each of its cells (remembered per counts)."""
        key = tuple(k)
        got = odds.get(key)
        if got is None:
            total = k[-1]
            if len(odds) > MEMO_LIMIT:
                odds.clear()
            got = odds[key] = pack_odds(*[k[i] / total for i in range(n_odds)])
        return got

    def people(r: _Seen, g: Any) -> None:
        """``r``'s players' blocks (seat by seat, not yet relative to an observer), Hisenda
        and the CN, brought up to ``g``'s disks, PDs, GH and flipped markers: a seat's purse
        (disks and money) is rewritten when its disks changed."""
        hold, pd, gh, n = g.hold, g.pd, g.gh, g.n
        P = r.people
        if hold != r.hold:
            try:
                held: Any = bytes(hold)         # (counts of 0 to 255: cheap to slice)
            except ValueError:
                held = tuple(hold)
            before = r.held
            for h, e, b, f in spans[n]:         # the seats whose disks changed
                key = held[h:e]
                if before is None or key != before[h:e]:
                    one = purses.get(key)
                    if one is None:
                        one = purse(key)
                    P[b:f] = one
            key = held[n * T:]                  # Hisenda's disks (then the CN's block)
            one = hisendas.get(key)
            if one is None:
                one = hisenda(key)
            r.tail[1:4] = one
            r.hold, r.held = hold[:], held
        if pd != r.pd:
            for s in range(n):
                P[s * p_stride + p_pd] = twelfths[pd[s]]
            r.tail[6] = _clip(pd[n] / 12.0)
            r.pd = pd[:]
        if gh != r.gh:
            if r.gh >= 0:
                P[r.gh * p_stride + p_gh] = 0.0
            P[gh * p_stride + p_gh] = 1.0
            r.gh = gh
        r.hf, r.cf = hf, cf = g.hisenda_flipped, g.cn_flipped
        r.tail[4] = 1.0 if hf else 0.0
        r.tail[7] = 1.0 if cf else 0.0

    def hisenda(key: Sequence[int]) -> array:
        """Hisenda's counts of 1 € and 2 € disks and its money (``g.count(H, 1)``,
        ``g.count(H, 2)``, ``g.value(H)``), as written after its «present», from its disks
        by type."""
        twos, ones = sum(key[:n2]), sum(key[n2:T])
        out = array(typecode, (twelfths[ones], twelfths[twos], by36[2 * twos + ones]))
        if len(hisendas) > MEMO_LIMIT:
            hisendas.clear()
        hisendas[key] = out
        return out

    def purse(key: Sequence[int]) -> array:
        """A seat's disks by type and its money (``g.value``: the 2 € types count twice),
        from its disks by type."""
        if by_type:
            out = array(typecode, map(thirds.__getitem__, key))
        else:
            out = array(typecode, bytes(isz * (purse_width - 1)))
            for t, i in disk_writes:
                out[i] = thirds[key[t]]
        out.append(_clip((2 * sum(key[:n2]) + sum(key[n2:])) / 10.0))
        if len(purses) > PURSES_LIMIT:
            purses.clear()
        purses[key] = out
        return out

    def last_vote(lv: Any, me: int, n: int) -> tuple[tuple[int, float], ...]:
        """The nonzero writes of the last vote's result (a dict the state never changes)."""
        key = (id(lv), me, n)
        got = last_votes.get(key)
        if got is not None and got[0] is lv:
            return got[1]
        w: dict[int, float] = {o_last: 1.0}
        i = i_last_kind.get(lv.get("kind"))
        if i is not None:
            w[lv_at["kind"] + i] = 1.0
        for name in ("caller", "next_gh"):
            x = lv.get(name)
            if isinstance(x, int) and not isinstance(x, bool):
                w[lv_at[name] + (x - me) % n] = 1.0
        for s, x in enumerate(list(lv.get("bids") or ())):
            j = (s - me) % n
            if j < M:
                w[lv_at["bids"] + j] = _clip(_number(x) / 12.0)
        x = lv.get("by_rotation")
        if x is not None:
            w[lv_at["by_rotation"]] = _number(x)
        x = lv.get("turn")
        if x is not None:
            w[lv_at["turn"]] = ((1.0 if x else 0.0) if (x is True or x is False)
                                else _clip(x / 100.0))
        for leader, members in (lv.get("sides") or {}).items():
            for s in members:
                w[lv_at["sides"] + (s - me) % n * M + (int(leader) - me) % n] = 1.0
        if len(last_votes) > MEMO_LIMIT:
            last_votes.clear()
        last_votes[key] = (lv, out := tuple(w.items()))
        return out

    def write(g: Any, seat: int, out: Any) -> None:
        me, n = seat, g.n
        r = games.get(id(g))
        if r is None or r.game is not g:
            r = seen(g)
            forget_dead()       # (after: a record let go may serve ``seen`` as a board to patch)
        if g.cells != r.cells or g.up != r.up or g.deal != r.deal or g.cn_cell != r.cn_cell:
            patch(r, g)
        out[:] = r.template
        # the turn (values that cannot be negative: clipped above only)
        v = (g.turn + 1) / 100.0
        out[o_turn] = v if v <= LIMIT else LIMIT
        gh = g.gh
        out[o_gh + (gh - me) % n] = 1.0
        stage = g.stage
        i = stage_at[stage]
        if i is not None:
            out[o_stage + i] = 1.0
        i = phase_at[g.phase]
        if i is not None:
            out[o_phase + i] = 1.0
        if g.phase < PH_BID:                    # g.to_move is (g.actor,) then
            out[o_to_move + (g.actor - me) % n] = 1.0
        else:
            for s in g.to_move:
                out[o_to_move + (s - me) % n] = 1.0
        if g.face:
            for k, v in r.cfg[2][g.face]:
                out[k] = v
        if stage == 4 and g.mover >= 0:
            out[o_mover + (g.mover - me) % n] = 1.0
        for s in g.movers:
            out[o_movers + (s - me) % n] = 1.0
        v = g.steps / 10.0
        out[o_steps] = v if v <= LIMIT else LIMIT
        if g.may_stop:
            out[o_may_stop] = 1.0
        if g.atc_active:
            out[o_atc] = 1.0
        if g.used_recepta:
            out[o_recepta] = 1.0
        if g.used_sucesiones:
            out[o_sucesiones] = 1.0
        # the citizens on the map
        for s, c in enumerate(g.cit):
            out[cit_at[c] + (s - me) % n] = 1.0
        # players (relative to the observer), Hisenda, the CN
        if (g.hold != r.hold or g.pd != r.pd or gh != r.gh
                or g.hisenda_flipped != r.hf or g.cn_flipped != r.cf):
            people(r, g)
        P = r.people
        k = (n - me) * p_stride
        if me:
            out[p0:p0 + k] = P[me * p_stride:]
            out[p0 + k:p0 + n * p_stride] = P[:me * p_stride]
        else:
            out[p0:p0 + k] = P
        out[o_hisenda:block_end] = r.tail
        pile = g.pile
        if pile:
            urna_at = r.cfg[4]
            for k in pile:
                i = urna_at[k]
                if i is not None:
                    out[o_urna + i] += 1.0
        # what is being decided
        payer = g.pay_payer
        if payer >= 0:
            out[o_pay] = 1.0
            out[o_payer + (payer - me) % n] = 1.0
            if g.pay_payee != g.H:
                out[o_payee + (g.pay_payee - me) % n] = 1.0
            out[o_due] = _clip(g.pay_due / 12.0)
            i = i_reason.get(g.pay_reason)
            if i is not None:
                out[o_reason + i] = 1.0
        if g.chg_giver >= 0:
            out[o_chg] = 1.0
            out[o_giver + (g.chg_giver - me) % n] = 1.0
            out[o_chg_payer + (payer - me) % n] = 1.0
            i = chg_disk_at[g.chg_disk]
            if i is not None:
                out[o_chg_disk + i] = 1.0
            for t in g.chg_got:
                i = given_at[t]
                if i is not None:
                    out[o_given + i] += 1.0
        if g.levy:
            out[o_levy] = 1.0
            out[o_levy_kind + i_levy["recepta" if g.levy == LEVY_RECEPTA else "sucesiones"]] \
                = 1.0
            out[o_levy_k] = _clip(g.levy_k / 4.0)
            for s in g.levy_chosen:
                out[o_chosen + (s - me) % n] = 1.0
            if g.levy_target >= 0:
                out[o_target + (g.levy_target - me) % n] = 1.0
        if g.spain_cell >= 0:
            out[o_prot] = 1.0
            out[o_protected] = _clip(g.prot / 4.0)
            out[o_pile] = _clip(len(pile) / 4.0)
            i = i_spain.get(g.spain_cell)
            if i is not None:
                out[o_spain + i] = 1.0
        if g.vote_kind:
            vote(g, me, n, out)
        lv = g.last_vote
        if lv is not None:
            for k, v in last_vote(lv, me, n):
                out[k] = v

    def vote(g: Any, me: int, n: int, out: Any) -> None:
        """The vote under way: declarations, who declares, the governor, who has bid (and
        the observer's own bid; the others' amounts are never read)."""
        out[o_vote] = 1.0
        out[o_vote_kind + i_vote_kind["elecciones" if g.vote_kind == VOTE_ELECTIONS
                                      else "mocion"]] = 1.0
        out[o_caller + (g.vote_caller - me) % n] = 1.0
        ptr = g.vote_ptr
        if ptr:
            for s in range(n):
                p = ptr[s]
                if p == UNDECLARED:
                    continue
                b = o_decl + (s - me) % n * (2 + M)
                out[b] = 1.0
                if p == ABSTAINS:
                    out[b + 1] = 1.0
                else:
                    out[b + 2 + (p - me) % n] = 1.0
        if g.vote_order:
            out[o_declaring + (g.vote_order[0] - me) % n] = 1.0
        out[o_governor + (g.vote_gov - me) % n] = 1.0
        bids = g.bids
        if bids:
            for s in range(n):
                if bids[s] >= 0:
                    out[o_bids_in + (s - me) % n] = 1.0
            if bids[me] >= 0:
                out[o_my_bid] = _clip(bids[me] / 12.0)

    write.bounded = True                   # every value clipped to ±LIMIT here
    write.float32 = write if typecode == "f" else writer(game_id, "f")
    return write

