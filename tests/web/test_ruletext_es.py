"""Rule texts in the player's language: every rule of a game with a Spanish file has a Spanish
text, the rulebook quotes really are the rulebook's sentences, and ``GET /api/rules`` answers
Spanish for ``?lang=es``, the English checklist for ``?lang=en``, and English marked as such for
a game whose Spanish texts are not written yet."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.web import ruletext
from ludoteca.web.ruletext import rule_text, rule_texts, ruling_texts, spanish_texts

from .browser_support import Pages, chromium_path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rules_es", ROOT / "tools" / "rules_es.py")
rules_es = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules_es)

GAMES = tuple(ludoteca.games())
FINISHED = [g for g in GAMES if spanish_texts(g)]


def all_ids(game: str) -> list[str]:
    """Every checklist rule ID of a game, and its project rulings as ``<PREFIX>-X1``."""
    ids = list(rule_texts(game))
    prefix = ids[0].split("-")[0]
    return ids + [f"{prefix}-{x}" for x in ruling_texts(game)]


def test_at_least_qytetet_is_in_spanish():
    assert "qytetet" in FINISHED


@pytest.mark.parametrize("game", FINISHED)
def test_every_rule_of_a_finished_game_has_a_spanish_text(game):
    texts = spanish_texts(game)
    ids = all_ids(game)
    assert [r for r in ids if r not in texts] == []
    assert [r for r in texts if r not in ids] == []        # no stray IDs
    for rid, entry in texts.items():
        assert entry["source"] in ruletext.SOURCES, rid
        assert len(entry["es"]) > 10, rid
        assert entry["es"] != rule_text(game, rid), rid     # not the English text copied


@pytest.mark.parametrize("game", FINISHED)
def test_rulebook_quotes_are_in_the_rulebook(game):
    if not rules_es.SEEDS.is_dir():
        pytest.skip("the rulebooks (../shared/seeds) are not beside the project")
    texts = spanish_texts(game)
    assert rules_es.missing_quotes(game, texts) == []
    assert any(e["source"] == "rulebook" for e in texts.values())


def test_quote_normalization_ignores_spaces_quotes_and_emphasis():
    assert rules_es.normalize("un  “descanso”\n*Que*") == 'un "descanso" Que'
    if not rules_es.SEEDS.is_dir():
        pytest.skip("the rulebooks (../shared/seeds) are not beside the project")
    sample = {"A": {"es": "Hay una única casilla de este tipo … no recibe dinero",
                    "source": "rulebook"},
              "B": {"es": "Hay dos casillas de este tipo.", "source": "rulebook"},
              "C": {"es": "Texto propio.", "source": "authored"}}
    assert rules_es.missing_quotes("qytetet", sample) == ["B"]


def test_the_endpoint_answers_in_the_asked_language(client):
    es = client.get("/api/rules/qytetet/QY-1.2?lang=es").json()
    assert es["id"] == "QY-1.2" and es["lang"] == "es" and es["source"] == "rulebook"
    assert "7.500€" in es["text"]["es"]
    en = client.get("/api/rules/qytetet/QY-1.2?lang=en").json()
    assert en["lang"] == "en" and en["text"]["en"] == rule_text("qytetet", "QY-1.2")
    ruling = client.get("/api/rules/qytetet/QY-X1?lang=es").json()
    assert ruling["source"] == "authored" and "rondas" in ruling["text"]["es"]


def test_a_game_without_spanish_texts_answers_english_marked_as_such(client, monkeypatch):
    monkeypatch.setattr(ruletext, "spanish_texts", lambda game: {})
    r = client.get("/api/rules/qytetet/QY-7.1?lang=es").json()
    assert r == {"id": "QY-7.1", "game": "qytetet", "source": "english-only", "lang": "en",
                 "text": {"en": rule_text("qytetet", "QY-7.1")}}


def test_an_unknown_rule_is_a_clear_error_in_both_languages(client):
    r = client.get("/api/rules/qytetet/QY-99.9?lang=es")
    assert r.status_code == 404
    err = r.json()["error"]
    assert err["code"] == "not_found"
    assert err["message"]["es"] == "no existe la regla 'QY-99.9' en qytetet"
    assert err["message"]["en"] == "there is no rule 'QY-99.9' in qytetet"


SHOW_RULE = """([game, rule, lang]) => import("/static/table.js").then(async (m) => {
  const i18n = await import("/static/i18n.js");
  await m.showRule(game, rule, lang, i18n.translator(lang));
})"""


def dialog_of(page: Any) -> dict[str, Any]:
    dialog = page.locator("dialog.rule-dialog")
    dialog.wait_for()
    text = dialog.locator(".rule-text")
    out = {"text": text.inner_text(), "lang": text.get_attribute("lang"),
           "notes": dialog.locator(".rule-source").all_inner_texts()}
    dialog.locator(".rule-close").click()
    return out


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium")
def test_the_rule_dialog_speaks_the_pages_language(server: str, pages: Pages) -> None:
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.evaluate(SHOW_RULE, ["qytetet", "QY-1.2", "es"])
    es = dialog_of(page)
    assert "7.500€" in es["text"] and es["lang"] == "es"
    assert es["notes"] == ["Texto del reglamento."]
    page.evaluate(SHOW_RULE, ["qytetet", "QY-1.2", "en"])
    en = dialog_of(page)
    assert en["text"] == rule_text("qytetet", "QY-1.2") and en["lang"] == "en"
    assert en["notes"] == []
    # a rule with no Spanish text yet: English, marked as English
    page.route("**/api/rules/som/SOM-1.1*", lambda route: route.fulfill(
        content_type="application/json", body=json.dumps(
            {"id": "SOM-1.1", "game": "som", "source": "english-only", "lang": "en",
             "text": {"en": rule_text("som", "SOM-1.1")}})))
    page.evaluate(SHOW_RULE, ["som", "SOM-1.1", "es"])
    only = dialog_of(page)
    assert only["text"] == rule_text("som", "SOM-1.1") and only["lang"] == "en"
    assert only["notes"] == ["Esta regla aún no está traducida: se muestra en inglés."]
