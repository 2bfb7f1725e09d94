"""The terminal table of «Som el que decidim!» (game id ``som``).

At each decision: the map of Catalonia (the 37 cards in the layout's rows and columns, each face
down, revealed with its flag and short name, or empty; the citizens on them), the urna pile,
Hisenda espanyola (value counts only), Concentració nacional, every player's disks and
participation disks, the Generalitat, mode, centralism, the phase of the turn, the die, the vote
in progress (sides and who has bid, never a bid before the reveal), then the numbered actions
with their meaning in Spanish or English.

Everything is read from ``game.view(seat)``, which never holds a face-down card, Hisenda's types
or another seat's bid; ``pujar B`` lines of other seats are shown as ``pujar ?``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.core.registry import info
from ludoteca.games.som import actions as A
from ludoteca.games.som.content import content

from .messages import tr
from .render import Entry, GameRenderer

C = content()
TYPE_BY_CODE = {t.code: t for t in C.types}
CARD_BY_ID = {c.id: c for c in C.cards}

# flag -> (tag es, tag en, style, name es, name en)
FLAGS = {
    "catalunya": ("C", "C", "bold yellow", "Catalunya", "Catalonia"),
    "mon": ("M", "W", "bold cyan", "món", "world"),
    "urna": ("U", "U", "bold green", "urna", "urna (ballot box)"),
    "espanya": ("E", "S", "bold red", "España", "Spain"),
}
# colour code -> (initial es, initial en, style, word en)
COLOURS = {
    "rosa": ("R", "P", "bold bright_magenta", "pink"),
    "lila": ("L", "L", "bold medium_purple1", "lilac"),
    "naranja": ("N", "O", "bold dark_orange", "orange"),
    "azul": ("A", "B", "bold dodger_blue1", "blue"),
}
# symbol -> mark on the map
SYMBOLS = {"capacitat_economica": "€", "capacitat_impositiva": "%", "sufragi_universal": "V"}

# short names for the map (≤ 12 characters); the full name is in the events and actions
SHORT: dict[str, tuple[str, str]] = {
    "CN": ("Concentració", "Nat. rally"), "C-ATC": ("Ag.Tributar.", "Tax Agency"),
    "C-EPR": ("Euro/recepta", "Euro/recepta"), "C-IDS": ("Imp.success.", "Inherit.tax"),
    "C-EC1": ("Industria", "Industry"), "C-EC2": ("Turismo", "Tourism"),
    "C-EC3": ("Agricultura", "Agriculture"), "C-01": ("Estatuto", "Statute"),
    "C-02": ("Parlamento", "Parliament"), "C-03": ("Ley lingüís.", "Language Act"),
    "C-04": ("Escuela cat.", "Catalan sch."), "C-05": ("Asociaciones", "Associations"),
    "C-06": ("Cooperativas", "Cooperatives"), "C-07": ("Cultura pop.", "Folk culture"),
    "C-08": ("Medios cat.", "Catalan media"), "C-09": ("Universidad", "Research"),
    "C-10": ("Econ. social", "Social econ."), "C-11": ("Diada", "National Day"),
    "W-SU": ("Sufragi univ", "Suffrage"), "W-01": ("DD. humanos", "Human rights"),
    "W-02": ("Lib.expresión", "Free speech"), "W-03": ("Igualdad", "Equality"),
    "W-04": ("Paz", "Peace"), "W-05": ("Dº educación", "Education"),
    "W-06": ("Dº salud", "Health"), "W-07": ("M. ambiente", "Environment"),
    "W-08": ("Diversidad", "Diversity"), "W-09": ("Solidaridad", "Solidarity"),
    "W-10": ("Autodetermin", "Self-determ."), "E-1": ("LOAPA", "LOAPA"),
    "E-2": ("Sentencia TC", "Const. Court"), "E-3": ("Recentraliz.", "Recentralis."),
    "E-4": ("Recurso inc.", "Appeal (TC)"),
}

STAGES = {"tributacion": ("1 Tributación", "1 Taxation"),
          "transferencia": ("2 Transferencia", "2 Transfer"),
          "cohesion": ("3 Cohesión social", "3 Social cohesion"),
          "accion": ("4 Acción ciudadana", "4 Citizen action")}
EN_NAMES = {A.ROLL: "roll", A.END: "end", A.STOP: "stop", A.NO_LEVY: "no-levy",
            A.ELECTIONS: "elections", A.MOTION: "motion", A.DECLINE: "decline",
            A.ABSTAIN: "abstain", A.COLLECT: "collect", A.MOVE: "move",
            A.RECEPTA: "prescription", A.SUCESIONES: "inheritance", A.AMOUNT: "amount",
            A.SUPPORT: "support", A.GOVERNOR: "governor", A.BID: "bid",
            A.PROTECT_M: "protect-police", A.PROTECT_B: "protect-firefighters"}
PREFIX_EN = ((A.PAY_PREFIX, "pay-"), (A.CHANGE_PREFIX, "change-"), (A.GIVE_PREFIX, "give-"),
             (A.SWAP_PREFIX, "swap-"))
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


def _(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


# ----- small pieces ----------------------------------------------------------------------------
def colour_style(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "bold"
    return COLOURS.get(view["players"][seat]["colour"], ("", "", "bold", ""))[2]


def colour_word(code: str, lang: str) -> str:
    return code if lang == "es" else COLOURS.get(code, ("", "", "", code))[3]


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    """``Ana (rosa)`` in the seat's colour; ``Hisenda espanyola`` for None."""
    if seat is None:
        return Text("Hisenda espanyola", style="bold")
    p = view["players"][seat]
    return Text(f"{p['name']} ({colour_word(p['colour'], lang)})", style=colour_style(view, seat))


