"""Player-facing words for «Siglo XX», in Spanish and English: every event kind, and why an
action is refused. Nothing here ever names a face-down tile, a catastrophe of the stack or a
removed one, or what another seat holds; a refusal speaks only of public facts and of the
acting seat's own situation (the only seat that can receive it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.action import Action
from ludoteca.core.events import Event

from . import actions as A
from .common import (
    COL_LETTERS,
    LAND_ID,
    N_LAND,
    PH_A,
    PH_ABRIR,
    PH_C,
    PH_CAT,
    PH_EDGE,
    PH_ELEGIR,
    PH_EXTRA,
    PH_GAIN,
    PH_LIFT,
    PH_PICK,
    PH_PLACE,
    PH_PUJA,
    PH_PUT,
    PH_RECYCLE,
    PH_REMOVE,
    PH_SITE,
    PH_SOLO,
    PH_TECH,
    TECH_ID,
    site_name,
)
from .country import NEIGH, OPP, edge_cells, free_edges, mismatched_edges, placements

if TYPE_CHECKING:
    from .state import SigloGame

PART_NAME = {"coins": ("mayoría de monedas", "coin majority"),
             "science": ("mayoría de ciencia", "science majority"),
             "environment": ("medio ambiente", "environment"),
             "clean_tiles": ("tierras limpias", "clean land tiles"),
             "garbage": ("basura", "garbage")}

# event kind -> (Spanish, English); fields are filled by describe()
TEMPLATES: dict[str, tuple[str, str]] = {
    "preparacion": ("Preparación para {players} jugadores; tarjetas de puntuación: {cards_es}.",
                    "Setup for {players} players; scoring cards: {cards_en}."),
    "inicial": ("{p} es jugador inicial.", "{p} is start player."),
    "ronda": ("Ronda {roman}.", "Round {roman}."),
    "descarte": ("Salen del juego las fichas no vendidas: {land_list}{tech_list_es}.",
                 "The unsold tiles leave the game: {land_list}{tech_list_en}."),
    "reparto": ("Se reparten las tierras {land_list} y las tecnologías {tech_list}.",
                "Land {land_list} and technologies {tech_list} are dealt."),
    "catastrofe": ("Se revela la catástrofe «{card_es}» ({card}).",
                   "The catastrophe “{card_en}” ({card}) is revealed."),
    "coste": ("Tecnología a {price} de ciencia (marcador en {marker}); puja mínima "
              "{min_bid} monedas.", "Technology at {price} science (marker on {marker}); "
              "minimum bid {min_bid} coins."),
    "solo": ("{p} es el único que queda en la subasta: compra tierras a {price} monedas.",
             "{p} is the only one left in the auction: buys land at {price} coins."),
    "subasta": ("{p} subasta la tierra {tile}.", "{p} puts land {tile} up for auction."),
    "puja": ("{p} puja {amount} monedas por {tile}.", "{p} bids {amount} coins for {tile}."),
    "pasa": ("{p} pasa en {tile}.", "{p} passes on {tile}."),
    "retirada": ("{p} se retira de la subasta (el {order}º); tecnología a {price}.",
                 "{p} withdraws from the auction (no. {order}); technology at {price}."),
    "tecnologia": ("{p} compra {tech} «{tech_es}» por {price} de ciencia.",
                   "{p} buys {tech} “{tech_en}” for {price} science."),
    "impacto": ("Impacto ecológico de {tech}: {garbage} basura aparte; contaminación de "
                "{from_} a {to}.", "Ecological impact of {tech}: {garbage} garbage set aside; "
                "pollution from {from_} to {to}."),
    "puentes": ("{p} toma {count} puentes ({tech}).", "{p} takes {count} bridges ({tech})."),
    "no_compra": ("{p} no compra tecnología.", "{p} buys no technology."),
    "gana": ("{p} gana {tile} por {amount} monedas.", "{p} wins {tile} for {amount} coins."),
    "compra_solo": ("{p} compra {tile} por {amount} monedas.",
                    "{p} buys {tile} for {amount} coins."),
    "tierra": ("{tile} queda pendiente para {p} con {citizen_es} y {garbage} basura.",
               "{tile} is pending for {p} with {citizen_en} and {garbage} garbage."),
    "marcador": ("El marcador de coste avanza a {marker}: tecnología a {price}.",
                 "The cost marker moves to {marker}: technology at {price}."),
    "consuelo": ("{p} no ha ganado tierra: recibe {amount} monedas de consuelo.",
                 "{p} won no land: receives {amount} coins of consolation."),
    "prevencion": ("Prevención de catástrofes ({card}): columnas {columns}; empieza {p}.",
                   "Catastrophe prevention ({card}): columns {columns}; {p} starts."),
    "columna": ("{p} se sitúa en la columna {column} con {bid} de ciencia{displaced_es}.",
                "{p} takes column {column} with {bid} science{displaced_en}."),
    "pago_catastrofe": ("{p} paga {amount} de ciencia (columna {column}).",
                        "{p} pays {amount} science (column {column})."),
    "efecto": ("Columna {column} para {p}: {garbage} basura aparte; contaminación de {from_} "
               "a {to}.", "Column {column} for {p}: {garbage} garbage set aside; pollution "
               "from {from_} to {to}."),
    "mantenimiento": ("Mantenimiento de {p}.", "{p}'s Maintenance."),
    "agencia": ("{tech}: la contaminación de {p} pasa de {from_} a {to}.",
                "{tech}: {p}'s pollution goes from {from_} to {to}."),
    "desborde": ("{tokens} basura de {p} no cabe: contaminación de {from_} a {to}.",
                 "{tokens} of {p}'s garbage does not fit: pollution from {from_} to {to}."),
    "basura": ("{p} pone basura en {tile} ({garbage}).",
               "{p} puts garbage on {tile} ({garbage})."),
    "elige": ("{p} va a colocar {what}.", "{p} is about to place {what}."),
    "colocar": ("{p} coloca {what} en {x},{y} girada {rotation}°{bridged_es}.",
                "{p} places {what} at {x},{y} rotated {rotation}°{bridged_en}."),
    "puente": ("{p} pone un puente entre las casillas {a} y {b}.",
               "{p} puts a bridge between cells {a} and {b}."),
    "ciudadano": ("{p} sitúa el ciudadano en {site}.", "{p} puts the citizen on {site}."),
    "basura_tierra": ("{tile} queda con {garbage} basura{extra_es}.",
                      "{tile} keeps {garbage} garbage{extra_en}."),
    "usa": ("{p} usa {tech} «{tech_es}».", "{p} uses {tech} “{tech_en}”."),
    "pago_tecnologia": ("{p} paga {amount} monedas ({tech}).", "{p} pays {amount} coins ({tech})."),
    "quitar": ("{p} quita {tokens} basura de {tile} ({tech}).",
               "{p} removes {tokens} garbage from {tile} ({tech})."),
    "incineradora": ("{tech}: la contaminación de {p} pasa de {from_} a {to}.",
                     "{tech}: {p}'s pollution goes from {from_} to {to}."),
    "recoger": ("{p} levanta el ciudadano de {site}.", "{p} lifts the citizen from {site}."),
    "mover": ("{p} mueve un ciudadano de {from_} a {to} ({tech}).",
              "{p} moves a citizen from {from_} to {to} ({tech})."),
    "fin_tecnologia": ("{p} deja de usar {tech}.", "{p} stops using {tech}."),
    "nuevo_ciudadano": ("{p} sitúa un ciudadano nuevo en {site} ({tech}).",
                        "{p} puts a new citizen on {site} ({tech})."),
    "fin_mantenimiento": ("{p} termina su mantenimiento.", "{p} ends their Maintenance."),
    "reciclaje": ("{p} recicla {tokens} basura de {tile}.",
                  "{p} recycles {tokens} garbage from {tile}."),
    "produccion": ("{p} produce {coins} monedas, {science} de ciencia y {vp} PV.",
                   "{p} produces {coins} coins, {science} science and {vp} VP."),
    "sin_tarjeta": ("Ronda {round}: se juega sin tarjetas de puntuación.",
                    "Round {round}: played without scoring cards."),
    "bonificacion": ("Tarjeta {card} «{card_es}»: {p} gana {vp} PV.",
                     "Card {card} “{card_en}”: {p} scores {vp} VP."),
    "puntuacion_final": ("Puntuación final de {p}, {part_es}: {vp} PV{detail_es}.",
                         "{p}'s final scoring, {part_en}: {vp} VP{detail_en}."),
    "fin": ("Fin de la partida. Gana{plural_es} {winners}. Puntos: {scores}.",
            "Game over. Winner{plural_en}: {winners}. Scores: {scores}."),
    "forzada": ("{p} solo puede hacer «{action}».", "{p} can only do “{action}”."),
}


def who(game: SigloGame, seat: Any, lang: str = "es") -> str:
    if isinstance(seat, int) and 0 <= seat < game.n:
        K = game.K
        colour = K.COLOURS[seat] if lang == "es" else K.COLOURS_EN[seat]
        return f"{game.names[seat]} ({colour})"
    return str(seat)


def describe(game: SigloGame, event: Event, lang: str = "es") -> str:
    es = lang == "es"
    pair = TEMPLATES.get(event.kind)
    d = dict(event.data)
    if pair is None:
        return f"{event.kind}: {d}"
    f: dict[str, Any] = {k: v for k, v in d.items()}
    f["p"] = who(game, d.get("player"), lang)
    f["from_"] = d.get("from")
    K = game.K                                  # the names of the game's own content
    if isinstance(d.get("tech"), str):
        f["tech_es"], f["tech_en"] = K.TECH_NAME.get(d["tech"], ("", ""))
    if isinstance(d.get("card"), str) and d["card"] in K.CAT_NAME:
        f["card_es"], f["card_en"] = K.CAT_NAME[d["card"]]
    if isinstance(d.get("card"), str) and d["card"] in K.CARD_NAME:
        f["card_es"], f["card_en"] = K.CARD_NAME[d["card"]]
    kind = event.kind
    if kind == "preparacion":
        cards = d.get("cards", {})
        shown = [f"{r}: {c}" for r, c in cards.items() if c]
        f["cards_es"] = ", ".join(shown) or "ninguna (variante sin tarjetas)"
        f["cards_en"] = ", ".join(shown) or "none (variant without cards)"
    elif kind in ("descarte", "reparto"):
        f["land_list"] = ", ".join(d.get("land", [])) or "—"
        f["tech_list"] = ", ".join(d.get("tech", [])) or "—"
        techs = d.get("tech", [])
        f["tech_list_es"] = f"; tecnologías {', '.join(techs)}" if techs else ""
        f["tech_list_en"] = f"; technologies {', '.join(techs)}" if techs else ""
    elif kind == "prevencion":
        f["columns"] = ", ".join(d.get("columns", []))
    elif kind == "columna":
        dp = d.get("displaced")
        f["displaced_es"] = f" y desplaza a {who(game, dp, lang)}" if dp is not None else ""
        f["displaced_en"] = f", displacing {who(game, dp, lang)}" if dp is not None else ""
    elif kind == "tierra":
        f["citizen_es"] = "un ciudadano" if d.get("citizen") else "ningún ciudadano"
        f["citizen_en"] = "a citizen" if d.get("citizen") else "no citizen"
    elif kind in ("elige", "colocar"):
        what = d.get("tile") or d.get("tech")
        if "tech" in d:
            what = f"{d['tech']} «{f['tech_es']}»" if es else f"{d['tech']} “{f['tech_en']}”"
        f["what"] = what
        f["bridged_es"] = " con puentes" if d.get("bridged") else ""
        f["bridged_en"] = " with bridges" if d.get("bridged") else ""
    elif kind == "puente":
        a, b = d.get("cells", [None, None])
        f["a"], f["b"] = _xy(a), _xy(b)
    elif kind == "basura_tierra":
        extra = d.get("extra", 0)
        f["extra_es"] = f"; {extra} más van a otras tierras" if extra else ""
        f["extra_en"] = f"; {extra} more go to other tiles" if extra else ""
    elif kind == "puntuacion_final":
        part = d.get("part", "")
        f["part_es"], f["part_en"] = PART_NAME.get(part, (part, part))
        if "held" in d:
            f["detail_es"] = f" (tiene {d['held']})"
            f["detail_en"] = f" (holds {d['held']})"
        elif "tiles" in d:
            f["detail_es"] = f" ({d['tiles']} tierras)"
            f["detail_en"] = f" ({d['tiles']} tiles)"
        elif "tokens" in d:
            f["detail_es"] = f" ({d['tokens']} fichas)"
            f["detail_en"] = f" ({d['tokens']} tokens)"
        else:
            f["detail_es"] = f["detail_en"] = f" (contaminación {d.get('pollution')})" if es \
                else f" (pollution {d.get('pollution')})"
    elif kind == "forzada":
        try:
            f["action"] = action_text(A.parse(d.get("action", "")))
        except Exception:  # noqa: BLE001
            f["action"] = d.get("action")
    elif kind == "fin":
        winners = d.get("winners", [])
        f["winners"] = ", ".join(who(game, s, lang) for s in winners)
        f["plural_es"] = "n" if len(winners) > 1 else ""
        f["plural_en"] = "s" if len(winners) > 1 else ""
        f["scores"] = ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(d.get("scores", [])))
    try:
        return (pair[0] if es else pair[1]).format(**f)
    except (KeyError, IndexError, ValueError):
        return f"{kind}: {d}"


def action_text(action: Action) -> str:
    """An action with ids instead of numbers: ``basura S1``, ``situar L01a``,
    ``colocar-90 1,0`` (each form parses back to the same action)."""
    kind = A.ARG_KIND.get(action.name)
    arg = action.arg
    if kind is None or arg is None:
        return str(action)
    if kind == "land":
        return f"{action.name} {LAND_ID[arg]}"
    if kind == "tech":
        return f"{action.name} {TECH_ID[arg]}"
    if kind == "site":
        return f"{action.name} {site_name(arg)}"
    if kind == "cell":
        return f"{action.name} {_xy(arg)}"
    return str(action)


def _xy(cell: Any) -> str:
    if not isinstance(cell, int):
        return str(cell)
    x, y = A.cell_xy(cell)
    return f"{x},{y}"


# ----- why an action is refused ------------------------------------------------------------------
EXPECTED: dict[int, tuple[str, str]] = {
    PH_ELEGIR: ("the start player picks a land tile ('subastar L') or withdraws ('retirarse')",
                "el jugador inicial elige una tierra ('subastar L') o se retira ('retirarse')"),
    PH_ABRIR: ("the start player opens the bidding ('pujar B', at least the minimum)",
               "el jugador inicial abre la puja ('pujar B', al menos el mínimo)"),
    PH_PUJA: ("a bidding turn: raise ('pujar B'), pass ('pasar') or withdraw ('retirarse')",
              "turno de puja: subir ('pujar B'), pasar ('pasar') o retirarse ('retirarse')"),
    PH_TECH: ("the withdrawing player buys one displayed technology "
              "('comprar-tecnologia T') or none ('no-comprar')",
              "quien se retira compra una tecnología expuesta ('comprar-tecnologia T') o "
              "ninguna ('no-comprar')"),
    PH_SOLO: ("the only player left buys land at the minimum ('comprar-tierra L') or "
              "withdraws ('retirarse')",
              "el único que queda compra tierra al mínimo ('comprar-tierra L') o se retira "
              "('retirarse')"),
    PH_CAT: ("take a catastrophe column with a science bid ('columna-X B')",
             "sitúate en una columna de la catástrofe con una puja de ciencia ('columna-X B')"),
    PH_A: ("place the set-aside garbage on your land ('basura L')",
           "coloca la basura apartada en tus tierras ('basura L')"),
    PH_PICK: ("choose which pending tile to place ('elegir-tierra L' / 'elegir-institucion T')",
              "elige qué ficha pendiente colocar ('elegir-tierra L' / 'elegir-institucion T')"),
    PH_PLACE: ("place the chosen tile ('colocar-R C' or 'colocar-puente-R C')",
               "coloca la ficha elegida ('colocar-R C' o 'colocar-puente-R C')"),
    PH_EDGE: ("choose the edge of the new tile for the bridge ('puente-e C' / 'puente-s C')",
              "elige el borde de la ficha nueva para el puente ('puente-e C' / 'puente-s C')"),
    PH_SITE: ("put the new tile's citizen on one of its sites ('situar S')",
              "sitúa el ciudadano de la ficha nueva en uno de sus sitios ('situar S')"),
    PH_EXTRA: ("place the garbage that does not fit on the new tile ('basura L')",
               "coloca la basura que no cabe en la ficha nueva ('basura L')"),
    PH_C: ("use technologies ('usar-tecnologia T'), place bridges ('puente-e/s C') or end "
           "('terminar')", "usa tecnologías ('usar-tecnologia T'), pon puentes "
           "('puente-e/s C') o termina ('terminar')"),
    PH_REMOVE: ("choose a tile to remove garbage from ('quitar L')",
                "elige de qué tierra quitar basura ('quitar L')"),
    PH_LIFT: ("lift a citizen to move ('recoger S') or stop the railway ('terminar')",
              "levanta un ciudadano para moverlo ('recoger S') o deja el ferrocarril "
              "('terminar')"),
    PH_PUT: ("put the lifted citizen on an empty site ('situar S')",
             "sitúa el ciudadano levantado en un sitio vacío ('situar S')"),
    PH_GAIN: ("put a new citizen on an empty site ('situar S')",
              "sitúa un ciudadano nuevo en un sitio vacío ('situar S')"),
    PH_RECYCLE: ("choose a tile of this network to recycle from ('reciclar L')",
                 "elige una tierra de esta red de la que reciclar ('reciclar L')"),
}
# where each action name is a decision
PHASES_OF: dict[str, tuple[int, ...]] = {
    A.PASS: (PH_PUJA,), A.WITHDRAW: (PH_ELEGIR, PH_PUJA, PH_SOLO), A.NO_BUY: (PH_TECH,),
    A.DONE: (PH_C, PH_LIFT), A.AUCTION: (PH_ELEGIR,), A.BUY_LAND: (PH_SOLO,),
    A.BUY_TECH: (PH_TECH,), A.BID: (PH_ABRIR, PH_PUJA), A.GARBAGE: (PH_A, PH_EXTRA),
    A.REMOVE: (PH_REMOVE,), A.RECYCLE: (PH_RECYCLE,), A.PICK_LAND: (PH_PICK,),
    A.PICK_INST: (PH_PICK,), A.PUT: (PH_SITE, PH_PUT, PH_GAIN), A.LIFT: (PH_LIFT,),
    A.USE: (PH_C,), A.BRIDGE_E: (PH_EDGE, PH_C), A.BRIDGE_S: (PH_EDGE, PH_C)}
for _x in COL_LETTERS:
    PHASES_OF[A.COLUMN + _x] = (PH_CAT,)
for _r in A.ROTATIONS:
    PHASES_OF[f"{A.PLACE}{_r}"] = (PH_PLACE,)
    PHASES_OF[f"{A.PLACE_BRIDGED}{_r}"] = (PH_PLACE,)


def explain_illegal(game: SigloGame, action: Action, seat: int) -> tuple[str, str]:
    """Why ``action`` is not legal for ``seat`` now: (English, Spanish)."""
    ph = game.phase
    en, es = EXPECTED.get(ph, ("no decision is open", "no hay ninguna decisión abierta"))
    phases = PHASES_OF.get(action.name, ())
    if ph not in phases:
        return (f"'{action}' is not a decision now: {en}",
                f"'{action}' no es una decisión ahora: {es}")
    try:
        reason = _specific(game, action, seat)
    except Exception:  # noqa: BLE001  (a refusal must never fail)
        reason = None
    if reason is None:
        return (f"'{action}' is not legal now: {en}", f"'{action}' no es legal ahora: {es}")
    return reason


def _tile(t: int) -> str:
    return LAND_ID[t] if 0 <= t < N_LAND else str(t)


def _tech(t: int) -> str:
    return TECH_ID[t] if 0 <= t < len(TECH_ID) else str(t)


def _specific(game: SigloGame, action: Action, seat: int) -> tuple[str, str] | None:
    ph, name, arg = game.phase, action.name, action.arg
    s = seat
    if name == A.AUCTION:
        if arg not in game.land_display:
            return (f"land tile {_tile(arg)} is not on display (XX-2.2)",
                    f"la tierra {_tile(arg)} no está expuesta (XX-2.2)")
        return (f"you cannot pay the minimum bid of {game.min_bid()} coins: you must withdraw "
                f"(XX-2.21)", f"no puedes pagar la puja mínima de {game.min_bid()} monedas: "
                f"debes retirarte (XX-2.21)")
    if name == A.BUY_LAND:
        if arg not in game.land_display:
            return (f"land tile {_tile(arg)} is not on display (XX-2.23)",
                    f"la tierra {_tile(arg)} no está expuesta (XX-2.23)")
        return (f"you cannot pay the minimum price of {game.min_bid()} coins (XX-G18.3)",
                f"no puedes pagar el precio mínimo de {game.min_bid()} monedas (XX-G18.3)")
    if name == A.BID:
        if ph == PH_ABRIR and arg < game.min_bid():
            return (f"the opening bid is at least the minimum, {game.min_bid()} coins (XX-2.3)",
                    f"la puja inicial es como mínimo {game.min_bid()} monedas (XX-2.3)")
        if ph == PH_PUJA and arg <= game.high:
            return (f"a raise must be at least {game.high + 1} coins (XX-G23.1)",
                    f"una subida debe ser de al menos {game.high + 1} monedas (XX-G23.1)")
        return ("a bid may not exceed the coins you hold (XX-2.9)",
                "una puja no puede superar las monedas que tienes (XX-2.9)")
    if name == A.BUY_TECH:
        if arg not in game.tech_display:
            return (f"technology {_tech(arg)} is not on display (XX-2.28)",
                    f"la tecnología {_tech(arg)} no está expuesta (XX-2.28)")
        return (f"the price is {game.price()} science, more than you hold (XX-2.28)",
                f"el precio es {game.price()} de ciencia, más de lo que tienes (XX-2.28)")
    if name.startswith(A.COLUMN):
        x = A.COLUMN_OF[name]
        letter = COL_LETTERS[x]
        if x not in game.pc.columns:
            return (f"column {letter} is not in play with {game.n} players (XX-3.2)",
                    f"la columna {letter} no se usa con {game.n} jugadores (XX-3.2)")
        occ = game.occ[x]
        if x == 0:                                  # column A, the worst (XX-3.5)
            if occ >= 0:
                return ("nobody can be displaced from the worst column (XX-G1.3)",
                        "nadie puede ser desplazado de la peor columna (XX-G1.3)")
            return ("the worst column is taken only with a bid of 0 (XX-G1.3)",
                    "la peor columna solo se toma con una puja de 0 (XX-G1.3)")
        if occ >= 0 and arg <= game.bid_of[occ]:
            need = game.bid_of[occ] + 1
            return (f"displacing {who(game, occ, 'en')} needs at least {need} science (XX-G1.3)",
                    f"desplazar a {who(game, occ)} exige al menos {need} de ciencia (XX-G1.3)")
        return ("a bid may not exceed the science you hold (XX-G1.4)",
                "una puja no puede superar la ciencia que tienes (XX-G1.4)")
    if name in (A.GARBAGE, A.REMOVE, A.RECYCLE):
        if arg not in game.lands[s]:
            return (f"{_tile(arg)} is not a land tile of your country (XX-G10.1)",
                    f"{_tile(arg)} no es una tierra de tu país (XX-G10.1)")
        g = game.garbage[arg]
        if name == A.GARBAGE:
            cap = game.K.CAP
            return (f"{_tile(arg)} already holds {cap} garbage (XX-G10.2)",
                    f"{_tile(arg)} ya tiene {cap} basuras (XX-G10.2)")
        if name == A.RECYCLE and arg not in game.p_nets[0][1]:
            return (f"{_tile(arg)} is not in the rail network being recycled (XX-G11.2)",
                    f"{_tile(arg)} no está en la red de vías que se recicla (XX-G11.2)")
        if not g:
            return (f"{_tile(arg)} holds no garbage", f"{_tile(arg)} no tiene basura")
        return None
    if name == A.PICK_LAND:
        return (f"{_tile(arg)} is not one of your pending land tiles (XX-G8.9)",
                f"{_tile(arg)} no es una de tus tierras pendientes (XX-G8.9)")
    if name == A.PICK_INST:
        return (f"{_tech(arg)} is not one of your pending institutions (XX-G6.4)",
                f"{_tech(arg)} no es una de tus instituciones pendientes (XX-G6.4)")
    if name.startswith(A.PLACE):
        return _placement_reason(game, action, s)
    if name == A.PUT:
        if game.cit[arg]:
            return (f"site {site_name(arg)} already holds a citizen (XX-G9.1)",
                    f"el sitio {site_name(arg)} ya tiene un ciudadano (XX-G9.1)")
        tile = arg // 3
        if arg not in game.K.SITES[tile]:
            return (f"tile {_tile(tile)} has no site {site_name(arg)[-1]} (XX-G3.2)",
                    f"la ficha {_tile(tile)} no tiene sitio {site_name(arg)[-1]} (XX-G3.2)")
        if ph == PH_SITE:
            return (f"the citizen goes on a site of the new tile {_tile(game.sel[0])} (XX-G9.2)",
                    f"el ciudadano va en un sitio de la ficha nueva {_tile(game.sel[0])} "
                    f"(XX-G9.2)")
        if tile not in game.lands[s]:
            return (f"{_tile(tile)} is not a land tile of your country (XX-G9.1)",
                    f"{_tile(tile)} no es una tierra de tu país (XX-G9.1)")
        if ph == PH_PUT:
            return ("the citizen moves only within its rail network (XX-G5.2, XX-G8.7)",
                    "el ciudadano solo se mueve dentro de su red de vías (XX-G5.2, XX-G8.7)")
        return None
    if name == A.LIFT:
        return (f"site {site_name(arg)} holds none of your citizens (XX-G9.3)",
                f"el sitio {site_name(arg)} no tiene ninguno de tus ciudadanos (XX-G9.3)")
    if name == A.USE:
        if arg not in game.techs[s]:
            return (f"you do not own {_tech(arg)} (XX-G6.2)", f"no tienes {_tech(arg)} (XX-G6.2)")
        tech = game.K.TECH[arg]
        if tech.use in ("passive", "on_purchase", "auto_each_maintenance"):
            return (f"{_tech(arg)} has no ability to use (XX-G6.1, XX-G6.3)",
                    f"{_tech(arg)} no tiene ninguna habilidad que usar (XX-G6.1, XX-G6.3)")
        if tech.use == "once" and game.t_used[arg]:
            return (f"{_tech(arg)} was already used (XX-G6.3)",
                    f"{_tech(arg)} ya se usó (XX-G6.3)")
        if tech.use == "each_maintenance" and game.t_used_m[arg]:
            return (f"{_tech(arg)} was already used in this Maintenance (XX-G6.2)",
                    f"{_tech(arg)} ya se usó en este mantenimiento (XX-G6.2)")
        if tech.cost_coins and game.coins[s] < tech.cost_coins:
            return (f"{_tech(arg)} costs {tech.cost_coins} coins to use (XX-G5.2)",
                    f"usar {_tech(arg)} cuesta {tech.cost_coins} monedas (XX-G5.2)")
        return (f"{_tech(arg)} would do nothing now (XX-G6.2)",
                f"{_tech(arg)} no haría nada ahora (XX-G6.2)")
    if name in (A.BRIDGE_E, A.BRIDGE_S):
        edge = 2 * arg + (1 if name == A.BRIDGE_S else 0)
        if ph == PH_C and not game.held[s]:
            return ("you hold no bridge (XX-G8.8)", "no tienes ningún puente (XX-G8.8)")
        from .country import edge_exists
        if not edge_exists(edge):
            return ("that edge lies outside the country window (X1)",
                    "ese borde queda fuera de la ventana del país (X1)")
        a, b = edge_cells(edge)
        grid = game.grid[s]
        if ph == PH_EDGE:
            return ("the bridge goes on an edge between the new tile and a neighbour (X5)",
                    "el puente va en un borde entre la ficha nueva y una vecina (X5)")
        if a not in grid or b not in grid:
            return ("a bridge joins two tiles of your country (XX-G8.8)",
                    "un puente une dos fichas de tu país (XX-G8.8)")
        if edge not in free_edges(game.K.RAILS, grid, game.links[s]):
            return ("that edge is already linked (XX-G8.8)",
                    "ese borde ya está enlazado (XX-G8.8)")
        return None
    if name == A.WITHDRAW and ph == PH_PUJA:
        return None
    return None


def _placement_reason(game: SigloGame, action: Action, s: int) -> tuple[str, str]:
    cell = action.arg
    r = A.ROTATION_OF[action.name]
    bridged = action.name.startswith(A.PLACE_BRIDGED)
    grid = game.grid[s]
    code = game.sel[0]
    if cell in grid:
        return (f"cell {_xy(cell)} is already taken (XX-G8.1)",
                f"la casilla {_xy(cell)} ya está ocupada (XX-G8.1)")
    if not any(nc in grid for _, nc in NEIGH[cell]):
        return (f"cell {_xy(cell)} is not next to your country (XX-G8.3)",
                f"la casilla {_xy(cell)} no está junto a tu país (XX-G8.3)")
    value = code * 4 + r
    RAILS = game.K.RAILS
    mism = mismatched_edges(RAILS, grid, value, cell)
    rr = sum(1 for d, nc in NEIGH[cell] if nc in grid and (RAILS[value] >> d) & 1
             and (RAILS[grid[nc]] >> OPP[d]) & 1)
    plain, with_bridges = placements(RAILS, grid, code, game.held[s])
    if bridged:
        if not game.held[s]:
            return ("you hold no bridge (XX-G8.8, X5)", "no tienes ningún puente (XX-G8.8, X5)")
        if mism and len(mism) > game.held[s]:
            return (f"that placement needs {len(mism)} bridges (X5)",
                    f"esa colocación necesita {len(mism)} puentes (X5)")
        return ("that placement needs no bridge: use 'colocar' (X5)",
                "esa colocación no necesita puentes: usa 'colocar' (X5)")
    if mism and (plain or with_bridges):
        return (f"rails must meet rails on every shared edge ({len(mism)} mismatched, "
                f"XX-G8.4)", f"las vías deben encajar en todos los bordes compartidos "
                f"({len(mism)} no encajan, XX-G8.4)")
    if not rr:
        return ("at least one shared edge must be linked rail to rail (XX-G8.5)",
                "al menos un borde compartido debe unir vía con vía (XX-G8.5)")
    return ("that placement is not allowed now (XX-G8.6)",
            "esa colocación no está permitida ahora (XX-G8.6)")


__all__ = ["EXPECTED", "TEMPLATES", "action_text", "describe", "explain_illegal", "who"]
