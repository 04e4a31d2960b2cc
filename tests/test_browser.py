"""The built site in a real browser (Debian chromium via playwright), served on 127.0.0.1.

Every page of both languages is loaded once: no console errors, no failed requests; every
Chinese page's language menu must lead to the same page in English (clicked as a reader
would on one page of each shard, followed as a link on the others), and every English
page's menu must point back. On every topic page each snippet's copy button is clicked and
the clipboard must hold the snippet file's exact text (English pages: with the comments of
its topic's comments.en.yml). Notebook
pages must show their outputs and offer their own language's .ipynb. Screenshots go to
test-artifacts/screenshots/ (kept by CI).
"""

import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from builtsite import ROOT, serve, site_url

from torchkb import comments
from torchkb import snippets as store

SHOTS = ROOT / "test-artifacts" / "screenshots"
SNIPPETS = {s.path.resolve(): s for s in store.load_all()}
SHARDS = 4  # page pairs split over four tests, so two xdist workers share the walk evenly
SCREENSHOTS = {("zh", ""): "zh-home", ("en", ""): "en-home", ("zh", "tensors/"): "zh-topic",
               ("en", "tensors/"): "en-topic", ("zh", "notebooks/tensors/"): "zh-notebook",
               ("en", "notebooks/tensors/"): "en-notebook"}


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    # under site_url's path, as GitHub Pages serves a project site (/<repo>/)
    with serve(site, prefix=urllib.parse.urlsplit(site_url()).path or "/") as url:
        yield url


# Material's search has started (our worker loaded its meta.json): the last request a page
# makes by itself. Waiting for it instead of "networkidle" (500 ms of quiet) halves the walk.
SEARCH_READY = """() => { const m = document.querySelector('.md-search-result__meta');
  return m && m.innerText.trim() !== '' && !/Initializing|正在初始化/.test(m.innerText) }"""


class Tab:
    """One browser page, reused; records what went wrong since the last `take()`."""

    def __init__(self, page, base: str) -> None:
        self.page, self.base, self.problems = page, base, []
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("requestfailed", self._request_failed)
        page.on("response", self._response)

    def _console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console: {message.text}")

    def _page_error(self, error) -> None:
        self.problems.append(f"page error: {error}")

    def _request_failed(self, request) -> None:
        self.problems.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        out, self.problems = self.problems, []
        return out


@pytest.fixture(scope="session")
def tab(browser, base_url: str) -> Iterator[Tab]:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  color_scheme="light")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    try:
        yield Tab(context.new_page(), base_url)
    finally:
        context.close()


def page_paths(site: Path) -> list[str]:
    """Chinese pages as URL paths ("" for home, "tensors/", "notebooks/tensors/", ...)."""
    paths = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in {"en", "assets", "search"}:
            continue
        paths.append("" if rel == "." else rel + "/")
    return paths


def test_both_languages_have_the_same_pages(site: Path) -> None:
    zh = page_paths(site)
    en = page_paths(site / "en")
    assert zh == en, f"only in one language: {sorted(set(zh) ^ set(en))}"
    assert len(zh) > 10 and any(p.startswith("notebooks/") for p in zh)


def check_copy_buttons(tab: Tab, lang: str) -> int:
    """Click each snippet's copy button (Material's own handler copies); the clipboard must
    then hold the snippet file's exact text. One round trip per page: clicks in the page,
    each block scrolled to first, as a reader does (Material adds the button then)."""
    copied = tab.page.evaluate("""async () => {
        const out = [];
        for (const name of document.querySelectorAll(".kb-snippet-name code")) {
            let el = name.parentElement.nextElementSibling;
            while (el && !el.matches(".highlight, pre")) el = el.nextElementSibling;
            // Material mounts a block's button when the block is first seen (content.lazy)
            if (el) el.scrollIntoView();
            let button = null;
            for (let i = 0; el && !button && i < 500; i++) {
                button = el.querySelector("button[data-clipboard-target]");
                if (!button) await new Promise(resolve => setTimeout(resolve, 10));
            }
            if (!button) { out.push([name.textContent, null]); continue; }
            await navigator.clipboard.writeText("(nothing copied)");
            let text = "(nothing copied)";
            for (let i = 0; i < 300 && text === "(nothing copied)"; i++) {
                if (i % 100 === 0) button.click();  // once more if a busy machine lost it
                else await new Promise(resolve => setTimeout(resolve, 10));
                text = await navigator.clipboard.readText();  // Material may write it async
            }
            out.push([name.textContent, text]);
        }
        return out;
    }""")
    for name, text in copied:
        assert text is not None, f"{tab.page.url}: {name} has no copy button"
        # byte for byte, except the file's final newline, which a code block's text lacks
        snip = SNIPPETS[(ROOT / name).resolve()]
        expected = comments.source(snip, lang).removesuffix("\n")
        assert text == expected, f"{tab.page.url}: the copy button of {name} copies other text"
    return len(copied)


