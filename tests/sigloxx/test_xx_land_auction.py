"""«Siglo XX» rule tests: Phase 2, the land auction, the technology purchase on withdrawing and the
consolation (XX-2.1–2.44), from ../shared/rules/sigloxx.md and the rulings in docs/rules/sigloxx.md.
Prices follow XX-G7.1; expected values are computed from the rules."""

from __future__ import annotations

import pytest
from xx_support import BOARD, DISPLAY, TECHS, C, can, me, new, of, play, withdraw

import ludoteca

# BOARD (xx_support): the technology cost track of rounds I–II, XX-G7.1


def r1(n=4, **kw):
    """Round I, seat 0 start player, a known display."""
    kw.setdefault("sp", 0)
    kw.setdefault("land_display", DISPLAY[:{3: 5, 4: 6, 5: 6}[n]])
    kw.setdefault("tech_display", TECHS[:{3: 4, 4: 5, 5: 5}[n]])
    return new(n, **kw)


def names(g, seat=None):
    return [str(a) for a in g.legal_actions(g.to_move[0] if seat is None else seat)]


def pending(g, s):
    return g.view(None)["players"][s]["pending_land"]


# ----- bidding on land tiles ----------------------------------------------------------------------
def test_xx_2_1_ascending_auction_any_number_of_tiles():
    """XX-2.1: tiles are sold one at a time to the highest bidder, in coins; a player may win
    several tiles in one round."""
    g = r1()
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 3"), (2, "pujar 4"),
              (3, "pasar"), (0, "pasar"), (1, "pasar"))
    assert of(ev, "gana")[0].data == {"player": 2, "tile": "L01", "amount": 4}
    assert g.view(None)["auction"]["tile"] is None                 # one tile at a time
    ev = play(g, (2, "subastar L02"), (2, "pujar 2"), (3, "pasar"), (0, "pasar"), (1, "pasar"))
    assert of(ev, "gana")[0].data["player"] == 2
    assert [p["tile"] for p in pending(g, 2)] == ["L01", "L02"]
    assert me(g, 2)["coins"] == 10 - 4 - 2


def test_xx_2_2_start_player_picks_the_tile():
    """XX-2.2: the start player picks one displayed tile and puts it up for auction."""
    g = r1(sp=1)
    assert g.to_move == (1,)
    assert {a for a in names(g) if a.startswith("subastar")} == \
        {f"subastar {t}" for t in range(5, 11)}        # the six displayed tiles (ids 5–10)
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("subastar L01", seat=0)
    with pytest.raises(ludoteca.IllegalAction, match="not on display"):
        g.apply("subastar L09", seat=1)
    ev = play(g, (1, "subastar L04"))
    assert of(ev, "subasta")[0].data == {"player": 1, "tile": "L04"}
    assert g.view(None)["auction"]["tile"] == "L04"


def test_xx_2_3_opening_bid_at_least_the_minimum():
    """XX-2.3: the start player must open at the minimum (2 in round I) or higher; opening is
    compulsory once the tile is picked."""
    g = r1()
    play(g, (0, "subastar L01"))
    assert g.to_move == (0,)
    legal = names(g)
    assert legal == [f"pujar {b}" for b in range(2, 11)]          # no pass, no withdrawal
    with pytest.raises(ludoteca.IllegalAction, match="at least the minimum"):
        g.apply("pujar 1", seat=0)
    ev = play(g, (0, "pujar 6"))
    assert of(ev, "puja")[0].data == {"player": 0, "tile": "L01", "amount": 6, "opening": True}
    assert g.view(None)["auction"]["high"] == 6


def test_xx_2_4_bidding_goes_clockwise_from_the_left():
    """XX-2.4: after the opening bid the turn passes clockwise, starting left of the start
    player."""
    g = r1(sp=2)
    play(g, (2, "subastar L01"), (2, "pujar 2"))
    order = []
    for _ in range(3):
        s = g.to_move[0]
        order.append(s)
        play(g, (s, "pasar"))
    assert order == [3, 0, 1]


