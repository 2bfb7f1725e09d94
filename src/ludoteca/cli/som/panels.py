"""The panels around the map: the Generalitat, the phase of the turn, the die, Hisenda
espanyola (value counts only), Concentració nacional, the urna pile, every player's disks and
participation disks, and the vote in progress (sides and who has bid, never a bid before the
reveal); each in a full and a compact form."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ludoteca.games.som.common import URNA_FOR_CONSULTA

from ..messages import tr
from .board import deals_line
from .common import (
    COLOURS,
    DIE_GLYPHS,
    STAGES,
    _,
    card_name,
    cn_name,
    colour_style,
    colour_word,
    disks_text,
    flow,
    initial,
    pd_words,
    seat_list,
    short_name,
    tables,
    type_name,
    who,
)


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
    conc = Text(f"{cn_name(view, lang)}: ", style="bold")
    conc.append(pd_words(cn["pd"], lang))
    conc.append(_(lang, f" (casilla {cn['cell']})", f" (cell {cn['cell']})"), style="dim")
    if cn.get("flipped"):
        conc.append(_(lang, " · girada (intervención)", " · flipped (intervention)"),
                    style="bold red")
    lines.append(conc)

    urna = Text(_(lang, "Urna: ", "Urna: "), style="bold")
    pile = view["urna"]
    urna.append(f"{len(pile)}/{URNA_FOR_CONSULTA}", style="bold green" if pile else "")
    if pile:
        urna.append(" — " + ", ".join(card_name(c, lang, tables(view)) for c in pile))
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
    text = Text(colour_word(picture, lang, tables(view)),
                style=COLOURS.get(picture, ("", "", "bold", ""))[2])
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
        K = tables(view)
        out.append(_(lang, f": dos discos de 1 € por su {type_name(c['disk'], lang, K)} de 2 €",
                     f": two 1 € disks for the 2 € {type_name(c['disk'], lang, K)} disk"))
        if c.get("given"):
            out.append(_(lang, " (ya: ", " (so far: ") +
                       ", ".join(type_name(t, lang, K) for t in c["given"]) + ")", style="dim")
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
        name.append(f" ({colour_word(p['colour'], lang, tables(view))})", style="dim")
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        elif s == viewer:
            name.append(f" ({tr(lang, 'you')})", style="dim")
        if p["gh"]:
            name.append(" ★", style="bold")
        cell = cells[p["citizen"]]
        where = Text(f"{p['citizen']} ")
        if cell.get("card") and width >= 100:
            where.append(short_name(cell["card"], lang, 16, tables(view)), style="dim")
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


# ----- compact forms -------------------------------------------------------------------------
def status_compact(view: dict[str, Any], lang: str, width: int) -> Text:
    """The Generalitat, turn, phase, die, Hisenda, Concentració nacional and the urna in a
    line or two (breaking only between items)."""
    gh = Text("★ ", style="bold")
    gh.append_text(who(view, view["gh"], lang))
    pieces = [gh, Text(_(lang, f"turno {view['turn']}", f"turn {view['turn']}"))]
    stage = STAGES.get(view["stage"])
    if stage:
        pieces.append(Text(_(lang, stage[0], stage[1]), style="bold"))
    d = view.get("die")
    if d:
        die = Text(f"{DIE_GLYPHS[d['face'] - 1]} {d['number']} € ", style="bold")
        die.append_text(picture_text(view, d["picture"], lang))
        pieces.append(die)
    h = view["hisenda"]
    pieces.append(Text.assemble("Hisenda ", (f"{h['value']} €",
                                             "bold red" if h["value"] < 4 else "bold")))
    pieces.append(Text(f"{cn_name(view, lang)} {view['cn']['pd']}"))
    pieces.append(Text.assemble("urna ", (f"{len(view['urna'])}/{URNA_FOR_CONSULTA}",
                                          "bold green" if view["urna"] else "")))
    return flow(pieces, width)


def phase_compact(view: dict[str, Any], lang: str) -> Text | None:
    """What the game waits for now, in one line (None when there is nothing to say)."""
    detail = phase_detail(view, lang)
    if not detail.plain:
        return None
    return Text.assemble((_(lang, "Ahora: ", "Now: "), "bold"), detail)


def players_compact(view: dict[str, Any], lang: str, labels: Sequence[str],
                    viewer: int | None, width: int) -> Text:
    """Every player in a few words: ``▶R Ana (tú) ★ 6 € 4 discos 3 part.``, a line breaking
    only between players."""
    pieces = []
    to_move = set(view.get("to_move") or ())
    for p in view["players"]:
        s = p["seat"]
        out = Text("▶" if s in to_move else "", style="bold")
        out.append_text(initial(p["colour"], lang))
        out.append(" " + p["name"], style=colour_style(view, s))
        if labels[s]:
            out.append(f" ({labels[s]})", style="dim")
        elif s == viewer:
            out.append(f" ({tr(lang, 'you')})", style="dim")
        if p["gh"]:
            out.append(" ★", style="bold")
        n = sum(p["disks"].values())
        disks = _(lang, "disco" if n == 1 else "discos", "disk" if n == 1 else "disks")
        out.append(f" {p['value']} €", style="bold red" if p["value"] < 2 else "bold")
        out.append(f" {n} {disks} {p['pd']} part.")
        pieces.append(out)
    return flow(pieces, width, "  ")


def my_disks(view: dict[str, Any], lang: str, viewer: int | None) -> Text | None:
    """The viewer's own disks, type by type (None for a spectator)."""
    if viewer is None:
        return None
    p = view["players"][viewer]
    return Text.assemble((_(lang, "Tus discos: ", "Your disks: "), "bold"),
                         disks_text(p["disks"], lang))
