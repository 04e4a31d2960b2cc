"""Hostile or odd input in the search box neither breaks it nor injects markup."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from search_harness import PLACEHOLDERS, SearchBox

ODD = {
    "long": ("显存 memory_allocated " * 120)[:2000],
    "punctuation": "？！。，,.;",
    "regex": r".*+?^$()[]{}|\\",
    "img": "<img src=x onerror=alert(1)>",
    "script": '"><script>alert(1)</script>',
}
# markup the query could have injected: the tags, handlers and payload text from ODD
INJECTED = """() => [...document.querySelectorAll('img, script, [onerror]')].filter(e =>
  e.hasAttribute('onerror') || e.getAttribute('src') === 'x' || /alert\\(1\\)/.test(e.textContent)
).length"""
RESULTS_SHOWN = """(ph) => { const m = document.querySelector('.md-search-result__meta');
  return m && !new RegExp(ph, 'i').test(m.innerText) }"""


@pytest.fixture(scope="module")
def page(browser: Browser, site: Path) -> Iterator[tuple[Page, list[str]]]:
    """The Chinese home page with its search box (the one the search tests type in, in
    this process), listened to while this module's queries are typed."""
    pg = SearchBox.shared(browser, site, "zh").page
    problems: list[str] = []
    handlers = {
        "dialog": lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()),
        "console": lambda m: m.type == "error" and problems.append(f"console: {m.text}"),
        "pageerror": lambda e: problems.append(f"page error: {e}"),
    }
    for event, handler in handlers.items():
        pg.on(event, handler)
    # page-load noise (Material fetches /en/sitemap.xml for the language switch, which
    # 404s today) is not the query's doing: start listening once the page is idle
    pg.wait_for_load_state("networkidle")
    problems.clear()
    yield pg, problems
    for event, handler in handlers.items():
        pg.remove_listener(event, handler)


def type_query(pg: Page, text: str, settle: bool = True) -> None:
    box = pg.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.dispatch_event("keyup")
    box.fill(text)
    box.dispatch_event("keyup")
    pg.wait_for_function(RESULTS_SHOWN, arg=PLACEHOLDERS.pattern, timeout=15000)
    if settle:
        pg.wait_for_timeout(300)  # let any late rendering (and any injected handler) run


@pytest.mark.parametrize("name", ODD)
def test_odd_query_is_harmless(page: tuple[Page, list[str]], name: str) -> None:
    pg, problems = page
    problems.clear()
    before = pg.evaluate(INJECTED)
    type_query(pg, ODD[name])
    assert pg.locator("input.md-search__input").input_value() == ODD[name].replace("\n", " ")
    assert pg.evaluate(INJECTED) == before, f"{name}: the query injected markup"
    assert not problems, f"{name}: {problems}"
    # the box still works afterwards
    type_query(pg, "pin_memory", settle=False)
    assert pg.locator(".md-search-result__item a").count() > 0, f"no results after {name}"
    assert not problems, f"{name}: {problems}"
