"""Help write and check the Spanish rule texts (``src/ludoteca/web/rules/es/<game>.toml``).

    python tools/rules_es.py sentences qytetet      # the rulebook split into numbered sentences
    python tools/rules_es.py cites qytetet          # each checklist rule with the section it cites
    python tools/rules_es.py check [game ...]       # coverage and verbatim quotes, per game

A ``source = "rulebook"`` text must appear in the rulebook after normalizing whitespace, quotes
and markdown emphasis; pieces of the rulebook that are not adjacent are joined with `` … ``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
ES_DIR = ROOT / "src" / "ludoteca" / "web" / "rules" / "es"
SEED_FILE = {"qytetet": "qytetet.txt", "civitas": "civitas.txt",
             "som": "som_el_que_decidim.txt", "elplan": "el_plan.txt",
             "sigloxx": "siglo_xx.txt"}
GAMES = tuple(SEED_FILE)
JOIN = " … "


def normalize(text: str) -> str:
    """Text compared for quotes: no markdown emphasis, straight quotes, single spaces."""
    text = text.replace("*", "").replace("_", "")
    for a, b in (("“", '"'), ("”", '"'), ("«", '"'), ("»", '"'), ("‘", "'"), ("’", "'"),
                 ("\u00a0", " ")):
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


def seed_text(game: str) -> str:
    return (SEEDS / SEED_FILE[game]).read_text(encoding="utf-8")


def missing_quotes(game: str, entries: dict[str, dict]) -> list[str]:
    """Rule IDs whose rulebook quote is not in the rulebook."""
    seed = normalize(seed_text(game))
    bad = []
    for rid, entry in entries.items():
        if entry.get("source") != "rulebook":
            continue
        pieces = [normalize(p) for p in str(entry["es"]).split(JOIN.strip())]
        if not all(p and p in seed for p in pieces):
            bad.append(rid)
    return bad


def load(game: str) -> dict[str, dict]:
    path = ES_DIR / f"{game}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def sentences(game: str) -> None:
    n = 0
    for para in re.split(r"\n\s*\n", seed_text(game)):
        para = re.sub(r"\s+", " ", para).strip()
        if not para:
            continue
        for sent in re.split(r"(?<=[.!?:])\s+(?=[A-ZÁÉÍÓÚÑ¿¡\-•(0-9])", para):
            n += 1
            print(f"{n:4d}  {sent}")
        print()


def cites(game: str) -> None:
    sys.path.insert(0, str(ROOT / "src"))
    from ludoteca.web.ruletext import rule_texts
    for rid, text in rule_texts(game).items():
        print(f"{rid}: {text}\n")


def check(games: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "src"))
    from ludoteca.web.ruletext import rule_texts, ruling_texts
    status = 0
    for game in games:
        entries = load(game)
        prefix = next(iter(rule_texts(game))).split("-")[0]
        ids = list(rule_texts(game)) + [f"{prefix}-{x}" for x in ruling_texts(game)]
        missing = [r for r in ids if r not in entries]
        extra = [r for r in entries if r not in ids]
        bad = missing_quotes(game, entries)
        sources = [e.get("source") for e in entries.values()]
        print(f"{game}: {len(entries)}/{len(ids)} texts, rulebook {sources.count('rulebook')}, "
              f"authored {sources.count('authored')}; missing {len(missing)}, unknown {extra}, "
              f"quotes not found {bad}")
        if missing and entries:
            print("   missing:", " ".join(missing))
        status |= bool(bad or extra)
    return status


if __name__ == "__main__":
    cmd, *args = sys.argv[1:] or ["check"]
    if cmd == "sentences":
        sentences(args[0])
    elif cmd == "cites":
        cites(args[0])
    else:
        sys.exit(check(args or list(GAMES)))
