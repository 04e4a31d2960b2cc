"""What the search answers (issue 40), as a reader meets it in the browser: a pasted error
with its runtime tail lands on the section that answers it; an error no page explains is
told so, above the nearest sections; the error index and every claim are results of their
own, in the reader's language; an excerpt keeps the code after a `<`; a pasted traceback
brings no noise (no "Missing" words, no unrelated section near the top)."""

import html
import re
import urllib.parse
from pathlib import Path

import pytest
from pagewalk import Tab
from search_harness import PLACEHOLDERS, SearchBox, Sections, holds, load_queries

from torchkb.sources.project import Project
from torchkb.sources.ui import strings

pytestmark = pytest.mark.browser

LANGS = ["zh", "en"]
PREFIX = {"zh": "/", "en": "/en/"}
# A CUDA out-of-memory message as readers paste it: torch 2.x's with a process list,
# torch 1.x's, and at the end of a traceback (torch's message formats; the site's own comes
# from the GPU run)
OUT_OF_MEMORY = [
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 1 has a total "
    "capacity of 79.10 GiB of which 1.02 GiB is free. Process 1183 has 40.22 GiB memory in use. "
    "Process 2297 has 37.80 GiB memory in use. Of the allocated memory 36.90 GiB is allocated "
    "by PyTorch, and 402.13 MiB is reserved by PyTorch but unallocated. If reserved but "
    "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
    "to avoid fragmentation.  See documentation for Memory Management  "
    "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total "
    "capacity; 5.12 GiB already allocated; 3.44 MiB free; 5.20 GiB reserved in total by "
    "PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid "
    "fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF",
    'Traceback (most recent call last):\n  File "/data/exp/train.py", line 131, in <module>\n'
    '    out = model(images)\n  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/'
    'conv.py", line 549, in _conv_forward\n    return F.conv2d(\ntorch.OutOfMemoryError: CUDA '
    "out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 10.75 GiB of "
    "which 301.56 MiB is free. Including non-PyTorch memory, this process has 10.44 GiB memory "
    "in use. Of the allocated memory 9.87 GiB is allocated by PyTorch, and 380.22 MiB is "
    "reserved by PyTorch but unallocated.",
]
# the words of the message's first sentence: what the page opened may mark
OUT_OF_MEMORY_WORDS = {"torch.outofmemoryerror", "runtimeerror", "cuda", "out", "of", "memory"}
# an error no page of the site explains (tests/search_queries_uncovered.tsv has more)
CUDNN_MISMATCH = (
    "RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but "
    "found runtime version (8, 5, 0). PyTorch already comes bundled with cuDNN. One option to "
    "resolving this error is to ensure PyTorch can find the bundled cuDNN."
)
# a device-side assert pasted from a terminal: assertion lines, traceback, CUDA's hints
DEVICE_SIDE_ASSERT = (
    "/pytorch/aten/src/ATen/native/cuda/IndexKernel.cu:93: operator(): block: [0,0,0], thread: "
    '[5,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` '
    'failed.\nTraceback (most recent call last):\n  File "train.py", line 42, in <module>\n'
    "    loss = criterion(out, y)\nRuntimeError: CUDA error: device-side assert triggered\nCUDA "
    "kernel errors might be asynchronously reported at some other API call, so the stacktrace "
    "below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile "
    "with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)
ROOT = Path(__file__).resolve().parent.parent
UNCOVERED = ROOT / "tests" / "search_queries_uncovered.tsv"
ENTRY = re.compile(r'<h3 id="(error-[^"]+)">(.*?)<a class="headerlink"', re.S)
PLACES = {"zh": "pytorch 常见报错汇总", "en": "list of pytorch errors with cause and fix"}
# per result: its link, its title (its section's heading, or its page's where it is the
# page), its excerpt and its "Missing:" line (none: "")
READ = """() => [...document.querySelectorAll('.md-search-result__item')].map(li => {
  const articles = [...li.querySelectorAll('article')]
  const own = articles.find(a => a.querySelector('h2')) || articles[0]
  const head = own.querySelector('h1, h2'), terms = own.querySelector('.md-search-result__terms')
  let text = own.textContent.replace(head ? head.textContent : '', '')
  if (terms) text = text.replace(terms.textContent, '')
  return {href: li.querySelector('a').href, title: head ? head.textContent.trim() : '',
    text: text.trim(),
    missing: [...li.querySelectorAll('.md-search-result__terms')].map(t => t.textContent).join()}
})"""
RESULTS = """(ph) => { const m = document.querySelector('.md-search-result__meta');
  return m && !new RegExp(ph, 'i').test(m.textContent)
    && document.querySelectorAll('.md-search-result__item').length > 0 }"""


def open_box(tab: Tab, lang: str):
    tab.page.goto(tab.base.rstrip("/") + PREFIX[lang])
    box = tab.page.locator("input.md-search__input")
    box.click()
    return box


def paste(tab: Tab, lang: str, text: str) -> list[dict]:
    """Paste `text` into the search box with Ctrl+V, as a reader does (a single-line box:
    its line breaks become spaces); the results once shown."""
    open_box(tab, lang)
    tab.page.evaluate("text => navigator.clipboard.writeText(text)", text)
    tab.page.keyboard.press("Control+V")
    tab.page.wait_for_function(RESULTS, arg=PLACEHOLDERS.pattern, timeout=15000)
    return tab.page.evaluate(READ)


def typed(tab: Tab, lang: str, text: str) -> list[dict]:
    box = open_box(tab, lang)
    box.fill(text)
    box.dispatch_event("keyup")
    tab.page.wait_for_function(RESULTS, arg=PLACEHOLDERS.pattern, timeout=15000)
    return tab.page.evaluate(READ)


def site_path(tab: Tab, href: str) -> str:
    """The link's path in the built site (the test server serves it under site_url's)."""
    base = urllib.parse.urlsplit(tab.base).path.rstrip("/")
    parts = urllib.parse.urlsplit(href)
    return parts.path.removeprefix(base) + (f"#{parts.fragment}" if parts.fragment else "")


def highlighted(href: str) -> list[str]:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(href).query).get("h", [""])[0].split()


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_error_with_its_runtime_tail_lands_on_its_answer(
    tab: Tab, site: Path, lang: str
) -> None:
    """An out-of-memory message with its allocator statistics, process list, advice and
    traceback lands first on a section that quotes it and says what to do (choose a free
    GPU: the error index's entry or the section it points to); no result lists the
    paste's words as missing, and the page opened marks the message's words, not its
    numbers or its tail."""
    sections = Sections(site, share=True)
    for text in OUT_OF_MEMORY:
        results = paste(tab, lang, text)
        first = results[0]
        assert holds(
            sections.text(site_path(tab, first["href"])), "out of memory;cuda_visible_devices"
        ), (
            text[:60],
            [site_path(tab, r["href"]) for r in results[:3]],
        )
        assert not any(r["missing"] for r in results), (text[:60], results[0]["missing"])
        marked = highlighted(first["href"])
        assert marked and set(marked) <= OUT_OF_MEMORY_WORDS, (text[:60], marked)


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_no_page_explains_is_told_so_above_the_nearest(tab: Tab, lang: str) -> None:
    """A cuDNN version mismatch, which no page quotes: the first result says, in the
    reader's language, that no page explains it, links to the error index, and the
    nearest sections follow; an error a page explains gets no such answer."""
    ui = strings(lang)["search"]
    results = paste(tab, lang, CUDNN_MISMATCH)
    note, *nearest = results
    assert note["title"] == ui["not_covered_title"], [r["title"] for r in results[:3]]
    assert note["text"] == ui["not_covered_text"]
    assert site_path(tab, note["href"]) == PREFIX[lang] + "errors/"
    assert len(nearest) >= 3 and all(r["title"] != note["title"] for r in nearest)
    answered = paste(tab, lang, OUT_OF_MEMORY[0])
    assert all(r["title"] != ui["not_covered_title"] for r in answered)


