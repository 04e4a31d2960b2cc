"""Search quality as a reader meets it, through the site's own search box.

A port of ../shared/tools/search_eval.py as a library: headless Chromium types each query
into Material's header search box (`input.md-search__input`), waits until results replace
the placeholder, reads the visible result links in order (not the collapsed "more" ones)
and judges each link by the text of the section it points at (a section runs to the next
heading of its level or higher). A hit must also be in the reader's language. It works
with whatever engine serves the box, since it only touches the UI. NodeBox answers the
same queries with the site's own worker in node, without a browser: the same ranks in
seconds, for trying an engine change (benchmarks/search_quality.py --engine node).

queries file (TSV): lang <TAB> kind <TAB> query <TAB> markers
  markers: groups joined by ';' (all must hold), alternatives by '|' (any may hold),
  matched case-insensitively against the linked section's text.
"""

from __future__ import annotations

import atexit
import contextlib
import gzip
import hashlib
import html
import json
import re
import statistics
import subprocess
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from builtsite import serve
from filelock import FileLock
from playwright.sync_api import Browser, Page
from tools import require_tool

PLACEHOLDERS = re.compile(
    r"键入以开始搜索|正在初始化|Type to start searching|Initializing search|鍵入以開始搜索", re.I
)
SEARCH_READY = """() => { const m = document.querySelector('.md-search-result__meta');
  return m && m.innerText.trim() !== '' && !/Initializing|正在初始化/.test(m.innerText) }"""
ZW = re.compile("[\u200b\u200c\u200d\ufeff]")
PREFIXES = {"zh": "/", "en": "/en/"}
# Queries, typed in the page one after the other in one round trip: for each, set the box's
# value and send an `input` and a `keyup` event, as a keyboard does. Material answers each
# query by rewriting the meta line ("3 matching documents") and, in the same task, the
# first ten result items; so the first mutation of the meta line that is not a placeholder
# means the results are in, and they are read once that task is over; then the next query
# is typed. The meta line is read as textContent, not innerText, which would lay the page
# out for every query rather than once a frame. Returns, per query, the visible links (not
# the collapsed "more" ones) and the in-page time from the input event to the results in
# the DOM, or the error.
TYPE_AND_WAIT = """async ([texts, ph]) => {
  const box = document.querySelector('input.md-search__input');
  const meta = document.querySelector('.md-search-result__meta');
  const placeholder = new RegExp(ph, 'i');
  const links = () => [...document.querySelectorAll('.md-search-result__item a')]
    .filter(e => !e.closest('details:not([open])')).map(e => e.href);
  // the first result is the worker's "no page explains this error" (kb-search-worker.js)
  const noted = () => !!document.querySelector('.md-search-result__item:first-child .kb-uncovered');
  // a single-line box gets a pasted text's line breaks as spaces (setting `value` would
  // drop them, gluing the lines' words together)
  const type = typed => new Promise((resolve, reject) => {
    const text = typed.replace(/\\r\\n?|\\n/g, ' ');
    if (document.activeElement !== box) box.focus();
    if (box.value === text && !placeholder.test(meta.textContent)) {
      resolve({ms: null, hrefs: links(), noted: noted()});  // typed already: no new search
      return;
    }
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('search box: results timed out'));
    }, 15000);
    let t0 = 0;
    const observer = new MutationObserver(() => {
      if (placeholder.test(meta.textContent)) return;
      const ms = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      setTimeout(() => resolve({ms, hrefs: links(), noted: noted()}), 0);
    });
    observer.observe(meta, {childList: true, characterData: true, subtree: true});
    t0 = performance.now();
    box.value = text;
    box.dispatchEvent(new Event('input', {bubbles: true}));
    box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
  });
  const out = [];
  for (const text of texts) {
    try {
      out.push(await type(text));
    } catch (e) {
      out.push({error: String(e && e.message || e)});
    }
  }
  return out;
}"""
ARTICLE = re.compile(r"<article\b.*?</article>", re.S)


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", ZW.sub("", s)).strip().lower()


@dataclass(frozen=True)
class Query:
    lang: str
    kind: str
    text: str
    markers: str


@dataclass
class Result:
    query: Query
    rank: int | None = None  # 1-based rank of the first right section among the top 10
    ms: float | None = None  # in page: last input event -> first results rendered
    hits: list[str] = field(default_factory=list)
    error: str | None = None
    noted: bool = False  # answered "no page explains this error" first


