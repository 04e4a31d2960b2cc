"""Search tuning: one tokenizer for the index (here, at build time) and for queries (the
browser worker theme/assets/javascripts/kb-search-worker.js mirrors `query_terms`).

Chinese is segmented with jieba plus a domain dictionary; code names are indexed whole
and by their parts (`torch.cuda.memory_allocated` -> `memory_allocated`, `memory`, ...);
English words get a light, symmetric suffix normalisation instead of lunr's stemmer.
The index is per language, so a reader's results stay in the reader's language.
"""

import html
import json
import math
import re
import shutil
from collections import Counter
from pathlib import Path

import jieba

import torchkb

USER_DICT = torchkb.NOTES / "search" / "userdict.txt"
GLOSSARY = torchkb.NOTES / "search" / "glossary.txt"

_TAG = re.compile(r"<[^>]+>")
_HAN = re.compile(r"[\u3400-\u9fff]+")
# identifiers, dotted names and calls: torch.cuda.memory_allocated(), x.grad, __getitem__
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*")
_WORD = re.compile(r"[a-z0-9]+")
_jieba_ready = False


_DOUBLE = re.compile(r"([b-df-hj-kmnp-rtv-y])\1$")  # stopp -> stop, but not fill, pass


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


def name_parts(name: str) -> list[str]:
    """A code name, its dotted suffixes, and its parts: what a reader may type of it."""
    parts = name.split(".")
    out = [".".join(parts[i:]) for i in range(len(parts))]
    for part in parts:
        out += [p for p in part.split("_") if p]
    return out


def _segment_han(run: str) -> list[str]:
    global _jieba_ready
    if not _jieba_ready:
        jieba.setLogLevel(60)
        if USER_DICT.exists():
            jieba.load_userdict(str(USER_DICT))
        _jieba_ready = True
    return [w for w in jieba.cut_for_search(run) if w.strip()]


def tokens(text: str) -> list[str]:
    """Index tokens of a text (lowercased): Chinese words, code names and their parts,
    English words."""
    text = text.lower()
    out: list[str] = []
    for run in _HAN.findall(text):
        out += _segment_han(run)
    for name in _NAME.findall(text):
        if "." in name or "_" in name:
            out += name_parts(name)
    out += [normalise_word(w) for w in _WORD.findall(text)]
    return out


def plain(text: str) -> str:
    # Material joins jieba's words with U+200B: drop it, or a typed Chinese phrase never
    # matches the text verbatim (and jieba here would see only Material's fragments)
    text = html.unescape(_TAG.sub(" ", text)).replace("\u200b", "")
    return re.sub(r"\s+", " ", text).strip()


def build_index(docs: list[dict]) -> dict:
    """Inverted index for one language: BM25 statistics, titles and plain text (teasers,
    phrase matches for pasted errors)."""
    pages = {d["location"]: plain(d.get("title", "")) for d in docs if "#" not in d["location"]}
    # Material's documented per-page `search: {boost: x}` front matter, for all its sections
    # (the error index, a page of pointers, sets 0.5 so the explaining section comes first)
    boosts = {d["location"]: d["boost"] for d in docs if "#" not in d["location"] and "boost" in d}
    entries, postings = [], {}
    for doc in docs:
        title = plain(doc.get("title", ""))
        text = plain(doc.get("text", ""))
        if not title and not text:
            continue
        page = pages.get(doc["location"].split("#")[0], "")
        n = len(entries)
        body = Counter(tokens(text))
        head = Counter(tokens(title))
        for term in set(body) | set(head):
            postings.setdefault(term, []).append([n, head[term], body[term]])
        entries.append({"l": doc["location"], "t": title, "p": page if page != title else "",
                        "x": text, "n": sum(body.values()) + sum(head.values())})
        boost = doc.get("boost", boosts.get(doc["location"].split("#")[0], 1))
        if boost != 1:
            entries[-1]["b"] = float(boost)
    avg = sum(e["n"] for e in entries) / max(len(entries), 1)
    return {"docs": entries, "terms": dict(sorted(postings.items())), "avg": round(avg, 2),
            "N": len(entries)}


def split_by_language(docs: list[dict], prefixes: dict[str, str]) -> dict[str, list[dict]]:
    """Material's one index of both languages -> one list per language, by URL prefix."""
    out: dict[str, list[dict]] = {lang: [] for lang in prefixes}
    longest_first = sorted(prefixes.items(), key=lambda kv: -len(kv[1]))
    for doc in docs:
        for lang, prefix in longest_first:
            if doc["location"].startswith(prefix):
                out[lang].append(doc)
                break
    return out


# The index is split into small files, so the first result costs what the query needs, not
# the whole site (at 100x today's content one file per language would be ~50 MB).
TERM_SHARD_BYTES = 24_000  # postings per file, about; a query fetches one per term
DOC_BLOCK = 4  # sections per document file; fetched only for a query's top candidates
INTRO_WEIGHT = 0.6  # a page's intro only summarises its sections


