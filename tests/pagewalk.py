"""One walk over every page of the built site, in one browser tab, shared by two tests.

Each page of both languages is loaded once. On it, the browser checks run first (no console
errors or failed requests, copy buttons, notebook outputs and downloads, the language menu;
tests/test_browser.py asserts them), then axe-core on the same, already loaded page, light
and then dark (tests/test_accessibility.py asserts those). A shard's walk is done once per
test run: the first of its two tests to run walks (under a file lock) and writes what it
found to the run's directory, shared by the xdist workers; the other test reads it there.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path

from builtsite import ROOT
from filelock import FileLock
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from torchkb.sources import comments
from torchkb.sources.project import Project

SHOTS = ROOT / "test-artifacts" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Chinese pages (with their English pair) per shard; a shard is one test of each kind
SHARDS = 9
SCREENSHOTS = {
    ("zh", ""): "zh-home",
    ("en", ""): "en-home",
    ("zh", "tensors/"): "zh-topic",
    ("en", "tensors/"): "en-topic",
    ("zh", "notebooks/tensors/"): "zh-notebook",
    ("en", "notebooks/tensors/"): "en-notebook",
}

# Material's search has started (our worker loaded its meta.json): the last request a page
# makes by itself. Waiting for it instead of "networkidle" (500 ms of quiet) halves the walk.
SEARCH_READY = """() => { const m = document.querySelector('.md-search-result__meta');
  return m && m.innerText.trim() !== '' && !/Initializing|正在初始化/.test(m.innerText) }"""

# -- axe ----------------------------------------------------------------------------------
# what a colour scheme changes: the contrast rules
SCHEME_RULES = ["color-contrast", "link-in-text-block"]
# Code is most of a page's nodes and as many seconds of axe, and the header, navigation
# and footer are the same template on every page: both are the same CSS everywhere, so
# they are checked in full on these pages (in both languages, every token kind the site
# uses: Python, shell, YAML, outputs, notebook cells, raw notes), and elsewhere axe checks
# the page's own content, its article, less the code.
FULL = {
    "tensors/",
    "en/data/",
    "environment/",
    "debugging/",
    "notebooks/tensors/",
    "en/notebooks/data/",
    "raw/003_72c1394ea078b9f8/",
}
CODE = [".highlight", ".jp-InputArea-editor", ".jp-OutputArea", ".kb-raw"]
# Where axe checks the article less the code, the code's contents are removed first: axe
# walks the whole document on every run whatever its context (its tree, visibility and
# colour caches), so leaving thousands of excluded code spans in costs as much as checking
# them. The code elements themselves stay (empty), so the article keeps its structure.
PRUNE = """(selectors) => { const article = document.querySelector('article');
  for (const s of selectors) for (const e of article.querySelectorAll(s)) e.replaceChildren(); }"""
# The colour rules are most of axe's time, and most of that is the same check again: a
# page's code is thousands of tokens in a dozen colours, and every page has the same kinds
# of paragraph, link and table. So each checks one element of a kind in the shard's walk,
# the first it meets, and its definite result (a pass or a fail) stands for every element
# of that kind; where axe could not decide (an image or another element behind the text),
# every element of the kind on the page is checked, as axe does by default. A kind is what
# the rule's checks read, as computed styles:
#   color-contrast: the element's tag, colour, font size and weight, shadow and stroke;
#   link-in-text-block: the link's colour, font, decoration, borders, outline and
#     pseudo-elements, and those of the block it is in;
# and for both, every background, opacity, blend, filter and position from the element up
# to the root. (`_audit` is axe's own rule and check table: if it changes, this fails.)
ONCE = """() => {
  const state = {settled: new Set(), chosen: [], decided: new Set(), later: new Map(),
                 only: null, results: {}, chains: new WeakMap()};
  window.__kbOnce = state;
  const none = v => v === "none" || v === "normal" || v === "rgba(0, 0, 0, 0)";
  function own(el) {  // what of an element changes the colours of what is in it
    const s = getComputedStyle(el), parts = [];
    for (const p of ["backgroundColor", "backgroundImage", "mixBlendMode", "filter"])
      if (!none(s[p])) parts.push(p + ":" + s[p]);
    if (s.opacity !== "1") parts.push("opacity:" + s.opacity);
    if (s.position !== "static") parts.push(s.position + ":" + s.zIndex);
    return parts.join(";");
  }
  function chain(el) {
    if (!el || el.nodeType !== 1) return "";
    let key = state.chains.get(el);
    if (key === undefined) {
      const mine = own(el), up = chain(el.parentElement);
      key = mine ? el.tagName + "{" + mine + "}<" + up : up;
      state.chains.set(el, key);
    }
    return key;
  }
  function hash(text) {  // cyrb53: kinds travel to Python and back, short
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
  }
  const styles = (el, props) => { const s = getComputedStyle(el); return props.map(p => s[p]); };
  const TEXT = ["color", "webkitTextFillColor", "webkitTextStroke", "fontSize", "fontWeight",
                "textShadow"];
  const LINK = ["display", "color", "fontFamily", "fontSize", "fontWeight", "fontStyle",
                "textDecoration", "textDecorationLine", "textDecorationStyle",
                "borderTopStyle", "borderTopWidth", "borderTopColor", "borderBottomStyle",
                "borderBottomWidth", "borderBottomColor", "outlineStyle", "outlineWidth",
                "outlineColor", "backgroundImage"];
  const BLOCK = ["block", "list-item", "table", "flex", "grid", "inline-block"];
  const block = el => {
    let up = el.parentElement;
    while (up && !BLOCK.includes(getComputedStyle(up).display)
           && !getComputedStyle(up).display.startsWith("table-")) up = up.parentElement;
    return up;
  };
  const fields = new Set(["input", "select", "textarea"]);
  const ownText = node => [...node.childNodes].some(c => c.nodeType === 3 && c.data.trim());
  const rules = {
    "color-contrast": {
      checks: ["color-contrast"],
      // form fields as axe does them; other elements need text of their own (axe's too)
      plain: (node, vNode) => fields.has(vNode.props.nodeName),
      skip: node => !ownText(node),
      kind: node => [node.tagName, ...styles(node, TEXT), chain(node)],
      // a pass or a fail, on text on screen (hidden text "passes" unchecked)
      decided: (results, vNode) => results.length === 1 && typeof results[0] === "boolean"
        && axe.commons.dom.isVisibleOnScreen(vNode),
    },
    "link-in-text-block": {
      checks: ["link-in-text-block", "link-in-text-block-style"],
      plain: () => false,
      skip: () => false,
      kind: node => {
        const up = block(node);
        const pseudo = [":before", ":after"].map(p => getComputedStyle(node, p).content);
        return [node.tagName, ...styles(node, LINK), ...pseudo,
                up ? [up.tagName, ...styles(up, LINK)].join(",") : "", chain(node)];
      },
      // any passing check passes the link; both failing fail it
      decided: results => results.includes(true)
        || (results.length === 2 && results.every(r => r === false)),
    },
  };
  state.rules = rules;
  for (const [id, spec] of Object.entries(rules)) {
    const rule = axe._audit.rules.find(r => r.id === id);
    const checks = spec.checks.map(c => axe._audit.checks[c]);
    if (!rule || typeof rule.matches !== "function"
        || checks.some(c => !c || typeof c.evaluate !== "function"))
      throw new Error(`axe's ${id} changed`);
    const matches = rule.matches;
    rule.matches = function (node, vNode, context) {
      const again = state.only && !!state.only[id]?.has(node);
      if (state.only) return again && matches.call(this, node, vNode, context);
      if (spec.plain(node, vNode)) return matches.call(this, node, vNode, context);
      if (spec.skip(node, vNode)) return false;
      const k = hash(id + "|" + spec.kind(node).join("|"));  // before axe's dearer matches
      if (state.settled.has(k)) return false;
      if (state.later.has(k)) { state.later.get(k).nodes.push(node); return false; }
      if (!matches.call(this, node, vNode, context)) return false;
      state.later.set(k, {id, nodes: []});
      state.results[id].set(node, []);
      state.chosen.push([node, vNode, k, id]);
      return true;
    };
    for (const check of checks) {
      const evaluate = check.evaluate;
      check.evaluate = function (node, options, vNode, context) {
        const result = evaluate.call(this, node, options, vNode, context);
        state.results[id].get(node)?.push(result);
        return result;
      };
    }
  }
}"""
# The test fails on serious and critical violations only, and axe gives a violation its
# rule's impact: rules of minor or moderate impact (landmarks, heading order, ...) could
# never fail it, so they are switched off (~15% of the light run's time); every other rule
# runs as axe runs it by default. Returns the violations and the kinds now decided (ONCE).
RUN = """async ([rules, exclude, settled]) => {
  const state = window.__kbOnce;
  state.settled = new Set(settled);
  // computed styles change with the scheme: kinds are worked out afresh each run
  state.chosen = []; state.decided.clear(); state.later.clear(); state.only = null;
  state.chains = new WeakMap();
  for (const id of Object.keys(state.rules)) state.results[id] = new Map();
  const options = {resultTypes: ["violations"], rules: {}};
  for (const rule of axe._audit.rules)
    if (!["serious", "critical"].includes(rule.impact)) options.rules[rule.id] = {enabled: false};
  if (rules) options.runOnly = {type: "rule", values: rules};
  const context = exclude.length ? {include: [["article"]], exclude} : document;
  const violations = (await axe.run(context, options)).violations;
  for (const [node, vNode, k, id] of state.chosen)
    if (state.rules[id].decided(state.results[id].get(node), vNode)) state.decided.add(k);
  // the kinds axe could not decide on their first element: all their elements, once more
  let again = 0;
  state.only = {};
  for (const [k, {id, nodes}] of state.later)
    if (!state.decided.has(k) && nodes.length) {
      state.only[id] = state.only[id] || new Set();
      for (const node of nodes) state.only[id].add(node);
      again += nodes.length;
    }
  if (again) {
    const only = {type: "rule", values: Object.keys(state.only)};
    const more = (await axe.run(context, {resultTypes: ["violations"], runOnly: only})).violations;
    for (const v of more) {
      const same = violations.find(w => w.id === v.id);
      if (same) same.nodes.push(...v.nodes); else violations.push(v);
    }
  }
  return {
    decided: [...state.decided], again,
    violations: violations.filter(v => v.impact === "serious" || v.impact === "critical")
      .map(v => ({id: v.id, count: v.nodes.length, help: v.help,
                  first: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": "
                    + ((n.any[0] || n.all[0] || n.none[0] || {}).message || ""))})),
  };
}"""
# no colour transitions: axe would read colours halfway through the switch
NO_TRANSITIONS = "*, *::before { transition: none !important; }"

SNIPPETS = {s.path.resolve(): s for s in Project(ROOT).snippets.values()}


def axe_source() -> str | None:
    return AXE.read_text(encoding="utf-8") if AXE.exists() else None


class Tab:
    """One browser page, reused; records what went wrong since the last `take()`."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base, self.problems = page, base, []
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("requestfailed", self._request_failed)
        page.on("response", self._response)

    def _console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console: {message.text}")

    def _page_error(self, error) -> None:
        self.problems.append(f"page error: {error}")

    def _request_failed(self, request) -> None:
        self.problems.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        out, self.problems = self.problems, []
        return out


