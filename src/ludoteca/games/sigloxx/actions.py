"""The action grammar of «Siglo XX»: Spanish canonical text, English aliases, and the fixed
numbering of the engine brief (3484 actions, ids 0–3483).

Categorical parameters (a column, a rotation, an edge) are part of the name; one integer goes in
``arg``: a land tile L (0–44), a technology T (0–29), an amount B (0–99), a cell C (0–224 of the
15 × 15 country window), or a site S = 3·L + s (0–134). Parsing ignores accents and case and
accepts a space for a hyphen; tiles, technologies and sites also by id (``subastar L07``,
``comprar-tecnologia T14``, ``situar L07b``), cells as ``x,y`` relative to the start tile
(``colocar-90 1,0`` = cell 113). ``str(action)`` is always the canonical form.
"""

from __future__ import annotations

import re
import unicodedata

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction

from .schema import COLUMN_LETTERS, LAND_IDS, LETTERS, N_LAND, N_TECH, TECH_IDS

# the numbering is the same for every valid content file (its validators keep the counts
# XX-C.1/C.2, the codes of ruling X11, the bid cap of X2 and the window of X1)
N_SITES = 3 * N_LAND
MAX_BID = 99
SIZE = 15
N_CELLS = SIZE * SIZE
ORIGIN = 112
LAND_INDEX = {t: i for i, t in enumerate(LAND_IDS)}
TECH_INDEX = {t: i for i, t in enumerate(TECH_IDS)}
ROTATIONS = (0, 90, 180, 270)

PASS, WITHDRAW, NO_BUY, DONE = "pasar", "retirarse", "no-comprar", "terminar"
AUCTION, BUY_LAND, BUY_TECH, BID = "subastar", "comprar-tierra", "comprar-tecnologia", "pujar"
COLUMN = "columna-"                         # + A…E
GARBAGE, REMOVE, RECYCLE = "basura", "quitar", "reciclar"
PICK_LAND, PICK_INST = "elegir-tierra", "elegir-institucion"
PLACE, PLACE_BRIDGED = "colocar-", "colocar-puente-"     # + 0/90/180/270
PUT, LIFT, USE = "situar", "recoger", "usar-tecnologia"
BRIDGE_E, BRIDGE_S = "puente-e", "puente-s"

_all: list[Action] = [Action(PASS), Action(WITHDRAW), Action(NO_BUY), Action(DONE)]   # 0–3
A_PASS, A_WITHDRAW, A_NO_BUY, A_DONE = _all
AUCTION_A = [Action(AUCTION, i) for i in range(N_LAND)]                  # 4–48
BUY_LAND_A = [Action(BUY_LAND, i) for i in range(N_LAND)]                # 49–93
BUY_TECH_A = [Action(BUY_TECH, i) for i in range(N_TECH)]                # 94–123
BID_A = [Action(BID, b) for b in range(MAX_BID + 1)]                     # 124–223
COLUMN_A = [[Action(COLUMN + x, b) for b in range(MAX_BID + 1)] for x in COLUMN_LETTERS]
GARBAGE_A = [Action(GARBAGE, i) for i in range(N_LAND)]                  # 724–768
REMOVE_A = [Action(REMOVE, i) for i in range(N_LAND)]                    # 769–813
RECYCLE_A = [Action(RECYCLE, i) for i in range(N_LAND)]                  # 814–858
PICK_LAND_A = [Action(PICK_LAND, i) for i in range(N_LAND)]              # 859–903
PICK_INST_A = [Action(PICK_INST, i) for i in range(N_TECH)]              # 904–933
PLACE_A = [[Action(f"{PLACE}{r}", c) for c in range(N_CELLS)] for r in ROTATIONS]
PLACE_BRIDGED_A = [[Action(f"{PLACE_BRIDGED}{r}", c) for c in range(N_CELLS)] for r in ROTATIONS]
PUT_A = [Action(PUT, s) for s in range(N_SITES)]                         # 2734–2868
LIFT_A = [Action(LIFT, s) for s in range(N_SITES)]                       # 2869–3003
USE_A = [Action(USE, i) for i in range(N_TECH)]                          # 3004–3033
BRIDGE_E_A = [Action(BRIDGE_E, c) for c in range(N_CELLS)]               # 3034–3258
BRIDGE_S_A = [Action(BRIDGE_S, c) for c in range(N_CELLS)]               # 3259–3483
_all += AUCTION_A + BUY_LAND_A + BUY_TECH_A + BID_A
_all += [a for row in COLUMN_A for a in row]
_all += GARBAGE_A + REMOVE_A + RECYCLE_A + PICK_LAND_A + PICK_INST_A
_all += [a for row in PLACE_A for a in row] + [a for row in PLACE_BRIDGED_A for a in row]
_all += PUT_A + LIFT_A + USE_A + BRIDGE_E_A + BRIDGE_S_A

