"""Search at 100x today's content: build time, index bytes, time to first result, latency.

Copies every topic page of docs/zh and docs/en COPIES times (distinct page names and section
ids, headings and a token per copy mutated), writes a mkdocs.yml derived from the
project's (its nav lists the original pages only: a real site this size would not put
2,000 pages into every page's nav), builds it, then measures in headless Chromium per language:
  - the search files the engine loads (name and bytes, as fetched by the browser),
  - bytes of the index per language, as written and gzipped,
  - time to first result: page load start (empty cache) -> first results rendered,
  - the first query's latency in a freshly opened page (input event -> results, as every
    later query is measured), cold (new browser context: empty HTTP cache) and warm (a new
    page in a context that fetched the index files before), the query typed once the page
    has loaded and a reader could have clicked the box (`--settle` ms later), and typed at
    once on load,
  - per query (in page: input event -> results rendered) and quality (hit@1, hit@3, MRR)
    over every query of tests/search_queries.tsv, by language and kind: first with no
    index file fetched yet, then again in the same pages (files in the worker's memory).
Prints numbers, asserts nothing.

With --index-only, the site is built once at 1x and only the search index is written at
COPIES times its sections (each copy's location, title and text made distinct), into that
site: the index's build time, bytes and per-query latency at a scale whose full site
would take too long to build (1000x). Result links to copies lead nowhere; quality there
is not measured.

usage: python benchmarks/search_scale.py [--copies 100] [--keep DIR] [--site DIR/site]
       [--first-only] [--settle 500] [--index-only]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from builtsite import CHROMIUM_ARGS, free_port  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from search_harness import (  # noqa: E402
    PLACEHOLDERS,
    PREFIXES,
    TYPE_AND_WAIT,
    load_queries,
    measure,
    table,
)

from torchkb.search.index import (  # noqa: E402
    COLLOQUIAL_FILE,
    PHRASINGS_DIR,
    SYNONYMS_FILE,
    USER_DICT_FILE,
    load_colloquial,
    load_synonyms,
    write_indexes,
)
from torchkb.sources.project import Project  # noqa: E402

LANGS = ("zh", "en")
SEARCH_DIR = Project(ROOT).search_dir
SKIP = {"index.md", "tags.md", "claims.md"}  # home, tag index, claim list: not topic content
HEADING = re.compile(r"^(#{1,6} )(.*?)(\s*\{#([^}]+)\})?\s*$", re.M)


def mutate(text: str, page: str, i: int) -> str:
    """Copy i of a page: headings and ids made distinct, links kept inside copy i."""

    def heading(m: re.Match) -> str:
        sid = f" {{#{m.group(4)}-c{i}}}" if m.group(4) else ""
        return f"{m.group(1)}{m.group(2)} (c{i}){sid}"

    text = HEADING.sub(heading, text)

    # links between topic pages point at the same copy
    def link(m: re.Match) -> str:
        if m.group(1) + ".md" in SKIP:
            return m.group(0)
        return f"]({m.group(1)}-c{i}.md#{m.group(2)}-c{i})"

    text = re.sub(r"\]\((\w+)\.md#([\w-]+)\)", link, text)
    return text.replace("---\n\n", f"---\n\nkbcopy{i} {page}\n\n", 1)


def make_corpus(dest: Path, copies: int) -> int:
    docs = dest / "docs"
    n = 0
    for lang in LANGS:
        src = ROOT / "docs" / lang
        # pages only: notebooks are not searched and only slow the build down
        shutil.copytree(src, docs / lang, ignore=shutil.ignore_patterns("*.md", "notebooks"))
        for extra in ("index.md", "tags.md"):
            shutil.copy(src / extra, docs / lang / extra)
        shutil.copytree(src / "raw", docs / lang / "raw", dirs_exist_ok=True)
        for page in sorted(src.glob("*.md")):
            if page.name in SKIP:
                continue
            text = page.read_text(encoding="utf-8")
            for i in range(copies):
                name = page.name if i == 0 else f"{page.stem}-c{i}.md"
                (docs / lang / name).write_text(
                    text if i == 0 else mutate(text, page.stem, i), encoding="utf-8"
                )
                n += 1
    copy_search_words(dest, copies)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("strict: true", "strict: false")
    hooks = re.findall(r"^\s+-\s+(torchkb/\w+\.py)\s*$", config, flags=re.M)
    for rel in ("theme", *hooks):
        config = re.sub(rf"(:\s*|-\s+){re.escape(rel)}\b", rf"\g<1>{ROOT / rel}", config)
    (dest / "mkdocs.yml").write_text(config, encoding="utf-8")
    return n


def copy_search_words(dest: Path, copies: int) -> None:
    """The project's search words (notes/search: synonyms, spoken verbs, jieba's user
    dictionary, reader phrasings) beside the corpus, as the site is built with them; each
    copy's sections get their original's phrasings (copy i's anchors end in -c<i>)."""
    words = dest / "notes" / "search"
    shutil.copytree(SEARCH_DIR, words)
    for path in sorted((words / PHRASINGS_DIR).glob("*.tsv")):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if "\t" in line]
        copied = [
            f"{anchor}-c{i}\t{rest}"
            for i in range(1, copies)
            for anchor, _, rest in (line.partition("\t") for line in lines)
        ]
        if copied:
            with path.open("a", encoding="utf-8") as out:
                out.write("\n" + "\n".join(copied) + "\n")


