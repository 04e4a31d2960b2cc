"""The built site in a real browser (Debian chromium via playwright), served on 127.0.0.1.

Every page of both languages is loaded once: no console errors, no failed requests; every
Chinese page's language menu must lead to the same page in English (clicked as a reader
would on one page of each shard, followed as a link on the others), and every English
page's menu must point back. On every topic page each snippet's copy button is clicked and
the clipboard must hold the snippet file's exact text (English pages: with the comments of
its topic's comments.en.yml). Notebook
pages must show their outputs and offer their own language's .ipynb. Screenshots go to
test-artifacts/screenshots/ (kept by CI). The walk itself is tests/pagewalk.py.
"""

from pathlib import Path

import pytest
from pagewalk import SHARDS, SHOTS, Tab, page_paths, shard_paths, walk


def test_both_languages_have_the_same_pages(site: Path) -> None:
    zh = page_paths(site)
    en = page_paths(site / "en")
    assert zh == en, f"only in one language: {sorted(set(zh) ^ set(en))}"
    assert len(zh) > 10 and any(p.startswith("notebooks/") for p in zh)
    # the walk's shards (each page with its English pair) hold every page, once
    walked = [p for shard in range(SHARDS) for p in shard_paths(site, shard)]
    assert sorted(walked) == sorted(zh) and len(set(walked)) == len(walked)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_pages_load_and_switch_language(tab: Tab, site: Path, shard: int) -> None:
    """Each Chinese page, then a click on its language menu's English entry: the same
    page in English; that page's menu points back. Both are checked as pages."""
    found = walk(tab, site, shard)
    print(f"shard {shard}: {len(found.paths)} page pairs, {found.copies} copy buttons checked")
    assert found.paths
    assert not found.problems, "\n".join(found.problems)


def test_theme_toggle_switches_color_scheme(tab: Tab) -> None:
    page = tab.page
    page.goto(f"{tab.base}/en/tensors/", wait_until="load")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    assert page.evaluate(scheme) == "default"
    page.locator("label.md-header__button[for='__palette_1']").click()
    page.wait_for_function(f"{scheme} === 'slate'")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "en-topic-dark.png")
    page.locator("label.md-header__button[for='__palette_0']").click()
    page.wait_for_function(f"{scheme} === 'default'")
    page.evaluate("localStorage.clear()")  # the choice persists; leave the next test light
    assert not tab.take()