ALL_ACTIONS: tuple[Action, ...] = tuple(_all)
ACTION_ID: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
NUM_DISTINCT_ACTIONS = len(ALL_ACTIONS)
assert NUM_DISTINCT_ACTIONS == 3484
assert ACTION_ID[COLUMN_A[0][0]] == 224 and ACTION_ID[PLACE_A[0][0]] == 934
assert ACTION_ID[PLACE_BRIDGED_A[0][0]] == 1834 and ACTION_ID[BRIDGE_S_A[-1]] == 3483

# argument kind of each name
ARG_KIND: dict[str, str | None] = {PASS: None, WITHDRAW: None, NO_BUY: None, DONE: None,
                                   AUCTION: "land", BUY_LAND: "land", BUY_TECH: "tech",
                                   BID: "bid", GARBAGE: "land", REMOVE: "land",
                                   RECYCLE: "land", PICK_LAND: "land", PICK_INST: "tech",
                                   PUT: "site", LIFT: "site", USE: "tech", BRIDGE_E: "cell",
                                   BRIDGE_S: "cell"}
for _x in COLUMN_LETTERS:
    ARG_KIND[COLUMN + _x] = "bid"
for _r in ROTATIONS:
    ARG_KIND[f"{PLACE}{_r}"] = "cell"
    ARG_KIND[f"{PLACE_BRIDGED}{_r}"] = "cell"
BY_NAME_ARG: dict[tuple[str, int | None], Action] = {(a.name, a.arg): a for a in ALL_ACTIONS}
ROTATION_OF = {f"{PLACE}{r}": i for i, r in enumerate(ROTATIONS)}
ROTATION_OF.update({f"{PLACE_BRIDGED}{r}": i for i, r in enumerate(ROTATIONS)})
COLUMN_OF = {COLUMN + x: i for i, x in enumerate(COLUMN_LETTERS)}

# plain (lower-case, ascii, hyphenated) text -> canonical name
ALIASES: dict[str, str] = {}


def _alias(canonical: str, *others: str) -> None:
    ALIASES[canonical.lower()] = canonical
    for o in others:
        ALIASES[o] = canonical


_alias(PASS, "pass", "paso")
_alias(WITHDRAW, "withdraw", "retirar", "retirada")
_alias(NO_BUY, "no-buy", "nada")
_alias(DONE, "done", "end", "fin")
_alias(AUCTION, "auction")
_alias(BUY_LAND, "buy-land")
_alias(BUY_TECH, "buy-tech", "comprar-tec")
_alias(BID, "bid", "puja")
_alias(GARBAGE, "garbage")
_alias(REMOVE, "remove")
_alias(RECYCLE, "recycle")
_alias(PICK_LAND, "pick-land")
_alias(PICK_INST, "pick-institution")
_alias(PUT, "put", "place-citizen")
_alias(LIFT, "lift")
_alias(USE, "use-tech", "usar")
_alias(BRIDGE_E, "bridge-e")
_alias(BRIDGE_S, "bridge-s")
for _x in COLUMN_LETTERS:
    _alias(COLUMN + _x, "column-" + _x.lower())
