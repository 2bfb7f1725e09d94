"""The action grammar of «El Plan: tú decides»: Spanish canonical text, English aliases, and the
fixed numbering of the engine brief (311 actions, ids 0–310).

Categorical parameters (a resource R, a product T, a process type X, an exchange) are part of
the name; one integer goes in ``arg`` (an Opportunity square Q, a target N, an offer slot O or a
seat S). Parsing ignores accents and case and accepts a space for a hyphen; targets may also be
written ``proceso-1`` / ``proceso-2`` or as a card id (``activar bodega``), squares as their id
(``ubicar 3A``, ``ubicar D6-1``), offers as ``<deck>-<slot+1>`` (``invertir tecnologia-1``) —
those words are resolved by the game (``resolve``), which knows its catalogue.
"""

from __future__ import annotations

import re
import unicodedata

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction

from .content import DECKS, MAX_TARGETS, PRODUCTS, PTYPES, RESOURCES, Content, content
from .schema import PRODUCTS_EN, RESOURCES_EN

# The numbering and the words below are the same for every valid content file: the schema
# fixes the codes (resources, products, process types, decks: their ids and English words)
# and the counts (12 squares, 3 decks, at most 16 catalogue cards); square ids and card ids,
# which a file may change, are resolved by the game (``ElplanGame._resolve``).
NT = MAX_TARGETS                      # targets 0–17
N_SQUARES = 12
N_SLOTS = 9                           # O = 3·deck + slot
MAX_SEATS = 6
R_EN = RESOURCES_EN                   # hc, money, energy (content: resources[].alias_en)
T_EN = PRODUCTS_EN                    # raw, goods, service (content: products[].alias_en)

PLACE, IGNORE, ACCEPT, DONE = "ubicar", "ignorar-suceso", "aceptar-suceso", "listo"
DEACTIVATE, RETURN, ACTIVATE, REINFORCE = "desactivar", "devolver", "activar", "reforzar"
OUTSOURCE, INVEST, INVEST_D, INVEST_E, INVEST_CREDIT = (
    "externalizar", "invertir", "invertir-dto-d", "invertir-dto-e", "invertir-credito")
REPAY, INNOVATE = "pagar-credito", "innovar"
CHOOSE = tuple(f"elegir-{r}" for r in RESOURCES)
DISCARD = tuple(f"descartar-{t}" for t in PRODUCTS)
KEEP = tuple(f"conservar-{t}" for t in PRODUCTS)
IDEA = tuple(f"idea-{r}" for r in RESOURCES)
REPLACE = tuple(f"sustituir-{r}" for r in RESOURCES)
LAB = tuple(f"laboratorio-{x}" for x in PTYPES)
# exchanges: (paid, paid, received), in the brief's order
EXCHANGES = ((0, 0, 1), (0, 0, 2), (0, 1, 2), (0, 2, 1), (1, 1, 0), (1, 1, 2), (1, 2, 0),
             (2, 2, 0), (2, 2, 1))
EXCHANGE = tuple("canjear-" + "-".join(RESOURCES[x] for x in ex) for ex in EXCHANGES)
MAKE = tuple(f"fabricar-{t}" for t in PRODUCTS)
BUY = tuple(f"comprar-{t}" for t in PRODUCTS)
BUY_CREDIT = tuple(f"comprar-credito-{t}" for t in PRODUCTS)
IMPORT = tuple(f"importar-{t}" for t in PRODUCTS)
BUY_SHOP = tuple(f"comprar-tienda-{t}" for t in PRODUCTS)
SELL_D = tuple(f"vender-{t}-d" for t in PRODUCTS)
SELL_E = tuple(f"vender-{t}-e" for t in PRODUCTS)
SHOP = tuple(f"ofertar-{t}" for t in PRODUCTS)

_all: list[Action] = [Action(PLACE, q) for q in range(N_SQUARES)]                    # 0–11
_all += [Action(IGNORE), Action(ACCEPT)]                                              # 12–13
_all += [Action(x) for x in CHOOSE + DISCARD + KEEP]                                  # 14–22
_all.append(Action(DONE))                                                             # 23
for _name in (DEACTIVATE, RETURN, ACTIVATE, REINFORCE):                              # 24–95
    _all += [Action(_name, n) for n in range(NT)]
for _group in (IDEA, REPLACE):                                                        # 96–203
    for _name in _group:
        _all += [Action(_name, n) for n in range(NT)]
