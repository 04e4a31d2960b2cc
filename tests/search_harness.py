"""Search quality as a reader meets it, through the site's own search box.

A port of ../shared/tools/search_eval.py as a library: headless Chromium types each query
into Material's header search box (`input.md-search__input`), waits until results replace
the placeholder, reads the visible result links in order (not the collapsed "more" ones)
and judges each link by the text of the section it points at (a section runs to the next
heading of its level or higher). A hit must also be in the reader's language. It works
with whatever engine serves the box, since it only touches the UI.

queries file (TSV): lang <TAB> kind <TAB> query <TAB> markers
  markers: groups joined by ';' (all must hold), alternatives by '|' (any may hold),
  matched case-insensitively against the linked section's text.
"""

from __future__ import annotations

import re
import statistics
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString, Tag
from playwright.sync_api import Browser, Page

PLACEHOLDERS = re.compile(
    r"键入以开始搜索|正在初始化|Type to start searching|Initializing search|鍵入以開始搜索", re.I
)
ZW = re.compile("[\u200b\u200c\u200d\ufeff]")
PREFIXES = {"zh": "/", "en": "/en/"}
# One query, typed in the page in one round trip: set the box's value and send an `input`
# and a `keyup` event, as a keyboard does. Material answers each query by rewriting the
# meta line ("3 matching documents") and, in the same task, the first ten result items; so
# the first mutation of the meta line that is not a placeholder means the results are in,
# and they are read once that task is over. Returns the visible links (not the collapsed
# "more" ones) and the in-page time from the input event to the rendered results.
TYPE_AND_WAIT = """([text, ph]) => new Promise((resolve, reject) => {
  const box = document.querySelector('input.md-search__input');
  const meta = document.querySelector('.md-search-result__meta');
  const placeholder = new RegExp(ph, 'i');
  const links = () => [...document.querySelectorAll('.md-search-result__item a')]
    .filter(e => !e.closest('details:not([open])')).map(e => e.href);
  if (document.activeElement !== box) box.focus();
  if (box.value === text && !placeholder.test(meta.innerText)) {
    resolve({ms: null, hrefs: links()});  // typed already: the box would not search again
    return;
  }
  const timer = setTimeout(() => {
    observer.disconnect();
    reject(new Error('search box: results timed out'));
  }, 15000);
  let t0 = 0;
  const observer = new MutationObserver(() => {
    if (placeholder.test(meta.innerText)) return;
    const ms = performance.now() - t0;
    observer.disconnect();
    clearTimeout(timer);
    setTimeout(() => resolve({ms, hrefs: links()}), 0);
  });
  observer.observe(meta, {childList: true, characterData: true, subtree: true});
  t0 = performance.now();
  box.value = text;
  box.dispatchEvent(new Event('input', {bubbles: true}));
  box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
})"""
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

    Each page is parsed once per process (shared by every Sections of the same site) and
    split into its sections in one pass: a section is its heading's text, then every text
    after it up to the next heading of its level or higher."""

    _pages: dict[Path, _Page | None] = {}

    def __init__(self, site: Path) -> None:
        self.site = Path(site)

    def _page(self, path: str) -> _Page | None:
        f = self.site / path.lstrip("/")
        if not path or path.endswith("/") or f.is_dir():
            f = f / "index.html"
        if f not in self._pages:
            html = f.read_text(encoding="utf-8") if f.exists() else None
            m = ARTICLE.search(html) if html else None
            self._pages[f] = (
                None
                if html is None
                else _Page(BeautifulSoup(m.group(0) if m else html, "html.parser"))
            )
        return self._pages[f]

    def page(self, path: str) -> BeautifulSoup | None:
        page = self._page(path)
        return page.soup if page else None

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
            art = page.article if page else None
            for h in art.find_all("h2", id=True) if art else []:
                out.append(page.text(h["id"]))
        return out


_HEADING = re.compile(r"h[1-6]")


class _Page:
    """One parsed page: its nodes in document order, once, and each section's text."""

    def __init__(self, soup: BeautifulSoup) -> None:
        self.soup = soup
        self.article = soup.select_one("article") or soup
        self.nodes = list(soup.descendants)
        self.index = {id(node): i for i, node in enumerate(self.nodes)}
        # (position, level) of every heading, in document order
        self.headings = [
            (i, int(n.name[1]))
            for i, n in enumerate(self.nodes)
            if isinstance(n, Tag) and _HEADING.fullmatch(n.name or "")
        ]
        self.texts: dict[str, str] = {}

    def text(self, fragment: str) -> str:
        if fragment not in self.texts:
            self.texts[fragment] = self._text(fragment)
        return self.texts[fragment]

    def _text(self, fragment: str) -> str:
        art = self.article
        el = art.find(id=fragment) if fragment else art.find("h1")
        if not isinstance(el, Tag) or not _HEADING.fullmatch(el.name or ""):
            return norm(art.get_text(" "))
        # a link to the page itself lands on its opening part, up to the first subsection
        level = int(el.name[1]) if fragment else 2
        start = self.index[id(el)]
        end = next((i for i, lvl in self.headings if i > start and lvl <= level), len(self.nodes))
        parts = [
            str(node)
            for node in self.nodes[start + 1 : end]
            if isinstance(node, NavigableString)
            and node.parent is not None
            and node.parent.name not in ("script", "style")
        ]
        return norm(el.get_text(" ") + " " + " ".join(parts))


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

    def __init__(self, browser: Browser, base_url: str, lang: str) -> None:
        self.page: Page = browser.new_page()
        self.page.goto(base_url.rstrip("/") + PREFIXES[lang])

    def search(self, text: str) -> tuple[list[str], float]:
        """Type a query; visible result hrefs (deduplicated, in order) and ms to results."""
        done = self.page.evaluate(TYPE_AND_WAIT, [text, PLACEHOLDERS.pattern])
        hrefs, ms = done["hrefs"], done["ms"]
        seen: set[str] = set()
        out = []
        for h in hrefs:
            u = urllib.parse.urlsplit(h)
            key = f"{u.path}#{u.fragment}"
            if key not in seen:
                seen.add(key)
                out.append(h)
        return out, ms


def measure(
    browser: Browser,
    base_url: str,
    site: Path,
    queries: list[Query],
    boxes: dict[str, SearchBox] | None = None,
    sections: Sections | None = None,
) -> list[Result]:
    """Type each query into a page of its language. Pages come from `boxes` when given
    (and stay open there, for another round), else are opened here and closed."""
    sections = sections or Sections(site)
    keep = boxes is not None
    boxes = {} if boxes is None else boxes
    results = []
    for q in queries:
        r = Result(q)
        results.append(r)
        try:
            if q.lang not in boxes:
                boxes[q.lang] = SearchBox(browser, base_url, q.lang)
            hrefs, r.ms = boxes[q.lang].search(q.text)
        except Exception as e:  # a query the UI could not answer counts as a miss
            r.error = str(e).splitlines()[0][:160]
            continue
        r.hits = [_short(h) for h in hrefs[:10]]
        r.rank = next(
            (
                i + 1
                for i, h in enumerate(hrefs[:10])
                if right_language(h, q.lang) and holds(sections.text(h), q.markers)
            ),
            None,
        )
    if not keep:
        for box in boxes.values():
            box.page.close()
    return results


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