for _r in ROTATIONS:
    _alias(f"{PLACE}{_r}", f"place-{_r}")
    _alias(f"{PLACE_BRIDGED}{_r}", f"place-bridged-{_r}", f"colocar-con-puente-{_r}")

HELP: dict[str, tuple[str, str]] = {   # (Spanish, English) meaning, for help screens
    PASS: ("pasar en esta ficha de tierra", "pass on this land tile"),
    WITHDRAW: ("retirarse de la subasta de tierras (y quizá comprar una tecnología)",
               "withdraw from the land auction (and maybe buy a technology)"),
    NO_BUY: ("no comprar tecnología", "buy no technology"),
    DONE: ("terminar el mantenimiento (o el uso de un ferrocarril)",
           "end the Maintenance (or the use of a railway)"),
    "subastar L": ("subastar la ficha de tierra L", "put land tile L up for auction"),
    "comprar-tierra L": ("comprar la ficha L al precio mínimo (único jugador en la subasta)",
                         "buy tile L at the minimum price (the only player left)"),
    "comprar-tecnologia T": ("comprar la tecnología T al precio del marcador",
                             "buy technology T at the marker's price"),
    "pujar B": ("pujar B monedas", "bid B coins"),
    "columna-X B": ("situarse en la columna X de la catástrofe pujando B de ciencia",
                    "take catastrophe column X bidding B science"),
    "basura L": ("poner una ficha de basura en la tierra L", "put a garbage token on land L"),
    "quitar L": ("quitar una ficha de basura de la tierra L",
                 "remove a garbage token from land L"),
    "reciclar L": ("reciclar una ficha de basura de la tierra L",
                   "recycle a garbage token from land L"),
    "elegir-tierra L": ("colocar ahora la tierra pendiente L", "place pending land L now"),
    "elegir-institucion T": ("colocar ahora la institución T", "place institution T now"),
    "colocar-R C": ("colocar la ficha girada R grados en la casilla C",
                    "place the tile rotated R degrees on cell C"),
    "colocar-puente-R C": ("colocar la ficha girada R grados en C usando puentes",
                           "place the tile rotated R degrees on C using bridges"),
    "situar S": ("poner un ciudadano en el sitio S", "put a citizen on site S"),
    "recoger S": ("levantar el ciudadano del sitio S", "lift the citizen from site S"),
    "usar-tecnologia T": ("usar la tecnología T", "use technology T"),
    "puente-e C": ("puente entre la casilla C y la de su este",
                   "bridge between cell C and the cell east of it"),
    "puente-s C": ("puente entre la casilla C y la de su sur",
                   "bridge between cell C and the cell south of it"),
}
HELP_EN_FORM = {PASS: "pass", WITHDRAW: "withdraw", NO_BUY: "no-buy", DONE: "done",
                "subastar L": "auction L", "comprar-tierra L": "buy-land L",
                "comprar-tecnologia T": "buy-tech T", "pujar B": "bid B",
                "columna-X B": "column-X B", "basura L": "garbage L", "quitar L": "remove L",
                "reciclar L": "recycle L", "elegir-tierra L": "pick-land L",
                "elegir-institucion T": "pick-institution T", "colocar-R C": "place-R C",
                "colocar-puente-R C": "place-bridged-R C", "situar S": "put S",
                "recoger S": "lift S", "usar-tecnologia T": "use-tech T",
                "puente-e C": "bridge-e C", "puente-s C": "bridge-s C"}


