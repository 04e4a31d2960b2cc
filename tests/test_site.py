"""`mkdocs build --strict` builds both languages; every topic page is reachable from home."""

import html
import re
import urllib.parse
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from builtsite import site_url

import torchkb


def topic_ids() -> list[str]:
    return sorted(p.stem for p in (torchkb.ROOT / "notes" / "topics").glob("*.yml"))


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_home_links_every_topic(site: Path, prefix: str) -> None:
    home = BeautifulSoup((site / prefix / "index.html").read_text(encoding="utf-8"), "html.parser")
    article = home.select_one("article")
    hrefs = {a["href"].split("#")[0].strip("./") for a in article.select("a[href]")}
    for topic in topic_ids():
        assert topic in hrefs, f"/{prefix} home page does not link {topic}/"
        assert (site / prefix / topic / "index.html").exists()


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_pages_have_language_and_switch(site: Path, prefix: str) -> None:
    lang = "en" if prefix else "zh"
    for topic in topic_ids():
        text = (site / prefix / topic / "index.html").read_text(encoding="utf-8")
        # the <html> tag and the header, where Material puts the language menu: parsing
        # only them, not the page's ~200 kB of content, is most of this test's time saved
        page = BeautifulSoup(text[: text.index("</header>") + len("</header>")], "html.parser")
        assert page.html["lang"].startswith(lang), f"/{prefix}{topic}/ has lang {page.html['lang']}"
        switch = [a.get("hreflang") for a in page.select(".md-select a[hreflang]")]
        assert {"zh", "en"} <= set(switch), f"/{prefix}{topic}/ lacks a language switch"


def test_snippet_badges_are_on_pages(site: Path) -> None:
    """Every code block that comes from a snippet (but a text file: nothing runs) carries
    one run badge."""
    for topic in topic_ids():
        page = (site / topic / "index.html").read_text(encoding="utf-8")
        runnable = len(re.findall(r"<!-- snippet: \S+\.(?:py|sh|yaml) -->", page))
        assert page.count('class="kb-badge ') >= runnable > 0 or "<!-- snippet:" not in page


_ID = re.compile(r'\bid="([^"]*)"')
_PREFIX = urllib.parse.urlsplit(site_url()).path or "/"
_HREF = re.compile(r'\bhref="([^"]*)"')


def test_internal_links_and_anchors_resolve(site: Path) -> None:
    """Every link from a built page to the site lands on a file, and its #fragment on an
    element of that page (TOC entries, ¶ links, cross-page section links alike)."""
    ids: dict[Path, set[str]] = {}

    def ids_of(page: Path) -> set[str]:
        if page not in ids:
            ids[page] = set(_ID.findall(page.read_text(encoding="utf-8")))
        return ids[page]

    broken = []
    for page in sorted(site.rglob("*.html")):
        for href in _HREF.findall(page.read_text(encoding="utf-8")):
            href = html.unescape(href)
            parts = urllib.parse.urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            path = urllib.parse.unquote(parts.path)
            # the 404 page links from the site root (site_url's path): it is served at any
            # depth; so do the home pages' language menus
            if path.startswith(_PREFIX):
                path = "/" + path[len(_PREFIX) :]
            target = (
                site / path.lstrip("/")
                if path.startswith("/")
                else (page.parent / path).resolve()
                if path
                else page
            )
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(site)}: {href}"
            if not target.exists():
                broken.append(f"{where} (no such file)")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and (urllib.parse.unquote(parts.fragment) not in ids_of(target))
            ):
                broken.append(f"{where} (no such id)")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:40])


def test_notebook_pages_are_site_pages(site: Path) -> None:
    """A notebook's page is a Markdown page of the site (torchkb/render/notebooks.py): no
    JupyterLab stylesheet or MathJax loader, its .ipynb a file beside it."""
    pages = sorted(site.glob("**/notebooks/*/index.html"))
    assert len(pages) == 2 * len(topic_ids())
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for jupyter in ("jupyter-wrapper", "jp-OutputArea", "highlight-ipynb", "notebook-"):
            assert jupyter not in text, f"{page.relative_to(site)}: {jupyter}"
        assert '<script src="">' not in text, f"{page.relative_to(site)}: empty script"
        assert (page.parent.parent / f"{page.parent.name}.ipynb").is_file(), page


def test_material_bundle_is_deferred_before_kb_js(site: Path) -> None:
    """No page's first paint waits for Material's bundle (torchkb/site/pages.py), and
    kb.js, which puts the hreflang alternates back after Material has read them, comes
    after it (deferred scripts run in document order)."""
    for page in (site / "index.html", site / "claims" / "index.html", site / "404.html"):
        text = page.read_text(encoding="utf-8")
        scripts = re.findall(
            r"<script src=\"[^\"]*/(bundle\.\w+\.min\.js|kb\.js)\"( defer)?>", text
        )
        assert [name.split(".")[0] for name, _ in scripts] == ["bundle", "kb"], page
        assert all(defer for _, defer in scripts), f"{page}: {scripts}"
