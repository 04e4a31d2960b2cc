"""What a reader meets on a phone (390×844) and a desktop (1280×900), in Debian chromium
(issue 38): an open fold stays in the column, a lesson's end-of-line comments are on
screen, a paste without a keystroke searches, the claims page is cards with a filter that
works without a script, the error index shows every message whole, grouped by topic, and
the run badges and release folds carry no noise; a notebook's page opens with its lesson,
and every page links its sources, their last commit's date and the commit built.

The styles are in theme/assets/stylesheets/kb.css and reader-pages.css, the paste handler
in theme/assets/javascripts/kb.js, the pages in torchkb/render/.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from builtsite import ROOT
from pagewalk import SHOTS as SHOTS_DIR
from pagewalk import html_file
from playwright.sync_api import Browser, Page
from search_harness import PLACEHOLDERS, SEARCH_READY

from torchkb.sources.ui import strings

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
PREFIX = {"zh": "", "en": "en/"}


@pytest.fixture
def open_page(browser: Browser, base_url: str) -> Iterator:
    """open_page(path, size, lang="zh", script=True) -> a loaded Page in a context of
    that viewport; the contexts close after the test."""
    contexts = []
    SHOTS_DIR.mkdir(parents=True, exist_ok=True)

    def go(path: str, size: str, lang: str = "zh", script: bool = True) -> Page:
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion="reduce",
            java_script_enabled=script,
        )
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{base_url}/{PREFIX[lang]}{path}", wait_until="load")
        return page

    yield go
    for context in contexts:
        context.close()


# what overflows the page, or a box's own scrolling area
PAGE_WIDTH = "() => document.documentElement.scrollWidth"
# each element matched, with how far its code runs past its visible area. Blocks far from
# the viewport are not laid out (content-visibility: auto) until a reader scrolls near;
# made visible all at once here, each is laid out as it is then, without a scroll per block.
OVERFLOWS = """(selector) => {
  const all = document.createElement('style');
  all.textContent = '* { content-visibility: visible !important; }';
  document.head.append(all);
  try {
    return [...document.querySelectorAll(selector)].map(el => {
      const box = el.getBoundingClientRect();
      return {text: el.textContent.slice(0, 60), right: box.right,
              hidden: el.scrollWidth - el.clientWidth,
              page: document.documentElement.scrollWidth};
    });
  } finally {
    all.remove();
  }
}"""


@pytest.mark.parametrize("size", SIZES)
def test_open_folds_stay_in_the_column(open_page, size: str) -> None:
    """Every "How this was checked" and other-releases fold open on the GPU page (the one
    with the longest check lines): the page keeps the viewport's width, each fold ends at
    the article column's edge, and its code scrolls inside it."""
    page = open_page("gpu/", size)
    count = page.evaluate(
        "() => { const d = document.querySelectorAll('details.kb-check');"
        " d.forEach(e => e.open = true); return d.length }"
    )
    assert count >= 20
    column = page.evaluate(
        "() => { const a = document.querySelector('article.md-content__inner');"
        " return a.getBoundingClientRect().right }"
    )
    found = page.evaluate(OVERFLOWS, "details.kb-check")
    width = SIZES[size][0]
    wide = [f for f in found if f["right"] > column + 1 or f["page"] > width]
    assert not wide, f"{len(wide)} folds run past the column ({column}px): {wide[:3]}"
    assert page.evaluate(PAGE_WIDTH) <= width
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SHOTS_DIR / f"zh-gpu-folds-open-{size}.png")


# a lesson block: the code right after a snippet's anchor (and its "by the editor" label)
LESSON = (
    "p:has(> a[data-snippet]) + div.highlight pre > code, "
    "p:has(> a[data-snippet]) + .kb-code-name + div.highlight pre > code"
)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lesson_comments_are_on_screen(open_page, size: str, lang: str) -> None:
    """A lesson's end-of-line comment is not cut off at the column's edge: no lesson block
    on the tensors page hides text past its width (they wrap); the copy button still
    copies the lines unwrapped (tests/pagewalk.py compares them with the files)."""
    page = open_page("tensors/", size, lang)
    found = page.evaluate(OVERFLOWS, LESSON)
    assert len(found) >= 20
    cut = [f for f in found if f["hidden"] > 1]
    assert not cut, f"{len(cut)} of {len(found)} lesson blocks cut off: {cut[:3]}"
    assert page.evaluate(PAGE_WIDTH) <= SIZES[size][0]


