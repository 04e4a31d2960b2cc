"""Import a raw note (any style) into canonical source: topic sections, snippets, dropped parts.

API: `import_note(raw_path, *, root=torchkb.ROOT) -> ImportReport`; `str(report)` is the
text the CLI prints. Bad input raises `torchkb.errors.SourceError` (file:line: problem)
and leaves the tree untouched: everything is planned and validated in memory (the new
topic files are loaded by the canonical loader from a temporary copy) before the first
byte is written, and a failed write puts back what was there.

What it does, in order:
1. `torchkb.rawnotes.parse_note` splits the note into typed blocks with line ranges.
2. The note is split into sections at its headings of the two highest levels present
   (deeper headings stay inside the body as `###`). A heading with nothing under it is a
   chapter title: it is listed as dropped and its title helps place the sections under it.
3. Each section goes to the topic whose vocabulary it matches best: words of the topic's
   titles, tags and section titles (Chinese segmented with jieba, identifiers split at
   `._`), weighted by how few topics use the word. Below `MIN_SCORE` it goes to `inbox`.
4. Writes: the raw note to `notes/raw/<stem>.txt` (verbatim, if not there); each code
   block to `snippets/<topic>/<short>_<n>.<ext>` plus its `snippets.yml` entry (needs:
   cuda when the code uses `.cuda()`, `torch.cuda.*` or a cuda device); the sections,
   appended as text at the end of `notes/topics/<topic>.yml` so hand-edited files keep
   their comments (zh only: `@snippet` where code was, `@note-output` where output was,
   raw HTML reduced to its text); images, dead links, front matter and empty chapter
   headings to `notes/dropped/inbox.yml` with reasons.
A section whose line range overlaps a section already recorded for the same note
(`sources`) is already present and is skipped, so importing a note twice is a no-op.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import math
import os
import re
import shutil
import tempfile
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import nh3
import yaml
from markdown_it import MarkdownIt

import torchkb
from torchkb.canonical import load_topic
from torchkb.errors import SourceError
from torchkb.rawnotes import Block, RawNote, parse_note

INBOX = "inbox"
MIN_SCORE = 3.0  # below this a section goes to the inbox (see _score)
_EXT = {"python": "py", "sh": "sh", "yaml": "yaml"}
_CUDA = re.compile(r"\.cuda\(|torch\.cuda\.(?!is_available)|device\s*=\s*['\"]cuda|"
                   r"\.to\(\s*['\"]cuda|nvidia-smi|CUDA_VISIBLE_DEVICES")
_STOP = {
    "的", "了", "是", "在", "和", "与", "或", "及", "一个", "这个", "我们", "可以", "使用", "如果",
    "就是", "那么", "进行", "需要", "没有", "什么", "因为", "所以", "但是", "之后", "时候", "一下",
    "the", "a", "an", "and", "or", "of", "to", "in", "is", "for", "on", "with", "by", "as",
    "it", "be", "this", "that", "are", "from", "at", "not", "you", "can", "py", "import",
    "pytorch", "torch", "python", "self", "none", "true", "false", "print",
}


@dataclass
class NoteSection:
    title: str
    start: int
    end: int
    blocks: list[Block]
    context: list[str] = field(default_factory=list)  # titles of enclosing chapters
    links: list[str] = field(default_factory=list)  # links that were in the heading


@dataclass
class Placement:
    """Where a new section went, and why: its topic scores, best first."""

    section: str
    title: str
    start: int
    end: int
    topic: str
    ranking: list[tuple[str, float]]


@dataclass
class ImportReport:
    note: str
    source: str = ""  # the path the note was imported from
    raw_copied: bool = False
    manifest_added: bool = False
    sections_added: dict[str, list[str]] = field(default_factory=dict)  # topic -> ids
    placements: list[Placement] = field(default_factory=list)
    snippets_written: list[str] = field(default_factory=list)
    snippet_notes: dict[str, list[str]] = field(default_factory=dict)  # rel -> what was done
    to_fix: list[str] = field(default_factory=list)  # what an author must fix by hand
    missing_english: list[str] = field(default_factory=list)
    not_run: list[str] = field(default_factory=list)
    not_compiling: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    stray_copy: str | None = None  # a copy of the note left in notes/raw/ under another name

    @property
    def noop(self) -> bool:
        return not (self.sections_added or self.snippets_written or self.dropped
                    or self.raw_copied or self.manifest_added)

    @property
    def snippet_ids(self) -> list[str]:
        return [rel.removeprefix("snippets/").rsplit(".", 1)[0] for rel in self.snippets_written]

    def next_commands(self) -> list[str]:
        """The commands that take the import to a strict bilingual build, in order."""
        out = []
        if self.snippet_ids:
            out.append(f"python -m torchkb verify {' '.join(self.snippet_ids)} --update"
                       "   # run and record the new snippets")
        out.append("python -m torchkb build   # docs/: the English pages show the new "
                   "sections under \"awaiting translation\"")
        for topic, ids in self.sections_added.items():
            out.append(f"# translate: notes/topics/{topic}.yml: {', '.join(ids)} "
                       "(add `en:` with title and body, the same @snippet lines)")
        titles: dict[str, list[str]] = {}
        for rel in self.snippets_written:
            folder, name = rel.rsplit("/", 1)
            titles.setdefault(folder, []).append(name)
        for folder, names in titles.items():
            out.append(f"# translate: {folder}/snippets.yml: the titles of {', '.join(names)} "
                       "(add `en:`)")
        if self.missing_english:
            out.append(f"python -m torchkb translations --stamp {' '.join(self.missing_english)}")
        out += ["python -m torchkb translations --strict   # nothing left to translate",
                "python -m torchkb coverage", "python -m torchkb build", "make test"]
        return out

    def __str__(self) -> str:
        if self.noop:
            return (f"{self.note}: nothing to import, already imported "
                    f"({len(self.already_present)} sections present by provenance)")
        raw = f"notes/raw/{self.note}.txt"
        how = "copied verbatim" if self.raw_copied else "already there"
        out = [f"imported {self.source or self.note} as {raw} ({how}; its sha256 is in "
               f"notes/raw/{MANIFEST})"]

        def listing(title: str, items: list[str]) -> None:
            if items:
                out.extend(["", f"{title} ({len(items)}):"])
                out.extend(f"  {item}" for item in items)

        placed = []
        for p in self.placements:
            others = ", ".join(f"{t} {sc:.1f}" for t, sc in p.ranking[1:3])
            best = p.ranking[0] if p.ranking else (INBOX, 0.0)
            if p.topic == INBOX:
                where = (f"notes/topics/{INBOX}.yml: no topic scores {MIN_SCORE:.1f}; it "
                         f"probably belongs in {best[0]} ({best[1]:.1f}"
                         + (f"; then {others})" if others else ")"))
            else:
                where = (f"notes/topics/{p.topic}.yml (score {best[1]:.1f}"
                         + (f"; next: {others})" if others else ")"))
            placed.append(f"{p.section} \"{p.title}\" (note lines {p.start}-{p.end})\n"
                          f"      -> {where}")
        listing("sections, placed by the words they share with each topic", placed)
        listing("snippets", [rel + (": " + "; ".join(self.snippet_notes[rel])
                                    if self.snippet_notes.get(rel) else "")
                             for rel in self.snippets_written])
        listing("to fix by hand before recording", self.to_fix + [
            f"{item}: does not compile" for item in self.not_compiling])
        listing(f"dropped (notes/dropped/{INBOX}.yml)", self.dropped)
        listing("already present (skipped)", self.already_present)
        if self.stray_copy:
            listing("left over", [f"{self.stray_copy}: a second copy of this note; delete it "
                                  f"(the importer keeps the note as {raw})"])
        listing("next, in this order", self.next_commands())
        return "\n".join(out)


# -- sections ---------------------------------------------------------------------------


def split_sections(note: RawNote) -> tuple[list[NoteSection], list[Block]]:
    """Sections at the two highest heading levels; also the chapter headings left empty."""
    levels = sorted({b.level for b in note.blocks if b.kind == "heading" and b.level})[:2]
    sections: list[NoteSection] = []
    empty: list[Block] = []
    chapter: str | None = None
    title = str(note.meta.get("title") or "") or note.path.stem
    current = NoteSection(title, note.body_start, note.body_start, [])
    heading: Block | None = None

    def close() -> None:
        content = [b for b in current.blocks if b.kind not in ("rule", "front_matter")]
        if content:
            current.end = max(b.end_line for b in current.blocks)
            sections.append(current)
        elif heading is not None:
            empty.append(heading)

    for block in note.blocks:
        if block.kind == "heading" and block.level in levels:
            close()
            if block.level == levels[0] and len(levels) > 1:
                chapter = block.text
            context = [chapter] if chapter and block.level != levels[0] else []
            title, links = _heading_title(block.text)
            current = NoteSection(title, block.start_line, block.end_line, [], context, links)
            heading = block
        elif block.kind != "front_matter":
            if block.kind == "heading":  # deeper heading: a ### line in the body
                block.level = min(6, 3 + block.level - levels[-1] - 1)
            current.blocks.append(block)
    close()
    return sections, empty


_MD = MarkdownIt("commonmark", {"html": True}).enable("table")
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _heading_title(text: str) -> tuple[str, list[str]]:
    """Plain title of a heading; links in it move to the body (a title is not a link)."""
    links = []
    for tok in _MD.parseInline(text):
        for child in tok.children or []:
            if child.type == "link_open":
                links.append(str(child.attrGet("href")))
    title = re.sub(r"\[([^\]]*)\]\([^)]*\)", "", text)  # the link itself goes to the body
    title = _MD_ESCAPE.sub(r"\1", title).replace("**", "").strip(" :：")
    link_md = re.findall(r"\[[^\]]*\]\([^)]*\)", text)
    return title or text, link_md if links else []


# -- topic scoring ------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    import jieba

    jieba.setLogLevel(logging.WARNING)  # its "Building prefix dict" chatter is not a report
    out = []
    for tok in jieba.lcut_for_search(text.lower()):
        tok = tok.strip()
        parts = [tok] + ([p for p in re.split(r"[._]", tok) if p] if re.search(r"[._]", tok)
                         else [])
        for word in parts:
            if word in _STOP or not re.search(r"\w", word):
                continue
            if word.isascii() and (len(word) < 3 or word.isdigit()):
                continue
            if not word.isascii() and len(word) < 2:
                continue
            out.append(word)
    return out


@dataclass
class _TopicIndex:
    weights: dict[str, Counter]
    idf: dict[str, float]

    @classmethod
    def build(cls, topics: list) -> _TopicIndex:
        weights: dict[str, Counter] = {}
        for topic in topics:
            bag: Counter = Counter()
            for lang_title in topic.title.values():
                bag.update({w: 3 for w in _words(lang_title)})
            for tags in topic.tags.values():
                bag.update({w: 3 for tag in tags for w in _words(str(tag))})
            for section in topic.sections:
                for part in section.text.values():
                    bag.update(_words(part.get("title", "")))
            weights[topic.id] = bag
        df = Counter(w for bag in weights.values() for w in bag)
        n = max(len(weights), 1)
        return cls(weights, {w: math.log(1 + n / c) for w, c in df.items()})

    def ranking(self, query: Counter) -> list[tuple[str, float]]:
        """Topics by score, best first: the sum over shared words of query weight x idf x
        log weight."""
        scores = {
            tid: sum(q * self.idf[w] * (1 + math.log(bag[w])) for w, q in query.items()
                     if w in bag)
            for tid, bag in self.weights.items() if tid != INBOX
        }
        return sorted(scores.items(), key=lambda ts: (-ts[1], ts[0]))

    def best(self, query: Counter) -> tuple[str, float]:
        """The best topic, or the inbox when no topic reaches MIN_SCORE."""
        ranked = self.ranking(query)
        if not ranked:
            return INBOX, 0.0
        tid, score = ranked[0]
        return (tid, score) if score >= MIN_SCORE else (INBOX, score)


def _query(section: NoteSection) -> Counter:
    q: Counter = Counter()
    for w in _words(section.title):
        q[w] += 3
    for title in section.context:
        for w in _words(title):
            q[w] += 2
    for block in section.blocks:
        weight = 0.5 if block.kind in ("code", "output") else 1
        for w in _words(block.text):
            q[w] += weight
    return Counter({w: math.log(1 + c) + 1 for w, c in q.items()})


# -- body cleaning --------------------------------------------------------------------------


def _strip_images(text: str) -> str:
    return re.sub(r"!\[([^\]]*)\]\([^)]*\)", lambda m: m[1] if m[1] != "[公式]" else "", text)


_EMPHASIS_TAGS = {"font", "span", "mark", "b", "strong", "em", "i", "u"}


def _clean_html(text: str) -> str:
    """Raw HTML tags go; the text they wrapped stays (as emphasis for font/span/mark)."""
    def tag(m: re.Match) -> str:
        name = m[2].lower()
        if name in _EMPHASIS_TAGS:
            return "*"
        return nh3.clean(m[0], tags=set())  # any other tag: its text only (usually nothing)
    return re.sub(r"<(/?)([A-Za-z][\w-]*)[^>]*>", tag, text)


def _clean_table(text: str) -> str:
    """Rows broken over lines (`name |` then `desc | ... |`) are joined back to full rows."""
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    width = len([c for c in rows[0].strip("|").split("|")])
    out, pending = [], ""
    for row in rows:
        pending = f"{pending} {row}".strip() if pending else row
        if len(pending.strip("|").split("|")) >= width or re.fullmatch(r"[-:| ]+", pending):
            out.append(pending if pending.startswith("|") else "| " + pending)
            pending = ""
    if pending:
        out.append(pending if pending.startswith("|") else "| " + pending)
    return "\n".join(ln if ln.endswith("|") else ln + " |" for ln in out)


def _clean_text(text: str) -> str:
    return "\n".join(line.rstrip() for line in _strip_images(text).splitlines())


def _host(url: str) -> str:
    return urlparse(url).netloc or url[:40]


def _dead(url: str) -> bool:
    return url.strip() in ("", "#")


# -- the plan ---------------------------------------------------------------------------------


@dataclass
class _Plan:
    root: Path
    stem: str
    writes: dict[Path, str] = field(default_factory=dict)  # path -> full new text
    dropped: list[tuple[int, int, str]] = field(default_factory=list)

    def text(self, path: Path) -> str:
        if path in self.writes:
            return self.writes[path]
        return path.read_text(encoding="utf-8") if path.exists() else ""


def _short(stem: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_")[:8].strip("_") or "note"


def _slug(title: str) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"^\W*\d+\W+", "", title.lower()))
    return "-".join(words)[:40].strip("-")


def _section_yaml(sid: str, stem: str, start: int, end: int, title: str, body: str) -> str:
    head = (f"  - id: {sid}\n    sources:\n      - {{note: {stem}, lines: [{start}, {end}]}}\n"
            f"    zh:\n      title: {json.dumps(title, ensure_ascii=False)}\n")
    indicator = "|2" if body[:1].isspace() else "|"
    literal = head + f"      body: {indicator}\n" + textwrap.indent(body, " " * 8)
    try:
        if yaml.safe_load(literal)[0]["zh"]["body"] == body:
            return literal
    except yaml.YAMLError:
        pass
    return head + f"      body: {json.dumps(body, ensure_ascii=False)}\n"


def _append_sections(text: str, items: str) -> str:
    if text and not text.endswith("\n"):
        text += "\n"
    m = re.search(r"(?m)^sections:[ \t]*(\[\s*\])?[ \t]*(#.*)?$", text)
    if m is None:
        text += "sections:\n"
    elif m[1]:
        text = text[: m.start()] + "sections:" + text[m.end():]
    return text + items


def _snippet_meta(name: str, title: str, code: str, lang: str, expect: dict | None) -> str:
    needs = "cuda" if _CUDA.search(code) else "cpu"
    lines = [f"{name}:", f"  title: {{zh: {json.dumps(title, ensure_ascii=False)}}}",
             f"  needs: {needs}"]
    if lang == "python":
        lines.append(f"  packages: {json.dumps(_packages(code))}")
        if expect:
            lines.append(f"  expect_exception: {{type: {expect['type']}, match: "
                         f"{json.dumps(expect['match'], ensure_ascii=False)}}}")
    else:
        lines.append('  skip: "imported from a note: shell/config text, review before running"')
    return "\n".join(lines) + "\n"


def _packages(code: str) -> list[str]:
    import sys

    mods = set(re.findall(r"(?m)^\s*(?:from|import)\s+([A-Za-z_]\w*)", code))
    return sorted(m for m in mods if m not in sys.stdlib_module_names and m != "torch")


# -- what a code fragment needs to run on its own --------------------------------------------

# `# RuntimeError: message` (optionally after a short lead-in such as `报错：`) as the last
# line of a fragment: the error the author saw when running it
_ERROR_COMMENT = re.compile(
    r"^#\s*(?:[^\x00-\x7f]{0,8}[:：]\s*)?((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception))"
    r"\s*(?:[:：]\s*(.*?))?\s*$")


def expected_error(code: str) -> dict | None:
    """`{type, match}` from a trailing `# SomeError: message` comment, or None. The match is
    the message up to an ellipsis the author used to shorten it, as an escaped regex."""
    lines = [ln.strip() for ln in code.splitlines() if ln.strip()]
    m = _ERROR_COMMENT.match(lines[-1]) if lines else None
    if m is None:
        return None
    message = re.split(r"…|\.\.\.", m[2] or "", maxsplit=1)[0].strip().rstrip(".。")
    # escape only what regex syntax needs (re.escape also escapes spaces and dashes)
    return {"type": m[1].rsplit(".", 1)[-1], "match": re.sub(r"([\\.^$*+?{}\[\]|()])",
                                                             r"\\\1", message)}


# names a fragment may use without importing them, and the import that defines each
_SETUP = {
    "torch": "import torch",
    "nn": "import torch.nn as nn",
    "F": "import torch.nn.functional as F",
    "optim": "import torch.optim as optim",
    "np": "import numpy as np",
    "numpy": "import numpy",
    "plt": "import matplotlib.pyplot as plt",
    "DataLoader": "from torch.utils.data import DataLoader",
    "Dataset": "from torch.utils.data import Dataset",
    "TensorDataset": "from torch.utils.data import TensorDataset",
}
SETUP_MARK = "# 导入时补充（原笔记没有这几行）· setup added on import, not in the note"


def free_names(code: str) -> list[tuple[str, int]]:
    """Names the fragment reads but never binds (nor are builtins), with their first line."""
    import builtins

    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    bound: set[str] = set(dir(builtins))
    loads: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                loads.setdefault(node.id, node.lineno)
            else:
                bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            bound.update(node.names)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            bound.add(node.name)
    return sorted(((n, line) for n, line in loads.items() if n not in bound),
                  key=lambda nl: (nl[1], nl[0]))


def setup_lines(names: list[str]) -> list[str]:
    """The imports that define `names` (the known ones, and standard-library modules)."""
    import sys

    lines = []
    for name in names:
        if name in _SETUP:
            lines.append(_SETUP[name])
        elif name in sys.stdlib_module_names:
            lines.append(f"import {name}")
    return sorted(dict.fromkeys(lines), key=lambda ln: (ln.startswith("from"), ln))


def _compiles(code: str) -> bool:
    try:
        compile(code, "<snippet>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


_Ranges = list[tuple[int, int]]


def _existing(root: Path, stem: str) -> tuple[list, list[tuple[int, int, str]], _Ranges]:
    """Topics, and the line ranges of this note already in sections / dropped lists."""
    from torchkb.project import Project

    project = Project(root)
    topics = project.topics
    present = [(s.sources, s) for t in topics for s in t.sections]
    sections = [(src.start, src.end, s.id) for srcs, s in present for src in srcs
                if src.note == stem]
    dropped = [d.lines for d in project.dropped if d.note == stem]
    return topics, sections, dropped


def _overlaps(a: int, b: int, ranges) -> bool:
    return any(a <= r[1] and r[0] <= b for r in ranges)


MANIFEST = "MANIFEST.json"
_STEM = re.compile(r"[\w-]+")


def manifest_path(root: Path) -> Path:
    return root / "notes" / "raw" / MANIFEST


def load_manifest(root: Path) -> dict[str, dict]:
    """notes/raw/MANIFEST.json: {"<stem>.txt": {"sha256": ..., "bytes": ...}}, written by
    the importer when it keeps a raw note; the tests check every raw note against it."""
    path = manifest_path(root)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SourceError(path, getattr(err, "lineno", None), f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise SourceError(path, 1, "expected a JSON object of file name -> {sha256, bytes}")
    return data


def manifest_entry(data: bytes) -> dict:
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def manifest_problems(root: Path) -> list[str]:
    """Raw notes that differ from the manifest, and files in notes/raw/ it does not list."""
    folder = root / "notes" / "raw"
    manifest = load_manifest(root)
    problems = []
    for path in sorted(folder.iterdir()):
        if path.name == MANIFEST or path.is_dir():
            continue
        entry = manifest.get(path.name)
        if entry is None:
            problems.append(f"notes/raw/{path.name}: not in {MANIFEST} (import notes with "
                            "`python -m torchkb import`; raw notes are .txt)")
        elif manifest_entry(path.read_bytes()) != entry:
            problems.append(f"notes/raw/{path.name}: changed since it was imported (raw notes "
                            "are kept verbatim)")
    problems += [f"notes/raw/{MANIFEST}: lists {name}, which is missing"
                 for name in sorted(manifest) if not (folder / name).exists()]
    return problems


def _content_range(note: RawNote, block: Block) -> tuple[int, int]:
    """Lines of a block without the fence lines around it (an output block's own text)."""
    a, b = block.start_line, block.end_line
    if a < b and re.match(r"\s*(`{3,}|~{3,})", note.lines[a - 1]):
        a, b = a + 1, b - 1 if re.match(r"\s*(`{3,}|~{3,})\s*$", note.lines[b - 1]) else b
    return a, b


def _bound_names(code: str) -> set[str]:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
             and not isinstance(n.ctx, ast.Load)}
    names |= {n.name for n in ast.walk(tree) if isinstance(
        n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    return names


def _check_note(note: RawNote, path: Path) -> None:
    """A note with nothing to import is an error, not an empty success."""
    if not any(line.strip() for line in note.lines):
        raise SourceError(path, 1, "the note is empty: nothing to import")
    if not any(b.kind != "front_matter" for b in note.blocks):
        raise SourceError(path, note.body_start - 1, "the note has only front matter "
                          f"(lines 1-{note.body_start - 1}): nothing to import")


def import_note(raw_path: Path, *, root: Path = torchkb.ROOT) -> ImportReport:
    raw_path, root = Path(raw_path), Path(root)
    if not raw_path.is_file():
        raise SourceError(raw_path, None, "no such file")
    stem = raw_path.stem
    if not _STEM.fullmatch(stem):
        raise SourceError(raw_path, None, "rename the note: its name becomes an id and a URL "
                          "(letters, digits, - and _ only)")
    note = parse_note(raw_path)
    _check_note(note, raw_path)
    report = ImportReport(stem, source=str(raw_path))
    plan = _Plan(root, stem)

    raw_dir = root / "notes" / "raw"
    raw_dest = raw_dir / f"{stem}.txt"
    if raw_dest.exists():
        if raw_dest.read_bytes() != raw_path.read_bytes():
            raise SourceError(raw_path, None, f"{raw_dest.relative_to(root)} exists with "
                              "different content; rename the new note")
    else:
        report.raw_copied = True
    if raw_path.resolve().parent == raw_dir.resolve() and raw_path.suffix != ".txt":
        report.stray_copy = f"notes/raw/{raw_path.name}"
    manifest = load_manifest(root)
    if raw_dest.name not in manifest:
        manifest[raw_dest.name] = manifest_entry(raw_path.read_bytes())
        plan.writes[manifest_path(root)] = json.dumps(
            dict(sorted(manifest.items())), indent=1, sort_keys=True) + "\n"
        report.manifest_added = True

    topics, present, dropped_before = _existing(root, stem)
    index = _TopicIndex.build(topics)
    topic_ids = {t.id for t in topics}
    sections, empty_headings = split_sections(note)
    if not sections:
        raise SourceError(raw_path, note.body_start, "no text under any heading: nothing to "
                          "import")

    def drop(a: int, b: int, reason: str) -> None:
        if not _overlaps(a, b, dropped_before) and not _overlaps(a, b, present):
            plan.dropped.append((a, b, reason))

    for block in note.blocks:
        if block.kind == "front_matter":
            drop(block.start_line, block.end_line,
                 "front matter (note metadata: title, date, tags); kept in notes/raw")
    for heading in empty_headings:
        drop(heading.start_line, heading.end_line,
             "chapter heading with no text of its own; its sections were imported one by one")

    short = _short(stem)
    code_no = 0
    new_items: dict[str, list[str]] = {}
    snippet_entries: dict[str, list[str]] = {}
    defined_in: dict[str, str] = {}  # name -> the earlier snippet of this note that binds it
    for section in sections:
        codes = [b for b in section.blocks if b.kind == "code"]
        if _overlaps(section.start, section.end, present):
            ids = sorted({sid for a, b, sid in present if a <= section.end and section.start <= b})
            report.already_present.append(
                f"lines {section.start}-{section.end} {section.title!r}: {', '.join(ids)}")
            code_no += len(codes)
            continue
        ranking = index.ranking(_query(section))
        topic, _score = index.best(_query(section))
        body: list[str] = list(section.links)
        for block in section.blocks:
            kind = block.kind
            if kind == "heading":
                body.append("#" * (block.level or 3) + " " + block.text)
            elif kind == "code":
                code_no += 1
                ext = _EXT.get(block.lang or "", "txt")
                name = f"{short}_{code_no}.{ext}"
                path = root / "snippets" / topic / name
                rel = f"snippets/{topic}/{name}"
                code = textwrap.dedent(block.text).strip("\n") + "\n"
                expect = None
                if ext == "py":
                    code, expect = _runnable(code, rel, block, report, defined_in)
                if path.exists() and path.read_text(encoding="utf-8") != code:
                    raise SourceError(path, None, "snippet exists with other content; "
                                      "refusing to overwrite it")
                plan.writes[path] = code
                snippet_entries.setdefault(topic, []).append(
                    _snippet_meta(name, section.title, code, block.lang or "text", expect))
                report.snippets_written.append(rel)
                if ext != "py":
                    report.snippet_notes.setdefault(rel, []).append(
                        "shell/config text: kept, never run (`skip:` in snippets.yml)")
                if not path.with_suffix(".out").exists():
                    report.not_run.append(rel)
                if ext == "py" and not _compiles(code):
                    report.not_compiling.append(f"{rel} (note lines {block.start_line}-"
                                                f"{block.end_line})")
                body.append(f"@snippet {topic}/{name}")
            elif kind == "output":
                a, b = _content_range(note, block)
                body.append(f"@note-output {stem} {a}-{b}")
            elif kind == "image":
                host = _host(block.urls[0]) if block.urls else "?"
                drop(block.start_line, block.end_line,
                     f"image hot-linked from {host}: not embedded")
            elif kind == "link_list" and all(_dead(u) for u in block.urls):
                drop(block.start_line, block.end_line, "links with no target (a table of "
                     "contents of `#` anchors, or references whose URLs were lost)")
            elif kind == "table":
                body.append(_clean_table(block.text))
            elif kind == "html":
                body.append(_clean_text(_clean_html(block.text)))
            elif kind in ("text", "link_list"):
                body.append(_clean_text(block.text))
            if kind in ("text", "html") and block.urls:
                drop(block.start_line, block.end_line, "inline image from "
                     f"{_host(block.urls[0])} not embedded (the text around it is kept)")
        sid = "-".join(p for p in (_slug(section.title) or topic, short.replace("_", "-"),
                                   f"l{section.start}") if p)
        text = "\n\n".join(p for p in body if p.strip()).strip("\n") + "\n"
        new_items.setdefault(topic, []).append(
            _section_yaml(sid, stem, section.start, section.end, section.title, text))
        report.sections_added.setdefault(topic, []).append(sid)
        report.placements.append(Placement(sid, section.title, section.start, section.end,
                                           topic, ranking))
        report.missing_english.append(sid)

    for topic, items in new_items.items():
        path = root / "notes" / "topics" / f"{topic}.yml"
        base = plan.text(path)
        if not base:
            title = '{zh: 待整理, en: Inbox}' if topic == INBOX else f"{{zh: {topic}, en: {topic}}}"
            base = f"id: {topic}\norder: 999\ntitle: {title}\nsections:\n"
        plan.writes[path] = _append_sections(base, "".join(items))
        assert topic in topic_ids or topic == INBOX
    for topic, entries in snippet_entries.items():
        path = root / "snippets" / topic / "snippets.yml"
        base = plan.text(path)
        base = "" if base.strip() in ("", "{}") else base.rstrip("\n") + "\n"
        plan.writes[path] = base + "".join(entries)
    if plan.dropped:
        path = root / "notes" / "dropped" / f"{INBOX}.yml"
        base = plan.text(path)
        base = "" if base.strip() in ("", "[]") else base.rstrip("\n") + "\n"
        plan.writes[path] = base + "".join(
            f"- {{note: {stem}, lines: [{a}, {b}], reason: {json.dumps(r, ensure_ascii=False)}}}\n"
            for a, b, r in sorted(plan.dropped))
        report.dropped = [f"lines {a}-{b}: {r}" for a, b, r in sorted(plan.dropped)]
    if report.noop:
        return report
    if report.raw_copied:
        plan.writes[raw_dest] = ""  # placeholder: copied as bytes in _commit
    _validate(plan, topics)
    _commit(plan, raw_path, raw_dest)
    return report


def _runnable(code: str, rel: str, block: Block, report: ImportReport,
              defined_in: dict[str, str]) -> tuple[str, dict | None]:
    """A Python fragment made to run on its own, where that is certain: the imports it
    uses without importing (marked, visible lines), and the error its trailing
    `# SomeError: ...` comment says it raises. What can't be settled is reported."""
    notes = report.snippet_notes.setdefault(rel, [])
    setup = setup_lines([n for n, _ in free_names(code)])
    if setup:
        code = "\n".join([SETUP_MARK, *setup, "", code])
        notes.append(f"setup added ({'; '.join(setup)})")
    expect = expected_error(code)
    if expect:
        notes.append(f"expects {expect['type']} matching \"{expect['match']}\" (the comment "
                     f"on note line {block.end_line})")
    for name, line in free_names(code):
        where = defined_in.get(name)
        hint = (f"it is defined in {where}: merge the two or copy its definition" if where
                else "define it in the snippet")
        report.to_fix.append(f"{rel}:{line}: uses `{name}`, which it never defines "
                             f"(NameError when run): {hint}")
    for name in _bound_names(code):
        defined_in.setdefault(name, rel)
    return code, expect


def _validate(plan: _Plan, topics: list) -> None:
    """Load the would-be topic files with the canonical loader before anything is written
    (only the changed ones: the others were loaded already), and keep section ids unique."""
    topics_dir = plan.root / "notes" / "topics"
    changed = {p: t for p, t in plan.writes.items() if p.parent == topics_dir}
    ids = {s.id: t.path for t in topics if t.path not in changed for s in t.sections}
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in changed.items():
            copy = Path(tmp) / path.name
            copy.write_text(text, encoding="utf-8")
            try:
                topic = load_topic(copy)
            except SourceError as err:  # name the real file, not the temporary copy
                raise SourceError(path, err.line, err.problem) from None
            for section in topic.sections:
                if ids.setdefault(section.id, path) != path:
                    raise SourceError(path, section.line, f"duplicate section id "
                                      f"{section.id!r} (also in {ids[section.id].name})")
    for path, text in plan.writes.items():
        if path.suffix == ".yml" and path.parent != topics_dir:
            try:
                yaml.safe_load(text)
            except yaml.YAMLError as err:
                raise SourceError(path, None, f"generated YAML does not parse: {err}") from None


def _commit(plan: _Plan, raw_path: Path, raw_dest: Path) -> None:
    """Write every file through a temporary sibling; on failure put the old state back."""
    before: dict[Path, bytes | None] = {}
    made_dirs: list[Path] = []
    try:
        for path, text in plan.writes.items():
            missing = [p for p in [path.parent, *path.parent.parents] if not p.exists()]
            for d in reversed(missing):
                d.mkdir()
                made_dirs.append(d)
            before[path] = path.read_bytes() if path.exists() else None
            data = raw_path.read_bytes() if path == raw_dest else text.encode("utf-8")
            tmp = path.with_name(f".{path.name}.importing")
            tmp.write_bytes(data)
            os.replace(tmp, path)
    except BaseException:
        for path, old in before.items():
            if old is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(old)
        for d in reversed(made_dirs):
            shutil.rmtree(d, ignore_errors=True)
        raise
