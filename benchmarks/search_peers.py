"""Our search vs Pagefind, on the same built pages, at 1x, 10x and 100x the content.

For each scale: writes the corpus (benchmarks/search_scale.py: every topic page copied
N times), builds it with mkdocs (our index is written by torchkb/site/search.py during
the build; the seconds it spent are reported by the hook), then runs Pagefind 1.5.2
extended (PyPI `pagefind[extended]`, a benchmark-only dependency) over the same built
site: `data-pagefind-body` on the article of every page our index holds (so both engines
index the same pages), ignoring what Material's search skips (badges, provenance, line
numbers, permalinks), language from `<html lang>`.
Then, in one headless Chromium, per language, the engines take turns on every query of
tests/search_queries.tsv (each in its own page, opened fresh for each scale, so a query
finds only the files earlier queries fetched):
  - ours: typed into Material's search box (tests/search_harness.py), input -> results;
  - Pagefind: its JS API, `search()` and `data()` of the first five results (what its
    Default UI renders first); the links read are each result's sections (sub_results),
    most matches first, three at most, as its Default UI thins them.
A link is right when the section it points at holds the query's markers, in the reader's
language. Prints one table; asserts nothing.

usage: pip install 'pagefind[extended]==1.5.2'
       python benchmarks/search_peers.py [--scales 1 10 100] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from builtsite import CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from search_harness import (  # noqa: E402
    PREFIXES,
    Metrics,
    Result,
    SearchBox,
    Sections,
    index_sections,
    load_queries,
    measure,
    metrics,
)
from search_scale import build, make_corpus, static_server  # noqa: E402

QUERIES = ROOT / "tests" / "search_queries.tsv"
HARD = {"synonym", "prefix", "question", "typo", "traceback"}
# what Material's search leaves out (render.py marks it data-search-exclude, which
# Material strips from the built pages): badges, provenance, line numbers, permalinks
PAGEFIND_CONFIG = """exclude_selectors:
  - ".kb-badges"
  - ".kb-provenance"
  - ".linenodiv"
  - ".headerlink"
