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
from torchkb.canonical import load_list_files, load_topic, load_topics
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
class ImportReport:
    note: str
    raw_copied: bool = False
    sections_added: dict[str, list[str]] = field(default_factory=dict)  # topic -> ids
    snippets_written: list[str] = field(default_factory=list)
    missing_english: list[str] = field(default_factory=list)
    not_run: list[str] = field(default_factory=list)
    not_compiling: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)

    @property
    def noop(self) -> bool:
        return not (self.sections_added or self.snippets_written or self.dropped
                    or self.raw_copied)

    def __str__(self) -> str:
        if self.noop:
            return (f"{self.note}: nothing to import, already imported "
                    f"({len(self.already_present)} sections present by provenance)")
        out = [f"imported {self.note}" + (" (raw note copied to notes/raw/)"
                                          if self.raw_copied else "")]
        for topic, ids in self.sections_added.items():
            out.append(f"  notes/topics/{topic}.yml: +{len(ids)} sections: {', '.join(ids)}")

        def listing(title: str, items: list[str]) -> None:
            if items:
                out.append(f"{title} ({len(items)}):")
                out.extend(f"  {item}" for item in items)

        listing("snippets written", self.snippets_written)
        listing("sections missing English (run `python -m torchkb translations`)",
                self.missing_english)
        listing("snippets not yet run (no .out)", self.not_run)
        listing("Python snippets that do not compile yet", self.not_compiling)
        listing("dropped (notes/dropped/inbox.yml)", self.dropped)
        listing("already present (skipped)", self.already_present)
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

    def best(self, query: Counter) -> tuple[str, float]:
        """Topic with the highest sum over shared words of query weight x idf x log weight."""
        scores = {
            tid: sum(q * self.idf[w] * (1 + math.log(bag[w])) for w, q in query.items()
                     if w in bag)
            for tid, bag in self.weights.items() if tid != INBOX
        }
        if not scores:
            return INBOX, 0.0
        tid = max(scores, key=lambda t: (scores[t], t))
        return (tid, scores[tid]) if scores[tid] >= MIN_SCORE else (INBOX, scores[tid])


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


def _snippet_meta(name: str, title: str, code: str, lang: str) -> str:
    needs = "cuda" if _CUDA.search(code) else "cpu"
    lines = [f"{name}:", f"  title: {{zh: {json.dumps(title, ensure_ascii=False)}}}",
             f"  needs: {needs}"]
    if lang == "python":
        lines.append(f"  packages: {json.dumps(_packages(code))}")
    else:
        lines.append('  skip: "imported from a note: shell/config text, review before running"')
    return "\n".join(lines) + "\n"


def _packages(code: str) -> list[str]:
    import sys

    mods = set(re.findall(r"(?m)^\s*(?:from|import)\s+([A-Za-z_]\w*)", code))
    return sorted(m for m in mods if m not in sys.stdlib_module_names and m != "torch")


def _compiles(code: str) -> bool:
    try:
        compile(code, "<snippet>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


_Ranges = list[tuple[int, int]]


def _existing(root: Path, stem: str) -> tuple[list, list[tuple[int, int, str]], _Ranges]:
    """Topics, and the line ranges of this note already in sections / dropped lists."""
    topics = load_topics(root / "notes" / "topics")
    present = [(s.sources, s) for t in topics for s in t.sections]
    sections = [(src.start, src.end, s.id) for srcs, s in present for src in srcs
                if src.note == stem]
    dropped = [(int(d["lines"][0]), int(d["lines"][1])) for d in
               load_list_files(root / "notes" / "dropped") if d.get("note") == stem
               and isinstance(d.get("lines"), list) and len(d["lines"]) == 2]
    return topics, sections, dropped


def _overlaps(a: int, b: int, ranges) -> bool:
    return any(a <= r[1] and r[0] <= b for r in ranges)


def import_note(raw_path: Path, *, root: Path = torchkb.ROOT) -> ImportReport:
    raw_path, root = Path(raw_path), Path(root)
    note = parse_note(raw_path)
    stem = raw_path.stem
    report = ImportReport(stem)
    plan = _Plan(root, stem)

    raw_dest = root / "notes" / "raw" / f"{stem}.txt"
    if raw_dest.exists():
        if raw_dest.read_bytes() != raw_path.read_bytes():
            raise SourceError(raw_path, None, f"{raw_dest.relative_to(root)} exists with "
                              "different content; rename the new note")
    else:
        report.raw_copied = True

    topics, present, dropped_before = _existing(root, stem)
    index = _TopicIndex.build(topics)
    topic_ids = {t.id for t in topics}
    sections, empty_headings = split_sections(note)

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
    for section in sections:
        codes = [b for b in section.blocks if b.kind == "code"]
        if _overlaps(section.start, section.end, present):
            ids = sorted({sid for a, b, sid in present if a <= section.end and section.start <= b})
            report.already_present.append(
                f"lines {section.start}-{section.end} {section.title!r}: {', '.join(ids)}")
            code_no += len(codes)
            continue
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
                code = textwrap.dedent(block.text).strip("\n") + "\n"
                if path.exists() and path.read_text(encoding="utf-8") != code:
                    raise SourceError(path, None, "snippet exists with other content; "
                                      "refusing to overwrite it")
                plan.writes[path] = code
                snippet_entries.setdefault(topic, []).append(
                    _snippet_meta(name, section.title, code, block.lang or "text"))
                rel = f"snippets/{topic}/{name}"
                report.snippets_written.append(rel)
                if not path.with_suffix(".out").exists():
                    report.not_run.append(rel)
                if ext == "py" and not _compiles(code):
                    report.not_compiling.append(f"{rel} (note lines {block.start_line}-"
                                                f"{block.end_line})")
                body.append(f"@snippet {topic}/{name}")
            elif kind == "output":
                body.append(f"@note-output {stem} {block.start_line}-{block.end_line}")
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