def test_xx_2_5_raise_pass_or_withdraw():
    """XX-2.5: a bidding turn is exactly one of: raise above the high bid, pass, withdraw."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 4"))
    assert g.to_move == (1,)
    assert set(names(g)) == {f"pujar {b}" for b in range(5, 11)} | {"pasar", "retirarse"}
    play(g, (1, "pujar 5"))
    assert g.view(None)["auction"]["high"] == 5
    play(g, (2, "pasar"))
    assert g.view(None)["auction"]["passed"] == [2]
    ev = withdraw(g, 3)
    assert of(ev, "retirada")[0].data["player"] == 3
    assert g.view(None)["auction"]["withdrawn"] == [3]


def test_xx_2_6_players_may_raise_several_times():
    """XX-2.6: bidding goes round and round; anyone, the start player included, may raise again."""
    g = r1()
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 3"), (2, "pasar"),
              (3, "pasar"), (0, "pujar 4"), (1, "pujar 5"), (0, "pujar 6"), (1, "pasar"))
    assert [e.data["player"] for e in of(ev, "puja")] == [0, 1, 0, 1, 0]
    assert of(ev, "gana")[0].data == {"player": 0, "tile": "L01", "amount": 6}


def test_xx_2_7_a_pass_is_final_for_this_tile_only():
    """XX-2.7: after passing, a player gets no more turns on this tile but bids on the next."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pujar 3"), (3, "pujar 4"))
    # round two of the bidding skips seat 1
    assert g.to_move == (0,)
    play(g, (0, "pujar 5"))
    assert g.to_move == (2,)
    play(g, (2, "pasar"), (3, "pasar"))
    assert pending(g, 0)[0]["tile"] == "L01"
    play(g, (0, "subastar L02"), (0, "pujar 2"))
    assert g.to_move == (1,) and "pujar 3" in names(g)


def test_xx_2_8_withdrawal_ends_the_round_for_land():
    """XX-2.8: a player who withdraws bids on no more tiles this round."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"))
    withdraw(g, 1)
    play(g, (2, "pasar"), (3, "pasar"))
    play(g, (0, "subastar L02"), (0, "pujar 2"))
    turns = []
    while g.view(None)["auction"]["tile"] == "L02":
        s = g.to_move[0]
        turns.append(s)
        play(g, (s, "pasar"))
    assert turns == [2, 3]
    assert 1 not in turns and g.view(None)["auction"]["withdrawn"] == [1]


def test_xx_2_9_no_bid_above_the_coins_held():
    """XX-2.9: a bid may not exceed the bidder's coins; who cannot beat the high bid must pass
    or withdraw."""
    g = r1(coins={1: 4, 2: 7})
    play(g, (0, "subastar L01"), (0, "pujar 4"))
    assert g.to_move == (1,) and set(names(g)) == {"pasar", "retirarse"}
    with pytest.raises(ludoteca.IllegalAction, match="exceed the coins"):
        g.apply("pujar 5", seat=1)
    play(g, (1, "pasar"))
    assert max(a.arg for a in g.legal_actions(2) if a.name == "pujar") == 7
    ev = play(g, (2, "pujar 7"), (3, "pasar"), (0, "pasar"))
    assert of(ev, "gana")[0].data == {"player": 2, "tile": "L01", "amount": 7}
    assert me(g, 2)["coins"] == 0


def test_xx_2_10_the_tile_goes_when_all_others_are_out():
    """XX-2.10: the auction ends as soon as every other player has passed or withdrawn; the high
    bidder never gets a turn while high."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 3"))
    seen = []
    play(g, (2, "pasar"))
    seen.append(g.to_move[0])
    withdraw(g, 3)
    seen.append(g.to_move[0])
    assert seen == [3, 0]                        # seat 1 (high) is skipped
    ev = play(g, (0, "pasar"))
    assert of(ev, "gana")[0].data == {"player": 1, "tile": "L01", "amount": 3}


