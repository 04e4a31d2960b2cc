"""Search: the index, built from the pages MkDocs renders (torchkb/search_hooks.py), and the
tokenizer the browser worker (theme/assets/javascripts/kb-search-worker.js) mirrors.

Chinese is segmented with jieba (its Rust port rjieba: same dictionary and algorithm, same
words on this site, 16x faster) plus a domain dictionary; code names are indexed whole
and by their parts (`torch.cuda.memory_allocated` -> `memory_allocated`, `memory`, ...);
English words get a light, symmetric suffix normalisation instead of lunr's stemmer.
The index is per language, so a reader's results stay in the reader's language.
"""

import functools
import gzip
import html
import json
import math
import multiprocessing as mp
import os
import re
import shutil
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import rjieba

import torchkb
from torchkb.errors import SourceError

USER_DICT = torchkb.NOTES / "search" / "userdict.txt"
GLOSSARY = torchkb.NOTES / "search" / "glossary.txt"

_TAG = re.compile(r"<[^>]+>")
_HAN = re.compile(r"[\u3400-\u9fff]+")
# identifiers, dotted names and calls: torch.cuda.memory_allocated(), x.grad, __getitem__
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*")
_WORD = re.compile(r"[a-z0-9]+")


_DOUBLE = re.compile(r"([b-df-hj-kmnp-rtv-y])\1$")  # stopp -> stop, but not fill, pass


@functools.lru_cache(maxsize=200_000)  # words repeat (Zipf): most calls are a lookup
def normalise_word(word: str) -> str:
    """A light English stemmer, mirrored in the worker, applied to index and query alike:
    copies/copied->copy, batches->batch, released/releasing/release->releas, stopped->stop,
    visualising/visualize/visualization->visualiz, accumulated/accumulation->accumul.
    Symmetric, so it need only conflate the forms a reader types, never produce words.
    (lunr's Porter stemmer is not used: on a zh+en build Material's pipeline stops English
    words matching at all.)"""
    w = word
    if len(w) <= 3 or not w.isalpha():
        return w  # short words, numbers and code-ish tokens (fp16, 3d) stay as they are
    if w.endswith(("ies", "ied")) and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "zes", "ches", "shes")):
        w = w[:-2]
    elif w.endswith("s") and w[-2] not in "suia":  # not class, status, analysis, bias
        w = w[:-1]
    for suffix in ("isation", "ization", "ation", "ing", "ed"):
        stem = w[: -len(suffix)]
        if w.endswith(suffix) and len(stem) >= 3 and any(c in "aeiouy" for c in stem):
            w = _DOUBLE.sub(r"\1", stem) if len(stem) >= 4 else stem
            w += "iz" if suffix in ("isation", "ization") else ""
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if w.endswith("at") and len(w) > 6:  # accumulat(e|ed) ~ accumul(ation)
        w = w[:-2]
    if w.endswith("is") and len(w) > 5 and w[-3] != "s":  # visualis(e) ~ visualiz(e)
        w = w[:-2] + "iz"
    return w


@functools.lru_cache(maxsize=100_000)
def _name_parts(name: str) -> tuple[str, ...]:
    return tuple(name_parts(name))


def name_parts(name: str) -> list[str]:
    """A code name, its dotted suffixes, and its parts: what a reader may type of it."""
    parts = name.split(".")
    out = [".".join(parts[i:]) for i in range(len(parts))]
    for part in parts:
        out += [p for p in part.split("_") if p]
    return out


@functools.cache
def _jieba() -> rjieba.Jieba:
    seg = rjieba.Jieba()
    if USER_DICT.exists():
        for line in USER_DICT.read_text(encoding="utf-8").splitlines():
            word, freq = (line.split() + ["50000"])[:2]
            seg.add_word(word, int(freq), None)
    return seg


def _segment_han(run: str) -> list[str]:
    return [w for w in _jieba().cut_for_search(run) if w.strip()]


def tokens(text: str) -> list[str]:
    """Index tokens of a text (lowercased): Chinese words, code names and their parts,
    English words."""
    text = text.lower()
    out: list[str] = []
    for run in _HAN.findall(text):
        out += _segment_han(run)
    for name in _NAME.findall(text):
        if "." in name or "_" in name:
            out += _name_parts(name)
    out += [normalise_word(w) for w in _WORD.findall(text)]
    return out


