"""Observation encoder for «Som el que decidim!». Face-down cards are only «oculta», Hisenda's
disks only counts of ones and twos, and another seat's bid only «has bid» (the view's own
rules); the observer's own bid appears once it is made.

A game on a custom content file (``--option content=FILE``) is encoded in the same layout: the
vocabularies below are the shipped file's, and every card id of the game's content stands for
the shipped card of the same role (flag, effect and rank among those, which the schema fixes:
``ludoteca.games.som.tables``), found through the view's ``content`` key. Colour, picture and
disk codes are the same in every valid file (SOM-1.6, SOM-1.9, SOM-1.10)."""

from __future__ import annotations

from typing import Any

from ludoteca.games.som.tables import tables_of_view

from ..encoding import (
    Cat,
    Counts,
    Ctx,
    Custom,
    Encoder,
    Flag,
    Group,
    Items,
    Multi,
    Num,
    Seat,
    Seats,
    Seq,
)

M = 4                     # most seats
N_CELLS = 37
MODES = ("A", "B", "C", "AC")
DEGREES = ("medio", "elevado", "intenso")
STAGES = ("tributacion", "transferencia", "cohesion", "accion")
PHASES = ("pago", "cambio", "transferencia", "cohesion", "movimiento", "cobro", "proteccion",
          "sufragio", "declaracion", "gobernador", "votacion", "fin")
COLOURS = ("rosa", "lila", "naranja", "azul")
PICTURES = ("generalitat", "todos") + COLOURS
DISKS = ("justicia", "sanidad", "educacion", "mossos", "bomberos", "vias", "carreteras",
         "bosques", "energias", "vivienda")
CARDS = tuple([f"C-{i:02d}" for i in range(1, 12)] + ["C-ATC", "C-EC1", "C-EC2", "C-EC3",
              "C-EPR", "C-IDS", "CN", "E-1", "E-2", "E-3", "E-4"]
              + [f"W-{i:02d}" for i in range(1, 11)] + ["W-SU"])
URNA = ("U-1", "U-2", "U-3", "U-4")
FLAGS = ("catalunya", "espanya", "mon")
FLAG_ODDS = ("catalunya", "mon", "urna", "espanya")
SYMBOLS = ("capacitat_economica", "capacitat_impositiva", "sufragi_universal")
REASONS = ("impuesto", "recepta", "sucesiones", "devolucion", "elecciones")

REWARDS = ("Som: the consulta is won by the seats with most PD; a DUI by the sole PD leader, "
           "else by whoever caused it; an intervention or the turn limit has no winner (every "
           "seat −1); solo, the consulta or a DUI is a win. Every winner +1, every other seat "
           "−1 (`reward=\"rank\"`: by PD, winners first).")


def _ids(view: dict[str, Any]) -> dict[str, str] | None:
    """Card id -> the shipped file's id of the same role, for a view of a custom content
    (None for the shipped content: its ids are the vocabulary)."""
    if view.get("content") is None:
        return None
    return tables_of_view(view).default_id


def _urna(view: dict[str, Any]) -> Any:
    """The urna pile's ids, as the shipped file's ids."""
    pile = view.get("urna")
    ids = _ids(view)
    if ids is None or not pile:
        return pile
    return [ids.get(x, x) for x in pile]


def _citizens(cell: dict[str, Any], ctx: Ctx, view: dict[str, Any]) -> list[float]:
    out = [0.0] * M
    for s, c in enumerate(view.get("citizens") or ()):
        if c == cell["cell"]:
            out[ctx.rel(s)] = 1.0
    return out


def _cells(view: dict[str, Any], ctx: Ctx) -> list[float]:
    """Per cell: estado (3), card id (33), flag (3), symbol (3), citizens (4), CN here (1)."""
    width = 3 + len(CARDS) + len(FLAGS) + len(SYMBOLS) + M + 1
    out = [0.0] * (N_CELLS * width)
    cn_cell = (view.get("cn") or {}).get("cell")
    ids = _ids(view)
    for cell in view.get("cells") or ():
        b = cell["cell"] * width
        estado = ("oculta", "vacia", "visible").index(cell["estado"])
        out[b + estado] = 1.0
        card = cell.get("card")
        if card:
            _onehot(out, b + 3, CARDS, card["id"] if ids is None else ids.get(card["id"]),
                    ctx)
            _onehot(out, b + 3 + len(CARDS), FLAGS, card["flag"], ctx)
            if card.get("symbol"):
                _onehot(out, b + 3 + len(CARDS) + 3, SYMBOLS, card["symbol"], ctx)
        out[b + width - M - 1:b + width - 1] = _citizens(cell, ctx, view)
        out[b + width - 1] = float(cell["cell"] == cn_cell)
    return out


def _cells_sparse(view: dict[str, Any], ctx: Ctx, out: Any, at: int) -> None:
    """``_cells`` written straight into the (zeroed) vector."""
    width = 3 + len(CARDS) + len(FLAGS) + len(SYMBOLS) + M + 1
    cn_cell = (view.get("cn") or {}).get("cell")
    citizens = list(enumerate(view.get("citizens") or ()))
    me, n = ctx.me, ctx.n
    ids = _ids(view)
    for cell in view.get("cells") or ():
        c = cell["cell"]
        b = at + c * width
        out[b + ("oculta", "vacia", "visible").index(cell["estado"])] = 1.0
        card = cell.get("card")
        if card:
            _onehot(out, b + 3, CARDS, card["id"] if ids is None else ids.get(card["id"]),
                    ctx)
            _onehot(out, b + 3 + len(CARDS), FLAGS, card["flag"], ctx)
            if card.get("symbol"):
                _onehot(out, b + 3 + len(CARDS) + 3, SYMBOLS, card["symbol"], ctx)
        for s, where in citizens:
            if where == c:
                out[b + width - M - 1 + (s - me) % n] = 1.0
        if c == cn_cell:
            out[b + width - 1] = 1.0


