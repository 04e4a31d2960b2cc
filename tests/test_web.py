"""The site as the web expects it: findable (absolute sitemap of both languages with the
notebooks, canonical links, hreflang alternates with x-default in the head, a title and a
description of its own on every page), a 404 page per language that works where GitHub
Pages serves the site (under /<repo>/), the language switch keeping the reader's place,
and raw-note pages that wrap their long lines."""

import json
import re
import urllib.parse
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from builtsite import ROOT, serve, site_url

SHOTS = ROOT / "test-artifacts" / "screenshots"
SITE_URL = site_url()
PREFIX = urllib.parse.urlsplit(SITE_URL).path or "/"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def pages(site: Path) -> dict[str, str]:
    """URL path below site_url ("", "en/gpu/", ...) -> HTML, for every built page."""
    found = {}
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in {"assets", "search"}:
            continue
        found["" if rel == "." else rel + "/"] = index.read_text(encoding="utf-8")
    return found


def head(html: str) -> str:
    return html[: html.index("</head>")]


def test_site_url_is_a_subpath() -> None:
    """The default site_url is the GitHub Pages project site: served under /<repo>/, which
    every browser test below reproduces."""
    assert SITE_URL.startswith("https://") and SITE_URL.endswith("/"), SITE_URL
    assert PREFIX.strip("/"), f"site_url {SITE_URL} has no path: nothing tests a subpath"


def test_sitemap_lists_every_page_absolutely(site: Path) -> None:
    tree = ET.parse(site / "sitemap.xml")
    locs = [loc.text or "" for loc in tree.iterfind("s:url/s:loc", NS)]
    assert all(loc.startswith(SITE_URL) for loc in locs), [
        x for x in locs if not x.startswith(SITE_URL)
    ][:5]
    built = set(pages(site))
    listed = {loc[len(SITE_URL) :] for loc in locs}
    assert listed == built, (
        f"not in the sitemap: {sorted(built - listed)[:8]}; not built: {sorted(listed - built)[:8]}"
    )
    assert any(p.startswith("en/notebooks/") for p in listed)
    for url in tree.iterfind("s:url", NS):
        langs = {a.get("hreflang"): a.get("href") for a in url.iterfind("x:link", NS)}
        assert set(langs) >= {"zh", "en"}, url.findtext("s:loc", namespaces=NS)
        assert all(h.startswith(SITE_URL) for h in langs.values()), langs


def test_canonical_and_alternates(site: Path) -> None:
    problems = []
    for path, html in pages(site).items():
        top = head(html)
        canonical = re.findall(r'<link rel="canonical" href="([^"]*)"', top)
        if canonical != [SITE_URL + path]:
            problems.append(f"/{path}: canonical {canonical}")
        alternates = dict(
            (lang, href)
            for href, lang in re.findall(
                r'<link rel="alternate" href="([^"]*)" hreflang="([^"]*)"', top
            )
        )
        other = path.removeprefix("en/")
        expected = {
            "zh": SITE_URL + other,
            "en": SITE_URL + "en/" + other,
            "x-default": SITE_URL + other,
        }
        if alternates != expected:
            problems.append(f"/{path}: alternates {alternates}")
    assert not problems, "\n".join(problems[:10])


def test_titles_and_descriptions_are_unique(site: Path) -> None:
    titles, descriptions = Counter(), Counter()
    for html in pages(site).values():
        top = head(html)
        titles[re.search(r"<title>([^<]*)</title>", top).group(1)] += 1
        descriptions[re.search(r'<meta name="description" content="([^"]*)"', top).group(1)] += 1
    assert [t for t, n in titles.items() if n > 1] == []
    assert [d for d, n in descriptions.items() if n > 1] == []
    names = [t.split(" - ")[0] for t in titles]
    assert len(names) == len(set(names)), "a title repeats the site name"


def test_404_page_per_language(site: Path) -> None:
    for rel, lang in (("404.html", "zh"), ("en/404.html", "en")):
        html = (site / rel).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, rel
        # served at any depth: every site link starts with site_url's path
        links = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
        local = [u for u in links if not u.startswith(("http", "javascript:", "data:"))]
        assert local and all(u.startswith(PREFIX) for u in local), [
            u for u in local if not u.startswith(PREFIX)
        ][:5]
        # the language menu leads to each language's home, not to some page built last
        menu = dict(
            (lang, href)
            for href, lang in re.findall(
                r'<a href="([^"]*)" hreflang="([^"]*)" class="md-select__link"', html
            )
        )
        assert menu == {"zh": PREFIX, "en": PREFIX + "en/"}, (rel, menu)