def page_paths(site: Path) -> list[str]:
    """Chinese pages as URL paths ("" for home, "tensors/", "notebooks/tensors/", ...)."""
    paths = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in {"en", "assets", "search"}:
            continue
        paths.append("" if rel == "." else rel + "/")
    return paths


def shard_paths(site: Path, shard: int) -> list[str]:
    """The shard's Chinese pages (each with its English pair). Pages are dealt out heaviest
    first, each to the lightest shard so far, weighed by the size of their HTML (axe's and
    the copy checks' time follow the number of elements), so the shards take about as long:
    no worker waits on one long shard at the end."""
    shards: list[list[str]] = [[] for _ in range(SHARDS)]
    load = [0] * SHARDS

    def weight(path: str) -> int:
        size = 0
        for page in (path, f"en/{path}"):
            size += (site / page / "index.html").stat().st_size * (2 if page in FULL else 1)
        return size

    for path in sorted(page_paths(site), key=lambda p: (-weight(p), p)):
        lightest = load.index(min(load))
        shards[lightest].append(path)
        load[lightest] += weight(path)
    return sorted(shards[shard])


def check_copy_buttons(tab: Tab, lang: str) -> int:
    """Click each snippet's copy button (Material's own handler copies); the clipboard must
    then hold the snippet's exact text in the page's language (English comments from its
    topic's comments.en.yml). One round trip per page: clicks in the page, each block
    scrolled to first, as a reader does (Material adds the button then). Meanwhile the page
    is drawn transparent: nothing here looks at pixels (what is copied is the code's
    rendered text, which opacity leaves alone), and the browser then skips rasterising each
    screen the scroll passes, ~40% of these checks' CPU."""
    copied = tab.page.evaluate("""async () => {
        const out = [], unseen = document.createElement("style");
        unseen.textContent = "html { opacity: 0 !important; }";
        document.head.append(unseen);
        try {
            for (const name of document.querySelectorAll(".kb-snippet-name code")) {
                let el = name.parentElement.nextElementSibling;
                while (el && !el.matches(".highlight, pre")) el = el.nextElementSibling;
                // Material mounts a block's button when the block is first seen (content.lazy)
                if (el) el.scrollIntoView();
                let button = null;
                for (let i = 0; el && !button && i < 500; i++) {
                    button = el.querySelector("button[data-clipboard-target]");
                    if (!button) await new Promise(resolve => setTimeout(resolve, 10));
                }
                if (!button) { out.push([name.textContent, null]); continue; }
                await navigator.clipboard.writeText("(nothing copied)");
                let text = "(nothing copied)";
                for (let i = 0; i < 300 && text === "(nothing copied)"; i++) {
                    if (i % 100 === 0) button.click();  // once more if a busy machine lost it
                    else await new Promise(resolve => setTimeout(resolve, 10));
                    text = await navigator.clipboard.readText();  // Material may write it async
                }
                out.push([name.textContent, text]);
            }
        } finally {
            unseen.remove();
        }
        return out;
    }""")
    for name, text in copied:
        assert text is not None, f"{tab.page.url}: {name} has no copy button"
        # byte for byte, except the file's final newline, which a code block's text lacks
        snip = SNIPPETS[(ROOT / name).resolve()]
        expected = comments.source(snip, lang).removesuffix("\n")
        assert text == expected, f"{tab.page.url}: the copy button of {name} copies other text"
    return len(copied)