@dataclass(frozen=True)
class Metrics:
    n: int
    hit1: float
    hit3: float
    mrr: float
    median_ms: float | None
    p95_ms: float | None


def load_queries(path: Path) -> list[Query]:
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4:
            raise ValueError(f"{path}:{i}: expected 4 tab-separated fields, got {len(parts)}")
        # a pasted multi-line error is stored with literal \n; the box receives real newlines
        lang, kind, text, markers = parts
        out.append(Query(lang, kind, text.replace("\\n", "\n").replace("\\t", "\t"), markers))
    return out


class Sections:
    """Text of the section an href points at, read from the built HTML.

    A section is its heading's text, then every text after it up to the next heading of
    its level or higher. Each page is read once per process, in one pass over its markup
    (`_Page`); `Sections(site, share=True)` reads every page of the site once per test
    run instead: the first process to ask writes their sections to a file beside the site
    (under a file lock) and the others, xdist workers included, load it."""

    _pages: dict[Path, _Page | None] = {}

    def __init__(self, site: Path, share: bool = False) -> None:
        self.site = Path(site)
        if share:
            self._share()

    def _file(self, path: str) -> Path:
        f = self.site / path.lstrip("/")
        if not path or path.endswith("/") or f.is_dir():
            f = f / "index.html"
        return f

    def _page(self, path: str) -> _Page | None:
        f = self._file(path)
        if f not in self._pages:
            self._pages[f] = _Page.read(f) if f.exists() else None
        return self._pages[f]

    def _share(self) -> None:
        files = sorted(self.site.rglob("*.html"))
        if all(f in self._pages for f in files):
            return
        # named by this module's code too: a changed parser never reads an old file
        code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
        shared = self.site.parent / f"{self.site.name}.sections-{code}.json"
        with FileLock(f"{shared}.lock"):
            if not shared.exists():
                pages = {f: self._pages.get(f) or _Page.read(f) for f in files}
                data = {str(f.relative_to(self.site)): vars(pg) for f, pg in pages.items()}
                tmp = shared.with_suffix(".tmp")
                tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
                tmp.replace(shared)
            else:
                data = json.loads(shared.read_text(encoding="utf-8"))
                pages = {self.site / rel: _Page(**fields) for rel, fields in data.items()}
        for f, pg in pages.items():
            self._pages.setdefault(f, pg)

    def text(self, href: str) -> str:
        u = urllib.parse.urlsplit(href)
        page = self._page(urllib.parse.unquote(u.path))
        return "" if page is None else page.text(urllib.parse.unquote(u.fragment))

    def all_sections(self, prefix: str) -> list[str]:
        """Texts of every h2 section under a language prefix (for checking markers)."""
        root = self.site / prefix.lstrip("/")
        others = [self.site / p.lstrip("/") for p in PREFIXES.values() if len(p) > len(prefix)]
        out = []
        for f in sorted(root.rglob("index.html")):
            if any(o in f.parents for o in others):
                continue
            rel = "/" + f.relative_to(self.site).parent.as_posix() + "/"
            page = self._page(rel.replace("//", "/"))
            for ident in page.h2 if page else []:
                out.append(page.text(ident))
        return out