def index_only(tmp: Path, copies: int) -> Path:
    """The 1x site, its search index rewritten at `copies` times its sections."""
    make_corpus(tmp, 1)
    dump = tmp / "sections.json"
    print(f"build at 1x: {build(tmp, {'TORCHKB_SEARCH_DOCS': str(dump)}):.1f} s")
    docs = json.loads(dump.read_text(encoding="utf-8"))
    scaled: dict[str, list[dict]] = {}
    for lang, sections in docs.items():
        out = scaled[lang] = list(sections)
        for i in range(1, copies):
            for s in sections:
                path, _, frag = s["location"].partition("#")
                page = path.rstrip("/") + f"-c{i}/" + (f"#{frag}-c{i}" if frag else "")
                out.append(
                    {
                        **s,
                        "location": page,
                        "title": f"{s['title']} (c{i})",
                        "text": f"{s['text']} kbcopy{i}",
                    }
                )
    site = tmp / "site"
    t0 = time.perf_counter()
    write_indexes(
        site,
        scaled,
        load_synonyms(SEARCH_DIR / SYNONYMS_FILE),
        load_colloquial(SEARCH_DIR / COLLOQUIAL_FILE),
        user_dict=SEARCH_DIR / USER_DICT_FILE,
    )
    print(
        f"index at {copies}x: {sum(len(v) for v in scaled.values())} sections, "
        f"written in {time.perf_counter() - t0:.1f} s"
    )
    return site


def build(dest: Path, env: dict[str, str] | None = None) -> float:
    """mkdocs build of the corpus in `dest` (extra environment `env`); seconds."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(dest / "site")],
        cwd=dest,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": "ignore", **(env or {})},
    )
    if done.returncode:
        sys.exit(f"mkdocs build failed:\n{done.stderr[-3000:]}")
    return time.perf_counter() - t0


def first_result(browser: Browser, url: str, query: str) -> tuple[float, dict[str, int]]:
    """Fresh page: ms from navigation start to first results; the search files it fetched."""
    ctx = browser.new_context()  # empty cache, as a first visit
    pg = ctx.new_page()
    loaded: dict[str, int] = {}

    def on_response(r) -> None:
        path = r.url.split("?")[0]
        if "/search/" in path or "search" in path.rsplit("/", 1)[-1]:
            try:
                loaded[path.split("127.0.0.1", 1)[-1].split("/", 1)[-1]] = len(r.body())
            except Exception:  # redirects and the like carry no body
                pass

    pg.on("response", on_response)
    t0 = time.perf_counter()
    pg.goto(url, wait_until="domcontentloaded")
    box = pg.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.dispatch_event("keyup")
    pg.wait_for_function(
        """(ph) => { const m = document.querySelector('.md-search-result__meta');
        return m && !new RegExp(ph, 'i').test(m.innerText)
            && document.querySelector('.md-search-result__item') }""",
        arg=PLACEHOLDERS.pattern,
        timeout=120000,
    )
    ms = (time.perf_counter() - t0) * 1000
    pg.wait_for_timeout(500)  # let late fetches report their sizes
    ctx.close()
    return ms, loaded


def first_query(browser: Browser, url: str, texts: list[str], settle_ms: int) -> dict:
    """ms from input event to results of the first query typed in a fresh page, per text:
    cold (a new context each: nothing cached) and warm (a new page of one context that has
    loaded the site before: the HTTP cache holds the index files, the worker starts anew);
    the query typed `settle_ms` after the page's load event, and typed at once on load."""
    out: dict[str, list[float]] = {"cold": [], "warm": [], "cold, at once": []}
    warm = browser.new_context()
    for text in texts:
        for kind in out:
            ctx = warm if kind == "warm" else browser.new_context()
            if kind == "warm":  # the reader's earlier visit: the same query, another page
                pg = ctx.new_page()
                pg.goto(url, wait_until="load")
                pg.evaluate(TYPE_AND_WAIT, [[text], PLACEHOLDERS.pattern])
                pg.close()
            pg = ctx.new_page()
            pg.goto(url, wait_until="load")
            if kind != "cold, at once":
                pg.wait_for_timeout(settle_ms)
            [done] = pg.evaluate(TYPE_AND_WAIT, [[text], PLACEHOLDERS.pattern])
            out[kind].append(done["ms"] if "ms" in done and done["ms"] is not None else -1)
            pg.close()
            if ctx is not warm:
                ctx.close()
    warm.close()
    return out