def test_no_link_to_a_broken_or_private_address(site: Path) -> None:
    """The raw note keeps the author's links as written; a page links none that cannot
    work for a reader: an address ending in a non-breaking space (`%C2%A0`, glued to it
    in the note) or the author's CSDN writing console. Each is an editor's correction."""
    bad = []
    for path, html in pages(site).items():
        for href in re.findall(r'<a\b[^>]*\bhref="([^"]*)"', html):
            url = urllib.parse.unquote(href)
            if url.endswith("\xa0") or "mp.csdn.net/console" in url:
                bad.append(f"/{path}: {href}")
    assert not bad, "\n".join(bad[:10])
    for path in ("environment/", "en/environment/"):
        html = (site / path / "index.html").read_text(encoding="utf-8")
        at = html.index("mp.csdn.net/console")
        assert 'class="admonition editor' in html[at - 2000 : at], (
            f"/{path}: the console address is not in an editor's note"
        )


_SECTION_IDS = re.compile(r'<h([23]) id="([^"]*)"')


def test_notebook_heading_ids_are_their_topic_pages(site: Path) -> None:
    """A notebook's sections have its topic page's ids, the same in both languages, so the
    language switch keeps the section there too."""
    for nb in sorted(site.glob("notebooks/*/index.html")):
        topic = nb.parent.name
        ids = {}
        for lang, root in (("zh", site), ("en", site / "en")):
            html = (root / "notebooks" / topic / "index.html").read_text(encoding="utf-8")
            ids[lang] = [i for _, i in _SECTION_IDS.findall(html[html.index("<article") :])]
            page = (root / topic / "index.html").read_text(encoding="utf-8")
            sections = [i for level, i in _SECTION_IDS.findall(page) if level == "2"]
            missing = [i for i in sections if i not in ids[lang]]
            assert sections and not missing, f"{lang} notebook {topic}: lacks ids {missing[:3]}"
        assert ids["zh"] == ids["en"], f"notebook {topic}: ids differ between the languages"


# -- in a browser, served under site_url's path as GitHub Pages serves it ---------------


@pytest.fixture(scope="module")
def hosted(site: Path) -> Iterator[str]:
    with serve(site, prefix=PREFIX) as url:
        yield url


@pytest.fixture(scope="module")
def context(browser):
    # no transitions (Material's reduced-motion CSS): fewer frames drawn, as in conftest's tab
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    yield context
    context.close()


@pytest.fixture
def page(context, hosted: str):
    failed: list[str] = []
    tab = context.new_page()
    # a request the page's own navigation cancels (the search worker still fetching its
    # index when the reader switches language) is aborted, not failed
    tab.on(
        "requestfailed",
        lambda r: (
            None
            if r.failure == "net::ERR_ABORTED"
            else failed.append(f"failed: {r.url} ({r.failure})")
        ),
    )
    tab.on(
        "response",
        lambda r: (
            failed.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 and r.request.resource_type != "document"
            else None
        ),
    )
    tab.on(
        "console",
        lambda m: (
            failed.append(f"console: {m.text}")
            if m.type == "error" and "404" not in m.text
            else None
        ),
    )
    tab.failed = failed
    yield tab
    tab.close()


@pytest.mark.parametrize("missing", ["no/such/page/", "en/no/such/page/"])
def test_missing_page_renders_styled(page, hosted: str, missing: str) -> None:
    response = page.goto(f"{hosted}/{missing}", wait_until="load")
    assert response is not None and response.status == 404
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    assert header == "rgb(179, 48, 0)", f"/{missing}: unstyled page (header {header})"
    logo = page.evaluate(
        "document.querySelector('.md-header__button.md-logo').getBoundingClientRect().height"
    )
    assert logo < 60, f"/{missing}: a giant logo, the stylesheet did not load"
    assert "404" in page.locator("article h1").inner_text()
    assert page.locator("article a[href$='/en/']").count() == 1
    assert not page.failed, page.failed


