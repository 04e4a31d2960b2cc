"""Load the canonical source: notes/topics/*.yml (claims and dropped lists: sources.project);
parse a section body once into typed parts (`Section.parts(lang)`: text, @snippet, @claim,
@note-output, editor block) for pages, notebooks, the error index and the checks.

The file formats are the models of torchkb.sources.schema; here a validated topic becomes the
Topic and Section objects the generator uses, after the checks a schema can't make
(unsafe HTML, unclosed code fences, section ids unique across the site). Every problem
is a SourceError naming the file and line, so a bad edit is found fast.
"""

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from torchkb.errors import SourceError, require_unique
from torchkb.rawnotes.lines import is_output_marker
from torchkb.rawnotes.text import read_text
from torchkb.sources import schema
from torchkb.sources.sanitize import unsafe_html
from torchkb.sources.schema import LineDict, load_yaml
from torchkb.sources.snippets import snippet_id

__all__ = ["DIRECTIVE", "Section", "Source", "Topic", "load_topic", "load_topics", "load_yaml"]

DIRECTIVE = re.compile(r"^@(snippet|claim|note-output)\s+(.+?)\s*$", re.M)


@dataclass
class Source:
    note: str
    start: int
    end: int


# ---- a body's parts: its directives and editor blocks, parsed once --------------------
# Pages (render), notebooks, the error index and coverage all read a body through these.


@dataclass(frozen=True)
class TextPart:
    """Lines of Markdown, the author's or translated (no directive, no editor block)."""

    lines: tuple[str, ...]
    line: int  # file line of the first

    @property
    def lead_in(self) -> bool:
        """Only blank lines or a lead-in such as `输出：` (what follows is output)."""

        return all(not x.strip() or is_output_marker(x) for x in self.lines)


@dataclass(frozen=True)
class _Directive:
    path: Path
    line: int  # file line of the directive

    def error(self, problem: str) -> SourceError:
        return SourceError(self.path, self.line, problem)


@dataclass(frozen=True)
class SnippetPart(_Directive):
    """`@snippet <topic>/<file>`: the snippet file inlined, with its recorded output."""

    ref: str

    @property
    def id(self) -> str:
        return snippet_id(self.ref)


@dataclass(frozen=True)
class ClaimPart(_Directive):
    """`@claim <id>`: a claim of notes/claims/ with its label."""

    id: str


@dataclass(frozen=True)
class NoteOutputPart(_Directive):
    """`@note-output <note> <first>-<last>`: raw-note lines quoted as the author's output."""

    note: str
    first: int
    last: int

    def quote(self, raw_dir: Path) -> list[str]:
        """The quoted lines of notes/raw/<note>.txt."""
        raw = raw_dir / f"{self.note}.txt"
        if not raw.exists():
            raise self.error(f"@note-output: no raw note {self.note}")

        lines = read_text(raw).splitlines()
        if self.last > len(lines):
            raise self.error(f"@note-output: {self.note} has {len(lines)} lines, not {self.last}")
        return lines[self.first - 1 : self.last]


@dataclass(frozen=True)
class EditorNotePart:
    """An `!!! editor "编者注"` block: the editor's words, visibly apart from the author's."""

    title: str | None
    body: tuple[str, ...]  # its lines, dedented; no trailing blank lines
    markdown: tuple[str, ...]  # the block as written (pages render it as an admonition)
    line: int


Part = TextPart | SnippetPart | ClaimPart | NoteOutputPart | EditorNotePart

_DIRECTIVE_WORD = re.compile(r"@(snippet|claim|note-output)\b")
_EDITOR_START = re.compile(r'^(?:!!!|\?\?\?\+?) editor(?:\s+"([^"]*)")?\s*$')
_NOTE_SPAN = re.compile(r"([1-9][0-9]*)-([1-9][0-9]*)")
_USAGE = {
    "snippet": "@snippet <topic>/<file>",
    "claim": "@claim <id>",
    "note-output": "@note-output <note> <first>-<last>",
}


