"""The content of «Som el que decidim!» read from ``content.toml`` and checked against the
rulebook's counts (SOM-1.1 … SOM-1.15). Everything the engine needs — cards, map, die, disks,
amounts — comes from here; nothing in the rules code repeats a number of the file.

A broken file raises :class:`~ludoteca.core.errors.ContentError` naming the field and what is
allowed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import ContentError

FILE = "content.toml"

# flags and effects as small ints (the state stores ints)
FLAG_CAT, FLAG_MON, FLAG_URNA, FLAG_ESP = 0, 1, 2, 3
FLAG_CODES = ("catalunya", "mon", "urna", "espanya")
FLAG_COUNTS = {"catalunya": 18, "mon": 11, "urna": 4, "espanya": 4}        # SOM-1.2
EF_NONE, EF_INICIO, EF_ATC, EF_EPR, EF_IDS, EF_ECO, EF_SU = range(7)
EFFECT_CODES = ("", "inicio", "atc", "euro_per_recepta", "impost_successions",
                "capacitat_economica", "sufragi_universal")
EFFECT_COUNTS = {"inicio": 1, "atc": 1, "euro_per_recepta": 1, "impost_successions": 1,
                 "capacitat_economica": 3, "sufragi_universal": 1}          # SOM-1.4
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


def _fail(field: str, problem: str, allowed: str) -> ContentError:
    return ContentError(f"som {FILE}: {field}: {problem}; allowed: {allowed}")


def _get(table: dict, key: str, where: str, kind: type | tuple = (int,)) -> Any:
    if key not in table:
        raise _fail(f"{where}.{key}", "missing", f"a value of type {kind}")
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise _fail(f"{where}.{key}", f"got {value!r}", f"a value of type "
                    f"{'/'.join(k.__name__ for k in kinds)}")
    return value


def _expect(value: Any, want: Any, field: str, rule: str) -> None:
    if value != want:
        raise _fail(field, f"got {value!r}, the rulebook says {want!r} ({rule})", repr(want))


def parse_content(text: str) -> Content:
    """Read and check the content (the rulebook's counts must hold)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"som {FILE}: not valid TOML: {exc}") from exc

    players = raw.get("players", {})
    _expect((players.get("min"), players.get("max")), (1, 4), "players.min/max", "SOM-2.1")

    # colours (SOM-1.6)
    colours = raw.get("colours")
    if not isinstance(colours, list) or len(colours) != 4:
        raise _fail("colours", f"need exactly 4 [[colours]], got "
                    f"{len(colours) if isinstance(colours, list) else colours!r}",
                    "4 colours (SOM-1.6)")
    codes = tuple(_get(c, "code", "colours", str) for c in colours)
    if len(set(codes)) != 4:
        raise _fail("colours.code", f"repeated code in {codes}", "4 distinct codes")
    colour_names = tuple((_get(c, "name", "colours", str), _get(c, "name_en", "colours", str))
                         for c in colours)

    # die (SOM-1.7, SOM-8.2, G1)
    faces_raw = raw.get("die", {}).get("faces")
    if not isinstance(faces_raw, list) or len(faces_raw) != 6:
        raise _fail("die.faces", "need exactly 6 faces", "6 [[die.faces]] (SOM-1.7)")
    faces, pics = [], []
    for i, f in enumerate(faces_raw):
        _expect(f.get("face"), i + 1, f"die.faces[{i}].face", "faces numbered 1–6")
        number = _get(f, "number", f"die.faces[{i}]")
        if number not in (0, 2, 4):
            raise _fail(f"die.faces[{i}].number", f"got {number}", "0, 2 or 4 (SOM-1.7)")
        pic = _get(f, "picture", f"die.faces[{i}]", str)
        if pic == "generalitat":
            p = PIC_GENERALITAT
        elif pic == "todos":
            p = PIC_TODOS
        elif pic in codes:
            p = codes.index(pic)
        else:
            raise _fail(f"die.faces[{i}].picture", f"got {pic!r}",
                        "generalitat, todos or a colour code " + ", ".join(codes))
        faces.append((number, p))
        pics.append(pic)

    # map (SOM-2.6, SOM-10.4, G2)
    m = raw.get("map", {})
    rows = m.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows) or not rows:
        raise _fail("map.rows", "missing", "a list of strings of '#' and '.'")
    cell_rc = []
    for r, row in enumerate(rows):
        if set(row) - {"#", "."}:
            raise _fail(f"map.rows[{r}]", f"got {row!r}", "only '#' (cell) and '.' (no cell)")
        cell_rc.extend((r, c) for c, ch in enumerate(row) if ch == "#")
    n_cells = _get(m, "cells", "map")
    _expect(n_cells, 37, "map.cells", "SOM-1.2: 37 board cards")
    _expect(len(cell_rc), n_cells, "map.rows (number of '#')", "one cell per board card")
    where = {rc: i for i, rc in enumerate(cell_rc)}
    neighbours = []
    for (r, c) in cell_rc:
        around = [where[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and (r + dr, c + dc) in where]
        neighbours.append(tuple(sorted(around)))

    # cards (SOM-1.2 … SOM-1.5, G3–G5)
    cards_raw = raw.get("cards")
    if not isinstance(cards_raw, list) or len(cards_raw) != 37:
        raise _fail("cards", f"need 37 [[cards]], got "
                    f"{len(cards_raw) if isinstance(cards_raw, list) else 0}",
                    "37 board cards (SOM-1.2)")
    cards, seen = [], set()
    flag_count = dict.fromkeys(FLAG_CODES, 0)
    effect_count = dict.fromkeys(EFFECT_CODES[1:], 0)
    symbol_count: dict[str, int] = {}
    for i, c in enumerate(cards_raw):
        cid = _get(c, "id", f"cards[{i}]", str)
        if cid in seen:
            raise _fail(f"cards[{i}].id", f"repeated id {cid!r}", "unique ids")
        seen.add(cid)
        flag = _get(c, "flag", f"cards[{i}]", str)
        if flag not in FLAG_CODES:
            raise _fail(f"cards[{i}].flag", f"got {flag!r}", ", ".join(FLAG_CODES))
        flag_count[flag] += 1
        effect = c.get("effect", "")
        if effect not in EFFECT_CODES:
            raise _fail(f"cards[{i}].effect", f"got {effect!r}", ", ".join(EFFECT_CODES[1:]))
        if effect:
            effect_count[effect] += 1
        symbol = c.get("symbol", "")
        if symbol:
            symbol_count[symbol] = symbol_count.get(symbol, 0) + 1
            if flag in ("urna", "espanya"):
                raise _fail(f"cards[{i}].symbol", f"{flag} card {cid} has a symbol",
                            "no symbol on urna or Spain cards (SOM-1.5)")
        cards.append(Card(i, cid, _get(c, "name", f"cards[{i}]", str),
                          c.get("name_ca", c["name"]), c.get("name_en", c["name"]),
                          FLAG_CODES.index(flag), symbol, EFFECT_CODES.index(effect),
                          bool(c.get("authored", False))))
    for flag, want in FLAG_COUNTS.items():
        _expect(flag_count[flag], want, f"cards (flag = {flag!r})", "SOM-1.2")
    for eff, want in EFFECT_COUNTS.items():
        _expect(effect_count[eff], want, f"cards (effect = {eff!r})", "SOM-1.3/1.4")
    _expect(symbol_count, {"capacitat_economica": 3, "capacitat_impositiva": 3,
                           "sufragi_universal": 1}, "cards.symbol (counts)", "SOM-1.4")
    for card in cards:
        want_flag = {EF_INICIO: FLAG_CAT, EF_ATC: FLAG_CAT, EF_EPR: FLAG_CAT, EF_IDS: FLAG_CAT,
                     EF_ECO: FLAG_CAT, EF_SU: FLAG_MON}.get(card.effect)
        if want_flag is not None and card.flag != want_flag:
            raise _fail(f"cards[{card.index}].flag", f"{card.id} has flag "
                        f"{FLAG_CODES[card.flag]!r}", f"{FLAG_CODES[want_flag]!r} (SOM-1.3, 1.5)")

    # disks (SOM-1.8 … SOM-1.10)
    disks_raw = raw.get("disks")
    if not isinstance(disks_raw, list) or len(disks_raw) != 10:
        raise _fail("disks", "need 10 [[disks]] types", "5 services + 5 infrastructures")
    types = []
    for i, d in enumerate(disks_raw):
        kind = _get(d, "kind", f"disks[{i}]", str)
        value = _get(d, "value", f"disks[{i}]")
        want = {"servicio": 2, "infraestructura": 1}.get(kind)
        if want is None:
            raise _fail(f"disks[{i}].kind", f"got {kind!r}", "servicio, infraestructura")
        _expect(value, want, f"disks[{i}].value", "SOM-1.8: services 2 €, infrastructures 1 €")
        types.append(DiskType(i, _get(d, "code", f"disks[{i}]", str),
                              _get(d, "name", f"disks[{i}]", str), d.get("name_en", d["name"]),
                              kind, d.get("group", ""), _get(d, "count", f"disks[{i}]"),
                              value, bool(d.get("interior", False))))
    type_index = {t.code: t.index for t in types}
    if len(type_index) != 10:
        raise _fail("disks.code", "repeated code", "10 distinct codes")
    twos = tuple(t.index for t in types if t.value == 2)
    ones = tuple(t.index for t in types if t.value == 1)
    _expect((len(twos), len(ones)), (5, 5), "disks (types per kind)", "SOM-1.9, SOM-1.10")
    _expect(sum(types[t].count for t in twos), 12, "disks (services count)", "SOM-1.9")
    _expect(sum(types[t].count for t in ones), 12, "disks (infrastructures count)", "SOM-1.10")
    for code in ("justicia", "sanidad", "educacion", "mossos", "bomberos"):
        if code not in type_index:
            raise _fail("disks.code", f"{code!r} missing", "the rulebook's service types")

    # powers (SOM-15.x)
    powers = raw.get("powers", {})
    exchanges = []
    for i, x in enumerate(powers.get("exchanges", [])):
        pair, takes = x.get("pair"), x.get("takes")
        if pair not in type_index or not isinstance(takes, list) or \
                any(t not in type_index for t in takes):
            raise _fail(f"powers.exchanges[{i}]", f"pair={pair!r} takes={takes!r}",
                        "disk codes of [[disks]]")
    # numbering order (engine brief): single-take exchanges in file order, then the others
    ordered = [x for x in powers.get("exchanges", []) if len(x["takes"]) == 1] + \
              [x for x in powers.get("exchanges", []) if len(x["takes"]) > 1]
    rule_of = {"educacion": "SOM-15.9", "vias": "SOM-15.10", "carreteras": "SOM-15.10",
               "bosques": "SOM-15.11", "energias": "SOM-15.12", "vivienda": "SOM-15.12"}
    for x in ordered:
        for take in x["takes"]:
            code = x["pair"] if len(x["takes"]) == 1 else f"{x['pair']}-{take}"
            exchanges.append(Exchange(code, type_index[x["pair"]], type_index[take],
                                      rule_of.get(x["pair"], "SOM-15.13")))
    _expect(len(exchanges), 8, "powers.exchanges (pair × taken type)", "SOM-15.9–15.12")
    prot = powers.get("protection", {}).get("disk_types", [])
    if sorted(prot) != ["bomberos", "mossos"]:
        raise _fail("powers.protection.disk_types", f"got {prot!r}", "mossos, bomberos")
    levies = powers.get("levies", {})
    san, jus = levies.get("sanidad", {}), levies.get("justicia", {})

    part = raw.get("participation", {})
    _expect(part.get("count"), 12, "participation.count", "SOM-1.11")
    setup = raw.get("setup", {})
    solo = setup.get("solo", {})
    _expect(2 * setup.get("disks_2", 0) + setup.get("disks_1", 0), setup.get("start_money"),
            "setup.disks_2/disks_1", "SOM-2.2: they make start_money")
    _expect(setup.get("start_money"), 6, "setup.start_money", "SOM-2.2")
    _expect(2 * solo.get("disks_2", 0) + solo.get("disks_1", 0), solo.get("start_money"),
            "setup.solo.disks_2/disks_1", "SOM-2.4: they make start_money")
    _expect(solo.get("start_money"), 8, "setup.solo.start_money", "SOM-2.4")
    taxes = raw.get("taxes", {})
    elections = raw.get("elections", {})
    if elections.get("cost_with_b") not in type_index:
        raise _fail("elections.cost_with_b", f"got {elections.get('cost_with_b')!r}",
                    "a disk code (mossos, SOM-16.7)")
    cen = raw.get("centralism", {})
    degrees = tuple(cen.get("degrees", ()))
    _expect(degrees, ("medio", "elevado", "intenso"), "centralism.degrees", "SOM-3.1")
    roll = {int(k): v for k, v in cen.get("dado", {}).get("roll", {}).items()}
    _expect(roll, {0: "medio", 2: "elevado", 4: "intenso"}, "centralism.dado.roll", "SOM-3.3")
    modes = {k: dict(v) for k, v in raw.get("modes", {}).items() if k != "solo"}
    if set(modes) != {"A", "B", "C", "AC"}:
        raise _fail("modes", f"got {sorted(modes)}", "A, B, C, AC (SOM-2.12, G29)")
    end = raw.get("end", {})

    return Content(
        raw=raw, colours=codes, colour_names=colour_names, faces=tuple(faces),
        face_pictures=tuple(pics), rows=tuple(rows), cell_rc=tuple(cell_rc),
        neighbours=tuple(neighbours), cards=tuple(cards),
        card_index={c.id: c.index for c in cards}, types=tuple(types), type_index=type_index,
        twos=twos, ones=ones, exchanges=tuple(exchanges),
        pd_total=part["count"], pd_per_euro=_get(part, "per_euro_given", "participation"),
        setup_2=setup["disks_2"], setup_1=setup["disks_1"],
        solo_2=solo["disks_2"], solo_1=solo["disks_1"],
        tax_citizen=_get(taxes, "citizen", "taxes"),
        tax_solidarity=_get(taxes, "solidarity", "taxes"),
        tax_atc_citizen=_get(taxes, "atc_citizen_to_gh", "taxes"),
        tax_atc_gh=_get(taxes, "atc_gh_to_hisenda", "taxes"),
        tax_solo=_get(taxes, "solo", "taxes"), tax_solo_atc=_get(taxes, "solo_atc", "taxes"),
        eco_payout=_get(raw.get("capacitat_economica", {}), "payout", "capacitat_economica"),
        election_cost_ac=_get(elections, "cost_without_b", "elections"),
        election_disk=type_index[elections["cost_with_b"]],
        protect_types=tuple(type_index[t] for t in ("mossos", "bomberos")),
        levy_sanidad=type_index["sanidad"], levy_justicia=type_index["justicia"],
        levy_per_target=_get(san, "per_target", "powers.levies.sanidad"),
        levy_min_value=_get(san, "min_target_value", "powers.levies.sanidad"),
        levy_num=_get(jus, "fraction_num", "powers.levies.justicia"),
        levy_den=_get(jus, "fraction_den", "powers.levies.justicia"),
        urna_for_consulta=_get(end, "urna_cards_for_consulta", "end"),
        limit_reason=_get(end, "truncated_reason", "end", str),
        degrees=degrees, solo_degrees=tuple(cen.get("solo_allowed", ())),
        dado_roll=roll, solo_reroll=tuple(cen.get("dado", {}).get("solo_reroll_numbers", ())),
        modes=modes, solo_modes=tuple(raw.get("modes", {}).get("solo", {}).get("allowed", ())),
    )


@cache
def content() -> Content:
    """The game's content (read once)."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return parse_content(text)