def who_plain(view: dict[str, Any], seat: int | None, lang: str) -> str:
    return who(view, seat, lang).plain


def type_name(code: str, lang: str) -> str:
    t = TYPE_BY_CODE[code]
    return t.name if lang == "es" else t.name_en


def type_word(code: str, lang: str) -> str:
    """The word the actions use: ``mossos`` / ``police`` (``pagar-mossos``, ``pay-police``)."""
    return code if lang == "es" else A.TYPE_EN.get(code, code)


def type_value(code: str) -> int:
    return TYPE_BY_CODE[code].value


def card_name(card_id: str, lang: str) -> str:
    c = CARD_BY_ID[card_id]
    return c.name if lang == "es" else c.name_en


def short_name(card: dict[str, Any], lang: str, width: int) -> str:
    pair = SHORT.get(card["id"])
    name = (pair[0] if lang == "es" else pair[1]) if pair else \
        str(card["name"] if lang == "es" else card.get("name_en", card["name"]))
    return name if len(name) <= width else name[:max(1, width - 1)] + "…"


def flag_tag(flag: str, lang: str) -> Text:
    tag_es, tag_en, style, _es, _en = FLAGS.get(flag, ("?", "?", "bold", flag, flag))
    return Text(tag_es if lang == "es" else tag_en, style=style)


def flag_name(flag: str, lang: str) -> str:
    f = FLAGS.get(flag)
    return (f[3] if lang == "es" else f[4]) if f else flag


def disks_text(disks: dict[str, int], lang: str) -> Text:
    """``sanidad 2 € · 2× carreteras 1 €`` (services first, as content.toml orders them)."""
    out = Text()
    for code, k in disks.items():
        if out:
            out.append(" · ", style="dim")
        if k > 1:
            out.append(f"{k}× ", style="bold")
        out.append(type_word(code, lang))
        out.append(f" {type_value(code)}€", style="dim")
    return out or Text("—", style="dim")


def pd_words(n: int, lang: str) -> str:
    if lang == "es":
        return f"{n} disco de participación" if n == 1 else f"{n} discos de participación"
    return f"{n} participation disk" if n == 1 else f"{n} participation disks"


def seat_list(view: dict[str, Any], seats: Sequence[int], lang: str) -> Text:
    if not seats:
        return Text("—", style="dim")
    return Text(", ").join(who(view, s, lang) for s in seats)


