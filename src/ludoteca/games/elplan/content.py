"""The content of «El Plan: tú decides» read from ``content.toml`` and checked against the
booklet's counts (components table, EP-GEN.4–5, EP-GEN.10, EP-CARD.1–2, EP-SET.*, EP-TUT.*).

Everything the engine needs — plans, investment cards, events, squares, prices, the tutorial
script — comes from here; the rules code repeats no number of the file. A broken file raises
:class:`~ludoteca.core.errors.ContentError` naming the field and what is allowed.

Codes become small ints: resources ch, d, e → 0, 1, 2; products mp, bc, sv → 0, 1, 2; process
types a, b, c → 0, 1, 2 and "any" → 3; decks infraestructura, especialista, tecnologia → 0, 1, 2.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import ContentError

FILE = "content.toml"

RESOURCES = ("ch", "d", "e")          # action order (engine brief)
PRODUCTS = ("mp", "bc", "sv")
PTYPES = ("a", "b", "c")
ANY = 3                               # a process of any type (wildcard)
DECKS = ("infraestructura", "especialista", "tecnologia")
CATEGORIES = ("positive", "negative", "neutral")
HOOKS = ("D1", "period", "D5_sell", "D7_start")
OPS = ("gain", "pay_idle", "reset_idle", "subsidy", "redistribute", "set_price", "no_imports",
       "export_subsidy", "market_trim", "pay_idle_choice", "sale_bonus", "discard_product",
       "pay_to_subsidy", "gain_if_no_ideas", "none")
KINDS = ("processes", "choose_one", "produce", "export_bonus", "sale_bonus", "event_shield",
         "outsource", "store")
BENEFITS = ("ignore_event", "gain", "discount", "extra_process", "purchase_discount", "subsidy")
CONSTRAINTS = ("must_activate_plan", "keep_activations", "no_return", "must_buy_investment",
               "must_make", "must_make_second", "buy_only", "must_buy_missing",
               "sell_exactly_one", "must_activate_investment")
CHECKS = ("resources", "events_face_down", "available_processes", "products",
          "identical_products", "product_types", "investments", "offers", "market", "ideas",
          "activations_kept", "subsidies")
MOMENTS = ("setup", "period", "opportunity", "D1", "D2", "offers", "D3", "D4", "D5",
           "D5.comprar", "D6", "D7", "summary")
MAX_TARGETS = 18                      # N = 0, 1 plan processes; 2 + k catalogue card k (≤ 16)


@dataclass(frozen=True, slots=True)
class Plan:
    index: int
    id: str
    level: int
    type: int                          # product index of its own type
    name: str
    name_en: str
    processes: tuple[tuple[int, tuple[int, ...]], ...]   # (process type, spaces)
    recipes: tuple[tuple[int, tuple[int, ...]], ...]     # (product, process types)
    tutorial: bool

    @property
    def second(self) -> int:
        return next(p for p, procs in self.recipes if p != self.type)

    @property
    def missing(self) -> int:
        """The product type the plan cannot make."""
        made = {p for p, _ in self.recipes}
        return next(t for t in range(3) if t not in made)


@dataclass(frozen=True, slots=True)
class Card:
    index: int                         # catalogue position k (target N = 2 + k)
    id: str
    name: str
    name_en: str
    deck: int
    copies: int
    number: int                        # tutorial number (1–5), 0 in the full game
    cost: tuple[int, int, int]
    spaces: tuple[int, ...]
    min_tokens: int
    comes_active: bool
    play: bool
    trio: bool
    kind: str
    by_tokens: tuple[tuple[int, ...], ...]   # processes (kind processes)
    of: tuple[int, ...]                      # choose_one
    gain: tuple[int, int, int]               # produce / export_bonus / sale_bonus
    once_per_period: bool
    blocks_subsidy: bool
    price: int                               # store (Tienda virtual)
    rule: str

    @property
    def cost_total(self) -> int:
        return sum(self.cost)

    @property
    def refund(self) -> int:
        """Returned in D2 / counted in tie-break 2: max(1, cost − 1) (EP-D2.3, EP-SCO.9)."""
        return max(1, self.cost_total - 1)


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    scope: str                         # player | board
    gain: tuple[int, int, int]
    resource: int
    amount: int
    what: str                          # set_price: market | import
    price: int
    min: int
    min_idle: int
    cond: str                          # pay_idle_choice: has_active_investment

    @property
    def choice(self) -> bool:
        return self.op in ("redistribute", "pay_idle_choice", "discard_product")


@dataclass(frozen=True, slots=True)
class EventCard:
    index: int
    id: str
    number: int
    name: str
    name_en: str
    category: str
    hook: str
    effects: tuple[Effect, ...]
    text: str
    text_en: str
    checklist: tuple[str, ...]

    @property
    def has_player_op(self) -> bool:
        return any(e.scope == "player" for e in self.effects)


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    id: str
    district: int
    players: tuple[int, ...]
    benefit: str
    gain: tuple[int, int, int]
    deck: int                          # discount squares, else −1
    discount: tuple[int, ...]          # resource indices the discount may take
    amount: int
    subsidy: int                       # 0-based subsidy square, else −1
    min_market_types: int
    rule: str


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    offers_per_type: int
    d1_squares: int
    d2_squares: int
    plan_rule: str
    market_feed: bool


@dataclass(frozen=True, slots=True)
class TutorialPeriod:
    period: int
    districts: tuple[int, ...]
    opportunity: bool
    summary_steps: tuple[int, ...]
    event_removed: bool
    constraints: frozenset[str]


@dataclass(frozen=True, slots=True)
class Checkpoint:
    id: str
    period: int
    at: str
    check: dict[str, Any]
    source: str
    rule: str


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    at: str
    period: int
    text_es: str
    text_en: str


@dataclass(frozen=True)
class Content:
    raw: dict[str, Any]
    min_players: int
    max_players: int
    counts: dict[int, PlayerCount]
    full_periods: int
    tutorial_periods: int
    start: tuple[int, int, int]
    resource_names: tuple[tuple[str, str], ...]       # (es, en)
    resource_en: tuple[str, ...]                       # English codes: hc, money, energy
    product_names: tuple[tuple[str, str], ...]
    product_en: tuple[str, ...]                        # raw, goods, service
    ptype_names: tuple[tuple[str, str, str], ...]      # (code P-A, es, en)
    district_names: tuple[tuple[str, str], ...]        # index 0 = D1
    deck_names: tuple[tuple[str, str], ...]
    deck_en: tuple[str, ...]
    squares: tuple[Square, ...]
    square_index: dict[str, int]
    buy_price: int
    import_price: int
    sale_amount: int
    export_at: int
    export_removes: int
    export_subsidy: int
    usable_by_types: tuple[int, ...]
    subsidy_gain: int
    exchange_pay: int
    exchange_receive: int
    return_per_period: int
    credit_supply: int
    credit_max: int
    repay_cost: int
    penalty_ideas: int
    trade_cost: int
    summary_names: tuple[tuple[str, str], ...]         # steps 1–9 (es, en)
    events_in_deck: int
    events_set_aside: int
    cards: tuple[Card, ...]
    tut_cards: tuple[Card, ...]
    deck_sizes: tuple[int, int, int]
    tut_deck_sizes: tuple[int, int, int]
    plans: tuple[Plan, ...]
    plan_index: dict[str, int]
    plan_defaults: dict[int, tuple[str, ...]]
    events: tuple[EventCard, ...]
    event_index: dict[str, int]
    tut_players: int
    tut_level: int
    tut_plans: tuple[str, ...]
    tut_event_deck: tuple[int, ...]
    tut_decks_from: int
    tut_entrepreneurs_from: int
    tut_ideas_from: int
    tut_periods: dict[int, TutorialPeriod]
    checkpoints: tuple[Checkpoint, ...]
    steps: tuple[Step, ...]


def _fail(field: str, problem: str, allowed: str) -> ContentError:
    return ContentError(f"elplan {FILE}: {field}: {problem}; allowed: {allowed}")


def _get(table: Any, key: str, where: str, kind: type | tuple = int, default: Any = ...) -> Any:
    if not isinstance(table, dict):
        raise _fail(where, f"got {table!r}", "a table")
    if key not in table:
        if default is not ...:
            return default
        kinds = kind if isinstance(kind, tuple) else (kind,)
        raise _fail(f"{where}.{key}", "missing",
                    f"a value of type {'/'.join(k.__name__ for k in kinds)}")
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise _fail(f"{where}.{key}", f"got {value!r}",
                    f"a value of type {'/'.join(k.__name__ for k in kinds)}")
    return value


def _expect(value: Any, want: Any, field: str, rule: str) -> None:
    if value != want:
        raise _fail(field, f"got {value!r}, the booklet says {want!r} ({rule})", repr(want))


def _code(value: Any, codes: tuple[str, ...], field: str) -> int:
    if value not in codes:
        raise _fail(field, f"unknown code {value!r}", ", ".join(codes))
    return codes.index(value)


def _triple(table: Any, field: str) -> tuple[int, int, int]:
    """A {ch, d, e} table as (ch, d, e)."""
    if not isinstance(table, dict):
        raise _fail(field, f"got {table!r}", "a table of ch, d, e counts")
    out = [0, 0, 0]
    for k, v in table.items():
        r = _code(k, RESOURCES, f"{field}.{k}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _fail(f"{field}.{k}", f"got {v!r}", "a whole number >= 0")
        out[r] = v
    return (out[0], out[1], out[2])


def _ptypes(value: Any, field: str, allow_any: bool) -> tuple[int, ...]:
    codes = PTYPES + (("any",) if allow_any else ())
    if not isinstance(value, list):
        raise _fail(field, f"got {value!r}", "a list of " + ", ".join(codes))
    return tuple(_code(x, codes, field) for x in value)


def _rule(value: Any, field: str) -> str:
    if not (isinstance(value, str) and value.startswith("EP-")):
        raise _fail(field, f"got {value!r}", "a checklist rule id EP-<PART>.<n>")
    return value


def _card(raw: dict, where: str, defaults: dict | None = None) -> Card:
    t = dict(defaults or {})
    t.update(raw)
    k = _get(t, "index", where)
    cid = _get(t, "id", where, str)
    deck = _code(_get(t, "deck", where, str), DECKS, f"{where}.deck")
    cost = _triple(_get(t, "cost", where, dict), f"{where}.cost")
    spaces = tuple(_code(x, RESOURCES, f"{where}.spaces") for x in _get(t, "spaces", where, list))
    mn = _get(t, "min_tokens", where)
    comes = _get(t, "comes_active", where, bool)
    if not 0 <= mn <= len(spaces) or (comes and mn) or (not comes and mn == 0):
        raise _fail(f"{where}.min_tokens", f"got {mn} with {len(spaces)} spaces",
                    "1 … spaces (0 only for cards that come active)")
    if sum(cost) < 1:
        raise _fail(f"{where}.cost", "empty", "at least one resource (EP-CARD.2)")
    eff = _get(t, "effect", where, dict)
    kind = eff.get("kind")
    if kind not in KINDS:
        raise _fail(f"{where}.effect.kind", f"got {kind!r}", ", ".join(KINDS))
    by_tokens: tuple[tuple[int, ...], ...] = ()
    if kind == "processes":
        bt = eff.get("by_tokens")
        if not isinstance(bt, list) or len(bt) != len(spaces) + 1:
            raise _fail(f"{where}.effect.by_tokens", f"got {bt!r}",
                        f"a list of {len(spaces) + 1} process lists (0 … {len(spaces)} tokens)")
        by_tokens = tuple(_ptypes(x, f"{where}.effect.by_tokens", True) for x in bt)
        if not by_tokens[mn]:
            raise _fail(f"{where}.effect.by_tokens", "an active card gives no process",
                        "at least one process at min_tokens")
    of = _ptypes(eff.get("of", []), f"{where}.effect.of", False) if kind == "choose_one" else ()
    gain = _triple(eff.get("gain", {}), f"{where}.effect.gain")
    price = 0
    if kind == "store":
        price = _triple(eff.get("price", {}), f"{where}.effect.price")[1]
    return Card(
        index=k, id=cid, name=_get(t, "name", where, str), name_en=_get(t, "name_en", where, str),
        deck=deck, copies=_get(t, "copies", where, default=1), number=t.get("number", 0),
        cost=cost, spaces=spaces, min_tokens=mn, comes_active=comes,
        play=_get(t, "play", where, bool), trio=_get(t, "trio", where, bool), kind=kind,
        by_tokens=by_tokens, of=of, gain=gain,
        once_per_period=bool(eff.get("once_per_period", False)),
        blocks_subsidy=eff.get("blocks_subsidy_dinero") == "while_owned", price=price,
        rule=t.get("rule", "EP-CARD.2"))


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise _fail(where, f"got {raw!r}", "a table {op, scope, …}")
    op = raw.get("op")
    if op not in OPS:
        raise _fail(f"{where}.op", f"got {op!r}", ", ".join(OPS))
    scope = raw.get("scope")
    if scope not in ("player", "board"):
        raise _fail(f"{where}.scope", f"got {scope!r}", "player, board")
    res = raw.get("resource")
    price = raw.get("price", {})
    what = raw.get("what", "")
    if op == "set_price" and what not in ("market", "import"):
        raise _fail(f"{where}.what", f"got {what!r}", "market, import")
    cond = raw.get("if", "")
    if cond not in ("", "has_active_investment"):
        raise _fail(f"{where}.if", f"got {cond!r}", "has_active_investment")
    return Effect(op=op, scope=scope, gain=_triple(raw.get("gain", {}), f"{where}.gain"),
                  resource=_code(res, RESOURCES, f"{where}.resource") if res else -1,
                  amount=raw.get("amount", 0), what=what,
                  price=_triple(price, f"{where}.price")[1] if price else 0,
                  min=raw.get("min", 0), min_idle=raw.get("min_idle", 0), cond=cond)


def parse_content(text: str) -> Content:
    """Read and check the content (the booklet's counts must hold)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"elplan {FILE}: not valid TOML: {exc}") from exc

    players = _get(raw, "players", "root", dict)
    lo, hi = _get(players, "min", "players"), _get(players, "max", "players")
    _expect((lo, hi), (2, 6), "players.min/max", "EP-GEN.1")
    counts = {}
    for i, pc in enumerate(_get(raw, "player_counts", "root", list)):
        w = f"player_counts[{i}]"
        p = _get(pc, "players", w)
        counts[p] = PlayerCount(p, _get(pc, "offers_per_type", w), _get(pc, "d1_squares", w),
                                _get(pc, "d2_squares", w), _get(pc, "plan_rule", w, str),
                                _get(pc, "market_feed", w, bool))
        want_offers = 3 if p >= 5 else 2                                 # EP-SET.2–3, G40
        _expect(counts[p].offers_per_type, want_offers, f"{w}.offers_per_type", "EP-SET.2–3")
        if counts[p].plan_rule not in ("all_types", "different_types"):
            raise _fail(f"{w}.plan_rule", f"got {counts[p].plan_rule!r}",
                        "all_types, different_types")
    _expect(sorted(counts), list(range(lo, hi + 1)), "player_counts[].players", "EP-GEN.1")

    periods = _get(raw, "periods", "root", dict)
    full = _get(periods, "full_game", "periods")
    _expect(full, 12, "periods.full_game", "EP-PER.1")
    tut_len = _get(periods, "tutorial", "periods")
    _expect(tut_len, 5, "periods.tutorial", "EP-TUT.13")

    def ordered(key: str, codes: tuple[str, ...]) -> list[dict]:
        items = _get(raw, key, "root", list)
        got = tuple(x.get("id") if isinstance(x, dict) else x for x in items)
        _expect(got, codes, f"{key}[].id", "engine brief: action order")
        return items

    res = ordered("resources", RESOURCES)
    prods = ordered("products", PRODUCTS)
    pts = ordered("process_types", PTYPES)
    start = _get(raw, "start", "root", dict)
    start_res = _triple(_get(start, "resources", "start", dict), "start.resources")
    _expect(start_res, (2, 2, 2), "start.resources", "EP-SET.11")

    districts = _get(raw, "districts", "root", list)
    _expect([_get(d, "number", f"districts[{i}]") for i, d in enumerate(districts)],
            list(range(1, 8)), "districts[].number", "EP-PER.3")

    squares = []
    for i, sq in enumerate(_get(raw, "opportunity_squares", "root", list)):
        w = f"opportunity_squares[{i}]"
        _expect(_get(sq, "index", w), i, f"{w}.index", "engine brief: Q = 0–11")
        benefit = _get(sq, "benefit", w, str)
        if benefit not in BENEFITS:
            raise _fail(f"{w}.benefit", f"got {benefit!r}", ", ".join(BENEFITS))
        dist = _get(sq, "district", w, str)
        if dist not in ("D1", "D2", "D3", "D4", "D5", "D6"):
            raise _fail(f"{w}.district", f"got {dist!r}", "D1 … D6 (D7 has none, EP-OPP.5)")
        disc = sq.get("discount", {})
        squares.append(Square(
            index=i, id=_get(sq, "id", w, str), district=int(dist[1]),
            players=tuple(_get(sq, "players", w, list)), benefit=benefit,
            gain=_triple(sq.get("gain", {}), f"{w}.gain"),
            deck=_code(sq["deck"], DECKS, f"{w}.deck") if "deck" in sq else -1,
            discount=tuple(_code(x, RESOURCES, f"{w}.discount") for x in disc.get("choice", [])),
            amount=disc.get("amount", sq.get("amount", 0)),
            subsidy=sq.get("subsidy_square", 0) - 1, min_market_types=sq.get("min_market_types", 0),
            rule=_rule(_get(sq, "rule", w, str), f"{w}.rule")))
    _expect(len(squares), 12, "opportunity_squares", "G24: 12 numbered squares")
    for p, pc in counts.items():
        _expect(sum(1 for s in squares if s.district == 1 and p in s.players), pc.d1_squares,
                f"opportunity_squares (D1, {p} players)", "EP-OPP.6, G24")
        _expect(sum(1 for s in squares if s.district == 2 and p in s.players), pc.d2_squares,
                f"opportunity_squares (D2, {p} players)", "EP-OPP.7, G24")
    _expect(sum(1 for s in squares if s.district == 3), 3, "opportunity_squares (D3)", "EP-OPP.8")
    _expect(sum(1 for s in squares if s.district == 6), 3, "opportunity_squares (D6)",
            "EP-OPP.10")

    market = _get(raw, "market", "root", dict)
    buy = _triple(_get(market, "buy_price", "market", dict), "market.buy_price")[1]
    _expect(buy, 3, "market.buy_price", "EP-D5.3")
    imp = _triple(_get(market, "import_price", "market", dict), "market.import_price")[1]
    _expect(imp, 5, "market.import_price", "EP-D5.5")
    export_at = _get(market, "export_at", "market")
    _expect(export_at, 6, "market.export_at", "EP-D5.12")
    subsidy = _get(raw, "subsidy", "root", dict)
    usable = tuple(_get(subsidy, "usable_by_market_types", "subsidy", list))
    _expect(usable, (1, 1, 2, 3), "subsidy.usable_by_market_types", "EP-OPP.11")
    exchange = _get(raw, "exchange", "root", dict)
    _expect((_get(exchange, "pay", "exchange"), _get(exchange, "receive", "exchange")), (2, 1),
            "exchange.pay/receive", "EP-D2.9")
    credit = _get(raw, "credit", "root", dict)
    _expect(_get(credit, "max_held", "credit"), 1, "credit.max_held", "EP-D3.5")
    supply = _get(credit, "supply", "credit")
    if supply < 1:
        raise _fail("credit.supply", f"got {supply}", "a whole number >= 1 (G10)")
    ideas = _get(raw, "ideas", "root", dict)
    _expect(_get(ideas, "is_resource", "ideas", bool), False, "ideas.is_resource", "EP-GEN.4")
    _expect(_get(ideas, "trade_cost", "ideas"), 3, "ideas.trade_cost", "EP-D7.1")

    summary = _get(raw, "summary_steps", "root", list)
    _expect([_get(s, "step", f"summary_steps[{i}]") for i, s in enumerate(summary)],
            list(range(1, 10)), "summary_steps[].step", "EP-SUM.1")
    setup = _get(raw, "setup", "root", dict)
    _expect(_get(setup, "events_in_deck", "setup"), 20, "setup.events_in_deck", "EP-SET.5")
    _expect(_get(setup, "events_set_aside", "setup"), 8, "setup.events_set_aside", "EP-SET.5")

    decks = _get(raw, "decks", "root", list)
    _expect(tuple(d.get("id") for d in decks), DECKS, "decks[].id", "EP-D3 sections 3A–3C")

    cards = tuple(_card(c, f"investments[{i}]")
                  for i, c in enumerate(_get(raw, "investments", "root", list)))
    tdef = _get(raw, "tutorial_card_defaults", "root", dict)
    tut_cards = tuple(_card(c, f"tutorial_investments[{i}]", tdef)
                      for i, c in enumerate(_get(raw, "tutorial_investments", "root", list)))
    for field, cat in (("investments", cards), ("tutorial_investments", tut_cards)):
        _expect([c.index for c in cat], list(range(len(cat))), f"{field}[].index",
                "catalogue order")
        if len(cat) + 2 > MAX_TARGETS:
            raise _fail(field, f"{len(cat)} cards", f"at most {MAX_TARGETS - 2} (targets 0–17)")
        if len({c.id for c in cat}) != len(cat):
            raise _fail(f"{field}[].id", "ids repeat", "distinct ids")
    glossary = {"bodega", "industria", "cartel-publicitario", "central-de-energia-limpia",
                "red-de-transporte-limpio", "tecnico-en-calidad", "analista-de-riesgos",
                "comite-emprendedor", "externalizacion", "prevencion-de-riesgos",
                "estrategia-rse", "maquinaria", "informatica", "laboratorio", "etiquetas-rfid",
                "tienda-virtual"}
    _expect({c.id for c in cards}, glossary, "investments[].id", "glossary + erratum 1")
    for cat, field in ((cards, "investments"), (tut_cards, "tutorial_investments")):
        maq = next((c for c in cat if c.id == "maquinaria"), None)
        if maq is None:
            raise _fail(f"{field}[].id", "Maquinaria is missing", "maquinaria (erratum 1)")
        _expect(maq.cost, (0, 1, 0), f"{field}[maquinaria].cost", "EP-CARD.1 (erratum 1)")
    ext = [c for c in cards if c.kind == "outsource"]
    if len(ext) != 1 or ext[0].trio:
        raise _fail("investments[externalizacion]", "must be the one outsource card, trio false",
                    "EP-CARD.21")
    deck_sizes = tuple(sum(c.copies for c in cards if c.deck == d) for d in range(3))
    tut_sizes = tuple(sum(c.copies for c in tut_cards if c.deck == d) for d in range(3))
    _expect(tut_sizes, (5, 5, 5), "tutorial_investments (cards per deck)", "EP-TUT.4")
    for d in range(3):
        nums = sorted(c.number for c in tut_cards if c.deck == d)
        _expect(nums, [1, 2, 3, 4, 5], f"tutorial_investments[{DECKS[d]}].number", "EP-TUT.4")
    if min(deck_sizes) < 1:
        raise _fail("investments", f"deck sizes {deck_sizes}", "at least 1 card per deck")

    plans = []
    for i, p in enumerate(_get(raw, "plans", "root", list)):
        w = f"plans[{i}]"
        ptype = _code(_get(p, "type", w, str), PRODUCTS, f"{w}.type")
        procs = []
        for j, pr in enumerate(_get(p, "processes", w, list)):
            procs.append((_code(_get(pr, "type", f"{w}.processes[{j}]", str), PTYPES,
                                f"{w}.processes[{j}].type"),
                          tuple(_code(x, RESOURCES, f"{w}.processes[{j}].spaces")
                                for x in _get(pr, "spaces", f"{w}.processes[{j}]", list))))
        recipes = []
        for j, rc in enumerate(_get(p, "recipes", w, list)):
            recipes.append((_code(_get(rc, "product", f"{w}.recipes[{j}]", str), PRODUCTS,
                                  f"{w}.recipes[{j}].product"),
                            _ptypes(_get(rc, "processes", f"{w}.recipes[{j}]", list),
                                    f"{w}.recipes[{j}].processes", False)))
        if len(procs) != 2 or any(not sp for _, sp in procs):
            raise _fail(f"{w}.processes", f"{len(procs)} processes", "2 processes with spaces")
        sizes = sorted(len(r) for _, r in recipes)
        if len(recipes) != 2 or sizes != [2, 3] or recipes[0][0] != ptype or \
                len({r[0] for r in recipes}) != 2 or \
                sorted(next(r for _, r in recipes if len(r) == 3)) != [0, 1, 2] or \
                sorted(recipes[0][1]) != sorted(t for t, _ in procs):
            raise _fail(f"{w}.recipes", "not a plan's manufacturing table",
                        "own type from the 2 processes, a second type from P-A + P-B + P-C "
                        "(EP-D4.4–5)")
        level = _get(p, "level", w)
        if level not in (1, 2):
            raise _fail(f"{w}.level", f"got {level!r}", "1, 2 (EP-SET.9)")
        plans.append(Plan(i, _get(p, "id", w, str), level, ptype, _get(p, "name", w, str),
                          _get(p, "name_en", w, str), tuple(procs), tuple(recipes),
                          bool(p.get("tutorial", False))))
    plan_index = {p.id: p.index for p in plans}
    if len(plan_index) != len(plans):
        raise _fail("plans[].id", "ids repeat", "distinct ids")
    pd = _get(raw, "plan_defaults", "root", dict)
    plan_defaults = {}
    for lv in (1, 2):
        ids = tuple(_get(pd, f"level_{lv}", "plan_defaults", list))
        for x in ids:
            if x not in plan_index or plans[plan_index[x]].level != lv:
                raise _fail(f"plan_defaults.level_{lv}", f"{x!r} is not a level-{lv} plan",
                            ", ".join(p.id for p in plans if p.level == lv))
        if len(ids) < hi:
            raise _fail(f"plan_defaults.level_{lv}", f"{len(ids)} plans", f"{hi} plans")
        plan_defaults[lv] = ids

    events = []
    for i, e in enumerate(_get(raw, "events", "root", list)):
        w = f"events[{i}]"
        cat = _get(e, "category", w, str)
        if cat not in CATEGORIES:
            raise _fail(f"{w}.category", f"got {cat!r}", ", ".join(CATEGORIES))
        hook = _get(e, "hook", w, str)
        if hook not in HOOKS:
            raise _fail(f"{w}.hook", f"got {hook!r}", ", ".join(HOOKS))
        effs = tuple(_effect(x, f"{w}.effects[{j}]")
                     for j, x in enumerate(_get(e, "effects", w, list)))
        if sum(1 for x in effs if x.choice) > 1:
            raise _fail(f"{w}.effects", "more than one choice op", "at most one")
        events.append(EventCard(i, _get(e, "id", w, str), _get(e, "number", w),
                                _get(e, "name", w, str),
                                _get(e, "name_en", w, str), cat, hook, effs,
                                _get(e, "text", w, str), _get(e, "text_en", w, str),
                                tuple(e.get("checklist", []))))
    _expect(len(events), 20, "events", "EP-SET.5 (20 event cards)")
    event_index = {e.id: e.index for e in events}
    if len(event_index) != 20:
        raise _fail("events[].id", "ids repeat", "distinct ids")

    tut = _get(raw, "tutorial", "root", dict)
    _expect(_get(tut, "players", "tutorial"), 3, "tutorial.players", "EP-TUT.1")
    _expect(_get(tut, "length", "tutorial"), tut_len, "tutorial.length", "EP-TUT.13")
    tut_plans = tuple(_get(tut, "plans", "tutorial", list))
    for x in tut_plans:
        if x not in plan_index:
            raise _fail("tutorial.plans", f"{x!r} is not a plan", ", ".join(plan_index))
    tut_events = tuple(_code(x, tuple(event_index), "tutorial.event_deck")
                       for x in _get(tut, "event_deck", "tutorial", list))
    _expect(len(tut_events), tut_len, "tutorial.event_deck", "EP-TUT.3 (5 cards)")
    tut_periods = {}
    for i, tp in enumerate(_get(tut, "periods", "tutorial", list)):
        w = f"tutorial.periods[{i}]"
        cons = frozenset(_get(tp, "constraints", w, list))
        bad = cons - set(CONSTRAINTS)
        if bad:
            raise _fail(f"{w}.constraints", f"unknown {sorted(bad)}", ", ".join(CONSTRAINTS))
        dists = tuple(_get(tp, "districts", w, list))
        if list(dists) != sorted(set(dists)) or not set(dists) <= set(range(1, 8)):
            raise _fail(f"{w}.districts", f"got {list(dists)}", "rising District numbers 1–7")
        p = _get(tp, "period", w)
        tut_periods[p] = TutorialPeriod(p, dists, _get(tp, "opportunity", w, bool),
                                        tuple(_get(tp, "summary_steps", w, list)),
                                        bool(tp.get("event_removed_from_game", False)), cons)
    _expect(sorted(tut_periods), list(range(1, tut_len + 1)), "tutorial.periods[].period",
            "EP-TUT.5")
    checkpoints = []
    for i, cp in enumerate(_get(tut, "checkpoints", "tutorial", list)):
        w = f"tutorial.checkpoints[{i}]"
        at = _get(cp, "at", w, str)
        when, _, place = at.partition(":")
        if when not in ("start", "end") or place not in MOMENTS:
            raise _fail(f"{w}.at", f"got {at!r}", "start|end:" + "|".join(MOMENTS))
        check = _get(cp, "check", w, dict)
        bad = set(check) - set(CHECKS)
        if bad:
            raise _fail(f"{w}.check", f"unknown {sorted(bad)}", ", ".join(CHECKS))
        checkpoints.append(Checkpoint(_get(cp, "id", w, str), _get(cp, "period", w), at, check,
                                      _get(cp, "source", w, str),
                                      _rule(_get(cp, "rule", w, str), f"{w}.rule")))
    steps = []
    for i, st in enumerate(_get(tut, "steps", "tutorial", list)):
        w = f"tutorial.steps[{i}]"
        at = _get(st, "at", w, str)
        when, _, place = at.partition(":")
        if when != "start" or place not in MOMENTS:
            raise _fail(f"{w}.at", f"got {at!r}", "start:" + "|".join(MOMENTS))
        steps.append(Step(_get(st, "id", w, str), at, _get(st, "period", w),
                          _get(st, "text_es", w, str), _get(st, "text_en", w, str)))

    return Content(
        raw=raw, min_players=lo, max_players=hi, counts=counts, full_periods=full,
        tutorial_periods=tut_len, start=start_res,
        resource_names=tuple((r["name"], r["name_en"]) for r in res),
        resource_en=tuple(r["alias_en"] for r in res),
        product_names=tuple((p["name"], p["name_en"]) for p in prods),
        product_en=tuple(p["alias_en"] for p in prods),
        ptype_names=tuple((p["code"], p["name"], p["name_en"]) for p in pts),
        district_names=tuple((d["name"], d["name_en"]) for d in districts),
        deck_names=tuple((d["name"], d["name_en"]) for d in decks),
        deck_en=tuple(d["alias_en"] for d in decks),
        squares=tuple(squares), square_index={s.id.lower(): s.index for s in squares},
        buy_price=buy, import_price=imp, sale_amount=_get(market, "sale_amount", "market"),
        export_at=export_at, export_removes=_get(market, "export_removes", "market"),
        export_subsidy=_triple(_get(market, "export_subsidy", "market", dict),
                               "market.export_subsidy")[1],
        usable_by_types=usable, subsidy_gain=_get(subsidy, "gain_amount", "subsidy"),
        exchange_pay=2, exchange_receive=1,
        return_per_period=_get(_get(raw, "return_investment", "root", dict), "per_period",
                               "return_investment"),
        credit_supply=supply, credit_max=1,
        repay_cost=_triple(_get(credit, "repay_cost", "credit", dict), "credit.repay_cost")[1],
        penalty_ideas=_get(credit, "end_penalty_ideas", "credit"), trade_cost=3,
        summary_names=tuple((s["name"], s["name_en"]) for s in summary),
        events_in_deck=20, events_set_aside=8, cards=cards, tut_cards=tut_cards,
        deck_sizes=deck_sizes, tut_deck_sizes=tut_sizes, plans=tuple(plans),
        plan_index=plan_index, plan_defaults=plan_defaults, events=tuple(events),
        event_index=event_index, tut_players=3, tut_level=_get(tut, "level", "tutorial"),
        tut_plans=tut_plans, tut_event_deck=tut_events,
        tut_decks_from=_get(tut, "investment_decks_from_period", "tutorial"),
        tut_entrepreneurs_from=_get(tut, "entrepreneurs_from_period", "tutorial"),
        tut_ideas_from=_get(tut, "ideas_wildcard_from_period", "tutorial"),
        tut_periods=tut_periods, checkpoints=tuple(checkpoints), steps=tuple(steps))


@cache
def content() -> Content:
    """The shipped content (read once)."""
    text = resources.files("ludoteca.games.elplan").joinpath(FILE).read_text("utf-8")
    return parse_content(text)
