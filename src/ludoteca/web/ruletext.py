"""Rule texts by ID, read from the rules checklists shipped in ``web/rules/<game>.md`` (copies
of ``shared/rules/``) and the project rulings in ``web/rules/rulings/`` (of ``docs/rules/``)."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_BULLET = re.compile(r"^\s*[-*]\s+\*\*([A-Z]{2,4}-[A-Za-z0-9.\-]+)\*\*:?\s*(.*)$")


@cache
def rule_texts(game_id: str) -> dict[str, str]:
    """Every rule of a game's checklist: ID -> text (empty when the game has no checklist)."""
    try:
        text = resources.files("ludoteca.web.rules").joinpath(f"{game_id}.md").read_text(
            encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    rules: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = _BULLET.match(line)
        if match:
            current = match.group(1)
            rules.setdefault(current, match.group(2).strip())
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return rules


_RULING = re.compile(r"^##+\s+.*\bruling\s+([A-Z]+\d+)\b", re.IGNORECASE)


@cache
def ruling_texts(game_id: str) -> dict[str, str]:
    """The project's own rulings (``## Project ruling X1 — …`` in docs/rules/<game>.md):
    ruling id (``X1``) -> its section's text."""
    try:
        text = resources.files("ludoteca.web.rules.rulings").joinpath(
            f"{game_id}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    out: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = _RULING.match(line)
        if match:
            current = match.group(1).upper()
            out[current] = line.lstrip("#").strip()
        elif line.startswith("#"):
            current = None
        elif current and line.strip():
            out[current] += ("\n" if out[current].count("\n") == 0 else " ") + line.strip()
    return out


def rule_text(game_id: str, rule_id: str) -> str | None:
    """The text of ``rule_id`` in ``game_id``'s checklist (or, for a project ruling such as
    ``QY-X1``, its section in the rulings), or None."""
    found = rule_texts(game_id).get(rule_id)
    if found is None and "-" in rule_id:
        found = ruling_texts(game_id).get(rule_id.rpartition("-")[2].upper())
    return found


#: where a Spanish rule text comes from
SOURCES = ("rulebook", "authored")


@cache
def spanish_texts(game_id: str) -> dict[str, dict[str, str]]:
    """The Spanish rule texts of a game (``rules/es/<game>.toml``): rule ID -> ``{"es", "source"}``
    where source is ``"rulebook"`` (quoted from the Spanish rulebook) or ``"authored"`` (a
    faithful Spanish rendering of the checklist rule). Empty when the game has no file yet."""
    import tomllib

    try:
        raw = resources.files("ludoteca.web.rules.es").joinpath(f"{game_id}.toml").read_text(
            encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return {}
    data = tomllib.loads(raw)
    return {rid: {"es": str(entry["es"]).strip(), "source": str(entry.get("source", "authored"))}
            for rid, entry in data.items() if isinstance(entry, dict) and entry.get("es")}


def rule_answer(game_id: str, rule_id: str) -> dict[str, object] | None:
    """The API answer for a rule: ``{"id", "game", "text": {"es"?, "en"}, "source"}``, with
    source ``"rulebook"``, ``"authored"`` or ``"english-only"`` (no Spanish text yet: ``text``
    then holds only ``en``). None when the game has no such rule."""
    english = rule_text(game_id, rule_id)
    if english is None:
        return None
    spanish = spanish_texts(game_id).get(rule_id)
    if spanish is None:
        return {"id": rule_id, "game": game_id, "text": {"en": english},
                "source": "english-only"}
    return {"id": rule_id, "game": game_id, "text": {"es": spanish["es"], "en": english},
            "source": spanish["source"]}