def shard_of(term: str, shards: int) -> int:
    """Which postings file holds a term (the worker computes the same 32-bit hash)."""
    h = 0
    for ch in term:
        h = (h * 31 + ord(ch)) & 0xFFFFFFFF
    return h % shards


def pack_postings(postings: list[list[int]]) -> list[int]:
    """[[doc, in_title, in_text], ...] (ascending docs) -> flat [doc gap, in_title, in_text,
    ...]: small numbers, no nested arrays, so the files stay small and parse fast."""
    flat, last = [], 0
    for doc, head, body in postings:
        flat += [doc - last, head, body]
        last = doc
    return flat


def unpack_postings(flat: list[int]) -> list[list[int]]:
    out, doc = [], 0
    for i in range(0, len(flat), 3):
        doc += flat[i]
        out.append([doc, flat[i + 1], flat[i + 2]])
    return out


def shard_index(index: dict) -> dict[str, object]:
    """One language's index as files the worker fetches as it needs them:
    - meta.json, loaded up front: only numbers per section (BM25 length, weight, page)
      and the Chinese vocabulary the query is segmented against;
    - t<k>.json: packed postings of the terms whose hash is k (one file per query term);
    - d<j>.json: [location, title, page title, text] of DOC_BLOCK sections, fetched for
      the top candidates only (verbatim-phrase scoring, teasers, result titles)."""
    size = sum(len(t) + 9 * len(p) for t, p in index["terms"].items())
    shards = max(1, math.ceil(size / TERM_SHARD_BYTES))
    files: dict[str, object] = {f"t{k}.json": {} for k in range(shards)}
    for term, postings in index["terms"].items():
        files[f"t{shard_of(term, shards)}.json"][term] = pack_postings(postings)
    docs = index["docs"]
    for j in range(0, len(docs), DOC_BLOCK):
        files[f"d{j // DOC_BLOCK}.json"] = [[d["l"], d["t"], d["p"], d["x"]]
                                            for d in docs[j:j + DOC_BLOCK]]
    pages: dict[str, int] = {}
    page_of = [pages.setdefault(d["l"].split("#")[0], len(pages)) for d in docs]
    weights = {}
    for i, d in enumerate(docs):
        weight = d.get("b", 1) * (1 if "#" in d["l"] else INTRO_WEIGHT)
        if weight != 1:
            weights[str(i)] = round(weight, 3)
    files["meta.json"] = {
        "N": index["N"], "avg": index["avg"], "shards": shards, "block": DOC_BLOCK,
        "len": [d["n"] for d in docs], "page": page_of,
        "intro": [i for i, d in enumerate(docs) if "#" not in d["l"]],
        "weight": weights,
        "vocab": sorted(t for t in index["terms"] if _HAN.fullmatch(t)),
    }
    return files


def write_indexes(site: Path, prefixes: dict[str, str]) -> dict[str, Path]:
    """Read Material's search_index.json and write search/kb-<lang>/ beside it, for each
    language it holds documents of (static-i18n builds the languages one by one)."""
    data = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    written = {}
    for lang, docs in split_by_language(data["docs"], prefixes).items():
        if docs:
            folder = site / "search" / f"kb-{lang}"
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            for name, content in shard_index(build_index(docs)).items():
                (folder / name).write_text(json.dumps(content, ensure_ascii=False,
                                                      separators=(",", ":")), encoding="utf-8")
            written[lang] = folder
    return written


def drop_material_documents(site: Path) -> None:
    """The worker loads its own language's index; Material's copy of every document in
    both languages need not be downloaded too."""
    source = site / "search" / "search_index.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["docs"] = []
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def idf(df: int, n: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def build_user_dict(root: Path = torchkb.ROOT) -> Path:
    """jieba user dictionary: the hand-kept glossary plus every topic tag, section-title
    term in backticks or bold, sorted, so jieba keeps domain terms whole."""
    from torchkb.canonical import load_topics

    terms: set[str] = set()
    glossary = root / "notes" / "search" / "glossary.txt"
    if glossary.exists():
        terms |= {line.split()[0] for line in glossary.read_text(encoding="utf-8").splitlines()
                  if line.strip() and not line.startswith("#")}
    for topic in load_topics(root / "notes" / "topics"):
        terms |= {t for t in topic.tags.get("zh", []) if _HAN.search(t) and " " not in t}
        for section in topic.sections:
            body = section.text["zh"]["body"]
            terms |= {m for m in re.findall(r"\*\*([^*\n]{2,12})\*\*", body)
                      if _HAN.fullmatch(m)}
    path = root / "notes" / "search" / "userdict.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{t} 50000\n" for t in sorted(terms)), encoding="utf-8")
    return path
