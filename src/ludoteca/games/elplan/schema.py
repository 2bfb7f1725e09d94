"""The declared schema of «El Plan: tú decides»'s ``content.toml``: the file's tables as pydantic
models and the booklet's counts (components table, EP-GEN.*, EP-CARD.*, EP-SET.*, EP-OPP.*,
EP-TUT.*) as validators whose messages name the rule ID. ``content.py`` builds the engine's
content from it; ``ludoteca content schema elplan`` prints it as JSON Schema.

Tutorial investment cards (``[[tutorial_investments]]``) take every field they leave out from
``[tutorial_card_defaults]``; they are checked as investment cards once merged.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from ludoteca.core.content_schema import NonNeg, Problem, Spec, expect, one_of, sub_validate

RESOURCES = ("ch", "d", "e")          # action order (engine brief)
PRODUCTS = ("mp", "bc", "sv")
PTYPES = ("a", "b", "c")
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
#: the English words of the action grammar (``vender-mp-d`` = ``sell-raw-money``): the
#: ``alias_en`` of resources and products are these (engine brief: action grammar)
RESOURCES_EN = ("hc", "money", "energy")
PRODUCTS_EN = ("raw", "goods", "service")
#: the Opportunity board, square by square (G24 with EP-OPP.5–10): 2 D1 squares (2 at
#: «5-6», G24), 2 D2 (EP-OPP.7), 3A/3B/3C (EP-OPP.8), D4 and D5 (EP-OPP.9), D6's subsidy
#: squares 1–3 (EP-OPP.10), none on D7 (EP-OPP.5); the benefit each District's squares give
SQUARE_DISTRICTS = ("D1", "D1", "D2", "D2", "D3", "D3", "D3", "D4", "D5", "D6", "D6", "D6")
DISTRICT_BENEFIT = {"D1": ("ignore_event", "EP-D1.4"), "D2": ("gain", "EP-D2.14"),
                    "D3": ("discount", "EP-D3.11–13"), "D4": ("extra_process", "EP-D4.7"),
                    "D5": ("purchase_discount", "EP-D5.8"), "D6": ("subsidy", "EP-D6.2")}
#: effects the glossary gives one card each (Laboratorio, Tienda virtual, Analista, Técnico,
#: Externalización; Red de transporte and Etiquetas RFID are the two export bonuses)
ONE_CARD_KINDS = ("choose_one", "store", "event_shield", "sale_bonus", "outsource",
                  "export_bonus")
MAX_TARGETS = 18                      # N = 0, 1 plan processes; 2 + k catalogue card k (≤ 16)
GLOSSARY = {"bodega", "industria", "cartel-publicitario", "central-de-energia-limpia",
            "red-de-transporte-limpio", "tecnico-en-calidad", "analista-de-riesgos",
            "comite-emprendedor", "externalizacion", "prevencion-de-riesgos", "estrategia-rse",
            "maquinaria", "informatica", "laboratorio", "etiquetas-rfid", "tienda-virtual"}

Resource = Literal["ch", "d", "e"]
Product = Literal["mp", "bc", "sv"]
PType = Literal["a", "b", "c"]
Deck = Literal["infraestructura", "especialista", "tecnologia"]
CHOICE_OPS = ("redistribute", "pay_idle_choice", "discard_product")



def expect_(value: Any, want: Any, field: str, rule: str) -> None:
    """:func:`~ludoteca.core.content_schema.expect` in this game's words."""
    expect(value, want, field, rule, "the booklet says")


class Triple(Spec):
    """Counts of resources: ``{ ch = …, d = …, e = … }`` (each optional, default 0)."""

    model_config = ConfigDict(extra="forbid")
    ch: NonNeg = 0
    d: NonNeg = 0
    e: NonNeg = 0

    @property
    def t(self) -> tuple[int, int, int]:
        return (self.ch, self.d, self.e)


def _rule(value: str, field: str) -> None:
    if not value.startswith("EP-"):
        raise Problem(field, f"got {value!r}", "a checklist rule id EP-<PART>.<n>")


class Players(Spec):
    min: int
    max: int


