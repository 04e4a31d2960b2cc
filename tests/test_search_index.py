"""The split search index: what torchkb/search/index.py writes is what the worker reads."""

import gzip
import json
import re
import subprocess
from pathlib import Path

import pytest
from tools import require_tool

from torchkb import cjk
from torchkb.search import index as search
from torchkb.search.index import (
    DEFAULT_TUNING,
    SYNONYMS_FILE,
    QueryTuning,
    SearchTuning,
    build_index,
    index_files,
    load_synonyms,
    pack_postings,
    page_sections,
    shard_index,
    unpack_postings,
)
from torchkb.sources.project import Project

WORKER = Path(__file__).resolve().parent.parent / "theme/assets/javascripts/kb-search-worker.js"
SYNONYMS = Project(Path(__file__).resolve().parent.parent).search_dir / SYNONYMS_FILE

DOCS = [
    {"location": "gpu/", "title": "显存", "text": "显存与内存：锁页内存、缓存分配器"},
    {
        "location": "gpu/#pinned",
        "title": "锁页内存 pin_memory",
        "text": "DataLoader(pin_memory=True) 把数据放进锁页内存，拷贝到 GPU 更快",
    },
    {
        "location": "gpu/#cache",
        "title": "缓存分配器",
        "text": "torch.cuda.memory_allocated() 与 torch.cuda.empty_cache() 查看和释放显存",
    },
    {"location": "data/", "title": "数据", "text": "内存 内存 内存 数据集 内存"},
    {
        "location": "data/#batch",
        "title": "批处理",
        "text": "TypeError: default_collate: batch must contain tensors, numpy arrays, numbers",
    },
    {"location": "errors/", "title": "错误", "text": "错误信息索引", "boost": 0.5},
    {
        "location": "errors/#collate",
        "title": "batch must contain tensors",
        "text": "TypeError: default_collate: batch must contain tensors 见批处理",
    },
]


def test_postings_pack_and_unpack() -> None:
    postings = [[0, 50], [3, 12], [17, 1]]
    assert pack_postings(postings) == [0, 50, 3, 12, 14, 1]
    assert unpack_postings(pack_postings(postings)) == postings


def files_of(docs: list[dict], tuning: SearchTuning = DEFAULT_TUNING) -> tuple[dict, dict]:
    index = build_index(docs, tuning)
    return index, shard_index(index, load_synonyms(SYNONYMS), "zh", tuning=tuning)


def chunk_of(starts: list[str], term: str) -> int:
    """The worker's chunkOf(): the last postings file whose first term is <= term."""
    return max(k for k, start in enumerate(starts) if start <= term)


@pytest.mark.parametrize("chunk_bytes", [40_000, 50])  # one postings file, or many
def test_every_term_is_in_its_range_and_every_section_in_its_block(chunk_bytes: int) -> None:
    index, files = files_of(DOCS, SearchTuning(chunk_bytes=chunk_bytes, doc_bytes=60))
    meta = files["meta"]
    starts = meta["chunks"]
    assert starts == sorted(starts) and starts[0] == ""
    assert (len(starts) > 5) == (chunk_bytes == 50)
    ids = {}
    for name, block in files.items():
        if name.startswith("d"):
            for place, doc in enumerate(block):
                ids[doc[0]] = int(name[1:]) * meta["block"] + place
    assert sorted(ids) == sorted(d["l"] for d in index["docs"])
    for term, (ns, _) in index["terms"].items():
        chunk = files[f"t{chunk_of(starts, term)}"]
        flat = unpack_postings(chunk[term])
        assert [d for d, _ in flat] == [ids[index["docs"][n]["l"]] for n in ns]
        assert all(score >= 1 for _, score in flat)
    # a prefix's terms are in the files of its range, as the worker looks for them
    terms = [t for t in index["terms"] if t.startswith("pin")]
    ks = range(chunk_of(starts, "pin"), chunk_of(starts, "pin\uffff") + 1)
    assert terms and all(any(t in files[f"t{k}"] for k in ks) for t in terms)


def test_meta_does_not_grow_with_the_sections() -> None:
    """The one file loaded up front grows only with the number of postings files
    (sorted term ranges) and the words only reader phrasings hold (`hidden`: a few
    hundred, written by hand), not with the sections or the pages' vocabulary."""
    many = [
        dict(d, location=d["location"].replace("/", f"{i}/", 1)) for i in range(60) for d in DOCS
    ]
    _, small = files_of(DOCS)
    _, large = files_of(many)
    assert len(large["meta"]["chunks"]) == len(small["meta"]["chunks"]) == 1
    assert large["meta"]["N"] == 60 * small["meta"]["N"]
    # as written, split: the files' names in it too, one hash per postings and words file
    # and one for all the section texts
    split = SearchTuning(whole_index_bytes=0)
    written = [
        json.loads(gzip.decompress(index_files(f, split)["meta.json.gz"])) for f in (small, large)
    ]
    size = [len(json.dumps(meta, ensure_ascii=False)) for meta in written]
    assert size[1] - size[0] < 10
    assert set(written[1]) == {
        *("N", "ids", "block", "chunks", "words", "syn", "colloq", "hidden", "query"),
        *("uncovered", "files", "version"),
    }
    # the Chinese words, in their own files: what a typed phrase is segmented against
    words = [w for k in range(len(large["meta"]["words"])) for w in large[f"w{k}"]]
    assert words == sorted(
        t for t in build_index(many)["terms"] if re.fullmatch(f"[{cjk.SEARCH_HAN_CHARS}]+", t)
    )


