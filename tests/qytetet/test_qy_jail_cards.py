"""Qytetet §9 and §10: going to and leaving jail; the surprise deck and its cards."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from qy_helpers import (
    BAIL,
    JAIL,
    JUDGE,
    PARKING,
    SALIDA,
    START,
    TAX,
    board_file,
    card,
    default_cards,
    kinds,
    legal,
    new,
    put_on_top,
    snapshot,
)

import ludoteca


def draw(players=2, top=None, at=3, **arrange):
    """Seat 0 rolls a 1 from ``at`` − 1 onto the SORPRESA square ``at`` with card ``top``
    (a (kind, value) pair) on top of the deck. Returns (game, events, card index)."""
    dice = arrange.pop("dice", [])
    g = new(players, dice=[1, *dice], positions={0: at - 1, **arrange.pop("positions", {})},
            **arrange)
    idx = card(g, *top)
    put_on_top(g, idx)
    return g, g.apply("tirar"), idx


# ----- §9 jail --------------------------------------------------------------------------------
def test_qy_9_1_sent_to_jail_by_juez_or_by_the_jail_card():
    """QY-9.1 (G4): JUEZ and the IrACasilla card whose value is the CÁRCEL index imprison."""
    g = new(2, dice=[2], positions={0: 13})
    g.apply("tirar")
    assert g.jailed[0] and g.pos[0] == JAIL
    g, ev, idx = draw(top=("GOTO", JAIL), at=12)
    assert g.board.cards[idx].value == g.board.jail
    assert kinds(ev) == ["roll", "card", "card_goto_jail", "jailed", "turn"]
    assert g.jailed[0] and g.pos[0] == JAIL


def test_qy_9_2_salir_carcel_is_used_automatically():
    """QY-9.2 (G15, G16): the holder sent to jail stays where he is, free, and the card goes
    back to the bottom of the deck."""
    g = new(2, dice=[1], positions={0: 14}, escape_holder=0)
    esc = card(g, "ESCAPE")
    assert esc not in g.deck and len(g.deck) == 9
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "judge", "escape_used"] and ev[-1].rule == "QY-9.2"
    assert g.pos[0] == JUDGE and not g.jailed[0] and g.escape_holder == -1
    assert g.deck[-1] == esc and len(g.deck) == 10
    assert g.current == 0 and "terminar" in legal(g)


def test_qy_9_3_otherwise_moved_to_carcel_and_imprisoned():
    """QY-9.3: without the card: token on CÁRCEL, marked imprisoned."""
    g = new(2, dice=[1], positions={0: 14}, escape_holder=1)
    ev = g.apply("tirar")
    assert ev[2].kind == "jailed" and ev[2].rule == "QY-9.3"
    assert g.pos[0] == JAIL and g.jailed[0] and g.escape_holder == 1


def test_qy_9_4_no_salida_money_on_the_trip():
    """QY-9.4 (QY-4.4): from JUEZ (15) or from SORPRESA 17 to CÁRCEL (5) pays nothing."""
    for at in (12, 17):
        g, ev, _ = draw(top=("GOTO", JAIL), at=at)
        assert g.bal[0] == START and not any("salida" in k for k in kinds(ev))
    g = new(2, dice=[6], positions={0: 9})
    g.apply("tirar")
    assert g.bal[0] == START and g.pos[0] == JAIL


def test_qy_9_5_imprisonment_ends_the_turn():
    """QY-9.5: the prisoner can do nothing more this turn; the next seat is to move."""
    g = new(3, dice=[3], positions={0: 12}, owners={1: 0})
    ev = g.apply("tirar")
    assert kinds(ev)[-1] == "turn" and g.current == 1
    assert legal(g, 0) == set()
    before = snapshot(g)
    for act in ("vender 1", "hipotecar 1", "terminar"):
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(act, seat=0)
    assert snapshot(g) == before


def test_qy_9_6_one_attempt_pay_or_roll():
    """QY-9.6 (G18): at his turn the prisoner chooses paying or rolling, once."""
    g = new(2, dice=[2], jailed={0: True})
    assert g.phase == 1 and legal(g) == {"tirar", "pagar-libertad"}
    ev = g.apply("tirar")                         # fails: turn over, no second attempt
    assert kinds(ev) == ["jail_stay", "turn"] and g.current == 1


def test_qy_9_7_paying_200_frees_if_balance_allows():
    """QY-9.7 (G9, G18): pay 200 → freed; offered only with balance >= 200."""
    g = new(2, dice=[4], jailed={0: True})
    ev = g.apply("pagar-libertad")
    assert ev[0].kind == "bail" and ev[0].rule == "QY-9.7"
    assert g.bal[0] == START - BAIL and not g.jailed[0] and g.phase == 0
    for balance, offered in (("199.5", False), (200, True), (201, True)):
        g = new(2, jailed={0: True}, balances={0: balance})
        assert ("pagar-libertad" in legal(g)) == offered
    g = new(2, jailed={0: True}, balances={0: 150})
    before = snapshot(g)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("pagar-libertad")
    assert snapshot(g) == before and err.value.legal == ["tirar"]


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_qy_9_8_roll_of_5_or_6_frees(roll):
    """QY-9.8: rolling frees at no cost iff the roll is >= 5."""
    g = new(2, dice=[roll], jailed={0: True})
    ev = g.apply("tirar")
    freed = roll >= 5
    assert (not g.jailed[0]) == freed and g.bal[0] == START
    assert ev[0].rule == ("QY-9.8" if freed else "QY-9.9")
    assert g.pos[0] == JAIL


def test_qy_9_9_staying_in_jail_ends_the_turn():
    """QY-9.9 (G18): a failed roll: no move, no purchase, no management; next seat plays."""
    g = new(2, dice=[4], jailed={0: True}, owners={1: 0})
    ev = g.apply("tirar")
    assert kinds(ev) == ["jail_stay", "turn"]
    assert g.pos[0] == JAIL and g.current == 1 and legal(g, 0) == set()


def test_qy_9_10_freed_player_rolls_to_move_from_carcel():
    """QY-9.10 (G18): after a successful exit (by roll or by payment) the same turn goes on
    with a new movement roll from CÁRCEL."""
    g = new(2, dice=[6, 5], jailed={0: True})
    g.apply("tirar")                             # 6: freed
    assert g.current == 0 and g.phase == 0 and legal(g) == {"tirar"}
    ev = g.apply("tirar")                        # 5 → 10
    assert ev[0].data == {"player": 0, "roll": 5, "from": JAIL, "to": PARKING}
    g = new(2, dice=[3], jailed={0: True})
    g.apply("pagar-libertad")
    g.apply("tirar")                             # 3 → 8 IMPUESTO
    assert g.pos[0] == 8 and g.bal[0] == START - BAIL - TAX


def test_qy_9_11_no_limit_on_jail_turns_and_no_forced_payment():
    """QY-9.11: a prisoner failing ten times in a row is still in jail, never charged."""
    dice = []
    for _ in range(10):
        dice += [1, 5]                           # prisoner fails; seat 1 walks 5 squares
    g = new(2, dice=dice, jailed={0: True}, positions={1: 1})
    for _ in range(10):
        assert g.current == 0 and "tirar" in legal(g)
        g.apply("tirar")
        g.apply("tirar")                         # seat 1: 1 → 6 → 11 → 16 → 1 … (streets)
        g.apply("terminar")
    assert g.jailed[0] and g.bal[0] == START and g.pos[0] == JAIL


# ----- §10 cards ------------------------------------------------------------------------------
def test_qy_10_1_ten_cards_of_five_types():
    """QY-10.1 (G2): PagarCobrar ×2, IrACasilla ×3, PorCasaHotel ×2, PorJugador ×2,
    SalirCárcel ×1."""
    g = new()
    assert len(g.board.cards) == 10
    assert Counter(c.type_name for c in g.board.cards) == {
        "PagarCobrar": 2, "IrACasilla": 3, "PorCasaHotel": 2, "PorJugador": 2,
        "SalirCárcel": 1}


def test_qy_10_2_pairs_have_one_positive_one_negative():
    """QY-10.2: each pair has one positive and one negative value; SalirCárcel none."""
    g = new()
    for kind in ("PAY", "PER_BUILDING", "PER_PLAYER"):
        values = sorted(c.value for c in g.board.cards if c.kind == kind)
        assert len(values) == 2 and values[0] < 0 < values[1]
    assert [c.value for c in g.board.cards if c.kind == "ESCAPE"] == [None]


def test_qy_10_3_one_goto_card_targets_carcel():
    """QY-10.3 (G4): exactly one IrACasilla targets CÁRCEL; the other two other squares."""
    g = new()
    targets = [int(c.value) for c in g.board.cards if c.kind == "GOTO"]
    assert targets.count(JAIL) == 1 and len(targets) == 3


@pytest.mark.parametrize("mutate, message", [
    (lambda cs: cs.pop(), "SalirCárcel"),
    (lambda cs: cs.append({"type": "PagarCobrar", "value": 10}), "PagarCobrar"),
    (lambda cs: cs[1].update(value=300), "positive"),
    (lambda cs: cs[2].update(value=6), "CÁRCEL"),
    (lambda cs: cs[3].update(value=20), "0 to 19"),
    (lambda cs: cs[9].update(value=3), "no value"),
    (lambda cs: cs[0].update(type="IrCarcel"), "not a card type"),
])
def test_qy_10_1_to_10_3_bad_decks_are_rejected(tmp_path, mutate, message):
    """QY-10.1, QY-10.2, QY-10.3: a custom deck breaking the counts, signs or the single jail
    target is a ContentError naming the file and the problem."""
    cards = default_cards()
    mutate(cards)
    path = board_file(tmp_path, cards=cards)
    with pytest.raises(ludoteca.ContentError, match=message) as err:
        ludoteca.new_game("qytetet", players=2, seed=1, options={"board": path})
    assert path in str(err.value) and "cards" in str(err.value)


def test_qy_10_1_board_without_cards_uses_the_default_deck(tmp_path):
    """QY-10.1: a custom board without [[cards]] gets the default 10-card deck."""
    path = board_file(tmp_path, drop_cards=True)
    g = new(options={"board": path})
    assert len(g.board.cards) == 10


@pytest.mark.parametrize("value", [500, -500])
def test_qy_10_4_pagar_cobrar(value):
    """QY-10.4: balance changes by the card's value."""
    g, ev, _ = draw(players=3, top=("PAY", value))
    assert g.bal == [START + value, START, START]
    assert ev[-1].kind == "card_pay" and ev[-1].rule == "QY-10.4"