def plain(text: str) -> str:
    # Material joins jieba's words with U+200B: drop it, or a typed Chinese phrase never
    # matches the text verbatim (and jieba here would see only Material's fragments)
    text = _TAG.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    return " ".join(text.replace("\u200b", "").split())


# ---- sections of a rendered page ------------------------------------------------------
# Material's search plugin splits a page's HTML into sections the same way; its pass is
# skipped now (search_hooks.py), so this reads the pages instead: a section per heading
# with an id, the page's opening part (h1 or preface) at the page's own URL, and nothing
# of what Material's index leaves out (data-search-exclude: badges, provenance; line
# number tables; scripts and styles).
_HEADING = re.compile(r"<h([1-6])\b([^>]*)>(.*?)</h\1\s*>", re.S | re.I)
_ID = re.compile(r"""\bid\s*=\s*["']([^"']*)["']""")
_HEADERLINK = re.compile(r"<a\b[^>]*\bclass=[\"']headerlink[\"'][^>]*>.*?</a>", re.S)
_EXCLUDED = re.compile(
    r"""<([a-z][a-z0-9]*)\b(?=[^>]*(?:\sdata-search-exclude\b|\sclass=["']linenodiv["']))"""
    r"""[^>]*>""",
    re.I,
)
_EXCLUDED_MARKS = ("data-search-exclude", "linenodiv")  # found with str.find: fast
_DROPPED = re.compile(r"<(script|style|object)\b.*?</\1\s*>", re.S | re.I)


def _drop_excluded(page: str) -> str:
    """Cut out every element marked data-search-exclude (or a line-number table), with its
    nested elements of the same tag (a badge <span> holds <span>s)."""
    out, pos = [], 0
    # where each mark occurs next, found with str.find (fast) and looked for again only
    # once passed: pages are mostly highlighted code, thousands of tags, few excluded
    hits = {mark: page.find(mark) for mark in _EXCLUDED_MARKS}
    while True:
        for mark, i in hits.items():
            if 0 <= i < pos:
                hits[mark] = page.find(mark, pos)
        found = [i for i in hits.values() if i >= 0]
        if not found:
            break
        at = page.rfind("<", pos, min(found))
        m = _EXCLUDED.match(page, at) if at >= 0 else None
        if m is None:
            out.append(page[pos : min(found) + 1])
            pos = min(found) + 1
            continue
        out.append(page[pos:at])
        tag, depth, end = m.group(1).lower(), 1, m.end()
        if not m.group(0).endswith("/>"):
            tags = re.compile(rf"<(/?){tag}\b[^>]*>", re.I)
            while depth and (t := tags.search(page, end)) is not None:
                depth += -1 if t.group(1) else 1
                end = t.end()
            if depth:
                end = len(page)
        pos = end
    out.append(page[pos:])
    return "".join(out)


def page_sections(content: str, url: str, page_title: str) -> list[dict[str, str]]:
    """A rendered page's content -> [{location, title, text}], plain text."""
    content = _DROPPED.sub(" ", _drop_excluded(content))
    heads = [(m, _ID.search(m.group(2))) for m in _HEADING.finditer(content)]
    heads = [(m, i.group(1)) for m, i in heads if i]
    sections = []
    first = heads[0][0] if heads else None
    if first is not None and first.group(1) == "1" and not plain(content[: first.start()]):
        # the page opens with its h1: that is the page's own section
        sections.append({"location": url, "title": _title(first.group(3)), "start": first.end()})
        heads = heads[1:]
    else:
        sections.append({"location": url, "title": page_title, "start": 0})
    for m, sid in heads:
        sections[-1]["end"] = m.start()
        sections.append({"location": f"{url}#{sid}", "title": _title(m.group(3)), "start": m.end()})
    sections[-1]["end"] = len(content)
    return [
        {
            "location": s["location"],
            "title": s["title"],
            "text": plain(content[s["start"] : s["end"]]),
        }
        for s in sections
    ]


def _title(heading_html: str) -> str:
    return plain(_HEADERLINK.sub("", heading_html))


