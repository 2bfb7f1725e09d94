"""«Siglo XX» (20th Century; Vladimír Suchý, Czech Games Edition 2010; 3–5 players): build a
country of land tiles, buy land at auction and technologies on withdrawing, share out the
catastrophes by a displacement auction in science, and keep garbage and pollution in check.
Rules: ../shared/rules/sigloxx.md (XX-x.y); rulings and options: docs/rules/sigloxx.md; engine
brief: docs/rules/sigloxx_engine_notes.md.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.content_option import content_option
from ludoteca.core.options import OptionSpec
from ludoteca.core.registry import GameInfo, register

from .state import MAX_PLAYERS, MIN_PLAYERS, SigloGame
from .tables import default_tables, resolve

C = default_tables().C                  # the shipped content (kept for older imports)

OPTIONS = {
    "content": content_option("sigloxx"),
    "scoring_cards": OptionSpec(
        "scoring_cards", True, (True, False),
        "play with the bonus scoring cards of rounds II and IV (false: the first-game variant, "
        "XX-S.4)",
        help_es="jugar con las cartas de puntuación extra de las rondas II y IV (no: la "
        "variante de la primera partida, XX-S.4)",
        title=("Cartas de puntuación", "Scoring cards"),
        choice_labels=(("Sí", "Yes"), ("No", "No"))),
    "first_player": OptionSpec(
        "first_player", None, None,
        "seat that starts (0 … n−1); null = seeded random draw (XX-S.20, G22)",
        help_es="asiento que empieza (0 … n−1); null = sorteo con la semilla (XX-S.20, G22)",
        title=("Primer jugador", "First player")),
    "scoring_card_ii": OptionSpec(
        "scoring_card_ii", None, None,
        "fix the round-II card: II-A, II-B or II-C; null = drawn at random (XX-S.2)",
        help_es="fija la carta de la ronda II: II-A, II-B o II-C; null = al azar (XX-S.2)",
        title=("Carta de la ronda II", "Round II card")),
    "scoring_card_iv": OptionSpec(
        "scoring_card_iv", None, None,
        "fix the round-IV card: IV-A, IV-B or IV-C; null = drawn at random (XX-S.2)",
        help_es="fija la carta de la ronda IV: IV-A, IV-B o IV-C; null = al azar (XX-S.2)",
        title=("Carta de la ronda IV", "Round IV card")),
}

SUMMARY = {
    "es": (
        "Siglo XX (3–5 jugadores). Construyes un país con fichas de tierra cuyas ciudades, con "
        "un ciudadano, producen monedas, ciencia y puntos. Cada ronda (seis; la sexta es corta): "
        "1) se reparten tierras y tecnologías y se revela una catástrofe; 2) subasta de tierras en "
        "monedas (la k-ésima tierra de la ronda trae k basuras); al retirarte puedes comprar una "
        "tecnología en ciencia, más barata cuantas más tierras se han vendido; quien no gana "
        "tierra cobra consuelo; 3) subasta por desplazamiento en ciencia por las columnas de la "
        "catástrofe (la peor da basura y contaminación; su ocupante es jugador inicial); "
        "4) mantenimiento: colocas la basura, las tierras nuevas (vías que encajan) y sus "
        "ciudadanos, y usas tecnologías; 5) producción: los sitios de reciclaje con ciudadano "
        "limpian su red de vías y cobras tus ingresos. Tarjetas de puntuación tras las rondas II "
        "y IV; al final puntúan las mayorías de monedas y ciencia, el medio ambiente y las tierras "
        "limpias, y cada basura resta."),
    "en": (
        "20th Century (3–5 players). You build a country of land tiles whose cities, once "
        "staffed by a citizen, produce coins, science and victory points. Each round (six; the "
        "sixth is short): 1) land and technologies are dealt and a catastrophe is revealed; "
        "2) a land auction in coins (the k-th tile you win this round brings k garbage); when "
        "you withdraw you may buy one technology in science, cheaper the more land was sold; "
        "whoever wins no land gets a consolation; 3) a displacement auction in science for the "
        "catastrophe's columns (the worst brings garbage and pollution; its occupant starts the "
        "next round); 4) maintenance: place the garbage, the new tiles (matching rails) and "
        "their citizens, and use technologies; 5) production: staffed recycling sites clean "
        "their rail network and you collect your income. Scoring cards after rounds II and IV; "
        "at the end, majorities in coins and science, the environment and clean tiles score, "
        "and every garbage token costs a point."),
}


def _factory(names: tuple[str, ...], seed: int, options: dict[str, Any],
             dice: tuple[int, ...]) -> SigloGame:
    # the content is read and checked first: a bad file raises ContentError before any game
    return SigloGame(names, seed, options, dice, resolve(options.get("content")))


register(GameInfo("sigloxx", "Siglo XX", (MIN_PLAYERS, MAX_PLAYERS), OPTIONS, SUMMARY,
                  _factory, bots="ludoteca.games.sigloxx.bots"))

__all__ = ["SigloGame"]
