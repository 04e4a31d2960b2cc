"""The built site's pages in a browser tab: the page checks of tests/test_browser.py and
the axe-core run of tests/test_accessibility.py.

The walk (`walk`) loads each Chinese page of a shard and checks it (no console errors or
failed requests, copy buttons, notebook outputs and downloads), switches to English with
the language menu, checks that page too, and confirms its menu points back.

Axe (`check_axe`) runs as its documentation shows, `axe.run(context, options)`, on the
whole page: in the light scheme with its default rules, in Material's dark scheme (set on
the body's data-md-color-scheme, as its toggle does) with the rules that depend on
colours. By default it checks one page of each kind the site has, in both languages
(`page_kinds`, `axe_paths`); TORCHKB_FULL_WALK=1 makes it check every page.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup
from builtsite import ROOT
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from search_harness import SEARCH_READY

from torchkb.sources import comments
from torchkb.sources.project import Project

SHOTS = ROOT / "test-artifacts" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Chinese pages (with their English pair) per shard; a shard is one test
SHARDS = 4
SCREENSHOTS = {
    ("zh", ""): "zh-home",
    ("en", ""): "en-home",
    ("zh", "tensors/"): "zh-topic",
    ("en", "tensors/"): "en-topic",
    ("zh", "notebooks/tensors/"): "zh-notebook",
    ("en", "notebooks/tensors/"): "en-notebook",
}

# Material's search has started (our worker loaded its meta.json): the last request a page
# makes by itself, so no later request's failure goes unseen, and a fixed event to wait
# for rather than a period of network quiet.
# -- axe ----------------------------------------------------------------------------------
# Material's colour schemes, as its toggle sets them on the body, and the axe rules each is
# checked with: all of axe's default rules on the light one, the rules whose result depends
# on colours on the dark one
SCHEMES = {
    "light": ("default", None),
    "dark": ("slate", ["color-contrast", "link-in-text-block"]),
}
# axe's documented API; the test fails on serious and critical violations only
RUN_AXE = """async (rules) => {
  const options = {resultTypes: ["violations"]};
  if (rules) options.runOnly = {type: "rule", values: rules};
  const result = await axe.run(document, options);
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => ({id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
                first: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)
    }));
}"""
# no colour transitions: axe would read colours halfway through the switch of scheme; and
# every block laid out and painted (blocks off screen wait for a scroll: content-visibility),
# for axe reads the colours behind each text from what is painted there
NO_TRANSITIONS = (
    "*, *::before, *::after { transition: none !important; }"
    " * { content-visibility: visible !important; }"
)

SNIPPETS = {s.path.resolve(): s for s in Project(ROOT).snippets.values()}


def axe_source() -> str | None:
    return AXE.read_text(encoding="utf-8") if AXE.exists() else None


def full_walk() -> bool:
    """TORCHKB_FULL_WALK=1: axe checks every page, not one of each kind."""
    return os.environ.get("TORCHKB_FULL_WALK", "").strip() not in {"", "0"}


class Tab:
    """One browser page, reused; records what went wrong since the last `take()`."""

    def __init__(self, page: Page, base: str) -> None:
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
        # the search worker fetches a small index whole after each page load; leaving the
        # page cancels what is still in flight, which is no failure (a missing file is an
        # HTTP 404, reported by _response)
        if request.failure == "net::ERR_ABORTED" and "/search/kb-" in request.url:
            return
        self.problems.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        out, self.problems = self.problems, []
        return out


def page_paths(site: Path) -> list[str]:
    """Chinese pages as URL paths ("" for home, "tensors/", "notebooks/tensors/", ...)."""
    paths = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in {"en", "assets", "search"}:
            continue
        paths.append("" if rel == "." else rel + "/")
    return paths


def page_kinds(site: Path) -> dict[str, list[str]]:
    """The site's kinds of page, each with its Chinese pages, read from the built site's
    navigation: a nav section that lists only pages (the topics, the notebooks, the raw
    notes: many pages made by one template) is one kind, named after the section; a page
    listed beside sections (home, the error index, claims, tags) is a kind of its own. The
    pages the nav does not list, 404.html, are a kind each."""
    home = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    kinds: dict[str, list[str]] = {}

    def section(ul, name: str | None) -> None:
        items = ul.find_all("li", class_="md-nav__item", recursive=False)
        nested = [li for li in items if "md-nav__item--nested" in li["class"]]
        for li in items:
            if li in nested:
                label = li.find("label", class_="md-nav__link", recursive=False)
                section(li.find("nav").find("ul"), label.get_text(" ", strip=True))
                continue
            href = li.find("a", class_="md-nav__link", recursive=False)["href"]
            path = "" if href == "." else href
            if name is None or nested:  # a page beside sections
                kinds[path or "home"] = [path]
            else:
                kinds.setdefault(name, []).append(path)

    section(home.select_one("nav.md-nav--primary > ul"), None)
    for page in sorted(site.glob("*.html")):
        if page.name != "index.html":
            kinds[page.name] = [page.name]
    return kinds


def html_file(site: Path, path: str) -> Path:
    return site / (path if path.endswith(".html") else f"{path}index.html")


def variety(site: Path, path: str) -> int:
    """How many kinds of element (tag and class) the page has: what its CSS styles."""
    html = html_file(site, path).read_text(encoding="utf-8")
    return len(set(re.findall(r"<(\w+)[^>]*?\sclass=\"([^\"]*)\"", html)))


def axe_paths(site: Path) -> list[str]:
    """The Chinese pages axe checks (each with its English pair): every page when
    `full_walk()`, else of each kind the page with the most kinds of element, so that the
    most of what its template can show is checked (of two alike, the smaller: axe's time
    follows the number of elements)."""
    kinds = page_kinds(site).values()
    if full_walk():
        return sorted(p for pages in kinds for p in pages)

    def choice(path: str) -> tuple:
        return variety(site, path), -html_file(site, path).stat().st_size, path

    return sorted(max(pages, key=choice) for pages in kinds)


def shard_paths(site: Path, shard: int) -> list[str]:
    """The shard's Chinese pages (each with its English pair). Pages are dealt out heaviest
    first, each to the lightest shard so far, weighed by the size of their HTML (the copy
    checks' time follows the number of elements), so the shards take about as long: no
    worker waits on one long shard at the end."""
    shards: list[list[str]] = [[] for _ in range(SHARDS)]
    load = [0] * SHARDS

    def weight(path: str) -> int:
        return sum((site / page / "index.html").stat().st_size for page in (path, f"en/{path}"))

    for path in sorted(page_paths(site), key=lambda p: (-weight(p), p)):
        lightest = load.index(min(load))
        shards[lightest].append(path)
        load[lightest] += weight(path)
    return sorted(shards[shard])


def check_copy_buttons(tab: Tab, lang: str) -> int:
    """Every snippet's block gets its copy button, and what the button copies is the
    snippet's exact text in the page's language (English comments from its topic's
    comments.en.yml). Each block is scrolled to first, as a reader does (Material mounts the
    button then: content.lazy). The first and the last block of the page go through the real
    clipboard (Material's own handler copies, then the clipboard is read back); the blocks
    between, made by the same template, are compared by the text of the code element the
    button copies from (its data-clipboard-target), without the clipboard's round trips.
    Meanwhile the page is drawn transparent: nothing here looks at pixels, so the browser
    need not rasterise each screen the scroll passes."""
    copied = tab.page.evaluate("""async () => {
        const out = [], unseen = document.createElement("style");
        unseen.textContent = "html { opacity: 0 !important; }";
        document.head.append(unseen);
        try {
            const anchors = [...document.querySelectorAll("a[data-snippet]")];
            for (const [i, anchor] of anchors.entries()) {
                const name = anchor.dataset.snippet;
                // the lesson's block: the first code block after the snippet's anchor
                let el = anchor.parentElement.matches("p") ? anchor.parentElement : anchor;
                el = el.nextElementSibling;
                while (el && !el.matches(".highlight, pre")) el = el.nextElementSibling;
                if (el) el.scrollIntoView();
                let button = null;
                for (let k = 0; el && !button && k < 500; k++) {
                    button = el.querySelector("button[data-clipboard-target]");
                    if (!button) await new Promise(resolve => setTimeout(resolve, 10));
                }
                if (!button) { out.push([name, null, "no button"]); continue; }
                const target = document.querySelector(button.dataset.clipboardTarget);
                if (i !== 0 && i !== anchors.length - 1) {
                    out.push([name, target ? target.textContent : null, "text"]);
                    continue;
                }
                await navigator.clipboard.writeText("(nothing copied)");
                let text = "(nothing copied)";
                for (let k = 0; k < 300 && text === "(nothing copied)"; k++) {
                    if (k % 100 === 0) button.click();  // once more if a busy machine lost it
                    else await new Promise(resolve => setTimeout(resolve, 10));
                    text = await navigator.clipboard.readText();  // Material may write it async
                }
                out.push([name, text, "clipboard"]);
            }
        } finally {
            unseen.remove();
        }
        return out;
    }""")
    for name, text, how in copied:
        assert text is not None, f"{tab.page.url}: {name} has no copy button"
        # byte for byte, except the file's final newline, which a code block's text lacks
        snip = SNIPPETS[(ROOT / name).resolve()]
        expected = comments.source(snip, lang).removesuffix("\n")
        assert text.removesuffix("\n") == expected if how == "text" else text == expected, (
            f"{tab.page.url}: the copy button of {name} copies other text ({how}): {text[:120]!r}"
        )
    return len(copied)


# a line of the editor's checks: a module-level assert or the proof verdict (notes/FORMAT.md;
# an assert inside the note's own function is the author's: tests/test_reading_first.py
# tells the two apart by the raw note)
CHECK_LINE = r"^(assert\b|note_claims?_(hold|control)\b)"
VISIBLE_CHECK_LINES = """(pattern) => {
    const line = new RegExp(pattern, "m");
    return [...document.querySelectorAll("pre code")]
        .filter(code => code.checkVisibility() && line.test(code.textContent))
        .map(code => code.textContent.split("\\n").find(l => new RegExp(pattern).test(l)));
}"""


# what overlaps on the page as laid out now: a copy button over the text of a one-line
# code block (of the blocks whose button Material has mounted), a heading's ¶ on a line of
# its own (tests/test_mobile.py checks the same on one page, in more detail)
LAYOUT_PROBLEMS = """() => {
    const out = [];
    for (const code of document.querySelectorAll('.md-typeset .highlight pre > code')) {
        const button = code.parentElement.querySelector('button[data-clipboard-target]');
        if (!button || !code.checkVisibility()) continue;
        if (code.textContent.replace(/\\n$/, '').includes('\\n')) continue;
        const text = document.createRange();
        text.selectNodeContents(code);
        const box = code.getBoundingClientRect(), t = text.getBoundingClientRect();
        const right = Math.min(t.right, box.left + code.clientLeft + code.clientWidth);
        const b = button.getBoundingClientRect();
        const apart = t.bottom <= b.top || b.bottom <= t.top;
        const name = code.textContent.slice(0, 40);
        if (!(right <= b.left || apart)) out.push('copy button over ' + name);
    }
    for (const h of document.querySelectorAll('.md-typeset :is(h2, h3)')) {
        const link = h.querySelector('.headerlink');
        if (!link || !h.firstChild || link === h.firstChild) continue;
        const text = document.createRange();
        text.setStart(h.firstChild, 0);
        text.setEndBefore(link);
        const lines = [...text.getClientRects()].filter(r => r.width > 0);
        if (!lines.length) continue;
        const last = lines[lines.length - 1], mark = link.getBoundingClientRect();
        const name = h.textContent.trim().slice(0, 40);
        const middle = (mark.top + mark.bottom) / 2;  // on the last line: within its box
        if (middle < last.top || middle > last.bottom) out.push('¶ wraps under ' + name);
    }
    return out;
}"""
PHONE = {"width": 390, "height": 844}


def layout_problems(page: Page) -> list[str]:
    """What overlaps on the page now, at 1280 px and again at a phone's 390 px."""
    desktop = page.viewport_size
    found = [f"1280 px: {p}" for p in page.evaluate(LAYOUT_PROBLEMS)]
    page.set_viewport_size(PHONE)
    try:
        found += [f"390 px: {p}" for p in page.evaluate(LAYOUT_PROBLEMS)]
        found += [f"390 px: check line shown: {line}" for line in visible_check_lines(page)]
    finally:
        page.set_viewport_size(desktop)
    return found


def visible_check_lines(page: Page) -> list[str]:
    """Check lines (asserts, verdicts) in code a reader sees without unfolding anything."""
    return page.evaluate(VISIBLE_CHECK_LINES, CHECK_LINE)


def check_notebook(tab: Tab, lang: str, path: str) -> None:
    topic = path.strip("/").split("/")[-1]
    source = ROOT / "docs" / lang / "notebooks" / f"{topic}.ipynb"
    nb = json.loads(source.read_text(encoding="utf-8"))
    outputs = [
        o
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
        if o["output_type"] == "stream"
    ]
    if outputs:  # the cells' recorded outputs, under their code as on the topic page
        shown = tab.page.locator("article .kb-output-name")
        assert shown.count() > 0, f"{tab.page.url}: no cell outputs rendered"
        first = outputs[0]["text"].strip().splitlines()[0].strip()
        # textContent: blocks not yet scrolled near are not rendered (content-visibility)
        assert first in tab.page.locator("article").text_content(), tab.page.url
    link = tab.page.locator(f"a[download][href$='{topic}.ipynb']").first
    response = tab.page.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.body() == source.read_bytes(), (
        f"{tab.page.url}: the download link does not give docs/{lang}/notebooks/{topic}.ipynb"
    )


# the generator's `<!-- snippet: ... -->` comments in the page
SNIPPET_MARKS = """() => {
  const marks = document.createNodeIterator(document, NodeFilter.SHOW_COMMENT);
  let count = 0;
  for (let c = marks.nextNode(); c; c = marks.nextNode())
    if (c.data.startsWith(" snippet: ")) count++;
  return count;
}"""


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
    shown = visible_check_lines(tab.page)
    assert not shown, f"{url}: check lines in unfolded code: {shown[:3]}"
    copies = check_copy_buttons(tab, lang)
    blocks = tab.page.evaluate(SNIPPET_MARKS)  # the generator's mark per block
    assert copies == blocks, f"{url}: {copies} copy buttons checked of {blocks} snippets"
    overlaps = layout_problems(tab.page)
    assert not overlaps, f"{url}: " + "; ".join(overlaps[:5])
    if path.startswith("notebooks/"):
        check_notebook(tab, lang, path)
    elif copies:  # a topic page links its notebook, in its own language
        href = tab.page.locator(f"article a[href*='notebooks/{path.strip('/')}']").first
        assert href.count(), f"{url}: no link to the topic's notebook"
        target = href.evaluate("a => a.href")
        assert (
            target.split("#")[0]
            .rstrip("/")
            .endswith(f"{'/en' if lang == 'en' else ''}/notebooks/{path.strip('/')}")
        ), target
    problems += [f"{url}: {p}" for p in tab.take()]
    return copies


def switch_link(tab: Tab, lang: str) -> str:
    return tab.page.locator(f".md-header .md-select a[hreflang='{lang}']").evaluate("a => a.href")


def check_axe(page: Page, where: str, source: str, scheme: str) -> list[str]:
    """axe on the page now shown, in the colour scheme `scheme` ("light", "dark"): the
    serious and critical violations, one line each, `where` naming the page."""
    page.evaluate("window.scrollTo(0, 0)")  # where the reader lands
    if page.evaluate("typeof axe === 'undefined'"):  # the first check of this page
        page.add_script_tag(content=source)
        page.add_style_tag(content=NO_TRANSITIONS)
    material, rules = SCHEMES[scheme]
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", material)
    return [
        f"{where} ({scheme}): {v['id']} ({v['impact']}) x{v['count']} ({v['help']}) "
        + json.dumps(v["first"], ensure_ascii=False)
        for v in page.evaluate(RUN_AXE, rules)
    ]


@dataclass
class Walk:
    """What a shard's walk found."""

    paths: list[str]
    copies: int = 0
    problems: list[str] = field(default_factory=list)


def walk(tab: Tab, site: Path, shard: int) -> Walk:
    """Each Chinese page of the shard, then a click on its language menu's English entry:
    the same page in English; that page's menu points back. Both are checked as pages.

    A failed check is recorded, not raised, so the walk goes on to the other pages."""
    w = Walk(shard_paths(site, shard))
    tab.take()  # what earlier tests in this tab left is theirs

    def check(where: str, step, *args) -> object:
        try:
            return step(*args)
        except (AssertionError, PlaywrightError) as e:
            w.problems.append(f"{where}: {type(e).__name__}: {str(e).strip()[:2000]}")
            w.problems += [f"{where}: {p}" for p in tab.take()]
            return None

    for i, path in enumerate(w.paths):
        zh, en = f"{tab.base}/{path}", f"{tab.base}/en/{path}"
        w.copies += check(f"/{path}", visit, tab, "zh", path, w.problems) or 0
        check(f"/{path}", check_switch_link, tab, zh, "its own link")
        if i == 0:  # a reader's hover and click, on one page a shard (it is slow: the
            # menu's animation); the other pages' menus are the same markup, so following
            # their link shows where each one goes
            check(f"/{path}", click_english, tab)
        else:
            check(f"/{path}", follow_english, tab)
        # (the click keeps the section being read: a #fragment, see test_web.py)
        if tab.page.url.split("#")[0] != en:
            w.problems.append(f"/{path}: the switch goes to {tab.page.url}, not {en}")
            check(f"/en/{path}", tab.page.goto, en)
        w.copies += check(f"/en/{path}", visit, tab, "en", path, w.problems, False) or 0
        check(f"/en/{path}", check_switch_link, tab, zh, "switch back")
    return w


def click_english(tab: Tab) -> None:
    tab.page.locator(".md-header .md-select").hover()
    with tab.page.expect_navigation():
        tab.page.locator(".md-header .md-select a[hreflang='en']").click()


def follow_english(tab: Tab) -> None:
    tab.page.goto(switch_link(tab, "en"), wait_until="load")


def check_switch_link(tab: Tab, expected: str, what: str) -> None:
    """The language menu's Chinese entry leads to `expected`."""
    got = switch_link(tab, "zh")
    assert got == expected, f"{what}: the language menu's 中文 leads to {got}, not {expected}"
