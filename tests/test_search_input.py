"""Hostile or odd input in the search box neither breaks it nor injects markup."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from search_harness import SearchBox

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


@pytest.fixture(scope="module")
def page(browser: Browser, site: Path) -> Iterator[tuple[SearchBox, list[str]]]:
    """The Chinese home page with its search box (the one the search tests type in, in
    this process), listened to while this module's queries are typed."""
    box = SearchBox.shared(browser, site, "zh")
    pg = box.page
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
    yield box, problems
    for event, handler in handlers.items():
        pg.remove_listener(event, handler)


def type_query(box: SearchBox, text: str) -> list[str]:
    """Type `text` and wait for its own answer (the meta line rewritten after this input,
    not the last query's still on screen); the visible result links."""
    (done,) = box.search_many([text])
    assert not isinstance(done, str), f"{text[:40]!r}: {done}"
    return done[0]


@pytest.mark.parametrize("name", ODD)
def test_odd_query_is_harmless(page: tuple[SearchBox, list[str]], name: str) -> None:
    box, problems = page
    pg = box.page
    problems.clear()
    before = pg.evaluate(INJECTED)
    type_query(box, ODD[name])
    pg.wait_for_timeout(300)  # let any late rendering (and any injected handler) run
    assert pg.locator("input.md-search__input").input_value() == ODD[name].replace("\n", " ")
    assert pg.evaluate(INJECTED) == before, f"{name}: the query injected markup"
    assert not problems, f"{name}: {problems}"
    # the box still works afterwards
    assert type_query(box, "pin_memory"), f"no results after {name}"
    assert not problems, f"{name}: {problems}"