def _odds(view: dict[str, Any], ctx: Ctx) -> list[float]:
    """Per face-down cell: the share of each flag among the face-down cards of the deal that
    filled it (public, SOM-12.8: a refill after a Spain event holds only the cards it
    collected), in FLAG_ODDS order; zeros for the other cells."""
    out = [0.0] * (N_CELLS * len(FLAG_ODDS))
    for deal in view.get("deals") or ():
        total = len(deal["cells"])
        shares = [deal["flags"].get(f, 0) / total for f in FLAG_ODDS]
        for c in deal["cells"]:
            out[c * len(FLAG_ODDS):(c + 1) * len(FLAG_ODDS)] = shares
    return out


def _onehot(out: list[float], at: int, choices: tuple[str, ...], value: str, ctx: Ctx) -> None:
    if value in choices:
        out[at + choices.index(value)] = 1.0
    elif ctx.strict:
        raise ValueError(f"som: {value!r} is not one of {choices}")


def _declarations(vote: dict[str, Any], ctx: Ctx) -> list[float]:
    """Per relative seat: declared, abstains, supports (relative seat one-hot)."""
    out = [0.0] * (M * (2 + M))
    for key, d in (vote.get("declarations") or {}).items():
        if d is None:
            continue
        b = ctx.rel(int(key)) * (2 + M)
        out[b] = 1.0
        if d == "abstiene":
            out[b + 1] = 1.0
        else:
            out[b + 2 + ctx.rel(int(d))] = 1.0
    return out


def _sides(last: dict[str, Any], ctx: Ctx) -> list[float]:
    """Per relative seat: its side's leader (relative seat one-hot)."""
    out = [0.0] * (M * M)
    for leader, members in (last.get("sides") or {}).items():
        for s in members:
            out[ctx.rel(s) * M + ctx.rel(int(leader))] = 1.0
    return out


def encoder(game_id: str = "som") -> Encoder:
    cell_width = 3 + len(CARDS) + len(FLAGS) + len(SYMBOLS) + M + 1
    player = [
        Cat("colour", COLOURS), Counts("disks", DISKS, 3, "disks held per type ÷ 3"),
        Num("value", 10, "money ÷ 10 €"), Num("pd", 12, "PD ÷ 12"), Flag("gh", "holds the GH"),
    ]
    vote = [
        Cat("kind", ("elecciones", "mocion")), Seat("caller", M),
        Custom("declarations", M * (2 + M), _declarations,
               "per relative seat: declared, abstains, supports (relative one-hot)"),
        Seat("declaring", M), Seat("governor", M), Seats("bids_in", M, "seats that have bid"),
        Num("my_bid", 12, "my own bid ÷ 12 (others' bids are never shown)"),
    ]
    last_vote = [
        Cat("kind", ("elecciones", "mocion")), Seat("caller", M), Seat("next_gh", M),
        Seq("bids", M, 12, by_seat=True), Flag("by_rotation"), Num("turn", 100),
        Custom("sides", M * M, _sides, "per relative seat: its leader (relative one-hot)"),
    ]
    fields = [
        Cat("mode", MODES), Cat("centralism", DEGREES), Num("centralism_roll", 6),
        Num("turn", 100), Num("max_turns", 100), Seat("gh", M, "who is GH, relative"),
        Cat("stage", STAGES), Cat("phase", PHASES), Seats("to_move", M),
        Group("die", [Cat("face", range(1, 7)), Num("number", 4), Cat("picture", PICTURES)]),
        Seat("mover", M), Seats("movers_left", M), Num("steps", 10), Flag("may_stop"),
        Flag("atc_active"), Flag("levies_used.recepta"), Flag("levies_used.sucesiones"),
        Custom("cells", N_CELLS * cell_width, _cells,
               f"per cell 0–36 ({cell_width} each): estado (oculta, vacia, visible), card id "
               f"one-hot ({len(CARDS)}), flag (3), symbol (3), citizens there (relative seats), "
               "CN here", sparse=_cells_sparse),
        Custom("odds", N_CELLS * len(FLAG_ODDS), _odds,
               "per cell 0–36 (4 each): for a face-down card, the share of catalunya, mon, "
               "urna, espanya among the face-down cards of the deal that filled its cell"),
        Items("players", M, player, order="seat"),
        Group("hisenda", [Num("ones", 12), Num("twos", 12), Num("value", 36), Flag("flipped")]),
        Group("cn", [Num("pd", 12), Flag("flipped")]),
        Multi(_urna, URNA, doc="cards in the urna", name="urna"),
        Group("payment", [Seat("payer", M), Seat("payee", M, "payee (Hisenda: zeros)"),
                          Num("due", 12), Cat("reason", REASONS)]),
        Group("change", [Seat("giver", M), Seat("payer", M), Cat("disk", DISKS),
                         Multi("given", DISKS)]),
        Group("levy", [Cat("kind", ("recepta", "sucesiones")), Num("k", 4),
                       Seats("chosen", M), Seat("target", M)]),
        Group("protection", [Num("protected", 4), Num("pile", 4),
                             Cat("spain_cell", range(N_CELLS))]),
        Group("vote", vote),
        Group("last_vote", last_vote),
    ]
    return Encoder(game_id, M, fields, REWARDS)
