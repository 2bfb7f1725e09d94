"""«Som el que decidim!» (Singular Games, 2013; 1–4 players): a cooperative-competitive game
about Catalonia's fiscal balance and the consulta. Rules: ../shared/rules/som.md (SOM-x.y);
rulings and options: docs/rules/som.md; engine brief: docs/rules/som_engine_notes.md.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.options import OptionSpec
from ludoteca.core.registry import GameInfo, register

from .content import content
from .state import CENTRALISM_CHOICES, DEFAULT_MAX_TURNS, MODES, SomGame

C = content()

OPTIONS = {
    "mode": OptionSpec(
        "mode", "A", MODES,
        "A «Balanzas fiscales»; B = A + «Gestión pública» (disk powers); C = B + «Participación "
        "democrática» (elections, motions); AC = C directly on A. Solo: A or B only"),
    "centralism": OptionSpec(
        "centralism", None, CENTRALISM_CHOICES,
        "degree of centralism: medio, elevado, intenso, or dado (rolled by the first "
        "Generalitat: 0 medio, 2 elevado, 4 intenso). Not given: medio with 2–4 players, "
        "elevado solo; solo refuses medio"),
    "first_player": OptionSpec("first_player", 0, None,
                               "seat that holds the Generalitat first (0 … n−1)"),
    "colours": OptionSpec("colours", None, None,
                          "list of the n seat colours from rosa, lila, naranja, azul "
                          "(default: in that order)"),
    "concentracio_cell": OptionSpec(
        "concentracio_cell", None, None,
        "swap Concentració nacional into this cell (0–36 or 'r2c3'; default: no swap)"),
    "max_turns": OptionSpec(
        "max_turns", DEFAULT_MAX_TURNS, None,
        "turns after which the game stops with reason 'limit' and no winner (ruling X1, not a "
        "rule); null or 0 = no limit"),
    "max_steps": OptionSpec(
        "max_steps", None, None,
        "steps per mover and turn (G12, not a rule; for bots); null = no limit"),
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
                  OPTIONS, SUMMARY, _factory))

__all__ = ["SomGame"]
