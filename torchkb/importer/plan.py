"""Planning an import: what each new section, snippet and dropped part of a note will be.

Reads the tree (what is there already), writes nothing: `Planner.plan` returns a
`NotePlan`, which `torchkb.importer.files` turns into file texts.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from torchkb.errors import SourceError
from torchkb.importer.cleaning import body_text, dead, host
from torchkb.importer.fragments import Fragment, NoteFragments
from torchkb.importer.placing import Ranking, TopicIndex
from torchkb.importer.sections import NoteSection
from torchkb.rawnotes.model import Block, RawNote
from torchkb.sources.canonical import Topic
from torchkb.sources.project import Project

_EXT = {"python": "py", "sh": "sh", "yaml": "yaml"}
_DEAD_LINKS = (
    "links with no target (a table of contents of `#` anchors, or references whose URLs were lost)"
)
_SHELL_NOTE = "shell/config text: kept, never run (`skip:` in snippets.yml)"
Span = tuple[int, int]  # 1-based inclusive note lines


@dataclass
class PlannedSnippet:
    topic: str
    name: str  # file name in snippets/<topic>/
    title: str  # the title of the section it is in
    lang: str  # python | sh | yaml | text
    fragment: Fragment
    lines: Span  # where the code is in the note
    recorded: bool  # an output file is there already

    @property
    def rel(self) -> str:
        return f"snippets/{self.topic}/{self.name}"


@dataclass
class PlannedSection:
    id: str
    topic: str
    title: str
    lines: Span
    body: str  # the zh body: cleaned text and @snippet / @note-output lines
    ranking: Ranking  # how the topic was chosen


@dataclass
class NotePlan:
    stem: str
    sections: list[PlannedSection] = field(default_factory=list)
    snippets: list[PlannedSnippet] = field(default_factory=list)
    dropped: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, reason)
    already_present: list[str] = field(default_factory=list)  # sections skipped, described


def _overlaps(a: int, b: int, ranges: list) -> bool:
    return any(a <= r[1] and r[0] <= b for r in ranges)


@dataclass
class Existing:
    """The topics, and the line ranges of this note already in sections / dropped lists."""

    topics: list[Topic]
    sections: list[tuple[int, int, str]]  # (start, end, section id)
    dropped: list[Span]

    @classmethod
    def load(cls, project: Project, stem: str) -> Existing:
        topics = project.topics
        sections = [
            (src.start, src.end, s.id)
            for t in topics
            for s in t.sections
            for src in s.sources
            if src.note == stem
        ]
        dropped = [d.lines for d in project.dropped if d.note == stem and d.words is None]
        return cls(topics, sections, dropped)

    def present(self, a: int, b: int) -> list[str]:
        """The ids of the sections that already hold lines a..b, sorted."""
        return sorted({sid for start, end, sid in self.sections if start <= b and a <= end})

    def all_dropped(self, lines: list[int]) -> bool:
        """Every one of these lines is in a dropped list already (a re-import keeps them out)."""
        return bool(lines) and all(any(d[0] <= n <= d[1] for d in self.dropped) for n in lines)

    def accounted(self, a: int, b: int) -> bool:
        """Lines a..b are in a section or a dropped list already."""
        return _overlaps(a, b, self.dropped) or _overlaps(a, b, self.sections)


def short_name(stem: str) -> str:
    """The prefix of the note's snippet files and section ids."""
    return re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_")[:8].strip("_") or "note"


def _slug(title: str) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"^\W*\d+\W+", "", title.lower()))
    return "-".join(words)[:40].strip("-")


def content_range(note: RawNote, block: Block) -> Span:
    """Lines of a block without the fence lines around it (an output block's own text)."""
    a, b = block.start_line, block.end_line
    if a < b and re.match(r"\s*(`{3,}|~{3,})", note.lines[a - 1]):
        a, b = a + 1, b - 1 if re.match(r"\s*(`{3,}|~{3,})\s*$", note.lines[b - 1]) else b
    return a, b


