"""Search quality table: hit@1, hit@3, MRR and latency per language and kind.

usage: python benchmarks/search_quality.py [--site DIR] [--queries TSV] [--misses]
  without --site, builds the site (mkdocs build) into a temporary directory first.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from builtsite import CHROMIUM_ARGS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from search_harness import load_queries, measure, misses, table  # noqa: E402


def build(dest: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(dest)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path)
    ap.add_argument("--queries", type=Path, default=ROOT / "tests" / "search_queries.tsv")
    ap.add_argument("--misses", action="store_true", help="list the queries that miss the top 3")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="kb-site-") as tmp:
        site = a.site
        if site is None:
            site = Path(tmp) / "site"
            print(f"built site in {build(site):.1f} s")
        queries = load_queries(a.queries)
        with serve(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            t0 = time.perf_counter()
            results = measure(browser, url, site, queries)
            browser.close()
        print(f"{len(queries)} queries from {a.queries} in {time.perf_counter() - t0:.1f} s")
        print(table(results))
        if a.misses:
            print(misses(results))
            print("right section found, but not first:")
            print(
                "\n".join(
                    m.replace("MISS", "LATE", 1)
                    for m in misses(results, k=1).splitlines()
                    if "rank=None" not in m
                )
            )


if __name__ == "__main__":
    main()