# ---- synonyms (query side) ------------------------------------------------------------
SYNONYMS = torchkb.NOTES / "search" / "synonyms.txt"
_SYN_LINE = re.compile(
    r"^(?P<typed>[^#]+?)\s*->\s*(?P<zh>[^|#]+?)\s*\|\s*(?P<en>[^#]+?)\s*"
    r"#\s*fixes:\s*(?P<fixes>.+?)\s*$"
)


def load_synonyms(path: Path = SYNONYMS) -> list[dict]:
    """notes/search/synonyms.txt: `typed, typed, ... -> 中文 | english  # fixes: q1 / q2`.
    A query holding a typed phrase searches for the language's words instead; `fixes`
    names the queries of tests/search_queries.tsv the entry is there for."""
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _SYN_LINE.match(line)
        if m is None:
            raise SourceError(path, n, "expected `typed, typed -> 中文 | english  # fixes: query`")
        typed = [t.strip().lower() for t in m["typed"].split(",") if t.strip()]
        fixes = [q.strip() for q in m["fixes"].split(" / ") if q.strip()]
        if not typed or not fixes:
            raise SourceError(path, n, "an entry needs typed phrases and the queries it fixes")
        out.append(
            {
                "line": n,
                "typed": typed,
                "zh": m["zh"].lower(),
                "en": m["en"].lower(),
                "fixes": fixes,
            }
        )
    return out


# ---- the index --------------------------------------------------------------------------
# BM25 is computed here, at build time: each posting carries its section's quantised score
# for the term (title weighted, length normalised, times the section's weight), so the
# worker needs no per-section numbers up front.
K1, B, TITLE_WEIGHT = 1.2, 0.75, 3
INTRO_WEIGHT = 0.6  # a page's intro only summarises its sections
SCORE_SCALE = 50  # posting score = round(SCORE_SCALE * weight * BM25 term factor)


def build_index(docs: list[dict]) -> dict:
    """Inverted index for one language: per term the sections holding it and the term's
    frequency there (title words count TITLE_WEIGHT times), sections' titles, texts and
    weights."""
    pages = {d["location"]: d.get("title", "") for d in docs if "#" not in d["location"]}
    boosts = {d["location"]: d["boost"] for d in docs if "#" not in d["location"] and "boost" in d}
    entries: list[dict] = []
    postings: dict[str, tuple[list[int], list[int]]] = {}
    for doc in docs:
        title, text = plain(doc.get("title", "")), plain(doc.get("text", ""))
        if not title and not text:
            continue
        page_url = doc["location"].split("#")[0]
        page = plain(pages.get(page_url, ""))
        n = len(entries)
        body, head = tokens(text), tokens(title)
        tf = Counter(body)
        for term in head:
            tf[term] += TITLE_WEIGHT
        for term, f in tf.items():
            entry = postings.get(term)
            if entry is None:
                postings[term] = entry = ([], [])
            entry[0].append(n)
            entry[1].append(f)
        # Material's documented per-page `search: {boost: x}` front matter, for all its
        # sections (the error index, a page of pointers, sets 0.5: the explaining section
        # comes first)
        boost = doc.get("boost", boosts.get(page_url, 1))
        weight = float(boost) * (1 if "#" in doc["location"] else INTRO_WEIGHT)
        entries.append(
            {
                "l": doc["location"],
                "t": title,
                "p": page if page != title else "",
                "x": text,
                "n": len(body) + len(head),
                "w": weight,
            }
        )
    avg = sum(e["n"] for e in entries) / max(len(entries), 1)
    return {
        "docs": entries,
        "terms": dict(sorted(postings.items())),
        "avg": round(avg, 2),
        "N": len(entries),
    }


def posting_score(tf: int, length: int, avg: float, weight: float) -> int:
    return max(
        1, round(SCORE_SCALE * weight * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg)))
    )


# The index is split into files fetched as a query needs them (as Pagefind does): the
# first result costs what the query needs, not the whole site.
CHUNK_BYTES = 40_000  # postings per file, about (before gzip); terms in sorted ranges
WORDS_BYTES = 24_000  # Chinese index words per file, about (before gzip)
DOC_BYTES = 12_000  # section texts per file, about (before gzip)
BLOCK = 64  # section id = file number * BLOCK + place in file
GZIP_LEVEL = 6  # level 9: 0.1% smaller at 10x the content, measured; not worth its time


