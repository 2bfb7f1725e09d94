"""Player-facing words for «El Plan: tú decides», in Spanish and English: every event kind, and
why an action is refused. Nothing here ever names a face-down card, a set-aside event or a
seat's simultaneous choice before the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.action import Action
from ludoteca.core.events import Event

from . import actions as A
from .common import (
    NT,
    S_D1C,
    S_D1X,
    S_D2ACT,
    S_D2EXC,
    S_D2OFF,
    S_D2RET,
    S_D3,
    S_D4,
    S_D5BUY,
    S_D5SELL,
    S_D6,
    S_D7,
    S_MERMA,
    S_OPP,
    SQ_D1,
    STAGE_NAMES,
)
from .content import Content, derived

if TYPE_CHECKING:
    from .state import ElplanGame



class Names(NamedTuple):
    """A content's names, (Spanish, English), by code or id."""

    res: dict[str, tuple[str, str]]
    prod: dict[str, tuple[str, str]]
    card: dict[str, tuple[str, str]]
    event: dict[str, tuple[str, str]]
    deck: tuple[tuple[str, str], ...]


def _make_names(C: Content) -> Names:
    return Names({"ch": C.resource_names[0], "d": C.resource_names[1], "e": C.resource_names[2]},
                 {"mp": C.product_names[0], "bc": C.product_names[1], "sv": C.product_names[2]},
                 {c.id: (c.name, c.name_en) for c in C.tut_cards + C.cards},
                 {e.id: (e.name, e.name_en) for e in C.events}, C.deck_names)


def names_of(C: Content) -> Names:
    """The names of content ``C`` (kept with it)."""
    return derived(C, "text.names", _make_names)

STEP_WORDS = {
    "oportunidad": ("la Oportunidad", "the Opportunity"),
    "d1-exencion": ("el Distrito 1 (ignorar o aceptar el suceso)",
                    "District 1 (ignore or accept the event)"),
    "d1-elecciones": ("el Distrito 1 (elecciones del suceso)", "District 1 (the event's choices)"),
    "d2-desactivar": ("el Distrito 2, paso 1 (desactivar)", "District 2, step 1 (deactivate)"),
    "d2-devolver": ("el Distrito 2, paso 2 (devolver una inversión)",
                    "District 2, step 2 (return an investment)"),
    "d2-activar": ("el Distrito 2, paso 3 (activar)", "District 2, step 3 (activate)"),
    "d2-canjear": ("el Distrito 2, paso 4 (canjear)", "District 2, step 4 (exchange)"),
    "d3-invertir": ("el Distrito 3 (invertir)", "District 3 (invest)"),
    "d4-fabricar": ("el Distrito 4 (fabricar)", "District 4 (manufacture)"),
    "d5-comprar": ("el Distrito 5, paso 1 (comprar)", "District 5, step 1 (buy)"),
    "d5-vender": ("el Distrito 5, paso 2 (vender)", "District 5, step 2 (sell)"),
    "d6-credito-subsidio": ("el Distrito 6 (crédito y subsidio)",
                            "District 6 (credit and subsidy)"),
    "d7-innovar": ("el Distrito 7 (innovar)", "District 7 (innovate)"),
    "resumen-merma": ("la merma del Resumen", "the Summary's shrinkage"),
    "fin": ("el final", "the end"),
}