def test_xx_2_11_winner_pays_the_bank():
    """XX-2.11: the winner pays the winning bid; nobody else pays anything."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 5"), (2, "pasar"), (3, "pasar"),
         (0, "pasar"))
    assert [me(g, s)["coins"] for s in range(4)] == [10, 5, 10, 10]


def test_xx_2_12_won_tile_is_pending():
    """XX-2.12: the winner keeps the tile beside the country, pending, off the display."""
    g = r1()
    play(g, (0, "subastar L03"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"), (3, "pasar"))
    v = g.view(None)
    assert "L03" not in v["land_display"]
    assert [p["tile"] for p in v["players"][0]["pending_land"]] == ["L03"]
    assert [c["tile"] for c in v["players"][0]["country"]] == ["S1"]


def test_xx_2_13_marker_moves_right_and_stops_at_the_end():
    """XX-2.13: each won tile moves the cost marker one space right, unless it is already on the
    rightmost space."""
    g = r1()
    assert g.view(None)["marker"] == 0
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"), (3, "pasar"))
    assert of(ev, "marcador")[0].data == {"marker": 1, "price": BOARD[1]}
    g = r1(marker=8)
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"), (3, "pasar"))
    assert g.view(None)["marker"] == 8 and g.view(None)["price"] == BOARD[8]


def test_xx_2_14_a_citizen_goes_on_the_won_tile():
    """XX-2.14: the winner puts one of their citizens on the won tile."""
    g = r1()
    before = g.view(None)["players"][0]["citizens_supply"]
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"), (3, "pasar"))
    p = g.view(None)["players"][0]
    assert p["pending_land"][0]["citizen"] is True
    assert p["citizens_supply"] == before - 1


def _win(g, winner, tile, others):
    """``winner`` is start player: opens ``tile`` at the minimum; all ``others`` pass."""
    ev = play(g, (winner, f"subastar {tile}"), (winner, f"pujar {g.view(None)['min_bid']}"))
    for s in others:
        ev += play(g, (s, "pasar"))
    return ev


def test_xx_2_15_k_garbage_on_the_kth_tile_of_the_round():
    """XX-2.15: the k-th tile a player wins this round carries k garbage; only this round's
    count matters (scenario 4, round III part)."""
    g = r1(coins={0: 30})
    for tile in DISPLAY[:4]:
        _win(g, 0, tile, [1, 2, 3])
    assert [p["garbage"] for p in pending(g, 0)] == [1, 2, 3, 4]
    # another player's first tile in the same round gets 1
    play(g, (0, "subastar L05"), (0, "pujar 2"), (1, "pujar 3"), (2, "pasar"), (3, "pasar"),
         (0, "pasar"))
    assert [p["garbage"] for p in pending(g, 1)] == [1]
    # a player owning 5 tiles before round III still gets 1 on the first tile of round III
    owned = [{"tile": t, "x": x, "y": 0} for t, x in (("L05", 1), ("L15", 2), ("L20", -1),
                                                       ("L08", -2))]
    g = new(4, round=3, sp=0, country={0: owned})
    tile = g.view(None)["land_display"][0]
    _win(g, 0, tile, [1, 2, 3])
    assert [p["garbage"] for p in pending(g, 0)] == [1]


def test_xx_2_16_placement_waits_for_maintenance():
    """XX-2.16: the won tile is not placed, and its citizen has no site, until Maintenance."""
    g = r1()
    _win(g, 0, "L06", [1, 2, 3])
    p = g.view(None)["players"][0]
    assert p["pending_land"] == [{"tile": "L06", "citizen": True, "garbage": 1}]
    assert len(p["country"]) == 1
    # the tile gets a cell and its citizen a site only in phase 4
    for s in (0, 1, 2, 3):
        withdraw(g, s)
    assert g.view(None)["phase"] == "catastrofe"
    assert len(g.view(None)["players"][0]["country"]) == 1


def test_xx_2_17_winner_becomes_start_player():
    """XX-2.17: the winner is start player for the next auction of the round."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pujar 3"), (3, "pasar"),
         (0, "pasar"))
    assert g.view(None)["sp"] == 2 and g.to_move == (2,)
    assert g.view(None)["step"] == "elegir"


