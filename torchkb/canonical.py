"""Load the canonical source: notes/topics/*.yml (claims and dropped lists: torchkb.project).

The file formats are the models of torchkb.schema; here a validated topic becomes the
Topic and Section objects the generator uses, after the checks a schema can't make
(unsafe HTML, unclosed code fences, section ids unique across the site). Every problem
is a SourceError naming the file and line, so a bad edit is found fast.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from torchkb import schema
from torchkb.errors import SourceError
from torchkb.sanitize import unsafe_html
from torchkb.schema import LineDict, load_yaml

__all__ = ["DIRECTIVE", "Section", "Source", "Topic", "load_topic", "load_topics", "load_yaml"]

DIRECTIVE = re.compile(r"^@(snippet|claim|note-output)\s+(.+?)\s*$", re.M)


@dataclass
class Source:
    note: str
    start: int
    end: int


@dataclass
class Section:
    id: str
    topic: str
    sources: list[Source]
    text: dict[str, dict]  # lang -> {"title", "body", ("source_hash")}
    path: Path
    line: int
    # English pages only: None, or "missing" / "stale" (see torchkb.translation.english_view)
    translation: str | None = None
    # lang -> file line of its `body:` key (body line n is file line this + n)
    body_line: dict[str, int] = field(default_factory=dict)

    def directives(self, lang: str) -> list[tuple[str, str]]:
        body = self.text.get(lang, {}).get("body", "")
        return DIRECTIVE.findall(body)


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
                raise SourceError(path, data.key_lines[name] if name in data else data.line,
                                  f"topic {name} {lang}: {problem}")
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
    seen: dict[str, Section] = {}
    for topic in topics:
        for section in topic.sections:
            if section.id in seen:
                first = seen[section.id]
                raise SourceError(
                    section.path,
                    section.line,
                    f"duplicate section id {section.id!r} "
                    f"(first at {first.path.name}:{first.line})",
                )
            seen[section.id] = section
    return sorted(topics, key=lambda t: (t.order, t.id))