def test_weights_and_boosts_are_in_the_scores() -> None:
    """BM25 is computed at build time: each posting's score carries its section's length,
    title hit and weight (`search: boost` of its page; `intro_weight` for an intro, which a
    boost below 1 leaves as it is: the intro of the error index says what the page is)."""
    index, files = files_of(DOCS)
    docs = index["docs"]
    intro = DEFAULT_TUNING.intro_weight
    assert [d["w"] for d in docs] == pytest.approx([intro, 1, 1, intro, 1, intro, 0.5])
    assert [bool(d.get("place")) for d in docs] == [False] * 5 + [True, False]
    for term, (ns, tfs) in index["terms"].items():
        got = dict(unpack_postings(files["t0"][term]))
        for n, tf in zip(ns, tfs, strict=True):
            d = docs[n]
            assert got[n] == search.posting_score(tf, d["n"], index["avg"], d["w"])
    # the same words score less in the boosted-down error index than where explained
    collate = dict(unpack_postings(files["t0"]["collate"]))
    assert collate[6] < collate[4]


MATERIAL_PAGE = """<h1 id="gpu">GPU<a class="headerlink" href="#gpu">¶</a></h1>
<p>显存与内存 <span class="kb-badges" data-search-exclude>CPU ✓</span> 之后</p>
<h2 id="pinned">锁页内存 <code>pin_memory</code><a class="headerlink" href="#pinned">¶</a></h2>
<p class="kb-provenance" data-search-exclude>来源：笔记 001 第 3–9 行</p>
<p>DataLoader(<code>pin_memory=True</code>) 更快 &lt;fast&gt;</p>
<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1
2</pre></div></td><td class="code"><pre>x = 1</pre></td></tr></table>
<script>var secret = 1</script>
<h3>No id here</h3><p>still pinned</p>
<h3 id="cache">缓存</h3><ul><li>empty_cache()</li></ul>
"""


def test_page_sections_match_materials_parser() -> None:
    """The hook reads a page into the sections Material's search plugin would make."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(MATERIAL_PAGE)
    parser.close()
    theirs = [
        (
            ("#" + s.id) if s.id else "",
            search.plain("".join(s.title)),
            search.plain("".join(s.text)),
        )
        for s in parser.data
    ]
    ours = [
        (s["location"].removeprefix("gpu/"), s["title"], s["text"])
        for s in page_sections(MATERIAL_PAGE, "gpu/", "GPU page")
    ]
    assert ours == theirs
    text = " ".join(t for _, _, t in ours)
    assert "CPU ✓" not in text and "来源" not in text and "secret" not in text
    assert "<fast>" in text and "No id here" in text


def test_nested_excluded_markup_is_dropped_whole() -> None:
    """Badges are spans of spans: all of it stays out (Material's parser, which matches
    closing tags by name, lets the text after the first inner span through)."""
    page = (
        '<h2 id="a">A</h2><p>before <span class="kb-badges" data-search-exclude>'
        '<span class="kb-badge">CPU ✓</span> <span class="kb-badge">GPU: not yet run'
        "</span></span> after</p>"
    )
    [_, section] = page_sections(page, "p/", "P")
    assert section["text"] == "before after"


def test_a_page_is_read_into_sections_in_one_pass() -> None:
    """What the page reader must get right at once: the opening h1 is the page's own
    section, a permalink is no part of a title, inline tags join a code name while block
    tags part words, entities are text (once: `&amp;lt;` stays `&lt;`), U+200B goes,
    excluded spans in spans go whole, a script goes, a card is a section of its own under
    the h2 above it and is cut out of that h2's text, and a heading's parent is the
    nearest higher heading below h1."""
    page = (
        '<h1 id="t">Tensors<a class="headerlink" href="#t">¶</a></h1>'
        "<p>Call <code><span>torch</span><span>.</span><span>zeros</span></code>"
        "(1)</p><p>a &lt; b &amp;lt; c</p>"
        '<h2 id="views">Views <code>x.view</code><a class="headerlink" href="#views">¶</a></h2>'
        '<p>share <span data-search-exclude><span class="kb-badge">CPU <span>✓</span>'
        "</span> hidden</span>storage\u200b内存</p><script>var x = '<p>no</p>'</script>"
        '<div class="kb-claim" id="c1" data-search-section data-search-title="Verified: 1 &lt; 2">'
        "<div><p>checked</p></div><div>again</div></div><p>after the card</p>"
        '<h3 id="deep">Deep</h3><li>one</li><li>two</li>'
    )
    assert page_sections(page, "t/", "Page title") == [
        {"location": "t/", "title": "Tensors", "text": "Call torch.zeros(1) a < b &lt; c"},
        {
            "location": "t/#views",
            "title": "Views x.view",
            "text": "share storage内存 after the card",
        },
        {"location": "t/#deep", "title": "Deep", "text": "one two", "parent": "Views x.view"},
        {
            "location": "t/#c1",
            "title": "Verified: 1 < 2",
            "text": "checked again",
            "parent": "Views x.view",
        },
    ]
    # text before the h1: the page's title heads the opening section, the h1 is a section
    opened = page_sections("<p>intro</p>" + page, "t/", "Page title")
    assert [(s["location"], s["title"]) for s in opened[:2]] == [
        ("t/", "Page title"),
        ("t/#t", "Tensors"),
    ]
    assert search.plain("<li>a</li><li><em>b</em>&gt;c\u200b</li>") == "a b>c"


def write_index_files(
    tmp_path: Path,
    docs: list[dict],
    synonyms: list[dict],
    colloquial: list[dict] | None = None,
    tuning: SearchTuning = DEFAULT_TUNING,
    uncovered: dict[str, str] | None = None,
) -> None:
    """The split Chinese index of `docs` as the site writes it (gzipped, named by content),
    where the worker fetches it under tmp_path."""
    folder = tmp_path / "search" / "kb-zh"
    search.write_index(folder, docs, synonyms, "zh", colloquial, uncovered, tuning)


def worker_search(
    tmp_path: Path,
    queries: list[str],
    docs: list[dict] = DOCS,
    synonyms: list[dict] | None = None,
    worker: Path = WORKER,
    colloquial: list[dict] | None = None,
    tuning: SearchTuning = DEFAULT_TUNING,
    uncovered: dict[str, str] | None = None,
) -> list[list[list]]:
    """Write the split index to tmp_path and run the worker's search() in node over it,
    with fetch reading those files (`tuning`: the index's, and the query settings its
    meta file hands the worker): each query's results, in order, as [location, teaser
    HTML, {word: matched}] (the location as written in the index: the worker adds the
    matched words as `?h=`, which theme/assets/javascripts/kb.js marks on the page)."""
    node = require_tool("node")
    syn = load_synonyms(SYNONYMS) if synonyms is None else synonyms
    write_index_files(tmp_path, docs, syn, colloquial, tuning, uncovered)
    script = f"""