def _directive(kind: str, text: str, path: Path, line: int) -> Part:
    """One directive line's part; a malformed one -> SourceError at its line."""
    rest = text[len(kind) + 1 :]
    args = rest.split() if rest[:1].isspace() else []  # `@claim-x`: no arguments
    if kind == "snippet" and len(args) == 1 and "/" in args[0].strip("/"):
        return SnippetPart(path, line, args[0])
    if kind == "claim" and len(args) == 1:
        return ClaimPart(path, line, args[0])
    if kind == "note-output" and len(args) == 2 and (m := _NOTE_SPAN.fullmatch(args[1])):
        first, last = int(m.group(1)), int(m.group(2))
        if first <= last:
            return NoteOutputPart(path, line, args[0], first, last)
    raise SourceError(path, line, f"{text!r}: expected `{_USAGE[kind]}`")


def parse_body(body: str, path: Path, line: int) -> list[Part]:
    """A body's parts, in order. `line`: the file line of the body's first line. Directive
    lines outside code fences become their parts; an editor block (its title line, then
    blank or 4-space indented lines) one EditorNotePart; the lines between, TextParts."""
    lines = body.splitlines()
    parts: list[Part] = []
    n = start = 0  # start: the first line of the text not yet in a part
    fence = ""  # the open code fence's marker
    while n < len(lines):
        found, end = _block_part(lines, n, path, line) if not fence else (None, n + 1)
        if found is None:
            fence = _fence_after(fence, lines[n].strip())
        else:
            if start < n:
                parts.append(TextPart(tuple(lines[start:n]), line + start))
            parts.append(found)
            start = end
        n = end
    if start < len(lines):
        parts.append(TextPart(tuple(lines[start:]), line + start))
    return parts


def _block_part(lines: list[str], n: int, path: Path, line: int) -> tuple[Part | None, int]:
    """The directive or editor block that starts at lines[n], if any; the line after it."""
    stripped = lines[n].strip()
    if word := _DIRECTIVE_WORD.match(stripped):
        return _directive(word.group(1), stripped, path, line + n), n + 1
    if not (editor := _EDITOR_START.match(lines[n])):
        return None, n + 1
    end = n + 1
    while end < len(lines) and (not lines[end].strip() or lines[end].startswith("    ")):
        end += 1
    while not lines[end - 1].strip():  # its trailing blank lines belong to the text after
        end -= 1
    for k in range(n + 1, end):
        if _DIRECTIVE_WORD.match(lines[k].strip()):
            raise SourceError(path, line + k, "no directives in an editor block")
    body = tuple(x[4:] for x in lines[n + 1 : end])
    return EditorNotePart(editor.group(1), body, tuple(lines[n:end]), line + n), end


def _fence_after(fence: str, stripped: str) -> str:
    """The open fence marker after this line ("" when none): a fence closes with a line of
    at least as many of the same character and nothing else."""
    m = _FENCE.match(stripped)
    if not m:
        return fence
    if not fence:
        return m.group(1)
    if m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not stripped.strip(fence[0]):
        return ""
    return fence