def check_notebook(tab: Tab, lang: str, path: str) -> None:
    topic = path.strip("/").split("/")[-1]
    source = ROOT / "docs" / lang / "notebooks" / f"{topic}.ipynb"
    nb = json.loads(source.read_text(encoding="utf-8"))
    outputs = [
        o
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
        if o["output_type"] == "stream"
    ]
    shown = tab.page.locator(".jp-OutputArea-output")
    if outputs:
        assert shown.count() > 0, f"{tab.page.url}: no cell outputs rendered"
        first = outputs[0]["text"].strip().splitlines()[0].strip()
        assert first in tab.page.locator(".jupyter-wrapper").inner_text(), tab.page.url
    link = tab.page.locator(f"a[href$='{topic}.ipynb']").first
    response = tab.page.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.body() == source.read_bytes(), (
        f"{tab.page.url}: the download link does not give docs/{lang}/notebooks/{topic}.ipynb"
    )


def visit(tab: Tab, lang: str, path: str, problems: list[str], goto: bool = True) -> int:
    """Check the page now shown (after loading it when `goto`); console errors and failed
    requests go to `problems`. Returns the number of copy buttons checked."""
    url = f"{tab.base}/{'en/' if lang == 'en' else ''}{path}"
    if goto:
        response = tab.page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
    assert tab.page.url.split("#")[0] == url
    tab.page.wait_for_function(SEARCH_READY)
    if (lang, path) in SCREENSHOTS:  # before the copy clicks scroll the page
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.page.screenshot(path=SHOTS / f"{SCREENSHOTS[lang, path]}.png")
    copies = check_copy_buttons(tab, lang)
    if path.startswith("notebooks/"):
        check_notebook(tab, lang, path)
    elif copies:  # a topic page links its notebook, in its own language
        href = tab.page.locator(f"article a[href*='notebooks/{path.strip('/')}']").first
        assert href.count(), f"{url}: no link to the topic's notebook"
        target = href.evaluate("a => a.href")
        assert (
            target.split("#")[0]
            .rstrip("/")
            .endswith(f"{'/en' if lang == 'en' else ''}/notebooks/{path.strip('/')}")
        ), target
    problems += [f"{url}: {p}" for p in tab.take()]
    return copies