def grammar_lines(lang: str) -> list[str]:
    """The action grammar in ``lang`` (es/en), one line each, for ``ludoteca rules sigloxx``."""
    es = lang == "es"
    out = [f"{form:22s} ({HELP_EN_FORM[form]}) — {pair[0] if es else pair[1]}"
           for form, pair in HELP.items()]
    out += [
        ("L = ficha de tierra: 0–44 o su id (S1–S5, L01–L40)" if es else
         "L = land tile: 0–44 or its id (S1–S5, L01–L40)"),
        ("T = tecnología: 0–29 o su id (T01–T30)" if es else
         "T = technology: 0–29 or its id (T01–T30)"),
        ("B = cantidad 0–99; X = columna A–E; R = giro 0, 90, 180, 270 (horario)" if es else
         "B = amount 0–99; X = column A–E; R = rotation 0, 90, 180, 270 (clockwise)"),
        ("C = casilla 0–224 o x,y desde la ficha inicial (x al este, y al sur): 1,0" if es else
         "C = cell 0–224 or x,y from the start tile (x east, y south): 1,0"),
        ("S = sitio: 3·L + (a 0, b 1, c 2) o id de la ficha y letra: L07b" if es else
         "S = site: 3·L + (a 0, b 1, c 2) or tile id and letter: L07b"),
        ("Sin acentos ni mayúsculas; un espacio vale por el guion: colocar 90 1,0" if es else
         "Accents and case are ignored; a space stands for the hyphen: place 90 1,0"),
    ]
    return out


_INT = re.compile(r"^-?\d+$")
_PAIR = re.compile(r"^(-?\d+),(-?\d+)$")
_TILE = re.compile(r"^([ls])(\d+)$")
_TECH = re.compile(r"^t(\d+)$")
_SITE = re.compile(r"^([ls])(\d+)([abc])$")
_NAMES = ("pasar, retirarse, no-comprar, terminar, subastar L, comprar-tierra L, "
          "comprar-tecnologia T, pujar B, columna-X B, basura L, quitar L, reciclar L, "
          "elegir-tierra L, elegir-institucion T, colocar-R C, colocar-puente-R C, situar S, "
          "recoger S, usar-tecnologia T, puente-e C, puente-s C")
_NAMES_EN = ("pass, withdraw, no-buy, done, auction L, buy-land L, buy-tech T, bid B, "
             "column-X B, garbage L, remove L, recycle L, pick-land L, pick-institution T, "
             "place-R C, place-bridged-R C, put S, lift S, use-tech T, bridge-e C, bridge-s C")


def plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def _is_arg(word: str) -> bool:
    return bool(_INT.match(word) or _PAIR.match(word) or _TILE.match(word) or
                _TECH.match(word) or _SITE.match(word))


def tile_code(letter: str, number: int) -> str:
    return f"S{number}" if letter == "s" else f"L{number:02d}"


def cell_xy(cell: int) -> tuple[int, int]:
    """(x, y) of a cell relative to the start tile (x east, y south)."""
    o = ORIGIN
    return cell % SIZE - o % SIZE, cell // SIZE - o // SIZE


