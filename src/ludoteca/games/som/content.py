"""The content of «Som el que decidim!» read from ``content.toml`` and checked against the
rulebook's counts (SOM-1.1 … SOM-1.15). Everything the engine needs — cards, map, die, disks,
amounts — comes from here; nothing in the rules code repeats a number of the file.

A broken file raises :class:`~ludoteca.core.errors.ContentError` naming the field and what is
allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.content_schema import load_spec
from ludoteca.games.som.schema import EFFECT_CODES, EXCHANGES, FLAG_CODES, SomContent

FILE = "content.toml"

# flags and effects as small ints (the state stores ints)
FLAG_CAT, FLAG_MON, FLAG_URNA, FLAG_ESP = 0, 1, 2, 3
EF_NONE, EF_INICIO, EF_ATC, EF_EPR, EF_IDS, EF_ECO, EF_SU = range(7)
PIC_GENERALITAT, PIC_TODOS = -1, -2       # die pictures that are not a colour


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str          # Spanish (as the rulebook writes it)
    name_ca: str
    name_en: str
    flag: int          # FLAG_*
    symbol: str        # '' when none
    effect: int        # EF_*
    authored: bool


@dataclass(frozen=True, slots=True)
class DiskType:
    index: int
    code: str          # the word used in actions (pagar-<code>)
    name: str
    name_en: str
    kind: str          # servicio | infraestructura
    group: str
    count: int
    value: int         # 2 € services, 1 € infrastructures
    interior: bool


@dataclass(frozen=True, slots=True)
class Exchange:
    """An exchange P (SOM-15.9–15.12): give one ``pair`` disk to the target and one to
    Hisenda; take one ``take`` disk from the target."""
    code: str          # e.g. 'educacion', 'vias-mossos'
    pair: int          # disk type index
    take: int          # disk type index
    rule: str


@dataclass(frozen=True)
class Content:
    raw: dict[str, Any]
    colours: tuple[str, ...]                  # codes, seat order default (G22)
    colour_names: tuple[tuple[str, str], ...]  # (es, en)
    faces: tuple[tuple[int, int], ...]        # per face 1–6: (number, picture) picture = colour
    #                                           index, PIC_GENERALITAT or PIC_TODOS
    face_pictures: tuple[str, ...]            # picture codes per face
    rows: tuple[str, ...]
    cell_rc: tuple[tuple[int, int], ...]      # cell -> (row, column)
    neighbours: tuple[tuple[int, ...], ...]   # cell -> cells around it (king moves), sorted
    cards: tuple[Card, ...]
    card_index: dict[str, int]
    types: tuple[DiskType, ...]
    type_index: dict[str, int]
    twos: tuple[int, ...]                     # type indices worth 2 €
    ones: tuple[int, ...]                     # type indices worth 1 €
    exchanges: tuple[Exchange, ...]
    pd_total: int
    pd_per_euro: int
    setup_2: int
    setup_1: int
    solo_2: int
    solo_1: int
    tax_citizen: int
    tax_solidarity: int
    tax_atc_citizen: int
    tax_atc_gh: int
    tax_solo: int
    tax_solo_atc: int
    eco_payout: int
    election_cost_ac: int
    election_disk: int                        # type index (mossos)
    protect_types: tuple[int, ...]            # mossos, bomberos
    levy_sanidad: int                         # type index
    levy_justicia: int
    levy_per_target: int
    levy_min_value: int
    levy_num: int
    levy_den: int
    urna_for_consulta: int
    limit_reason: str                         # reason of a game cut off by max_turns
    degrees: tuple[str, ...]                  # medio, elevado, intenso
    solo_degrees: tuple[str, ...]
    dado_roll: dict[int, str]                 # die number -> degree
    solo_reroll: tuple[int, ...]
    modes: dict[str, dict[str, bool]]
    solo_modes: tuple[str, ...]

    @property
    def n_cells(self) -> int:
        return len(self.cell_rc)


def parse_content(text: str, origin: str = f"som {FILE}") -> Content:
    """Read and check the content against :class:`~ludoteca.games.som.schema.SomContent`
    (the rulebook's counts must hold); ``origin`` names the file in error messages."""
    raw, spec = load_spec(SomContent, text, origin)
    codes = tuple(c.code for c in spec.colours)
    colour_names = tuple((c.name, c.name_en) for c in spec.colours)
    faces, pics = [], []
    for f in spec.die.faces:
        pic = {"generalitat": PIC_GENERALITAT, "todos": PIC_TODOS}.get(f.picture)
        faces.append((f.number, codes.index(f.picture) if pic is None else pic))
        pics.append(f.picture)

    rows = spec.map.rows
    cell_rc = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    where = {rc: i for i, rc in enumerate(cell_rc)}
    neighbours = []
    for (r, c) in cell_rc:
        around = [where[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and (r + dr, c + dc) in where]
        neighbours.append(tuple(sorted(around)))

    cards = tuple(Card(i, c.id, c.name, c.name_ca or c.name, c.name_en or c.name,
                       FLAG_CODES.index(c.flag), c.symbol, EFFECT_CODES.index(c.effect),
                       c.authored) for i, c in enumerate(spec.cards))
    types = tuple(DiskType(i, d.code, d.name, d.name_en or d.name, d.kind, d.group, d.count,
                           d.value, d.interior) for i, d in enumerate(spec.disks))
    type_index = {t.code: t.index for t in types}
    twos = tuple(t.index for t in types if t.value == 2)
    ones = tuple(t.index for t in types if t.value == 1)

    # the numbering order of the engine brief (single-take exchanges, then the others); the
    # schema checks the file lists exactly the rulebook's exchanges (SOM-15.9–15.12)
    powers = spec.powers
    takes_of = {x.pair: len(x.takes) for x in powers.exchanges}
    rule_of = {"educacion": "SOM-15.9", "vias": "SOM-15.10", "carreteras": "SOM-15.10",
               "bosques": "SOM-15.11", "energias": "SOM-15.12", "vivienda": "SOM-15.12"}
    exchanges = tuple(
        Exchange(pair if takes_of[pair] == 1 else f"{pair}-{take}", type_index[pair],
                 type_index[take], rule_of[pair])
        for pair, take in EXCHANGES)
    san, jus = powers.levies.sanidad, powers.levies.justicia
    setup, solo, taxes, cen = spec.setup, spec.setup.solo, spec.taxes, spec.centralism
    modes = {k: dict(v) for k, v in raw["modes"].items() if k != "solo"}

    return Content(
        raw=raw, colours=codes, colour_names=colour_names, faces=tuple(faces),
        face_pictures=tuple(pics), rows=tuple(rows), cell_rc=tuple(cell_rc),
        neighbours=tuple(neighbours), cards=cards,
        card_index={c.id: c.index for c in cards}, types=types, type_index=type_index,
        twos=twos, ones=ones, exchanges=exchanges,
        pd_total=spec.participation.count, pd_per_euro=spec.participation.per_euro_given,
        setup_2=setup.disks_2, setup_1=setup.disks_1,
        solo_2=solo.disks_2, solo_1=solo.disks_1,
        tax_citizen=taxes.citizen, tax_solidarity=taxes.solidarity,
        tax_atc_citizen=taxes.atc_citizen_to_gh, tax_atc_gh=taxes.atc_gh_to_hisenda,
        tax_solo=taxes.solo, tax_solo_atc=taxes.solo_atc,
        eco_payout=spec.capacitat_economica.payout,
        election_cost_ac=spec.elections.cost_without_b,
        election_disk=type_index[spec.elections.cost_with_b],
        protect_types=tuple(type_index[t] for t in ("mossos", "bomberos")),
        levy_sanidad=type_index["sanidad"], levy_justicia=type_index["justicia"],
        levy_per_target=san.per_target, levy_min_value=san.min_target_value,
        levy_num=jus.fraction_num, levy_den=jus.fraction_den,
        urna_for_consulta=spec.end.urna_cards_for_consulta,
        limit_reason=spec.end.truncated_reason,
        degrees=tuple(cen.degrees), solo_degrees=tuple(cen.solo_allowed),
        dado_roll={int(k): v for k, v in cen.dado.roll.items()},
        solo_reroll=tuple(cen.dado.solo_reroll_numbers),
        modes=modes, solo_modes=tuple(spec.modes.solo.allowed),
    )


@cache
def content() -> Content:
    """The game's content (read once)."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return parse_content(text)
