"""Qytetet (UGR course, 2–4 players): a Ruleset on top of the shared Monopoly family.

Differences from Civitas: bankrupt at balance <= 0 (QY-2.1), ranking by capital (QY-2.3),
mortgage counts a hotel once (QY-8.2), 10-card deck whose jail card is an IrACasilla (QY-10.1).
"""

from decimal import Decimal

from ludoteca.games.monopoly.content import (
    ESCAPE,
    GOTO,
    PAY,
    PER_BUILDING,
    PER_PLAYER,
    DeckRules,
)
from ludoteca.games.monopoly.ruleset import Ruleset
from ludoteca.games.monopoly.setup import register_monopoly_game

RULE_IDS = {
    "turn": "QY-1.5", "end_turn": "QY-1.11", "roll": "QY-1.7", "salida": "QY-4.2",
    "salida_card": "QY-4.5", "salida_stop": "QY-4.3", "street_free": "QY-4.8",
    "street_own": "QY-4.10", "rent": "QY-7.1", "rent_mortgaged": "QY-7.4",
    "rent_jailed": "QY-7.5", "tax": "QY-4.20", "parking": "QY-4.22", "jail_visit": "QY-4.18",
    "judge": "QY-4.16", "jailed": "QY-9.3", "escape_used": "QY-9.2", "card": "QY-4.12",
    "card_pay": "QY-10.4", "card_per_building": "QY-10.7", "card_per_player": "QY-10.8",
    "card_escape": "QY-10.9", "card_goto": "QY-10.5", "card_goto_jail": "QY-10.6",
    "card_jail": "QY-10.6", "jail_free_roll": "QY-9.8", "jail_stay": "QY-9.9",
    "bail": "QY-9.7", "buy": "QY-5.3", "sell": "QY-5.8", "house": "QY-6.3",
    "hotel": "QY-6.4", "mortgage": "QY-8.3", "cancel": "QY-8.6", "bankrupt": "QY-2.1",
    "game_over": "QY-2.3", "round_limit": "QY-X1",
}

RULES = Ruleset(
    game_id="qytetet", title="Qytetet", mortgage_hotel=Decimal(1), bankrupt_at_zero=True,
    ranked_by_capital=True,
    deck=DeckRules(
        counts={PAY: 2, GOTO: 3, PER_BUILDING: 2, PER_PLAYER: 2, ESCAPE: 1},
        names={PAY: "PagarCobrar", GOTO: "IrACasilla", PER_BUILDING: "PorCasaHotel",
               PER_PLAYER: "PorJugador", ESCAPE: "SalirCárcel"}),
    rules=RULE_IDS,
)

SUMMARY = {
    "es": (
        "Qytetet (2–4 jugadores). Todos empiezan en la SALIDA con 7.500 €; el primer jugador se "
        "sortea. En tu turno tiras un dado y avanzas; al pasar por la SALIDA cobras 1.000 €.\n"
        "CALLE libre: puedes comprarla. CALLE ajena: pagas alquiler = base × (1 + 0,5·casas + "
        "2,5·hoteles), salvo si está hipotecada o su dueño está en la cárcel. SORPRESA: levantas "
        "una carta. JUEZ: a la cárcel. IMPUESTO: pagas. PARKING y CÁRCEL de visita: nada.\n"
        "Tras moverte puedes comprar, vender (precio + (casas + 5·hoteles) × edificación × "
        "factor), edificar (hasta 4 casas y 4 hoteles; un hotel cuesta 4 casas y la "
        "edificación), hipotecar (base × (1 + 0,5·casas + hoteles)) y cancelar hipotecas "
        "(lo recibido + 10 %).\n"
        "En la cárcel: pagas 200 € o tiras y sales con 5 o 6. La partida acaba en cuanto alguien "
        "tiene saldo 0 o negativo; gana quien tenga más capital (saldo + valor de sus títulos)."),
    "en": (
        "Qytetet (2–4 players). Everyone starts on SALIDA with €7,500; the first player is drawn "
        "at random. On your turn roll one die and move; passing SALIDA pays €1,000.\n"
        "Free CALLE: you may buy it. Someone else's CALLE: pay rent = base × (1 + 0.5·houses + "
        "2.5·hotels), unless it is mortgaged or its owner is in jail. SORPRESA: draw a card. "
        "JUEZ: go to jail. IMPUESTO: pay tax. PARKING and visiting CÁRCEL: nothing.\n"
        "After moving you may buy, sell (price + (houses + 5·hotels) × build price × factor), "
        "build (up to 4 houses and 4 hotels; a hotel costs 4 houses and the build price), "
        "mortgage (base × (1 + 0.5·houses + hotels)) and cancel mortgages (amount + 10%).\n"
        "In jail: pay €200 or roll 5 or 6 to leave. The game ends as soon as a balance is 0 or "
        "less; the largest capital (balance + title values) wins."),
}

register_monopoly_game(RULES, __name__, SUMMARY)