@pytest.mark.parametrize("lang", LANGS)
def test_most_errors_no_page_explains_are_told_so(site: Path, tab: Tab, lang: str) -> None:
    """The errors of tests/search_queries_uncovered.tsv, which no page explains: most are
    told so (an error whose first sentence is common words, "train.py FAILED", a worker
    "killed by signal", finds a section holding them all and goes untold). The answerable
    sets never are (tests/test_search.py)."""
    queries = [q.text for q in load_queries(UNCOVERED) if q.lang == lang]
    answers = SearchBox.shared(tab.page.context.browser, site, lang).search_many(queries)
    told = [q for q, a in zip(queries, answers, strict=True) if not isinstance(a, str) and a[2]]
    assert len(told) >= 0.75 * len(queries), set(queries) - set(told)


def error_entries(site: Path, lang: str) -> dict[str, str]:
    """The error index's entries: anchor -> message (its heading)."""
    page = (site / PREFIX[lang].lstrip("/") / "errors" / "index.html").read_text("utf-8")
    return {
        anchor: html.unescape(re.sub(r"<[^>]+>", "", heading)).strip()
        for anchor, heading in ENTRY.findall(page)
    }


def top3_lost(box: SearchBox, queries: dict[str, str]) -> list[tuple[str, list[str]]]:
    """The addresses (path#anchor) whose query, typed in one round trip, misses them in
    the top 3."""
    lost = []
    for where, answer in zip(queries, box.search_many(list(queries.values())), strict=True):
        hrefs = [] if isinstance(answer, str) else answer[0][:3]
        tops = [f"{u.path}#{u.fragment}" for u in map(urllib.parse.urlsplit, hrefs)]
        if where not in tops:
            lost.append((where, tops))
    return lost


