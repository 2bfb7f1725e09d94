"""The declared schema of «Siglo XX»'s ``content.toml``: the file's tables as pydantic models and
the rulebook's counts (XX-C.1–C.15, XX-D.1–D.4, XX-G2.*, XX-G3.*, XX-G5.*, XX-G14.*, XX-G15.*)
as validators whose messages name the rule ID. ``content.py`` builds the engine's content
from it; ``ludoteca content schema sigloxx`` prints it as JSON Schema.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from ludoteca.core.content_schema import NonNeg, Problem, Spec, expect, one_of

EDGES = ("N", "E", "S", "W")                 # edge numbering 0–3, clockwise
LETTERS = ("a", "b", "c")                     # site index 0–2
COLUMN_LETTERS = ("A", "B", "C", "D", "E")    # catastrophe columns, worst to best
N_LAND, N_TECH, N_CAT, N_CARDS = 45, 30, 9, 6  # XX-C.1, C.2, C.14, C.13
KINDS = ("permanent", "one_time", "institution")
USES = ("passive", "each_maintenance", "once", "on_purchase", "auto_each_maintenance")
OPS = ("income", "income_if_connected", "move_citizens", "remove_garbage", "gain_citizens",
       "gain_bridges", "recycling_bonus", "pollution_shift", "none")
CARD_OPS = ("per_income", "per_clean_land_tile", "per_tile_largest_network",
            "per_pollution_step_right", "per_technology")
FINAL_PARTS = ("coins", "science", "environment", "clean_tiles", "garbage")
TIE_BREAKS = ("fewest_garbage", "highest_pollution", "most_coins_plus_science")
LAND_PILES = ("start", "I-II", "III-IV", "V")
TECH_PILES = ("I-II", "III-IV", "V")
# ruling X11: the components' codes, which actions, records, views and the learning observation
# name them by (``subastar L07``, ``comprar-tecnologia T14``): a file renames components through
# ``name`` / ``name_en`` and keeps these ids, in this order
LAND_IDS = tuple([f"S{i}" for i in range(1, 6)] + [f"L{i:02d}" for i in range(1, 41)])
TECH_IDS = tuple(f"T{i:02d}" for i in range(1, 31))
CAT_IDS = tuple(f"K{i}" for i in range(1, 10))
CARD_IDS = ("II-A", "II-B", "II-C", "IV-A", "IV-B", "IV-C")
TRACK_IDS = ("tablero", "loseta-3", "loseta-4")
END_REASON = "fin"
# what each round scores after its Production (XX-R.3, XX-6.1, XX-F.1)
ROUND_BONUS = (("none", ""), ("scoring_card", "II"), ("none", ""), ("scoring_card", "IV"),
               ("none", ""), ("final", ""))

Edge = Literal["N", "E", "S", "W"]
ColumnLetter = Literal["A", "B", "C", "D", "E"]


def rails_mask(value: list[str] | None, field: str) -> int:
    """Rail edges as a bit mask (bit d = rail on unrotated edge d)."""
    if value is None or any(e not in EDGES for e in value) or len(set(value)) != len(value):
        raise Problem(field, f"got {value!r}", "a list of distinct edges from N, E, S, W")
    mask = 0
    for e in value:
        mask |= 1 << EDGES.index(e)
    return mask


def _listed(items: list[Any], key: str, count: int, rule: str) -> None:
    if len(items) != count:
        raise Problem(key, f"{len(items)} entries", f"exactly {count} ({rule})")
    for i, x in enumerate(items):
        if x.index != i:
            raise Problem(f"{key}[{i}].index", f"got {x.index!r}",
                          f"{i} (indices 0, 1, … in file order)")



def _codes(items: list[Any], key: str, ids: tuple[str, ...]) -> None:
    """Ruling X11: the ids are the components' codes, in file order."""
    for i, x in enumerate(items):
        if x.id != ids[i]:
            raise Problem(f"{key}[{i}].id", f"got {x.id!r}",
                          f"{ids[i]!r} (ruling X11: ids are the codes {ids[0]}–{ids[-1]} in "
                          "order; rename a component with name / name_en)")


def expect_(value: Any, want: Any, field: str, rule: str) -> None:
    """:func:`~ludoteca.core.content_schema.expect` in this game's words."""
    expect(value, want, field, rule, "the rules say")


class Players(Spec):
    min: int
    max: int
    colours: list[str]
    colours_en: list[str]


class PlayerCount(Spec):
    players: int
    columns: list[str]
    land_deal: NonNeg
    tech_deal: NonNeg
    cost_marker_start: NonNeg


