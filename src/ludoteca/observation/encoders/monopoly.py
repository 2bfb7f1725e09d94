"""Observation encoder for Qytetet and Civitas (the same view; everything but the order of the
surprise deck is public)."""

from __future__ import annotations

from ..encoding import Cat, Encoder, Flag, Items, Num, Seat, Seats

MAX_PLAYERS = 4
N_SQUARES = 20
PHASES = ("roll", "manage", "jail", "over")
SQUARE_TYPES = ("SALIDA", "CALLE", "SORPRESA", "JUEZ", "CARCEL", "IMPUESTO", "PARKING")

REWARDS = ("Qytetet ranks by capital (balance plus the value of titles and buildings), "
           "Civitas by balance, when a player goes bankrupt or the round limit is reached; "
           "equal first places share the win. Every winner +1, every other seat −1 "
           "(`reward=\"rank\"`: by that ranking, equal scores sharing their place).")


def encoder(game_id: str) -> Encoder:
    player = [
        Num("balance", 10_000, "balance ÷ 10000 €"),
        Num("capital", 10_000, "capital ÷ 10000 € (Qytetet; 0 in Civitas)"),
        Cat("position", range(N_SQUARES), "one-hot square 0–19"),
        Flag("in_jail"),
        Flag("holds_salir_carcel", "holds the get-out-of-jail card"),
    ]
    square = [
        Cat("type", SQUARE_TYPES),
        Seat("owner", MAX_PLAYERS, "owner, relative seat one-hot (none: zeros)"),
        Num("houses", 4), Num("hotels", 2), Flag("mortgaged"),
        Num("mortgage_received", 1000, "÷ 1000 € (cancelling costs it + 10 %)"),
        Num("purchase_price", 1000), Num("build_price", 1000), Num("base_rent", 100),
        Num("rent", 1000, "rent due now ÷ 1000 €"), Num("sale_price", 1000),
        Num("base_mortgage", 1000), Num("factor", 1, "rent factor"), Num("tax", 1000),
    ]
    fields = [
        Cat("phase", PHASES),
        Seat("current", MAX_PLAYERS, "whose turn, relative"),
        Seats("to_move", MAX_PLAYERS),
        Cat("last_roll", range(1, 7), "one-hot die 1–6 (none: zeros)"),
        Flag("can_buy"),
        Num("round", 100), Num("max_rounds", 100, "÷ 100 (0: no limit)"),
        Num("deck_size", 10, "surprise cards left ÷ 10"),
        Items("players", MAX_PLAYERS, player, order="seat"),
        Items("squares", N_SQUARES, square),
    ]
    return Encoder(game_id, MAX_PLAYERS, fields, REWARDS)
