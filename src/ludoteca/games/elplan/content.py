"""The content of «El Plan: tú decides» read from ``content.toml`` and checked against the
booklet's counts (components table, EP-GEN.4–5, EP-GEN.10, EP-CARD.1–2, EP-SET.*, EP-TUT.*).

Everything the engine needs — plans, investment cards, events, squares, prices, the tutorial
script — comes from here; the rules code repeats no number of the file. A broken file raises
:class:`~ludoteca.core.errors.ContentError` naming the field and what is allowed.

Codes become small ints: resources ch, d, e → 0, 1, 2; products mp, bc, sv → 0, 1, 2; process
types a, b, c → 0, 1, 2 and "any" → 3; decks infraestructura, especialista, tecnologia → 0, 1, 2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, TypeVar

from ludoteca.core.content_option import content_key, content_text, find, remember
from ludoteca.core.content_schema import load_spec
from ludoteca.games.elplan import schema
from ludoteca.games.elplan.schema import (  # noqa: F401 (re-exported vocabularies)
    BENEFITS,
    CATEGORIES,
    CHECKS,
    CONSTRAINTS,
    DECKS,
    HOOKS,
    KINDS,
    MAX_TARGETS,
    MOMENTS,
    OPS,
    PRODUCTS,
    PTYPES,
    RESOURCES,
)

FILE = "content.toml"

ANY = 3                               # a process of any type (wildcard)


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
    # derived from the recipes once (not read from the file)
    second: int = field(default=-1, init=False)   # the other product it makes
    missing: int = field(default=-1, init=False)  # the product type it cannot make

    def __post_init__(self) -> None:
        made = {p for p, _ in self.recipes}
        object.__setattr__(self, "second", next(p for p, _ in self.recipes if p != self.type))
        object.__setattr__(self, "missing", next(t for t in range(3) if t not in made))


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


@dataclass(frozen=True, eq=False)
class Content:
    """The parsed content of one file. Compared and hashed by identity: one file's text is
    parsed once per process (:func:`load`), and games, clones and replays share the object.
    It pickles as its text (re-parsed, once, where it is unpickled)."""

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
    # where it came from (set by parse_content; not content: left out of comparisons)
    source: str = field(default="", init=False)    # the TOML text
    origin: str = field(default="", init=False)    # the file's name (error messages, records)
    custom: bool = field(default=False, init=False)  # not the shipped file
    key: str | None = field(default=None, init=False)  # views' ``content`` (None: shipped)
    #: tables derived from this content by the modules that read it (:func:`derived`)
    cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        if not self.custom:                    # the shipped file: nothing to carry
            return (_unpickle, ("", self.origin, False))
        return (_unpickle, (self.source, self.origin, True))


def _card(c: schema.Investment, k: int) -> Card:
    eff = c.effect
    by_tokens: tuple[tuple[int, ...], ...] = ()
    if eff.kind == "processes" and eff.by_tokens is not None:
        by_tokens = tuple(tuple((*PTYPES, "any").index(x) for x in bt) for bt in eff.by_tokens)
    return Card(
        index=c.index, id=c.id, name=c.name, name_en=c.name_en, deck=DECKS.index(c.deck),
        copies=c.copies, number=c.number, cost=c.cost.t,
        spaces=tuple(RESOURCES.index(x) for x in c.spaces), min_tokens=c.min_tokens,
        comes_active=c.comes_active, play=c.play, trio=c.trio, kind=eff.kind,
        by_tokens=by_tokens,
        of=tuple(PTYPES.index(x) for x in eff.of) if eff.kind == "choose_one" else (),
        gain=eff.gain.t, once_per_period=eff.once_per_period,
        blocks_subsidy=eff.blocks_subsidy_dinero == "while_owned",
        price=eff.price.d if eff.kind == "store" else 0, rule=c.rule)


def _effect(e: schema.Effect) -> Effect:
    return Effect(op=e.op, scope=e.scope, gain=e.gain.t,
                  resource=RESOURCES.index(e.resource) if e.resource else -1,
                  amount=e.amount, what=e.what, price=e.price.d, min=e.min,
                  min_idle=e.min_idle, cond=e.if_)


def parse_content(text: str, origin: str = f"elplan {FILE}") -> Content:
    """Read and check the content against :class:`~ludoteca.games.elplan.schema.ElPlanContent`
    (the booklet's counts must hold); ``origin`` names the file in error messages."""
    raw, spec = load_spec(schema.ElPlanContent, text, origin)
    lo, hi = spec.players.min, spec.players.max
    counts = {pc.players: PlayerCount(pc.players, pc.offers_per_type, pc.d1_squares,
                                      pc.d2_squares, pc.plan_rule, pc.market_feed)
              for pc in spec.player_counts}
    squares = tuple(Square(
        index=i, id=sq.id, district=int(sq.district[1]), players=tuple(sq.players),
        benefit=sq.benefit, gain=sq.gain.t, deck=DECKS.index(sq.deck) if sq.deck else -1,
        discount=tuple(RESOURCES.index(x) for x in sq.discount.choice),
        amount=sq.discount.amount if sq.discount.amount is not None else sq.amount,
        subsidy=sq.subsidy_square - 1, min_market_types=sq.min_market_types, rule=sq.rule)
        for i, sq in enumerate(spec.opportunity_squares))
    cards = tuple(_card(c, i) for i, c in enumerate(spec.investments))
    tut_cards = tuple(_card(c, i) for i, c in enumerate(spec.tutorial_cards))
    deck_sizes = tuple(sum(c.copies for c in cards if c.deck == d) for d in range(3))
    tut_sizes = tuple(sum(c.copies for c in tut_cards if c.deck == d) for d in range(3))
    plans = tuple(Plan(
        i, p.id, p.level, PRODUCTS.index(p.type), p.name, p.name_en,
        tuple((PTYPES.index(pr.type), tuple(RESOURCES.index(x) for x in pr.spaces))
              for pr in p.processes),
        tuple((PRODUCTS.index(rc.product), tuple(PTYPES.index(x) for x in rc.processes))
              for rc in p.recipes), p.tutorial) for i, p in enumerate(spec.plans))
    plan_index = {p.id: p.index for p in plans}
    events = tuple(EventCard(i, e.id, e.number, e.name, e.name_en, e.category, e.hook,
                             tuple(_effect(x) for x in e.effects), e.text, e.text_en,
                             tuple(e.checklist)) for i, e in enumerate(spec.events))
    event_index = {e.id: e.index for e in events}
    tut = spec.tutorial
    tut_periods = {tp.period: TutorialPeriod(tp.period, tuple(tp.districts), tp.opportunity,
                                             tuple(tp.summary_steps), tp.event_removed_from_game,
                                             frozenset(tp.constraints)) for tp in tut.periods}
    checkpoints = tuple(Checkpoint(cp.id, cp.period, cp.at, cp.check, cp.source, cp.rule)
                        for cp in tut.checkpoints)
    steps = tuple(Step(st.id, st.at, st.period, st.text_es, st.text_en) for st in tut.steps)
    market, credit = spec.market, spec.credit

    out = Content(
        raw=raw, min_players=lo, max_players=hi, counts=counts,
        full_periods=spec.periods.full_game, tutorial_periods=spec.periods.tutorial,
        start=spec.start.resources.t,
        resource_names=tuple((r.name, r.name_en) for r in spec.resources),
        resource_en=tuple(r.alias_en for r in spec.resources),
        product_names=tuple((p.name, p.name_en) for p in spec.products),
        product_en=tuple(p.alias_en for p in spec.products),
        ptype_names=tuple((p.code, p.name, p.name_en) for p in spec.process_types),
        district_names=tuple((d.name, d.name_en) for d in spec.districts),
        deck_names=tuple((d.name, d.name_en) for d in spec.decks),
        deck_en=tuple(d.alias_en for d in spec.decks),
        squares=squares, square_index={s.id.lower(): s.index for s in squares},
        buy_price=market.buy_price.d, import_price=market.import_price.d,
        sale_amount=market.sale_amount, export_at=market.export_at,
        export_removes=market.export_removes, export_subsidy=market.export_subsidy.d,
        usable_by_types=tuple(spec.subsidy.usable_by_market_types),
        subsidy_gain=spec.subsidy.gain_amount, exchange_pay=2, exchange_receive=1,
        return_per_period=spec.return_investment.per_period,
        credit_supply=credit.supply, credit_max=1, repay_cost=credit.repay_cost.d,
        penalty_ideas=credit.end_penalty_ideas, trade_cost=3,
        summary_names=tuple((s.name, s.name_en) for s in spec.summary_steps),
        events_in_deck=20, events_set_aside=8, cards=cards, tut_cards=tut_cards,
        deck_sizes=deck_sizes, tut_deck_sizes=tut_sizes, plans=plans,
        plan_index=plan_index,
        plan_defaults={1: tuple(spec.plan_defaults.level_1),
                       2: tuple(spec.plan_defaults.level_2)},
        events=events, event_index=event_index, tut_players=3, tut_level=tut.level,
        tut_plans=tuple(tut.plans), tut_event_deck=tuple(event_index[x] for x in tut.event_deck),
        tut_decks_from=tut.investment_decks_from_period,
        tut_entrepreneurs_from=tut.entrepreneurs_from_period,
        tut_ideas_from=tut.ideas_wildcard_from_period,
        tut_periods=tut_periods, checkpoints=checkpoints, steps=steps)
    object.__setattr__(out, "source", text)
    object.__setattr__(out, "origin", origin)
    return out


@cache
def content() -> Content:
    """The shipped content (read once)."""
    text = resources.files("ludoteca.games.elplan").joinpath(FILE).read_text("utf-8")
    return parse_content(text)


@lru_cache(maxsize=16)
def custom_content(text: str, origin: str) -> Content:
    """A custom content file's text, parsed and checked once per (text, origin): every game
    given it (clones, replays, a lab run's games) shares the one object."""
    c = parse_content(text, origin)
    key = content_key(text, origin)
    object.__setattr__(c, "custom", True)
    object.__setattr__(c, "key", key)
    remember("elplan", key, c)
    return c


def load(value: Any) -> Content:
    """The content an option ``content`` asks for: ``None``/``"default"`` (the shipped
    file), a path, or ``{"source": name, "toml": text}`` (records, the web).

    Raises :class:`~ludoteca.core.errors.InvalidOption` for a value of the wrong kind and
    :class:`~ludoteca.core.errors.ContentError` for a file that cannot be read or breaks the
    schema (naming the file, the field and what is allowed)."""
    got = content_text(value, "elplan")
    if got is None:
        return content()
    text, origin = got
    return custom_content(text, origin)


def _unpickle(text: str, origin: str, custom: bool) -> Content:
    return custom_content(text, origin) if custom else content()


def content_of(view: dict[str, Any] | None) -> Content:
    """The content a view was made from (its ``content`` mark names a custom one; a view
    without it is of the shipped content). Words and screens that read only a view use it;
    ``LookupError`` when the mark names a content this process no longer holds."""
    got = find("elplan", view)
    return content() if got is None else got


T = TypeVar("T")


def derived(c: Content, name: str, build: Callable[[Content], T]) -> T:
    """``build(c)``, made once per content and kept with it (tables a module derives from
    the content: names by id, per-plan statics…)."""
    got = c.cache.get(name)
    if got is None:
        got = c.cache[name] = build(c)
    return got