def test_qy_10_5_goto_card_moves_and_the_target_acts():
    """QY-10.5 (G5): → 19 owned by another player: rent there, as if stopped by the die."""
    g, ev, _ = draw(top=("GOTO", 19), owners={19: 1}, houses={19: 2})
    assert kinds(ev) == ["roll", "card", "card_goto", "rent"]
    assert ev[2].rule == "QY-10.5" and g.pos[0] == 19
    assert g.bal == [START - 200, START + 200]
    g, ev, _ = draw(top=("GOTO", PARKING), at=17)
    assert kinds(ev) == ["roll", "card", "card_goto", "salida_card", "parking"]


def test_qy_10_6_jail_card_sends_to_jail_under_section_9():
    """QY-10.6: the jail card imprisons (no SALIDA, turn over) unless SalirCárcel is held."""
    g, ev, idx = draw(top=("GOTO", JAIL), at=17)
    assert ev[2].kind == "card_goto_jail" and ev[2].rule == "QY-10.6"
    assert g.jailed[0] and g.pos[0] == JAIL and g.bal[0] == START and g.current == 1
    assert g.deck[-1] == idx
    g, ev, idx = draw(top=("GOTO", JAIL), at=17, escape_holder=0)
    assert not g.jailed[0] and g.pos[0] == 17 and g.current == 0
    assert g.deck[-2:] == [card(g, "ESCAPE"), idx]