@pytest.mark.parametrize("lang", LANGS)
def test_the_error_index_and_every_claim_are_results(tab: Tab, site: Path, lang: str) -> None:
    """The error index is a place: asked for a list of errors, the search answers with the
    page itself. Each of its entries and each claim is a result of its own: its message (its
    claim) finds it in the top 3, in the reader's language (the claims page's card)."""
    [first, *_] = typed(tab, lang, PLACES[lang])
    assert site_path(tab, first["href"]) == PREFIX[lang] + "errors/", first
    box = SearchBox.shared(tab.page.context.browser, site, lang)
    entries = error_entries(site, lang)
    assert len(entries) >= 20
    errors = {f"{PREFIX[lang]}errors/#{anchor}": message for anchor, message in entries.items()}
    assert not top3_lost(box, errors)
    claims = {
        f"{PREFIX[lang]}claims/#claim-{c.id}": c.claim.get(lang, c.claim.zh)
        for c in Project(ROOT).claims
    }
    assert not top3_lost(box, claims)


def test_an_excerpt_keeps_the_code_after_a_less_than_sign(tab: Tab) -> None:
    """The device-side assert section quotes `idx_dim >= 0 && idx_dim < index_size`: its
    excerpt shows it whole (made plain twice, the text between `<` and a later `>` went)."""
    results = typed(tab, "zh", "idx_dim index_size")
    [found] = [r for r in results if "debugging-device-side-assert" in r["href"]][:1]
    assert "idx_dim < index_size" in found["text"], found["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_traceback_brings_no_noise(tab: Tab, lang: str) -> None:
    """A device-side assert pasted with its assertion line, traceback and CUDA's hints:
    the section that explains it comes first, no result lists the paste's words as
    missing ("Missing: below"), and the section on .data and detach() (which quotes an
    unrelated RuntimeError) stays out of the top 3."""
    results = paste(tab, lang, DEVICE_SIDE_ASSERT)
    paths = [site_path(tab, r["href"]) for r in results]
    assert "#debugging-device-side-assert" in paths[0], paths[:3]
    assert not any(r["missing"] for r in results), [r["missing"] for r in results]
    assert not any("autograd-data-vs-detach" in p for p in paths[:3]), paths[:3]
