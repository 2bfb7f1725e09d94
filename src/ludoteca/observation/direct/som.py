"""«Som el que decidim!» written straight from the state: the same floats, bit for bit, as
``encoder_for("som")`` applied to ``game.view(seat)``, reading only what
that view shows. Face-down cells show only «oculta» and their deal's flag shares (the card in
each is never read for the vector), Hisenda's disks only counts, another seat's bid only that
it was made.

Parts are remembered: per configuration (mode, centralism, turn limit, colours, seats) the
values that never change; per board (cards, which are face up, deals, the CN's cell) a whole
template of the vector with the cells and the odds written in, since most actions leave the
board alone (the key holds the face-down cards too, but what is written for them is only
«oculta» and the deal's shares: tests/test_rl_direct_som.py swaps them by hand); per
(observer, disks, PDs, GH, flipped markers) the block of players, Hisenda and the CN, and per
(colour, GH, PDs, disks) one seat's part of it. Everything else (a few dozen nonzeros) is
written into a copy of the template.

What a content file may change (the die's faces, the cards' order, ids and flags) is read from
the game's own tables (``game.K``), once per content: a renamed card is written as the shipped
card of the same role, as the view encoder does."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

from ludoteca.games.som.common import (
    ABSTAINS,
    DEGREES,
    LEVY_RECEPTA,
    NC,
    PHASE_NAMES,
    STAGE_NAMES,
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
BOARDS_LIMIT = 256
"""Board templates kept (each is a whole vector: 17 kB)."""


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


def writer(game_id: str = "som") -> Callable[[Any, int, Any], None]:
    """``write(game, seat, buf)``: the whole vector of ``seat``'s view into ``buf``."""
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
        face up, each card's slot in the urna, each card's flag."""
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
        got = per_content[K] = (tuple(die), tuple(visible), tuple(urna_at), K.FLAG)
        return got

    o_citizens = o_cells + cell_width - M - 1
    o_odds, n_odds = off("odds"), len(FLAG_ODDS)
    cell_at = tuple(o_cells + c * cell_width for c in range(NC))
    odds_at = tuple(o_odds + c * n_odds for c in range(NC))
    flag_slot = [FLAG_ODDS.index(FLAG_CODES[f]) if FLAG_CODES[f] in FLAG_ODDS else None
                 for f in range(len(FLAG_CODES))]
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
    boards: dict[tuple[Any, ...], array] = {}
    blocks: dict[tuple[Any, ...], array] = {}
    last_votes: dict[tuple[int, int, int], tuple[Any, tuple[tuple[int, float], ...]]] = {}

    def config(g: Any, key: tuple[Any, ...]) -> tuple[Any, ...]:
        """What never changes in a game: a number for its memo keys, its template's first
        values, its seats' colours and its content's tables."""
        base = array("d", bytes(8 * size))
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
            boards.clear()
            blocks.clear()
        got = configs[key] = (len(configs), base, tuple(i_colour.get(c) for c in g.colours),
                              *content_tables(g.K))
        return got

    def board(g: Any, base: array, key: tuple[Any, ...], visible: tuple[Any, ...],
              FLAG: tuple[int, ...]) -> array:
        """The template of a board: the configuration, the cells (without citizens) and the
        odds. Only public facts are written: a face-down card is «oculta», and its deal's
        flags are counted (they are public, ``SomGame.hidden_deals``)."""
        out = base[:]
        cells, up, deal = g.cells, g.up, g.deal
        groups: dict[int, list[int]] = {}
        for c, b in enumerate(cell_at):
            card = cells[c]
            if card < 0:
                out[b + 1] = 1.0
            elif up[c]:
                for k in visible[card]:
                    out[b + k] = 1.0
            else:
                out[b] = 1.0
                d = deal[c]
                if d in groups:
                    groups[d].append(c)
                else:
                    groups[d] = [c]
        out[cell_at[g.cn_cell] + cell_width - 1] = 1.0
        for down in groups.values():
            counts = [0] * n_odds
            for c in down:
                slot = flag_slot[FLAG[cells[c]]]
                if slot is not None:
                    counts[slot] += 1
            total = len(down)
            shares = array("d", [k / total for k in counts])
            for c in down:
                k = odds_at[c]
                out[k:k + n_odds] = shares
        if len(boards) > BOARDS_LIMIT:
            boards.clear()
        boards[key] = out
        return out

    def people(g: Any, me: int, n: int, colour_at: tuple[int | None, ...],
               key: tuple[Any, ...]) -> array:
        """The players' blocks (relative to ``me``), Hisenda and the CN."""
        out = array("d", bytes(8 * (block_end - p0)))
        hold, pd, gh = g.hold, g.pd, g.gh
        for s in range(n):
            j = (s - me) % n
            if j >= M:
                continue
            h = s * T
            pkey = (colour_at[s], s == gh, pd[s], tuple(hold[h:h + T]))
            one = blocks.get(pkey)
            if one is None:
                one = player(g, s, pkey)
            out[j * p_stride:j * p_stride + p_stride] = one
        H = g.H
        h = o_hisenda - p0
        out[h] = 1.0
        out[h + 1] = _clip(g.count(H, 1) / 12.0)
        out[h + 2] = _clip(g.count(H, 2) / 12.0)
        out[h + 3] = _clip(g.value(H) / 36.0)
        out[h + 4] = 1.0 if g.hisenda_flipped else 0.0
        h = o_cn - p0
        out[h] = 1.0
        out[h + 1] = _clip(pd[H] / 12.0)
        out[h + 2] = 1.0 if g.cn_flipped else 0.0
        if len(blocks) > MEMO_LIMIT:
            blocks.clear()
        blocks[key] = out
        return out

    def player(g: Any, s: int, key: tuple[Any, ...]) -> array:
        """Seat ``s``'s block: colour, disks by type, money, PDs, GH (``key`` holds all but
        the money, which follows from the disks)."""
        out = array("d", bytes(8 * p_stride))
        out[0] = 1.0
        colour = key[0]
        if colour is not None:
            out[p_colour + colour] = 1.0
        for t, v in enumerate(key[3]):
            if v:
                i = disk_at[t]
                if i is not None:
                    out[p_disks + i] = _clip(v / 3.0)
        out[p_value] = _clip(g.value(s) / 10.0)
        out[p_pd] = _clip(key[2] / 12.0)
        if key[1]:
            out[p_gh] = 1.0
        blocks[key] = out
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
        ckey = (g.K, g.mode, g.degree, g.cen_roll, g.max_turns, g.colours, n)
        cfg = configs.get(ckey)
        if cfg is None:
            cfg = config(g, ckey)
        cid, base, colour_at, die, visible, urna_at, FLAG = cfg
        bkey = (cid, tuple(g.cells), tuple(g.up), tuple(g.deal), g.cn_cell)
        template = boards.get(bkey)
        if template is None:
            template = board(g, base, bkey, visible, FLAG)
        out[:] = template
        # the turn
        out[o_turn] = _clip((g.turn + 1) / 100.0)
        gh = g.gh
        out[o_gh + (gh - me) % n] = 1.0
        stage = g.stage
        i = stage_at[stage]
        if i is not None:
            out[o_stage + i] = 1.0
        i = phase_at[g.phase]
        if i is not None:
            out[o_phase + i] = 1.0
        for s in g.to_move:
            out[o_to_move + (s - me) % n] = 1.0
        if g.face:
            for k, v in die[g.face]:
                out[k] = v
        if stage == 4 and g.mover >= 0:
            out[o_mover + (g.mover - me) % n] = 1.0
        for s in g.movers:
            out[o_movers + (s - me) % n] = 1.0
        out[o_steps] = _clip(g.steps / 10.0)
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
            out[o_citizens + c * cell_width + (s - me) % n] = 1.0
        # players, Hisenda, the CN
        pkey = (cid, me, gh, g.hisenda_flipped, g.cn_flipped, tuple(g.hold), tuple(g.pd))
        block = blocks.get(pkey)
        if block is None:
            block = people(g, me, n, colour_at, pkey)
        out[p0:block_end] = block
        pile = g.pile
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
    return write