def check_notebook(tab: Tab, lang: str, path: str) -> None:
    topic = path.strip("/").split("/")[-1]
    source = ROOT / "docs" / lang / "notebooks" / f"{topic}.ipynb"
    nb = json.loads(source.read_text(encoding="utf-8"))
    outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"]
               if o["output_type"] == "stream"]
    shown = tab.page.locator(".jp-OutputArea-output")
    if outputs:
        assert shown.count() > 0, f"{tab.page.url}: no cell outputs rendered"
        first = outputs[0]["text"].strip().splitlines()[0].strip()
        assert first in tab.page.locator(".jupyter-wrapper").inner_text(), tab.page.url
    link = tab.page.locator(f"a[href$='{topic}.ipynb']").first
    response = tab.page.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.body() == source.read_bytes(), (
        f"{tab.page.url}: the download link does not give docs/{lang}/notebooks/{topic}.ipynb")


def visit(tab: Tab, lang: str, path: str, problems: list[str], goto: bool = True) -> int:
    """Check the page now shown (after loading it when `goto`); console errors and failed
    requests go to `problems`. Returns the number of copy buttons checked."""
    url = f"{tab.base}/{'en/' if lang == 'en' else ''}{path}"
    if goto:
        response = tab.page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
    assert tab.page.url.split("#")[0] == url
    tab.page.wait_for_function(SEARCH_READY)
    if (lang, path) in SCREENSHOTS:  # before the copy clicks scroll the page
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.page.screenshot(path=SHOTS / f"{SCREENSHOTS[lang, path]}.png")
    copies = check_copy_buttons(tab, lang)
    if path.startswith("notebooks/"):
        check_notebook(tab, lang, path)
    elif copies:  # a topic page links its notebook, in its own language
        href = tab.page.locator(f"article a[href*='notebooks/{path.strip('/')}']").first
        assert href.count(), f"{url}: no link to the topic's notebook"
        target = href.evaluate("a => a.href")
        assert target.split("#")[0].rstrip("/").endswith(
            f"{'/en' if lang == 'en' else ''}/notebooks/{path.strip('/')}"), target
    problems += [f"{url}: {p}" for p in tab.take()]
    return copies


def switch_link(tab: Tab, lang: str) -> str:
    return tab.page.locator(f".md-header .md-select a[hreflang='{lang}']").evaluate(
        "a => a.href")


@pytest.mark.parametrize("shard", range(SHARDS))
def test_pages_load_and_switch_language(tab: Tab, site: Path, shard: int) -> None:
    """Each Chinese page, then a click on its language menu's English entry: the same
    page in English; that page's menu points back. Both are checked as pages."""
    paths = page_paths(site)[shard::SHARDS]
    copies, problems = 0, []
    for i, path in enumerate(paths):
        copies += visit(tab, "zh", path, problems)
        assert switch_link(tab, "zh") == f"{tab.base}/{path}"
        if i == 0:  # a reader's hover and click, on one page a shard (it is slow: the
            # menu's animation); the other pages' menus are the same markup, so following
            # their link shows where each one goes
            tab.page.locator(".md-header .md-select").hover()
            with tab.page.expect_navigation():
                tab.page.locator(".md-header .md-select a[hreflang='en']").click()
        else:
            tab.page.goto(switch_link(tab, "en"), wait_until="load")
        # (the click keeps the section being read: a #fragment, see test_web.py)
        assert tab.page.url.split("#")[0] == f"{tab.base}/en/{path}", (
            f"/{path}: the switch goes elsewhere")
        copies += visit(tab, "en", path, problems, goto=False)
        assert switch_link(tab, "zh") == f"{tab.base}/{path}", f"/en/{path}: switch back"
    print(f"shard {shard}: {len(paths)} page pairs, {copies} copy buttons checked")
    assert not problems, "\n".join(problems)


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