def pack_postings(postings: list[list[int]]) -> list[int]:
    """[[section, score], ...] (ascending sections) -> flat [section gap, score, ...]."""
    flat, last = [], 0
    for doc, score in postings:
        flat += [doc - last, score]
        last = doc
    return flat


def unpack_postings(flat: list[int]) -> list[list[int]]:
    out, doc = [], 0
    for i in range(0, len(flat), 2):
        doc += flat[i]
        out.append([doc, flat[i + 1]])
    return out


def _separator(before: str, first: str) -> str:
    """Shortest prefix of `first` that sorts after `before`: enough to find the chunk."""
    for n in range(1, len(first) + 1):
        if first[:n] > before:
            return first[:n]
    return first


def shard_index(
    index: dict, synonyms: list[dict] | None = None, lang: str = "zh"
) -> dict[str, object]:
    """One language's index as the files the worker fetches:
    - meta: the one file loaded up front, growing only with the number of postings files:
      N, where each sorted range of terms (and words) starts, synonyms, query_meta();
    - t<k>: the postings of one range of terms, [section gap, score, ...] each: the
      Chinese words a typed phrase is segmented into, a half-typed word's completions
      and a misspelt word's neighbours are all found by range, as exact terms are;
    - w<k>: the Chinese index words of one sorted range, which a typed Chinese phrase is
      segmented against;
    - d<j>: [location, title, page title, text] of consecutive sections, fetched for a
      query's top candidates only (verbatim phrases, teasers, result titles)."""
    docs = index["docs"]
    ids, block, size, place = [], 0, 0, 0
    files: dict[str, object] = {}
    current: list[list[str]] = []
    for d in docs:
        if current and (size >= DOC_BYTES or place == BLOCK):
            files[f"d{block}"], current, block, size, place = current, [], block + 1, 0, 0
        ids.append(block * BLOCK + place)
        current.append([d["l"], d["t"], d["p"], d["x"]])
        size += len(d["x"].encode()) + len(d["t"].encode()) + len(d["l"])
        place += 1
    if current:
        files[f"d{block}"] = current
    # posting_score(), per section constants hoisted: millions of postings at 100x
    avg = index["avg"] or 1
    scale = [SCORE_SCALE * d["w"] * (K1 + 1) for d in docs]
    norm = [K1 * (1 - B + B * d["n"] / avg) for d in docs]
    starts, chunk, size, last = [], {}, 0, ""
    for term, (ns, tfs) in index["terms"].items():  # sorted
        if chunk and size >= CHUNK_BYTES:
            files[f"t{len(starts) - 1}"], chunk, size = chunk, {}, 0
        if not chunk:
            starts.append(_separator(last, term) if starts else "")
        flat, prev = [], 0
        for n, f in zip(ns, tfs, strict=True):
            score = round(scale[n] * f / (f + norm[n]))
            flat += (ids[n] - prev, score if score > 1 else 1)
            prev = ids[n]
        chunk[term] = flat
        size += len(term) + 6 * len(ns)
        last = term
    if chunk:
        files[f"t{len(starts) - 1}"] = chunk
    # the Chinese words alone, in sorted ranges too: a typed Chinese phrase is segmented
    # against them before any postings are fetched (the vocabulary barely grows with the
    # content; the postings do)
    words, word_starts, size, last_word = [], [], 0, ""
    for term in index["terms"]:
        if _HAN.fullmatch(term):
            if words and size >= WORDS_BYTES:
                files[f"w{len(word_starts) - 1}"], words, size = words, [], 0
            if not words:
                word_starts.append(_separator(last_word, term) if word_starts else "")
            words.append(term)
            size += 3 * len(term) + 3
            last_word = term
    files[f"w{max(len(word_starts) - 1, 0)}"] = words
    files["meta"] = {
        "N": index["N"],
        "ids": (block + 1) * BLOCK,  # section ids are below this: the worker's arrays
        "block": BLOCK,
        "chunks": starts,
        "words": word_starts or [""],
        "syn": [[s["typed"], s[lang]] for s in synonyms or []],
        "query": query_meta(),
    }
    return files


