"""The browser worker tokenises queries the way torchkb/search/index.py tokenised the index."""

import json
import re
import subprocess
from pathlib import Path

from tools import require_tool

from torchkb import cjk
from torchkb.search.index import (
    DEFAULT_TUNING,
    STOP_WORDS,
    build_index,
    name_parts,
    normalise_word,
    query_meta,
    tokens,
)

WORKER = Path(__file__).resolve().parent.parent / "theme/assets/javascripts/kb-search-worker.js"
# the worker drops these query words (the index keeps them: BM25's idf makes them cheap);
# it reads them from the index's meta file, where torchkb/search/index.py writes them
STOP = set(STOP_WORDS)


def js_query_terms(queries: list[str], vocab: list[str], unsure: bool = False) -> list[list[str]]:
    """Run the worker's queryTerms() in node, with the given Chinese vocabulary (the
    worker reads it from the postings files of the query's characters); with `unsure`,
    the Chinese pieces another segmentation cuts across instead."""
    script = f"""
const vm = require("vm"), fs = require("fs")
const ctx = vm.createContext({{ self: {{ location: {{ href: "http://x/w.js?lang=zh" }} }},
  addEventListener() {{}}, URL, console }})
vm.runInContext(fs.readFileSync({json.dumps(str(WORKER))}, "utf8"), ctx)
ctx.indexMeta = {json.dumps({"query": query_meta(), "syn": []})}
vm.runInContext("configure(indexMeta)", ctx)
vm.runInContext(`var vocab = new Set(${{JSON.stringify({json.dumps(vocab)})}})`, ctx)
const out = {json.dumps(queries)}.map(q => vm.runInContext(
  `queryTerms(clean(${{JSON.stringify(q)}}), t => vocab.has(t),
    camelParts(${{JSON.stringify(q)}}))`, ctx))
  .map(([t, u]) => {"true" if unsure else "false"} ? [...u] : t)
console.log(JSON.stringify(out))
"""
    node = require_tool("node")
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_code_names_match_whole_and_by_parts() -> None:
    assert name_parts("torch.cuda.memory_allocated") == [
        "torch.cuda.memory_allocated",
        "cuda.memory_allocated",
        "memory_allocated",
        "torch",
        "cuda",
        "memory",
        "allocated",
    ]
    index_tokens = set(tokens("用 torch.cuda.memory_allocated() 查看"))
    assert {"memory_allocated", "torch.cuda.memory_allocated", "memory"} <= index_tokens


def test_worker_and_index_agree_on_english_and_code() -> None:
    samples = [
        "torch.cuda.empty_cache() frees cached blocks",
        "RuntimeError: view size is not compatible with input tensor's size",
        "pin_memory=True copies tensors faster",
        "cudnn.benchmark",
        "torch.OutOfMemoryError: CUDA out of memory; nn.ModuleList",
    ]
    for sample, js in zip(samples, js_query_terms(samples, []), strict=True):
        assert set(js) == set(tokens(sample)) - STOP, sample


def test_class_names_split_into_their_words() -> None:
    assert {"out", "of", "memory", "error", "outofmemoryerror"} <= set(
        tokens("torch.OutOfMemoryError")
    )
    assert {normalise_word("module"), "list", "modulelist"} <= set(tokens("nn.ModuleList"))


def test_worker_segments_chinese_with_the_index_vocabulary() -> None:
    text = "锁页内存存放的内容在任何情况下都不会与主机的虚拟内存进行交换"
    vocab = sorted({t for t in tokens(text) if re.fullmatch(f"[{cjk.SEARCH_HAN_CHARS}]+", t)})
    [terms] = js_query_terms(["锁页内存"], vocab)
    assert "锁页内存" in terms or {"锁页", "内存"} <= set(terms)
    assert set(terms) <= set(vocab)


def test_a_fragment_across_a_word_boundary_is_unsure() -> None:
    """涨不下来 segments as 不下|来 or 不|下来 alike: neither fragment may outweigh 显存."""
    vocab = ["显存", "不下", "下来", "一直"]
    [terms] = js_query_terms(["显存一直涨不下来"], vocab)
    [unsure] = js_query_terms(["显存一直涨不下来"], vocab, unsure=True)
    assert "显存" in terms and "显存" not in unsure
    assert {"不下", "下来"} & set(terms) and set(unsure) == {"不下", "下来"} & set(terms)


def test_pasted_error_noise_is_dropped() -> None:
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/train.py", line 42, in <module>\n    y.backward()\n'
        "RuntimeError: grad can be implicitly created only for scalar outputs"
    )
    [terms] = js_query_terms([paste], [])
    assert "home" not in terms and "42" not in terms and "train" not in terms
    assert {"grad", "implicitly", "scalar", "backward"} <= set(terms)


def test_index_keeps_statistics_per_section() -> None:
    index = build_index(
        [
            {"location": "p/", "title": "Page", "text": "intro"},
            {
                "location": "p/#a",
                "title": "pin_memory 锁页内存",
                "text": "DataLoader(pin_memory=True)",
            },
        ]
    )
    assert index["N"] == 2 and index["docs"][1]["p"] == "Page"
    # doc 1: once in the title (which counts `title_weight` times), once in the text
    assert index["terms"]["pin_memory"] == ([1], [1 + DEFAULT_TUNING.title_weight])


def test_rjieba_segments_as_jieba_does() -> None:
    """The index segments with rjieba (jieba's Rust port, for build speed): the same words
    as jieba's search mode with the same user dictionary, on the notes' own text."""
    import jieba

    import torchkb
    from torchkb.search import index as search
    from torchkb.sources.project import Project

    project = Project(torchkb.ROOT)
    user_dict = project.search_dir / search.USER_DICT_FILE
    jieba.setLogLevel(60)
    jieba.load_userdict(str(user_dict))
    runs = [
        run
        for topic in project.topics
        for s in topic.sections
        for run in search._HAN.findall(s.text["zh"]["body"])
    ][:400]
    assert len(runs) == 400
    differ = [
        r
        for r in runs
        if sorted(search._segment_han(r, user_dict))
        != sorted(w for w in jieba.cut_for_search(r) if w.strip())
    ]
    assert not differ, differ[:5]