# One pass over a page's markup (its first <article>, else all of it): the runs of text
# between two pieces of markup (as the strings of a parsed tree), comments and CDATA, the
# text of <script> and <style>, and where each heading starts and ends.
_MARKUP = re.compile(
    r"<!--(?P<comment>.*?)-->"
    r"|<!\[CDATA\[(?P<cdata>.*?)\]\]>"
    r"|<(?P<end>/?)(?P<tag>[a-zA-Z][^\s/>]*)(?P<attrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"
    r"|<[!?][^>]*>",
    re.S,
)
_ID = re.compile(r"""(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", re.I)
_RAW = {tag: re.compile(rf"</{tag}\s*>", re.I) for tag in ("script", "style")}
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
TEXT, COMMENT, RAW = 0, 1, 2  # kinds of string


def _scan(doc: str) -> tuple[list[tuple[str, int]], list[list], dict[str, int]]:
    """(strings with their kind, headings as [first string, level, end string, id],
    element ids -> the index of their heading or -1); an id counts at its first element."""
    strings: list[tuple[str, int]] = []
    headings: list[list] = []
    ids: dict[str, int] = {}
    pos = 0
    while pos < len(doc):
        m = _MARKUP.search(doc, pos)
        stop = m.start() if m else len(doc)
        if stop > pos:
            strings.append((html.unescape(doc[pos:stop]), TEXT))
        if not m:
            break
        pos = m.end()
        if m["comment"] is not None or m["cdata"] is not None:
            strings.append((m["comment"] if m["cdata"] is None else m["cdata"], COMMENT))
            continue
        if m["tag"] is None:  # doctype, processing instruction
            continue
        tag = m["tag"].lower()
        if m["end"]:
            level = _HEADINGS.get(tag)
            for h in reversed(headings if level else []):
                if h[2] is None and h[1] == level:
                    h[2] = len(strings)
                    break
            continue
        ident = None
        for a in _ID.finditer(m["attrs"]):
            ident = html.unescape(next(g for g in a.groups() if g is not None))
        if tag in _HEADINGS:
            headings.append([len(strings), _HEADINGS[tag], None, ident])
        if ident is not None and ident not in ids:
            ids[ident] = len(headings) - 1 if tag in _HEADINGS else -1
        if tag in _RAW and not m["attrs"].rstrip().endswith("/"):
            end = _RAW[tag].search(doc, pos)
            stop = end.start() if end else len(doc)
            if stop > pos:
                strings.append((doc[pos:stop], RAW))
            pos = stop
    return strings, headings, ids


@dataclass
class _Page:
    """One page's section texts: by heading id ("" for the page itself: its h1 up to the
    first h2), the whole article's text for any other fragment, and its h2 ids in order."""

    sections: dict[str, str]
    whole: str
    h2: list[str]

    @classmethod
    def read(cls, f: Path) -> _Page:
        doc = f.read_text(encoding="utf-8")
        m = ARTICLE.search(doc)
        return cls.parse(m.group(0) if m else doc)

    @classmethod
    def parse(cls, doc: str) -> _Page:
        strings, headings, ids = _scan(doc)

        def section(k: int, level: int) -> str:
            start, _, end, _ = headings[k]
            stop = next((h[0] for h in headings[k + 1 :] if h[1] <= level), len(strings))
            own = " ".join(t for t, kind in strings[start:end] if kind == TEXT)
            rest = " ".join(t for t, kind in strings[start:stop] if kind != RAW)
            return norm(own + " " + rest)

        whole = norm(" ".join(t for t, kind in strings if kind == TEXT))
        sections = {ident: section(k, headings[k][1]) for ident, k in ids.items() if k >= 0}
        # a link to the page itself lands on its opening part, up to the first subsection
        h1 = next((k for k, h in enumerate(headings) if h[1] == 1), None)
        sections[""] = whole if h1 is None else section(h1, 2)
        h2 = [h[3] for h in headings if h[1] == 2 and h[3] is not None]
        return cls(sections, whole, h2)

    def text(self, fragment: str) -> str:
        return self.sections.get(fragment, self.whole)


def index_sections(site: Path) -> list[tuple[str, list]]:
    """Every section of the built site's search index as (language folder, [location,
    title, page title, text, heading above, ...]): from its section-text files (d<j>), or
    from the meta file where the whole index is in it (torchkb/search/index.py,
    index_files)."""
    out = []
    for folder in sorted((site / "search").glob("kb-*")):
        blocks = [json.loads(gzip.decompress(f.read_bytes())) for f in folder.glob("d*.json.gz")]
        whole = json.loads(gzip.decompress((folder / "meta.json.gz").read_bytes())).get("whole")
        blocks += [content for name, content in (whole or {}).items() if name[0] == "d"]
        out += [(folder.name, doc) for block in blocks for doc in block]
    return out


def holds(text: str, markers: str) -> bool:
    return all(any(norm(a) in text for a in group.split("|")) for group in markers.split(";"))


def right_language(href: str, lang: str) -> bool:
    """A Chinese reader wants the Chinese page (root), an English one /en/, and so on."""
    path = urllib.parse.urlsplit(href).path
    mine = PREFIXES[lang]
    others = [p for k, p in PREFIXES.items() if k != lang and len(p) > len(mine)]
    return path.startswith(mine) and not any(path.startswith(o) for o in others)