# event kind -> (Spanish, English); fields are filled by describe()
TEMPLATES: dict[str, tuple[str, str]] = {
    "preparacion": ("Preparativos: {players} jugadores, planes {plans}; cada uno recibe 2 "
                    "Capital humano, 2 Dinero y 2 Energía; Momento Cero para {mc_p}.",
                    "Setup: {players} players, plans {plans}; each takes 2 Human capital, 2 "
                    "Money and 2 Energy; Momento Cero to {mc_p}."),
    "sucesos-apartados": ("Se apartan {set_aside} sucesos sin mirarlos; quedan {face_down}.",
                          "{set_aside} events are set aside unseen; {face_down} remain."),
    "ofertas": ("Nuevas ofertas de inversión: {dealt_list}.",
                "New investment offers: {dealt_list}."),
    "periodo": ("Período {period}: Momento Cero lo tiene {mc_p}.",
                "Period {period}: {mc_p} holds Momento Cero."),
    "emprendedores": ("Cada jugador recibe su ficha de emprendedor.",
                      "Each player takes their entrepreneur token."),
    "distrito": ("Se activa el Distrito {district} ({district_name}).",
                 "District {district} ({district_name}) activates."),
    "ubicar": ("{p} pone su ficha de emprendedor en la casilla {id}.",
               "{p} places their entrepreneur token on square {id}."),
    "listo": ("{p} termina su turno en {step_words}.", "{p} ends their turn in {step_words}."),
    "suceso": ("Suceso n.º {number}: «{event_name}» ({category_es}). {event_text_es}",
               "Event no. {number}: “{event_name}” ({category}). {event_text_en}"),
    "exencion": ("{p} {ignores_es} el suceso{by_es}.", "{p} {ignores_en} the event{by_en}."),
    "suceso-pendiente": ("El suceso actuará al activarse el Distrito 7.",
                         "The event acts when District 7 activates."),
    "suceso-gana": ("Suceso: {players_list} recibe{n_pl} {gain_text}.",
                    "Event: {players_list} take{s_sg} {gain_text}."),
    "suceso-paga": ("Suceso: se paga {resource_name} ocioso ({paid_text}).",
                    "Event: idle {resource_name} is paid ({paid_text})."),
    "suceso-cierre": ("Cierre de año fiscal: {players_list} devuelve{n_pl} sus recursos ociosos "
                      "y recibe{n_pl} {gain_text}.",
                      "Fiscal year close: {players_list} return{s_sg} their idle resources and "
                      "take{s_sg} {gain_text}."),
    "suceso-precio": ("Este Período, para {players_list}, {what_es} cuesta {price} Dinero.",
                      "This Period, for {players_list}, {what_en} costs {price} Money."),
    "suceso-sin-importar": ("Este Período {players_list} no puede{n_pl} importar.",
                            "This Period {players_list} may not import."),
    "suceso-exportacion": ("Este Período cada exportación pone {amount} Dinero en los "
                           "subsidios.", "This Period each export puts {amount} Money on the "
                           "subsidy squares."),
    "suceso-mercado": ("Sobreoferta: vuelve a la caja 1 Producto de cada tipo presente "
                       "({removed_text}).", "Glut: 1 Product of each type present goes back "
                       "to the box ({removed_text})."),
    "suceso-venta": ("Este Período {players_list} gana{n_pl} {amount} más por Producto "
                     "vendido.", "This Period {players_list} earn{s_sg} {amount} more per "
                     "Product sold."),
    "suceso-impuesto": ("Impuesto: {players_list} pone{n_pl} {amount} Dinero en los "
                        "subsidios.", "Tax: {players_list} put{s_sg} {amount} Money on the "
                        "subsidy squares."),
    "suceso-nada": ("No pasa nada.", "Nothing happens."),
    "suceso-redistribucion": ("Redistribución: devuelven {most_list}; reciben {fewest_list}.",
                              "Redistribution: {most_list} return; {fewest_list} take."),
    "suceso-devuelve": ("{p} devuelve 1 {resource_name} a la caja.",
                        "{p} returns 1 {resource_name} to the box."),
    "suceso-recibe": ("{p} recibe 1 {resource_name}.", "{p} takes 1 {resource_name}."),
    "suceso-descarta": ("{p} devuelve 1 {product_name} a la caja.",
                        "{p} returns 1 {product_name} to the box."),
    "oportunidad-d2": ("{p} recibe {gain_text} (Oportunidad del Distrito 2).",
                       "{p} takes {gain_text} (District 2 Opportunity)."),
    "produce": ("{card_name} de {p} produce {gain_text}.", "{p}'s {card_name} yields {gain_text}."),
    "desactivar": ("{p} desactiva {target_name}; vuelven {back_text}.",
                   "{p} deactivates {target_name}; back: {back_text}."),
    "devolver": ("{p} devuelve {card_name} a la caja (reembolso {refund}).",
                 "{p} returns {card_name} to the box (refund {refund})."),
    "reembolso": ("{p} elige 1 {resource_name} del reembolso.",
                  "{p} takes 1 {resource_name} of the refund."),
    "activar": ("{p} activa {target_name} ({tokens_text}).",
                "{p} activates {target_name} ({tokens_text})."),
    "reforzar": ("{p} pone 1 {resource_name} más en {card_name}.",
                 "{p} puts 1 more {resource_name} on {card_name}."),
    "idea": ("{p} pone una Idea en {target_name}.", "{p} puts an Idea on {target_name}."),
    "sustituir": ("{p} cambia 1 {resource_name} de {target_name} por una Idea.",
                  "{p} replaces 1 {resource_name} on {target_name} with an Idea."),
    "externalizar": ("{p} activa {card_name} mediante {kind_card}.",
                     "{p} activates {card_name} through {kind_card}."),
    "laboratorio": ("{p} elige el Proceso {process} para su {kind_card}.",
                    "{p} picks process {process} for their {kind_card}."),
    "fichas-devueltas": ("{target_name} de {p} queda sin activar: vuelven {back_text}.",
                         "{p}'s {target_name} stays inactive: back: {back_text}."),
    "canjear": ("{p} canjea {paid_text} por 1 {received_name}.",
                "{p} trades {paid_text} for 1 {received_name}."),
    "invertir": ("{p} compra {card_name} ({deck_name}) {how_es}.",
                 "{p} buys {card_name} ({deck_name}) {how_en}."),
    "procesos": ("Procesos disponibles: {pools_text}.", "Available processes: {pools_text}."),
    "decidido": ("{p} ha decidido.", "{p} has decided."),
    "fabricacion": ("Fabricación: {made_text}.", "Manufacturing: {made_text}."),
    "alimentar": ("Llega 1 {product_name} al mercado (2 jugadores).",
                  "1 {product_name} arrives in the market (2 players)."),
    "comprar": ("{p} compra 1 {product_name} por {paid} Dinero.",
                "{p} buys 1 {product_name} for {paid} Money."),
    "comprar-credito": ("{p} compra 1 {product_name} con una carta de crédito.",
                        "{p} buys 1 {product_name} with a credit card."),
    "importar": ("{p} importa 1 {product_name} por {paid} Dinero.",
                 "{p} imports 1 {product_name} for {paid} Money."),
    "comprar-tienda": ("{p} compra 1 {product_name} de la {kind_card} de {owner_p} por "
                       "{paid} Dinero.", "{p} buys 1 {product_name} from {owner_p}'s "
                       "{kind_card} for {paid} Money."),
    "tecnico": ("{kind_card}: {p} recibe {gain_text}.",
                "{kind_card}: {p} takes {gain_text}."),
    "vender": ("{p} vende 1 {product_name} y recibe {gain} {resource_name}.",
               "{p} sells 1 {product_name} and takes {gain} {resource_name}."),
    "exportar": ("¡Exportación! {removed} {product_name} vuelven a la caja.",
                 "Export! {removed} {product_name} go back to the box."),
    "subsidio": ("{amount} Dinero a los subsidios: ahora {subsidies}.",
                 "{amount} Money to the subsidy squares: now {subsidies}."),
    "red": ("{kind_card}: {p} recibe {gain_text}.", "{kind_card}: {p} takes {gain_text}."),
    "rfid": ("{kind_card}: {p} recibe {gain_text}.", "{kind_card}: {p} takes {gain_text}."),
    "ofertar": ("{p} pone 1 {product_name} en su {kind_card}.",
                "{p} puts 1 {product_name} on their {kind_card}."),
    "subsidios": ("Crédito y subsidio: {choices_text}. Subsidios: {subsidies}.",
                  "Credit and subsidy: {choices_text}. Subsidies: {subsidies}."),
    "innovar": ("{p} cambia 3 Productos distintos por una Idea ({ideas} en total).",
                "{p} trades 3 different Products for an Idea ({ideas} in all)."),
    "merma": ("Merma: {merma_text}.", "Shrinkage: {merma_text}."),
    "retirar-emprendedores": ("Las fichas de emprendedor vuelven a sus dueños.",
                              "The entrepreneur tokens go back to their owners."),
    "suceso-abajo": ("El suceso «{event_name}» va boca arriba bajo el mazo.",
                     "Event “{event_name}” goes face up under the deck."),
    "suceso-retirado": ("El suceso «{event_name}» sale del juego.",
                        "Event “{event_name}” leaves the game."),
    "ofertas-retiradas": ("Ofertas retiradas bajo su mazo: {retired_list}.",
                          "Offers retired under their deck: {retired_list}."),
    "ofertas-rotadas": ("Se giran {count} ofertas.", "{count} offers are rotated."),
    "mazo-rebarajado": ("El mazo de {deck_name} se acabó: se barajan sus {cards} cartas boca "
                        "arriba.", "The {deck_name} deck ran out: its {cards} face-up cards "
                        "are shuffled."),
    "subsidios-movidos": ("Los subsidios se mueven a la izquierda: {after}.",
                          "The subsidies move left: {after}."),
    "momento-cero": ("Momento Cero pasa a {p}.", "Momento Cero passes to {p}."),
    "penalizacion-credito": ("{p} termina con una carta de crédito y pierde una Idea{lost_es}.",
                             "{p} ends holding a credit card and loses an Idea{lost_en}."),
    "fin": ("Fin de la partida ({reason_es}). Gana{n_es} {winners_list} con {top} "
            "{points_es}.",
            "Game over ({reason_en}). Winner{n_en}: {winners_list} with {top} {points_en}."),
    "explain": ("{text_es}", "{text_en}"),
    "tutorial-control": ("Control {id}: {text_es} — {ok_es}.", "Check {id}: {text_en} — {ok_en}."),
}
NONE = ("ninguno", "none")
END_REASON = {"fin": ("tras el último Período", "after the last Period"),
              "tutorial": ("fin del tutorial", "end of the tutorial")}