# ----- the map ---------------------------------------------------------------------------------
def map_renderable(view: dict[str, Any], lang: str, width: int,
                   targets: frozenset[int] = frozenset()) -> Text:
    """The 37 cells in their rows and columns, 2 lines a cell, a blank line between rows."""
    cells = view["cells"]
    rows = 1 + max(c["r"] for c in cells)
    cols = 1 + max(c["c"] for c in cells)
    cw = max(8, min(13, (width - 3 - (cols - 1)) // cols))
    at = {(c["r"], c["c"]): c for c in cells}
    here: dict[int, list[int]] = {}
    for s, cell in enumerate(view["citizens"]):
        here.setdefault(cell, []).append(s)
    deals = deal_of(view)
    out = Text()
    head = Text("   ")
    for col in range(cols):
        head.append(f"c{col}".center(cw), style="dim")
        if col < cols - 1:
            head.append(" ")
    out.append_text(head)
    out.append("\n")
    for r in range(rows):
        lines = [Text(f"r{r} ", style="dim"), Text("   ")]
        for col in range(cols):
            cell = at.get((r, col))
            a, b = _cell_lines(view, cell, lang, cw, here, targets, deals)
            lines[0].append_text(a)
            lines[1].append_text(b)
            if col < cols - 1:
                lines[0].append(" ")
                lines[1].append(" ")
        for line in lines:
            line.rstrip()
            out.append_text(line)
            out.append("\n")
        if r < rows - 1:
            out.append("\n")
    out.rstrip()
    return out


def _cell_lines(view: dict[str, Any], cell: dict[str, Any] | None, lang: str, cw: int,
                here: dict[int, list[int]], targets: frozenset[int],
                deals: dict[int, int]) -> tuple[Text, Text]:
    """Line 1: the card's short name (or ░ face down, or "(vacía)"); line 2: a → when the
    citizen may move there, the cell number, the flag tag, the citizens and the symbol."""
    if cell is None:                                   # not part of Catalonia
        return Text(" " * cw), Text(" " * cw)
    n = cell["cell"]
    target = n in targets
    second = Text.assemble(("→" if target else " ", "bold green"),
                           (f"{n:>2}", "bold green" if target else "dim"))
    state = cell["estado"]
    if state == "oculta":
        deal = deals.get(n, 0)
        first = Text("░" * cw if not deal else f" {deal} ".center(cw, "░"), style="grey50")
    elif state == "vacia":
        first = Text(f"({_(lang, 'vacía', 'empty')})".center(cw)[:cw], style="dim")
    else:
        card = cell["card"]
        first = Text(short_name(card, lang, cw).ljust(cw),
                     style="bold" if card["id"] == "CN" else "")
        second.append(" ")
        second.append_text(flag_tag(card["flag"], lang))
        people = Text(" ")
        for s in here.get(n, []):
            people.append_text(initial(view["players"][s]["colour"], lang))
        symbol = SYMBOLS.get(card.get("symbol", ""), "")
        room = cw - len(second) - len(symbol) - 1
        if len(people) > room:
            people.truncate(room)
        second.append_text(people)
        second.append(" " * (cw - len(second) - len(symbol)))
        second.append(symbol, style="bold")
    second.append(" " * (cw - len(second)))
    return first, second


def deal_of(view: dict[str, Any]) -> dict[int, int]:
    """Face-down cell → the deal that put its card there (0 = the setup; SOM-12.8)."""
    return {c: d["deal"] for d in view.get("deals", ()) for c in d["cells"]}


def deals_line(view: dict[str, Any], lang: str) -> Text | None:
    """What is still face down, deal by deal, once a Spain event has refilled the map: the
    refilled cells hold only the cards it collected (public, so shown, SOM-12.8)."""
    deals = view.get("deals") or []
    if not any(d["deal"] for d in deals):
        return None
    out = Text(_(lang, "Boca abajo: ", "Face down: "), style="bold")
    for i, d in enumerate(deals):
        if i:
            out.append(" · ")
        what = _(lang, "del reparto inicial" if not d["deal"] else f"del reparto {d['deal']}",
                 "from the setup" if not d["deal"] else f"from refill {d['deal']}")
        out.append(f"{len(d['cells'])} {what} (")
        out.append(", ".join(f"{k} {flag_name(f, lang)}" for f, k in d["flags"].items() if k))
        out.append(")")
    return out


def legend(view: dict[str, Any], lang: str) -> Text:
    out = Text(_(lang, "Banderas: ", "Flags: "), style="dim")
    for i, flag in enumerate(("catalunya", "mon", "urna", "espanya")):
        if i:
            out.append(" · ", style="dim")
        out.append_text(flag_tag(flag, lang))
        out.append(" " + flag_name(flag, lang), style="dim")
    out.append(_(lang, " · ░ boca abajo (░ 2 ░: del 2.º reparto tras España) · → puedes ir",
                 " · ░ face down (░ 2 ░: from the 2nd refill after Spain) · → you may go"),
               style="dim")
    out.append(_(lang, "\nSímbolos: € capacitat econòmica · % capacitat impositiva · "
                       "V sufragi universal · Ciudadanos: ",
                 "\nSymbols: € economic capacity · % tax capacity · V universal suffrage · "
                 "Citizens: "), style="dim")
    for i, p in enumerate(view["players"]):
        if i:
            out.append(" ", style="dim")
        out.append_text(initial(p["colour"], lang))
    return out


def initial(colour: str, lang: str) -> Text:
    """A citizen on the map: the colour's initial (R/L/N/A; en P/L/O/B), in reverse colour."""
    ini = COLOURS.get(colour, ("?", "?", "bold", ""))
    return Text(ini[0] if lang == "es" else ini[1], style=ini[2] + " reverse")


# ----- status, players, phase and vote ---------------------------------------------------------
def status_lines(view: dict[str, Any], lang: str) -> list[Text]:
    lines = []
    top = Text("Generalitat: ", style="bold")
    top.append("★ ")
    top.append_text(who(view, view["gh"], lang))
    top.append(_(lang, f" · turno {view['turn']}", f" · turn {view['turn']}"))
    if view.get("max_turns"):
        top.append(_(lang, f" (límite {view['max_turns']})", f" (limit {view['max_turns']})"),
                   style="dim")
    top.append(_(lang, f" · modo {view['mode']}", f" · mode {view['mode']}"))
    if view["players_n"] == 1:
        top.append(_(lang, " en solitario", " solo"))
    top.append(_(lang, f" · centralismo {view['centralism']}",
                 f" · centralism {view['centralism']}"))
    if view.get("centralism_roll"):
        top.append(_(lang, " (por dado)", " (rolled)"), style="dim")
    top.append(" · ATC ")
    top.append(_(lang, "activa", "active") if view["atc_active"] else
               _(lang, "inactiva", "inactive"), style="bold" if view["atc_active"] else "dim")
    lines.append(top)

    phase = Text(_(lang, "Fase: ", "Phase: "), style="bold")
    stage = STAGES.get(view["stage"])
    phase.append(_(lang, stage[0], stage[1]) if stage else view["stage"] or "—")
    detail = phase_detail(view, lang)
    if detail:
        phase.append(" — ")
        phase.append_text(detail)
    lines.append(phase)

    die = Text(_(lang, "Dado: ", "Die: "), style="bold")
    d = view.get("die")
    if d:
        die.append(f"{DIE_GLYPHS[d['face'] - 1]} ", style="bold")
        die.append(f"[ {d['number']} € | ", style="bold")
        die.append_text(picture_text(view, d["picture"], lang))
        die.append(" ]", style="bold")
        die.append(_(lang, f"  (cara {d['face']})", f"  (face {d['face']})"), style="dim")
    else:
        die.append(_(lang, "sin tirar este turno", "not rolled yet this turn"), style="dim")
    lines.append(die)

    h = view["hisenda"]
    hisenda = Text("Hisenda espanyola: ", style="bold")
    hisenda.append(f"{h['value']} €", style="bold red" if h["value"] < 4 else "bold")
    hisenda.append(_(lang, f" ({h['ones']} de 1 €, {h['twos']} de 2 €)",
                     f" ({h['ones']} × 1 €, {h['twos']} × 2 €)"))
    if h.get("flipped"):
        hisenda.append(_(lang, " · girada (DUI)", " · flipped (DUI)"), style="bold red")
    lines.append(hisenda)

    cn = view["cn"]
    conc = Text("Concentració nacional: ", style="bold")
    conc.append(pd_words(cn["pd"], lang))
    conc.append(_(lang, f" (casilla {cn['cell']})", f" (cell {cn['cell']})"), style="dim")
    if cn.get("flipped"):
        conc.append(_(lang, " · girada (intervención)", " · flipped (intervention)"),
                    style="bold red")
    lines.append(conc)

    urna = Text(_(lang, "Urna: ", "Urna: "), style="bold")
    pile = view["urna"]
    urna.append(f"{len(pile)}/{C.urna_for_consulta}", style="bold green" if pile else "")
    if pile:
        urna.append(" — " + ", ".join(card_name(c, lang) for c in pile))
    lines.append(urna)
    deals = deals_line(view, lang)
    if deals is not None:
        lines.append(deals)
    return lines


def picture_text(view: dict[str, Any], picture: str, lang: str) -> Text:
    if picture == "generalitat":
        return Text(_(lang, "★ Generalitat", "★ Generalitat"), style="bold")
    if picture == "todos":
        return Text(_(lang, "todos", "everyone"), style="bold")
    seat = next((p["seat"] for p in view["players"] if p["colour"] == picture), None)
    text = Text(colour_word(picture, lang), style=COLOURS.get(picture, ("", "", "bold", ""))[2])
    if seat is None:
        text.append(_(lang, " (no juega)", " (not in play)"), style="dim")
    return text


def phase_detail(view: dict[str, Any], lang: str) -> Text:
    """What the game waits for now, in words."""
    ph = view["phase"]
    out = Text()
    if ph == "pago" and view.get("payment"):
        p = view["payment"]
        out.append_text(who(view, p["payer"], lang))
        out.append(_(lang, f" debe pagar {p['due']} € a ", f" owes {p['due']} € to "))
        out.append_text(who(view, p["payee"], lang))
        reason = {"impuesto": ("impuestos", "taxes"), "recepta": ("Euro per recepta",) * 2,
                  "sucesiones": ("Impost de successions",) * 2,
                  "devolucion": ("devolución del cambio", "give-back"),
                  "elecciones": ("coste de las elecciones", "cost of the elections")}.get(
                      p["reason"], (p["reason"], p["reason"]))
        out.append(f" ({_(lang, *reason)})", style="dim")
    elif ph == "cambio" and view.get("change"):
        c = view["change"]
        out.append_text(who(view, c["giver"], lang))
        out.append(_(lang, " da cambio a ", " gives change to "))
        out.append_text(who(view, c["payer"], lang))
        out.append(_(lang, f": dos discos de 1 € por su {type_name(c['disk'], lang)} de 2 €",
                     f": two 1 € disks for the 2 € {type_name(c['disk'], lang)} disk"))
        if c.get("given"):
            out.append(_(lang, " (ya: ", " (so far: ") +
                       ", ".join(type_name(t, lang) for t in c["given"]) + ")", style="dim")
    elif ph == "transferencia":
        out.append(_(lang, "la Generalitat tira el dado y recibe 4, 2 o 0 € de Hisenda",
                     "the Generalitat rolls the die and receives 4, 2 or 0 € from Hisenda"))
    elif ph == "cohesion":
        out.append(_(lang, "la Generalitat puede dar discos: 1 disco de participación por €",
                     "the Generalitat may give disks: 1 participation disk per €"))
    elif ph == "movimiento" and view.get("mover") is not None:
        out.append(_(lang, "se mueve ", "moving: "))
        out.append_text(who(view, view["mover"], lang))
        here = view["citizens"][view["mover"]]
        out.append(_(lang, f" (en la casilla {here}", f" (on cell {here}"))
        k = view.get("steps") or 0
        if k:
            out.append(_(lang, f", {k} paso" + ("s" if k > 1 else ""),
                         f", {k} step" + ("s" if k > 1 else "")))
        out.append(")")
        if view.get("movers_left"):
            out.append(_(lang, "; después: ", "; then: "))
            out.append_text(seat_list(view, view["movers_left"], lang))
    elif ph == "cobro" and view.get("levy"):
        lv = view["levy"]
        if lv["kind"] == "recepta":
            out.append(_(lang, f"Euro per recepta: hasta {lv['k']} ciudadanos pagan 1 €",
                         f"Euro per recepta: up to {lv['k']} citizens pay 1 €"))
            if lv["chosen"]:
                out.append(_(lang, "; ya: ", "; so far: "))
                out.append_text(seat_list(view, lv["chosen"], lang))
        else:
            out.append(_(lang, "Impost de successions", "Impost de successions (inheritance)"))
            if lv.get("target") is not None:
                out.append(_(lang, " a ", " on "))
                out.append_text(who(view, lv["target"], lang))
    elif ph == "proteccion" and view.get("protection"):
        pr = view["protection"]
        out.append(_(lang, f"carta de España en la casilla {pr['spain_cell']}: protección "
                           f"interior, {pr['protected']} de {pr['pile']} cartas de urna "
                           "protegidas", f"Spain card on cell {pr['spain_cell']}: interior "
                           f"protection, {pr['protected']} of {pr['pile']} urna cards "
                           "protected"))
    elif ph == "sufragio":
        out.append_text(who(view, view["to_move"][0], lang) if view["to_move"] else Text())
        out.append(_(lang, " está en Sufragi universal", " is on Sufragi universal"))
    elif ph in ("declaracion", "gobernador", "votacion"):
        out.append(_(lang, "votación (abajo)", "vote (below)"))
    elif ph == "fin":
        out.append(_(lang, "la partida ha terminado", "the game is over"))
    return out


def players_table(view: dict[str, Any], lang: str, labels: Sequence[str],
                  viewer: int | None, width: int = 100) -> Table:
    """One row a player: colour, name, Generalitat ★, citizen's cell, disks, € and
    participation disks (narrower than 100 columns the citizen's card name is left out)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("")
    table.add_column("N", justify="right", style="dim")
    table.add_column(_(lang, "jugador", "player"), no_wrap=True)
    table.add_column(_(lang, "ciudadano", "citizen"), no_wrap=True)
    table.add_column(_(lang, "discos (tipo y valor)", "disks (type and value)"))
    table.add_column("€", justify="right")
    table.add_column(_(lang, "particip.", "particip."), justify="right")
    to_move = set(view.get("to_move") or ())
    cells = view["cells"]
    for p in view["players"]:
        s = p["seat"]
        name = initial(p["colour"], lang)
        name.append(" ")
        name.append(p["name"], style=colour_style(view, s))
        name.append(f" ({colour_word(p['colour'], lang)})", style="dim")
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        elif s == viewer:
            name.append(f" ({tr(lang, 'you')})", style="dim")
        if p["gh"]:
            name.append(" ★", style="bold")
        cell = cells[p["citizen"]]
        where = Text(f"{p['citizen']} ")
        if cell.get("card") and width >= 100:
            where.append(short_name(cell["card"], lang, 12), style="dim")
        table.add_row("▶" if s in to_move else "", str(s), name, where,
                      disks_text(p["disks"], lang),
                      Text(str(p["value"]), style="bold red" if p["value"] < 2 else "bold"),
                      Text(str(p["pd"]), style="bold"))
    return table


def vote_lines(view: dict[str, Any], lang: str, viewer: int | None) -> list[Text]:
    vote = view.get("vote")
    if not vote:
        return []
    out: list[Text] = []
    head = Text()
    caller, gh = vote["caller"], view["gh"]
    if vote["kind"] == "elecciones":
        head.append(_(lang, "Elecciones anticipadas", "Early elections"), style="bold")
        head.append(_(lang, ", convocadas por ", ", called by "))
        head.append_text(who(view, caller, lang))
    else:
        head.append(_(lang, "Moción de censura", "Motion of censure"), style="bold")
        head.append(_(lang, " de ", " by "))
        head.append_text(who(view, caller, lang))
        head.append(_(lang, " contra ", " against "))
        head.append_text(who(view, gh, lang))
        if vote.get("governor") is not None:
            head.append(_(lang, "; si gana, gobierna ", "; if it wins, governing: "))
            head.append_text(who(view, vote["governor"], lang))
    out.append(head)
    decl = Text(_(lang, "Declaraciones: ", "Declarations: "), style="bold")
    for i, p in enumerate(view["players"]):
        s = p["seat"]
        if i:
            decl.append(" · ")
        decl.append_text(who(view, s, lang))
        d = vote["declarations"].get(str(s))
        if d is None:
            decl.append(_(lang, " aún no ha declarado", " has not declared yet"), style="dim")
        elif d == "abstiene":
            decl.append(_(lang, " se abstiene", " abstains"))
        elif d == s and vote["kind"] == "elecciones":
            decl.append(_(lang, " se presenta", " runs"))
        elif d == s:
            decl.append(_(lang, " defiende el gobierno", " defends the government") if s == gh
                        else _(lang, " presenta la moción", " brings the motion"))
        else:
            decl.append(_(lang, " apoya a ", " supports "))
            decl.append_text(who(view, d, lang))
    out.append(decl)
    sides = vote_sides(vote, gh)
    if sides:
        line = Text(_(lang, "Bandos: ", "Sides: "), style="bold")
        for i, (leader, members) in enumerate(sides.items()):
            if i:
                line.append(" · ")
            line.append_text(who(view, leader, lang))
            line.append(" ← " if len(members) > 1 else "")
            line.append_text(seat_list(view, [m for m in members if m != leader], lang)
                             if len(members) > 1 else Text())
        out.append(line)
    if view["phase"] == "votacion" or vote.get("bids_in"):
        bids = Text(_(lang, "Votación secreta: ", "Secret vote: "), style="bold")
        done = vote.get("bids_in") or []
        bids.append(_(lang, "han votado ", "have bid: "))
        bids.append_text(seat_list(view, done, lang))
        left = [s for s in view.get("to_move") or () if s not in done]
        if left and view["phase"] == "votacion":
            bids.append(_(lang, "; faltan ", "; still to bid: "))
            bids.append_text(seat_list(view, left, lang))
        if viewer is not None and "my_bid" in vote:
            bids.append(_(lang, f" · tu voto: {vote['my_bid']}", f" · your bid: "
                                                                 f"{vote['my_bid']}"))
        bids.append(_(lang, " (los votos se ven al abrir los puños)",
                      " (bids are shown when the fists open)"), style="dim")
        out.append(bids)
    return out


def vote_sides(vote: dict[str, Any], gh: int) -> dict[int, list[int]]:
    """Leader → members, for the seats whose declaration leads to someone running (elections:
    following the supports; motion: the challenger's and the Generalitat's sides)."""
    decl = {int(k): v for k, v in vote["declarations"].items()}
    sides: dict[int, list[int]] = {}
    if vote["kind"] == "mocion":
        for leader in (vote["caller"], gh):
            sides[leader] = [s for s, d in sorted(decl.items()) if d == leader]
        return sides
    for s in sorted(decl):
        x, seen = s, set()
        while isinstance(decl.get(x), int) and decl[x] != x and x not in seen:
            seen.add(x)
            x = decl[x]
        if decl.get(x) == x:
            sides.setdefault(x, []).append(s)
    return sides


# ----- actions ---------------------------------------------------------------------------------
def english_form(text: str) -> str:
    """``pagar-sanidad`` → ``pay-health``, ``mover 15`` → ``move 15``."""
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


def action_meaning(view: dict[str, Any], action: Action, seat: int, lang: str) -> Text:
    name, arg = action.name, action.arg
    out = Text()

    def add(es: str, en: str) -> None:
        out.append(_(lang, es, en))

    def person(s: int | None) -> None:
        out.append_text(who(view, s, lang))

    if name == A.ROLL:
        add("tirar el dado: 4, 2 o 0 € de Hisenda; el dibujo dice quién se mueve",
            "roll the die: 4, 2 or 0 € from Hisenda; the picture says who moves")
    elif name.startswith(A.PAY_PREFIX):
        code = name[len(A.PAY_PREFIX):]
        v = type_value(code)
        due = (view.get("payment") or {}).get("due", v)
        if v > due:
            add(f"partir tu disco de {type_name(code, lang)} (2 €): se debe {due} €",
                f"split your {type_name(code, lang)} disk (2 €): {due} € is due")
        else:
            add(f"pagar con un disco de {type_name(code, lang)} ({v} €)",
                f"pay with your {type_name(code, lang)} disk ({v} €)")
    elif name.startswith(A.CHANGE_PREFIX):
        code = name[len(A.CHANGE_PREFIX):]
        add(f"dar tu disco de {type_name(code, lang)} (1 €) como cambio",
            f"give your {type_name(code, lang)} disk (1 €) as change")
    elif name.startswith(A.GIVE_PREFIX):
        code = name[len(A.GIVE_PREFIX):]
        v = type_value(code)
        add(f"dar {type_name(code, lang)} ({v} €) a ", f"give {type_name(code, lang)} ({v} €) to ")
        person(arg)
        p = view["players"][arg]["pd"] if arg is not None else 0
        gain = min(v, p + view["cn"]["pd"])
        take = min(v, p)
        add(f": +{gain} de participación", f": +{gain} participation")
        if take:
            add(f" ({take} de su mano)", f" ({take} from them)")
    elif name.startswith(A.SWAP_PREFIX):
        code = name[len(A.SWAP_PREFIX):]
        x = next(e for e in C.exchanges if e.code == code)
        pair, take = C.types[x.pair].code, C.types[x.take].code
        add(f"canje: 2 × {type_name(pair, lang)} (uno a ", f"exchange: 2 × {type_name(pair, lang)}"
            " (one to ")
        person(arg)
        add(f", otro a Hisenda) por su {type_name(take, lang)}",
            f", one to Hisenda) for their {type_name(take, lang)}")
    elif name == A.END:
        add("terminar la cohesión social y pasar a la acción ciudadana",
            "end social cohesion and go on to citizen action")
    elif name == A.MOVE:
        cell = view["cells"][arg]
        add(f"a la casilla {arg} (r{cell['r']}c{cell['c']}): ",
            f"to cell {arg} (r{cell['r']}c{cell['c']}): ")
        if cell["estado"] == "oculta":
            add("boca abajo: se descubre", "face down: it is revealed")
        elif cell.get("card"):
            card = cell["card"]
            out.append_text(flag_tag(card["flag"], lang))
            out.append(" " + (card["name"] if lang == "es" else card.get("name_en",
                                                                          card["name"])))
    elif name == A.STOP:
        add(f"detenerte en la casilla {view['citizens'][seat]}",
            f"stop on cell {view['citizens'][seat]}")
    elif name == A.RECEPTA:
        add("cobrar 1 € a ", "levy 1 € on ")
        person(arg)
    elif name == A.SUCESIONES:
        add("cobrar el Impost de successions a ", "levy the inheritance tax on ")
        person(arg)
        add(f" (hasta {view['players'][arg]['value'] // 3} €)",
            f" (up to {view['players'][arg]['value'] // 3} €)")
    elif name == A.AMOUNT:
        add(f"cobrar {arg} €", f"levy {arg} €")
        target = (view.get("levy") or {}).get("target")
        if target is not None:
            add(" a ", " on ")
            person(target)
    elif name == A.NO_LEVY:
        add("no cobrar (más) y seguir", "levy nothing (more) and go on")
    elif name == A.ELECTIONS:
        cost = _(lang, "cuesta 3 €", "costs 3 €") if view["mode"] == "AC" else \
            _(lang, "cuesta el disco de mossos", "costs the police disk")
        add(f"convocar elecciones anticipadas ({cost})", f"call early elections ({cost})")
    elif name == A.MOTION:
        add("presentar una moción de censura contra ", "bring a motion of censure against ")
        person(view["gh"])
    elif name == A.DECLINE:
        add("no usar Sufragi universal: termina el turno",
            "do not use Sufragi universal: the turn ends")
    elif name == A.SUPPORT:
        if arg == seat:
            add("presentarte: encabezas tu bando", "run: you lead your side")
        else:
            add("apoyar a ", "support ")
            person(arg)
    elif name == A.ABSTAIN:
        add("abstenerte en la moción", "abstain in the motion")
    elif name == A.GOVERNOR:
        add("si gana la moción, gobierna ", "if the motion wins, governing: ")
        person(arg)
    elif name == A.BID:
        mine = view["players"][seat]["pd"]
        add(f"votar en secreto con {pd_words(arg or 0, lang)} (tienes {mine}; los votados van a "
            "Concentració nacional)", f"bid {pd_words(arg or 0, lang)} in secret (you hold "
            f"{mine}; those bid go to Concentració nacional)")
    elif name in (A.PROTECT_M, A.PROTECT_B):
        disk = "mossos" if name == A.PROTECT_M else "bomberos"
        add(f"proteger una carta de urna con el disco de {type_name(disk, lang)} de ",
            f"protect an urna card with the {type_name(disk, lang)} disk of ")
        person(arg)
    elif name == A.COLLECT:
        add("recoger y repartir las cartas", "collect and deal the cards")
    return out


# ----- the renderer ----------------------------------------------------------------------------
class SomRenderer(GameRenderer):
    """The screen of «Som el que decidim!»."""

    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"turno {view['turn']}", f"turn {view['turn']}")]
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        view = game.view(seat)
        targets: frozenset[int] = frozenset()
        if seat is not None and view["phase"] == "movimiento":
            targets = frozenset(a.arg for a in game.legal_actions(seat)
                                if a.name == A.MOVE and a.arg is not None)
        parts: list[RenderableType] = [map_renderable(view, lang, width, targets),
                                       legend(view, lang), Text()]
        parts += status_lines(view, lang)
        parts += [Text(), players_table(view, lang, labels, seat, width)]
        votes = vote_lines(view, lang, seat)
        if votes:
            parts += [Text()] + votes
        return Group(*parts)

    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        text = entry.text
        if text.startswith(A.BID + " ") and viewer != entry.seat and not game.is_over:
            text = A.BID + " ?"             # a bid is secret until the fists open
        words = text if lang == "es" else english_form(text)
        first = Text.assemble((prefix, "dim"), name, " ▸ ", (words, "bold"))
        lines: list[RenderableType] = [first]
        for event in entry.events:
            style = "bold" if event.kind in ("fin", "consulta", "dui", "intervencion",
                                             "revelacion", "resultado_voto") else ""
            lines.append(Padding(Text(game.describe(event, lang), style=style),
                                 (0, 0, 0, indent), expand=False))
        return lines

    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for i, action in enumerate(legal, 1):
            words = str(action) if lang == "es" else english_form(str(action))
            table.add_row(f"{i}.", words, action_meaning(view, action, seat, lang))
        return table

    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        result = game.result
        if result is None:
            return []
        view = game.view(None)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                      title=tr(lang, "result_title"), title_justify="left", title_style="bold")
        table.add_column(tr(lang, "h_place"), justify="right")
        table.add_column(tr(lang, "h_player"), no_wrap=True)
        table.add_column(_(lang, "discos de participación", "participation disks"),
                         justify="right")
        table.add_column("")
        place, previous = 0, None
        for i, s in enumerate(result.ranking):
            score = result.scores[s]
            if score != previous:
                place, previous = i + 1, score
            name = who(view, s, lang)
            if labels[s]:
                name.append(f" ({labels[s]})", style="dim")
            table.add_row(f"{place}.", name, str(score),
                          Text(tr(lang, "winner"), style="bold green")
                          if s in result.winners else "")
        lines: list[RenderableType] = [
            Text(_(lang, "Mapa final", "Final map"), style="bold"),
            map_renderable(view, lang, width=100), Text(),
            table, Text(reason_words(view, result.reason,
                                                                result.details or {}, lang),
                                                   style="bold")]
        if result.winners:
            names = tr(lang, "and").join(game.names[w] for w in result.winners)
            key = "winners_line" if len(result.winners) == 1 else "winners_tie"
            lines.append(Text(tr(lang, key, names=names), style="bold green"))
        else:
            lines.append(Text(_(lang, "Nadie gana.", "Nobody wins."), style="bold red"))
        pile = (result.details or {}).get("pile", view["urna"])
        lines.append(Text(_(lang, f"Urna: {len(pile)} de {C.urna_for_consulta}",
                            f"Urna: {len(pile)} of {C.urna_for_consulta}")
                          + (" — " + ", ".join(card_name(c, lang) for c in pile) if pile
                             else ""), style="dim"))
        return lines

    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        return escape(_(lang, f"{who_plain(view, view['gh'], lang)} tiene la Generalitat en el "
                              f"primer turno (modo {view['mode']}, centralismo "
                              f"{view['centralism']}).",
                        f"{who_plain(view, view['gh'], lang)} holds the Generalitat in the first "
                        f"turn (mode {view['mode']}, centralism {view['centralism']})."))

    def player_style(self, game: Game, seat: int) -> str:
        colours = getattr(game, "colours", ())
        code = colours[seat] if seat < len(colours) else ""
        return COLOURS.get(code, ("", "", "bold", ""))[2]

    def secret(self, game: Game, seat: int) -> bool:
        return game.view(seat)["phase"] == "votacion"


def reason_words(view: dict[str, Any], reason: str, details: dict[str, Any], lang: str) -> str:
    """Why the game ended, in words."""
    if reason == "consulta":
        return _(lang, "Consulta: la urna reúne sus 4 cartas y se celebra la consulta.",
                 "Consulta: the urna holds its 4 cards and the consulta is held.")
    if reason == "intervencion":
        failed = details.get("failed_payer")
        name = who_plain(view, failed, lang) if isinstance(failed, int) and failed >= 0 else "?"
        return _(lang, f"Intervención: {name} no pudo pagar los impuestos y la Generalitat es "
                       "intervenida (Concentració nacional se gira).",
                 f"Intervention: {name} could not pay the taxes and the Generalitat is taken "
                 "over (Concentració nacional is flipped).")
    if reason == "dui":
        causer = details.get("causer")
        name = who_plain(view, causer, lang) if isinstance(causer, int) and causer >= 0 else "?"
        return _(lang, f"DUI: Hisenda espanyola no pudo pagar y se declara la independencia "
                       f"(la provocó {name}).",
                 f"DUI: Hisenda espanyola could not pay and independence is declared (caused "
                 f"by {name}).")
    if reason == C.limit_reason:
        turns = details.get("turns", view.get("max_turns"))
        return _(lang, f"Límite: se llegó a {turns} turnos (no es un final del reglamento).",
                 f"Limit: {turns} turns were reached (not an ending of the rulebook).")
    return tr(lang, "reason_other", reason=reason)


RENDERER = SomRenderer()