_all += [Action(OUTSOURCE, n) for n in range(NT)]                                     # 204–221
_all += [Action(x) for x in LAB + EXCHANGE]                                           # 222–233
for _name in (INVEST, INVEST_D, INVEST_E, INVEST_CREDIT):                            # 234–269
    _all += [Action(_name, o) for o in range(N_SLOTS)]
_all += [Action(x) for x in MAKE + BUY + BUY_CREDIT + IMPORT]                         # 270–281
for _name in BUY_SHOP:                                                                # 282–299
    _all += [Action(_name, s) for s in range(MAX_SEATS)]
_all += [Action(x) for x in SELL_D + SELL_E + SHOP]                                   # 300–308
_all += [Action(REPAY), Action(INNOVATE)]                                             # 309–310

ALL_ACTIONS: tuple[Action, ...] = tuple(_all)
ACTION_ID: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
NUM_DISTINCT_ACTIONS = len(ALL_ACTIONS)
assert NUM_DISTINCT_ACTIONS == 311
assert ACTION_ID[Action(IDEA[1], 5)] == 96 + 18 + 5
assert ACTION_ID[Action(BUY_SHOP[2], 3)] == 282 + 12 + 3
BY_NAME_ARG: dict[tuple[str, int | None], Action] = {(a.name, a.arg): a for a in ALL_ACTIONS}

# handy constants: the very instances of ALL_ACTIONS (a legal list's ``in`` then hits identity)
def _a(name: str, arg: int | None = None) -> Action:
    return BY_NAME_ARG[(name, arg)]


A_DONE = _a(DONE)
A_IGNORE, A_ACCEPT = _a(IGNORE), _a(ACCEPT)
A_REPAY, A_INNOVATE = _a(REPAY), _a(INNOVATE)
PLACE_A = ALL_ACTIONS[0:12]
CHOOSE_A = tuple(_a(x) for x in CHOOSE)
DISCARD_A = tuple(_a(x) for x in DISCARD)
KEEP_A = tuple(_a(x) for x in KEEP)
DEACTIVATE_A = tuple(_a(DEACTIVATE, n) for n in range(NT))
RETURN_A = tuple(_a(RETURN, n) for n in range(NT))
ACTIVATE_A = tuple(_a(ACTIVATE, n) for n in range(NT))
REINFORCE_A = tuple(_a(REINFORCE, n) for n in range(NT))
IDEA_A = tuple(tuple(_a(IDEA[r], n) for n in range(NT)) for r in range(3))
REPLACE_A = tuple(tuple(_a(REPLACE[r], n) for n in range(NT)) for r in range(3))
OUTSOURCE_A = tuple(_a(OUTSOURCE, n) for n in range(NT))
LAB_A = tuple(_a(x) for x in LAB)
EXCHANGE_A = tuple(_a(x) for x in EXCHANGE)
INVEST_A = tuple(_a(INVEST, o) for o in range(N_SLOTS))
INVEST_D_A = tuple(_a(INVEST_D, o) for o in range(N_SLOTS))
INVEST_E_A = tuple(_a(INVEST_E, o) for o in range(N_SLOTS))
INVEST_CREDIT_A = tuple(_a(INVEST_CREDIT, o) for o in range(N_SLOTS))
MAKE_A = tuple(_a(x) for x in MAKE)
BUY_A = tuple(_a(x) for x in BUY)
BUY_CREDIT_A = tuple(_a(x) for x in BUY_CREDIT)
IMPORT_A = tuple(_a(x) for x in IMPORT)
BUY_SHOP_A = tuple(tuple(_a(BUY_SHOP[t], s) for s in range(MAX_SEATS)) for t in range(3))
SELL_A = (tuple(_a(x) for x in SELL_D), tuple(_a(x) for x in SELL_E))
SHOP_A = tuple(_a(x) for x in SHOP)

# argument kind of each name: None, 'square', 'target', 'offer', 'seat'
ARG_KIND: dict[str, str | None] = {a.name: None for a in ALL_ACTIONS}
ARG_KIND[PLACE] = "square"
for _name in (DEACTIVATE, RETURN, ACTIVATE, REINFORCE, OUTSOURCE, *IDEA, *REPLACE):
    ARG_KIND[_name] = "target"
for _name in (INVEST, INVEST_D, INVEST_E, INVEST_CREDIT):
    ARG_KIND[_name] = "offer"
for _name in BUY_SHOP:
    ARG_KIND[_name] = "seat"
ARG_MAX = {"square": N_SQUARES - 1, "target": NT - 1, "offer": N_SLOTS - 1,
           "seat": MAX_SEATS - 1}