CATEGORY_ES = {"positive": "positivo", "negative": "negativo", "neutral": "neutro"}
#: events told with the name of the game's card of one kind: kind -> the game's attribute
#: holding that card's target (its name comes from the game's own catalogue)
KIND_CARD = {"externalizar": "ext_n", "laboratorio": "lab_n", "comprar-tienda": "shop_n",
             "ofertar": "shop_n", "tecnico": "tech_n", "red": "red_n", "rfid": "rfid_n"}
#: what those events say when the catalogue has no such card (never in play)
KIND_WORDS = {"ext_n": ("Externalización", "Outsourcing"), "lab_n": ("Laboratorio", "Laboratory"),
              "shop_n": ("Tienda virtual", "Online shop"),
              "tech_n": ("Técnico en calidad", "Quality technician"),
              "red_n": ("Red de transporte limpio", "Clean transport network"),
              "rfid_n": ("Etiquetas RFID", "RFID tags"),
              "shield_n": ("Analista de riesgos", "Risk analyst")}


def kind_card_name(game: ElplanGame, attr: str, i: int) -> str:
    """The name (0 Spanish, 1 English) of the game's card held at target ``game.<attr>``
    (``lab_n``, ``shop_n``…): a custom content may rename it."""
    N = getattr(game, attr, -1)
    if N < 2 or N - 2 >= len(game.cat):
        return KIND_WORDS[attr][i]
    card = game.cat[N - 2]
    return (card.name, card.name_en)[i]


def who(game: ElplanGame, s: int | None, lang: str = "es") -> str:
    """A seat by its name (seat numbers are never shown)."""
    if s is None:
        return "la caja" if lang == "es" else "the box"
    return game.names[s]


def _join(items: list[str], lang: str, empty: tuple[str, str] = ("nadie", "nobody")) -> str:
    if not items:
        return empty[0] if lang == "es" else empty[1]
    if len(items) == 1:
        return items[0]
    word = " y " if lang == "es" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def _amounts(d: dict[str, int], names: dict[str, tuple[str, str]], i: int, lang: str) -> str:
    parts = [f"{v} {names[k][i]}" for k, v in d.items() if v and k in names]
    if d.get("ideas"):
        parts.append(f"{d['ideas']} Idea{'s' if d['ideas'] != 1 else ''}")
    return _join(parts, lang) if parts else ("nada" if lang == "es" else "nothing")


def _card(nm: Names, cid: str, i: int) -> str:
    return nm.card.get(cid, (cid, cid))[i]


def _target_name(nm: Names, cid: str, i: int) -> str:
    if cid.startswith("proceso-"):
        return (f"el Proceso {cid[-1]} del Plan", f"Plan process {cid[-1]}")[i]
    return _card(nm, cid, i)


def offer_word(C: Content, o: int, lang: str) -> str:
    """An offer as the player types it: deck and slot from 1 (``tecnología-1``)."""
    if not 0 <= o < 9:
        return str(o)
    return f"{C.deck_names[o // 3][0 if lang == 'es' else 1].lower()}-{o % 3 + 1}"