class Planner:
    """Plans one note's sections in order; snippets are numbered through the whole note
    (those of sections already present too), so a re-import names them the same."""

    def __init__(self, project: Project, note: RawNote, existing: Existing) -> None:
        self.project, self.note, self.existing = project, note, existing
        self.stem = note.path.stem
        self.short = short_name(self.stem)
        self.index = TopicIndex.build(existing.topics)
        self.fragments = NoteFragments()
        self.result = NotePlan(self.stem)
        self.code_no = 0

    def plan(self, sections: list[NoteSection], empty_headings: list[Block]) -> NotePlan:
        for block in self.note.blocks:
            if block.kind == "front_matter":
                self.drop(
                    block, "front matter (note metadata: title, date, tags); kept in notes/raw"
                )
        for heading in empty_headings:
            self.drop(
                heading,
                "chapter heading with no text of its own; its sections were imported one by one",
            )
        for section in sections:
            self.section(section)
        return self.result

    def drop(self, block: Block, reason: str) -> None:
        a, b = block.start_line, block.end_line
        if not self.existing.accounted(a, b):
            self.result.dropped.append((a, b, reason))

    def section(self, section: NoteSection) -> None:
        present = self.existing.present(section.start, section.end)
        if present:
            self.result.already_present.append(
                f"lines {section.start}-{section.end} {section.title!r}: {', '.join(present)}"
            )
            self.code_no += sum(b.kind == "code" for b in section.blocks)
            return
        span = range(section.start, section.end + 1)
        written = [n for n in span if self.note.lines[n - 1].strip()]
        if self.existing.all_dropped(written):
            self.result.already_present.append(
                f"lines {section.start}-{section.end} {section.title!r}: in a dropped list"
            )
            self.code_no += sum(b.kind == "code" for b in section.blocks)
            return
        topic, ranking = self.index.place(section)
        body = list(section.links)
        for block in section.blocks:
            body.append(self.body_part(block, section.title, topic))
            self.drop_inline_images(block)
        parts = (_slug(section.title) or topic, self.short.replace("_", "-"), f"l{section.start}")
        sid = "-".join(p for p in parts if p)
        text = "\n\n".join(p for p in body if p.strip()).strip("\n") + "\n"
        span = (section.start, section.end)
        self.result.sections.append(PlannedSection(sid, topic, section.title, span, text, ranking))

    def body_part(self, block: Block, title: str, topic: str) -> str:
        """What a block becomes in the section's body ("" when it is dropped)."""
        if block.kind == "code":
            return self.snippet(block, title, topic)
        if block.kind == "output":
            a, b = content_range(self.note, block)
            return f"@note-output {self.stem} {a}-{b}"
        if block.kind == "image":
            where = host(block.urls[0]) if block.urls else "?"
            self.drop(block, f"image hot-linked from {where}: not embedded")
            return ""
        if block.kind == "link_list" and all(dead(u) for u in block.urls):
            self.drop(block, _DEAD_LINKS)
            return ""
        return body_text(block)

    def drop_inline_images(self, block: Block) -> None:
        if block.kind in ("text", "html") and block.urls:
            self.drop(
                block,
                f"inline image from {host(block.urls[0])} not embedded (the text "
                "around it is kept)",
            )

    def snippet(self, block: Block, title: str, topic: str) -> str:
        """A code block becomes snippets/<topic>/<short>_<n>.<ext>; its @snippet line."""
        self.code_no += 1
        lang = block.lang or "text"
        name = f"{self.short}_{self.code_no}.{_EXT.get(lang, 'txt')}"
        rel = f"snippets/{topic}/{name}"
        code = textwrap.dedent(block.text).strip("\n") + "\n"
        if lang == "python":
            fragment = self.fragments.runnable(code, rel, block.end_line)
        else:
            fragment = Fragment(code, notes=[_SHELL_NOTE])
        path = self.project.root / rel
        if path.exists() and path.read_text(encoding="utf-8") != fragment.code:
            raise SourceError(
                path, None, "snippet exists with other content; refusing to overwrite it"
            )
        span = (block.start_line, block.end_line)
        recorded = path.with_suffix(".out").exists()
        self.result.snippets.append(
            PlannedSnippet(topic, name, title, lang, fragment, span, recorded)
        )
        return f"@snippet {topic}/{name}"
