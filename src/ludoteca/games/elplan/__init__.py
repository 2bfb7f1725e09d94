"""«El Plan: tú decides» (Momento Cero; 2–6 players): run a business plan through 12 Periods
of seven Districts, make products and trade sets of three different ones for Innovative
Ideas. Rules: ../shared/rules/elplan.md (EP-x.n, gaps Gn); rulings and options:
docs/rules/elplan.md; engine brief: docs/rules/elplan_engine_notes.md.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.content_option import content_option
from ludoteca.core.options import OptionSpec
from ludoteca.core.registry import GameInfo, register

from .content import content
from .state import LEVELS, TUTORIAL_CHOICES, ElplanGame

C = content()     # the shipped content: the player counts (2–6) are the same in every file

OPTIONS = {
    "level": OptionSpec(
        "level", 1, LEVELS,
        "plan level: 1 or 2 (level 2 = authored placeholder plans with doubled activations, "
        "G13); the rules are the same",
        help_es="nivel de los planes: 1 o 2 (nivel 2 = planes provisionales con activaciones "
        "dobles, G13); las reglas son las mismas",
        title=("Nivel", "Level"),
        choice_labels=(("Nivel 1", "Level 1"), ("Nivel 2", "Level 2"))),
    "tutorial": OptionSpec(
        "tutorial", False, TUTORIAL_CHOICES,
        "the booklet's guided tutorial: 3 players, level 1, 5 Periods, Districts joining "
        "Period by Period, explanations and checkpoints as events",
        help_es="el tutorial guiado del reglamento: 3 jugadores, nivel 1, 5 Períodos, los "
        "Distritos se suman Período a Período, con explicaciones y comprobaciones",
        title=("Tutorial", "Tutorial"),
        choice_labels=(("No", "No"), ("Sí", "Yes"))),
    "plans": OptionSpec(
        "plans", None, None,
        "the n plan ids, seat by seat (e.g. MP-1,BC-1,SV-1), all of the chosen level; 3–6 "
        "players need MP, BC and SV, 2 players different types. Default: MP-1, BC-1, SV-1, "
        "MP-2, BC-2, SV-2 (with -N2 at level 2)",
        help_es="los n planes, asiento por asiento (p. ej. MP-1,BC-1,SV-1), todos del nivel "
        "elegido; con 3–6 jugadores hacen falta MP, BC y SV, con 2, tipos distintos. Por "
        "defecto: MP-1, BC-1, SV-1, MP-2, BC-2, SV-2 (con -N2 en el nivel 2)",
        title=("Planes", "Plans")),
    "first_player": OptionSpec("first_player", 0, None,
                               "seat that takes Momento Cero first (0 … n−1)",
                               help_es="asiento que juega primero el Momento Cero (0 … n−1)",
                               title=("Primer jugador", "First player")),
    "credit_repayment": OptionSpec(
        "credit_repayment", True, None,
        "true: a credit card may be repaid for 3 Money in District 6 (G10); false: the "
        "strict mode, never repaid",
        help_es="true: una tarjeta de crédito puede devolverse por 3 de Dinero en el Distrito 6 "
        "(G10); false: el modo estricto, nunca se devuelve",
        title=("Devolver créditos", "Credit repayment")),
    # a custom content file (``ludoteca content check FILE --game elplan``): cards, plans,
    # events, squares' gains, the tutorial… within the booklet's counts
    "content": content_option("elplan"),
}

SUMMARY = {
    "es": (
        "El Plan: tú decides (2–6 jugadores; tutorial guiado para 3). Cada jugador lleva un Plan "
        "de negocio (materia prima, bien de consumo o servicio). La partida dura 12 Períodos; en "
        "cada uno: Oportunidad (cada jugador pone su ficha de emprendedor en una casilla que da "
        "un beneficio) y el recorrido por 7 Distritos: 1 Sucesos (un suceso por mes); 2 "
        "Administración (activar Procesos e inversiones con recursos, devolver una inversión, "
        "canjear 2 recursos por 1); 3 Inversión (comprar una oferta o tomar un crédito); 4 "
        "Manufactura (Procesos → Productos, en secreto y a la vez); 5 Mercado (comprar a 3 "
        "Dinero o importar a 5, luego vender por 1 Dinero o Energía; con 6 iguales se exporta y "
        "se subsidia); 6 Crédito y subsidio; 7 Innovación (3 Productos distintos = 1 Idea). "
        "Resumen: merma (solo se conserva 1 Producto), ofertas que rotan, Momento Cero a la "
        "izquierda.\nGana quien tenga más puntos: Ideas + tríos de inversiones activas (una de "
        "cada mazo); quien termine con crédito pierde una Idea. Desempates: recursos, y luego "
        "recursos + Productos + inversiones liquidadas. El nivel 2 usa planes provisionales "
        "escritos por nosotros (G13)."),
    "en": (
        "El Plan: tú decides (2–6 players; a guided tutorial for 3). Each player runs a business "
        "Plan (raw material, consumer good or service). A game lasts 12 Periods; in each: "
        "Opportunity (each player places their entrepreneur token on a square that gives a "
        "benefit) and the route through 7 Districts: 1 Events (one event a month); 2 "
        "Administration (activate Processes and investments with resources, return one "
        "investment, trade 2 resources for 1); 3 Investment (buy an offer or take a credit "
        "card); 4 Manufacturing (Processes → Products, secretly and at once); 5 Market (buy for "
        "3 Money or import for 5, then sell for 1 Money or Energy; 6 alike are exported and "
        "subsidised); 6 Credit and subsidy; 7 Innovation (3 different Products = 1 Idea). "
        "Summary: shrinkage (only 1 Product is kept), offers rotate, Momento Cero passes "
        "left.\nMost points win: Ideas + trios of active investments (one from each deck); "
        "ending with a credit card costs an Idea. Tie-breaks: resources, then resources + "
        "Products + liquidated investments. Level 2 uses placeholder plans we authored (G13)."),
}


def _factory(names: tuple[str, ...], seed: int, options: dict[str, Any],
             dice: tuple[int, ...]) -> ElplanGame:
    return ElplanGame(names, seed, options, dice)


register(GameInfo("elplan", "El Plan: tú decides", (C.min_players, C.max_players), OPTIONS,
                  SUMMARY, _factory, bots="ludoteca.games.elplan.bots"))

__all__ = ["ElplanGame"]