def target_word(game: ElplanGame, n: int, lang: str) -> str:
    """A target as the player types it: ``proceso-1`` or the card's id."""
    if n < 2:
        return f"proceso-{n + 1}" if lang == "es" else f"process-{n + 1}"
    k = n - 2
    return game.cat[k].id if 0 <= k < len(game.cat) else str(n)


def describe(game: ElplanGame, event: Event, lang: str = "es") -> str:
    C = game.C
    nm = names_of(C)
    RES_NAME, PROD_NAME = nm.res, nm.prod
    d: dict[str, Any] = event.data
    es, en = TEMPLATES.get(event.kind, (event.kind, event.kind))
    i = 0 if lang == "es" else 1
    f: dict[str, Any] = dict(d)

    def name(s: int | None) -> str:
        return who(game, s, lang)

    def names(seats: list[int]) -> str:
        return _join([name(s) for s in seats], lang)

    if "player" in d:
        f["p"] = name(d["player"])
    if "mc" in d:
        f["mc_p"] = name(d["mc"])
    if "owner" in d:
        f["owner_p"] = name(d["owner"])
    if "players" in d and isinstance(d["players"], list):
        f["players_list"] = names(d["players"])
        many = len(d["players"]) > 1               # "nadie recibe", "nobody takes"
        f["n_pl"], f["s_sg"] = ("n", "") if many else ("", "s")
    if "plans" in d:
        f["plans"] = ", ".join(d["plans"])
    if "gain" in d and isinstance(d["gain"], dict):
        f["gain_text"] = _amounts(d["gain"], RES_NAME, i, lang)
    if "back" in d:
        f["back_text"] = _amounts(d["back"], RES_NAME, i, lang)
    if "tokens" in d and isinstance(d["tokens"], dict):
        f["tokens_text"] = _amounts(d["tokens"], RES_NAME, i, lang)
    if "resource" in d and isinstance(d["resource"], str):
        f["resource_name"] = RES_NAME[d["resource"]][i]
    if "received" in d:
        f["received_name"] = RES_NAME[d["received"]][i]
    if "paid" in d and isinstance(d["paid"], list):
        f["paid_text"] = _join([RES_NAME[r][i] for r in d["paid"]], lang)
    if "paid" in d and isinstance(d["paid"], dict) and event.kind == "suceso-paga":
        f["paid_text"] = ", ".join(f"{name(int(s))}: {v}" for s, v in d["paid"].items())
    if "product" in d:
        f["product_name"] = PROD_NAME[d["product"]][i]
    if "card" in d:
        f["card_name"] = _card(nm, d["card"], i)
    if "id" in d and event.kind in ("desactivar", "activar", "idea", "sustituir",
                                    "fichas-devueltas"):
        f["target_name"] = _target_name(nm, d["id"], i)
    if event.kind in ("reforzar", "externalizar"):
        f["card_name"] = _card(nm, d["id"], i)
    if event.kind in KIND_CARD:
        f["kind_card"] = kind_card_name(game, KIND_CARD[event.kind], i)
    if "deck" in d and isinstance(d["deck"], int):
        f["deck_name"] = nm.deck[d["deck"]][i]
    if "district" in d:
        f["district_name"] = C.district_names[d["district"] - 1][i]
    if "step" in d and event.kind == "listo":
        f["step_words"] = STEP_WORDS.get(d["step"], (d["step"], d["step"]))[i]
    if "event" in d:
        e = C.events[C.event_index[d["event"]]]
        f["event_name"] = (e.name, e.name_en)[i]
        f["event_text_es"], f["event_text_en"] = e.text, e.text_en
        f["category_es"] = CATEGORY_ES.get(e.category, e.category)
    kind = event.kind
    if kind == "ofertas":
        f["dealt_list"] = _join([_card(nm, x["card"], i) for x in d["dealt"]], lang, NONE)
    elif kind == "ofertas-retiradas":
        f["retired_list"] = _join([_card(nm, x["card"], i) for x in d["retired"]], lang,
                                  NONE)
    elif kind == "ofertas-rotadas":
        f["count"] = len(d["slots"])
    elif kind == "exencion":
        f["ignores_es"] = "ignora" if d["ignores"] else "acepta"
        f["ignores_en"] = "ignores" if d["ignores"] else "accepts"
        shield = d["by"] == "analista"
        f["by_es"] = f" ({kind_card_name(game, 'shield_n', 0)})" if shield else \
            " (Oportunidad del Distrito 1)"
        f["by_en"] = f" ({kind_card_name(game, 'shield_n', 1)})" if shield else \
            " (District 1 Opportunity)"
    elif kind == "suceso-precio":
        f["what_es"] = "comprar un Producto del mercado" if d["what"] == "market" else "importar"
        f["what_en"] = "buying a market Product" if d["what"] == "market" else "importing"
    elif kind == "suceso-mercado":
        f["removed_text"] = _amounts(d["removed"], PROD_NAME, i, lang)
    elif kind == "suceso-redistribucion":
        f["most_list"], f["fewest_list"] = names(d["most"]), names(d["fewest"])
    elif kind == "invertir":
        if d.get("credit"):
            f["how_es"], f["how_en"] = "con una carta de crédito", "with a credit card"
        else:
            paid = _amounts(d["paid"], RES_NAME, i, lang)
            f["how_es"] = f"pagando {paid}" + (" con descuento" if "discount" in d else "")
            f["how_en"] = f"paying {paid}" + (" with a discount" if "discount" in d else "")
    elif kind == "procesos":
        f["pools_text"] = "; ".join(
            f"{name(int(s))}: " + (", ".join(f"{v} {k.upper() if k != 'any' else '*'}"
                                             for k, v in p.items() if v) or NONE[i])
            for s, p in d["pools"].items())
    elif kind == "fabricacion":
        f["made_text"] = "; ".join(f"{name(int(s))}: {_amounts(m, PROD_NAME, i, lang)}"
                                   for s, m in d["made"].items())
    elif kind == "subsidios":
        parts = []
        for s, rec in d["choices"].items():
            bits = []
            if "resource" in rec:
                bits.append(f"1 {RES_NAME[rec['resource']][i]}")
            if rec.get("dinero"):
                bits.append(f"{rec['dinero']} {RES_NAME['d'][i]}")
            if rec.get("blocked"):
                bits.append(("no cobra el subsidio (Red)", "no subsidy (Network)")[i])
            if rec.get("repaid"):
                bits.append(("devuelve su crédito", "repays their credit")[i])
            parts.append(f"{name(int(s))}: {_join(bits, lang)}")
        f["choices_text"] = "; ".join(parts) or ("nada" if lang == "es" else "nothing")
    elif kind == "merma":
        f["merma_text"] = "; ".join(
            f"{name(int(s))} " + ("conserva " if lang == "es" else "keeps ") +
            PROD_NAME[x["kept"]][i] for s, x in d["players"].items()) or \
            ("nadie pierde Productos" if lang == "es" else "nobody loses Products")
    elif kind == "penalizacion-credito":
        idea = d.get("idea")
        f["lost_es"] = "" if idea and idea != "none" else " (no tiene ninguna)"
        f["lost_en"] = "" if idea and idea != "none" else " (they have none)"
    elif kind == "fin":
        ws = d["winners"]
        f["winners_list"] = names(ws)
        f["n_es"], f["n_en"] = ("n", "s") if len(ws) > 1 else ("", "")
        f["top"] = d["scores"][ws[0]] if ws else 0
        f["reason_es"], f["reason_en"] = END_REASON.get(d.get("reason"), (d.get("reason"),) * 2)
        one = f["top"] == 1
        f["points_es"], f["points_en"] = ("punto", "point") if one else ("puntos", "points")
    elif kind == "tutorial-control":
        f["ok_es"] = "correcto" if d["ok"] else "NO se cumple"
        f["ok_en"] = "ok" if d["ok"] else "NOT met"
    try:
        return (es if lang == "es" else en).format(**f)
    except (KeyError, IndexError, ValueError):
        return f"{event.kind}: {d}"


