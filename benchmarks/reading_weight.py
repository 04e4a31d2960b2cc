"""What a reader meets on each topic page of built sites, side by side: check lines in the
code shown unfolded, badges, provenance lines right under a heading, DOM elements.

    .venv/bin/python benchmarks/reading_weight.py SITE [SITE ...]

Prints one row per topic page and language for each site, then the totals. Asserts nothing.
"""

import re
import sys
from pathlib import Path

from bs4 import BeautifulSoup

CHECK_LINE = re.compile(r"^\s*(assert\b|note_claims?_hold\b)", re.M)
TOPICS = (
    "tensors",
    "autograd",
    "nn",
    "data",
    "training",
    "gpu",
    "debugging",
    "environment",
    "tools",
)


def measure(page: Path) -> dict[str, int]:
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article") or soup
    unfolded = [c for c in article.select("pre code") if c.find_parent("details") is None]
    check_lines = sum(len(CHECK_LINE.findall(c.get_text())) for c in unfolded)
    under_heading = 0
    for p in article.select(".kb-provenance"):
        prev = p.find_previous_sibling()
        under_heading += prev is not None and prev.name in {"h2", "h3"}
    tags_above_title = 0
    h1 = article.find("h1")
    for nav in article.select(".md-tags"):
        tags_above_title += h1 is not None and nav.sourceline < h1.sourceline
    return {
        "blocks": len(unfolded),
        "check_lines": check_lines,
        "badges": len(article.select(".kb-badge")),
        "provenance_under_heading": under_heading,
        "tags_above_title": tags_above_title,
        "dom_elements": len(soup.find_all(True)),
    }


def main(sites: list[str]) -> None:
    keys = None
    for site in map(Path, sites):
        totals: dict[str, int] = {}
        print(f"\n{site}")
        for lang in ("", "en/"):
            for topic in TOPICS:
                page = site / f"{lang}{topic}" / "index.html"
                if not page.exists():
                    continue
                row = measure(page)
                keys = keys or list(row)
                if topic == TOPICS[0] and lang == "":
                    print(f"{'page':16}" + "".join(f"{k:>26}" for k in keys))
                print(f"{lang + topic:16}" + "".join(f"{row[k]:>26}" for k in keys))
                for k, v in row.items():
                    totals[k] = totals.get(k, 0) + v
        print(f"{'total':16}" + "".join(f"{totals[k]:>26}" for k in keys or []))


if __name__ == "__main__":
    main(sys.argv[1:])