class SearchBox:
    """One page per language, reused for every query typed in it."""

    _shared: dict[tuple[int, Path, str], SearchBox] = {}
    _servers = contextlib.ExitStack()

    def __init__(self, browser: Browser, base_url: str, lang: str) -> None:
        self.url = base_url
        self.page: Page = browser.new_page()
        self.page.goto(base_url.rstrip("/") + PREFIXES[lang])
        # typed once the box has left "Initializing search", as a reader sees it: the
        # worker's answer to the box's empty value then can't land on the first query
        self.page.wait_for_function(SEARCH_READY)

    @classmethod
    def shared(cls, browser: Browser, site: Path, lang: str) -> SearchBox:
        """This process's page of `lang` on `site` in `browser`, opened by the first test
        that asks and typed in by the others after it (each query types over the last);
        the site is served from this process until it exits."""
        key = (id(browser), Path(site), lang)
        box = cls._shared.get(key)
        if box is None or box.page.is_closed():
            url = next((b.url for (i, s, _), b in cls._shared.items() if s == key[1]), None)
            if url is None:
                url = cls._servers.enter_context(serve(Path(site)))
                if not cls._shared:
                    atexit.register(cls._servers.close)
            box = cls._shared[key] = cls(browser, url, lang)
        return box

    def search_many(self, texts: list[str]) -> list[tuple[list[str], float | None, bool] | str]:
        """Type each query in turn (in one round trip to the page): per query, the visible
        result hrefs (deduplicated, in order), ms to results and whether the first result
        says that no page explains the error, or the error's text."""
        out: list[tuple[list[str], float | None, bool] | str] = []
        for done in self.page.evaluate(TYPE_AND_WAIT, [texts, PLACEHOLDERS.pattern]):
            if "error" in done:
                out.append(done["error"])
                continue
            seen: set[str] = set()
            hrefs = []
            for h in done["hrefs"]:
                u = urllib.parse.urlsplit(h)
                key = f"{u.path}#{u.fragment}"
                if key not in seen:
                    seen.add(key)
                    hrefs.append(h)
            out.append((hrefs, done["ms"], done["noted"]))
        return out

    def search(self, text: str) -> tuple[list[str], float | None]:
        """Type a query; visible result hrefs (deduplicated, in order) and ms to results."""
        (done,) = self.search_many([text])
        if isinstance(done, str):
            raise RuntimeError(done)
        return done[:2]


def measure(
    browser: Browser | None,
    base_url: str,
    site: Path,
    queries: list[Query],
    boxes: dict[str, SearchBox | NodeBox] | None = None,
    sections: Sections | None = None,
) -> list[Result]:
    """Type each query into a page of its language, a language's queries in one round trip
    where the box can (`search_many`). Pages come from `boxes` when given (and stay open
    there, for another round), else are opened here and closed."""
    sections = sections or Sections(site)
    keep = boxes is not None
    boxes = {} if boxes is None else boxes
    results = [Result(q) for q in queries]
    for lang in dict.fromkeys(q.lang for q in queries):
        mine = [r for r in results if r.query.lang == lang]
        try:
            if lang not in boxes:
                boxes[lang] = SearchBox(browser, base_url, lang)
            box = boxes[lang]
            if hasattr(box, "search_many"):
                answers = box.search_many([r.query.text for r in mine])
            else:
                answers = [_one(box, r.query.text) for r in mine]
        except Exception as e:  # a page the UI could not open: its queries count as misses
            answers = [str(e)] * len(mine)
        for r, answer in zip(mine, answers, strict=True):
            if isinstance(answer, str):  # a query the UI could not answer counts as a miss
                r.error = answer.splitlines()[0][:160]
                continue
            hrefs, r.ms, *noted = answer  # a peer's box (benchmarks) tells no note
            r.noted = bool(noted and noted[0])
            r.hits = [_short(h) for h in hrefs[:10]]
            r.rank = next(
                (
                    i + 1
                    for i, h in enumerate(hrefs[:10])
                    if right_language(h, lang) and holds(sections.text(h), r.query.markers)
                ),
                None,
            )
    if not keep:
        for box in boxes.values():
            box.page.close()
    return results


def _one(box: SearchBox, text: str) -> tuple[list[str], float | None] | str:
    try:
        return box.search(text)
    except Exception as e:
        return str(e) or type(e).__name__


def _short(href: str) -> str:
    u = urllib.parse.urlsplit(href)
    return urllib.parse.unquote(u.path + (f"#{u.fragment}" if u.fragment else ""))


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))]  # nearest rank