def test_xx_2_18_next_start_player_and_who_takes_part():
    """XX-2.18: the new start player picks and opens or withdraws; withdrawn players are out;
    those who passed before bid again and may raise, pass or withdraw."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"))
    withdraw(g, 2)
    play(g, (3, "pujar 3"), (0, "pasar"))
    assert g.view(None)["sp"] == 3
    assert can(g, "retirarse") and can(g, "subastar L02")
    play(g, (3, "subastar L02"), (3, "pujar 2"))
    assert g.to_move == (0,)
    assert {"pujar 3", "pasar", "retirarse"} <= set(names(g))
    play(g, (0, "pasar"))
    assert g.to_move == (1,)                               # passed on L01, bids on L02
    assert {"pujar 3", "pasar", "retirarse"} <= set(names(g))
    play(g, (1, "pasar"))
    assert 2 not in [g.to_move[0]] and g.view(None)["sp"] == 3


def test_xx_2_19_auctions_continue_until_all_withdraw():
    """XX-2.19: the auction phase lasts until every player has withdrawn, however many tiles are
    sold or passed."""
    g = r1()
    _win(g, 0, "L01", [1, 2, 3])
    _win(g, 0, "L02", [1, 2, 3])
    withdraw(g, 0)
    assert g.view(None)["phase"] == "subasta"
    withdraw(g, 1)
    withdraw(g, 2)
    assert g.view(None)["phase"] == "subasta"                      # seat 3 is still in
    withdraw(g, 3)
    assert g.view(None)["phase"] == "catastrofe"
    assert len(g.view(None)["land_display"]) == 4                   # tiles were left unsold


def test_xx_2_20_start_player_may_withdraw_instead_of_picking():
    """XX-2.20: instead of picking a tile, the start player may withdraw."""
    g = r1()
    assert "retirarse" in names(g)
    ev = withdraw(g, 0)
    assert of(ev, "retirada")[0].data["player"] == 0
    assert g.view(None)["auction"]["tile"] is None


def test_xx_2_21_start_player_short_of_the_minimum_must_withdraw():
    """XX-2.21: a start player holding less than the minimum bid withdraws instead of picking
    (scenario 6: round III, minimum 3, 2 coins); with exactly the minimum they may pick."""
    g = new(4, round=3, sp=1, coins={1: 2})
    forced = [e for e in g.opening_events if e.kind == "forzada"]
    assert forced[0].data == {"player": 1, "action": "retirarse"} and forced[0].rule == "XX-2.21"
    assert g.to_move == (1,) and g.view(None)["step"] == "tecnologia"     # the technology chance
    play(g, (1, "no-comprar"))
    assert g.view(None)["sp"] == 2                                         # XX-2.22
    g = new(4, round=3, sp=1, coins={1: 3})
    assert any(a.startswith("subastar") for a in names(g))


def test_xx_2_22_start_player_passes_clockwise_to_one_still_in():
    """XX-2.22: when the start player withdraws instead of picking, the next player clockwise
    who has not withdrawn becomes start player and picks or withdraws."""
    g = r1(sp=3)
    play(g, (3, "subastar L01"), (3, "pujar 2"))
    withdraw(g, 0)                                          # seat 0 out during the bidding
    play(g, (1, "pasar"), (2, "pasar"))
    assert g.view(None)["sp"] == 3
    ev = withdraw(g, 3)
    assert g.view(None)["sp"] == 1 and g.to_move == (1,)     # seat 0 is skipped
    assert of(ev, "inicial")[-1].rule == "XX-2.22"
    assert can(g, "retirarse") and can(g, "subastar L02")


def test_xx_2_23_last_one_in_buys_at_the_minimum():
    """XX-2.23: the only player not yet withdrawn takes tiles at the minimum price each, with the
    rising garbage."""
    g = r1(sp=1)
    play(g, (1, "subastar L01"), (1, "pujar 5"))
    for s in (2, 3, 0):
        withdraw(g, s)
    v = g.view(None)
    assert v["auction"]["lone"] is True and v["step"] == "solo" and g.to_move == (1,)
    ev = play(g, (1, "comprar-tierra L02"), (1, "comprar-tierra L03"))
    assert [e.data["amount"] for e in of(ev, "compra_solo")] == [2, 2]
    assert [p["garbage"] for p in pending(g, 1)] == [1, 2, 3]
    assert me(g, 1)["coins"] == 10 - 5 - 2 - 2


# ----- withdrawing and buying a technology ---------------------------------------------------
def test_xx_2_24_a_withdrawal_may_buy_one_technology():
    """XX-2.24: withdrawing opens the chance to buy one technology; buying is optional."""
    g = r1()
    play(g, (0, "retirarse"))
    assert g.to_move == (0,) and set(names(g)) == \
        {f"comprar-tecnologia {t}" for t in (1, 2, 5, 8, 11)} | {"no-comprar"}
    ev = play(g, (0, "no-comprar"))
    assert of(ev, "no_compra") and me(g, 0)["science"] == 10 and me(g, 0)["technologies"] == []
    play(g, (1, "retirarse"), (1, "comprar-tecnologia T03"))
    assert [t["id"] for t in me(g, 1)["technologies"]] == ["T03"]


def test_xx_2_25_when_a_player_may_withdraw():
    """XX-2.25: withdrawal is possible on one's own bidding turn or as start player instead of
    picking — not while opening, and not out of turn."""
    g = r1()
    assert "retirarse" in names(g)                                 # (b) start player
    play(g, (0, "subastar L01"))
    assert "retirarse" not in names(g)                             # opening is compulsory
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("retirarse", seat=0)
    play(g, (0, "pujar 2"))
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("retirarse", seat=2)                               # not seat 2's turn
    assert "retirarse" in names(g, 1)                              # (a) own bidding turn


def test_xx_2_26_after_passing_no_withdrawal_until_the_next_chance():
    """XX-2.26: a player who passed cannot withdraw during the rest of that tile's auction; on
    the next tile they can."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pasar"), (2, "pujar 3"))
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("retirarse", seat=1)
    play(g, (3, "pasar"), (0, "pasar"))
    play(g, (2, "subastar L02"), (2, "pujar 2"), (3, "pasar"), (0, "pasar"))
    assert g.to_move == (1,) and "retirarse" in names(g)
    ev = withdraw(g, 1)
    assert of(ev, "retirada")[0].data["player"] == 1


