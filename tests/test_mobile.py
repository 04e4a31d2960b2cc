"""Nothing overlaps, on a phone (390×844) and a desktop (1280×800), in both languages, on a
topic page, measured as bounding boxes in Debian chromium:

- the search box's text area ends before its share and reset icons (a typed query);
- the copy button does not cover the text of a one-line code block (an error line);
- a heading's ¶ permalink sits on the heading's last line;
- a snippet's file-name bar is as wide as its code block;
- English text names a Latin font first, and is drawn in one (not a CJK font, whose ’ is
  full-width).

The fixes are in theme/assets/stylesheets/kb.css.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

# debugging: one-line error outputs longer than a phone's width, long headings in both
# languages, snippet file-name bars
PAGE = "debugging/"
SIZES = [(390, 844), (1280, 800)]
LANGS = ["zh", "en"]
QUERY = "RuntimeError: CUDA error: device-side assert triggered"
CJK_FONTS = ("CJK", "Noto Sans SC", "Source Han", "PingFang", "Hiragino", "YaHei", "SimSun")


@pytest.fixture(scope="module", params=[(w, h, lang) for w, h in SIZES for lang in LANGS], ids=str)
def loaded(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Page]:
    """One tab per size and language, shared by the tests (each a read of the laid-out
    page): a page load per combination, not per test."""
    width, height, lang = request.param
    context = browser.new_context(
        viewport={"width": width, "height": height}, reduced_motion="reduce"
    )
    try:
        tab = context.new_page()
        prefix = "" if lang == "zh" else "en/"
        tab.goto(f"{base_url}/{prefix}{PAGE}", wait_until="load")
        yield tab
    finally:
        context.close()


@pytest.fixture
def page(loaded: Page) -> Iterator[Page]:
    """The shared tab on PAGE as loaded; a test that typed into it or left it is followed
    by a fresh load."""
    home = loaded.url
    yield loaded
    if loaded.url != home or loaded.evaluate("document.querySelector('.md-search__input').value"):
        loaded.goto(home, wait_until="load")


def test_search_text_stays_clear_of_its_icons(page: Page) -> None:
    opener = page.locator("label.md-header__button[for='__search']")
    if opener.is_visible():  # a phone: the search box opens as an overlay
        opener.click()
    search = page.locator(".md-search__input")
    search.click()
    search.fill(QUERY)
    # the reset icon fades in once there is a query
    page.wait_for_function(
        "[...document.querySelectorAll('.md-search__options > *')]"
        ".every(e => getComputedStyle(e).opacity === '1')"
    )
    found = page.evaluate("""() => {
        const input = document.querySelector('.md-search__input');
        const style = getComputedStyle(input), box = input.getBoundingClientRect();
        const textRight = box.right - parseFloat(style.paddingRight)
            - parseFloat(style.borderRightWidth);
        const icons = [...document.querySelectorAll('.md-search__options > *')]
            .map(e => [e.getAttribute('title') || e.tagName, e.getBoundingClientRect().left]);
        return {textRight, icons};
    }""")
    assert len(found["icons"]) == 2, found  # share and reset
    for name, left in found["icons"]:
        assert found["textRight"] <= left, f"the typed query runs under {name}: {found}"


def test_copy_button_leaves_one_line_code_visible(page: Page) -> None:
    found = page.evaluate("""async () => {
        const out = [];
        for (const code of document.querySelectorAll('.md-typeset .highlight pre > code')) {
            if (code.textContent.replace(/\\n$/, '').includes('\\n')) continue;
            if (!code.checkVisibility()) continue;  // in a folded block: no button until opened
            code.scrollIntoView({block: 'center'});
            let button = null;  // Material mounts it when the block is first seen
            for (let i = 0; !button && i < 300; i++) {
                button = code.parentElement.querySelector('button[data-clipboard-target]');
                if (!button) await new Promise(r => setTimeout(r, 10));
            }
            const text = document.createRange();
            text.selectNodeContents(code);
            const box = code.getBoundingClientRect(), t = text.getBoundingClientRect();
            // text is drawn inside the code's scrolling area (its padding box) only
            const visibleRight = Math.min(t.right, box.left + code.clientLeft + code.clientWidth);
            const b = button && button.getBoundingClientRect();
            out.push({text: code.textContent.slice(0, 50), visibleRight, top: t.top,
                      bottom: t.bottom, button: b && {left: b.left, top: b.top, bottom: b.bottom},
                      overflows: t.right > box.right});
        }
        return out;
    }""")
    assert found, f"{PAGE} has no one-line code block to check"
    assert any(f["overflows"] for f in found) or page.viewport_size["width"] > 400
    for block in found:
        button = block["button"]
        assert button, f"no copy button on {block['text']!r}"
        beside = block["visibleRight"] <= button["left"]
        apart = block["bottom"] <= button["top"] or button["bottom"] <= block["top"]
        assert beside or apart, f"the copy button covers the text of {block}"


def test_heading_permalink_stays_on_the_last_line(page: Page) -> None:
    wrapped = page.evaluate("""() => {
        const out = [];
        for (const h of document.querySelectorAll('.md-typeset :is(h2, h3)')) {
            const link = h.querySelector('.headerlink');
            if (!link || !h.firstChild) continue;
            const text = document.createRange();
            text.setStart(h.firstChild, 0);
            text.setEndBefore(link);
            const lines = [...text.getClientRects()].filter(r => r.width > 0);
            const last = lines[lines.length - 1], mark = link.getBoundingClientRect();
            const height = Math.round(h.getBoundingClientRect().height);
            const name = h.textContent.slice(0, 50);
            if (Math.abs(mark.bottom - last.bottom) > 4) out.push([name, height]);
        }
        return out;
    }""")
    assert not wrapped, f"¶ on a line of its own under: {wrapped}"


def test_one_line_heading_is_one_line_tall(page: Page) -> None:
    """The bug as a reader saw it, on English pages: an h2 whose words fit on one line is
    one line tall (on the tensors page: the debugging page's headings are long)."""
    if page.evaluate("document.documentElement.lang") != "en":
        pytest.skip("Chinese headings on a phone are all longer than a line")
    page.goto(page.url.replace(PAGE, "tensors/"), wait_until="load")
    heights = page.evaluate("""() => [...document.querySelectorAll('.md-typeset h2')].map(h => {
        const link = h.querySelector('.headerlink'), text = document.createRange();
        text.setStart(h.firstChild, 0);
        text.setEndBefore(link);
        const rects = [...text.getClientRects()].filter(r => r.width > 0);
        const line = parseFloat(getComputedStyle(h).lineHeight);
        // the words' own extent: a CJK and a Latin run on one line differ by a few px
        const words = Math.max(...rects.map(r => r.bottom)) - Math.min(...rects.map(r => r.top));
        return [words < line * 1.5, h.getBoundingClientRect().height, line];
    })""")
    one_line = [(h, line) for fits, h, line in heights if fits]
    assert one_line
    for height, line in one_line:
        assert height < 1.5 * line, f"a one-line h2 is {height} px tall (a line: {line} px)"


def test_snippet_name_bar_is_as_wide_as_its_code(page: Page) -> None:
    """The bars over a block (its output's label, "the editor's example") span its code."""
    pairs = page.evaluate(
        """() => [...document.querySelectorAll(BARS)].map(n => {
        let code = n.nextElementSibling;
        while (code && !code.matches('.highlight')) code = code.nextElementSibling;
        const a = n.getBoundingClientRect(), b = code.querySelector('pre').getBoundingClientRect();
        return [n.textContent, a.left, a.right, b.left, b.right];
    })""".replace("BARS", "'.kb-output-name, .kb-code-name'")
    )
    assert pairs
    for name, left, right, code_left, code_right in pairs:
        assert abs(left - code_left) <= 1 and abs(right - code_right) <= 1, (
            f"{name}: bar {left}..{right}, code {code_left}..{code_right}"
        )


def test_english_is_set_in_a_latin_font(page: Page) -> None:
    if page.evaluate("document.documentElement.lang") != "en":
        pytest.skip("a Chinese page: its text is set CJK first on purpose")
    family = page.evaluate("getComputedStyle(document.querySelector('.md-typeset p')).fontFamily")
    # Material's placeholder `_` (a font no machine has) stands for a font from mkdocs.yml
    first = [f.strip().strip('"') for f in family.split(",") if f.strip() != "_"][0]
    assert not any(c in first for c in CJK_FONTS) and first not in {"sans-serif", "serif"}, family
    # and the font chromium draws an English paragraph with (the DevTools protocol)
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = session.send("DOM.querySelector", {"nodeId": root, "selector": ".md-typeset p"})
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    used = [f["familyName"] for f in fonts]
    assert used and not any(c in used[0] for c in CJK_FONTS), used
    # drawn with a font the stack names, not one a generic family happened to resolve to
    # (which follows the machine's settings, and may be a CJK font)
    named = [f.strip().strip('"') for f in family.split(",")]
    assert any(used[0].startswith(f) for f in named if f not in {"_", "sans-serif"}), used