# text keys (plain ascii, hyphens) -> canonical name
ALIASES: dict[str, str] = {}


def _alias(canonical: str, *others: str) -> None:
    ALIASES[canonical] = canonical
    for o in others:
        ALIASES[o] = canonical


_alias(PLACE, "place", "colocar")
_alias(IGNORE, "ignore-event", "ignorar")
_alias(ACCEPT, "accept-event", "aceptar")
_alias(DONE, "done", "pasar", "pass", "fin")
_alias(DEACTIVATE, "deactivate")
_alias(RETURN, "return")
_alias(ACTIVATE, "activate")
_alias(REINFORCE, "reinforce")
_alias(OUTSOURCE, "outsource")
_alias(INVEST, "invest")
_alias(INVEST_D, "invest-off-money", "invertir-dto-dinero")
_alias(INVEST_E, "invest-off-energy", "invertir-dto-energia")
_alias(INVEST_CREDIT, "invest-credit", "invertir-a-credito")
_alias(REPAY, "repay-credit", "pagar-el-credito")
_alias(INNOVATE, "innovate")
_R_WORDS = [(r, RESOURCES[r], R_EN[r]) for r in range(3)]
_T_WORDS = [(t, PRODUCTS[t], T_EN[t]) for t in range(3)]
for _r, _es, _en in _R_WORDS:
    for _w in (_es, _en):
        ALIASES[f"elegir-{_w}"] = CHOOSE[_r]
        ALIASES[f"choose-{_w}"] = CHOOSE[_r]
        ALIASES[f"idea-{_w}"] = IDEA[_r]
        ALIASES[f"sustituir-{_w}"] = REPLACE[_r]
        ALIASES[f"replace-{_w}"] = REPLACE[_r]
for _t, _es, _en in _T_WORDS:
    for _w in (_es, _en):
        for _v, _names in (("descartar", DISCARD), ("discard", DISCARD), ("conservar", KEEP),
                           ("keep", KEEP), ("fabricar", MAKE), ("make", MAKE),
                           ("comprar", BUY), ("buy", BUY), ("comprar-credito", BUY_CREDIT),
                           ("buy-credit", BUY_CREDIT), ("importar", IMPORT),
                           ("import", IMPORT), ("comprar-tienda", BUY_SHOP),
                           ("buy-shop", BUY_SHOP), ("ofertar", SHOP), ("shop", SHOP)):
            ALIASES[f"{_v}-{_w}"] = _names[_t]
        for _r, _rw in ((1, ("d", "money", "dinero")), (2, ("e", "energy", "energia"))):
            for _x in _rw:
                for _v in ("vender", "sell"):
                    ALIASES[f"{_v}-{_w}-{_x}"] = (SELL_D if _r == 1 else SELL_E)[_t]
for _x, _code in enumerate(PTYPES):
    for _w in (_code, f"p-{_code}"):
        ALIASES[f"laboratorio-{_w}"] = LAB[_x]
        ALIASES[f"laboratory-{_w}"] = LAB[_x]
for _i, _ex in enumerate(EXCHANGES):
    for _words in (RESOURCES, R_EN):
        key = "-".join(_words[x] for x in _ex)
        ALIASES[f"canjear-{key}"] = EXCHANGE[_i]
        ALIASES[f"exchange-{key}"] = EXCHANGE[_i]