# ----- refusals ---------------------------------------------------------------------------------
def _family(name: str) -> tuple[int, ...]:
    """The stages in which an action of this name can be legal."""
    if name == A.PLACE:
        return (S_OPP,)
    if name in (A.IGNORE, A.ACCEPT):
        return (S_D1X,)
    if name in A.CHOOSE:
        return (S_D1C, S_D2RET, S_D6)
    if name in A.DISCARD:
        return (S_D1C,)
    if name in A.KEEP:
        return (S_MERMA,)
    if name == A.DONE:
        return tuple(range(14))
    if name == A.DEACTIVATE:
        return (S_D2OFF,)
    if name == A.RETURN:
        return (S_D2RET,)
    if name == A.ACTIVATE:
        return (S_D2ACT, S_D3)
    if name in (A.REINFORCE, A.OUTSOURCE) or name in A.IDEA or name in A.REPLACE or \
            name in A.LAB:
        return (S_D2ACT,)
    if name in A.EXCHANGE:
        return (S_D2EXC,)
    if name in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
        return (S_D3,)
    if name in A.MAKE:
        return (S_D4,)
    if name in A.BUY or name in A.BUY_CREDIT or name in A.IMPORT or name in A.BUY_SHOP:
        return (S_D5BUY,)
    if name in A.SELL_D or name in A.SELL_E or name in A.SHOP:
        return (S_D5SELL,)
    if name == A.REPAY:
        return (S_D6,)
    if name == A.INNOVATE:
        return (S_D7,)
    return ()


def _now(game: ElplanGame) -> tuple[str, str]:
    es, en = STEP_WORDS.get(STAGE_NAMES[game.stage], ("", ""))
    return f"now it is {en}", f"ahora es {es}"


def explain_illegal(game: ElplanGame, action: Action, seat: int) -> tuple[str, str]:
    """Why ``action`` is not legal for ``seat`` now: (English, Spanish). Never reveals a
    face-down card or another seat's pending choice."""
    name, arg = action.name, action.arg
    if (name, arg) not in A.BY_NAME_ARG:
        return (f"'{action}' is not an action of elplan", f"'{action}' no es una acción de elplan")
    st = game.stage
    now_en, now_es = _now(game)
    q_en, q_es = action_words(game, action, "en"), action_words(game, action, "es")
    if st not in _family(name):
        return (f"'{q_en}' is not possible now; {now_en}",
                f"'{q_es}' no es posible ahora; {now_es}")
    why = _reason(game, action, seat)
    if why is None:
        why = ("it is not allowed at this point of the step", "no se permite en este momento")
    en, es = why
    return f"'{q_en}' is not legal: {en}", f"'{q_es}' no es legal: {es}"


def action_words(game: ElplanGame, action: Action, lang: str) -> str:
    """``invertir tecnología-1``: an action with its square, offer or target as the player
    types it (numbered from 1), not the engine's number."""
    C = game.C
    kind, arg = A.ARG_KIND.get(action.name), action.arg
    if arg is None or kind not in ("square", "offer", "target"):
        return str(action)
    if kind == "square":
        word = C.squares[arg].id if 0 <= arg < len(C.squares) else str(arg)
    elif kind == "offer":
        word = offer_word(C, arg, lang)
    else:
        word = target_word(game, arg, lang)
    return f"{action.name} {word}"


def _have(game: ElplanGame, s: int, r: int) -> int:
    return game.idle[3 * s + r]


