"""What a reader sees around the results (issue 28): every result names its page and its
section once, shows an excerpt that reads as text (code as code, never `torch . zeros (`,
never the editor's check lines), and the page it opens marks only what was typed."""

import re
import urllib.parse

import pytest
from pagewalk import Tab
from search_harness import PLACEHOLDERS

from torchkb.cjk import SEARCH_HAN_CHARS
from torchkb.search.index import STOP_WORDS

pytestmark = pytest.mark.browser

QUERIES = {
    "zh": ["pin_memory", "显存一直涨不下来怎么办", "梯度累加 x.grad.zero_()"],
    "en": ["pin_memory", "vram not freed after deleting tensor", "RuntimeError: view size"],
}
# a code excerpt tokenised by the index (`torch . zeros ( 1`, `str ( err )`)
TOKENISED = re.compile(r"\w \. \w|\w \( \w|\w \)|\[ \d")
# the editor's checks, folded out of pages and index
CHECK_LINES = re.compile(r"note_claim_holds|lesson_error|Does the note's claim hold")
ENDINGS = {"", "s", "es", "ed", "d", "ing"}
# each mark on the page opened: its text, the text right before and after it in its
# paragraph (or line of code), and whether it sits in a code block's name or output label
MARKS = """() => [...document.querySelectorAll('article mark')].map(m => {
  const block = m.closest('p, li, td, pre, h1, h2, h3, h4, h5, h6, div') || m.parentElement
  const range = document.createRange()
  range.selectNodeContents(block)
  range.setEndBefore(m)
  const before = range.toString()
  range.selectNodeContents(block)
  range.setStartAfter(m)
  return {text: m.textContent, before: before.slice(-40), after: range.toString().slice(0, 40),
    label: !!m.closest('.kb-code-name, .kb-output-name, .kb-foot, .headerlink')}
})"""
RESULTS = """(ph) => { const m = document.querySelector('.md-search-result__meta');
  return m && !new RegExp(ph, 'i').test(m.textContent) }"""
# per result: its header (h1), its sections' titles (h2) and each section's excerpt
READ = """() => [...document.querySelectorAll('.md-search-result__item')].map(li => ({
  h1: [...li.querySelectorAll('h1')].map(e => e.textContent.trim()),
  sections: [...li.querySelectorAll('article')].map(a => {
    const head = a.querySelector('h1, h2')
    const text = a.textContent.replace(head ? head.textContent : '', '').trim()
    return {title: head ? head.textContent.trim() : '', text, h1: head && head.tagName}
  }),
  href: li.querySelector('a').href,
}))"""


def search(tab: Tab, lang: str, query: str) -> list[dict]:
    pg = tab.page
    pg.goto(tab.base.rstrip("/") + ("/en/" if lang == "en" else "/"))
    box = pg.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.dispatch_event("keyup")
    pg.wait_for_function(RESULTS, arg=PLACEHOLDERS.pattern, timeout=15000)
    pg.wait_for_timeout(200)
    return pg.evaluate(READ)


@pytest.mark.parametrize("lang", QUERIES)
def test_results_name_page_and_section_once_with_a_text_excerpt(tab: Tab, lang: str) -> None:
    for query in QUERIES[lang]:
        results = search(tab, lang, query)
        assert results, query
        for r in results:
            titles = [s["title"] for s in r["sections"]]
            assert len(titles) == len(set(titles)), (query, titles)  # no title twice
            header = r["h1"][0]
            # the header names the page; a section's title is its heading, not the page's
            # name again ("Page › Section" then "Section")
            assert not any(t == header or t.startswith(header + " ›") for t in titles[1:]), (
                query,
                titles,
            )
            excerpts = [s["text"] for s in r["sections"] if s["text"]]
            assert excerpts, (query, r["href"], "no excerpt")
            for text in excerpts:
                assert not TOKENISED.search(text), (query, text)
                assert not CHECK_LINES.search(text), (query, text)