def metrics(results: list[Result], k: int = 3) -> Metrics:
    n = len(results)
    ranks = [r.rank for r in results]
    lat = [r.ms for r in results if r.ms is not None]
    return Metrics(
        n=n,
        hit1=sum(rk == 1 for rk in ranks) / max(n, 1),
        hit3=sum(rk is not None and rk <= k for rk in ranks) / max(n, 1),
        mrr=sum(1 / rk for rk in ranks if rk) / max(n, 1),
        median_ms=statistics.median(lat) if lat else None,
        p95_ms=percentile(lat, 95),
    )


def groups(results: list[Result]) -> dict[str, list[Result]]:
    """Results by 'lang/kind', by 'lang', by 'kind', and 'all'."""
    out: dict[str, list[Result]] = {}
    for r in results:
        for key in (f"{r.query.lang}/{r.query.kind}", r.query.lang, r.query.kind, "all"):
            out.setdefault(key, []).append(r)
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "all", "/" not in kv[0], kv[0])))


def table(results: list[Result]) -> str:
    head = ("group", "n", "hit@1", "hit@3", "MRR", "med ms", "p95 ms")
    lines = ["{:12} {:>4} {:>6} {:>6} {:>5} {:>7} {:>7}".format(*head)]
    for key, rs in groups(results).items():
        m = metrics(rs)
        lines.append(
            f"{key:12} {m.n:4d} {m.hit1:6.0%} {m.hit3:6.0%} {m.mrr:5.2f} "
            f"{_ms(m.median_ms):>7} {_ms(m.p95_ms):>7}"
        )
    return "\n".join(lines)


def misses(results: list[Result], k: int = 3) -> str:
    lines = []
    for r in results:
        if r.rank is None or r.rank > k:
            q = r.query
            lines.append(
                f"MISS {q.lang} {q.kind:7} rank={r.rank} {q.text[:90]!r} "
                f"markers={q.markers!r} -> {r.hits[:3]}{' ' + r.error if r.error else ''}"
            )
    return "\n".join(lines) or "(no misses)"


def _ms(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}"


# the worker in node: fetch reads the site's files, each query's results as they come
NODE_SEARCH = r"""
const vm = require("vm"), fs = require("fs"), url = require("url"), path = require("path")
const [site, lang, worker] = process.argv.slice(1)
const fetch = async u => {
  const file = url.fileURLToPath(String(u).split("?")[0])
  return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : { ok: false, status: 404 }
}
const href = url.pathToFileURL(path.join(site, "assets/javascripts/w.js")) + "?lang=" + lang
const ctx = vm.createContext({ self: { location: { href } }, addEventListener() {},
  postMessage() {}, URL, console, fetch, Response, Blob, DecompressionStream, TextDecoder,
  setTimeout, performance })
vm.runInContext(fs.readFileSync(worker, "utf8"), ctx)
;(async () => {
  await vm.runInContext("setup()", ctx)
  const uncovered = vm.runInContext("meta.uncovered && meta.uncovered.location", ctx)
  const out = []
  for (const q of JSON.parse(fs.readFileSync(0, "utf8"))) {
    const t0 = performance.now()
    const r = await vm.runInContext(`search(${JSON.stringify(q)})`, ctx)
    const ms = performance.now() - t0
    const hrefs = r.items.map(g => "/" + g[0].location.replace(/\?h=[^#]*/, ""))
    out.push([hrefs, ms, !!uncovered && r.items.length > 0 && r.items[0][0].location === uncovered])
  }
  process.stdout.write(JSON.stringify(out))
})()
"""


class NodeBox:
    """A language's queries answered by the site's own worker in node (`--engine node`)."""

    def __init__(self, site: Path, lang: str) -> None:
        self.site, self.lang = site, lang

    def search_many(self, texts: list[str]) -> list[tuple[list[str], float, bool]]:
        worker = self.site / "assets" / "javascripts" / "kb-search-worker.js"
        done = subprocess.run(
            [require_tool("node"), "-e", NODE_SEARCH, str(self.site), self.lang, str(worker)],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            check=True,
        )
        return [(h, ms, noted) for h, ms, noted in json.loads(done.stdout)]


def measure_in_node(site: Path, queries: list[Query]) -> list[Result]:
    """measure(), each language's queries answered by NodeBox."""
    boxes: dict[str, SearchBox | NodeBox] = {lang: NodeBox(site, lang) for lang in PREFIXES}
    return measure(None, "", site, queries, boxes=boxes)