def test_qy_10_7_por_casa_hotel():
    """QY-10.7 (G14): value × (houses + hotels on all own streets), hotels count once,
    mortgaged streets included; no buildings → no change."""
    g, ev, _ = draw(top=("PER_BUILDING", -100), owners={1: 0, 2: 0, 4: 1},
                    houses={1: 3, 2: 1, 4: 4}, hotels={2: 2}, mortgaged={2: True})
    assert ev[-1].data["buildings"] == 6 and ev[-1].rule == "QY-10.7"
    assert g.bal == [START - 600, START]
    g, ev, _ = draw(top=("PER_BUILDING", 100), owners={1: 0}, houses={4: 4})
    assert g.bal == [START, START] and ev[-1].data["buildings"] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("value", [200, -200])
def test_qy_10_8_por_jugador(players, value):
    """QY-10.8 (G13, G14): others change by −value each, the drawer by value × (N − 1);
    a jailed player takes part too."""
    g, ev, _ = draw(players=players, top=("PER_PLAYER", value), jailed={1: True})
    assert g.bal[0] == START + value * (players - 1)
    assert all(b == START - value for b in g.bal[1:])
    assert sum(g.bal) == START * players and ev[-1].rule == "QY-10.8"


def test_qy_10_9_salir_carcel_kept_until_used_one_holder():
    """QY-10.9: no immediate effect; the holder keeps it; nobody else can hold it."""
    g, ev, idx = draw(top=("ESCAPE",), players=3, dice=[1, 1, 3, 1],
                      positions={1: 9, 2: 9})
    assert kinds(ev) == ["roll", "card", "card_escape"] and ev[-1].rule == "QY-10.9"
    assert g.bal == [START] * 3 and g.escape_holder == 0 and idx not in g.deck
    g.apply("terminar")
    g.apply("tirar")
    g.apply("terminar")
    g.apply("tirar")
    g.apply("terminar")
    assert g.escape_holder == 0
    esc_count = sum(1 for i in g.deck if g.board.cards[i].kind == "ESCAPE")
    assert esc_count == 0