class PlayerCount(Spec):
    players: int
    offers_per_type: int
    d1_squares: int
    d2_squares: int
    plan_rule: Literal["all_types", "different_types"]
    market_feed: bool

    @model_validator(mode="after")
    def _offers(self) -> PlayerCount:
        expect_(self.offers_per_type, 3 if self.players >= 5 else 2, "offers_per_type",
               "EP-SET.2–3")
        return self


class Periods(Spec):
    full_game: int
    tutorial: int


class Named(Spec):
    id: str
    name: str
    name_en: str
    alias_en: str


class ProcessType(Spec):
    id: str
    code: str
    name: str
    name_en: str


class Start(Spec):
    resources: Triple


class District(Spec):
    number: int
    name: str
    name_en: str


class Discount(Spec):
    choice: list[Resource] = []
    amount: int | None = None


class Square(Spec):
    index: int
    id: str
    district: Literal["D1", "D2", "D3", "D4", "D5", "D6"] = Field(
        description="D7 has none (EP-OPP.5)")
    players: list[int]
    benefit: Literal["ignore_event", "gain", "discount", "extra_process", "purchase_discount",
                     "subsidy"]
    gain: Triple = Triple()
    deck: Deck | None = None
    discount: Discount = Discount()
    amount: int = 0
    subsidy_square: int = 0
    min_market_types: int = 0
    rule: str

    @model_validator(mode="after")
    def _rule_id(self) -> Square:
        _rule(self.rule, "rule")
        return self


class Market(Spec):
    buy_price: Triple
    import_price: Triple
    export_at: int
    sale_amount: int
    export_removes: int
    export_subsidy: Triple


class Subsidy(Spec):
    usable_by_market_types: list[int]
    gain_amount: int


class ExchangeSpec(Spec):
    pay: int
    receive: int


class Credit(Spec):
    max_held: int
    supply: int
    repay_cost: Triple
    end_penalty_ideas: int


class Ideas(Spec):
    is_resource: bool
    trade_cost: int


class SummaryStep(Spec):
    step: int
    name: str
    name_en: str


class Setup(Spec):
    events_in_deck: int
    events_set_aside: int


class ReturnInvestment(Spec):
    per_period: int


class CardEffect(Spec):
    kind: Literal["processes", "choose_one", "produce", "export_bonus", "sale_bonus",
                  "event_shield", "outsource", "store"]
    by_tokens: list[list[Literal["a", "b", "c", "any"]]] | None = None
    of: list[PType] = []
    gain: Triple = Triple()
    once_per_period: bool = False
    blocks_subsidy_dinero: str | None = None
    price: Triple = Triple()


class Investment(Spec):
    index: int
    id: str
    name: str
    name_en: str
    deck: Deck
    copies: int = 1
    number: int = Field(0, description="tutorial number (1–5), 0 in the full game")
    cost: Triple
    spaces: list[Resource]
    min_tokens: int
    comes_active: bool
    play: bool
    trio: bool
    effect: CardEffect
    rule: str = "EP-CARD.2"

    @model_validator(mode="after")
    def _card(self) -> Investment:
        mn, n = self.min_tokens, len(self.spaces)
        if not 0 <= mn <= n or (self.comes_active and mn) or (not self.comes_active and mn == 0):
            raise Problem("min_tokens", f"got {mn} with {n} spaces",
                          "1 … spaces (0 only for cards that come active)")
        if sum(self.cost.t) < 1:
            raise Problem("cost", "empty", "at least one resource (EP-CARD.2)")
        if self.effect.kind == "processes":
            bt = self.effect.by_tokens
            if bt is None or len(bt) != n + 1:
                raise Problem("effect.by_tokens", f"got {bt!r}",
                              f"a list of {n + 1} process lists (0 … {n} tokens)")
            if not bt[mn]:
                raise Problem("effect.by_tokens", "an active card gives no process",
                              "at least one process at min_tokens")
        return self