def _reason(game: ElplanGame, action: Action, s: int) -> tuple[str, str] | None:
    C = game.C
    name, arg = action.name, action.arg
    st = game.stage
    n = game.n
    cons = game.cons
    if name == A.DONE:
        return _reason_done(game, s)
    if name == A.PLACE:
        if game.square[s] >= 0:
            return ("your token is already placed", "tu ficha ya está colocada")
        if arg not in game.usable:
            return (f"square {C.squares[arg].id} is not used with {n} players (EP-OPP.6)",
                    f"la casilla {C.squares[arg].id} no se usa con {n} jugadores (EP-OPP.6)")
        if game.sq[arg] >= 0:
            return (f"square {C.squares[arg].id} is taken; one token per square (EP-OPP.2)",
                    f"la casilla {C.squares[arg].id} está ocupada; una ficha por casilla "
                    f"(EP-OPP.2)")
        return (f"square {C.squares[arg].id} needs {C.squares[arg].min_market_types} product "
                f"types in the market (EP-OPP.11)",
                f"la casilla {C.squares[arg].id} necesita {C.squares[arg].min_market_types} "
                f"tipos de Producto en el mercado (EP-OPP.11)")
    if name in (A.IGNORE, A.ACCEPT):
        if game.ask[s] in (0, 1):
            return ("you have already decided", "ya has decidido")
        return ("only a seat on a District 1 square, or with an active "
                f"{kind_card_name(game, 'shield_n', 1)} facing a neutral event, decides "
                "(EP-D1.4–6, EP-CARD.15)",
                "solo decide quien está en una casilla del Distrito 1, o tiene un "
                f"{kind_card_name(game, 'shield_n', 0)} activo ante un suceso neutro "
                "(EP-D1.4–6, EP-CARD.15)")
    if name in A.CHOOSE:
        r = A.CHOOSE.index(name)
        if st == S_D2RET:
            if not game.refund_left:
                return ("there is no refund to choose", "no hay reembolso que elegir")
            return ("the refund comes in the types of the card's cost (G27)",
                    "el reembolso se elige entre los tipos del coste de la carta (G27)")
        if st == S_D6:
            if game._on_d6(s) < 0:
                return ("you are not on a District 6 square (EP-D6.2)",
                        "no estás en una casilla del Distrito 6 (EP-D6.2)")
            return ("you have already chosen your resource", "ya has elegido tu recurso")
        if _have(game, s, r) == 0:
            return (f"you have no idle {game.C.resource_names[r][1]}",
                    f"no tienes {game.C.resource_names[r][0]} ocioso")
        return None
    if name in A.DISCARD:
        return ("you hold no Product of that type", "no tienes Productos de ese tipo")
    if name in A.KEEP:
        return ("you hold no Product of that type", "no tienes Productos de ese tipo")
    if name in (A.DEACTIVATE, A.RETURN, A.ACTIVATE, A.REINFORCE, A.OUTSOURCE) or \
            name in A.IDEA or name in A.REPLACE:
        return _reason_target(game, action, s)
    if name in A.LAB:
        if game.lab_n < 0 or not game.own[s * NT + game.lab_n]:
            return ("you own no Laboratory", "no tienes Laboratorio")
        if not game._active(s, game.lab_n):
            return ("your Laboratory is not active (EP-CARD.6)",
                    "tu Laboratorio no está activo (EP-CARD.6)")
        if game.lab_done[s]:
            return ("you already picked this Period (G23)", "ya elegiste en este Período (G23)")
        return ("that is already its process", "ese ya es su Proceso")
    if name in A.EXCHANGE:
        r1, r2, _ = A.EXCHANGES[A.EXCHANGE.index(name)]
        return ("you lack the 2 idle resources to pay (EP-D2.9)",
                "no tienes los 2 recursos ociosos para pagar (EP-D2.9)")
    if name in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
        return _reason_invest(game, action, s)
    if name in A.MAKE:
        t = A.MAKE.index(name)
        plan = C.plans[game.plans[s]]
        if t == plan.missing:
            return ("your Plan cannot make that type (EP-D4.4)",
                    "tu Plan no puede fabricar ese tipo (EP-D4.4)")
        if "must_make_second" in cons and t == plan.type:
            return ("the tutorial asks for your second type now",
                    "el tutorial pide ahora tu segundo tipo")
        return ("your remaining processes do not cover the recipe (EP-D4.3)",
                "tus Procesos restantes no cubren la receta (EP-D4.3)")
    if name in A.BUY or name in A.BUY_CREDIT or name in A.IMPORT or name in A.BUY_SHOP:
        return _reason_buy(game, action, s)
    if name in A.SELL_D or name in A.SELL_E or name in A.SHOP:
        return _reason_sell(game, action, s)
    if name == A.REPAY:
        if not game.credit[s]:
            return ("you hold no credit card", "no tienes carta de crédito")
        if not game.repay_enabled or game.tutorial:
            return ("credit cards are never repaid in this game (G10, option "
                    "credit_repayment)", "en esta partida el crédito no se devuelve (G10, "
                    "opción credit_repayment)")
        if game.repay[s]:
            return ("you have already decided to repay", "ya has decidido devolverlo")
        return (f"you need {C.repay_cost} idle Money (G10)",
                f"necesitas {C.repay_cost} Dinero ocioso (G10)")
    if name == A.INNOVATE:
        return ("you need 3 Products of 3 different types in hand (EP-D7.1; Online shop "
                "products do not count, EP-D7.4)",
                "necesitas 3 Productos de 3 tipos distintos en la mano (EP-D7.1; los de la "
                "Tienda virtual no cuentan, EP-D7.4)")
    return None