class CostTrack(Spec):
    id: str
    rounds: list[int]
    min_bid: NonNeg
    consolation: NonNeg
    prices: list[int]

    @model_validator(mode="after")
    def _prices(self) -> CostTrack:
        p = self.prices
        if len(p) != 9 or not all(x > 0 for x in p) or p != sorted(p, reverse=True):
            raise Problem("prices", f"got {p!r}",
                          "9 positive prices falling from left to right (XX-D.3, XX-1.15)")
        expect_(self.consolation, self.min_bid + 2, "consolation", "XX-2.39: min_bid + 2")
        return self


class Piles(Spec):
    """Tile counts per pile (``I-II``, ``III-IV``, ``V``)."""

    model_config = ConfigDict(populate_by_name=False)
    I_II: NonNeg = Field(alias="I-II")
    III_IV: NonNeg = Field(alias="III-IV")
    V: NonNeg

    def sizes(self) -> dict[str, int]:
        return {"I-II": self.I_II, "III-IV": self.III_IV, "V": self.V}


class LandPiles(Piles):
    start: NonNeg

    def sizes(self) -> dict[str, int]:
        return {"start": self.start, **super().sizes()}


class Round(Spec):
    number: int
    roman: str
    phases: list[str]
    bonus: Literal["none", "scoring_card", "final"]
    cost_track: str
    land_pile: str = ""
    tech_pile: str = ""
    catastrophe_label: str = ""
    scoring_round: str = ""


class Start(Spec):
    start_citizens: list[Literal["a", "b", "c"]]
    coins: NonNeg
    science: NonNeg
    score: int
    pollution: int
    start_tile_garbage: NonNeg
    start_cell_rotation: int = 0


class Supply(Spec):
    bridges: NonNeg
    country_citizens: NonNeg


class Range(Spec):
    min: int
    max: int


class Tracks(Spec):
    pollution: Range


class Auction(Spec):
    max_bid: NonNeg


class Column(Spec):
    column: ColumnLetter
    garbage: NonNeg
    pollution: NonNeg


class Catastrophe(Spec):
    index: int
    id: str
    label: str
    name: str
    name_en: str
    columns: list[Column]

    @model_validator(mode="after")
    def _columns(self) -> Catastrophe:
        if [c.column for c in self.columns] != list(COLUMN_LETTERS):
            raise Problem("columns", "columns out of order or missing",
                          "five {column, garbage, pollution} tables A, B, C, D, E")
        weights = [c.garbage + 2 * c.pollution for c in self.columns]
        if any(a <= b for a, b in zip(weights, weights[1:], strict=False)) or weights[-1] != 0:
            raise Problem("columns", f"weights {weights}",
                          "garbage + 2·pollution strictly falling from A to E, E empty (XX-G2.2)")
        return self


class Stack(Spec):
    order: list[str]
    per_label: dict[str, int]


class Garbage(Spec):
    tile_capacity: NonNeg
    overflow_pollution: NonNeg


class Site(Spec):
    site: str
    kind: Literal["city", "recycling"]
    coins: NonNeg = 0
    science: NonNeg = 0
    vp: NonNeg = 0
    capacity: NonNeg | None = None

    @model_validator(mode="after")
    def _capacity(self) -> Site:
        if self.kind == "recycling":
            if self.capacity is None:
                raise Problem("capacity", "missing", "a whole number >= 1 (XX-G3.2)")
            if self.capacity < 1:
                raise Problem("capacity", f"got {self.capacity}", "1 or more (XX-G3.2)")
        return self


class LandTile(Spec):
    index: int
    id: str
    pile: str
    rails: list[str] | None = None
    sites: list[Site]
    authored: bool = False

    @model_validator(mode="after")
    def _tile(self) -> LandTile:
        one_of(self.pile, LAND_PILES, "pile")
        if bin(rails_mask(self.rails, "rails")).count("1") < 2:
            raise Problem("rails", f"got {self.rails!r}", "at least 2 edges (XX-G3.5)")
        if not 1 <= len(self.sites) <= 3:
            raise Problem("sites", f"{len(self.sites)} sites", "1 to 3 sites (XX-G3.2)")
        for j, s in enumerate(self.sites):
            expect_(s.site, LETTERS[j], f"sites[{j}].site", "sites a, b, c in order")
        return self


class Eco(Spec):
    garbage: NonNeg
    pollution: NonNeg
    flowers: NonNeg