def switch_link(tab: Tab, lang: str) -> str:
    return tab.page.locator(f".md-header .md-select a[hreflang='{lang}']").evaluate("a => a.href")


def check_axe(page: Page, path: str, source: str, decided: set[str]) -> list[str]:
    """axe on the page now shown (`path` below the site root, "en/data/"), light then dark;
    the serious and critical violations, one line each. `decided`: the kinds of text whose
    colours the walk has checked (ONCE), added to. The page is left as axe last saw it
    (dark, without transitions, its code's contents pruned where they were): the walk goes
    on to another page, and switching back would cost a restyle and a redraw (~8% of axe)."""
    found = []
    page.evaluate("window.scrollTo(0, 0)")  # where the reader lands; the walk may scroll
    page.evaluate(source)
    page.evaluate(ONCE)
    page.add_style_tag(content=NO_TRANSITIONS)
    exclude = [] if path in FULL else [[s] for s in CODE]
    if exclude:
        page.evaluate(PRUNE, CODE)
    for scheme, rules in (("default", None), ("slate", SCHEME_RULES)):
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        result = page.evaluate(RUN, [rules, exclude, sorted(decided)])
        decided.update(result["decided"])
        for v in result["violations"]:
            found.append(
                f"/{path} ({'dark' if scheme == 'slate' else 'light'}): "
                f"{v['id']} x{v['count']} ({v['help']}) "
                + json.dumps(v["first"], ensure_ascii=False)
            )
    return found