def _reason_done(game: ElplanGame, s: int) -> tuple[str, str] | None:
    st = game.stage
    cons = game.cons
    if st == S_OPP:
        return ("placing the entrepreneur token is compulsory (EP-OPP.1)",
                "poner la ficha de emprendedor es obligatorio (EP-OPP.1)")
    if st == S_D1X:
        return ("say whether you ignore or accept the event", "di si ignoras o aceptas el suceso")
    if st == S_D1C:
        return ("the event asks you for a choice first", "el suceso te pide elegir primero")
    if st == S_D2RET and game.refund_left:
        return ("choose the refund first", "elige primero el reembolso")
    if st == S_D2ACT:
        if game.lab_n >= 0 and game._active(s, game.lab_n) and game.lab[s] < 0:
            return ("your active Laboratory needs its process first (G23)",
                    "tu Laboratorio activo necesita primero su Proceso (G23)")
        return ("the tutorial asks you to activate first (it is possible)",
                "el tutorial pide activar primero (es posible)")
    if st == S_D3 and "must_buy_investment" in cons:
        return ("the tutorial asks you to buy an investment (you can)",
                "el tutorial pide comprar una inversión (puedes)")
    if st == S_D4:
        return ("the tutorial asks you to make a product (you can)",
                "el tutorial pide fabricar un Producto (puedes)")
    if st == S_D5BUY:
        return ("the tutorial asks you to buy the type your Plan cannot make (you can)",
                "el tutorial pide comprar el tipo que tu Plan no fabrica (puedes)")
    if st == S_D5SELL:
        return ("the tutorial asks you to sell exactly 1 Product", "el tutorial pide vender "
                "exactamente 1 Producto")
    if st == S_D6:
        return ("choose your subsidy resource first (EP-D6.2)",
                "elige primero el recurso del subsidio (EP-D6.2)")
    if st == S_MERMA:
        return ("choose which Product you keep (EP-SUM.2)",
                "elige qué Producto conservas (EP-SUM.2)")
    return None


def _reason_target(game: ElplanGame, action: Action, s: int) -> tuple[str, str] | None:
    name, N = action.name, action.arg
    st = game.stage
    if N >= game.ntg or not game.own[s * NT + N]:
        return (f"you own no target {target_word(game, N, 'en')}",
                f"no tienes el objetivo {target_word(game, N, 'es')}")
    spaces, mn = game.tinfo[s][N]
    tokens = game._tok(s, N)
    card = game.cat[N - 2] if N >= 2 else None
    if name == A.DEACTIVATE:
        if not tokens:
            return ("it has no tokens on it", "no tiene fichas")
        return ("the tutorial asks you to leave the plan's activations in place",
                "el tutorial pide dejar las activaciones del Plan en su lugar")
    if name == A.RETURN:
        if N < 2:
            return ("a plan process is not an investment", "un Proceso del Plan no es una "
                    "inversión")
        return ("you already returned an investment this Period (G27)",
                "ya devolviste una inversión en este Período (G27)")
    if st == S_D3:
        if N != game.play_n:
            return ("in District 3 only a ▶ card just bought can be activated (EP-D3.9–10)",
                    "en el Distrito 3 solo se activa una carta ▶ recién comprada (EP-D3.9–10)")
        return ("your idle resources do not cover its activation",
                "tus recursos ociosos no cubren su activación")
    if game.named[s] == N and game._ext_active(s):
        return ("no tokens go on a card named by Outsourcing (G20)",
                "no se ponen fichas en una carta nombrada por Externalización (G20)")
    if name == A.ACTIVATE:
        if card is not None and card.comes_active:
            return ("it comes active; its extra token is 'reforzar' (EP-CARD.4–5)",
                    "ya viene activa; su ficha extra es 'reforzar' (EP-CARD.4–5)")
        if game._required_need(s, N) is None:
            return ("its activation spaces are already filled", "sus casillas de activación "
                    "ya están llenas")
        need = game._required_need(s, N)
        want = ", ".join(f"{need[r]} {game.C.resource_names[r][1]}" for r in range(3)
                         if need[r])
        want_es = ", ".join(f"{need[r]} {game.C.resource_names[r][0]}" for r in range(3)
                            if need[r])
        return (f"it needs {want} idle (EP-D2.5–6)", f"necesita {want_es} ocioso (EP-D2.5–6)")
    if name == A.REINFORCE:
        if game._required_need(s, N) is not None:
            return ("activate it first", "actívala primero")
        if tokens >= len(spaces):
            return ("it has no free optional space", "no tiene casillas opcionales libres")
        return ("you lack the idle resource for its next space",
                "no tienes el recurso ocioso para su siguiente casilla")
    if name in A.IDEA or name in A.REPLACE:
        if not game._ideas_allowed():
            return ("Ideas are wildcards only from tutorial Period 5 (EP-TUT.27)",
                    "las Ideas son comodín solo desde el Período 5 del tutorial (EP-TUT.27)")
        if not game.ideas[s]:
            return ("you have no idle Idea (EP-D2.10)", "no tienes Ideas ociosas (EP-D2.10)")
        if name in A.IDEA:
            return ("it has no empty space of that type to fill now",
                    "no tiene una casilla libre de ese tipo para llenar ahora")
        return ("it holds no token of that type (EP-D2.11)",
                "no tiene fichas de ese tipo (EP-D2.11)")
    if name == A.OUTSOURCE:
        if not game._ext_active(s):
            return ("you need an active Outsourcing (EP-CARD.20)",
                    "necesitas una Externalización activa (EP-CARD.20)")
        if game.ext_done[s]:
            return ("you already named a card this Period (ruling X1)",
                    "ya nombraste una carta en este Período (regla X1)")
        if N < 2 or N == game.ext_n:
            return ("it names another investment you own (G20)",
                    "nombra otra inversión tuya (G20)")
        if card is not None and card.comes_active:
            return ("a card that comes active cannot be named (G20)",
                    "no se nombra una carta que ya viene activa (G20)")
        if tokens:
            return ("a card with tokens cannot be named (G20)",
                    "no se nombra una carta con fichas (G20)")
        return ("it is already named", "ya está nombrada")
    return None


