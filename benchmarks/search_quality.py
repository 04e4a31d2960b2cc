"""Search quality table: hit@1, hit@3, MRR and latency per language and kind.

usage: python benchmarks/search_quality.py [--site DIR] [--queries TSV ...] [--misses]
                                           [--engine browser|node]
  without --site, builds the site (mkdocs build) into a temporary directory first.
  --engine node: the site's search worker runs in node over the built index files, without
  a browser or Material's UI: the same ranks as the browser's in seconds (for trying a
  change to the engine on the query sets); its ms are the worker's search() alone. The
  bars are measured in the browser (the default), as a reader meets the search.
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
from search_harness import (  # noqa: E402
    load_queries,
    measure,
    measure_in_node,
    misses,
    table,
)


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
    ap.add_argument(
        "--queries", type=Path, nargs="+", default=[ROOT / "tests" / "search_queries.tsv"]
    )
    ap.add_argument("--misses", action="store_true", help="list the queries that miss the top 3")
    ap.add_argument("--engine", choices=("browser", "node"), default="browser")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="kb-site-") as tmp:
        site = a.site
        if site is None:
            site = Path(tmp) / "site"
            print(f"built site in {build(site):.1f} s")
        for path in a.queries:
            report(site, path, a.engine, a.misses)


def report(site: Path, path: Path, engine: str, list_misses: bool) -> None:
    queries = load_queries(path)
    t0 = time.perf_counter()
    if engine == "node":
        results = measure_in_node(site, queries)
    else:
        with serve(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            results = measure(browser, url, site, queries)
            browser.close()
    print(f"{len(queries)} queries from {path} in {time.perf_counter() - t0:.1f} s ({engine})")
    print(table(results))
    if list_misses:
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
