"""«Som el que decidim!» (Singular Games, 2013; 1–4 players): a cooperative-competitive game
about Catalonia's fiscal balance and the consulta. Rules: ../shared/rules/som.md (SOM-x.y);
rulings and options: docs/rules/som.md; engine brief: docs/rules/som_engine_notes.md.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.content_option import content_option
from ludoteca.core.options import OptionSpec
from ludoteca.core.registry import GameInfo, register

from .content import content
from .state import CENTRALISM_CHOICES, DEFAULT_MAX_TURNS, MODES, SomGame

C = content()       # the shipped content: only players min/max (1–4, SOM-2.1) read here

OPTIONS = {
    "mode": OptionSpec(
        "mode", "A", MODES,
        "A «Balanzas fiscales»; B = A + «Gestión pública» (disk powers); C = B + «Participación "
        "democrática» (elections, motions); AC = C directly on A. Solo: A or B only",
        help_es="A «Balanzas fiscales»; B = A + «Gestión pública» (poderes de los discos); "
        "C = B + «Participación democrática» (elecciones, mociones); AC = C directamente sobre "
        "A. En solitario, solo A o B",
        title=("Modo de juego", "Game mode"),
        choice_labels=(("A: Balanzas fiscales", "A: Fiscal balances"),
                       ("B: + Gestión pública", "B: + Public management"),
                       ("C: + Participación democrática", "C: + Democratic participation"),
                       ("AC: Participación sobre A", "AC: Participation on top of A"))),
    "centralism": OptionSpec(
        "centralism", None, CENTRALISM_CHOICES,
        "degree of centralism: medio, elevado, intenso, or dado (rolled by the first "
        "Generalitat: 0 medio, 2 elevado, 4 intenso). Not given: medio with 2–4 players, "
        "elevado solo; solo refuses medio",
        help_es="grado de centralismo: medio, elevado, intenso o a dado (lo tira la primera "
        "Generalitat: 0 medio, 2 elevado, 4 intenso). Si no se elige: medio con 2–4 jugadores, "
        "elevado en solitario; en solitario no se admite medio",
        title=("Centralismo", "Centralism"),
        choice_labels=(("Medio", "Medium"), ("Elevado", "High"), ("Intenso", "Intense"),
                       ("A dado", "Rolled on the die"))),
    "first_player": OptionSpec("first_player", 0, None,
                               "seat that holds the Generalitat first (0 … n−1)",
                               help_es="asiento que tiene primero la Generalitat (0 … n−1)",
                               title=("Primer jugador", "First player")),
    "colours": OptionSpec("colours", None, None,
                          "list of the n seat colours from rosa, lila, naranja, azul "
                          "(default: in that order)",
                          help_es="lista de los n colores de los asientos entre rosa, lila, "
                          "naranja y azul (por defecto, en ese orden)",
                          title=("Colores", "Colours")),
    "concentracio_cell": OptionSpec(
        "concentracio_cell", None, None,
        "swap Concentració nacional into this cell (0–36 or 'r2c3'; default: no swap)",
        help_es="pone Concentració nacional en esta casilla (0–36 o 'r2c3'; por defecto, "
        "donde está)",
        title=("Casilla de Concentració", "Concentració cell")),
    "max_turns": OptionSpec(
        "max_turns", DEFAULT_MAX_TURNS, None,
        "turns after which the game stops with reason 'limit' and no winner (ruling X1, not a "
        "rule); null or 0 = no limit",
        help_es="turnos tras los que la partida se detiene por límite y sin ganador (criterio "
        "X1, no es una regla); null o 0 = sin límite",
        title=("Máximo de turnos", "Turn limit")),
    "max_steps": OptionSpec(
        "max_steps", None, None,
        "steps per mover and turn (G12, not a rule; for bots); null = no limit",
        help_es="pasos por jugador y turno (G12, no es una regla; para los bots); null = sin "
        "límite",
        title=("Máximo de pasos", "Step limit")),
    "content": content_option("som"),
}

SUMMARY = {
    "es": (
        "Som el que decidim! (1–4 jugadores). Cooperáis para celebrar la consulta (reunir las 4 "
        "cartas de urna del mapa de Catalunya) antes de que alguien no pueda pagar los impuestos "
        "(intervención) y competís por los discos de participación democrática.\n"
        "Cada turno, quien tiene la Generalitat: 1) todos pagan 1 € a Hisenda espanyola y la "
        "Generalitat 1 € más (con la Agència Tributària Catalana activa, los ciudadanos pagan a "
        "la Generalitat y ella 1 € a Hisenda); 2) tira el dado: recibe 4, 2 o 0 € de Hisenda "
        "(si Hisenda no puede pagar: DUI); 3) cohesión social: puede dar discos a otros y gana "
        "1 disco de participación por euro, tomado del receptor o de Concentració nacional; "
        "4) el dibujo del dado dice quién mueve su ciudadano a una carta vecina: Catalunya deja "
        "seguir, mundo detiene, urna va al montón, España devuelve a todos a Concentració "
        "nacional y recoge lo descubierto.\n"
        "Gana la consulta quien tenga más discos de participación (empate: victoria compartida); "
        "en la DUI, el que más tenga (empate: quien la provocó); en la intervención pierden "
        "todos. Modos B (poderes de los discos) y C (elecciones y mociones)."),
    "en": (
        "Som el que decidim! (1–4 players). You cooperate to hold the consulta (find the 4 urna "
        "cards on the map of Catalonia) before anyone cannot pay their taxes (intervention), "
        "and compete for democratic-participation disks.\n"
        "Each turn, the player holding the Generalitat: 1) everyone pays 1 € to Hisenda "
        "espanyola and the Generalitat 1 € more (with the Agència Tributària Catalana active, "
        "citizens pay the Generalitat, which pays 1 € to Hisenda); 2) rolls the die: receives "
        "4, 2 or 0 € from Hisenda (if Hisenda cannot pay: DUI); 3) social cohesion: may give "
        "disks to others, earning 1 participation disk per euro, taken from the receiver or "
        "from Concentració nacional; 4) the die's picture says who moves their citizen to a "
        "neighbouring card: Catalunya lets you go on, world stops you, urna goes to the pile, "
        "Spain sends everyone back to Concentració nacional and collects what was revealed.\n"
        "At the consulta the most participation disks win (ties share); at a DUI the most win "
        "(tie: whoever caused it); at an intervention everyone loses. Modes B (disk powers) and "
        "C (elections and motions)."),
}


def _factory(names: tuple[str, ...], seed: int, options: dict[str, Any],
             dice: tuple[int, ...]) -> SomGame:
    return SomGame(names, seed, options, dice)


register(GameInfo("som", "Som el que decidim!", (C.raw["players"]["min"],
                                                 C.raw["players"]["max"]),
                  OPTIONS, SUMMARY, _factory, bots="ludoteca.games.som.bots"))

__all__ = ["SomGame"]