# fields each technology op needs (besides the common ones)
OP_FIELDS = {"income": ("coins", "science", "vp"),
             "income_if_connected": ("coins", "science", "vp"),
             "remove_garbage": ("amount", "cost_coins", "pollution_if_used"),
             "move_citizens": ("moves", "scope"), "gain_citizens": ("count",),
             "gain_bridges": ("count",), "recycling_bonus": ("extra",),
             "pollution_shift": ("flowers",)}


class Technology(Spec):
    index: int
    id: str
    pile: Literal["I-II", "III-IV", "V"]
    name: str
    name_en: str
    kind: Literal["permanent", "one_time", "institution"]
    use: Literal["passive", "each_maintenance", "once", "on_purchase", "auto_each_maintenance"]
    op: Literal["income", "income_if_connected", "move_citizens", "remove_garbage",
                "gain_citizens", "gain_bridges", "recycling_bonus", "pollution_shift", "none"]
    eco: Eco
    rails: list[str] | None = Field(None, description="institutions only")
    coins: NonNeg | None = None
    science: NonNeg | None = None
    vp: NonNeg | None = None
    amount: NonNeg | None = None
    cost_coins: NonNeg | None = None
    pollution_if_used: NonNeg | None = None
    moves: NonNeg | None = None
    scope: Literal["network", "country"] | None = None
    count: NonNeg | None = None
    extra: NonNeg | None = None
    flowers: NonNeg | None = None

    @model_validator(mode="after")
    def _op(self) -> Technology:
        if self.kind == "institution" and \
                bin(rails_mask(self.rails, "rails")).count("1") < 2:
            raise Problem("rails", f"got {self.rails!r}",
                          "an institution has at least 2 rail edges (XX-2.38)")
        for f in OP_FIELDS.get(self.op, ()):
            if getattr(self, f) is None:
                raise Problem(f, "missing", "network, country" if f == "scope"
                              else "a whole number >= 0")
        if self.op == "income_if_connected" and self.kind != "institution":
            raise Problem("op", "income_if_connected on a non-institution",
                          "income_if_connected only with kind = institution (XX-G6.4)")
        return self


class ScoringCard(Spec):
    index: int
    id: str
    round: Literal["II", "IV"]
    name: str
    name_en: str
    op: Literal["per_income", "per_clean_land_tile", "per_tile_largest_network",
                "per_pollution_step_right", "per_technology"]
    resource: Literal["coins", "science", "vp"] | None = None
    vp_num: NonNeg | None = None
    vp_den: NonNeg | None = None
    vp: NonNeg | None = None

    @model_validator(mode="after")
    def _op(self) -> ScoringCard:
        need = ("resource", "vp_num", "vp_den") if self.op == "per_income" else ("vp",)
        for f in need:
            if getattr(self, f) is None:
                raise Problem(f, "missing", "coins, science, vp" if f == "resource"
                              else "a whole number >= 0")
        if self.op == "per_income" and self.vp_den is not None and self.vp_den < 1:
            raise Problem("vp_den", f"got {self.vp_den}", "1 or more")
        return self


class Majority(Spec):
    awards: list[int]
    zero_scores: bool = False


class Environment(Spec):
    positive_factor: NonNeg
    negative_factor: NonNeg


class CleanValue(Spec):
    p_min: int
    p_max: int
    vp: NonNeg


class FinalGarbage(Spec):
    vp_per_token: int


class FinalScoring(Spec):
    order: list[str]
    majority: Majority
    environment: Environment
    clean_tile_values: list[CleanValue] = []
    garbage: FinalGarbage


class TieBreak(Spec):
    order: list[Literal["fewest_garbage", "highest_pollution", "most_coins_plus_science"]]


class Grid(Spec):
    size: int
    origin_cell: int


class CatastropheColumn(Spec):
    worst: bool = False


class End(Spec):
    reason: str