const vm = require("vm"), fs = require("fs"), url = require("url")
const fetch = async u => {{
  const path = url.fileURLToPath(u)
  return fs.existsSync(path) ? new Response(fs.readFileSync(path)) : {{ ok: false, status: 404 }}
}}
const href = url.pathToFileURL({json.dumps(str(tmp_path / "assets/javascripts/w.js"))}) + "?lang=zh"
const ctx = vm.createContext({{ self: {{ location: {{ href }} }}, addEventListener() {{}},
  URL, console, fetch, Response, Blob, DecompressionStream, TextDecoder }})
vm.runInContext(fs.readFileSync({json.dumps(str(worker))}, "utf8"), ctx)
;(async () => {{
  await vm.runInContext("setup()", ctx)
  const out = []
  for (const q of {json.dumps(queries)}) {{
    const r = await vm.runInContext(`search(${{JSON.stringify(q)}})`, ctx)
    // the section's address without the ?h= of the words found (in `terms` too)
    out.push(r.items.map(group => [group[0].location.replace(/\\?h=[^#]*/, ""), group[0].text,
      group[0].terms]))
  }}
  console.log(JSON.stringify(out))
}})()
"""
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("whole_bytes", [DEFAULT_TUNING.whole_index_bytes, 0])  # one, or split
def test_worker_ranks_from_the_split_files(tmp_path: Path, whole_bytes: int) -> None:
    queries = ["锁页内存", "memory_allocated", "TypeError: batch must contain tensors", "量子"]
    tuning = SearchTuning(whole_index_bytes=whole_bytes)
    results = worker_search(tmp_path, queries, tuning=tuning)
    pinned, cache, collate, nothing = ([r[0] for r in rs] for rs in results)
    # the section on 锁页内存 beats the page dense in 内存; its page's intro is not shown
    assert pinned[0] == "gpu/#pinned" and "gpu/" not in pinned
    assert cache[0] == "gpu/#cache"
    # the explaining section outranks the error index (boost 0.5), which still shows
    assert collate[:2] == ["data/#batch", "errors/#collate"]
    assert nothing == []


def test_a_spoken_verb_finds_the_written_word(tmp_path: Path) -> None:
    """notes/search/colloquial.txt: 不动 (spoken) reaches 冻结 (written), as one word, not
    不|动; a spoken form the pages use themselves (占) is matched as it is."""
    docs = [
        {"location": "nn/#freeze", "title": "冻结参数", "text": "requires_grad_(False) 冻结其他层"},
        {"location": "nn/#still", "title": "静止", "text": "不 动 不 动 其他层 其他层"},
        {"location": "gpu/#use", "title": "显存占用", "text": "模型 参数 占用 显存"},
        {"location": "gpu/#seat", "title": "占位", "text": "占 一个 位置"},
    ]
    classes = [
        {"spoken": ["不动"], "written": ["冻结"]},
        {"spoken": ["占"], "written": ["占用"]},
    ]
    frozen, seat = worker_search(tmp_path, ["其他层不动", "占"], docs, [], colloquial=classes)
    assert frozen[0][0] == "nn/#freeze", frozen
    assert {"不动": True, "冻结": True}.items() <= frozen[0][2].items(), frozen[0][2]
    assert [r[0] for r in seat] == ["gpu/#seat"]
    [plain] = worker_search(tmp_path / "b", ["其他层不动"], docs, [])
    assert plain[0][0] == "nn/#still"  # without the class: the characters 不, 动


def test_worker_takes_its_settings_from_the_meta_file(tmp_path: Path) -> None:
    """The query settings and stop words (QueryTuning, torchkb/search/index.py) reach the
    worker through meta."""
    [before] = worker_search(tmp_path / "a", ["内存"])
    one = SearchTuning(query=QueryTuning(max_results=1))
    [after] = worker_search(tmp_path / "b", ["内存"], tuning=one)
    assert len(before) > 1 and after == before[:1]
    stop = SearchTuning(query=QueryTuning(stop_words=(*search.STOP_WORDS, "内存")))
    assert worker_search(tmp_path / "c", ["内存"], tuning=stop) == [[]]


def test_teasers_mark_whole_typed_words(tmp_path: Path) -> None:
    [[(location, text, terms), *_]] = worker_search(tmp_path, ["Batches must CONTAIN tensor"])
    assert location == "data/#batch"
    # typed words, not their stems, reach the page highlight (?h=)
    assert {"batches", "contain", "tensor"} <= set(terms) and "batch" not in terms
    # stems mark whole words of the text: batch ~ batches, tensor ~ tensors
    assert "<mark>batch</mark>" in text and "<mark>tensors</mark>" in text
    assert "<mark>contain</mark>" in text


WORDS = [
    {"location": "t/", "title": "Tensors", "text": "tensors in brief"},
    {
        "location": "t/#view",
        "title": "view and contiguous",
        "text": "view needs a contiguous tensor: call contiguous() after permute or transpose",
    },
    {"location": "t/#container", "title": "Containers", "text": "a container holds tensors"},
    {"location": "t/#content", "title": "Content", "text": "the content of a tensor"},
    {"location": "t/#memory", "title": "Memory", "text": "memory memory keeps growing"},
    {
        "location": "g/#alloc",
        "title": "GPU memory allocation",
        "text": "torch.cuda.memory_allocated() shows the gpu memory a program uses; delete "
        "tensors and call empty_cache() when gpu memory keeps growing. " + "More words. " * 60,
    },
    {"location": "g/#pin", "title": "锁页内存", "text": "pin_memory=True 使用锁页内存"},
]


def test_half_typed_last_word_matches_as_a_prefix_below_whole_words(tmp_path: Path) -> None:
    results = worker_search(tmp_path, ["conti", "contig", "content", "memory_alloc"], WORDS)
    conti, contig, content, alloc = ([r[0] for r in rs] for rs in results)
    assert conti[0] == "t/#view" and "t/#container" not in conti  # cont-i-nuous only
    assert contig == ["t/#view"]
    assert content[0] == "t/#content"  # the whole word first, its longer forms after
    assert alloc[0] == "g/#alloc"


def test_synonyms_replace_the_typed_phrase(tmp_path: Path) -> None:
    synonyms = [
        {
            "typed": ["vram", "video card memory"],
            "zh": "gpu memory",
            "en": "gpu memory",
            "fixes": [],
        },
        {"typed": ["页锁定"], "zh": "锁页", "en": "pinned", "fixes": []},
    ]
    results = worker_search(
        tmp_path, ["video card memory use", "VRAM", "页锁定内存"], WORDS, synonyms
    )
    assert [r[0][0] for r in results] == ["g/#alloc", "g/#alloc", "g/#pin"]
    without = worker_search(tmp_path / "none", ["VRAM"], WORDS, [])
    assert without == [[]]


def test_misspelt_words_match_their_neighbours(tmp_path: Path) -> None:
    results = worker_search(tmp_path, ["contigous tensor", "emtpy_cache", "pin_memroy"], WORDS)
    assert [r[0][0] for r in results] == ["t/#view", "g/#alloc", "g/#pin"]


def test_long_question_ranks_the_section_covering_its_distinctive_words(tmp_path: Path) -> None:
    """A short section dense in one common word ("memory") loses to the section that
    covers the question's distinctive words."""
    [ranked] = worker_search(
        tmp_path, ["why does my gpu memory keep growing even though i delete the tensors"], WORDS
    )
    assert ranked[0][0] == "g/#alloc"
    assert [r[0] for r in ranked].index("t/#memory") > 0


def test_a_word_typed_run_together_finds_its_halves(tmp_path: Path) -> None:
    """batchsize, which the index lacks, finds the section with both batch and size (its
    halves, each an index word) and marks them; without the split it finds nothing."""
    docs = [
        {"location": "training/#accum", "title": "梯度积累", "text": "变相增大 batch size"},
        {"location": "data/#batch", "title": "批", "text": "每个 batch 一组样本"},
        {"location": "nn/#size", "title": "尺寸", "text": "输出的 size 取整"},
    ]
    [joined] = worker_search(tmp_path, ["梯度 batchsize"], docs, [])
    assert joined[0][0] == "training/#accum", joined
    assert joined[0][2].get("batch size") is True, joined[0][2]
    longer = SearchTuning(query=QueryTuning(split_min=5))  # batch|size: 5 + 4 letters
    [unsplit] = worker_search(tmp_path / "b", ["batchsize"], docs, [], tuning=longer)
    assert unsplit == []


def test_query_words_close_together_on_the_page_rank_higher(tmp_path: Path) -> None:
    """Neighbouring words of a Chinese query (转置, 之后) found close together in a section
    lift it above one that holds the same words as often, far apart. The control: with
    near_weight 0 the two tie, and the one indexed first comes first."""
    docs = [
        # one word of 45 letters keeps 转置 and 之后 apart without adding words
        {
            "location": "t/#far",
            "title": "形状",
            "text": "张量转置 pneumonoultramicroscopicsilicovolcanoconiosis 之后 view",
        },
        {"location": "t/#near", "title": "形状", "text": "张量转置（permute）之后 view"},
    ]
    [close] = worker_search(tmp_path, ["张量转置之后没法view"], docs, [])
    assert [r[0] for r in close] == ["t/#near", "t/#far"]
    unweighted = SearchTuning(query=QueryTuning(near_weight=0))
    [apart] = worker_search(tmp_path / "b", ["张量转置之后没法view"], docs, [], tuning=unweighted)
    assert [r[0] for r in apart] == ["t/#far", "t/#near"]


def test_an_empty_query_is_answered_at_once(tmp_path: Path) -> None:
    """Material sends the box's value as the worker becomes ready, empty as a rule (its
    answer turns "Initializing search" into the placeholder). Answered after the queries
    before it, that answer could arrive once the reader has begun typing and read "no
    results" for what was typed; so an empty query is answered at once, and overtakes a
    typed query still in the queue (a cleared box shows no stale results)."""
    node = require_tool("node")
    write_index_files(tmp_path, DOCS, [])
    script = f"""
const vm = require("vm"), fs = require("fs"), url = require("url")
const fetch = async u => new Response(fs.readFileSync(url.fileURLToPath(u)))
const href = url.pathToFileURL({json.dumps(str(tmp_path / "assets/javascripts/w.js"))}) + "?lang=zh"
const posted = [], listeners = []
const ctx = vm.createContext({{ self: {{ location: {{ href }} }}, URL, console, fetch, Response,
  Blob, DecompressionStream, TextDecoder, postMessage: m => posted.push(m),
  addEventListener: (_, f) => listeners.push(f) }})
vm.runInContext(fs.readFileSync({json.dumps(str(WORKER))}, "utf8"), ctx)
const send = data => listeners.forEach(f => f({{ data }}))
const answers = () => posted.splice(0).map(m => m.type === 3 ? m.data.items.length : "ready")
const settle = () => new Promise(r => setTimeout(r, 300))
;(async () => {{
  const out = []
  send({{ type: 0 }}); send({{ type: 2, data: "" }})
  out.push(answers())  // before the worker has run anything else
  await settle(); out.push(answers())
  send({{ type: 2, data: "锁页内存" }}); await settle(); out.push(answers())
  send({{ type: 2, data: "锁页内存 pin_memory" }}); send({{ type: 2, data: " " }})
  await settle(); out.push(answers())
  console.log(JSON.stringify(out))
}})()
"""
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    at_once, setup, typed, cleared = json.loads(done.stdout)
    assert at_once == [0]
    assert setup == ["ready"]
    assert typed and typed[0] > 0
    assert cleared == [0]  # the typed query overtaken by the cleared box is not answered


def test_an_element_marked_as_a_section_of_its_own_is_one() -> None:
    """A claims card (data-search-section, its title in data-search-title) is a result of
    its own under the heading above it; a heading over such cards only is none itself."""
    page = (
        '<h1 id="claims">Claims</h1><p>Every claim, checked.</p>'
        '<h2 id="tensors">Tensors</h2>'
        '<div class="kb-claim" id="claim-a" data-search-section '
        'data-search-title="Verified: a &lt; b">'
        "<div><p>The note says: a &lt; b</p></div></div>"
        '<div class="kb-claim" id="claim-b" data-search-section data-search-title="Correction: c">'
        "<p>In fact: not c</p></div>"
    )
    sections = page_sections(page, "claims/", "Claims")
    assert [(s["location"], s["title"], s.get("parent")) for s in sections] == [
        ("claims/", "Claims", None),
        ("claims/#claim-a", "Verified: a < b", "Tensors"),
        ("claims/#claim-b", "Correction: c", "Tensors"),
    ]
    assert [s["text"] for s in sections] == [
        "Every claim, checked.",
        "The note says: a < b",
        "In fact: not c",
    ]


def test_a_quoted_less_than_sign_keeps_what_follows_it() -> None:
    """Section texts are plain already: what lies between a `<` and a later `>` of a quoted
    assertion stays in the index (it was dropped as a tag when made plain twice)."""
    text = 'Assertion `idx_dim >= 0 && idx_dim < index_size && "index out of bounds"` failed.'
    [section] = build_index([{"location": "d/#a", "title": "assert", "text": text}])["docs"]
    assert section["x"] == text


def test_files_are_named_by_their_content() -> None:
    """Every file but meta is named by its content, so a browser's cache can never hand the
    worker one deploy's file for another's: the same index, the same names; a section
    changed, other names; meta names exactly the files written."""
    split = SearchTuning(whole_index_bytes=0)  # split, as a large site's is
    first = index_files(shard_index(build_index(DOCS), [], "zh"), split)
    again = index_files(shard_index(build_index(DOCS), [], "zh"), split)
    assert first == again
    changed = [
        dict(d, text=d["text"] + " 新") if d["location"] == "gpu/#cache" else d for d in DOCS
    ]
    second = index_files(shard_index(build_index(changed), [], "zh"), split)
    assert {n for n in first if n[0] == "d"}.isdisjoint(second)
    for files in (first, second):
        meta = json.loads(gzip.decompress(files["meta.json.gz"]))
        named = {
            *(f"t{k}.{h}.bin.gz" for k, h in enumerate(meta["files"]["t"])),
            *(f"w{k}.{h}.json.gz" for k, h in enumerate(meta["files"]["w"])),
            *(n for n in files if n.startswith("d") and meta["files"]["d"] in n),
        }
        assert named == set(files) - {"meta.json.gz"}


def test_a_small_index_is_whole_in_its_meta_file() -> None:
    """At most whole_index_bytes, the index is one file, its meta file (the worker's one
    fetch as a page loads), holding every split file's content; a changed section changes
    its version, as a deploy's new file names would."""
    _, files = files_of(DOCS)
    written = index_files(files)
    assert list(written) == ["meta.json.gz"]
    meta = json.loads(gzip.decompress(written["meta.json.gz"]))
    assert "files" not in meta
    assert meta["whole"] == json.loads(json.dumps({n: c for n, c in files.items() if n != "meta"}))
    changed = [dict(d, text=d["text"] + " 新") if d is DOCS[0] else d for d in DOCS]
    again = json.loads(gzip.decompress(index_files(files_of(changed)[1])["meta.json.gz"]))
    assert again["version"] != meta["version"]


def test_a_worker_that_meets_a_new_deploy_starts_over(tmp_path: Path) -> None:
    """The site is deployed again while a page is open: the files the worker's meta names
    are gone. Its next query that needs a file it has not fetched fails once, fetches the
    new meta file and is answered from the new deploy's files, never a mix of the two."""
    node = require_tool("node")
    # a large site's index: split, a few terms a postings file, a few sections a text file
    tuning = SearchTuning(whole_index_bytes=0, chunk_bytes=50, doc_bytes=60)
    deploys = {}
    for name, docs in (
        ("old", DOCS),
        ("new", [*DOCS, {"location": "gpu/#new", "title": "新节", "text": "pin_memory 新的"}]),
    ):
        search.write_index(tmp_path / name / "search" / "kb-zh", docs, [], "zh", tuning=tuning)
        deploys[name] = str(tmp_path / name)
    script = f"""
const vm = require("vm"), fs = require("fs"), url = require("url"), path = require("path")
const deploys = {json.dumps(deploys)}
let live = "old"
const fetch = async u => {{
  const rel = url.fileURLToPath(u).split("/search/")[1], p = path.join(deploys[live], "search", rel)
  return fs.existsSync(p) ? new Response(fs.readFileSync(p)) : {{ ok: false, status: 404 }}
}}
const href = "file:///site/assets/javascripts/w.js?lang=zh", posted = [], listeners = []
const ctx = vm.createContext({{ self: {{ location: {{ href }} }}, URL, fetch, Response, Blob,
  console: {{ warn() {{}} }}, DecompressionStream, TextDecoder, postMessage: m => posted.push(m),
  addEventListener: (_, f) => listeners.push(f) }})
vm.runInContext(fs.readFileSync({json.dumps(str(WORKER))}, "utf8"), ctx)
const send = data => listeners.forEach(f => f({{ data }}))
// the worker's answer to the query sent: wait for it to be posted
const answer = async () => {{
  while (!posted.some(m => m.type === 3)) await new Promise(r => setTimeout(r, 5))
  const [result] = posted.splice(0).filter(m => m.type === 3)
  return result.data.items.map(g => g[0].location.replace(/\\?h=[^#]*/, ""))
}}
;(async () => {{
  send({{ type: 0 }}); send({{ type: 2, data: "显存" }})
  const before = await answer()
  live = "new"
  send({{ type: 2, data: "pin_memory" }})
  console.log(JSON.stringify([before, await answer()]))
}})()
"""
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    before, after = json.loads(done.stdout)
    assert "gpu/#new" not in before and "gpu/#new" in after, (before, after)


def test_the_plugin_search_option_tunes_the_index() -> None:
    """mkdocs.yml's `torchkb: {search: ...}` is a SearchTuning: unset, the defaults (the
    index this site ships); set, those fields over them; a wrong name or type stops the
    build's config check."""
    from torchkb.site.plugin import KnowledgeBaseConfig

    def load(options: dict) -> tuple[list, object]:
        config = KnowledgeBaseConfig()
        config.load_dict(options)
        errors, _ = config.validate()
        return errors, config.search

    assert load({}) == ([], DEFAULT_TUNING)
    tuned = {"whole_index_bytes": 0, "query": {"max_results": 20, "stop_words": ["a"]}}
    want = SearchTuning(whole_index_bytes=0, query=QueryTuning(max_results=20, stop_words=("a",)))
    assert load({"search": tuned}) == ([], want)
    for wrong in ({"chunk": 1}, {"query": {"max_results": "10"}}, {"k1": True}):
        errors, _ = load({"search": wrong})
        assert [name for name, _ in errors] == ["search"], wrong


def test_one_error_raised_with_other_shapes_is_one_result(tmp_path: Path) -> None:
    """Two entries of one page whose headings are the same message but for a number (the
    error index: the in-place error from a tensor of 3 and one of 4) are one result: the
    entry holding the numbers pasted. Short headings that differ in a number (步骤 1, 步骤 2)
    stay two results, and so do the same messages on two pages."""
    message = (
        "RuntimeError: one of the variables needed for gradient computation has been "
        "modified by an inplace operation: [torch.FloatTensor [{}]], which is output 0 of "
        "Sigmoid, is at version 1; expected version 0 instead."
    )
    docs = [
        {"location": "errors/#four", "title": message.format(4), "text": message.format(4)},
        {"location": "errors/#three", "title": message.format(3), "text": message.format(3)},
        {"location": "autograd/#three", "title": message.format(3), "text": message.format(3)},
        {"location": "steps/#one", "title": "Step 1 of inplace", "text": "inplace operation"},
        {"location": "steps/#two", "title": "Step 2 of inplace", "text": "inplace operation"},
    ]
    [three, four, steps] = worker_search(
        tmp_path, [message.format(3), message.format(4), "inplace operation"], docs, []
    )
    found = [r[0] for r in three]
    assert "errors/#three" in found and "errors/#four" not in found, found
    assert "autograd/#three" in found, found
    found = [r[0] for r in four]
    assert "errors/#four" in found and "errors/#three" not in found, found
    assert {"steps/#one", "steps/#two"} <= {r[0] for r in steps}, steps


def test_a_message_copied_with_escaped_line_breaks_finds_its_entry(tmp_path: Path) -> None:
    """A message copied from a log or a repr() keeps its line breaks as the characters
    \n and \t. Its head ends where the first line did, so the entry quoting that line is
    found and no "no page explains this error" comes first."""
    entry = (
        "RuntimeError: Error(s) in loading state_dict for Net: Missing key(s) in state_dict: "
        '"conv.weight", "fc.bias". Unexpected key(s) in state_dict: "module.conv.weight".'
    )
    docs = [
        {"location": "errors/", "title": "错误信息索引", "text": "报错汇总", "boost": 0.5},
        {"location": "errors/#load", "title": entry, "text": entry, "boost": 0.5},
        {"location": "training/#prefix", "title": "state_dict 键名的 module. 前缀", "text": "保存"},
        {"location": "nn/#weights", "title": "backbone", "text": "backbone bn1 conv1 weight bias"},
    ]
    keys = ("conv1.weight", "bn1.weight", "bn1.bias", "bn1.running_mean")
    pasted = (
        r"RuntimeError: Error(s) in loading state_dict for DataParallel:\n\tMissing key(s) in "
        + "state_dict: "
        + ", ".join(f'"module.backbone.{k}"' for k in keys)
    )
    uncovered = {"location": "errors/", "title": "没有页面解释这条错误", "text": "最接近的段落"}
    [found] = worker_search(tmp_path, [pasted], docs, [], uncovered=uncovered)
    assert found[0][0] == "errors/#load" and "没有页面" not in found[0][1], found


def test_a_phrasing_does_not_answer_a_pasted_error(tmp_path: Path) -> None:
    """A section's reader phrasings are hidden words that find it, not an explanation: a
    pasted error whose words only a phrasing holds is still told that no page explains
    it, above the nearest sections. The control: the same words in the section's text
    answer it."""
    pasted = "RuntimeError: DataLoader worker is killed by signal: Killed."
    workers = {"location": "data/#workers", "title": "num_workers", "text": "子进程读数据"}
    docs = [
        {"location": "errors/", "title": "错误信息索引", "text": "报错汇总", "boost": 0.5},
        {**workers, "phrasings": ["DataLoader worker killed by a signal"]},
        {"location": "data/#other", "title": "其它", "text": "batch 与 shuffle"},
    ]
    uncovered = {"location": "errors/", "title": "没有页面解释这条错误", "text": "最接近的段落"}
    [hidden] = worker_search(tmp_path / "a", [pasted], docs, [], uncovered=uncovered)
    assert hidden[0][:2] == ["errors/", uncovered["text"]], hidden
    assert "data/#workers" in [r[0] for r in hidden]  # found, below the note
    shown = {**workers, "text": "子进程读数据：a DataLoader worker killed by a signal"}
    [answered] = worker_search(
        tmp_path / "b", [pasted], [docs[0], shown, docs[2]], [], uncovered=uncovered
    )
    assert answered[0][0] == "data/#workers", answered


def test_a_word_only_phrasings_hold_still_finds_what_the_pages_say(tmp_path: Path) -> None:
    """A spoken word or a run-together word that only a section's reader phrasings hold
    (no page uses it) still searches for the pages' words: the written words for the
    spoken one, the halves of the run-together one (a worker that takes any index word
    as a page's finds only the phrasing's section: both asserts failed on it)."""
    docs = [
        {"location": "gpu/#grow", "title": "用量增长", "text": "训练 时 用量 一直 增长"},
        {"location": "data/#batch", "title": "batch", "text": "batch size 与 显存"},
        {
            "location": "gpu/#free",
            "title": "释放",
            "text": "释放 缓存",
            "phrasings": ["显存涨了 batchsize"],
        },
    ]
    colloquial = [{"line": 1, "spoken": ["涨"], "written": ["增长"], "why": "rise"}]
    spoken, joined = worker_search(
        tmp_path, ["显存涨", "batchsize"], docs, [], colloquial=colloquial
    )
    assert "gpu/#grow" in [r[0] for r in spoken], spoken
    assert "data/#batch" in [r[0] for r in joined], joined
    assert "gpu/#free" in [r[0] for r in spoken] and "gpu/#free" in [r[0] for r in joined]


def test_a_claim_card_names_the_section_it_belongs_to() -> None:
    """data-search-of (the card's link to its section, as Markdown wrote it) becomes the
    section's search location, beside the claims page in the same language."""
    card = (
        '<h2 id="nn">nn</h2><div class="kb-claim" id="claim-a" data-search-section '
        'data-search-title="Correction: a" data-search-of="nn.md#nn-conv-bias">a</div>'
    )
    [*_, zh] = page_sections(card, "claims/", "Claims")
    [*_, en] = page_sections(card, "en/claims/", "Claims")
    assert zh["of"] == "nn/#nn-conv-bias" and en["of"] == "en/nn/#nn-conv-bias"


CARD_AND_SECTION = [
    {
        "location": "nn/#conv-bias",
        "title": "卷积的偏置",
        "text": "卷积后面接 BatchNorm 时可以不要偏置",
    },
    {"location": "claims/", "title": "核查", "text": "笔记的说法", "boost": 0.5},
    {
        "location": "claims/#claim-conv-bias",
        "title": "成立：卷积后面接 BatchNorm 不需要偏置 bias",
        "text": "笔记说：卷积后面接 BatchNorm 不需要偏置 bias。事实：BN 减去了偏置 bias。"
        "不迁移时 RuntimeError: running_mean should contain 3 elements",
        "of": "nn/#conv-bias",
    },
    {"location": "nn/#other", "title": "其它", "text": "BatchNorm 的统计量"},
]


def test_a_claim_card_follows_its_section(tmp_path: Path) -> None:
    """A claim card that outscores its own section (it repeats the claim's words) is shown
    right after it. A typed query puts the section first wherever it ranks, and where it is
    not among the candidates at all (its text holds none of the words the card matched),
    it is fetched; a pasted error (which a card may only quote) moves the card only where
    its section is among the first card_section results."""
    queries = [
        "卷积 BatchNorm 偏置 bias",
        "事实 BN 减去",
        "RuntimeError: running_mean should contain 3 elements",
    ]
    first, fetched, pasted = worker_search(tmp_path / "a", queries, CARD_AND_SECTION)
    assert [r[0] for r in first[:2]] == ["nn/#conv-bias", "claims/#claim-conv-bias"]
    assert [r[0] for r in fetched[:2]] == ["nn/#conv-bias", "claims/#claim-conv-bias"]
    assert [r[0] for r in pasted] == ["claims/#claim-conv-bias"]  # control: a paste
    far = SearchTuning(query=QueryTuning(card_section=0, card_paste_weight=1.0))
    [typed] = worker_search(tmp_path / "b", queries[:1], CARD_AND_SECTION, tuning=far)
    assert [r[0] for r in typed[:2]] == ["nn/#conv-bias", "claims/#claim-conv-bias"]
    [paste] = worker_search(
        tmp_path / "c", ["RuntimeError: 卷积 BatchNorm 偏置 bias"], CARD_AND_SECTION, tuning=far
    )
    # control: a paste (its card at full weight), its section too far down
    assert paste[0][0] == "claims/#claim-conv-bias"


def test_a_card_after_a_subsection_that_its_section_lends_its_text_to(tmp_path: Path) -> None:
    """The card's section has no text of its own and shows its subsection's (#anaconda,
    whose anchor does not extend the section's): the section or the subsection comes right
    before the card, and the excerpt they share is shown once, whether both are candidates
    or the section is fetched (the subsection below the card)."""
    docs = [
        {"location": "env/#channels", "title": "channels 的顺序", "text": ""},
        {
            "location": "env/#anaconda",
            "title": "Anaconda",
            "text": ".condarc 中 channels 是有顺序的，装成了 CPU 版",
            "parent": "channels 的顺序",
        },
        {"location": "claims/", "title": "核查", "text": "笔记的说法", "boost": 0.5},
        {
            "location": "claims/#claim-channels",
            "title": "按源码更正：Anaconda 的 main 在前会装成 CPU 版",
            "text": "笔记说 .condarc 的 channels 有顺序；Anaconda 的 main 在前装成 CPU 版",
            "of": "env/#channels",
        },
        {"location": "env/#other", "title": "其它", "text": "CUDA 版本"},
    ]
    # with four sections that outrank the section, it is not a candidate and is fetched
    fillers = [
        {"location": f"env/#f{i}", "title": f"F{i}", "text": "main 与 CPU 版"} for i in range(4)
    ]
    query = ["anaconda main 在前 CPU 版"]
    for where, corpus in (("a", docs), ("b", docs + fillers)):
        [results] = worker_search(tmp_path / where, query, corpus)
        locations = [r[0] for r in results]
        shared = [loc for loc in locations if loc in ("env/#channels", "env/#anaconda")]
        assert len(shared) == 1, locations
        card = locations.index("claims/#claim-channels")
        assert locations[card - 1] == shared[0], locations


def test_a_pasted_error_prefers_the_section_that_explains_it_to_a_card_quoting_it(
    tmp_path: Path,
) -> None:
    """A claim card may quote an error as one consequence of its claim: for that error
    pasted, the section explaining it comes first (card_paste_weight); with the card at
    full weight (the control), the card, which quotes more of the paste, would."""
    docs = [
        *CARD_AND_SECTION,
        {
            "location": "nn/#bn-stats",
            "title": "BatchNorm 的统计量与通道数",
            "text": "报错 running_mean should contain ... elements：BatchNorm 的通道数不对",
        },
    ]
    paste = ["RuntimeError: running_mean should contain 3 elements not 4"]
    [ranked] = worker_search(tmp_path / "a", paste, docs)
    assert ranked[0][0] == "nn/#bn-stats"
    full = SearchTuning(query=QueryTuning(card_paste_weight=1.0))
    [control] = worker_search(tmp_path / "b", paste, docs, tuning=full)
    assert control[0][0] == "claims/#claim-conv-bias"


HEADINGS = [
    {
        "location": "t/#broadcasting",
        "title": "Broadcasting",
        "text": "shapes are compared from right to left; a dimension of size 1 is stretched",
    },
    {
        "location": "t/#broadcast-error",
        "title": "The error when shapes cannot broadcast",
        "text": "RuntimeError: the size of tensor a (3) differs from tensor b (4) at "
        "dimension 1: shapes that cannot broadcast",
    },
]


def test_a_typed_query_prefers_the_section_whose_heading_it_covers(tmp_path: Path) -> None:
    """The section headed by what was asked comes first; without the heading's weight the
    one that repeats the words does. Not for a paste, whose words are a message's."""
    query = ["how does broadcasting match shapes"]
    [covered] = worker_search(tmp_path / "a", query, HEADINGS)
    assert covered[0][0] == "t/#broadcasting"
    flat = SearchTuning(query=QueryTuning(heading_weight=0))
    [repeated] = worker_search(tmp_path / "b", query, HEADINGS, tuning=flat)
    assert repeated[0][0] == "t/#broadcast-error"


def test_a_heading_lends_the_first_text_below_it_through_empty_subheadings() -> None:
    """An h2 and its h3 with no text of their own over an h4 whose anchor the page's slug
    made (#anaconda: it does not extend theirs, its heading above is the h3) both show the
    h4's text; a next section that is not under the heading lends nothing (the control)."""
    docs = [
        {"location": "env/#install", "title": "安装：channels 的顺序", "text": ""},
        {"location": "env/#install--steps", "title": "安装", "text": "", "parent": "安装"},
        {
            "location": "env/#anaconda",
            "title": "Anaconda",
            "text": ".condarc 中 channels 是有顺序的",
            "parent": "安装",
        },
        {"location": "env/#empty", "title": "空的标题", "text": ""},
        {"location": "env/#next", "title": "下一节", "text": "别的内容", "parent": "别的"},
    ]
    index = build_index(docs)
    files = shard_index(index)
    shown = {e[0]: (e[3], e[5] if len(e) > 5 else 0) for e in files["d0"]}
    lent = (".condarc 中 channels 是有顺序的", search.LENT)
    assert shown["env/#install"] == lent
    assert shown["env/#install--steps"] == lent
    assert shown["env/#empty"] == ("", 0)  # the control: the next section is not under it


def test_a_heading_that_lends_its_subsection_text_is_one_result_with_it(tmp_path: Path) -> None:
    """A heading with no text of its own shows its first subsection's excerpt: both match
    the same words, and the reader would see the same excerpt twice."""
    docs = [
        {"location": "nn/#conv-bias", "title": "卷积的 bias", "text": ""},
        {
            "location": "nn/#conv-bias--why",
            "title": "卷积后接 BN 时设为 bias=False",
            "text": "BN 会减去每个通道的均值，卷积的 bias 被一起减掉",
        },
        {"location": "nn/#other", "title": "其它", "text": "卷积 的 通道"},
    ]
    [results] = worker_search(tmp_path, ["卷积 bias"], docs)
    locations = [r[0] for r in results]
    assert len({"nn/#conv-bias", "nn/#conv-bias--why"} & set(locations)) == 1
    assert "nn/#other" in locations