@pytest.mark.parametrize("lang", QUERIES)
def test_landing_page_marks_only_the_typed_words(tab: Tab, lang: str) -> None:
    for query in QUERIES[lang]:
        results = search(tab, lang, query)
        href = results[0]["href"]
        h = urllib.parse.parse_qs(urllib.parse.urlparse(href).query).get("h", [""])[0]
        assert len(href) < 400, href  # a link a reader can share
        typed = re.findall(rf"[a-z0-9_.]+|[{SEARCH_HAN_CHARS}]+", query.lower())
        for word in h.split():
            # never a completion of a typed word (tensor -> tensors, tensor.item), a file
            # name or a stop word: the typed words, the forms they matched, synonyms' words
            assert not any(word != w and word.startswith(w) for w in typed), (query, h, href)
            assert not word.endswith(".py") and word not in STOP_WORDS, (query, h, href)
        assert len(h.split()) <= 2 * len(typed) + 2, (query, h)
        tab.page.goto(href)
        tab.page.wait_for_timeout(300)
        marks = tab.page.evaluate(MARKS)
        assert marks, (query, href, "nothing marked")
        allowed = set(h.lower().split())
        for m in marks:
            word = m["text"].lower()
            # a typed word, or one of the endings the search folds (tensor ~ tensors)
            assert any(word == w or word.removeprefix(w) in ENDINGS for w in allowed), (query, m)
            if re.fullmatch(r"[a-z0-9_.]+", word):  # never part of a longer word or name
                assert not re.search(r"[A-Za-z0-9_]\Z", m["before"]), (query, m)
                assert not re.match(r"[A-Za-z0-9_]", m["after"]), (query, m)
                token = re.search(r"[\w./-]*$", m["before"])[0] + word
                token += re.match(r"[\w./-]*", m["after"])[0]
                assert not re.search(r"\.(py|ipynb|md|txt|json|ya?ml)$", token), (query, m)
            assert not m["label"], (query, m)  # not a code block's name or output label


def test_marks_are_whole_words_outside_labels_and_file_names(tab: Tab) -> None:
    """A page opened with ?h=error marks the word "error", never "Error" inside
    SyntaxError or RuntimeError, nor a file name or a code block's label holding it."""
    tab.page.goto(tab.base.rstrip("/") + "/en/errors/?h=error+output+memory_allocated")
    tab.page.wait_for_timeout(300)
    marks = tab.page.evaluate(MARKS)
    assert marks
    texts = {m["text"].lower() for m in marks}
    assert texts <= {"error", "errors", "output", "outputs", "memory_allocated"}, texts
    for m in marks:
        assert not re.search(r"[A-Za-z0-9_]\Z", m["before"]) and not re.match(
            r"[A-Za-z0-9_]", m["after"]
        ), m
        assert not m["label"], m


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_small_index_is_fetched_whole_before_the_first_query(
    browser, base_url: str, site, lang: str
) -> None:
    """No first query waits for a file: this site's index is small, so each language's is
    whole in its meta file (torchkb/search/index.py, whole_index_bytes), and once a page
    has loaded, with an empty HTTP cache and nothing typed, the worker has fetched it."""
    folder = site / "search" / f"kb-{lang}"
    wanted = {p.name for p in folder.iterdir()}
    assert wanted == {"meta.json.gz"}, sorted(wanted)
    context = browser.new_context()
    fetched: set[str] = set()
    context.on("requestfinished", lambda r: fetched.add(r.url.rsplit("/", 1)[-1]))
    try:
        page = context.new_page()
        page.goto(base_url.rstrip("/") + ("/en/" if lang == "en" else "/"))
        # what the test means: the file arrived (nothing typed); a worker's requests are
        # the page's in playwright, not in the page's own resource timing
        for _ in range(300):
            if wanted <= fetched:
                break
            page.wait_for_timeout(50)
    finally:
        context.close()
    assert wanted <= fetched, sorted(wanted - fetched)


def test_a_file_fetch_that_fails_once_costs_no_results(browser, base_url: str) -> None:
    """A network hiccup on an index file (the first request of each is aborted here: this
    site's whole index, in the meta file fetched as the page loads) does not leave the
    reader with no results: the worker forgets the failed fetch and fetches it again when
    a query needs it."""
    context = browser.new_context()
    failed: set[str] = set()

    def flaky(route) -> None:
        name = route.request.url.rsplit("/", 1)[-1]
        if name not in failed:
            failed.add(name)
            route.abort()
        else:
            route.continue_()

    context.route("**/search/kb-en/*.json.gz", flaky)
    try:
        tab = Tab(context.new_page(), base_url)
        search(tab, "en", "pin_memory")
        # the retried query's results may come after a first answer: wait for what the test
        # means (a result list), not for a fixed time; none within 15 s fails the test
        tab.page.wait_for_function(
            "() => document.querySelectorAll('.md-search-result__item').length > 0",
            timeout=15000,
        )
        hrefs = [r["href"] for r in tab.page.evaluate(READ)]
    finally:
        context.close()
    assert failed, "no index file was requested through the route"
    assert hrefs and "pin" in hrefs[0].lower(), hrefs[:3]