class SigloXXContent(Spec):
    """``content.toml`` of «Siglo XX» (game id ``sigloxx``)."""

    players: Players
    player_counts: list[PlayerCount] = []
    cost_tracks: list[CostTrack] = []
    land_piles: LandPiles
    tech_piles: Piles
    rounds: list[Round] = []
    start: Start
    supply: Supply
    tracks: Tracks
    auction: Auction
    catastrophes: list[Catastrophe]
    catastrophe_stack: Stack
    catastrophe_columns: list[CatastropheColumn] = []
    garbage: Garbage
    land_tiles: list[LandTile]
    technologies: list[Technology]
    scoring_cards: list[ScoringCard]
    final_scoring: FinalScoring
    tie_break: TieBreak
    country_grid: Grid
    end: End

    @model_validator(mode="after")
    def _rulebook(self) -> SigloXXContent:
        """The rulebook's counts (each message names its rule ID)."""
        self._players_tracks_rounds()
        self._catastrophes()
        self._tiles()
        self._cards_and_end()
        return self

    def _players_tracks_rounds(self) -> None:
        lo, hi = self.players.min, self.players.max
        expect_((lo, hi), (3, 5), "players.min/max", "XX-G24.1")
        if len(self.players.colours) != hi or len(self.players.colours_en) != hi:
            raise Problem("players.colours",
                          f"got {len(self.players.colours)} / {len(self.players.colours_en)}",
                          f"{hi} colour names in each list")
        seen = []
        for i, row in enumerate(self.player_counts):
            where = f"player_counts[{i}]"
            n = one_of(row.players, range(lo, hi + 1), f"{where}.players")
            cols = row.columns
            if any(c not in COLUMN_LETTERS for c in cols) or len(cols) != n or \
                    cols != sorted(cols) or cols[0] != "A" or cols[-1] != "E":
                raise Problem(f"{where}.columns", f"got {cols!r}",
                              f"{n} distinct letters from A–E in order, starting A and ending E "
                              f"(XX-G2.1)")
            seen.append(n)
        if sorted(set(seen)) != list(range(lo, hi + 1)):
            raise Problem("player_counts", f"rows for {sorted(set(seen))}",
                          f"one row per count {lo}–{hi}")
        expect_(len(self.cost_tracks), 3, "cost_tracks (count)",
               "XX-C.3, XX-C.5: the board and two sides")
        for row in self.player_counts:
            if not row.cost_marker_start < 9:
                raise Problem(f"player_counts({row.players}).cost_marker_start",
                              f"got {row.cost_marker_start}", "0–8")
        expect_(tuple(self.land_piles.sizes().values()), (5, 16, 16, 8), "land_piles", "XX-D.1")
        expect_(tuple(self.tech_piles.sizes().values()), (12, 12, 6), "tech_piles", "XX-D.2")
        tracks = [t.id for t in self.cost_tracks]
        for i, row in enumerate(self.rounds):
            where = f"rounds[{i}]"
            expect_(row.number, i + 1, f"{where}.number", "rounds 1–6 in order")
            if i < 5:
                one_of(row.cost_track, tracks, f"{where}.cost_track")
                one_of(row.land_pile, LAND_PILES[1:], f"{where}.land_pile")
                one_of(row.tech_pile, TECH_PILES, f"{where}.tech_pile")
        expect_(len(self.rounds), 6, "rounds (count)", "XX-R.1: five full rounds and round VI")
        for i, (row, (bonus, card)) in enumerate(zip(self.rounds, ROUND_BONUS, strict=True)):
            expect_(row.bonus, bonus, f"rounds[{i}].bonus",
                    "XX-R.3, XX-6.1, XX-F.1: a scoring card after rounds II and IV, the final "
                    "scoring after round VI")
            expect_(row.scoring_round, card, f"rounds[{i}].scoring_round", "XX-6.1")
        if self.rounds[5].cost_track in tracks:
            raise Problem("rounds[5].cost_track", f"got {self.rounds[5].cost_track!r}",
                          "no track: round VI has no auction (XX-G17.1)")
        _codes(self.cost_tracks, "cost_tracks", TRACK_IDS)
        pol = self.tracks.pollution
        expect_((pol.min, pol.max), (-6, 6), "tracks.pollution.min/max", "XX-S.22")
        expect_(self.auction.max_bid, 99, "auction.max_bid", "ruling X2 (fixed action numbering)")
        st = self.start
        if not pol.min <= st.pollution <= pol.max:
            raise Problem("start.pollution", f"got {st.pollution}",
                          f"{pol.min}…{pol.max}, a space of the pollution track (XX-S.22)")
        one_of(st.start_cell_rotation, range(4), "start.start_cell_rotation",
               " (quarter turns clockwise, XX-G4.3)")
        if len(set(st.start_citizens)) != len(st.start_citizens):
            raise Problem("start.start_citizens", f"got {st.start_citizens!r}",
                          "distinct sites a, b, c (XX-S.14)")
        if self.supply.country_citizens < len(st.start_citizens):
            raise Problem("supply.country_citizens", f"got {self.supply.country_citizens}",
                          f"at least the {len(st.start_citizens)} start citizens (XX-D.4)")
        if st.start_tile_garbage > self.garbage.tile_capacity:
            raise Problem("start.start_tile_garbage", f"got {st.start_tile_garbage}",
                          f"0–{self.garbage.tile_capacity}, what a tile holds (XX-G10.2)")

    def _catastrophes(self) -> None:
        _listed(self.catastrophes, "catastrophes", N_CAT, "XX-C.14")
        order = tuple(self.catastrophe_stack.order)
        expect_(order, ("I-II", "III-IV", "V"), "catastrophe_stack.order", "XX-S.8")
        expect_(self.catastrophe_stack.per_label, {"I-II": 2, "III-IV": 2, "V": 1},
               "catastrophe_stack.per_label", "XX-S.7")
        for i, c in enumerate(self.catastrophes):
            one_of(c.label, order, f"catastrophes[{i}].label")
        for label in order:
            expect_(sum(1 for c in self.catastrophes if c.label == label), 3,
                   f"catastrophes (label {label})", "XX-C.14: 3 per label")
        _codes(self.catastrophes, "catastrophes", CAT_IDS)

    def _tiles(self) -> None:
        _listed(self.land_tiles, "land_tiles", N_LAND, "XX-C.1")
        sizes = self.land_piles.sizes()
        for p in LAND_PILES:
            expect_(sum(1 for t in self.land_tiles if t.pile == p), sizes[p],
                   f"land_tiles (pile {p})", "XX-D.1")
        if [t.pile for t in self.land_tiles[:5]] != ["start"] * 5:
            raise Problem("land_tiles[0–4].pile", "not the start tiles",
                          "S1–S5 first (indices 0–4)")
        _codes(self.land_tiles, "land_tiles", LAND_IDS)
        for i, t in enumerate(self.land_tiles[:5]):
            for x in self.start.start_citizens:
                if LETTERS.index(x) >= len(t.sites):
                    raise Problem(f"land_tiles[{i}].sites",
                                  f"no site {x!r} for start.start_citizens",
                                  "every site named by start.start_citizens on each start tile "
                                  "(XX-S.14)")
        _listed(self.technologies, "technologies", N_TECH, "XX-C.2")
        _codes(self.technologies, "technologies", TECH_IDS)
        sizes = self.tech_piles.sizes()
        for p in TECH_PILES:
            expect_(sum(1 for t in self.technologies if t.pile == p), sizes[p],
                   f"technologies (pile {p})", "XX-D.2")
        expect_(sum(1 for t in self.technologies if t.kind == "institution"), 8,
               "technologies (institutions)", "XX-G5.3")
        expect_(self.supply.bridges, 4, "supply.bridges", "XX-C.10")
        expect_(sum(t.count or 0 for t in self.technologies if t.op == "gain_bridges"),
               self.supply.bridges, "technologies (gain_bridges counts)",
               "XX-G5.3: exactly the 4 bridges")

    def _cards_and_end(self) -> None:
        _listed(self.scoring_cards, "scoring_cards", N_CARDS, "XX-C.13")
        for r in ("II", "IV"):
            expect_(sum(1 for c in self.scoring_cards if c.round == r), 3,
                   f"scoring_cards (round {r})", "XX-C.13: 3 + 3")
        _codes(self.scoring_cards, "scoring_cards", CARD_IDS)
        for i, c in enumerate(self.scoring_cards):
            expect_(c.round, c.id.split("-")[0], f"scoring_cards[{i}].round",
                    "ruling X11: card II-x scores after round II, IV-x after round IV")
        fs = self.final_scoring
        if sorted(fs.order) != sorted(FINAL_PARTS):
            raise Problem("final_scoring.order", f"got {fs.order!r}",
                          "a permutation of " + ", ".join(FINAL_PARTS))
        pol = self.tracks.pollution
        covered = sorted(p for c in fs.clean_tile_values for p in range(c.p_min, c.p_max + 1))
        if covered != list(range(pol.min, pol.max + 1)):
            raise Problem("final_scoring.clean_tile_values", "ranges do not cover the track once",
                          f"ranges covering {pol.min}…{pol.max} exactly once (XX-G15.4)")
        expect_((self.country_grid.size, self.country_grid.origin_cell), (15, 112),
               "country_grid.size/origin_cell", "ruling X1")
        expect_(self.end.reason, END_REASON, "end.reason",
                "ruling X11: the result's reason code after round VI")
        worst = [i for i, c in enumerate(self.catastrophe_columns) if c.worst]
        expect_(worst, [0], "catastrophe_columns.worst", "XX-3.5: column A is the full strength")