"""
PAGEFIND_SEARCH = """async ([text, n]) => {
  const t0 = performance.now();
  const search = await window.pf.search(text);
  const data = await Promise.all(search.results.slice(0, n).map(r => r.data()));
  const ms = performance.now() - t0;
  // each page's sections (sub_results), those with most matches first, three at most
  // (as Pagefind's Default UI thins them), or the page where it has none: a reader
  // meets the section Pagefind found, not just its page (the kindest reading of it)
  const hrefs = [];
  for (const d of data) {
    const subs = [...(d.sub_results || [])]
      .sort((a, b) => b.locations.length - a.locations.length).slice(0, 3);
    if (!subs.length) hrefs.push(d.url);
    for (const s of subs) hrefs.push(s.url);
  }
  return { ms, hrefs: hrefs.map(h => new URL(h, location.href).href) };
}"""


class PagefindBox:
    """Pagefind's JS API in a page of the language's site (it reads <html lang>)."""

    def __init__(self, browser: Browser, base_url: str, lang: str) -> None:
        self.page: Page = browser.new_page()
        self.page.goto(base_url.rstrip("/") + PREFIXES[lang])
        self.page.evaluate("""async () => {
            window.pf = await import('/pagefind/pagefind.js'); await window.pf.init(); }""")

    def search(self, text: str) -> tuple[list[str], float]:
        done = self.page.evaluate(PAGEFIND_SEARCH, [text, 5])
        seen: set[str] = set()
        hrefs = [h for h in done["hrefs"] if not (h in seen or seen.add(h))]
        return hrefs, done["ms"]


@dataclass
class Engine:
    build_s: float
    bytes: int
    files: int
    upfront: int  # index bytes fetched before the first query, per language (largest)
    results: list[Result]


def folder_bytes(folder: Path) -> tuple[int, int]:
    files = [f for f in folder.rglob("*") if f.is_file()]
    return sum(f.stat().st_size for f in files), len(files)


def build_ours(dest: Path) -> tuple[float, float]:
    """mkdocs build; (whole build seconds, seconds our search hook spent)."""
    stats = dest / "search-stats.jsonl"
    stats.unlink(missing_ok=True)
    total = build(dest, {"TORCHKB_SEARCH_STATS": str(stats)})
    hook = sum(json.loads(line)["seconds"] for line in stats.read_text().splitlines())
    return total, hook


def indexed_pages(site: Path) -> set[Path]:
    """The HTML files of the pages our index holds (search-excluded pages are not)."""
    return {site / doc[0].split("#")[0] / "index.html" for _, doc in index_sections(site)}


def build_pagefind(dest: Path) -> float:
    site = dest / "site"
    for page in indexed_pages(site):
        html = page.read_text(encoding="utf-8")
        page.write_text(
            re.sub(r"<article\b", "<article data-pagefind-body", html, count=1), encoding="utf-8"
        )
    (dest / "pagefind.yml").write_text(PAGEFIND_CONFIG, encoding="utf-8")
    shutil.rmtree(site / "pagefind", ignore_errors=True)
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pagefind", "--site", "site", "--quiet"],
        cwd=dest,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"pagefind failed:\n{done.stderr[-3000:]}{done.stdout[-3000:]}")
    return time.perf_counter() - t0


def ours_upfront(site: Path) -> int:
    """What the worker fetches as it starts, before any query (kb-search-worker.js,
    prefetch): the meta file (the whole index where it is small), and the Chinese words'
    files of a split index (at most four)."""
    sizes = []
    for folder in (site / "search").glob("kb-*"):
        files = [folder / "meta.json.gz"]
        words = sorted(folder.glob("w*.json.gz"))
        files += words if len(words) <= 4 else []
        sizes.append(sum(f.stat().st_size for f in files))
    return max(sizes)


def pagefind_upfront(site: Path) -> int:
    bundle = site / "pagefind"
    entry = json.loads((bundle / "pagefind-entry.json").read_text())
    metas = [bundle / f"pagefind.{lang['hash']}.pf_meta" for lang in entry["languages"].values()]
    return (bundle / "pagefind-entry.json").stat().st_size + max(m.stat().st_size for m in metas)


def row(name: str, scale: int, e: Engine, m: Metrics, hard: Metrics) -> str:
    ms = f"{m.median_ms:.0f} / {m.p95_ms:.0f}" if m.median_ms is not None else "-"
    return (
        f"| {name} | {scale}x | {m.hit3:.1%} / {m.hit1:.1%} | {hard.hit3:.1%} / "
        f"{hard.hit1:.1%} | {ms} | {e.build_s:.1f} | {e.bytes / 1e6:.2f} MB | {e.files} | "
        f"{e.upfront / 1e3:.1f} kB |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", type=int, nargs="+", default=[1, 10, 100])
    ap.add_argument("--keep", type=Path, help="build here and keep the sites")
    ap.add_argument("--queries", type=Path, default=QUERIES)
    a = ap.parse_args()
    tmp = a.keep or Path(tempfile.mkdtemp(prefix="kb-peers-"))
    queries = load_queries(a.queries)
    lines = []
    try:
        for scale in a.scales:
            dest = tmp / f"x{scale}"
            shutil.rmtree(dest, ignore_errors=True)
            dest.mkdir(parents=True)
            pages = make_corpus(dest, scale)
            total, hook = build_ours(dest)
            site = dest / "site"
            ours_bytes, ours_files = folder_bytes(site / "search")
            worker = ROOT / "theme/assets/javascripts/kb-search-worker.js"
            pf_s = build_pagefind(dest)
            pf_bytes, pf_files = folder_bytes(site / "pagefind")
            print(
                f"[{scale}x] {pages} topic pages; mkdocs build {total:.1f} s (our index "
                f"{hook:.1f} s of it); pagefind {pf_s:.1f} s",
                flush=True,
            )
            with static_server(site) as url, sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                ours_boxes: dict = {lang: SearchBox(browser, url, lang) for lang in PREFIXES}
                pf_boxes: dict = {lang: PagefindBox(browser, url, lang) for lang in PREFIXES}
                ours_res, pf_res, sections = [], [], Sections(site)
                for q in queries:  # engines take turns, query by query
                    ours_res += measure(browser, url, site, [q], ours_boxes, sections)
                    pf_res += measure(browser, url, site, [q], pf_boxes, sections)
                browser.close()
            engines = {
                "ours": Engine(
                    hook,
                    ours_bytes + worker.stat().st_size,
                    ours_files + 1,
                    ours_upfront(site),
                    ours_res,
                ),
                "Pagefind": Engine(pf_s, pf_bytes, pf_files, pagefind_upfront(site), pf_res),
            }
            for name, e in engines.items():
                hard = [r for r in e.results if r.query.kind in HARD]
                lines.append(row(name, scale, e, metrics(e.results), metrics(hard)))
                print(lines[-1], flush=True)
    finally:
        if a.keep is None:
            shutil.rmtree(tmp, ignore_errors=True)
    print(
        f"\n{len(queries)} queries ({sum(q.kind in HARD for q in queries)} hard: "
        f"{', '.join(sorted(HARD))}) from {a.queries.name}; latency per query in the page, "
        "nothing but earlier queries' files fetched; bytes: every index file on disk "
        "(ours: search/ and the worker script; Pagefind: its whole bundle); up-front: "
        "the index file(s) loaded before the first query, largest language"
    )
    print(
        "| engine | content | hit@3 / hit@1 | hard hit@3 / hit@1 | median / p95 ms | "
        "build s | bytes | files | up-front |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
