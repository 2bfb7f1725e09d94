"""Player-facing words for «Som el que decidim!», in Spanish and English: every event kind, and
why an action is refused. Nothing here ever names a face-down card, a type on Hisenda
espanyola or a bid before the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.action import Action
from ludoteca.core.events import Event

from . import actions as A
from . import common as S
from .common import EXCHANGES
from .content import FLAG_CODES
from .tables import PROPER_EFFECTS, default_tables

if TYPE_CHECKING:
    from .state import SomGame

# Names of cards, disk types, colours and die pictures come from the game's content
# (``game.K``: CARD_NAME, TYPE_NAME, PICTURE_NAME, COLOUR_EN); the words below are the engine's.
# The shipped content's names under their former module names, for code that means the shipped
# file itself (tests, tools); describe() and explain_illegal() read the game's.
_SHIPPED = default_tables()
CARD_NAME, TYPE_NAME = _SHIPPED.CARD_NAME, _SHIPPED.TYPE_NAME
PICTURE_NAME, COLOUR_EN = _SHIPPED.PICTURE_NAME, _SHIPPED.COLOUR_EN
PROPER_NAMES = frozenset(c.id for c in _SHIPPED.C.cards if c.effect in PROPER_EFFECTS)
FLAG_NAME = {"catalunya": ("Catalunya", "Catalonia"), "mon": ("mundo", "world"),
             "urna": ("urna", "urna (ballot box)"), "espanya": ("España", "Spain")}
REASON_NAME = {"impuesto": ("impuesto", "tax"), "recepta": ("Euro per recepta", "Euro per recepta"),
               "sucesiones": ("Impost de successions", "Impost de successions"),
               "devolucion": ("devolución a Hisenda", "give-back to Hisenda"),
               "elecciones": ("coste de las elecciones", "cost of the elections")}
END_NAME = {"consulta": ("se celebra la consulta", "the consulta is held"),
            "intervencion": ("la Generalitat es intervenida", "the Generalitat is taken over"),
            "dui": ("declaración unilateral de independencia (DUI)",
                    "unilateral declaration of independence (DUI)")}
#: the end of a game cut off by option max_turns (its reason is the content's
#: ``end.truncated_reason``)
LIMIT_NAME = ("límite de turnos (no es un final del reglamento)",
              "turn limit (not an ending of the rulebook)")


def end_name(K: Any, reason: str) -> tuple[str, str]:
    """(Spanish, English) words for the end ``reason`` of a game on the content ``K``."""
    if reason == K.LIMIT:
        return LIMIT_NAME
    return END_NAME.get(reason, (reason, reason))

# event kind -> (Spanish, English); fields are filled by describe()
TEMPLATES: dict[str, tuple[str, str]] = {
    "centralismo": ("{p} tira el dado para el grado de centralismo: {number} → {degree}.",
                    "{p} rolls the die for the degree of centralism: {number} → {degree}."),
    "turno": ("Turno {turn}: {p} tiene la Generalitat{atc_es}.",
              "Turn {turn}: {p} holds the Generalitat{atc_en}."),
    "intervencion": ("{p} debe pagar {due} € y solo tiene {value} €: no puede pagar los "
                     "impuestos.", "{p} owes {due} € and holds only {value} €: cannot pay "
                     "the taxes."),
    "pago": ("{p} paga un disco de {disk} ({value} €) a {to} ({reason}); quedan {due} €.",
             "{p} pays {a_disk} disk ({value} €) to {to} ({reason}); {due} € still due."),
    "sobrepago": ("Nadie puede dar cambio: {p} paga con un disco de {disk} de 2 € y no recibe "
                  "nada a cambio.", "Nobody can give change: {p} pays with a 2 € {disk} disk "
                  "and gets nothing back."),
    "cambio": ("{giver} cambia a {p} un disco de {disk} de 2 € por dos de 1 € ({received}).",
               "{giver} changes {p}'s 2 € {disk} disk for two 1 € disks ({received})."),
    "repetir_tirada": ("Sale {picture}, que no juega: se repite la tirada.",
                       "The die shows {picture}, not in play: rolled again."),
    "tirada": ("{p} tira el dado: {number} € y {picture}.",
               "{p} rolls the die: {number} € and {picture}."),
    "dui": ("Hisenda espanyola debe pagar {due} € y solo tiene {hisenda} €: ¡DUI!",
            "Hisenda espanyola must pay {due} € and holds only {hisenda} €: DUI!"),
    "transferencia": ("La Generalitat ({p}) recibe {value} € de Hisenda espanyola{disks_es}.",
                      "The Generalitat ({p}) receives {value} € from Hisenda espanyola"
                      "{disks_en}."),
    "donacion": ("{p} da un disco de {disk} ({value} €) a {to} y gana {earned} {discos} de "
                 "participación ({pd_from_player} de {to}, {pd_from_cn} de Concentració "
                 "nacional).", "{p} gives {a_disk} disk ({value} €) to {to} and earns {earned} "
                 "participation {disks_word} ({pd_from_player} from {to}, {pd_from_cn} from "
                 "Concentració nacional)."),
    "canje": ("{p} entrega dos discos de {gives} (uno a {target}, otro a Hisenda) y toma "
              "uno de {takes} de {target}.", "{p} hands over two {gives} disks (one to "
              "{target}, one to Hisenda) and takes {a_takes} disk from {target}."),
    "fin_cohesion": ("{p} termina la cohesión social.", "{p} ends social cohesion."),
    "accion": ("Acción ciudadana: se mueve{n_es} {movers}.",
               "Citizen action: {movers} move{n_en}."),
    "sin_movimiento": ("{p} no tiene ninguna carta a su alrededor: no se mueve.",
                       "{p} has no card around: does not move."),
    "revelar": ("{p} descubre la casilla {cell}: «{card}» ({flag}).",
                "{p} reveals cell {cell}: “{card}” ({flag})."),
    "urna": ("¡Carta de urna! Va al montón de la urna ({pile} de 4); {p} se queda en la "
             "casilla {stays_on}.", "An urna card! It goes to the urna pile ({pile} of 4); "
             "{p} stays on cell {stays_on}."),
    "consulta": ("¡La urna está completa: se celebra la consulta!",
                 "The urna is complete: the consulta is held!"),
    "paso": ("{p} se sitúa en «{card}» (casilla {cell}).",
             "{p} steps onto “{card}” (cell {cell})."),
    "capacidad_economica": ("Capacidad económica: {p} recibe {value} € de Hisenda espanyola"
                            "{disks_es}.", "Economic capacity: {p} receives {value} € from "
                            "Hisenda espanyola{disks_en}."),
    "parada": ("{p} se detiene en la casilla {cell}.", "{p} stops on cell {cell}."),
    "parar": ("{p} decide detenerse en la casilla {cell}.", "{p} chooses to stop on cell {cell}."),
    "cobro": ("{p} puede cobrar {levy_name}.", "{p} may levy {levy_name}."),
    "recepta": ("{p} cobra 1 € a {target} (Euro per recepta).",
                "{p} levies 1 € on {target} (Euro per recepta)."),
    "sucesiones": ("{p} cobrará el Impost de successions a {target} (hasta {max} €).",
                   "{p} will levy the inheritance tax on {target} (up to {max} €)."),
    "importe": ("{p} cobra {amount} € a {target} (Impost de successions).",
                "{p} levies {amount} € on {target} (Impost de successions)."),
    "no_cobrar": ("{p} no cobra (más).", "{p} levies nothing (more)."),
    "espana": ("{p} descubre una carta de España, «{card}», en la casilla {cell}.",
               "{p} reveals a Spain card, “{card}”, on cell {cell}."),
    "concentracion": ("Todos los ciudadanos vuelven a Concentració nacional.",
                      "Every citizen goes back to Concentració nacional."),
    "proteccion": ("{p} protege una carta de urna con el disco de {disk} de {from_p} "
                   "({protected} protegidas).", "{p} protects an urna card with {from_p}'s "
                   "{disk} disk ({protected} protected)."),
    "carta_espana": ("La carta de España {fate_es}.", "The Spain card {fate_en}."),
    "recogida": ("Se recogen y barajan {k} cartas{prot_es}.",
                 "{k} cards are collected and shuffled{prot_en}."),
    "reparto": ("Se reparten boca abajo en las casillas {cells_list}{left_es}.",
                "They are dealt face down into cells {cells_list}{left_en}."),
    "sufragio": ("{p} está en Sufragi universal y debe decidir si lo usa.",
                 "{p} is on Sufragi universal and must say whether to use it."),
    "declina": ("{p} no usa Sufragi universal: termina el turno.",
                "{p} does not use Sufragi universal: the turn ends."),
    "elecciones": ("{p} convoca elecciones anticipadas.", "{p} calls early elections."),
    "coste_elecciones": ("{p} entrega un disco de {disk} a Hisenda espanyola.",
                         "{p} hands {a_disk} disk to Hisenda espanyola."),
    "mocion": ("{p} presenta una moción de censura contra {gh_p}.",
               "{p} brings a motion of censure against {gh_p}."),
    "apoyo": ("{p} apoya a {supports_p}.", "{p} supports {supports_p}."),
    "abstencion": ("{p} se abstiene.", "{p} abstains."),
    "gobernador": ("Si gana la moción, gobernará {governor_p}.",
                   "If the motion wins, {governor_p} will govern."),
    "votacion": ("Votación secreta: pujan {bidders_p}.", "Secret vote: {bidders_p} bid."),
    "puja": ("{p} ya ha votado.", "{p} has bid."),
    "revelacion": ("Se abren los puños: {bids_list}.", "Fists open: {bids_list}."),
    "votos_a_cn": ("{pd} discos de participación van a Concentració nacional.",
                   "{pd} participation disks go to Concentració nacional."),
    "resultado_voto": ("{result_es}", "{result_en}"),
    "fin_turno": ("Fin del turno; la Generalitat pasa a {next_p}.",
                  "End of turn; the Generalitat passes to {next_p}."),
    "limite": ("Se ha llegado al límite de {turns} turnos.",
               "The limit of {turns} turns has been reached."),
    "fin": ("Fin de la partida: {end_es}. {winners_es}", "Game over: {end_en}. {winners_en}"),
}


def _join(items: list[str], lang: str) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + (" y " if lang == "es" else " and ") + items[-1]


def who(game: SomGame, s: int | None, lang: str = "es") -> str:
    if s is None:
        return "Hisenda espanyola"
    code = game.colours[s]
    return f"{game.names[s]} ({code if lang == 'es' else game.K.COLOUR_EN.get(code, code)})"


def describe(game: SomGame, event: Event, lang: str = "es") -> str:
    d: dict[str, Any] = event.data
    es, en = TEMPLATES.get(event.kind, (event.kind, event.kind))
    i = 0 if lang == "es" else 1
    f: dict[str, Any] = dict(d)
    K = game.K
    TYPE_NAME = K.TYPE_NAME

    def name(s: int | None) -> str:
        return who(game, s, lang)

    if "player" in d:
        f["p"] = name(d["player"])
    for key in ("to", "target", "giver"):
        if key in d:
            f[key] = name(d[key])                      # None: Hisenda espanyola
    for key in ("disk", "gives", "takes"):
        if key in d:
            f[key] = TYPE_NAME[d[key]][i]
            f["a_" + key] = ("an " if f[key][:1] in "aeiou" else "a ") + f[key]
    if "card" in d:
        f["card"] = K.CARD_NAME[d["card"]][i]
    if "flag" in d:
        f["flag"] = FLAG_NAME.get(d["flag"], (d["flag"], d["flag"]))[i]
    if "picture" in d:
        f["picture"] = K.PICTURE_NAME.get(d["picture"], (d["picture"], d["picture"]))[i]
    if "reason" in d and event.kind != "fin":
        f["reason"] = REASON_NAME.get(d["reason"], (d["reason"], d["reason"]))[i]
    if "received" in d:
        f["received"] = _join([TYPE_NAME[t][i] for t in d["received"]], lang)
    if "disks" in d:
        names = _join([TYPE_NAME[t][i] for t in d["disks"]], lang)
        f["disks_es"] = f" ({names})" if names else ""
        f["disks_en"] = f["disks_es"]
    kind = event.kind
    if kind == "turno":
        f["atc_es"] = "; la Agència Tributària Catalana está activa" if d["atc"] else ""
        f["atc_en"] = "; the Agència Tributària Catalana is active" if d["atc"] else ""
    elif kind == "donacion":
        f["earned"] = earned = d["pd_from_player"] + d["pd_from_cn"]
        f["discos"], f["disks_word"] = ("disco", "disk") if earned == 1 else ("discos", "disks")
    elif kind == "accion":
        movers = d["movers"]
        f["movers"] = _join([name(s) for s in movers], lang)
        f["n_es"] = "n" if len(movers) > 1 else ""
        f["n_en"] = "" if len(movers) > 1 else "s"
    elif kind == "cobro":
        f["levy_name"] = "Euro per recepta" if d["levy"] == "recepta" else \
            "Impost de successions"
    elif kind == "proteccion":
        f["from_p"] = name(d["from"])
    elif kind == "carta_espana":
        fate = d["fate"]
        f["fate_es"] = {"queda": "queda boca arriba y ya no actúa",
                        "alineada": "está alineada con otra: ambas se recogen",
                        "recogida": "se recoge con las demás"}[fate]
        f["fate_en"] = {"queda": "stays face up and will not act again",
                        "alineada": "is aligned with another: both are collected",
                        "recogida": "is collected with the others"}[fate]
    elif kind == "recogida":
        f["k"] = len(d["cards"])
        prot = len(d["protected"])
        f["prot_es"] = f"; {prot} cartas de urna protegidas se quedan" if prot else ""
        f["prot_en"] = f"; {prot} protected urna cards stay" if prot else ""
    elif kind == "reparto":
        f["cells_list"] = ", ".join(str(c) for c in d["cells"]) or "—"
        left = ", ".join(str(c) for c in d["empty"])
        f["left_es"] = f"; quedan vacías {left}" if left else ""
        f["left_en"] = f"; {left} stay empty" if left else ""
    elif kind == "mocion":
        f["gh_p"] = name(d["gh"])
    elif kind == "apoyo":
        f["supports_p"] = name(d["supports"]) if d["supports"] != d["player"] else \
            ("sí mismo" if lang == "es" else "themself")
    elif kind == "gobernador":
        f["governor_p"] = name(d["governor"])
    elif kind == "votacion":
        f["bidders_p"] = _join([name(s) for s in d["bidders"]], lang) or "—"
    elif kind == "revelacion":
        f["bids_list"] = ", ".join(f"{name(s)} {b}" for s, b in enumerate(d["bids"]))
    elif kind == "resultado_voto":
        nxt = name(d["next"])
        if d["winner"] is None:
            f["result_es"] = f"Empate: la Generalitat pasa por turno a {nxt}."
            f["result_en"] = f"Tie: the Generalitat passes in rotation to {nxt}."
        else:
            f["result_es"] = f"Gana la votación: {nxt} tendrá la Generalitat."
            f["result_en"] = f"The vote is won: {nxt} will hold the Generalitat."
    elif kind == "fin_turno":
        f["next_p"] = name(d["next"])
    elif kind == "fin":
        f["end_es"], f["end_en"] = end_name(K, d["reason"])
        ws = d["winners"]
        f["winners_es"] = ("Gana " + _join([name(s) for s in ws], lang) + ".") if ws else \
            "Nadie gana."
        f["winners_en"] = ("Winner: " + _join([name(s) for s in ws], lang) + ".") if ws else \
            "Nobody wins."
    return (es if lang == "es" else en).format(**f)


# ----- refusals ---------------------------------------------------------------------------------
def _expected(game: SomGame) -> tuple[str, str]:
    """What the game waits for now: (English, Spanish)."""
    ph = game.phase
    if ph == S.PH_PAY:
        to = who(game, game._who(game.pay_payee))
        return (f"{who(game, game.pay_payer)} must pay {game.pay_due} € to {to} with a disk "
                f"('pagar-T')", f"{who(game, game.pay_payer)} debe pagar {game.pay_due} € a {to} "
                f"con un disco ('pagar-T')")
    if ph == S.PH_CHANGE:
        return (f"{who(game, game.chg_giver)} must give change: 1 € disks ('cambio-T')",
                f"{who(game, game.chg_giver)} debe dar cambio: discos de 1 € ('cambio-T')")
    if ph == S.PH_ROLL:
        return ("the Generalitat must roll the die ('tirar')",
                "la Generalitat debe tirar el dado ('tirar')")
    if ph == S.PH_COHESION:
        return ("phase 3, social cohesion: 'dar-T N', 'canjear-P N' or 'terminar'",
                "fase 3, cohesión social: 'dar-T N', 'canjear-P N' o 'terminar'")
    if ph == S.PH_MOVE:
        extra_en = " or stop ('parar')" if game.may_stop else ""
        extra_es = " o detenerse ('parar')" if game.may_stop else ""
        return (f"phase 4: {who(game, game.mover)} moves the citizen ('mover N'){extra_en}",
                f"fase 4: {who(game, game.mover)} mueve el ciudadano ('mover N'){extra_es}")
    if ph == S.PH_COBRO:
        if game.levy == S.LEVY_RECEPTA:
            return ("Euro per recepta: 'recepta N' or 'no-cobrar'",
                    "Euro per recepta: 'recepta N' o 'no-cobrar'")
        if game.levy_target < 0:
            return ("Impost de successions: 'sucesiones N' or 'no-cobrar'",
                    "Impost de successions: 'sucesiones N' o 'no-cobrar'")
        return ("Impost de successions: 'importe A' or 'no-cobrar'",
                "Impost de successions: 'importe A' o 'no-cobrar'")
    if ph == S.PH_PROTECT:
        return ("interior protection: 'proteger-mossos N', 'proteger-bomberos N' or 'recoger'",
                "protección interior: 'proteger-mossos N', 'proteger-bomberos N' o 'recoger'")
    if ph == S.PH_SUFRAGIO:
        return ("Sufragi universal: 'elecciones' / 'mocion' or 'declinar'",
                "Sufragi universal: 'elecciones' / 'mocion' o 'declinar'")
    if ph == S.PH_DECLARE:
        return ("declarations: 'apoyar N'" + (" or 'abstenerse'" if
                                             game.vote_kind == S.VOTE_MOTION else ""),
                "declaraciones: 'apoyar N'" + (" o 'abstenerse'" if
                                              game.vote_kind == S.VOTE_MOTION else ""))
    if ph == S.PH_GOVERNOR:
        return ("the challenger names the governor ('gobernador N')",
                "el candidato nombra quién gobernará ('gobernador N')")
    if ph == S.PH_BID:
        return ("secret vote: 'pujar B' (0 to your participation disks)",
                "votación secreta: 'pujar B' (de 0 a tus discos de participación)")
    return ("the game is over", "la partida ha terminado")


def _phase_of(name: str) -> int:
    if name.startswith(A.PAY_PREFIX):
        return S.PH_PAY
    if name.startswith(A.CHANGE_PREFIX):
        return S.PH_CHANGE
    if name.startswith((A.GIVE_PREFIX, A.SWAP_PREFIX)) or name == A.END:
        return S.PH_COHESION
    return {A.ROLL: S.PH_ROLL, A.MOVE: S.PH_MOVE, A.STOP: S.PH_MOVE, A.RECEPTA: S.PH_COBRO,
            A.SUCESIONES: S.PH_COBRO, A.AMOUNT: S.PH_COBRO, A.NO_LEVY: S.PH_COBRO,
            A.ELECTIONS: S.PH_SUFRAGIO, A.MOTION: S.PH_SUFRAGIO, A.DECLINE: S.PH_SUFRAGIO,
            A.SUPPORT: S.PH_DECLARE, A.ABSTAIN: S.PH_DECLARE, A.GOVERNOR: S.PH_GOVERNOR,
            A.BID: S.PH_BID, A.PROTECT_M: S.PH_PROTECT, A.PROTECT_B: S.PH_PROTECT,
            A.COLLECT: S.PH_PROTECT}[name]


def explain_illegal(game: SomGame, action: Action, seat: int) -> tuple[str, str]:
    """Why ``action`` is not legal for ``seat`` now: (English, Spanish). Never reveals a
    face-down card, Hisenda's types or a bid."""
    en, es = _expected(game)
    name, arg = action.name, action.arg
    if name not in S.DISPATCH:
        return (f"'{action}' is not an action of som", f"'{action}' no es una acción de som")
    if _phase_of(name) != game.phase:
        return (f"'{action}' is not possible now; {en}", f"'{action}' no es posible ahora; {es}")
    n, h, T = game.n, game.hold, S.T
    if arg is not None and A.ARG_KIND[name] == "seat" and arg >= n:
        return (f"seat {arg} is not in play (seats 0 to {n - 1})",
                f"el asiento {arg} no juega (asientos de 0 a {n - 1})")
    kind, p = S.DISPATCH[name]
    TYPE_NAME = game.K.TYPE_NAME

    def no_disk(owner: int, t: int) -> tuple[str, str]:
        tn = TYPE_NAME[S.TYPE_CODES[t]]
        return (f"{who(game, owner, 'en')} holds no {tn[1]} disk",
                f"{who(game, owner)} no tiene ningún disco de {tn[0]}")

    def first_of_value(owner: int, t: int) -> tuple[str, str]:
        first = next(x for x in range(T) if h[owner * T + x] and S.VAL[x] == S.VAL[t])
        code = S.TYPE_CODES[first]
        return (f"in mode {game.mode} a disk's type has no effect (SOM-14.11): a {S.VAL[t]} € "
                f"disk is given as '{code}'",
                f"en el modo {game.mode} el tipo del disco no cuenta (SOM-14.11): un disco de "
                f"{S.VAL[t]} € se da como '{code}'")

    if kind == S._K_PAY:
        payer = game.pay_payer
        if not h[payer * T + p]:
            return no_disk(payer, p)
        if S.VAL[p] > game.pay_due and game.count(payer, 1):
            return (f"only {game.pay_due} € is due and you hold 1 € disks: pay with one of them",
                    f"solo se deben {game.pay_due} € y tienes discos de 1 €: paga con uno")
        if S.VAL[p] == 1 and any(S.VAL[t] == 2 for t in game._pay_options()):
            return (f"{game.pay_due} € can be paid exactly only with a 2 € disk; paying 1 € "
                    f"first would need change (SOM-14.1, SOM-14.3)",
                    f"{game.pay_due} € solo se pagan exactos con un disco de 2 €; pagar 1 € "
                    f"antes obligaría a cambiar moneda (SOM-14.1, SOM-14.3)")
        return first_of_value(payer, p)
    if kind == S._K_CHANGE:
        g = game.chg_giver
        if not h[g * T + p]:
            return no_disk(g, p)
        return first_of_value(g, p)
    if kind == S._K_GIVE:
        gh = game.gh
        if arg == gh:
            return ("the Generalitat gives only to other citizens (SOM-9.3)",
                    "la Generalitat solo da a otros ciudadanos (SOM-9.3)")
        if not h[gh * T + p]:
            return no_disk(gh, p)
        if game.disks(gh) < 2:
            return ("the Generalitat may not give away its last disk (SOM-9.4)",
                    "la Generalitat no puede quedarse sin discos (SOM-9.4)")
        return first_of_value(gh, p)
    if kind == S._K_SWAP:
        if not game.pm:
            return (f"exchanges are mode B powers (SOM-15.9–15.13); this game is mode "
                    f"{game.mode}" + (" solo" if game.solo else ""),
                    f"los canjes son poderes del modo B (SOM-15.9–15.13); esta partida es del "
                    f"modo {game.mode}" + (" en solitario" if game.solo else ""))
        x = EXCHANGES[p]
        gh = game.gh
        pair = TYPE_NAME[S.TYPE_CODES[x.pair]]
        if h[gh * T + x.pair] < 2:
            return (f"this exchange needs two {pair[1]} disks of the Generalitat",
                    f"este canje exige dos discos de {pair[0]} de la Generalitat")
        if arg == gh:
            return ("the exchange is made with another player", "el canje se hace con otro jugador")
        return no_disk(arg, x.take)
    if kind == S._K_MOVE:
        here = game.cit[game.mover]
        if arg not in S.NEIGH[here]:
            return (f"cell {arg} is not next to the citizen's cell {here} (SOM-10.4)",
                    f"la casilla {arg} no está junto a la casilla {here} del ciudadano "
                    f"(SOM-10.4)")
        return (f"cell {arg} is empty (SOM-10.5)", f"la casilla {arg} está vacía (SOM-10.5)")
    if kind == S._K_STOP:
        return ("the first step is compulsory; you may stop only after a Catalunya card "
                "(SOM-10.9, 11.1)", "el primer paso es obligatorio; solo puedes detenerte "
                "tras una carta de Catalunya (SOM-10.9, 11.1)")
    if kind in (S._K_RECEPTA, S._K_SUC, S._K_AMOUNT):
        if kind == S._K_RECEPTA and game.levy != S.LEVY_RECEPTA or \
                kind != S._K_RECEPTA and game.levy != S.LEVY_SUCESIONES:
            return (f"'{action}' belongs to the other levy; {en}",
                    f"'{action}' es del otro cobro; {es}")
        if kind == S._K_AMOUNT:
            if game.levy_target < 0:
                return ("first choose whom to levy ('sucesiones N')",
                        "primero elige a quién cobrar ('sucesiones N')")
            top = game._succession_max(game.levy_target)
            return (f"the inheritance tax is at most a third of the target's value: 1 to {top} €"
                    f" (SOM-15.2)", f"el Impost de successions es como mucho un tercio del "
                    f"valor: de 1 a {top} € (SOM-15.2)")
        if arg == game.gh:
            return ("the Generalitat levies other citizens", "la Generalitat cobra a los demás")
        if kind == S._K_SUC:
            if game.levy_target >= 0:
                return ("the target is chosen; now the amount ('importe A')",
                        "el objetivo ya está elegido; ahora el importe ('importe A')")
            return (f"{who(game, arg, 'en')} holds less than 3 € (SOM-15.2)",
                    f"{who(game, arg)} tiene menos de 3 € (SOM-15.2)")
        if arg in game.levy_chosen:
            return (f"{who(game, arg, 'en')} has already paid (SOM-15.6)",
                    f"{who(game, arg)} ya ha pagado (SOM-15.6)")
        if len(game.levy_chosen) >= game.levy_k:
            return (f"the Generalitat holds {game.levy_k} sanidad disks: at most "
                    f"{game.levy_k} citizens (SOM-15.5)", f"la Generalitat tiene "
                    f"{game.levy_k} discos de sanidad: como mucho {game.levy_k} ciudadanos "
                    f"(SOM-15.5)")
        return (f"{who(game, arg, 'en')} holds 0 € (SOM-15.7)",
                f"{who(game, arg)} tiene 0 € (SOM-15.7)")
    if kind == S._K_ELECT:
        if seat != game.gh:
            return ("only the Generalitat calls elections; another player brings a motion "
                    "(SOM-16.6)", "solo la Generalitat convoca elecciones; otro jugador "
                    "presenta una moción (SOM-16.6)")
        if game.ac:
            return ("elections cost 3 € (mode C on A, SOM-16.7)",
                    "las elecciones cuestan 3 € (modo C sobre A, SOM-16.7)")
        return ("elections need a mossos d'esquadra disk (SOM-16.7)",
                "las elecciones exigen un disco de mossos d'esquadra (SOM-16.7)")
    if kind == S._K_MOTION:
        return ("the Generalitat calls elections, not a motion (SOM-16.6)",
                "la Generalitat convoca elecciones, no una moción (SOM-16.6)")
    if kind == S._K_SUPPORT:
        if game.vote_kind == S.VOTE_MOTION:
            return (f"in a motion you support {who(game, game.vote_caller, 'en')} or "
                    f"{who(game, game.gh, 'en')}, or abstain (SOM-16.19)",
                    f"en una moción apoyas a {who(game, game.vote_caller)} o a "
                    f"{who(game, game.gh)}, o te abstienes (SOM-16.19)")
        return ("that support would close a circle with nobody leading; support yourself or a "
                "side that has a leader (G19)", "ese apoyo cerraría un círculo sin nadie al "
                "frente; apóyate a ti o a un bando con cabeza (G19)")
    if kind == S._K_ABSTAIN:
        return ("in elections everyone declares a side ('apoyar N'); abstaining is for motions",
                "en unas elecciones todos declaran un bando ('apoyar N'); abstenerse es de las "
                "mociones")
    if kind == S._K_GOV:
        return ("the governor must be on the challenger's side (SOM-16.20)",
                "quien gobierne debe ser del bando del candidato (SOM-16.20)")
    if kind == S._K_BID:
        return (f"you hold {game.pd[seat]} participation disks: bid 0 to {game.pd[seat]}",
                f"tienes {game.pd[seat]} discos de participación: vota de 0 a {game.pd[seat]}")
    if kind == S._K_PROTECT:
        if game.prot >= len(game.pile):
            return ("every urna card in the pile is already protected",
                    "todas las cartas de urna del montón ya están protegidas")
        return no_disk(arg, p)
    return (f"'{action}' is not legal now; {en}", f"'{action}' no es legal ahora; {es}")


__all__ = ["FLAG_CODES", "TEMPLATES", "describe", "explain_illegal", "who"]
