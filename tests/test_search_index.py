"""The split search index: what torchkb/search.py writes is what the worker reads."""

import json
import subprocess
from pathlib import Path

import pytest
from tools import require_tool

from torchkb.search import (
    build_index,
    pack_postings,
    shard_index,
    shard_of,
    unpack_postings,
)

WORKER = Path(__file__).resolve().parent.parent / "theme/assets/javascripts/kb-search-worker.js"

DOCS = [
    {"location": "gpu/", "title": "显存", "text": "显存与内存：锁页内存、缓存分配器"},
    {"location": "gpu/#pinned", "title": "锁页内存 pin_memory",
     "text": "DataLoader(pin_memory=True) 把数据放进锁页内存，拷贝到 GPU 更快"},
    {"location": "gpu/#cache", "title": "缓存分配器",
     "text": "torch.cuda.memory_allocated() 与 torch.cuda.empty_cache() 查看和释放显存"},
    {"location": "data/", "title": "数据", "text": "内存 内存 内存 数据集 内存"},
    {"location": "data/#batch", "title": "批处理",
     "text": "TypeError: default_collate: batch must contain tensors, numpy arrays, numbers"},
    {"location": "errors/", "title": "错误", "text": "错误信息索引", "boost": 0.5},
    {"location": "errors/#collate", "title": "batch must contain tensors",
     "text": "TypeError: default_collate: batch must contain tensors 见批处理"},
]


def test_postings_pack_and_unpack() -> None:
    postings = [[0, 1, 2], [3, 0, 1], [17, 0, 5]]
    assert pack_postings(postings) == [0, 1, 2, 3, 0, 1, 14, 0, 5]
    assert unpack_postings(pack_postings(postings)) == postings


def test_every_term_is_in_its_shard_and_every_document_in_its_block() -> None:
    index = build_index(DOCS)
    files = shard_index(index)
    meta = files["meta.json"]
    for term, postings in index["terms"].items():
        shard = files[f"t{shard_of(term, meta['shards'])}.json"]
        assert unpack_postings(shard[term]) == postings, term
    blocks = sorted((k for k in files if k.startswith("d")), key=lambda k: int(k[1:-5]))
    docs = [doc for k in blocks for doc in files[k]]
    assert [d[0] for d in docs] == [d["l"] for d in index["docs"]]
    assert meta["len"] == [d["n"] for d in index["docs"]]
    assert meta["page"][1] == meta["page"][0] != meta["page"][3]
    assert meta["intro"] == [0, 3, 5]
    assert meta["weight"]["5"] == pytest.approx(0.5 * 0.6)  # boost x intro
    assert "锁页" in meta["vocab"] and "pin_memory" not in meta["vocab"]


def worker_search(tmp_path: Path, queries: list[str]) -> list[list[list]]:
    """Write the split index to tmp_path and run the worker's search() in node over it,
    with fetch reading those files: each query's results, in order, as [location, teaser
    HTML, {word: matched}] (Material highlights the page it opens with the words)."""
    node = require_tool("node")
    folder = tmp_path / "search" / "kb-zh"
    folder.mkdir(parents=True)
    for name, content in shard_index(build_index(DOCS)).items():
        (folder / name).write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    script = f"""
const vm = require("vm"), fs = require("fs"), url = require("url")
const fetch = async u => {{
  const path = url.fileURLToPath(u)
  return fs.existsSync(path) ? {{ ok: true, json: async () => JSON.parse(fs.readFileSync(path)) }}
                             : {{ ok: false, status: 404 }}
}}
const href = url.pathToFileURL({json.dumps(str(tmp_path / "assets/javascripts/w.js"))}) + "?lang=zh"
const ctx = vm.createContext({{ self: {{ location: {{ href }} }}, addEventListener() {{}},
  URL, console, fetch }})
vm.runInContext(fs.readFileSync({json.dumps(str(WORKER))}, "utf8"), ctx)
;(async () => {{
  await vm.runInContext("setup()", ctx)
  const out = []
  for (const q of {json.dumps(queries)}) {{
    const r = await vm.runInContext(`search(${{JSON.stringify(q)}})`, ctx)
    out.push(r.items.map(group => [group[0].location, group[0].text, group[0].terms]))
  }}
  console.log(JSON.stringify(out))
}})()
"""
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_worker_ranks_from_the_split_files(tmp_path: Path) -> None:
    results = worker_search(tmp_path, [
        "锁页内存", "memory_allocated", "TypeError: batch must contain tensors", "量子"])
    pinned, cache, collate, nothing = ([r[0] for r in rs] for rs in results)
    # the section on 锁页内存 beats the page dense in 内存; its page's intro is not shown
    assert pinned[0] == "gpu/#pinned" and "gpu/" not in pinned
    assert cache[0] == "gpu/#cache"
    # the explaining section outranks the error index (boost 0.5), which still shows
    assert collate[:2] == ["data/#batch", "errors/#collate"]
    assert nothing == []


def test_teasers_mark_whole_typed_words(tmp_path: Path) -> None:
    [[(location, text, terms), *_]] = worker_search(tmp_path, ["Batches must CONTAIN tensor"])
    assert location == "data/#batch"
    # typed words, not their stems, reach Material's page highlight (?h=)
    assert {"batches", "contain", "tensor"} <= set(terms) and "batch" not in terms
    # stems mark whole words of the text: batch ~ batches, tensor ~ tensors
    assert "<mark>batch</mark>" in text and "<mark>tensors</mark>" in text
    assert "<mark>contain</mark>" in text