class Effect(Spec):
    op: Literal["gain", "pay_idle", "reset_idle", "subsidy", "redistribute", "set_price",
                "no_imports", "export_subsidy", "market_trim", "pay_idle_choice", "sale_bonus",
                "discard_product", "pay_to_subsidy", "gain_if_no_ideas", "none"]
    scope: Literal["player", "board"]
    gain: Triple = Triple()
    resource: Resource | None = None
    amount: int = 0
    what: str = ""
    price: Triple = Triple()
    min: int = 0
    min_idle: int = 0
    if_: Literal["", "has_active_investment"] = Field("", alias="if")

    @model_validator(mode="after")
    def _what(self) -> Effect:
        if self.op == "set_price":
            one_of(self.what, ("market", "import"), "what")
        return self


class Event(Spec):
    id: str
    number: int
    name: str
    name_en: str
    category: Literal["positive", "negative", "neutral"]
    hook: Literal["D1", "period", "D5_sell", "D7_start"]
    effects: list[Effect]
    text: str
    text_en: str
    checklist: list[str] = []

    @model_validator(mode="after")
    def _one_choice(self) -> Event:
        if sum(1 for x in self.effects if x.op in CHOICE_OPS) > 1:
            raise Problem("effects", "more than one choice op", "at most one")
        return self


class PlanProcess(Spec):
    type: PType
    spaces: list[Resource]


class Recipe(Spec):
    product: Product
    processes: list[PType]


class Plan(Spec):
    id: str
    level: int
    type: Product
    name: str
    name_en: str
    processes: list[PlanProcess]
    recipes: list[Recipe]
    tutorial: bool = False

    @model_validator(mode="after")
    def _table(self) -> Plan:
        procs, recipes = self.processes, self.recipes
        if len(procs) != 2 or any(not p.spaces for p in procs):
            raise Problem("processes", f"{len(procs)} processes", "2 processes with spaces")
        sizes = sorted(len(r.processes) for r in recipes)
        if len(recipes) != 2 or sizes != [2, 3] or recipes[0].product != self.type or \
                len({r.product for r in recipes}) != 2 or \
                sorted(next(r.processes for r in recipes if len(r.processes) == 3)) != \
                ["a", "b", "c"] or \
                sorted(recipes[0].processes) != sorted(p.type for p in procs):
            raise Problem("recipes", "not a plan's manufacturing table",
                          "own type from the 2 processes, a second type from P-A + P-B + P-C "
                          "(EP-D4.4–5)")
        one_of(self.level, (1, 2), "level", " (EP-SET.9)")
        return self


class PlanDefaults(Spec):
    level_1: list[str]
    level_2: list[str]


class TutorialPeriod(Spec):
    period: int
    districts: list[int]
    opportunity: bool
    summary_steps: list[int]
    event_removed_from_game: bool = False
    constraints: list[Literal["must_activate_plan", "keep_activations", "no_return",
                              "must_buy_investment", "must_make", "must_make_second",
                              "buy_only", "must_buy_missing", "sell_exactly_one",
                              "must_activate_investment"]]

    @model_validator(mode="after")
    def _districts(self) -> TutorialPeriod:
        d = self.districts
        if d != sorted(set(d)) or not set(d) <= set(range(1, 8)):
            raise Problem("districts", f"got {d}", "rising District numbers 1–7")
        return self


def _at(at: str, whens: tuple[str, ...]) -> None:
    when, _, place = at.partition(":")
    if when not in whens or place not in MOMENTS:
        raise Problem("at", f"got {at!r}", "|".join(whens) + ":" + "|".join(MOMENTS))


class Checkpoint(Spec):
    id: str
    period: int
    at: str
    check: dict[str, Any]
    source: str
    rule: str

    @model_validator(mode="after")
    def _fields(self) -> Checkpoint:
        _at(self.at, ("start", "end"))
        bad = set(self.check) - set(CHECKS)
        if bad:
            raise Problem("check", f"unknown {sorted(bad)}", ", ".join(CHECKS))
        _rule(self.rule, "rule")
        return self


class Step(Spec):
    id: str
    at: str
    period: int
    text_es: str
    text_en: str

    @model_validator(mode="after")
    def _when(self) -> Step:
        _at(self.at, ("start",))
        return self


class Tutorial(Spec):
    players: int
    length: int
    level: int
    plans: list[str]
    event_deck: list[str]
    investment_decks_from_period: int
    entrepreneurs_from_period: int
    ideas_wildcard_from_period: int
    periods: list[TutorialPeriod]
    checkpoints: list[Checkpoint]
    steps: list[Step]