@dataclass
class Walk:
    """What a shard's walk found: the browser checks' problems and axe's violations."""

    paths: list[str]
    axe: bool  # axe ran on the pages
    copies: int = 0
    problems: list[str] = field(default_factory=list)
    axe_pages: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


def walk(tab: Tab, site: Path, shard: int, axe: str | None, run_dir: Path) -> Walk:
    """The shard's walk, done once per test run: `run_dir` is this run's directory, the
    same for all its workers (conftest.py's `run_dir`)."""
    found = run_dir / f"walk-{shard}.json"
    with FileLock(str(run_dir / f"walk-{shard}.lock")):
        if found.exists():
            done = Walk(**json.loads(found.read_text(encoding="utf-8")))
            if done.axe or axe is None:
                return done
        w = walk_now(tab, site, shard, axe)
        found.write_text(json.dumps(dataclasses.asdict(w), ensure_ascii=False), "utf-8")
    return w


def walk_now(tab: Tab, site: Path, shard: int, axe: str | None) -> Walk:
    """Each Chinese page of the shard, then a click on its language menu's English entry:
    the same page in English; that page's menu points back. Both are checked as pages, and
    then each by axe (when `axe`, its source, is given).

    A failed check is recorded, not raised, so the walk goes on: a page that failed its
    browser checks is still checked by axe and the other way round."""
    w = Walk(shard_paths(site, shard), axe is not None)

    def check(where: str, step, *args) -> object:
        try:
            return step(*args)
        except (AssertionError, PlaywrightError) as e:
            w.problems.append(f"{where}: {type(e).__name__}: {str(e).strip()[:2000]}")
            w.problems += [f"{where}: {p}" for p in tab.take()]
            return None

    decided: set[str] = set()  # kinds of text and link whose colours are checked (ONCE)

    def accessibility(path: str) -> None:
        if axe is None:
            return
        try:
            w.violations += check_axe(tab.page, path, axe, decided)
            w.axe_pages.append(path)
        except PlaywrightError as e:
            w.violations.append(f"/{path}: axe did not run: {str(e).strip()[:2000]}")

    for i, path in enumerate(w.paths):
        zh, en = f"{tab.base}/{path}", f"{tab.base}/en/{path}"
        w.copies += check(f"/{path}", visit, tab, "zh", path, w.problems) or 0
        check(f"/{path}", check_switch_link, tab, zh, "its own link")
        accessibility(path)
        if i == 0:  # a reader's hover and click, on one page a shard (it is slow: the
            # menu's animation); the other pages' menus are the same markup, so following
            # their link shows where each one goes
            check(f"/{path}", click_english, tab)
        else:
            check(f"/{path}", follow_english, tab)
        # (the click keeps the section being read: a #fragment, see test_web.py)
        if tab.page.url.split("#")[0] != en:
            w.problems.append(f"/{path}: the switch goes to {tab.page.url}, not {en}")
            check(f"/en/{path}", tab.page.goto, en)
        w.copies += check(f"/en/{path}", visit, tab, "en", path, w.problems, False) or 0
        check(f"/en/{path}", check_switch_link, tab, zh, "switch back")
        accessibility(f"en/{path}")
    return w


def click_english(tab: Tab) -> None:
    tab.page.locator(".md-header .md-select").hover()
    with tab.page.expect_navigation():
        tab.page.locator(".md-header .md-select a[hreflang='en']").click()


def follow_english(tab: Tab) -> None:
    tab.page.goto(switch_link(tab, "en"), wait_until="load")


def check_switch_link(tab: Tab, expected: str, what: str) -> None:
    """The language menu's Chinese entry leads to `expected`."""
    got = switch_link(tab, "zh")
    assert got == expected, f"{what}: the language menu's 中文 leads to {got}, not {expected}"
