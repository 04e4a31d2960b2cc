"""`mkdocs build --strict` builds both languages; every topic page is reachable from home."""

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

import torchkb


def topic_ids() -> list[str]:
    return sorted(p.stem for p in torchkb.TOPICS.glob("*.yml"))


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
        page = BeautifulSoup((site / prefix / topic / "index.html").read_text(encoding="utf-8"),
                             "html.parser")
        assert page.html["lang"].startswith(lang), f"/{prefix}{topic}/ has lang {page.html['lang']}"
        switch = [a.get("hreflang") for a in page.select(".md-select a[hreflang]")]
        assert {"zh", "en"} <= set(switch), f"/{prefix}{topic}/ lacks a language switch"


def test_snippet_badges_are_on_pages(site: Path) -> None:
    """Every code block that comes from a snippet carries its verification badges."""
    for topic in topic_ids():
        page = (site / topic / "index.html").read_text(encoding="utf-8")
        assert page.count("class=\"kb-badges\"") >= page.count("<!-- snippet:") > 0 or (
            "<!-- snippet:" not in page)