def _reason_invest(game: ElplanGame, action: Action, s: int) -> tuple[str, str] | None:
    name, o = action.name, action.arg
    if game.play_n >= 0:
        return ("you bought this Period; activate the ▶ card or say listo",
                "ya compraste; activa la carta ▶ o di listo")
    if game.bought[s]:
        return ("one investment per Period (EP-D3.3)", "una inversión por Período (EP-D3.3)")
    if o >= 3 * 3 or game.offers[o] < 0:
        return (f"there is no offer {offer_word(game.C, o, 'en')}",
                f"no hay oferta {offer_word(game.C, o, 'es')}")
    k = game.offers[o]
    card = game.cat[k]
    if game.own[s * NT + 2 + k]:
        return (f"you already own {card.name_en} (EP-D3.6)", f"ya tienes {card.name} (EP-D3.6)")
    if name == A.INVEST_CREDIT:
        if game.tutorial:
            return ("there is no credit in the tutorial", "no hay crédito en el tutorial")
        if game.credit[s]:
            return ("you already hold a credit card (EP-D3.5)",
                    "ya tienes una carta de crédito (EP-D3.5)")
        return ("no credit card is left", "no quedan cartas de crédito")
    disc = game._discount_types(s, card)
    if name in (A.INVEST_D, A.INVEST_E):
        if len(disc) != 2:
            return ("only the 3A holder buying an Infrastructure that costs Money and Energy "
                    "picks the discount (G44)", "solo quien está en 3A comprando una "
                    "Infraestructura que cuesta Dinero y Energía elige el descuento (G44)")
    elif len(disc) == 2:
        return ("choose the discount: invertir-dto-d or invertir-dto-e (G44)",
                "elige el descuento: invertir-dto-d o invertir-dto-e (G44)")
    return ("your idle resources do not cover the cost (EP-D3.4)",
            "tus recursos ociosos no cubren el coste (EP-D3.4)")


def _reason_buy(game: ElplanGame, action: Action, s: int) -> tuple[str, str] | None:
    C = game.C
    name = action.name
    for group in (A.BUY, A.BUY_CREDIT, A.IMPORT, A.BUY_SHOP):
        if name in group:
            t = group.index(name)
    plan = C.plans[game.plans[s]]
    if game.buy_t[s] >= 0 and game.buy_t[s] != t:
        return ("all your purchases this turn are of one type (EP-D5.2)",
                "todas tus compras de este turno son de un tipo (EP-D5.2)")
    if "must_buy_missing" in game.cons and t != plan.missing:
        return ("the tutorial asks you to buy the type your Plan cannot make",
                "el tutorial pide comprar el tipo que tu Plan no fabrica")
    if name in A.BUY_SHOP:
        o = action.arg
        if o == s or o >= game.n:
            return ("buy from another player's Online shop", "compra en la Tienda virtual de "
                    "otro jugador")
        if game.tienda[3 * o + t] <= 0:
            return ("that shop has no Product of that type", "esa tienda no tiene ese Producto")
        return ("you lack the Money (G14)", "no tienes el Dinero (G14)")
    if name in A.IMPORT:
        if game.tutorial:
            return ("there are no imports in the tutorial (G42e)",
                    "no se importa en el tutorial (G42e)")
        if game.market[t] > 0:
            return ("that type is in the market: buy it there (EP-D5.7)",
                    "ese tipo está en el mercado: cómpralo allí (EP-D5.7)")
        if game.no_imp[s]:
            return ("this Period's event forbids imports", "el suceso de este Período prohíbe "
                    "importar")
        return (f"an import costs {game.price_i[s]} Money (EP-D5.5)",
                f"importar cuesta {game.price_i[s]} Dinero (EP-D5.5)")
    if game.market[t] <= 0:
        return ("the market has no Product of that type (EP-D5.3)",
                "el mercado no tiene ese Producto (EP-D5.3)")
    if name in A.BUY_CREDIT:
        if game.tutorial:
            return ("there is no credit in the tutorial", "no hay crédito en el tutorial")
        if game.credit[s]:
            return ("you already hold a credit card (EP-D3.5)",
                    "ya tienes una carta de crédito (EP-D3.5)")
        return ("no credit card is left", "no quedan cartas de crédito")
    return (f"a market Product costs {game.price_m[s]} Money (EP-D5.3)",
            f"un Producto del mercado cuesta {game.price_m[s]} Dinero (EP-D5.3)")


def _reason_sell(game: ElplanGame, action: Action, s: int) -> tuple[str, str] | None:
    name = action.name
    shop = name in A.SHOP
    t = A.SHOP.index(name) if shop else (A.SELL_D.index(name) if name in A.SELL_D
                                         else A.SELL_E.index(name))
    if "sell_exactly_one" in game.cons and game.sold_n[s]:
        return ("the tutorial asks for exactly 1 sale", "el tutorial pide una sola venta")
    if game.sell_t[s] >= 0 and game.sell_t[s] != t:
        return ("one type per turn (EP-D5.9)", "un tipo por turno (EP-D5.9)")
    if game.hand[3 * s + t] <= 0:
        return ("you hold no Product of that type", "no tienes ese Producto")
    if shop:
        if game.sell_mode[s] == 1:
            return ("you are selling this turn, not stocking your shop (G14)",
                    "este turno vendes, no surtes tu tienda (G14)")
        return ("you need an active Online shop (G14)", "necesitas una Tienda virtual activa "
                "(G14)")
    return ("you are stocking your shop this turn, not selling (G14)",
            "este turno surtes tu tienda, no vendes (G14)")


__all__ = ["TEMPLATES", "describe", "explain_illegal", "who", "SQ_D1"]
