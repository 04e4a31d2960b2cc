"""Load and validate the canonical source: notes/topics/*.yml, claims, dropped lists.

Every problem is a SourceError naming the file and line, so a bad edit is found fast.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from torchkb.errors import SourceError
from torchkb.sanitize import unsafe_html

SECTION_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
DIRECTIVE = re.compile(r"^@(snippet|claim|note-output)\s+(.+?)\s*$", re.M)
LANG_KEYS = ("zh", "en")


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # C loader: 5x faster
    """SafeLoader that keeps each mapping's 1-based start line under `__line__`."""


def _mapping_with_line(loader: _LineLoader, node: yaml.MappingNode) -> dict:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_with_line)


def load_yaml(path: Path) -> object:
    """Parse YAML; mappings carry `__line__`. Bad YAML or encoding -> SourceError."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        raise SourceError(path, line, "not valid UTF-8") from None
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise SourceError(path, line, f"YAML: {err.problem or err}") from None


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


def _require(data: dict, key: str, path: Path, what: str) -> object:
    if not isinstance(data, dict) or key not in data:
        line = data.get("__line__") if isinstance(data, dict) else None
        raise SourceError(path, line, f"{what} is missing `{key}`")
    return data[key]


def _lang_map(value: object, path: Path, line: int | None, what: str) -> dict:
    if not isinstance(value, dict) or "zh" not in value:
        raise SourceError(path, line, f"{what} needs a `zh` entry (and `en`)")
    return {k: v for k, v in value.items() if k != "__line__"}


def _parse_sources(raw: object, path: Path, line: int) -> list[Source]:
    if not isinstance(raw, list) or not raw:
        raise SourceError(path, line, "section needs a non-empty `sources` list")
    sources = []
    for item in raw:
        item_line = item.get("__line__", line) if isinstance(item, dict) else line
        note = _require(item, "note", path, "source")
        lines = _require(item, "lines", path, "source")
        if not (isinstance(lines, list) and len(lines) == 2 and lines[0] <= lines[1]):
            raise SourceError(path, item_line, f"source lines must be [first, last], got {lines}")
        sources.append(Source(str(note), int(lines[0]), int(lines[1])))
    return sources


_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_SCRIPT = re.compile(r"<\s*script\b", re.I)


def _body_line(path: Path, from_line: int) -> int:
    """Line of the `body:` key at or after from_line: body line n is file line this + n."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for n in range(from_line - 1, len(lines)):
        if lines[n].lstrip().startswith("body:"):
            return n + 1
    return from_line


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
    if not isinstance(data, dict):
        raise SourceError(path, 1, "a topic file is a YAML mapping")
    line = data["__line__"]
    topic_id = str(_require(data, "id", path, "topic"))
    topic = Topic(
        id=topic_id,
        order=int(data.get("order", 999)),
        title=_lang_map(_require(data, "title", path, "topic"), path, line, "title"),
        summary=_lang_map(data.get("summary", {"zh": ""}), path, line, "summary"),
        tags=_lang_map(data.get("tags", {"zh": []}), path, line, "tags"),
        path=path,
    )
    for field_name in ("title", "summary"):
        for lang, value in getattr(topic, field_name).items():
            for _, problem in unsafe_html(str(value)):
                raise SourceError(path, line, f"topic {field_name} {lang}: {problem}")
    for raw in data.get("sections") or []:
        s_line = raw.get("__line__", line) if isinstance(raw, dict) else line
        section_id = str(_require(raw, "id", path, "section"))
        if not SECTION_ID.fullmatch(section_id):
            raise SourceError(path, s_line, f"section id {section_id!r} must match [a-z0-9-]+")
        text = {}
        for lang in LANG_KEYS:
            part = raw.get(lang)
            if part is None:
                continue
            p_line = part.get("__line__", s_line) if isinstance(part, dict) else s_line
            for key in ("title", "body"):
                if not isinstance(part, dict) or not isinstance(part.get(key), str):
                    raise SourceError(path, p_line, f"section {section_id} {lang} needs `{key}`")
            text[lang] = {k: v for k, v in part.items() if k != "__line__"}
            for _, problem in unsafe_html(text[lang]["title"]):
                raise SourceError(path, p_line, f"section {section_id} {lang} title: {problem}")
            _check_body(text[lang]["body"], path, _body_line(path, p_line),
                        f"section {section_id} {lang}")
        if "zh" not in text:
            raise SourceError(path, s_line, f"section {section_id} has no `zh` text")
        sources = _parse_sources(raw.get("sources"), path, s_line)
        topic.sections.append(Section(section_id, topic_id, sources, text, path, s_line))
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


def load_list_files(folder: Path) -> list[dict]:
    """Concatenate the YAML lists of folder/*.yml (claims, dropped parts)."""
    items: list[dict] = []
    for path in sorted(folder.glob("*.yml")):
        data = load_yaml(path) or []
        if not isinstance(data, list):
            raise SourceError(path, 1, "expected a YAML list")
        for item in data:
            if not isinstance(item, dict):
                raise SourceError(path, None, f"expected a mapping, got {item!r}")
            item["__file__"] = path
            items.append(item)
    return items