def test_xx_2_27_last_to_withdraw_takes_the_start_space():
    """XX-2.27: the last player to withdraw takes the start-player space below the track."""
    g = r1(sp=0)
    withdraw(g, 0)            # first to withdraw: does not become start player
    withdraw(g, 1)
    withdraw(g, 2)
    assert g.view(None)["auction"]["withdrawn"] == [0, 1, 2]
    ev = withdraw(g, 3)
    assert [e.data for e in of(ev, "inicial") if e.rule == "XX-2.27"] == [{"player": 3}]
    assert g.view(None)["sp"] == 3 and g.view(None)["phase"] == "catastrofe"


def test_xx_2_28_any_displayed_technology_at_the_marker_price():
    """XX-2.28: the withdrawer buys any displayed technology for the price under the marker at
    that moment."""
    g = r1(science={0: 20})
    _win(g, 0, "L01", [1, 2, 3])
    _win(g, 0, "L02", [1, 2, 3])
    assert g.view(None)["marker"] == 2
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T09"))
    assert of(ev, "tecnologia")[0].data == {"player": 0, "tech": "T09", "price": BOARD[2]}
    assert me(g, 0)["science"] == 20 - BOARD[2]
    play(g, (1, "retirarse"))
    with pytest.raises(ludoteca.IllegalAction, match="not on display"):
        g.apply("comprar-tecnologia T09", seat=1)
    with pytest.raises(ludoteca.IllegalAction, match="not on display"):
        g.apply("comprar-tecnologia T10", seat=1)


def test_xx_2_29_one_technology_per_round():
    """XX-2.29: withdrawing is the only chance to buy, so a player buys at most one technology a
    round."""
    g = r1(science={0: 30})
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T02"))
    steps = []
    while g.view(None)["phase"] == "subasta":
        s = g.to_move[0]
        steps.append((s, g.view(None)["step"]))
        withdraw(g, s)
    assert all(s != 0 for s, _ in steps)                      # seat 0 never acts again
    assert [t["id"] for t in g.view(None)["players"][0]["technologies"]] == ["T02"]


def test_xx_2_30_first_to_withdraw_chooses_first():
    """XX-2.30: technologies are chosen in withdrawal order from what is left."""
    g = r1()
    play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "retirarse"))
    assert len(names(g)) == 5 + 1
    play(g, (1, "comprar-tecnologia T02"), (2, "retirarse"))
    offered = {a for a in names(g) if a.startswith("comprar")}
    assert "comprar-tecnologia 1" not in offered and len(offered) == 4


def test_xx_2_31_same_tile_same_price():
    """XX-2.31: the marker moves only when a tile is won, so all who withdraw during one tile's
    auction pay the same price."""
    g = r1()
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "retirarse"),
              (1, "comprar-tecnologia T02"), (2, "retirarse"), (2, "comprar-tecnologia T03"),
              (3, "retirarse"), (3, "comprar-tecnologia T06"))
    assert [e.data["price"] for e in of(ev, "tecnologia")] == [7, 7, 7]
    assert of(ev, "gana")[0].data["player"] == 0                   # sold after the withdrawals
    assert g.view(None)["price"] == 6


