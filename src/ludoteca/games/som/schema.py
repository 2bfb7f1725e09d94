"""The declared schema of «Som el que decidim!»'s ``content.toml``: the file's tables as pydantic
models and the rulebook's counts (SOM-1.1 … SOM-1.15, SOM-2.x, SOM-3.x, SOM-15.x) as
validators whose messages name the rule ID. ``content.py`` builds the engine's content from it;
``ludoteca content schema som`` prints it as JSON Schema.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ludoteca.core.content_schema import Problem, Spec, expect, one_of

FLAG_CODES = ("catalunya", "mon", "urna", "espanya")
FLAG_COUNTS = {"catalunya": 18, "mon": 11, "urna": 4, "espanya": 4}        # SOM-1.2
EFFECT_CODES = ("", "inicio", "atc", "euro_per_recepta", "impost_successions",
                "capacitat_economica", "sufragi_universal")
EFFECT_COUNTS = {"inicio": 1, "atc": 1, "euro_per_recepta": 1, "impost_successions": 1,
                 "capacitat_economica": 3, "sufragi_universal": 1}          # SOM-1.4
SYMBOL_COUNTS = {"capacitat_economica": 3, "capacitat_impositiva": 3,
                 "sufragi_universal": 1}                                   # SOM-1.4
# the flag each effect card carries (SOM-1.3, 1.5; rulings G4, G5)
EFFECT_FLAG = {"inicio": "catalunya", "atc": "catalunya", "euro_per_recepta": "catalunya",
               "impost_successions": "catalunya", "capacitat_economica": "catalunya",
               "sufragi_universal": "mon"}
SERVICE_TYPES = ("justicia", "sanidad", "educacion", "mossos", "bomberos")
INFRA_TYPES = ("vias", "carreteras", "bosques", "energias", "vivienda")
# The rulebook fixes these; the engine relies on them (action words, numbering, observation
# vocabularies), so a custom file may rename what they show (names) but not change them.
DISK_CODES = SERVICE_TYPES + INFRA_TYPES                                   # SOM-1.9, SOM-1.10
COLOUR_CODES = ("rosa", "lila", "naranja", "azul")                       # SOM-1.6, G22
#: the exchanges (pair given, type taken) of SOM-15.9–15.12, in the engine's numbering order
EXCHANGES = (("educacion", "justicia"), ("bosques", "sanidad"), ("energias", "educacion"),
             ("vivienda", "educacion"), ("vias", "mossos"), ("vias", "bomberos"),
             ("carreteras", "mossos"), ("carreteras", "bomberos"))

Flag = Literal["catalunya", "mon", "urna", "espanya"]
Effect = Literal["", "inicio", "atc", "euro_per_recepta", "impost_successions",
                 "capacitat_economica", "sufragi_universal"]


class Players(Spec):
    min: int
    max: int


class Colour(Spec):
    code: str
    name: str
    name_en: str
    name_ca: str | None = None


class Face(Spec):
    face: int
    number: Literal[0, 2, 4] = Field(description="transfer number (SOM-1.7)")
    picture: str = Field(description="generalitat, todos or a colour code")


class Die(Spec):
    faces: list[Face]


class Map(Spec):
    rows: list[str] = Field(min_length=1, description="'#' = a cell, '.' = no cell")
    cells: int

    @model_validator(mode="after")
    def _cells(self) -> Map:
        for r, row in enumerate(self.rows):
            if set(row) - {"#", "."}:
                raise Problem(f"rows[{r}]", f"got {row!r}", "only '#' (cell) and '.' (no cell)")
        expect(self.cells, 37, "cells", "SOM-1.2: 37 board cards")
        expect(sum(row.count("#") for row in self.rows), self.cells,
               "rows (number of '#')", "one cell per board card")
        return self


class Card(Spec):
    id: str
    name: str
    name_ca: str | None = None
    name_en: str | None = None
    flag: Flag
    symbol: str = ""
    effect: Effect = ""
    authored: bool = False


class Disk(Spec):
    code: str
    name: str
    name_en: str | None = None
    kind: Literal["servicio", "infraestructura"]
    group: str = ""
    count: int
    value: int
    interior: bool = False

    @model_validator(mode="after")
    def _value(self) -> Disk:
        expect(self.value, {"servicio": 2, "infraestructura": 1}[self.kind], "value",
               "SOM-1.8: services 2 €, infrastructures 1 €")
        return self


class Exchange(Spec):
    pair: str
    takes: list[str]


class Protection(Spec):
    disk_types: list[str] = []


class Sanidad(Spec):
    per_target: int
    min_target_value: int


class Justicia(Spec):
    fraction_num: int
    fraction_den: int


class Levies(Spec):
    sanidad: Sanidad
    justicia: Justicia


class Powers(Spec):
    exchanges: list[Exchange] = []
    protection: Protection = Protection()
    levies: Levies


class Participation(Spec):
    count: int
    per_euro_given: int


class Money(Spec):
    disks_2: int
    disks_1: int
    start_money: int


class Setup(Money):
    solo: Money


class Taxes(Spec):
    citizen: int
    solidarity: int
    atc_citizen_to_gh: int
    atc_gh_to_hisenda: int
    solo: int
    solo_atc: int


class Payout(Spec):
    payout: int


class Elections(Spec):
    cost_with_b: str
    cost_without_b: int


class Dado(Spec):
    roll: dict[str, str] = {}
    solo_reroll_numbers: list[int] = []


class Centralism(Spec):
    degrees: list[str] = []
    solo_allowed: list[str] = []
    dado: Dado = Dado()


class Mode(Spec):
    public_management: bool
    participation: bool


class SoloModes(Spec):
    allowed: list[str] = []


class Modes(Spec):
    A: Mode
    B: Mode
    C: Mode
    AC: Mode
    solo: SoloModes = SoloModes()

    @model_validator(mode="after")
    def _only_four(self) -> Modes:
        if self.model_extra:
            raise Problem("", f"unknown mode(s) {sorted(self.model_extra)}",
                          "A, B, C, AC, solo (SOM-2.12, G29)")
        return self


class End(Spec):
    urna_cards_for_consulta: int
    truncated_reason: str


class SomContent(Spec):
    """``content.toml`` of «Som el que decidim!» (game id ``som``)."""

    players: Players
    colours: list[Colour]
    die: Die
    map: Map
    cards: list[Card]
    disks: list[Disk]
    powers: Powers
    participation: Participation
    setup: Setup
    taxes: Taxes
    capacitat_economica: Payout
    elections: Elections
    centralism: Centralism
    modes: Modes
    end: End

    @model_validator(mode="after")
    def _rulebook(self) -> SomContent:
        """The rulebook's counts (each message names its rule ID)."""
        expect((self.players.min, self.players.max), (1, 4), "players.min/max", "SOM-2.1")
        self._colours_and_die()
        self._cards()
        self._disks()
        self._rest()
        return self

    def _colours_and_die(self) -> None:
        if len(self.colours) != 4:
            raise Problem("colours", f"need exactly 4 [[colours]], got {len(self.colours)}",
                          "4 colours (SOM-1.6)")
        codes = tuple(c.code for c in self.colours)
        if codes != COLOUR_CODES:
            raise Problem("colours.code", f"got {list(codes)}",
                          f"{', '.join(COLOUR_CODES)} in this order (SOM-1.6: pink, lilac, "
                          "orange, blue; seat order G22); rename them with name/name_en")
        if len(self.die.faces) != 6:
            raise Problem("die.faces", "need exactly 6 faces", "6 [[die.faces]] (SOM-1.7)")
        for i, f in enumerate(self.die.faces):
            expect(f.face, i + 1, f"die.faces[{i}].face", "faces numbered 1–6")
            one_of(f.picture, ("generalitat", "todos", *codes), f"die.faces[{i}].picture")
        if not any(f.picture in ("generalitat", "todos") for f in self.die.faces):
            raise Problem("die.faces.picture", "every face shows a colour",
                          "at least one face with generalitat or todos (SOM-1.7; a colour "
                          "not in play is rolled again, SOM-17.2)")

    def _cards(self) -> None:
        if len(self.cards) != 37:
            raise Problem("cards", f"need 37 [[cards]], got {len(self.cards)}",
                          "37 board cards (SOM-1.2)")
        seen: set[str] = set()
        symbols: dict[str, int] = {}
        for i, c in enumerate(self.cards):
            if c.id in seen:
                raise Problem(f"cards[{i}].id", f"repeated id {c.id!r}", "unique ids")
            seen.add(c.id)
            if c.symbol:
                symbols[c.symbol] = symbols.get(c.symbol, 0) + 1
                if c.flag in ("urna", "espanya"):
                    raise Problem(f"cards[{i}].symbol", f"{c.flag} card {c.id} has a symbol",
                                  "no symbol on urna or Spain cards (SOM-1.5)")
        for flag, want in FLAG_COUNTS.items():
            expect(sum(c.flag == flag for c in self.cards), want, f"cards (flag = {flag!r})",
                   "SOM-1.2")
        for eff, want in EFFECT_COUNTS.items():
            expect(sum(c.effect == eff for c in self.cards), want,
                   f"cards (effect = {eff!r})", "SOM-1.3/1.4")
        expect(symbols, SYMBOL_COUNTS, "cards.symbol (counts)", "SOM-1.4")
        for i, c in enumerate(self.cards):
            want_flag = EFFECT_FLAG.get(c.effect)
            if want_flag is not None and c.flag != want_flag:
                raise Problem(f"cards[{i}].flag", f"{c.id} has flag {c.flag!r}",
                              f"{want_flag!r} (SOM-1.3, 1.5)")

    def _disks(self) -> None:
        if len(self.disks) != 10:
            raise Problem("disks", f"need 10 [[disks]] types, got {len(self.disks)}",
                          "5 services + 5 infrastructures")
        codes = [d.code for d in self.disks]
        if tuple(codes) != DISK_CODES:
            raise Problem("disks.code", f"got {codes}",
                          f"{', '.join(DISK_CODES)} in this order (SOM-1.9, SOM-1.10); "
                          "rename them with name/name_en")
        for i, d in enumerate(self.disks):
            if d.count < 0:
                raise Problem(f"disks[{i}].count", f"got {d.count}", "a whole number >= 0")
        twos = [d for d in self.disks if d.value == 2]
        ones = [d for d in self.disks if d.value == 1]
        expect((len(twos), len(ones)), (5, 5), "disks (types per kind)", "SOM-1.9, SOM-1.10")
        expect(sum(d.count for d in twos), 12, "disks (services count)", "SOM-1.9")
        expect(sum(d.count for d in ones), 12, "disks (infrastructures count)", "SOM-1.10")
        for code in SERVICE_TYPES:
            if code not in codes:
                raise Problem("disks.code", f"{code!r} missing", "the rulebook's service types")
        for i, x in enumerate(self.powers.exchanges):
            if x.pair not in codes or any(t not in codes for t in x.takes):
                raise Problem(f"powers.exchanges[{i}]", f"pair={x.pair!r} takes={x.takes!r}",
                              "disk codes of [[disks]]")
        expect(sum(len(x.takes) for x in self.powers.exchanges), 8,
               "powers.exchanges (pair × taken type)", "SOM-15.9–15.12")
        got = sorted((x.pair, t) for x in self.powers.exchanges for t in x.takes)
        if got != sorted(EXCHANGES):
            raise Problem("powers.exchanges", f"got {got}",
                          "the rulebook's exchanges (SOM-15.9–15.12): "
                          + ", ".join(f"{p}→{t}" for p, t in EXCHANGES))
        prot = self.powers.protection.disk_types
        if sorted(prot) != ["bomberos", "mossos"]:
            raise Problem("powers.protection.disk_types", f"got {prot!r}", "mossos, bomberos")
        if self.elections.cost_with_b != "mossos":
            raise Problem("elections.cost_with_b", f"got {self.elections.cost_with_b!r}",
                          "mossos (SOM-16.7: a mossos d'esquadra disk)")

    def _rest(self) -> None:
        expect(self.participation.count, 12, "participation.count", "SOM-1.11")
        expect(self.end.urna_cards_for_consulta, 4, "end.urna_cards_for_consulta", "SOM-4.2")
        expect(self.powers.levies.sanidad.per_target, 1, "powers.levies.sanidad.per_target",
               "SOM-15.5: 1 € from each chosen citizen")
        amounts = {"participation.per_euro_given": self.participation.per_euro_given,
                   "taxes.citizen": self.taxes.citizen,
                   "taxes.solidarity": self.taxes.solidarity,
                   "taxes.atc_citizen_to_gh": self.taxes.atc_citizen_to_gh,
                   "taxes.atc_gh_to_hisenda": self.taxes.atc_gh_to_hisenda,
                   "taxes.solo": self.taxes.solo, "taxes.solo_atc": self.taxes.solo_atc,
                   "capacitat_economica.payout": self.capacitat_economica.payout,
                   "elections.cost_without_b": self.elections.cost_without_b,
                   "setup.disks_2": self.setup.disks_2, "setup.disks_1": self.setup.disks_1,
                   "setup.solo.disks_2": self.setup.solo.disks_2,
                   "setup.solo.disks_1": self.setup.solo.disks_1,
                   "powers.levies.justicia.fraction_num":
                       self.powers.levies.justicia.fraction_num}
        for field, v in amounts.items():
            if v < 0:
                raise Problem(field, f"got {v}", "a whole number >= 0")
        san, jus = self.powers.levies.sanidad, self.powers.levies.justicia
        if san.min_target_value < san.per_target:
            raise Problem("powers.levies.sanidad.min_target_value", f"got {san.min_target_value}",
                          f">= per_target ({san.per_target}): a citizen must be able to pay "
                          "(SOM-15.7)")
        if jus.fraction_den < 1:
            raise Problem("powers.levies.justicia.fraction_den", f"got {jus.fraction_den}",
                          "a whole number >= 1 (SOM-15.2)")
        s, solo = self.setup, self.setup.solo
        expect(2 * s.disks_2 + s.disks_1, s.start_money, "setup.disks_2/disks_1",
               "SOM-2.2: they make start_money")
        expect(s.start_money, 6, "setup.start_money", "SOM-2.2")
        expect(2 * solo.disks_2 + solo.disks_1, solo.start_money, "setup.solo.disks_2/disks_1",
               "SOM-2.4: they make start_money")
        expect(solo.start_money, 8, "setup.solo.start_money", "SOM-2.4")
        cen = self.centralism
        expect(tuple(cen.degrees), ("medio", "elevado", "intenso"), "centralism.degrees",
               "SOM-3.1")
        roll = {}
        for k, v in cen.dado.roll.items():
            if not k.lstrip("-").isdigit():
                raise Problem(f"centralism.dado.roll.{k}", "not a die number", "0, 2, 4")
            roll[int(k)] = v
        expect(roll, {0: "medio", 2: "elevado", 4: "intenso"}, "centralism.dado.roll",
               "SOM-3.3")
        if not cen.solo_allowed or set(cen.solo_allowed) - {"elevado", "intenso"}:
            raise Problem("centralism.solo_allowed", f"got {cen.solo_allowed!r}",
                          "one or more of elevado, intenso (SOM-3.7, SOM-18.3; the first is "
                          "the solo default)")
        for i, k in enumerate(cen.dado.solo_reroll_numbers):
            one_of(k, (0, 2, 4), f"centralism.dado.solo_reroll_numbers[{i}]", " (SOM-1.7)")
        if all(f.number in cen.dado.solo_reroll_numbers for f in self.die.faces):
            raise Problem("centralism.dado.solo_reroll_numbers",
                          f"got {cen.dado.solo_reroll_numbers!r}: every face would be rolled "
                          "again", "numbers that leave at least one face (SOM-18.3, G23)")
        solo = self.modes.solo.allowed
        if not solo or set(solo) - {"A", "B"}:
            raise Problem("modes.solo.allowed", f"got {solo!r}",
                          "one or more of A, B (SOM-18.10: C and AC need other players)")
        s = self.setup
        for field, k in (("setup.disks_2", 4 * s.disks_2), ("setup.disks_1", 4 * s.disks_1),
                         ("setup.solo.disks_2", s.solo.disks_2),
                         ("setup.solo.disks_1", s.solo.disks_1)):
            if k > 12:
                raise Problem(field, f"{k} disks of one value dealt", "at most the 12 of each "
                              "value (SOM-1.9, SOM-1.10; 4 players with 2–4, SOM-2.2)")