@contextlib.contextmanager
def static_server(site: Path) -> Iterator[str]:
    """`python -m http.server` in its own process, as a static host: served from the test
    driver's own process, requests wait on the driver (measured: ~10 ms more per query)."""
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            str(port),
            "--bind",
            "127.0.0.1",
            "--directory",
            str(site),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/search/search_index.json", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait()


def index_sizes(site: Path) -> None:
    """Per language: files and bytes as written (gzipped JSON, inflated by the worker)."""
    for folder in sorted((site / "search").glob("kb-*")):
        files = [f for f in folder.iterdir() if f.is_file()]
        raw = sum(f.stat().st_size for f in files)
        # the largest file a query may fetch: a postings file (none where the whole index
        # is in the meta file)
        largest = max((f.stat().st_size for f in files if f.name[0] == "t"), default=0)
        print(
            f"  {folder.name}: {len(files)} files, {raw / 1e6:.1f} MB; meta "
            f"{(folder / 'meta.json.gz').stat().st_size / 1e3:.1f} kB, "
            f"largest postings file {largest / 1e3:.0f} kB"
        )
    material = site / "search" / "search_index.json"
    print(f"  search_index.json (Material's, empty): {material.stat().st_size / 1e3:.1f} kB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=100)
    ap.add_argument("--keep", type=Path, help="build here and keep it (default: a temp dir)")
    ap.add_argument("--site", type=Path, help="measure this built site (from --keep) again")
    ap.add_argument(
        "--first-only", action="store_true", help="only the first query's latency (no full set)"
    )
    ap.add_argument(
        "--settle", type=int, default=500, help="ms between page load and typing the first query"
    )
    ap.add_argument(
        "--index-only",
        action="store_true",
        help="build the site at 1x and only the index at --copies (latency, build, bytes)",
    )
    a = ap.parse_args()
    tmp = a.keep or Path(tempfile.mkdtemp(prefix="kb-scale-"))
    try:
        site = a.site
        if site is None and a.index_only:
            site = index_only(tmp, a.copies)
        if site is None:
            t0 = time.perf_counter()
            pages = make_corpus(tmp, a.copies)
            size = sum(f.stat().st_size for f in (tmp / "docs").rglob("*.md"))
            print(
                f"corpus: {pages} topic pages ({a.copies} copies x {pages // a.copies}), "
                f"{size / 1e6:.1f} MB of Markdown, written in {time.perf_counter() - t0:.1f} s"
            )
            print(f"build: {build(tmp):.1f} s")
            site = tmp / "site"
        index_sizes(site)
        queries = load_queries(ROOT / "tests" / "search_queries.tsv")
        with static_server(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for lang in LANGS:
                qs = [q for q in queries if q.lang == lang]
                picks = [q.text for q in qs[:: len(qs) // 5][:5]]
                for kind, ms in first_query(browser, url + PREFIXES[lang], picks, a.settle).items():
                    when = "on load" if "once" in kind else f"{a.settle} ms after load"
                    print(
                        f"[{lang}] first query in a fresh page, {kind} ({when}): "
                        + ", ".join(f"{m:.0f}" for m in ms)
                        + f" ms; max {max(ms):.0f} ms"
                    )
                if a.first_only:
                    continue
                firsts = []
                for q in qs[:: len(qs) // 3][:3]:  # three first visits, empty cache each
                    ms, loaded = first_result(browser, url + PREFIXES[lang], q.text)
                    firsts.append(ms)
                print(
                    f"[{lang}] time to first result (page load, empty cache): "
                    + ", ".join(f"{ms:.0f} ms" for ms in firsts)
                    + f"; search files of the last: {len(loaded)}, "
                    f"{sum(loaded.values()) / 1e3:.0f} kB"
                )
            if a.first_only:
                browser.close()
                return
            # every query of the set, each typed into an already open page: first with
            # none of the index files it needs fetched yet, then again in the same pages
            # (the worker keeps the files it has parsed, as while a reader types on)
            boxes: dict = {}
            cold = measure(browser, url, site, queries, boxes)
            warm = measure(browser, url, site, queries, boxes)
            browser.close()
        # the copies of a section tie, so they fill the top 3: hit@3 here is the original's
        # hit@1 (the top section is still the right one as often as at 1x, or not)
        print(
            f"quality and per-query latency at {a.copies}x ({len(queries)} queries), "
            "index files fetched as the queries need them:"
        )
        print(table(cold))
        print("the same queries again in the same pages, index files in the worker's memory:")
        print(table(warm))
    finally:
        if a.keep is None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
