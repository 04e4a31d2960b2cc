"""Search quality in a real browser: the right section in the top 3, per language and kind.

Types every query of tests/search_queries.tsv into the built site's search box (one headless
Chromium, one page per language) and prints hit@1 / hit@3 / MRR / latency per group; run
with `-rA` (or `-s`) to see the table in the CI log.
"""

from pathlib import Path

import pytest
from builtsite import serve
from playwright.sync_api import Browser
from search_harness import PREFIXES, Sections, holds, load_queries, measure, metrics, misses, table

QUERIES = Path(__file__).with_name("search_queries.tsv")
BAR = 0.95  # hit@3 for each language and each kind


def test_query_set_is_balanced_and_answerable(site: Path) -> None:
    """Enough queries of every language and kind, and each one's markers are on the site."""
    queries = load_queries(QUERIES)
    assert len(queries) >= 200
    for lang in PREFIXES:
        for kind in ("concept", "error", "code"):
            n = sum(q.lang == lang and q.kind == kind for q in queries)
            assert n >= 30, f"only {n} {lang}/{kind} queries"
    sections = Sections(site)
    texts = {lang: sections.all_sections(prefix) for lang, prefix in PREFIXES.items()}
    unanswerable = [q for q in queries if not any(holds(t, q.markers) for t in texts[q.lang])]
    assert not unanswerable, f"markers found in no section: {unanswerable}"


@pytest.mark.parametrize("lang", PREFIXES)  # one browser per language: two workers share it
def test_search_quality(browser: Browser, site: Path, lang: str) -> None:
    queries = [q for q in load_queries(QUERIES) if q.lang == lang]
    with serve(site) as url:
        results = measure(browser, url, site, queries)
    report = f"{table(results)}\n{misses(results)}"
    print(f"\nsearch quality over {len(queries)} queries ({QUERIES.name})\n{report}")
    below = []
    for key in [lang, "concept", "error", "code"]:
        group = [r for r in results if key in (r.query.lang, r.query.kind)]
        m = metrics(group)
        if m.hit3 < BAR:
            below.append(f"{lang}/{key}: hit@3 {m.hit3:.0%} < {BAR:.0%}")
    assert not below, "; ".join(below) + "\n" + report