def parse(text: object) -> Action:
    """Read an action (canonical text or an English alias)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as 'pasar'; got {text!r}",
                            f"una acción es un texto como 'pasar'; recibido {text!r}")
    words = plain(text).replace("_", "-").split()
    if not words:
        raise IllegalAction("empty action; actions are: " + _NAMES_EN,
                            "acción vacía; las acciones son: " + _NAMES)
    raw_arg: str | None = None
    if len(words) > 1 and _is_arg(words[-1]):
        raw_arg = words.pop()
    key = "-".join(w for word in words for w in word.split("-") if w)
    name = ALIASES.get(key)
    if name is None and raw_arg is not None and ALIASES.get(f"{key}-{raw_arg}"):
        name = ALIASES[f"{key}-{raw_arg}"]           # "colocar 90" without its cell
        raw_arg = None
    if name is None:
        raise IllegalAction(f"{text!r} is not an action of sigloxx; actions are: {_NAMES_EN} "
                            f"(Spanish: {_NAMES})",
                            f"{text!r} no es una acción de sigloxx; las acciones son: {_NAMES}")
    kind = ARG_KIND[name]
    if kind is None:
        if raw_arg is not None:
            raise IllegalAction(f"'{name}' takes no argument", f"'{name}' no lleva argumento")
        return BY_NAME_ARG[(name, None)]
    if raw_arg is None:
        ex_en, ex_es = _KIND_WORDS[kind]
        example = {"land": "L07", "tech": "T14", "bid": "3", "cell": "1,0", "site": "L07b"}[kind]
        raise IllegalAction(f"'{name}' needs {ex_en}, e.g. '{name} {example}'",
                            f"'{name}' necesita {ex_es}, p. ej. '{name} {example}'")
    arg = _read_arg(name, kind, raw_arg)
    action = BY_NAME_ARG.get((name, arg))
    if action is None:
        lo, hi = {"land": (0, N_LAND - 1), "tech": (0, N_TECH - 1), "bid": (0, MAX_BID),
                  "cell": (0, N_CELLS - 1), "site": (0, N_SITES - 1)}[kind]
        ex_en, ex_es = _KIND_WORDS[kind]
        raise IllegalAction(f"'{name}' takes {ex_en} from {lo} to {hi}; got {arg}",
                            f"'{name}' lleva {ex_es} de {lo} a {hi}; recibido {arg}")
    return action


_KIND_WORDS = {"land": ("a land tile (number or id such as L07)",
                        "una ficha de tierra (número o id como L07)"),
               "tech": ("a technology (number or id such as T14)",
                        "una tecnología (número o id como T14)"),
               "bid": ("an amount", "una cantidad"),
               "cell": ("a cell (number or x,y)", "una casilla (número o x,y)"),
               "site": ("a site (number or tile id and letter such as L07b)",
                        "un sitio (número o id de ficha y letra como L07b)")}


def _bad(name: str, kind: str, raw: str) -> IllegalAction:
    ex_en, ex_es = _KIND_WORDS[kind]
    return IllegalAction(f"'{name}' takes {ex_en}; got {raw!r}",
                         f"'{name}' lleva {ex_es}; recibido {raw!r}")


def _read_arg(name: str, kind: str, raw: str) -> int:
    if _INT.match(raw):
        return int(raw)
    if kind == "land":
        m = _TILE.match(raw)
        if m:
            tid = tile_code(m.group(1), int(m.group(2)))
            if tid in LAND_INDEX:
                return LAND_INDEX[tid]
            raise IllegalAction(f"there is no land tile {tid} (S1–S5, L01–L40)",
                                f"no existe la ficha de tierra {tid} (S1–S5, L01–L40)")
    elif kind == "tech":
        m = _TECH.match(raw)
        if m:
            tid = f"T{int(m.group(1)):02d}"
            if tid in TECH_INDEX:
                return TECH_INDEX[tid]
            raise IllegalAction(f"there is no technology {tid} (T01–T30)",
                                f"no existe la tecnología {tid} (T01–T30)")
    elif kind == "site":
        m = _SITE.match(raw)
        if m:
            tid = tile_code(m.group(1), int(m.group(2)))
            if tid in LAND_INDEX:
                return 3 * LAND_INDEX[tid] + LETTERS.index(m.group(3))
            raise IllegalAction(f"there is no land tile {tid} (S1–S5, L01–L40)",
                                f"no existe la ficha de tierra {tid} (S1–S5, L01–L40)")
    elif kind == "cell":
        m = _PAIR.match(raw)
        if m:
            x, y = int(m.group(1)), int(m.group(2))
            half = SIZE // 2
            ox, oy = ORIGIN % SIZE, ORIGIN // SIZE
            if -ox <= x < SIZE - ox and -oy <= y < SIZE - oy:
                return (oy + y) * SIZE + ox + x
            raise IllegalAction(f"cell {x},{y} lies outside the country window "
                                f"(x and y from −{half} to {half})",
                                f"la casilla {x},{y} queda fuera de la ventana del país "
                                f"(x e y de −{half} a {half})")
    raise _bad(name, kind, raw)
