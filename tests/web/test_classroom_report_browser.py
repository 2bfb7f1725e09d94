"""The class report in Chromium: a class of two Som tables (three students join, then leave;
bots finish the games), the projector page, a student refused before the teacher publishes,
the report's charts and tables, publishing, a phone's width, and the print stylesheet (no
buttons, nothing wider than an A4 page, a page per table) through a real PDF."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_support import (
    SCREENSHOTS,
    Pages,
    api_as,
    docs_screenshot,
    running_server,
    screenshot,
)

PASSWORD = "a long teacher password"
A4 = {"width": 794, "height": 1123}          # CSS pixels of an A4 page


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp: Path = tmp_path_factory.mktemp("report")
    with running_server(tmp) as base:
        r = subprocess.run([sys.executable, "-m", "ludoteca", "teacher", "add", "profe",
                            "--password-stdin", "--db", f"sqlite:///{tmp / 'web.db'}",
                            "--lang", "en"], input=PASSWORD + "\n", capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        yield base


def overflowing(page: Any, width: int) -> list[str]:
    """Visible elements whose right edge passes ``width`` (CSS px)."""
    return page.evaluate("""w => [...document.querySelectorAll('body *')].filter(el => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > w + 1;
      }).map(el => el.tagName + '.' + el.className).slice(0, 10)""", width)


def test_class_report(class_server: str, pages: Pages) -> None:
    base = class_server
    teacher = pages.new(width=1280, height=900)
    teacher.goto(f"{base}/teach?lang=es")
    teacher.fill("#teacher-name", "profe")
    teacher.fill("#teacher-password", PASSWORD)
    teacher.click(".login-button")
    teacher.wait_for_selector(".class-form")
    c = api_as(teacher, base, "POST", "/api/classes", {
        "game": "som", "tables": 2, "seats": 4, "bot": "random", "lang": "es",
        "options": {"max_turns": 12}})
    cid = c["class_id"]
    students = []
    for name in ("Lucía", "Marc", "Aitana"):
        page = pages.new(width=390, height=800)
        api_as(page, base, "POST", "/api/join", {"code": c["code"], "name": name})
        students.append(page)

    # the projector page, with the students seated
    teacher.goto(f"{base}/class/{cid}?lang=es")
    teacher.wait_for_function("() => document.querySelectorAll('.class-table li.student')"
                              ".length === 3")
    docs_screenshot(teacher, "classroom-projector.png")

    api_as(teacher, base, "POST", f"/api/classes/{cid}/start", {})
    for page in students:
        api_as(page, base, "POST", f"/api/classes/{cid}/leave", {})
    deadline = time.monotonic() + 90
    while not all(t["over"] for t in api_as(teacher, base, "GET", f"/api/classes/{cid}")
                  ["tables"]):
        assert time.monotonic() < deadline, "the bots did not finish the games"
        time.sleep(0.3)
    api_as(teacher, base, "POST", f"/api/classes/{cid}/end", {})

    # a student of the class before the teacher publishes: a friendly refusal
    student = students[0]
    r = student.goto(f"{base}/class/{cid}/report?lang=es")
    assert r is not None and r.status == 403
    assert student.locator("body[data-page='refused'][data-kind='unpublished']").count() == 1

    # the teacher's report, reached from the projector page's link: summary, comparison,
    # each table with its ranking and charts
    teacher.goto(f"{base}/class/{cid}?lang=es")
    teacher.locator(".class-report-link a").click()
    teacher.wait_for_url(f"**/class/{cid}/report?lang=es")
    teacher.wait_for_selector("#app[data-report='ready']")
    teacher.wait_for_function("() => Number(document.getElementById('app').dataset.charts) > 0")
    assert teacher.locator(".report-summary tbody tr").count() == 2
    assert teacher.locator("section.report-table").count() == 2
    assert teacher.locator(".report-ranking").count() == 2
    # 3 comparison charts + 3 per table, each drawn and with a text alternative
    assert teacher.locator(".report-chart canvas").count() == 9
    assert teacher.locator(".report-chart[role='img'][aria-label]").count() == 9
    assert teacher.locator(".report-data table").count() == 9
    assert "Hisenda" in teacher.locator(".report-compare").inner_text()
    assert teacher.locator("h1").inner_text().startswith("Informe de la clase")
    publish = teacher.locator(".report-publish")
    assert publish.get_attribute("aria-pressed") == "false"
    publish.focus()
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector(".report-publish[aria-pressed='true']")
    assert teacher.locator(".report-csv").get_attribute("href").endswith("/figures.csv")
    teacher.evaluate("() => window.scrollTo(0, 0)")
    docs_screenshot(teacher, "classroom-report.png")

    # published: the student reads it, in English, on a phone, without sideways scrolling
    student.goto(f"{base}/class/{cid}/report?lang=en")
    student.wait_for_selector("#app[data-report='ready']")
    student.wait_for_function("() => Number(document.getElementById('app').dataset.charts) > 0")
    assert student.locator("h1").inner_text().startswith("Class report")
    assert student.locator(".report-publish").count() == 0
    assert student.evaluate("() => document.documentElement.scrollWidth") <= 390
    small = student.locator(".report-actions a, .report-actions button").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().height < 44).length")
    assert small == 0
    screenshot(student, "classroom-report-phone")

    # print: no buttons, black on white, nothing wider than A4, a page break per table
    teacher.set_viewport_size(A4)
    teacher.emulate_media(media="print")
    teacher.wait_for_timeout(300)                 # the charts follow their boxes' width
    assert teacher.locator(".report-actions").evaluate("e => getComputedStyle(e).display") \
        == "none"
    assert teacher.locator("button:visible").count() == 0
    assert teacher.locator("body").evaluate("e => getComputedStyle(e).backgroundColor") in (
        "rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
    assert teacher.locator(".report").evaluate("e => getComputedStyle(e).color") == \
        "rgb(0, 0, 0)"
    assert teacher.locator("section.report-table").first.evaluate(
        "e => getComputedStyle(e).breakBefore") == "page"
    assert overflowing(teacher, A4["width"]) == []
    pdf = teacher.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    pages_in_pdf = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages_in_pdf >= 3, pages_in_pdf       # summary and comparison, then a page a table
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "classroom-report.pdf").write_bytes(pdf)