HELP: dict[str, tuple[str, str]] = {  # (Spanish, English) meaning, for help screens
    "ubicar Q": ("poner la ficha de emprendedor en la casilla de Oportunidad Q",
                 "place the entrepreneur token on Opportunity square Q"),
    IGNORE: ("ignorar el suceso de este Período", "ignore this Period's event"),
    ACCEPT: ("aceptar el suceso de este Período", "accept this Period's event"),
    "elegir-R": ("elegir un recurso R (suceso, devolución, subsidio)",
                 "choose a resource R (event, refund, subsidy)"),
    "descartar-T": ("devolver un Producto T a la caja (suceso)",
                    "return a Product T to the box (event)"),
    "conservar-T": ("conservar el Producto T en la merma", "keep Product T at shrinkage"),
    DONE: ("terminar tu turno en este paso", "end your turn in this step"),
    "desactivar N": ("desactivar el objetivo N (sus fichas vuelven)",
                     "deactivate target N (its tokens come back)"),
    "devolver N": ("devolver la inversión N a la caja (reembolso: coste − 1, mínimo 1)",
                   "return investment N to the box (refund: cost − 1, at least 1)"),
    "activar N": ("activar el objetivo N con recursos ociosos",
                  "activate target N with idle resources"),
    "reforzar N": ("poner una ficha más en N (Bodega, Prevención, «/»)",
                   "put one more token on N (Bodega, Prevención, the «/» option)"),
    "idea-R N": ("poner una Idea en una casilla R de N", "put an Idea on an R space of N"),
    "sustituir-R N": ("cambiar una ficha R de N por una Idea",
                      "replace an R token on N with an Idea"),
    "externalizar N": ("activar N mediante Externalización", "activate N through Outsourcing"),
    "laboratorio-X": ("elegir el Proceso X del Laboratorio", "pick the Laboratory's process X"),
    "canjear-R1-R2-R3": ("pagar R1 y R2, recibir R3 (distinto de ambos)",
                         "pay R1 and R2, take R3 (different from both)"),
    "invertir O": ("comprar la oferta O pagando su coste", "buy offer O paying its cost"),
    "invertir-dto-d O": ("comprar la oferta O con el descuento de 1 Dinero (3A)",
                         "buy offer O with the 1 Money discount (3A)"),
    "invertir-dto-e O": ("comprar la oferta O con el descuento de 1 Energía (3A)",
                         "buy offer O with the 1 Energy discount (3A)"),
    "invertir-credito O": ("comprar la oferta O con una carta de crédito",
                           "buy offer O with a credit card"),
    "fabricar-T": ("fabricar un Producto T con tus Procesos",
                   "make a Product T from your Processes"),
    "comprar-T": ("comprar un Producto T del mercado", "buy a Product T from the market"),
    "comprar-credito-T": ("comprar un Producto T del mercado con una carta de crédito",
                          "buy a Product T from the market with a credit card"),
    "importar-T": ("importar un Producto T (no hay en el mercado)",
                   "import a Product T (none in the market)"),
    "comprar-tienda-T S": ("comprar un Producto T de la Tienda virtual del jugador S",
                           "buy a Product T from player S's Online shop"),
    "vender-T-d": ("vender un Producto T por 1 Dinero", "sell a Product T for 1 Money"),
    "vender-T-e": ("vender un Producto T por 1 Energía", "sell a Product T for 1 Energy"),
    "ofertar-T": ("poner un Producto T en tu Tienda virtual",
                  "put a Product T on your Online shop"),
    REPAY: ("devolver la carta de crédito pagando 3 Dinero", "repay the credit card with 3 Money"),
    INNOVATE: ("cambiar 3 Productos distintos por 1 Idea", "trade 3 different Products for 1 Idea"),
}

HELP_EN_FORM = {"ubicar Q": "place Q", IGNORE: "ignore-event", ACCEPT: "accept-event",
                "elegir-R": "choose-R", "descartar-T": "discard-T", "conservar-T": "keep-T",
                DONE: "done", "desactivar N": "deactivate N", "devolver N": "return N",
                "activar N": "activate N", "reforzar N": "reinforce N", "idea-R N": "idea-R N",
                "sustituir-R N": "replace-R N", "externalizar N": "outsource N",
                "laboratorio-X": "laboratory-X", "canjear-R1-R2-R3": "exchange-R1-R2-R3",
                "invertir O": "invest O", "invertir-dto-d O": "invest-off-money O",
                "invertir-dto-e O": "invest-off-energy O",
                "invertir-credito O": "invest-credit O", "fabricar-T": "make-T",
                "comprar-T": "buy-T", "comprar-credito-T": "buy-credit-T",
                "importar-T": "import-T", "comprar-tienda-T S": "buy-shop-T S",
                "vender-T-d": "sell-T-money", "vender-T-e": "sell-T-energy",
                "ofertar-T": "shop-T", REPAY: "repay-credit", INNOVATE: "innovate"}


