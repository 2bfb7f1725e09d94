"""The content of «Siglo XX» read from ``content.toml`` and checked against the rulebook's counts
(XX-C.1–C.15, XX-D.1–D.4, XX-G2.1–G2.3, XX-G3.1–G3.5, XX-G5.1–G5.3, XX-G7.1, XX-G14.2–G14.7).
Everything the engine needs — tiles, technologies, catastrophes, scoring cards, tracks, constants —
comes from here; the rules code repeats no number of the file.

A broken file raises :class:`~ludoteca.core.errors.ContentError` naming the field and what is
allowed. ``parse_content(text)`` reads any text (tests feed it broken copies); ``content()`` is
the game's own file, read once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.content_schema import load_spec
from ludoteca.games.sigloxx import schema
from ludoteca.games.sigloxx.schema import (  # noqa: F401 (re-exported vocabularies)
    CARD_OPS,
    COLUMN_LETTERS,
    EDGES,
    FINAL_PARTS,
    KINDS,
    LETTERS,
    N_CARDS,
    N_CAT,
    N_LAND,
    N_TECH,
    OPS,
    TIE_BREAKS,
    USES,
    rails_mask,
)

FILE = "content.toml"
SITE_CITY, SITE_RECYCLING = 0, 1


@dataclass(frozen=True, slots=True)
class Site:
    letter: str
    kind: int          # SITE_CITY | SITE_RECYCLING
    coins: int
    science: int
    vp: int
    capacity: int      # recycling capacity r (0 for a city)


@dataclass(frozen=True, slots=True)
class LandTile:
    index: int
    id: str
    pile: str
    rails: int         # bit d set = rail on unrotated edge d (N 0, E 1, S 2, W 3)
    sites: tuple[Site, ...]
    authored: bool


@dataclass(frozen=True, slots=True)
class Technology:
    index: int
    id: str
    pile: str
    name: str
    name_en: str
    kind: str          # permanent | one_time | institution
    rails: int         # institutions only (0 otherwise)
    garbage: int       # eco icons on purchase (XX-2.35)
    pollution: int
    flowers: int
    use: str
    op: str
    coins: int = 0     # income / income_if_connected
    science: int = 0
    vp: int = 0
    amount: int = 0    # remove_garbage
    cost_coins: int = 0
    pollution_if_used: int = 0
    moves: int = 0     # move_citizens
    scope: str = ""    # network | country
    count: int = 0     # gain_citizens / gain_bridges
    extra: int = 0     # recycling_bonus
    shift: int = 0     # pollution_shift (flowers per Maintenance)


@dataclass(frozen=True, slots=True)
class Catastrophe:
    index: int
    id: str
    label: str
    name: str
    name_en: str
    columns: tuple[tuple[int, int], ...]   # (garbage, pollution) for A, B, C, D, E


@dataclass(frozen=True, slots=True)
class ScoringCard:
    index: int
    id: str
    round: str         # "II" | "IV"
    name: str
    name_en: str
    op: str
    resource: str = ""
    num: int = 1
    den: int = 1
    vp: int = 0


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    land_deal: int
    tech_deal: int
    marker_start: int
    columns: tuple[int, ...]   # column indices in play, worst to best


@dataclass(frozen=True, slots=True)
class Track:
    id: str
    rounds: tuple[int, ...]
    min_bid: int
    consolation: int
    prices: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    roman: str
    phases: tuple[str, ...]
    land_pile: str
    tech_pile: str
    catastrophe_label: str
    track: int         # index into Content.tracks, -1 in round VI
    bonus: str         # none | scoring_card | final
    scoring_round: str


@dataclass(frozen=True)
class Content:
    raw: dict[str, Any]
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    colours_en: tuple[str, ...]
    player_counts: dict[int, PlayerCount]
    rounds: tuple[Round, ...]
    tracks: tuple[Track, ...]
    start_coins: int
    start_science: int
    start_score: int
    start_pollution: int
    start_garbage: int
    start_sites: tuple[int, ...]          # site indices staffed on the start tile
    country_citizens: int
    bridges: int
    pollution_min: int
    pollution_max: int
    max_bid: int
    worst_column: int
    catastrophes: tuple[Catastrophe, ...]
    stack_order: tuple[str, ...]
    stack_per_label: dict[str, int]
    tile_capacity: int
    overflow_pollution: int
    land: tuple[LandTile, ...]
    land_pile_names: tuple[str, ...]      # start first
    land_pile_sizes: dict[str, int]
    tech: tuple[Technology, ...]
    tech_pile_names: tuple[str, ...]
    tech_pile_sizes: dict[str, int]
    cards: tuple[ScoringCard, ...]
    final_order: tuple[str, ...]
    majority_awards: tuple[int, ...]
    majority_zero_scores: bool
    env_positive: int
    env_negative: int
    clean_values: tuple[tuple[int, int, int], ...]   # (p_min, p_max, vp)
    garbage_vp: int
    tie_break: tuple[str, ...]
    end_reason: str
    grid_size: int
    origin_cell: int
    land_index: dict[str, int]
    tech_index: dict[str, int]
    cat_index: dict[str, int]
    card_index: dict[str, int]


def _technology(i: int, t: schema.Technology) -> Technology:
    extra: dict[str, Any] = {}
    if t.op in ("income", "income_if_connected"):
        extra = {"coins": t.coins, "science": t.science, "vp": t.vp}
    elif t.op == "remove_garbage":
        extra = {"amount": t.amount, "cost_coins": t.cost_coins,
                 "pollution_if_used": t.pollution_if_used}
    elif t.op == "move_citizens":
        extra = {"moves": t.moves, "scope": t.scope}
    elif t.op in ("gain_citizens", "gain_bridges"):
        extra = {"count": t.count}
    elif t.op == "recycling_bonus":
        extra = {"extra": t.extra}
    elif t.op == "pollution_shift":
        extra = {"shift": t.flowers}
    rails = rails_mask(t.rails, "rails") if t.kind == "institution" else 0
    return Technology(i, t.id, t.pile, t.name, t.name_en, t.kind, rails, t.eco.garbage,
                      t.eco.pollution, t.eco.flowers, t.use, t.op, **extra)


def _card(i: int, c: schema.ScoringCard) -> ScoringCard:
    if c.op == "per_income":
        return ScoringCard(i, c.id, c.round, c.name, c.name_en, c.op, c.resource or "",
                           c.vp_num or 0, c.vp_den or 0, 0)
    return ScoringCard(i, c.id, c.round, c.name, c.name_en, c.op, vp=c.vp or 0)


def parse_content(text: str, origin: str = f"sigloxx {FILE}") -> Content:
    """Read and check the content against :class:`~ludoteca.games.sigloxx.schema.SigloXXContent`
    (the rulebook's counts must hold); ``origin`` names the file in error messages."""
    raw, spec = load_spec(schema.SigloXXContent, text, origin)
    lo, hi = spec.players.min, spec.players.max
    pcs = {row.players: PlayerCount(row.players, row.land_deal, row.tech_deal,
                                    row.cost_marker_start,
                                    tuple(COLUMN_LETTERS.index(c) for c in row.columns))
           for row in spec.player_counts}
    tracks = tuple(Track(t.id, tuple(t.rounds), t.min_bid, t.consolation, tuple(t.prices))
                   for t in spec.cost_tracks)
    track_ids = {t.id: i for i, t in enumerate(tracks)}
    rounds = tuple(Round(i + 1, r.roman, tuple(r.phases), r.land_pile, r.tech_pile,
                         r.catastrophe_label, track_ids.get(r.cost_track, -1), r.bonus,
                         r.scoring_round) for i, r in enumerate(spec.rounds))
    cats = tuple(Catastrophe(i, c.id, c.label, c.name, c.name_en,
                             tuple((col.garbage, col.pollution) for col in c.columns))
                 for i, c in enumerate(spec.catastrophes))
    land = tuple(LandTile(
        i, t.id, t.pile, rails_mask(t.rails, "rails"),
        tuple(Site(LETTERS[j], SITE_CITY, s.coins, s.science, s.vp, 0) if s.kind == "city"
              else Site(LETTERS[j], SITE_RECYCLING, 0, 0, 0, s.capacity or 0)
              for j, s in enumerate(t.sites)), t.authored)
        for i, t in enumerate(spec.land_tiles))
    tech = tuple(_technology(i, t) for i, t in enumerate(spec.technologies))
    cards = tuple(_card(i, c) for i, c in enumerate(spec.scoring_cards))
    start, supply, fs = spec.start, spec.supply, spec.final_scoring
    land_piles = spec.land_piles.sizes()
    tech_piles = spec.tech_piles.sizes()

    return Content(
        raw=raw, min_players=lo, max_players=hi, colours=tuple(spec.players.colours),
        colours_en=tuple(spec.players.colours_en), player_counts=pcs, rounds=rounds,
        tracks=tracks, start_coins=start.coins, start_science=start.science,
        start_score=start.score, start_pollution=start.pollution,
        start_garbage=start.start_tile_garbage,
        start_sites=tuple(LETTERS.index(s) for s in start.start_citizens),
        country_citizens=supply.country_citizens, bridges=supply.bridges,
        pollution_min=spec.tracks.pollution.min, pollution_max=spec.tracks.pollution.max,
        max_bid=spec.auction.max_bid, worst_column=0,
        catastrophes=cats, stack_order=tuple(spec.catastrophe_stack.order),
        stack_per_label=dict(spec.catastrophe_stack.per_label),
        tile_capacity=spec.garbage.tile_capacity,
        overflow_pollution=spec.garbage.overflow_pollution,
        land=land, land_pile_names=tuple(land_piles), land_pile_sizes=land_piles,
        tech=tech, tech_pile_names=tuple(tech_piles), tech_pile_sizes=tech_piles,
        cards=cards, final_order=tuple(fs.order), majority_awards=tuple(fs.majority.awards),
        majority_zero_scores=fs.majority.zero_scores,
        env_positive=fs.environment.positive_factor,
        env_negative=fs.environment.negative_factor,
        clean_values=tuple((c.p_min, c.p_max, c.vp) for c in fs.clean_tile_values),
        garbage_vp=fs.garbage.vp_per_token, tie_break=tuple(spec.tie_break.order),
        end_reason=spec.end.reason, grid_size=spec.country_grid.size,
        origin_cell=spec.country_grid.origin_cell,
        land_index={t.id: t.index for t in land}, tech_index={t.id: t.index for t in tech},
        cat_index={c.id: c.index for c in cats}, card_index={c.id: c.index for c in cards},
    )


@cache
def content() -> Content:
    """The game's content (read once)."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return parse_content(text)