@pytest.mark.parametrize("size", SIZES)
def test_a_paste_without_a_keystroke_searches(open_page, size: str) -> None:
    """A right-click paste or a phone's long-press paste changes the search box with an
    `input` event and no key: the results still come."""
    page = open_page("", size)
    opener = page.locator("label.md-header__button[for='__search']")
    if opener.is_visible():  # a phone: the search box opens as an overlay
        opener.click()
    box = page.locator(".md-search__input")
    box.click()
    page.wait_for_function(SEARCH_READY, timeout=15000)
    page.evaluate(
        """(text) => {
        const box = document.querySelector('.md-search__input');
        box.value = text;
        box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste',
                                                   data: text}));
    }""",
        "RuntimeError: CUDA error: device-side assert triggered",
    )
    page.wait_for_function(
        """(ph) => { const m = document.querySelector('.md-search-result__meta');
        return !new RegExp(ph, 'i').test(m.textContent)
          && document.querySelectorAll('.md-search-result__item').length > 0 }""",
        arg=PLACEHOLDERS.pattern,
        timeout=15000,
    )


# -- the claims page -----------------------------------------------------------------------

VISIBLE_CLAIMS = """() => [...document.querySelectorAll('.kb-claim')]
  .filter(e => e.checkVisibility()).map(e => ({cls: e.className,
    topic: e.closest('.kb-claims-topic').dataset.topic}))"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_claims_page_reads_on_a_phone(open_page, lang: str) -> None:
    """On a phone the page keeps its width, each claim is a card as wide as the column
    (no five columns in 358 px), and its title is the home card's."""
    page = open_page("claims/", "phone", lang)
    assert page.evaluate(PAGE_WIDTH) <= 390
    title = page.locator("article h1").inner_text().replace("¶", "").strip()
    assert title == strings(lang)["home"]["claims_title"]
    widths = page.evaluate(
        "() => [...document.querySelectorAll('.kb-claim')].map(e => e.getBoundingClientRect())"
        ".map(b => [b.left, b.right])"
    )
    assert len(widths) > 50
    narrow = [w for w in widths if w[1] - w[0] < 340 or w[1] > 390]
    assert not narrow, narrow[:3]
    page.screenshot(path=SHOTS_DIR / f"{lang}-claims-phone.png")


def test_correction_is_never_hyphenated(open_page) -> None:
    """ "Correction", the result of 41 claims, is one word on one line, at both widths."""
    for size in SIZES:
        page = open_page("claims/", size, "en")
        # every card laid out now (off-screen ones wait for the scroll: content-visibility)
        page.add_style_tag(content=".md-typeset .kb-claim { content-visibility: visible; }")
        broken = page.evaluate("""() => {
            const out = [];
            const it = document.createNodeIterator(
                document.querySelector('article'), NodeFilter.SHOW_TEXT);
            for (let n = it.nextNode(); n; n = it.nextNode()) {
                const at = n.textContent.indexOf('Correction');
                if (at < 0 || !n.parentElement.checkVisibility()) continue;
                const r = document.createRange();
                r.setStart(n, at); r.setEnd(n, at + 'Correction'.length);
                if (r.getClientRects().length !== 1) out.push(n.textContent.slice(0, 40));
            }
            return out;
        }""")
        assert not broken, f"{size}: {broken[:3]}"


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_claims_filter_shows_corrections_or_one_topic(open_page, script: bool) -> None:
    """Everything shows first; "Correction" leaves only the corrections; a topic leaves
    only its cards; both at once, both. Radio buttons and CSS: the same with no script."""
    page = open_page("claims/", "phone", "en", script=script)
    every = page.evaluate(VISIBLE_CLAIMS)
    assert len(every) == page.locator(".kb-claim").count() > 50
    page.locator("label[for='kb-kind-corrected']").click()
    shown = page.evaluate(VISIBLE_CLAIMS)
    assert shown and all("kb-claim-corrected" in c["cls"] for c in shown)
    assert len(shown) == page.locator(".kb-claim.kb-claim-corrected").count() < len(every)
    page.locator("label[for='kb-topic-gpu']").click()
    shown = page.evaluate(VISIBLE_CLAIMS)
    assert shown and all(c["topic"] == "gpu" and "corrected" in c["cls"] for c in shown)
    # no heading of a topic left empty by the filter
    headings = page.evaluate(
        "() => [...document.querySelectorAll('.kb-claims-topic h2')]"
        ".filter(e => e.checkVisibility()).length"
    )
    assert headings == 1
    page.locator("label[for='kb-kind-all']").click()
    shown = page.evaluate(VISIBLE_CLAIMS)
    assert len(shown) == page.locator(".kb-claims-topic[data-topic=gpu] .kb-claim").count()


