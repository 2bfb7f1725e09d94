"""The numbered actions of «Som el que decidim!» and what each means, in Spanish or English:
``pagar-sanidad (pay-health)`` and «pay with your health care disk (2 €)»."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.games.som import actions as A
from ludoteca.games.som.common import EXCHANGES, TYPE_CODES

from .common import _, card_name, flag_tag, pd_words, tables, type_name, type_value, who

EN_NAMES = {A.ROLL: "roll", A.END: "end", A.STOP: "stop", A.NO_LEVY: "no-levy",
            A.ELECTIONS: "elections", A.MOTION: "motion", A.DECLINE: "decline",
            A.ABSTAIN: "abstain", A.COLLECT: "collect", A.MOVE: "move",
            A.RECEPTA: "prescription", A.SUCESIONES: "inheritance", A.AMOUNT: "amount",
            A.SUPPORT: "support", A.GOVERNOR: "governor", A.BID: "bid",
            A.PROTECT_M: "protect-police", A.PROTECT_B: "protect-firefighters"}
PREFIX_EN = ((A.PAY_PREFIX, "pay-"), (A.CHANGE_PREFIX, "change-"), (A.GIVE_PREFIX, "give-"),
             (A.SWAP_PREFIX, "swap-"))


def english_form(text: str) -> str:
    """``pagar-sanidad`` → ``pagar-sanidad (pay-health)``, ``mover 15`` → ``mover 15 (move
    15)``."""
    name, _sp, arg = text.partition(" ")
    alias = EN_NAMES.get(name)
    if alias is None:
        for es, en in PREFIX_EN:
            if name.startswith(es):
                rest = name[len(es):]
                alias = en + "-".join(A.TYPE_EN.get(part, part) for part in rest.split("-"))
                break
    if alias is None or alias == name:
        return text
    return f"{text} ({alias}{' ' + arg if arg else ''})"


def shown_form(text: str, lang: str) -> str:
    """An action as the list shows it in ``lang``."""
    return text if lang == "es" else english_form(text)


class Meaning:
    """What one action means, built piece by piece in one language."""

    def __init__(self, view: dict[str, Any], seat: int, lang: str) -> None:
        self.view, self.seat, self.lang, self.out = view, seat, lang, Text()
        self.K = tables(view)

    def add(self, es: str, en: str) -> None:
        self.out.append(_(self.lang, es, en))

    def person(self, s: int | None) -> None:
        self.out.append_text(who(self.view, s, self.lang))

    def disk(self, code: str) -> str:
        return type_name(code, self.lang, self.K)


def _roll(m: Meaning, arg: int | None) -> None:
    m.add("tirar el dado: 4, 2 o 0 € de Hisenda; el dibujo dice quién se mueve",
          "roll the die: 4, 2 or 0 € from Hisenda; the picture says who moves")


def _pay(m: Meaning, code: str, arg: int | None) -> None:
    v = type_value(code)
    due = (m.view.get("payment") or {}).get("due", v)
    if v > due:
        m.add(f"partir tu disco de {m.disk(code)} (2 €): se debe {due} €",
              f"split your {m.disk(code)} disk (2 €): {due} € is due")
    else:
        m.add(f"pagar con tu disco de {m.disk(code)} ({v} €)",
              f"pay with your {m.disk(code)} disk ({v} €)")


def _change(m: Meaning, code: str, arg: int | None) -> None:
    m.add(f"dar tu disco de {m.disk(code)} (1 €) como cambio",
          f"give your {m.disk(code)} disk (1 €) as change")


def _give(m: Meaning, code: str, arg: int | None) -> None:
    v = type_value(code)
    m.add(f"dar {m.disk(code)} ({v} €) a ", f"give {m.disk(code)} ({v} €) to ")
    m.person(arg)
    p = m.view["players"][arg]["pd"] if arg is not None else 0
    gain = min(v, p + m.view["cn"]["pd"])
    take = min(v, p)
    m.add(f": +{gain} de participación", f": +{gain} participation")
    if take:
        m.add(f" ({take} de su mano)", f" ({take} from them)")


def _swap(m: Meaning, code: str, arg: int | None) -> None:
    x = next(e for e in EXCHANGES if e.code == code)
    pair, take = TYPE_CODES[x.pair], TYPE_CODES[x.take]
    m.add(f"canje: 2 × {m.disk(pair)} (uno a ", f"exchange: 2 × {m.disk(pair)} (one to ")
    m.person(arg)
    m.add(f", otro a Hisenda) por su {m.disk(take)}",
          f", one to Hisenda) for their {m.disk(take)}")


def _end(m: Meaning, arg: int | None) -> None:
    m.add("terminar la cohesión social y pasar a la acción ciudadana",
          "end social cohesion and go on to citizen action")


def _move(m: Meaning, arg: int | None) -> None:
    cell = m.view["cells"][arg]
    m.add(f"a la casilla {arg} (r{cell['r']}c{cell['c']}): ",
          f"to cell {arg} (r{cell['r']}c{cell['c']}): ")
    if cell["estado"] == "oculta":
        m.add("boca abajo: se descubre", "face down: it is revealed")
    elif cell.get("card"):
        card = cell["card"]
        m.out.append_text(flag_tag(card["flag"], m.lang))
        m.out.append(" " + card_name(card["id"], m.lang, m.K))


def _stop(m: Meaning, arg: int | None) -> None:
    here = m.view["citizens"][m.seat]
    m.add(f"detenerte en la casilla {here}", f"stop on cell {here}")


def _recepta(m: Meaning, arg: int | None) -> None:
    m.add("cobrar 1 € a ", "levy 1 € on ")
    m.person(arg)


def _sucesiones(m: Meaning, arg: int | None) -> None:
    m.add("cobrar el Impost de successions a ", "levy the Impost de successions on ")
    m.person(arg)
    top = m.view["players"][arg]["value"] // 3
    m.add(f" (hasta {top} €)", f" (up to {top} €)")


def _amount(m: Meaning, arg: int | None) -> None:
    m.add(f"cobrar {arg} €", f"levy {arg} €")
    target = (m.view.get("levy") or {}).get("target")
    if target is not None:
        m.add(" a ", " on ")
        m.person(target)


def _no_levy(m: Meaning, arg: int | None) -> None:
    m.add("no cobrar (más) y seguir", "levy nothing (more) and go on")


def _elections(m: Meaning, arg: int | None) -> None:
    cost = _(m.lang, "cuesta 3 €", "costs 3 €") if m.view["mode"] == "AC" else \
        _(m.lang, f"cuesta el disco de {m.disk('mossos')}", f"costs the {m.disk('mossos')} disk")
    m.add(f"convocar elecciones anticipadas ({cost})", f"call early elections ({cost})")


def _motion(m: Meaning, arg: int | None) -> None:
    m.add("presentar una moción de censura contra ", "bring a motion of censure against ")
    m.person(m.view["gh"])


def _decline(m: Meaning, arg: int | None) -> None:
    m.add("no usar Sufragi universal: termina el turno",
          "do not use Sufragi universal: the turn ends")


def _support(m: Meaning, arg: int | None) -> None:
    if arg == m.seat:
        m.add("presentarte: encabezas tu bando", "run: you lead your side")
    else:
        m.add("apoyar a ", "support ")
        m.person(arg)


def _abstain(m: Meaning, arg: int | None) -> None:
    m.add("abstenerte en la moción", "abstain in the motion")


def _governor(m: Meaning, arg: int | None) -> None:
    m.add("si gana la moción, gobierna ", "if the motion wins, governing: ")
    m.person(arg)


def _bid(m: Meaning, arg: int | None) -> None:
    mine = m.view["players"][m.seat]["pd"]
    m.add(f"votar en secreto con {pd_words(arg or 0, 'es')} (tienes {mine}; los votados van a "
          "Concentració nacional)", f"bid {pd_words(arg or 0, 'en')} in secret (you hold "
          f"{mine}; those bid go to Concentració nacional)")


def _protect(disk: str) -> Callable[[Meaning, int | None], None]:
    def protect(m: Meaning, arg: int | None) -> None:
        m.add(f"proteger una carta de urna con el disco de {m.disk(disk)} de ",
              f"protect an urna card with the {m.disk(disk)} disk of ")
        m.person(arg)
    return protect


def _collect(m: Meaning, arg: int | None) -> None:
    m.add("recoger y repartir las cartas", "collect and deal the cards")


PLAIN: dict[str, Callable[[Meaning, int | None], None]] = {
    A.ROLL: _roll, A.END: _end, A.MOVE: _move, A.STOP: _stop, A.RECEPTA: _recepta,
    A.SUCESIONES: _sucesiones, A.AMOUNT: _amount, A.NO_LEVY: _no_levy,
    A.ELECTIONS: _elections, A.MOTION: _motion, A.DECLINE: _decline, A.SUPPORT: _support,
    A.ABSTAIN: _abstain, A.GOVERNOR: _governor, A.BID: _bid,
    A.PROTECT_M: _protect("mossos"), A.PROTECT_B: _protect("bomberos"), A.COLLECT: _collect}
TYPED: tuple[tuple[str, Callable[[Meaning, str, int | None], None]], ...] = (
    (A.PAY_PREFIX, _pay), (A.CHANGE_PREFIX, _change), (A.GIVE_PREFIX, _give),
    (A.SWAP_PREFIX, _swap))


def action_meaning(view: dict[str, Any], action: Action, seat: int, lang: str) -> Text:
    """What ``action`` does, in words, as ``seat`` sees the game in ``view``."""
    m = Meaning(view, seat, lang)
    handler = PLAIN.get(action.name)
    if handler is not None:
        handler(m, action.arg)
        return m.out
    for prefix, typed in TYPED:
        if action.name.startswith(prefix):
            typed(m, action.name[len(prefix):], action.arg)
            break
    return m.out