def test_xx_2_32_later_withdrawals_pay_less_or_the_same():
    """XX-2.32: withdrawing after more sales costs less (or the same at the right end)."""
    g = r1(coins={0: 40})
    for tile in DISPLAY[:3]:
        _win(g, 0, tile, [1, 2, 3])
    ev = play(g, (0, "subastar L04"), (0, "pujar 2"), (1, "retirarse"),
              (1, "comprar-tecnologia T02"), (2, "pasar"), (3, "pasar"))
    ev += play(g, (0, "subastar L05"), (0, "pujar 2"), (2, "retirarse"),
               (2, "comprar-tecnologia T03"), (3, "pasar"))
    prices = [e.data["price"] for e in of(ev, "tecnologia")]
    assert prices == [BOARD[3], BOARD[4]] and prices[1] <= prices[0]
    g = r1(marker=8)
    _win(g, 0, "L01", [1, 2, 3])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T02"))
    assert of(ev, "tecnologia")[0].data["price"] == BOARD[8]           # equal at the end


def test_xx_2_33_everyone_withdraws_and_no_land_forces_it():
    """XX-2.33: every player eventually withdraws, so each gets one chance to buy; with no land
    left the start player must withdraw."""
    g = r1(n=3, coins={0: 30})
    ev = []
    for tile in DISPLAY[:4]:
        ev += _win(g, 0, tile, [1, 2])
    ev += play(g, (0, "subastar L05"), (0, "pujar 2"), (1, "retirarse"), (1, "no-comprar"),
               (2, "retirarse"), (2, "no-comprar"))
    forced = [e for e in ev if e.kind == "forzada" and e.rule == "XX-2.33"]
    assert forced and forced[0].data == {"player": 0, "action": "retirarse"}
    assert g.view(None)["step"] == "tecnologia" and g.to_move == (0,)
    play(g, (0, "no-comprar"))
    retired = [e.data["player"] for e in ev if e.kind == "retirada"]
    assert sorted(retired) == [0, 1, 2] and g.view(None)["phase"] == "catastrofe"


def test_xx_2_34_paying_science_to_the_bank():
    """XX-2.34: buying costs the price in science (coins untouched) and the tile is the
    buyer's."""
    g = r1()
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T06"))
    p = me(g, 0)
    assert (p["coins"], p["science"]) == (10, 10 - 7)
    assert p["technologies"][0]["id"] == "T06"
    assert "T06" not in g.view(None)["tech_display"]