@dataclass
class Section:
    id: str
    topic: str
    sources: list[Source]
    text: dict[str, dict]  # lang -> {"title", "body", ("source_hash")}
    path: Path
    line: int
    # English pages only: None, or "missing" / "stale" (translation.english_view)
    translation: str | None = None
    # lang -> file line of its `body:` key (body line n is file line this + n)
    body_line: dict[str, int] = field(default_factory=dict)
    _parts: dict[str, list[Part]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def parts(self, lang: str) -> list[Part]:
        """The body of `lang` as parts, parsed once (SourceError at a bad directive)."""
        if lang not in self._parts:
            body = self.text[lang]["body"]
            start = self.body_line.get(lang if self.text[lang] is not self.text["zh"] else "zh")
            # pages and notebooks show the body without its leading and trailing blank lines
            lead = len(body) - len(body.lstrip("\n"))
            self._parts[lang] = parse_body(
                body.strip("\n"), self.path, (start or self.line) + 1 + lead
            )
        return self._parts[lang]

    def directives(self, lang: str) -> list[tuple[str, str]]:
        """(kind, argument) of each directive, in order (`missing` language: none)."""
        if lang not in self.text:
            return []
        out = []
        for part in self.parts(lang):
            if isinstance(part, SnippetPart):
                out.append(("snippet", part.ref))
            elif isinstance(part, ClaimPart):
                out.append(("claim", part.id))
            elif isinstance(part, NoteOutputPart):
                out.append(("note-output", f"{part.note} {part.first}-{part.last}"))
        return out


# A section's English: current (None), or one of these (translation.english_view)
MISSING = "missing"
STALE = "stale"


def section_hash(zh: dict) -> str:
    """Hash of a Chinese section's title and body; recorded with its translation."""
    text = zh.get("title", "") + "\n" + zh.get("body", "")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def state(section: Section) -> str | None:
    """None when the English is current, else MISSING or STALE."""
    en = section.text.get("en")
    if en is None:
        return MISSING
    if en.get("source_hash") != section_hash(section.text["zh"]):
        return STALE
    return None


@dataclass
class Topic:
    id: str
    order: int
    title: dict[str, str]
    summary: dict[str, str]
    tags: dict[str, list[str]]
    sections: list[Section] = field(default_factory=list)
    path: Path | None = None


_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_SCRIPT = re.compile(r"<\s*script\b", re.I)


def _check_body(body: str, path: Path, line: int, what: str) -> None:
    """Unclosed code fences, raw <script> and HTML the allow-list drops never reach a page."""
    open_fence: tuple[str, int] | None = None
    for offset, text in enumerate(body.splitlines(), 1):
        if _SCRIPT.search(text):
            raise SourceError(path, line + offset, f"{what}: raw <script> is not allowed")
        m = _FENCE.match(text)
        if not m:
            continue
        if open_fence is None:
            open_fence = (m.group(1), offset)
        elif m.group(1)[0] == open_fence[0][0] and len(m.group(1)) >= len(open_fence[0]):
            if not text.strip().strip(m.group(1)[0]):
                open_fence = None
    if open_fence is not None:
        raise SourceError(path, line + open_fence[1], f"{what}: code fence is never closed")
    # event handlers, javascript: links, iframes...: the allow-list says what it would drop
    for offset, problem in unsafe_html(body):
        raise SourceError(path, line + offset, f"{what}: {problem}")


def load_topic(path: Path) -> Topic:
    data = load_yaml(path)
    if not isinstance(data, LineDict):
        raise SourceError(path, 1, "a topic file is a YAML mapping")
    entry = schema.validate(schema.TopicFile, data, path)
    for name in ("title", "summary"):
        for lang, value in getattr(entry, name).as_dict().items():
            for _, problem in unsafe_html(value):
                raise SourceError(
                    path,
                    data.key_lines[name] if name in data else data.line,
                    f"topic {name} {lang}: {problem}",
                )
    topic = Topic(
        id=entry.id,
        order=entry.order,
        title=entry.title.as_dict(),
        summary=entry.summary.as_dict(),
        tags=entry.tags.model_dump(exclude_none=True),
        path=path,
    )
    for raw, section in zip(data.get("sections") or [], entry.sections or [], strict=True):
        text, body_line = {}, {}
        for lang in ("zh", "en"):
            part = getattr(section, lang)
            if part is None:
                continue
            text[lang] = part.model_dump(exclude_none=True)
            where, what = raw[lang].key_lines, f"section {section.id} {lang}"
            body_line[lang] = where["body"]
            for _, problem in unsafe_html(part.title):
                raise SourceError(path, where["title"], f"{what} title: {problem}")
            # body line n is file line `body:` + n (a block scalar starts below its key)
            _check_body(part.body, path, where["body"], what)
        sources = [Source(s.note, *s.lines) for s in section.sources]
        topic.sections.append(
            Section(section.id, topic.id, sources, text, path, raw.line, body_line=body_line)
        )
    return topic


def load_topics(topics_dir: Path) -> list[Topic]:
    """All topics, in page order; section ids must be unique across the site."""
    topics = [load_topic(p) for p in sorted(topics_dir.glob("*.yml"))]
    sections = (s for t in topics for s in t.sections)
    require_unique(sections, "section id", lambda s: s.id, lambda s: s.path, lambda s: s.line)
    return sorted(topics, key=lambda t: (t.order, t.id))
