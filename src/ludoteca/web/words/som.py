"""«Som el que decidim!» actions in words: "Moverse a «Industria» (casilla 12)", "Pagar con el
disco de sanidad (2 €)", "Votar con 3 discos de participación", each in Spanish and English and
in a group ("Moverse", "Pagar", "Votación"…).

Everything comes from the acting seat's own view: a face-down cell is "carta boca abajo", the
other seats' bids are never named (the view does not hold them), and names of players, cards
and disk types are the ones the log uses (``ludoteca.games.som.text``).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import IllegalAction
from ludoteca.games.som import actions as A
from ludoteca.games.som.common import EXCHANGES as _EXCHANGES
from ludoteca.games.som.common import TYPE_CODES, VAL
from ludoteca.games.som.tables import Tables, tables_of_view

from . import Words, pair

# what every valid content shares (the schema enforces it: SOM-1.8–1.10, SOM-15.9–15.12); the
# names of cards, disk types and colours and the amounts come from the game's own content,
# which the view names (``tables_of_view``)
EXCHANGES = {x.code: x for x in _EXCHANGES}
TYPE_VALUE = dict(zip(TYPE_CODES, VAL, strict=True))

GROUPS: dict[str, tuple[str, str]] = {
    "turn": ("Turno", "Turn"),
    "pay": ("Pagar", "Pay"),
    "cohesion": ("Cohesión social", "Social cohesion"),
    "move": ("Moverse", "Move"),
    "levy": ("Cobrar", "Levy"),
    "vote": ("Votación", "Vote"),
    "protect": ("Proteger la urna", "Protect the urna"),
}
REASONS = {"impuesto": ("impuestos", "taxes"),
           "recepta": ("Euro per recepta", "Euro per recepta"),
           "sucesiones": ("Impost de successions", "Impost de successions"),
           "devolucion": ("devolución a Hisenda", "give-back to Hisenda"),
           "elecciones": ("coste de las elecciones", "cost of the elections")}


def _who(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """A seat as the log names it: "Ana (lila)" / "Ana (lilac)"; None is Hisenda espanyola."""
    if seat is None:
        return "Hisenda espanyola"
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return f"{'asiento' if lang == 'es' else 'seat'} {seat}"
    p = players[seat]
    colour = p.get("colour", "")
    english = tables_of_view(view).COLOUR_EN
    return f"{p.get('name', '?')} ({colour if lang == 'es' else english.get(colour, colour)})"


def _who_pair(view: dict[str, Any], seat: int | None) -> tuple[str, str]:
    return _who(view, seat, "es"), _who(view, seat, "en")


def _disk(code: str, K: Tables) -> tuple[str, str]:
    es, en = K.TYPE_NAME.get(code, (code, code))
    return es, en


def _euros(n: int) -> str:
    return f"{n} €"


def _pd(n: int) -> tuple[str, str]:
    """"3 discos de participación" / "3 participation disks"."""
    return (f"{n} disco{'' if n == 1 else 's'} de participación",
            f"{n} participation disk{'' if n == 1 else 's'}")


def _cell_words(view: dict[str, Any], cell: int) -> tuple[str, str]:
    """What the seat sees on ``cell``: «Industria» (casilla 12) or casilla 12 (boca abajo)."""
    info = next((c for c in view.get("cells") or [] if c.get("cell") == cell), None)
    if info is None or info.get("estado") == "oculta":
        return (f"la casilla {cell} (carta boca abajo)", f"cell {cell} (face-down card)")
    if info.get("estado") == "vacia":
        return (f"la casilla {cell} (vacía)", f"cell {cell} (empty)")
    card = info.get("card") or {}
    es, en = tables_of_view(view).CARD_NAME.get(
        card.get("id", ""), (card.get("name", "?"), card.get("name_en", "?")))
    return f"«{es}» (casilla {cell})", f"“{en}” (cell {cell})"


STEP_HELP = {"catalunya": ("Carta de Catalunya: puedes seguir avanzando.",
                          "A Catalunya card: you may go on."),
             "mon": ("Carta del mundo: te detienes.", "A world card: you stop."),
             "espanya": ("Carta de España ya descubierta: te detienes.",
                         "A Spain card already revealed: you stop.")}


def _step_help(view: dict[str, Any], cell: int) -> tuple[str, str]:
    """What stepping onto ``cell`` does, as far as the seat can see."""
    info = next((c for c in view.get("cells") or [] if c.get("cell") == cell), None)
    if info is None or info.get("estado") == "oculta":
        return "Descubres la carta y actúas según su bandera.", \
            "You reveal the card and act on its flag."
    flag = (info.get("card") or {}).get("flag", "")
    return STEP_HELP.get(flag, ("", ""))


def _words(es: str, en: str, group: str, help_es: str = "", help_en: str = "") -> Words:
    out: Words = {"label": pair(es, en), "group": pair(*GROUPS[group])}
    if help_es or help_en:
        out["help"] = pair(help_es, help_en)
    return out


def describe(view: dict[str, Any], action: str) -> Words | None:
    """The action ``action`` (text form) in words for the seat whose ``view`` this is."""
    try:
        act = A.parse(action)
    except IllegalAction:
        return None
    name, arg = act.name, act.arg
    seat = view.get("seat")
    K = tables_of_view(view)

    if name == A.ROLL:
        return _words("Tirar el dado", "Roll the die", "turn",
                      "La Generalitat recibe 4, 2 o 0 € de Hisenda espanyola y el dibujo dice "
                      "quién se mueve.", "The Generalitat receives 4, 2 or 0 € from Hisenda "
                      "espanyola and the picture says who moves.")
    if name.startswith(A.PAY_PREFIX):
        code = name[len(A.PAY_PREFIX):]
        d_es, d_en = _disk(code, K)
        value = TYPE_VALUE.get(code, 0)
        pay = view.get("payment") or {}
        help_es = help_en = ""
        if pay:
            to_es, to_en = _who_pair(view, pay.get("payee"))
            r_es, r_en = REASONS.get(pay.get("reason", ""), ("", ""))
            due = pay.get("due", 0)
            help_es = f"Debes {_euros(due)} a {to_es}" + (f" ({r_es})" if r_es else "") + "."
            help_en = f"You owe {_euros(due)} to {to_en}" + (f" ({r_en})" if r_en else "") + "."
            if value > due:
                help_es += " El disco vale más: se pide el cambio."
                help_en += " The disk is worth more: change is asked for."
        return _words(f"Pagar con el disco de {d_es} ({_euros(value)})",
                      f"Pay with the {d_en} disk ({_euros(value)})", "pay", help_es, help_en)
    if name.startswith(A.CHANGE_PREFIX):
        code = name[len(A.CHANGE_PREFIX):]
        d_es, d_en = _disk(code, K)
        chg = view.get("change") or {}
        help_es = help_en = ""
        if chg:
            p_es, p_en = _who_pair(view, chg.get("payer"))
            big_es, big_en = _disk(chg.get("disk", ""), K)
            help_es = f"{p_es} paga con un disco de {big_es} de 2 € y recibe dos de 1 €."
            help_en = f"{p_en} pays with a 2 € {big_en} disk and gets two 1 € disks back."
        return _words(f"Dar cambio con el disco de {d_es} (1 €)",
                      f"Give change with the {d_en} disk (1 €)", "pay", help_es, help_en)
    if name.startswith(A.GIVE_PREFIX):
        code = name[len(A.GIVE_PREFIX):]
        d_es, d_en = _disk(code, K)
        value = TYPE_VALUE.get(code, 0)
        t_es, t_en = _who_pair(view, arg)
        g_es, g_en = _pd(value)
        return _words(f"Dar un disco de {d_es} ({_euros(value)}) a {t_es}",
                      f"Give a {d_en} disk ({_euros(value)}) to {t_en}", "cohesion",
                      f"Ganas {g_es}.", f"You earn {g_en}.")
    if name.startswith(A.SWAP_PREFIX):
        x = EXCHANGES.get(name[len(A.SWAP_PREFIX):])
        if x is None:
            return None
        give_es, give_en = _disk(TYPE_CODES[x.pair], K)
        take_es, take_en = _disk(TYPE_CODES[x.take], K)
        t_es, t_en = _who_pair(view, arg)
        return _words(f"Canjear dos discos de {give_es} por el de {take_es} de {t_es}",
                      f"Swap two {give_en} disks for {t_en}'s {take_en} disk", "cohesion",
                      f"Uno de tus discos de {give_es} va a {t_es} y el otro a Hisenda "
                      "espanyola.", f"One of your {give_en} disks goes to {t_en}, the other "
                      "to Hisenda espanyola.")
    if name == A.END:
        return _words("Terminar la cohesión social", "End social cohesion", "cohesion",
                      "Pasa a la acción ciudadana.", "On to citizen action.")
    if name == A.MOVE:
        c_es, c_en = _cell_words(view, arg)
        h_es, h_en = _step_help(view, arg)
        return _words(f"Moverse a {c_es}", f"Move to {c_en}", "move", h_es, h_en)
    if name == A.STOP:
        mover = view.get("mover")
        cits = view.get("citizens") or []
        here = cits[mover] if mover is not None and 0 <= mover < len(cits) else None
        if here is None:
            return _words("Detenerse aquí", "Stop here", "move")
        c_es, c_en = _cell_words(view, here)
        return _words(f"Detenerse en {c_es}", f"Stop on {c_en}", "move")
    if name == A.RECEPTA:
        t_es, t_en = _who_pair(view, arg)
        return _words(f"Cobrar 1 € a {t_es} (Euro per recepta)",
                      f"Levy 1 € on {t_en} (Euro per recepta)", "levy")
    if name == A.SUCESIONES:
        t_es, t_en = _who_pair(view, arg)
        players = view.get("players") or []
        value = players[arg].get("value", 0) if 0 <= arg < len(players) else 0
        top = min(A.MAX_AMOUNT, value * K.C.levy_num // K.C.levy_den)
        return _words(f"Cobrar el Impost de successions a {t_es}",
                      f"Levy the Impost de successions on {t_en}", "levy",
                      f"Tiene {_euros(value)}: hasta {_euros(top)}.",
                      f"Holds {_euros(value)}: up to {_euros(top)}.")
    if name == A.AMOUNT:
        levy = view.get("levy") or {}
        target = levy.get("target")
        if target is None:
            return _words(f"Cobrar {_euros(arg)} de Impost de successions",
                          f"Levy {_euros(arg)} of Impost de successions", "levy")
        t_es, t_en = _who_pair(view, target)
        return _words(f"Cobrar {_euros(arg)} a {t_es} (Impost de successions)",
                      f"Levy {_euros(arg)} on {t_en} (Impost de successions)", "levy")
    if name == A.NO_LEVY:
        levy = (view.get("levy") or {}).get("kind")
        what = "Euro per recepta" if levy == "recepta" else "Impost de successions"
        more = bool((view.get("levy") or {}).get("chosen"))
        return _words(f"No cobrar {'más ' if more else ''}{what}",
                      f"Levy no {'more ' if more else ''}{what}", "levy")
    if name == A.ELECTIONS:
        mode = view.get("mode")
        cost_es, cost_en = (("Cuestan 3 €.", "They cost 3 €.") if mode == "AC" else
                            ("Cuestan un disco de mossos d'esquadra.",
                             "They cost a Catalan police disk."))
        return _words("Convocar elecciones anticipadas", "Call early elections", "vote",
                      cost_es, cost_en)
    if name == A.MOTION:
        g_es, g_en = _who_pair(view, view.get("gh"))
        return _words(f"Presentar una moción de censura contra {g_es}",
                      f"Bring a motion of censure against {g_en}", "vote")
    if name == A.DECLINE:
        return _words("No usar Sufragi universal", "Do not use Sufragi universal", "vote",
                      "Termina el turno.", "The turn ends.")
    if name == A.SUPPORT:
        vote = view.get("vote") or {}
        if arg == seat:
            if vote.get("kind") == "mocion":
                if seat == view.get("gh"):
                    return _words("Defender el gobierno", "Defend the government", "vote")
                return _words("Encabezar la moción", "Lead the motion", "vote")
            return _words("Presentarte como candidato", "Run as a candidate", "vote")
        t_es, t_en = _who_pair(view, arg)
        return _words(f"Apoyar a {t_es}", f"Support {t_en}", "vote")
    if name == A.ABSTAIN:
        return _words("Abstenerse en la moción", "Abstain in the motion", "vote")
    if name == A.GOVERNOR:
        t_es, t_en = _who_pair(view, arg)
        if arg == seat:
            return _words("Gobernar tú si gana la moción", "Govern yourself if the motion wins",
                          "vote")
        return _words(f"Que gobierne {t_es} si gana la moción",
                      f"{t_en} governs if the motion wins", "vote")
    if name == A.BID:
        es, en = _pd(arg)
        mine = next((p.get("pd") for p in view.get("players") or [] if p.get("seat") == seat),
                    None)
        help_es = help_en = ""
        if mine is not None:
            help_es = f"En secreto; tienes {_pd(mine)[0]}."
            help_en = f"In secret; you hold {_pd(mine)[1]}."
        return _words(f"Votar con {es}", f"Bid {en}", "vote", help_es, help_en)
    if name in (A.PROTECT_M, A.PROTECT_B):
        code = "mossos" if name == A.PROTECT_M else "bomberos"
        d_es, d_en = _disk(code, K)
        t_es, t_en = _who_pair(view, arg)
        prot = view.get("protection") or {}
        help_es = help_en = ""
        if prot:
            help_es = f"{prot.get('protected', 0)} de {prot.get('pile', 0)} cartas protegidas."
            help_en = f"{prot.get('protected', 0)} of {prot.get('pile', 0)} cards protected."
        return _words(f"Proteger una carta de urna con el disco de {d_es} de {t_es}",
                      f"Protect an urna card with {t_en}'s {d_en} disk", "protect",
                      help_es, help_en)
    if name == A.COLLECT:
        prot = view.get("protection") or {}
        return _words("Recoger las cartas descubiertas", "Collect the revealed cards", "protect",
                      f"{prot.get('protected', 0)} cartas de urna protegidas se quedan."
                      if prot else "", f"{prot.get('protected', 0)} protected urna cards stay."
                      if prot else "")
    return None
