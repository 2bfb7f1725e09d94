"""Civitas (UGR course, 2–4 players): a Ruleset on top of the shared Monopoly family.

Differences from Qytetet: bankrupt only below 0 (CV-2.1), ranking by balance (CV-2.3),
mortgage weighs a hotel 2.5 (CV-8.2), 11-card deck with an IRCARCEL card (CV-10.1, G3).
"""

from decimal import Decimal

from ludoteca.games.monopoly.content import (
    ESCAPE,
    GOTO,
    JAIL,
    PAY,
    PER_BUILDING,
    PER_PLAYER,
    DeckRules,
)
from ludoteca.games.monopoly.ruleset import Ruleset
from ludoteca.games.monopoly.setup import register_monopoly_game

RULE_IDS = {
    "turn": "CV-1.5", "end_turn": "CV-1.11", "roll": "CV-1.7", "salida": "CV-4.2",
    "salida_card": "CV-4.5", "salida_stop": "CV-4.3", "street_free": "CV-4.8",
    "street_own": "CV-4.10", "rent": "CV-7.1", "rent_mortgaged": "CV-7.4",
    "rent_jailed": "CV-7.5", "tax": "CV-4.20", "parking": "CV-4.22", "jail_visit": "CV-4.18",
    "judge": "CV-4.16", "jailed": "CV-9.3", "escape_used": "CV-9.2", "card": "CV-4.12",
    "card_pay": "CV-10.4", "card_per_building": "CV-10.8", "card_per_player": "CV-10.9",
    "card_escape": "CV-10.10", "card_goto": "CV-10.5", "card_goto_jail": "CV-10.6",
    "card_jail": "CV-10.7", "jail_free_roll": "CV-9.8", "jail_stay": "CV-9.9",
    "bail": "CV-9.7", "buy": "CV-5.3", "sell": "CV-5.9", "house": "CV-6.3",
    "hotel": "CV-6.4", "mortgage": "CV-8.3", "cancel": "CV-8.6", "bankrupt": "CV-2.1",
    "game_over": "CV-2.3", "round_limit": "CV-X1",
}

RULES = Ruleset(
    game_id="civitas", title="Civitas", mortgage_hotel=Decimal("2.5"), bankrupt_at_zero=False,
    ranked_by_capital=False,
    deck=DeckRules(
        counts={PAY: 2, GOTO: 3, PER_BUILDING: 2, PER_PLAYER: 2, ESCAPE: 1, JAIL: 1},
        names={PAY: "PAGARCOBRAR", GOTO: "IRCASILLA", PER_BUILDING: "PORCASAHOTEL",
               PER_PLAYER: "PORJUGADOR", ESCAPE: "SALIRCARCEL", JAIL: "IRCARCEL"}),
    rules=RULE_IDS,
)

SUMMARY = {
    "es": (
        "Civitas (2–4 jugadores). Todos empiezan en la SALIDA con 7.500 €; el primer jugador se "
        "sortea. En tu turno tiras un dado y avanzas; cada vuelta completa (pasar por la SALIDA) "
        "paga 1.000 €.\n"
        "CALLE libre: puedes comprarla. CALLE ajena: pagas alquiler = base × (1 + 0,5·casas + "
        "2,5·hoteles), salvo si está hipotecada o su dueño está en la cárcel. SORPRESA: levantas "
        "una carta (11 cartas; IRCARCEL te manda a la cárcel). JUEZ: a la cárcel. IMPUESTO: "
        "pagas. PARKING y CÁRCEL de visita: nada.\n"
        "Tras moverte puedes comprar, vender (precio + (casas + 5·hoteles) × edificación × "
        "factor), edificar (hasta 4 casas y 4 hoteles), hipotecar (base × (1 + 0,5·casas + "
        "2,5·hoteles)) y cancelar hipotecas (lo recibido + 10 %).\n"
        "En la cárcel: pagas 200 € o tiras y sales con 5 o 6. La partida acaba en cuanto alguien "
        "tiene saldo negativo (0 no es bancarrota); gana quien tenga más saldo: las "
        "propiedades no cuentan."),
    "en": (
        "Civitas (2–4 players). Everyone starts on SALIDA with €7,500; the first player is drawn "
        "at random. On your turn roll one die and move; every completed lap (passing SALIDA) "
        "pays €1,000.\n"
        "Free CALLE: you may buy it. Someone else's CALLE: pay rent = base × (1 + 0.5·houses + "
        "2.5·hotels), unless it is mortgaged or its owner is in jail. SORPRESA: draw a card "
        "(11 cards; IRCARCEL sends you to jail). JUEZ: go to jail. IMPUESTO: pay tax. PARKING "
        "and visiting CÁRCEL: nothing.\n"
        "After moving you may buy, sell (price + (houses + 5·hotels) × build price × factor), "
        "build (up to 4 houses and 4 hotels), mortgage (base × (1 + 0.5·houses + 2.5·hotels)) "
        "and cancel mortgages (amount + 10%).\n"
        "In jail: pay €200 or roll 5 or 6 to leave. The game ends as soon as a balance is "
        "negative (0 is not bankruptcy); the highest balance wins: properties do not count."),
}

register_monopoly_game(RULES, __name__, SUMMARY)