class ElPlanContent(Spec):
    """``content.toml`` of «El Plan: tú decides» (game id ``elplan``)."""

    players: Players
    player_counts: list[PlayerCount]
    periods: Periods
    resources: list[Named]
    products: list[Named]
    process_types: list[ProcessType]
    start: Start
    districts: list[District]
    opportunity_squares: list[Square]
    market: Market
    subsidy: Subsidy
    exchange: ExchangeSpec
    credit: Credit
    ideas: Ideas
    summary_steps: list[SummaryStep]
    setup: Setup
    decks: list[Named]
    investments: list[Investment]
    tutorial_card_defaults: dict[str, Any]
    tutorial_investments: list[dict[str, Any]] = Field(
        description="investment cards; each field left out comes from tutorial_card_defaults")
    plans: list[Plan]
    plan_defaults: PlanDefaults
    events: list[Event]
    tutorial: Tutorial
    return_investment: ReturnInvestment

    _tutorial_cards: list[Investment] = PrivateAttr(default_factory=list)

    @property
    def tutorial_cards(self) -> list[Investment]:
        """``tutorial_investments`` merged with ``tutorial_card_defaults`` and checked."""
        return self._tutorial_cards

    @model_validator(mode="after")
    def _booklet(self) -> ElPlanContent:
        """The booklet's counts (each message names its rule ID)."""
        self._tutorial_cards = [
            sub_validate(Investment, {**self.tutorial_card_defaults, **c},
                         f"tutorial_investments[{i}]")
            for i, c in enumerate(self.tutorial_investments)]
        self._counts()
        self._board()
        self._cards()
        self._plans_events_tutorial()
        return self

    def _counts(self) -> None:
        lo, hi = self.players.min, self.players.max
        expect_((lo, hi), (2, 6), "players.min/max", "EP-GEN.1")
        players = [pc.players for pc in self.player_counts]
        expect_(sorted(players), list(range(lo, hi + 1)), "player_counts[].players",
               "EP-GEN.1")
        expect_(self.periods.full_game, 12, "periods.full_game", "EP-PER.1")
        expect_(self.periods.tutorial, 5, "periods.tutorial", "EP-TUT.13")
        for key, codes in (("resources", RESOURCES), ("products", PRODUCTS),
                           ("process_types", PTYPES), ("decks", DECKS)):
            rule = "EP-D3 sections 3A–3C" if key == "decks" else "engine brief: action order"
            expect_(tuple(x.id for x in getattr(self, key)), codes, f"{key}[].id", rule)
        for key, words in (("resources", RESOURCES_EN), ("products", PRODUCTS_EN)):
            expect_(tuple(x.alias_en for x in getattr(self, key)), words,
                    f"{key}[].alias_en", "engine brief: action grammar (English words)")
        expect_(self.start.resources.t, (2, 2, 2), "start.resources", "EP-SET.11")
        expect_([d.number for d in self.districts], list(range(1, 8)), "districts[].number",
               "EP-PER.3")

    def _board(self) -> None:
        sq = self.opportunity_squares
        for i, s in enumerate(sq):
            expect_(s.index, i, f"opportunity_squares[{i}].index", "engine brief: Q = 0–11")
        expect_(len(sq), 12, "opportunity_squares", "G24: 12 numbered squares")
        for i, s in enumerate(sq):
            expect_(s.district, SQUARE_DISTRICTS[i], f"opportunity_squares[{i}].district",
                    "G24, EP-OPP.5–10: D1 D1 D2 D2 D3 D3 D3 D4 D5 D6 D6 D6")
            benefit, rule = DISTRICT_BENEFIT[s.district]
            expect_(s.benefit, benefit, f"opportunity_squares[{i}].benefit", rule)
        for d, s in enumerate(sq[4:7]):
            expect_(s.deck, DECKS[d], f"opportunity_squares[{4 + d}].deck",
                    "EP-OPP.8: 3A, 3B, 3C discount the three decks in order")
            ch = s.discount.choice
            if not ch or len(set(ch)) != len(ch) or not set(ch) <= {"d", "e"}:
                raise Problem(f"opportunity_squares[{4 + d}].discount.choice", f"got {ch!r}",
                              '["d"], ["e"] or ["d", "e"] (EP-D3.11–13: 1 Dinero or 1 '
                              'Energía less)')
            expect_(s.discount.amount, 1, f"opportunity_squares[{4 + d}].discount.amount",
                    "EP-D3.11–13")
        expect_(sq[8].amount, 1, "opportunity_squares[8].amount", "EP-D5.8: 1 Dinero off")
        for d, s in enumerate(sq[9:12]):
            expect_(s.subsidy_square, d + 1, f"opportunity_squares[{9 + d}].subsidy_square",
                    "EP-OPP.10")
            expect_(s.min_market_types, (0, 2, 3)[d],
                    f"opportunity_squares[{9 + d}].min_market_types", "EP-OPP.11")
        for pc in self.player_counts:         # every seat can place its token (G24)
            p = pc.players
            free = sum(1 for i, s in enumerate(sq) if p in s.players and i not in (10, 11))
            if free < p:
                raise Problem("opportunity_squares[].players",
                              f"{free} squares usable by {p} players with an empty market",
                              f"at least {p} (G24: placing is compulsory, EP-OPP.1)")
        for i, s in enumerate(sq):
            if s.subsidy_square and s.district != "D6":
                raise Problem(f"opportunity_squares[{i}].subsidy_square",
                              f"got {s.subsidy_square} on {s.district}", "0 (EP-OPP.10)")
            if not set(s.players) <= set(range(self.players.min, self.players.max + 1)):
                raise Problem(f"opportunity_squares[{i}].players", f"got {s.players}",
                              f"player counts {self.players.min}–{self.players.max}")
        for pc in self.player_counts:
            p = pc.players
            expect_(sum(1 for s in sq if s.district == "D1" and p in s.players), pc.d1_squares,
                   f"opportunity_squares (D1, {p} players)", "EP-OPP.6, G24")
            expect_(sum(1 for s in sq if s.district == "D2" and p in s.players), pc.d2_squares,
                   f"opportunity_squares (D2, {p} players)", "EP-OPP.7, G24")
        expect_(sum(1 for s in sq if s.district == "D3"), 3, "opportunity_squares (D3)",
               "EP-OPP.8")
        expect_(sum(1 for s in sq if s.district == "D6"), 3, "opportunity_squares (D6)",
               "EP-OPP.10")
        m = self.market
        expect_(m.buy_price.d, 3, "market.buy_price", "EP-D5.3")
        expect_(m.import_price.d, 5, "market.import_price", "EP-D5.5")
        expect_(m.export_at, 6, "market.export_at", "EP-D5.12")
        expect_(tuple(self.subsidy.usable_by_market_types), (1, 1, 2, 3),
               "subsidy.usable_by_market_types", "EP-OPP.11")
        expect_((self.exchange.pay, self.exchange.receive), (2, 1), "exchange.pay/receive",
               "EP-D2.9")
        expect_(self.credit.max_held, 1, "credit.max_held", "EP-D3.5")
        if self.credit.supply < 1:
            raise Problem("credit.supply", f"got {self.credit.supply}",
                          "a whole number >= 1 (G10)")
        expect_(self.ideas.is_resource, False, "ideas.is_resource", "EP-GEN.4")
        expect_(self.ideas.trade_cost, 3, "ideas.trade_cost", "EP-D7.1")
        expect_([s.step for s in self.summary_steps], list(range(1, 10)),
               "summary_steps[].step", "EP-SUM.1")
        expect_(self.setup.events_in_deck, 20, "setup.events_in_deck", "EP-SET.5")
        expect_(self.setup.events_set_aside, 8, "setup.events_set_aside", "EP-SET.5")

    def _cards(self) -> None:
        cards, tut = self.investments, self._tutorial_cards
        for field, cat in (("investments", cards), ("tutorial_investments", tut)):
            expect_([c.index for c in cat], list(range(len(cat))), f"{field}[].index",
                   "catalogue order")
            if len(cat) + 2 > MAX_TARGETS:
                raise Problem(field, f"{len(cat)} cards",
                              f"at most {MAX_TARGETS - 2} (targets 0–17)")
            if len({c.id for c in cat}) != len(cat):
                raise Problem(f"{field}[].id", "ids repeat", "distinct ids")
        expect_({c.id for c in cards}, GLOSSARY, "investments[].id", "glossary + erratum 1")
        for cat, field in ((cards, "investments"), (tut, "tutorial_investments")):
            maq = next((c for c in cat if c.id == "maquinaria"), None)
            if maq is None:
                raise Problem(f"{field}[].id", "Maquinaria is missing", "maquinaria (erratum 1)")
            expect_(maq.cost.t, (0, 1, 0), f"{field}[maquinaria].cost", "EP-CARD.1 (erratum 1)")
        for field, cat in (("investments", cards), ("tutorial_investments", tut)):
            for kind in ONE_CARD_KINDS:     # the engine keeps one card of these effects
                same = sorted({c.id for c in cat if c.effect.kind == kind and
                               (kind != "export_bonus" or c.effect.once_per_period)})
                other = sorted({c.id for c in cat if c.effect.kind == kind and
                                kind == "export_bonus" and not c.effect.once_per_period})
                for ids in (same, other):
                    if len(ids) > 1:
                        raise Problem(f"{field}[].effect.kind", f"{kind!r} on {ids}",
                                      f"at most one card with effect {kind!r}" +
                                      (" (once_per_period true, one false)"
                                       if kind == "export_bonus" else "") +
                                      " (glossary: G14–G17, G19, G20, G23)")
        ext = [c for c in cards if c.effect.kind == "outsource"]
        if len(ext) != 1 or ext[0].trio:
            raise Problem("investments[externalizacion]",
                          "must be the one outsource card, trio false", "EP-CARD.21")
        sizes = tuple(sum(c.copies for c in tut if c.deck == d) for d in DECKS)
        expect_(sizes, (5, 5, 5), "tutorial_investments (cards per deck)", "EP-TUT.4")
        for d in DECKS:
            expect_(sorted(c.number for c in tut if c.deck == d), [1, 2, 3, 4, 5],
                   f"tutorial_investments[{d}].number", "EP-TUT.4")
        sizes = tuple(sum(c.copies for c in cards if c.deck == d) for d in DECKS)
        if min(sizes) < 1:
            raise Problem("investments", f"deck sizes {sizes}", "at least 1 card per deck")

    def _plans_events_tutorial(self) -> None:
        plans = {p.id: p for p in self.plans}
        if len(plans) != len(self.plans):
            raise Problem("plans[].id", "ids repeat", "distinct ids")
        for lv in (1, 2):
            ids = getattr(self.plan_defaults, f"level_{lv}")
            for x in ids:
                if x not in plans or plans[x].level != lv:
                    raise Problem(f"plan_defaults.level_{lv}", f"{x!r} is not a level-{lv} plan",
                                  ", ".join(p.id for p in self.plans if p.level == lv))
            if len(ids) < self.players.max:
                raise Problem(f"plan_defaults.level_{lv}", f"{len(ids)} plans",
                              f"{self.players.max} plans")
        expect_(len(self.events), 20, "events", "EP-SET.5 (20 event cards)")
        events = [e.id for e in self.events]
        if len(set(events)) != 20:
            raise Problem("events[].id", "ids repeat", "distinct ids")
        tut, length = self.tutorial, self.periods.tutorial
        expect_(tut.players, 3, "tutorial.players", "EP-TUT.1")
        expect_(tut.length, length, "tutorial.length", "EP-TUT.13")
        for x in tut.plans:
            if x not in plans:
                raise Problem("tutorial.plans", f"{x!r} is not a plan", ", ".join(plans))
        for x in tut.event_deck:
            if x not in events:
                raise Problem("tutorial.event_deck", f"unknown code {x!r}", ", ".join(events))
        expect_(len(tut.event_deck), length, "tutorial.event_deck", "EP-TUT.3 (5 cards)")
        expect_(sorted(p.period for p in tut.periods), list(range(1, length + 1)),
               "tutorial.periods[].period", "EP-TUT.5")