def grammar_lines(lang: str, C: Content | None = None) -> list[str]:
    """The action grammar in ``lang`` (es/en), one line each, for ``ludoteca rules elplan``
    (square ids of the content ``C``; default: the shipped one)."""
    C = C or content()
    es = lang == "es"
    out = [f"{form:22s} ({HELP_EN_FORM[form]}) — {pair[0] if es else pair[1]}"
           for form, pair in HELP.items()]
    rs = ", ".join(f"{RESOURCES[r]} ({R_EN[r]})" for r in range(3))
    ts = ", ".join(f"{PRODUCTS[t]} ({T_EN[t]})" for t in range(3))
    sq = ", ".join(f"{s.index}={s.id}" for s in C.squares)
    decks = ", ".join(f"{i}={d}" for i, d in enumerate(DECKS))
    out += [("R = recurso: " if es else "R = resource: ") + rs,
            ("T = Producto: " if es else "T = Product: ") + ts,
            ("X = tipo de Proceso: a, b, c (P-A, P-B, P-C)" if es else
             "X = process type: a, b, c (P-A, P-B, P-C)"),
            ("Q = casilla de Oportunidad (número o nombre): " if es else
             "Q = Opportunity square (number or id): ") + sq,
            ("N = objetivo: 0, 1 los Procesos del Plan (proceso-1, proceso-2); 2 + k la "
             "inversión k del catálogo (o su id: activar bodega)" if es else
             "N = target: 0, 1 the Plan's processes (proceso-1, proceso-2); 2 + k catalogue "
             "investment k (or its id: activate bodega)"),
            ("O = oferta 3·mazo + casilla (0–8) o mazo-casilla: tecnologia-1; mazos: " if es
             else "O = offer 3·deck + slot (0–8) or deck-slot: technology-1; decks: ") + decks,
            ("S = asiento 0–5" if es else "S = seat 0–5"),
            ("Sin acentos ni mayúsculas; un espacio vale por el guion: vender mp d" if es else
             "Accents and case are ignored; a space stands for the hyphen: sell raw money")]
    return out


_INT = re.compile(r"^\d+$")


def plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def _names_list() -> str:
    return ", ".join(HELP)


def split(text: object) -> tuple[str, str | None, str]:
    """(canonical name, raw argument words joined by '-' or None, original text)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as 'listo'; got {text!r}",
                            f"una acción es un texto como 'listo'; recibido {text!r}")
    parts = [p for w in plain(text).replace("_", "-").split() for p in w.split("-") if p]
    if not parts:
        raise IllegalAction("empty action; actions are: " + _names_list(),
                            "acción vacía; las acciones son: " + _names_list())
    for cut in range(len(parts), 0, -1):
        name = ALIASES.get("-".join(parts[:cut]))
        if name is not None:
            rest = "-".join(parts[cut:]) or None
            return name, rest, text
    raise IllegalAction(f"{text!r} is not an action of elplan; actions are: {_names_list()} "
                        f"(English: {', '.join(HELP_EN_FORM.values())})",
                        f"{text!r} no es una acción de elplan; las acciones son: "
                        f"{_names_list()}")


def finish(name: str, raw: str | None, resolve) -> Action:
    """The action for ``name`` and its argument words; ``resolve(kind, word)`` turns a non-
    numeric word into a number (or None)."""
    kind = ARG_KIND[name]
    if kind is None:
        if raw is not None:
            raise IllegalAction(f"'{name}' takes no argument; got {raw!r}",
                                f"'{name}' no lleva argumento; recibido {raw!r}")
        return BY_NAME_ARG[(name, None)]
    if raw is None:
        example = {"square": "3", "target": "0", "offer": "0", "seat": "1"}[kind]
        raise IllegalAction(f"'{name}' needs {_kind_en(kind)}, e.g. '{name} {example}'",
                            f"'{name}' necesita {_kind_es(kind)}, p. ej. '{name} {example}'")
    arg = int(raw) if _INT.match(raw) else resolve(kind, raw)
    if arg is None:
        raise IllegalAction(f"'{name}' takes {_kind_en(kind)}; got {raw!r}",
                            f"'{name}' lleva {_kind_es(kind)}; recibido {raw!r}")
    action = BY_NAME_ARG.get((name, arg))
    if action is None:
        raise IllegalAction(f"'{name}' takes {_kind_en(kind)} from 0 to {ARG_MAX[kind]}; "
                            f"got {arg}",
                            f"'{name}' lleva {_kind_es(kind)} de 0 a {ARG_MAX[kind]}; "
                            f"recibido {arg}")
    return action


def _kind_en(kind: str) -> str:
    return {"square": "an Opportunity square (0–11 or its id, e.g. 3A, D6-1)",
            "target": "a target (0–17, proceso-1, proceso-2 or a card id)",
            "offer": "an offer (0–8 or deck-slot, e.g. tecnologia-1)",
            "seat": "a seat number"}[kind]


def _kind_es(kind: str) -> str:
    return {"square": "una casilla de Oportunidad (0–11 o su nombre, p. ej. 3A, D6-1)",
            "target": "un objetivo (0–17, proceso-1, proceso-2 o el id de una carta)",
            "offer": "una oferta (0–8 o mazo-casilla, p. ej. tecnologia-1)",
            "seat": "un número de asiento"}[kind]