def test_xx_2_35_ecological_icons_take_effect_at_once():
    """XX-2.35: garbage icons → tokens set aside; pollution icons → marker left; flowers →
    marker right."""
    g = r1(tech_display=["T04", "T12", "T02", "T03", "T06"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T04"))          # 2G, 1P
    assert of(ev, "impacto")[0].data["to"] == -1
    assert g.view(None)["players"][0]["set_aside_garbage"] == 2
    play(g, (1, "retirarse"), (1, "comprar-tecnologia T12"))                # 2F
    p = g.view(None)["players"][1]
    assert p["pollution"] == 2 and p["set_aside_garbage"] == 0


def test_xx_2_36_ecological_impact_happens_only_once():
    """XX-2.36: the purchase impact is applied once; it is not repeated in later rounds."""
    g = new(3, sp=0, tech_display=["T12", "T02", "T03", "T06"], catastrophe="K2")
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T12"))
    assert g.view(None)["players"][0]["pollution"] == 2
    while g.round == 1:                                   # finish round I cheaply
        s = g.to_move[0]
        legal = names(g)
        zero = [a for a in legal if a.startswith("columna-E 0") or a.startswith("columna-C 0")]
        pick = "retirarse" if "retirarse" in legal else "no-comprar" if "no-comprar" in legal \
            else zero[0] if zero and s == 0 else legal[0]
        play(g, (s, pick))
    col = g.view(None)["players"][0]["catastrophe_column"]
    p = g.view(None)["players"][0]["pollution"]
    assert g.round == 2 and p == 2, col                    # K2 has no pollution icon anywhere


def test_xx_2_37_pollution_marker_stays_on_its_track():
    """XX-2.37: moves beyond −6 or +6 are lost (scenario 9)."""
    g = r1(pollution={0: -5, 1: 6}, tech_display=["T04", "T12", "T02", "T03", "T10"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T10"))           # 2G, 1P
    assert of(ev, "impacto")[0].data["to"] == -6
    play(g, (1, "retirarse"), (1, "comprar-tecnologia T12"))                # 2F at +6
    assert g.view(None)["players"][1]["pollution"] == 6
    g = new(3, round=5, sp=0, pollution={0: -6}, tech_display=["T25", "T26", "T27", "T28"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T25"))                # 2P at −6
    assert g.view(None)["players"][0]["pollution"] == -6


def test_xx_2_38_three_kinds_of_technology():
    """XX-2.38: institutions (with rails) are attached in Maintenance; others give a one-time or
    an every-round ability."""
    kinds = {t.kind for t in C.tech}
    assert kinds == {"institution", "one_time", "permanent"}
    assert all(t.rails for t in C.tech if t.kind == "institution")
    g = r1(tech_display=["T04", "T06", "T02", "T03", "T12"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T04"))
    play(g, (1, "retirarse"), (1, "comprar-tecnologia T06"))
    v = g.view(None)
    assert v["players"][0]["pending_institutions"] == ["T04"]
    assert v["players"][1]["pending_institutions"] == []
    assert v["players"][1]["technologies"] == [{"id": "T06", "used": False,
                                                "used_this_maintenance": False}]


# ----- consolation --------------------------------------------------------------------------------
@pytest.mark.parametrize("r, amount", [(1, 4), (2, 4), (3, 5), (4, 5), (5, 6)])
def test_xx_2_39_consolation_is_minimum_plus_two(r, amount):
    """XX-2.39: a player who wins no land receives the minimum price + 2 coins: 4 in rounds I–II,
    5 in III–IV, 6 in V; winners receive nothing."""
    g = new(3, round=r, sp=0)
    tile = g.view(None)["land_display"][0]
    _win(g, 0, tile, [1, 2])
    ev = []
    for s in (0, 1, 2):
        ev += withdraw(g, s)
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == \
        {1: amount, 2: amount}
    assert amount == {1: 2, 2: 2, 3: 3, 4: 3, 5: 4}[r] + 2                 # XX-1.12 + 2
    assert me(g, 1)["coins"] == 10 + amount


def test_xx_2_40_no_coins_still_buys_a_technology():
    """XX-2.40: a player without coins still gets the technology chance on withdrawing."""
    g = r1(coins={0: 0})
    # seat 0 is start player with 0 coins: forced out, but offered the technologies
    assert g.to_move == (0,) and g.view(None)["step"] == "tecnologia"
    ev = play(g, (0, "comprar-tecnologia T02"))
    assert of(ev, "tecnologia")[0].data["price"] == 7


# ----- Phase 2 [completed] ---------------------------------------------------------------------
def test_xx_2_41_four_tiles_bring_ten_garbage():
    """XX-2.41: four tiles in round I bring 1 + 2 + 3 + 4 = 10 garbage; the first tile of round
    II brings 1 again (scenario 4)."""
    g = r1(n=3, coins={0: 30})
    for tile in DISPLAY[:4]:
        _win(g, 0, tile, [1, 2])
    assert sum(p["garbage"] for p in pending(g, 0)) == 10
    g = new(3, round=2, sp=0, won={0: 0})
    tile = g.view(None)["land_display"][0]
    _win(g, 0, tile, [1, 2])
    assert [p["garbage"] for p in pending(g, 0)] == [1]


def test_xx_2_42_grey_permanent_and_white_one_time_tiles():
    """XX-2.42: technologies are permanent (grey) or one-time (white); facilities with rails
    are the institutions and count as permanent."""
    uses = {t.kind: {x.use for x in C.tech if x.kind == t.kind} for t in C.tech}
    assert uses["one_time"] <= {"once", "on_purchase"}
    assert "once" not in uses["permanent"] and "once" not in uses["institution"]
    assert sum(1 for t in C.tech if t.kind == "institution") == 8


def test_xx_2_43_the_last_not_the_first_withdrawer_starts():
    """XX-2.43: against kubenbois, the text is followed: the first to withdraw does not become
    start player; the last does."""
    g = r1(sp=1)
    first = 1
    for s in (1, 2, 3, 0):
        withdraw(g, s)
    assert g.view(None)["sp"] == 0 != first and g.to_move == (0,)


def test_xx_2_44_technology_starts_dear_and_gets_cheaper():
    """XX-2.44: technologies begin each round at the top price and get cheaper with every tile
    sold."""
    g = r1(n=4, coins={0: 40})
    prices = [g.view(None)["price"]]
    for tile in DISPLAY:
        if g.view(None)["step"] == "solo":
            play(g, (0, f"comprar-tierra {tile}"))
        else:
            _win(g, 0, tile, [1, 2, 3])
        prices.append(g.view(None)["price"])
    assert prices == BOARD[:7] and prices[0] == max(BOARD)