# -- the error index -----------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_error_messages_are_shown_whole_and_grouped(open_page, size: str, lang: str) -> None:
    """Each message's heading is its whole first line (not cut at "..."), and every code
    block of the page shows its whole text (wrapped: nothing past its edge); the entries
    are grouped under their topics."""
    page = open_page("errors/", size, lang)
    assert page.evaluate(PAGE_WIDTH) <= SIZES[size][0]
    entries = page.evaluate("""() => [...document.querySelectorAll('h3[id^="error-"]')]
      .map(h => {
        let code = h.nextElementSibling;
        while (code && !code.matches('div.highlight')) code = code.nextElementSibling;
        const group = h.previousElementSibling && [...document.querySelectorAll('h2')]
          .filter(g => g.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
        return {heading: h.textContent.replace('¶', '').trim(),
                first: code.querySelector('code').textContent.split('\\n')[0].trim(),
                clipped: h.scrollWidth - h.clientWidth, group: group && group.id};
      })""")
    assert len(entries) >= 20
    for entry in entries:
        assert entry["heading"] == entry["first"], entry
        assert entry["clipped"] <= 1, entry
    groups = {e["group"] for e in entries}
    assert len(groups) >= 4 and None not in groups, groups
    found = page.evaluate(OVERFLOWS, "article div.highlight pre > code")
    cut = [f for f in found if f["hidden"] > 1]
    assert not cut, f"{len(cut)} message blocks cut off: {cut[:3]}"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SHOTS_DIR / f"{lang}-errors-{size}.png")


# -- trust signals -------------------------------------------------------------------------


def test_a_cuda_build_string_is_no_release_difference(open_page) -> None:
    """gpu/device_backends prints torch.version.cuda: "13.2" on the CUDA wheels of other
    releases, None on the CPU build the page shows. That is no difference of torch: the
    fold lists only 1.13.0 (which has no torch.xpu); the badge's details are one short line
    per device and release, shown as lines."""
    page = open_page("gpu/", "desktop", "en")
    block = page.locator("a[data-snippet='snippets/gpu/device_backends.py']")
    foot = page.locator(
        "xpath=//a[@data-snippet='snippets/gpu/device_backends.py']"
        "/following::div[contains(@class, 'kb-foot')][1]"
    )
    assert block.count() == 1
    summary = foot.locator("details.kb-releases > summary").inner_text()
    assert "1.13.0" in summary and "2.15.0" not in summary and "2.14.1" not in summary
    badge = foot.locator("a.kb-badge")
    lines = badge.get_attribute("title").split("\n")
    assert 3 <= len(lines) <= 8, lines
    assert all(len(line) <= 90 for line in lines), lines
    assert "torch 2.15.0: same output" in lines
    badge.scroll_into_view_if_needed()
    badge.hover()
    tip = page.locator(".md-tooltip2__inner").last
    tip.wait_for(state="visible")
    assert len(tip.inner_text().strip().split("\n")) == len(lines)