def test_qy_10_10_top_draw_bottom_return_nine_while_held():
    """QY-10.10 (G16): drawn from the top, returned to the bottom, 9 cards while held."""
    g, _, idx = draw(top=("PAY", 500))
    assert g.deck[-1] == idx and len(g.deck) == 10
    g = new(2, dice=[1], positions={0: 2}, escape_holder=1)
    assert len(g.deck) == 9
    top = g.deck[0]
    g.apply("tirar")
    assert g.deck[-1] == top and len(g.deck) == 9


def test_qy_10_11_por_jugador_can_bankrupt_another_player():
    """QY-10.11 (G11): after the card every balance is checked: the drawer collects 200 and
    seat 2, who had 150, is bankrupt; the game ends on the spot."""
    g, ev, _ = draw(players=3, top=("PER_PLAYER", 200), balances={2: 150})
    assert g.bal == [START + 400, START - 200, Decimal(-50)]
    assert g.is_over and g.result.details == {"bankrupt": [2]}
    bust = [e for e in ev if e.kind == "bankrupt"]
    assert [e.data["player"] for e in bust] == [2]
    g, ev, _ = draw(players=3, top=("PER_PLAYER", -200), balances={0: 400})
    assert g.bal[0] == 0 and g.is_over and g.result.details == {"bankrupt": [0]}


def test_salida_amount_on_card_move_equals_the_die_bonus():
    """QY-4.5 and QY-4.2 give the same 1000."""
    g, ev, _ = draw(top=("GOTO", PARKING), at=12)
    assert g.bal[0] == START + SALIDA
