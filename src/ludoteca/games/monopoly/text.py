"""Player-facing words for the Monopoly-family games, in Spanish and English: events
("Ana cae en Gran Vía y paga 150 € de alquiler a Bea") and why an action is not legal."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ludoteca.core.action import Action
from ludoteca.core.events import Event
from ludoteca.core.money import format_money

from . import actions as A
from .common import NOBODY, PHASE_JAIL, PHASE_MANAGE, PHASE_ROLL
from .content import CARD_KIND_EN, SQUARE_LABEL, SQUARE_LABEL_EN
from .ruleset import BAIL, MAX_HOTELS, MAX_HOUSES

if TYPE_CHECKING:
    from .state import MonopolyGame

# event kind -> (Spanish, English) templates; {p} player, {o} owner, {sq} square name
TEMPLATES: dict[str, tuple[str, str]] = {
    "turn": ("Turno de {p}.", "{p}'s turn."),
    "end_turn": ("{p} termina su turno.", "{p} ends the turn."),
    "roll": ("{p} saca un {roll} y avanza de {from_sq} a {to_sq}.",
             "{p} rolls {roll} and moves from {from_sq} to {to_sq}."),
    "salida": ("{p} pasa por la SALIDA y cobra {amount}.",
               "{p} passes Start and collects {amount}."),
    "salida_card": ("{p} pasa por la SALIDA y cobra {amount}.",
                    "{p} passes Start and collects {amount}."),
    "salida_stop": ("{p} está en la SALIDA.", "{p} is on Start."),
    "street_free": ("{sq} no tiene dueño: {p} puede comprarla por {price}.",
                    "{sq} has no owner: {p} may buy it for {price}."),
    "street_own": ("{p} cae en {sq}, que es suya.", "{p} lands on {sq}, which is theirs."),
    "rent": ("{p} cae en {sq} y paga {amount} de alquiler a {o}.",
             "{p} lands on {sq} and pays {amount} rent to {o}."),
    "rent_mortgaged": ("{p} cae en {sq}, hipotecada: no paga alquiler.",
                       "{p} lands on {sq}, which is mortgaged: no rent."),
    "rent_jailed": ("{p} cae en {sq}, pero {o} está en la cárcel: no paga alquiler.",
                    "{p} lands on {sq}, but {o} is in jail: no rent."),
    "tax": ("{p} paga {amount} de impuesto.", "{p} pays {amount} in tax."),
    "parking": ("{p} descansa en el PARKING.", "{p} rests at the Parking."),
    "jail_visit": ("{p} pasa por la CÁRCEL de visita.", "{p} just visits the Jail."),
    "judge": ("{p} cae en el JUEZ.", "{p} lands on the Judge."),
    "jailed": ("{p} va a la cárcel (sin cobrar la SALIDA).",
               "{p} goes to jail (without collecting at Start)."),
    "escape_used": ("{p} usa la carta SalirCárcel y se libra de la cárcel.",
                    "{p} uses the Get out of jail card and escapes jail."),
    "card": ("{p} levanta una carta sorpresa ({type}): «{text}»",
             "{p} draws a surprise card ({type}): “{text}”"),
    "card_pay": ("El saldo de {p} cambia en {amount}.", "{p}'s balance changes by {amount}."),
    "card_per_building": ("{p} tiene {buildings} edificios: su saldo cambia en {total}.",
                          "{p} has {buildings} buildings: balance changes by {total}."),
    "card_per_player": ("{p} cobra {amount} de cada jugador.",
                        "{p} collects {amount} from each player."),
    "card_per_player_neg": ("{p} paga {amount} a cada jugador.",
                            "{p} pays {amount} to each player."),
    "card_escape": ("{p} se guarda la carta SalirCárcel.",
                    "{p} keeps the Get out of jail card."),
    "card_goto": ("{p} va a {to_sq}.", "{p} goes to {to_sq}."),
    "card_goto_jail": ("La carta envía a {p} a la cárcel.", "The card sends {p} to jail."),
    "card_jail": ("La carta envía a {p} a la cárcel.", "The card sends {p} to jail."),
    "jail_free_roll": ("{p} saca un {roll} y sale de la cárcel; ahora tira para moverse.",
                       "{p} rolls {roll} and leaves jail; now rolls to move."),
    "jail_stay": ("{p} saca un {roll} y sigue en la cárcel.",
                  "{p} rolls {roll} and stays in jail."),
    "bail": ("{p} paga {amount} y sale de la cárcel; ahora tira para moverse.",
             "{p} pays {amount} and leaves jail; now rolls to move."),
    "buy": ("{p} compra {sq} por {amount}.", "{p} buys {sq} for {amount}."),
    "sell": ("{p} vende {sq} por {amount}; la calle queda libre.",
             "{p} sells {sq} for {amount}; the street is free again."),
    "house": ("{p} edifica una casa en {sq} por {amount} (casas: {houses}).",
              "{p} builds a house on {sq} for {amount} (houses: {houses})."),
    "hotel": ("{p} edifica un hotel en {sq} por {amount} y 4 casas (hoteles: {hotels}).",
              "{p} builds a hotel on {sq} for {amount} and 4 houses (hotels: {hotels})."),
    "mortgage": ("{p} hipoteca {sq} y recibe {amount}.",
                 "{p} mortgages {sq} and receives {amount}."),
    "cancel": ("{p} cancela la hipoteca de {sq} pagando {amount}.",
               "{p} cancels the mortgage on {sq}, paying {amount}."),
    "bankrupt": ("{p} está en bancarrota (saldo {balance}).",
                 "{p} is bankrupt (balance {balance})."),
    "round_limit": ("Se ha llegado al límite de {rounds} rondas.",
                    "The limit of {rounds} rounds has been reached."),
    "game_over": ("Fin de la partida. Gana {winners}.", "Game over. Winner: {winners}."),
}


def board_name(name: str, lang: str) -> str:
    """A board's name in ``lang``: the default boards' Spanish names ("Tablero por defecto de
    Qytetet") said in English ("Default Qytetet board"); an author's own name as written."""
    m = re.fullmatch(r"Tablero por defecto de (\S+)", name)
    return f"Default {m[1]} board" if lang == "en" and m else name


def square_name(game: MonopolyGame, s: int, lang: str) -> str:
    """The square's name as the board shows it in ``lang`` (the view's ``name`` or
    ``name_en``)."""
    sq = game.board.squares[s]
    return sq.name_en if lang == "en" else sq.name


def describe(game: MonopolyGame, event: Event, lang: str) -> str:
    d: dict[str, Any] = event.data
    es, en = TEMPLATES.get(event.kind, (event.kind, event.kind))
    if event.kind == "card_per_player" and d.get("amount", 0) < 0:
        es, en = TEMPLATES["card_per_player_neg"]
    names = game.names

    def money(x: Any) -> str:
        return format_money(Decimal(str(x)), lang)

    fields: dict[str, Any] = dict(d)
    if "player" in d:
        fields["p"] = names[d["player"]]
    if "owner" in d:
        fields["o"] = names[d["owner"]]
    if "square" in d:
        fields["sq"] = square_name(game, d["square"], lang)
    if "from" in d:
        fields["from_sq"] = f"{d['from']} ({square_name(game, d['from'], lang)})"
        fields["to_sq"] = f"{d['to']} ({square_name(game, d['to'], lang)})"
    for key in ("price", "balance"):
        if key in d:
            fields[key] = money(d[key])
    if "amount" in d:
        amount = d["amount"]
        fields["amount"] = money(abs(amount) if event.kind == "card_per_player" else amount)
        if event.kind == "card_per_building":
            fields["total"] = money(amount)
    if "salida" in event.kind:
        fields["amount"] = money(1000)
    if event.kind == "card":
        card = game.board.cards[d["card"]]
        fields["text"] = card.text if lang == "es" else card.text_en
        if lang == "en":
            fields["type"] = CARD_KIND_EN.get(card.kind, card.type_name)
    if event.kind == "game_over":
        fields["winners"] = (" y " if lang == "es" else " and ").join(
            names[w] for w in d["winners"])
    text = es if lang == "es" else en
    return text.format(**fields)


def explain_illegal(game: MonopolyGame, action: Action, seat: int) -> tuple[str, str]:
    """Why ``action`` is not legal now: (English, Spanish). Never reveals hidden state."""
    phase, name, s = game.phase, action.name, action.arg
    if phase == PHASE_ROLL and name != A.ROLL:
        return ("you must roll the die first ('tirar')", "primero debes tirar el dado ('tirar')")
    if phase == PHASE_JAIL and name not in (A.ROLL, A.BAIL):
        return ("you are in jail: you may only roll ('tirar') or pay €200 ('pagar-libertad')",
                "estás en la cárcel: solo puedes tirar ('tirar') o pagar 200 € ('pagar-libertad')")
    if name == A.BAIL:
        if phase != PHASE_JAIL:
            return ("you are not in jail", "no estás en la cárcel")
        return (f"paying bail needs at least {BAIL} €; you have {game.bal[seat]} €",
                f"pagar la libertad exige al menos {BAIL} €; tienes {game.bal[seat]} €")
    if name == A.ROLL and phase == PHASE_MANAGE:
        return ("you have already rolled this turn (one movement roll per turn)",
                "ya has tirado en este turno (una tirada de movimiento por turno)")
    bal = game.bal[seat]
    if name == A.BUY:
        here = game.pos[seat]
        sq = game.board.squares[here]
        en = sq.name_en
        if not game.can_buy:
            return ("you may only buy the street your move ended on this turn, once",
                    "solo puedes comprar la calle en la que ha acabado tu movimiento, una vez")
        if game.owner[here] != NOBODY:
            return (f"{en} already has an owner", f"{sq.name} ya tiene dueño")
        return (f"{en} costs {sq.price} €; you have {bal} €",
                f"{sq.name} cuesta {sq.price} €; tienes {bal} €")
    if s is not None:
        sq = game.board.squares[s]
        en = sq.name_en
        if not sq.is_street:
            label = SQUARE_LABEL[sq.kind]
            return (f"square {s} is {SQUARE_LABEL_EN[sq.kind]}, not a street",
                    f"la casilla {s} es {label}, no una calle")
        if game.owner[s] != seat:
            return (f"you do not own {en}", f"{sq.name} no es tuya")
        mortgaged = game.mortgage[s] is not None
        if name == A.CANCEL:
            if not mortgaged:
                return (f"{en} is not mortgaged", f"{sq.name} no está hipotecada")
            cost = game.rules.cancel_cost(game.mortgage[s])
            return (f"cancelling costs {cost} €; you have {bal} €",
                    f"cancelar cuesta {cost} €; tienes {bal} €")
        if mortgaged:
            return (f"{en} is mortgaged: cancel the mortgage first",
                    f"{sq.name} está hipotecada: cancela antes la hipoteca")
        if name == A.HOUSE and game.houses[s] >= MAX_HOUSES:
            return (f"{en} already has {MAX_HOUSES} houses (build a hotel)",
                    f"{sq.name} ya tiene {MAX_HOUSES} casas (edifica un hotel)")
        if name == A.HOTEL and game.houses[s] < MAX_HOUSES:
            return (f"a hotel needs 4 houses on {en}; it has {game.houses[s]}",
                    f"un hotel exige 4 casas en {sq.name}; tiene {game.houses[s]}")
        if name == A.HOTEL and game.hotels[s] >= MAX_HOTELS:
            return (f"{en} already has {MAX_HOTELS} hotels",
                    f"{sq.name} ya tiene {MAX_HOTELS} hoteles")
        if name in (A.HOUSE, A.HOTEL):
            return (f"building on {en} costs {sq.build} €; you have {bal} €",
                    f"edificar en {sq.name} cuesta {sq.build} €; tienes {bal} €")
    return (f"'{action}' is not legal now", f"'{action}' no es legal ahora")