def switch_language_at(page, element_id: str, lang: str) -> None:
    """Scroll to the element (the reader's place, not a link), then switch to `lang`
    through the header's language menu."""
    page.evaluate(f"document.getElementById({element_id!r}).scrollIntoView()")
    page.locator(".md-header .md-select").hover()
    with page.expect_navigation():
        page.locator(f".md-header .md-select a[hreflang='{lang}']").click()


def test_head_keeps_alternates_and_switch_keeps_section(page, hosted: str) -> None:
    """The language switch lands on the same section (h2 and h3 ids are the same in both
    languages); the head's hreflang links stay after Material has started."""
    page.goto(f"{hosted}/gpu/#gpu-memory-only-grows", wait_until="load")
    page.wait_for_function("document.querySelectorAll('head link[rel=alternate]').length == 3")
    page.locator(".md-header .md-select").hover()
    with page.expect_navigation():
        page.locator(".md-header .md-select a[hreflang='en']").click()
    assert page.url == f"{hosted}/en/gpu/#gpu-memory-only-grows"
    # an h3, scrolled to rather than linked: the switch finds where the reader is
    h3 = page.locator("article h3[id]").nth(2)
    h3_id = h3.get_attribute("id")
    # the page as loaded without the #fragment (which the switch would keep instead), with
    # no second load of it
    page.evaluate("history.replaceState(null, '', location.pathname)")
    assert page.url == f"{hosted}/en/gpu/"
    switch_language_at(page, h3_id, "zh")
    assert page.url == f"{hosted}/gpu/#{h3_id}"
    top = page.evaluate(f"document.getElementById({h3_id!r}).getBoundingClientRect().top")
    assert 0 <= top < 200, f"the Chinese page is not at {h3_id} (top {top})"
    assert not page.failed, page.failed


def test_switch_keeps_section_on_notebook_pages(page, hosted: str) -> None:
    page.goto(f"{hosted}/notebooks/gpu/", wait_until="load")
    h3 = page.locator("article h3[id]").nth(3)
    h3_id = h3.get_attribute("id")
    switch_language_at(page, h3_id, "en")
    assert page.url == f"{hosted}/en/notebooks/gpu/#{h3_id}"
    top = page.evaluate(f"document.getElementById({h3_id!r}).getBoundingClientRect().top")
    assert 0 <= top < 200, f"the English notebook is not at {h3_id} (top {top})"
    assert not page.failed, page.failed


@pytest.mark.parametrize("width", [1280, 390])
def test_raw_note_lines_wrap(page, hosted: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{hosted}/raw/003_72c1394ea078b9f8/", wait_until="load")
    wide = page.evaluate("""() => { const code = document.querySelector('.kb-raw > code');
        const lines = [...code.querySelectorAll('.kb-line')];
        return {lines: lines.length, code: code.scrollWidth - code.clientWidth,
                page: document.documentElement.scrollWidth - innerWidth,
                wide: lines.filter(l => l.getBoundingClientRect().width > code.clientWidth)
                           .length} }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"raw-note-{width}.png")
    assert wide["lines"] > 100
    assert wide == {**wide, "code": 0, "page": 0, "wide": 0}, wide


def test_no_emoji_glyphs_and_chinese_skip_reasons() -> None:
    """Icons, not emoji (no emoji font on many machines: tofu boxes); a Chinese page says
    why a snippet did not run in Chinese."""
    emoji = re.compile("[\u2600-\u27bf\U0001f300-\U0001faff]\ufe0f?")
    for page in sorted((ROOT / "docs").glob("*/**/*.md")) + sorted(
        (ROOT / "docs").glob("*/notebooks/*.ipynb")
    ):
        text = page.read_text(encoding="utf-8")
        # what a program printed is shown as printed (torch.onnx's exporter prints ✅): a
        # page's output blocks and a notebook's cell outputs are left out
        if page.suffix == ".ipynb":
            cells = json.loads(text)["cells"]
            text = json.dumps([{**c, "outputs": []} for c in cells], ensure_ascii=False)
        prose = re.sub(r"^(`{3,})text\n.*?^\1$", "", text, flags=re.S | re.M)
        assert not emoji.search(prose), f"{page}: emoji {emoji.search(prose).group()!r}"
        if "/zh/" in page.as_posix():
            reasons = re.findall(r"CPU：未运行（([^）]*)", text)
            english = [r for r in reasons if re.match(r"[A-Za-z]", r)]
            assert not english, f"{page}: English skip reasons {english[:3]}"