# ---- the query side: settings the worker reads from each language's meta file ----------
# Query words the worker drops (the index keeps them: BM25's idf makes them cheap).
STOP_WORDS = tuple(
    (
        "a an and are as at be by can do does for from how i in is it of on or the this that "
        "to was what when why with you your 的 了 是 在 吗 呢 怎么 如何 什么 为什么 怎样 时 "
        "时候 会 要 和 与 及 一个 "
        # function and question words a reader adds around the terms that matter
        "都 被 把 也 就 还 又 很 吧 啊 呀 么 得 地 着 过 这 那 这个 那个 这样 那样 哪 哪些 "
        "哪个 我 你 他 它 我们 有 有没有 能 能不能 可以 应该 需要 一下 一直 总是 老是 东西 "
        # the same in English: pronouns, modals, pieces of contractions (don't -> don t)
        "my me we our they their its there which where who should would could will need "
        "t s don doesn didn isn aren wasn"
    ).split()
)
QUERY_SETTINGS = {
    # ten results, as many as Material's list shows before "more": each costs a fetch of
    # its section's text, so fetching twenty doubled a query's time at 100x the content
    # (measured)
    "max_results": 10,
    "rerank": 10,  # candidates whose text is fetched for phrase scoring and teasers
    "scale": SCORE_SCALE,  # posting scores are BM25 term factors x this
    # a half-typed last word: its completions count at prefix_weight of a whole word, at
    # most prefix_max of them (the most frequent), from prefix_min letters on
    "prefix_min": 3,
    "prefix_max": 40,
    "prefix_weight": 0.5,
    # a word the index lacks: its neighbours one edit away (two from 8 letters on),
    # sharing the first two letters, at typo_weight of a whole word
    "typo_min": 5,
    "typo_max": 5,
    "typo_weight": 0.7,
    "longest_word": 16,  # longest Chinese word tried when segmenting a query
    # a single Chinese character left over by segmentation (一, 多, 用, 上 ...) is mostly
    # a function word: it counts at this weight, so a question's few real words decide
    "single_han_weight": 0.3,
}


def query_meta() -> dict:
    """The meta file's `query`: QUERY_SETTINGS and the stop words."""
    return {**QUERY_SETTINGS, "stop": list(STOP_WORDS)}


def write_index(folder: Path, docs: list[dict], synonyms: list[dict], lang: str) -> Path:
    """Write one language's index into `folder` as gzipped JSON files (the worker
    inflates them with the browser's DecompressionStream)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name, content in shard_index(build_index(docs), synonyms, lang).items():
        data = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
        (folder / f"{name}.json.gz").write_bytes(gzip.compress(data, GZIP_LEVEL, mtime=0))
    return folder


def write_indexes(
    site: Path, docs_by_lang: dict[str, list[dict]], synonyms: list[dict] | None = None
) -> dict[str, Path]:
    """Write search/kb-<lang>/ for each language given; the languages are independent,
    so with more than one core each is built in its own (forked) process."""
    jobs = {
        lang: (site / "search" / f"kb-{lang}", docs, synonyms or [], lang)
        for lang, docs in docs_by_lang.items()
    }
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if len(jobs) < 2 or cores < 2 or "fork" not in mp.get_all_start_methods():
        return {lang: write_index(*job) for lang, job in jobs.items()}
    _jieba()  # load the dictionary once, before forking
    with ProcessPoolExecutor(min(len(jobs), cores), mp_context=mp.get_context("fork")) as pool:
        futures = {lang: pool.submit(write_index, *job) for lang, job in jobs.items()}
        return {lang: f.result() for lang, f in futures.items()}


def idf(df: int, n: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def build_user_dict(root: Path = torchkb.ROOT) -> Path:
    """jieba user dictionary: the hand-kept glossary plus every topic tag, section-title
    term in backticks or bold, sorted, so jieba keeps domain terms whole."""
    from torchkb.canonical import load_topics

    terms: set[str] = set()
    glossary = root / "notes" / "search" / "glossary.txt"
    if glossary.exists():
        terms |= {
            line.split()[0]
            for line in glossary.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")
        }
    for topic in load_topics(root / "notes" / "topics"):
        terms |= {t for t in topic.tags.get("zh", []) if _HAN.search(t) and " " not in t}
        for section in topic.sections:
            body = section.text["zh"]["body"]
            terms |= {m for m in re.findall(r"\*\*([^*\n]{2,12})\*\*", body) if _HAN.fullmatch(m)}
    path = root / "notes" / "search" / "userdict.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{t} 50000\n" for t in sorted(terms)), encoding="utf-8")
    return path