# -- 6: a notebook's page opens with the lesson ------------------------------------------
# what the setup machinery reads like: none of it may be on the page unfolded
SETUP_WORDS = ["%%snippet", "register_cell_magic", "input_transformers", "def run_snippet_cell"]
VISIBLE_CODE = """(words) => [...document.querySelectorAll('article pre')]
  .filter(pre => pre.checkVisibility())
  .map(pre => pre.innerText)
  .filter(text => words.some(word => text.includes(word)))"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_notebook_page_opens_with_the_lesson(open_page, size: str, lang: str) -> None:
    """A notebook's page opens as its notebook does: the title, Colab and the download,
    the topic's summary, then the first section on the first screen, its first code cell
    the snippet file itself. The setup cell is folded and no code cell starts with a
    magic line."""
    page = open_page("notebooks/tensors/", size, lang)
    page.screenshot(path=SHOTS_DIR / f"{lang}-notebook-top-{size}.png")
    assert not page.evaluate(VISIBLE_CODE, SETUP_WORDS), "setup code shown unfolded"
    first_section = page.locator("article h2").first.bounding_box()
    assert first_section and first_section["y"] < SIZES[size][1], first_section
    blocks = page.locator("article div.highlight:visible pre")
    assert blocks.count() > 10
    assert not [t for t in blocks.all_inner_texts() if t.lstrip().startswith("%")]
    fold = page.locator("article details.kb-setup")
    assert fold.count() == 1 and fold.get_attribute("open") is None
    fold.locator("summary").click()
    assert page.evaluate(VISIBLE_CODE, ["input_transformers"]), "the setup, unfolded"
    links = [a.get_attribute("href") for a in page.locator("article a").all()[:4]]
    assert any("colab.research.google.com" in (h or "") for h in links), links


# -- 9: where a page comes from -----------------------------------------------------------
REPO = "https://github.com/torchkb/pytorch-notes"


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


def last_commit_date(paths: list[str]) -> str:
    """What git says: the date of the last commit touching any of `paths`, or "" where the
    history can't say (not a repository, a shallow clone)."""
    if _git("rev-parse", "--is-shallow-repository") != "false":
        return ""
    return _git("log", "-1", "--format=%as", "--", *paths)


# (page, its sources, the file its edit button opens or None)
SOURCES = [
    ("", ["notes/topics/", "notes/claims/", "verification/"], None),
    ("tensors/", ["notes/topics/tensors.yml", "snippets/tensors/"], "notes/topics/tensors.yml"),
    ("notebooks/gpu/", ["notes/topics/gpu.yml", "snippets/gpu/"], "notes/topics/gpu.yml"),
    ("claims/", ["notes/claims/", "verification/"], None),
    ("errors/", ["notes/errors.yml", "verification/"], "notes/errors.yml"),
]


def built_page(site: Path, lang: str, path: str) -> BeautifulSoup:
    """A page of the built site as its HTML stands (what is written, not laid out)."""
    file = html_file(site / PREFIX[lang], path)
    return BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize(
    ("path", "sources", "edit"), SOURCES, ids=[p or "home" for p, *_ in SOURCES]
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page_links_its_sources_with_their_date(
    site: Path, path: str, sources: list[str], edit: str | None, lang: str
) -> None:
    """Material's edit button opens the file the page is generated from (not the
    generated docs/ page); the page's foot links every source in the repository and
    gives the date of their last commit, as git's history says. (What it is in the built
    HTML: the foot's place on a phone is test_lesson_comments_are_on_screen's page width.)"""
    page = built_page(site, lang, path)
    button = page.select("article a[rel=edit]")
    if edit:
        assert [a["href"] for a in button] == [f"{REPO}/edit/main/{edit}"]
    else:
        assert not button
    foot = page.select("article aside.kb-sources")
    assert len(foot) == 1
    hrefs = [a["href"] for a in foot[0].select("a")]
    assert hrefs == [f"{REPO}/{'tree' if s.endswith('/') else 'blob'}/main/{s}" for s in sources]
    date = last_commit_date(sources)
    shown = foot[0].select("time")
    if date:
        assert [(t["datetime"], t.get_text()) for t in shown] == [(date, date)]
    else:
        assert not shown


@pytest.mark.parametrize("path", ["", "tensors/", "notebooks/tensors/", "404.html"])
def test_footer_names_the_commit_built(site: Path, path: str) -> None:
    """Every page's footer names the commit the site was built from, linked, with its
    date, and says when the tree had changes not committed yet."""
    page = built_page(site, "zh", path)
    head = _git("rev-parse", "HEAD")
    stamp = page.select("footer .kb-build")
    assert len(stamp) == 1
    link = stamp[0].select("a")
    assert [a.get_text() for a in link] == [head[:7]]
    assert link[0]["href"] == f"{REPO}/commit/{head}"
    text = stamp[0].get_text()
    assert _git("log", "-1", "--format=%as", head) in text
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    words = strings("zh")["site"]["local_changes"].strip("，")
    assert (words in text) == dirty
