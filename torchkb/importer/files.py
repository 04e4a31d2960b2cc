"""The text of each file an import changes, from its `NotePlan`.

New sections are appended as text at the end of `notes/topics/<topic>.yml` (so
hand-edited files keep their comments and layout), snippet entries at the end of
`snippets/<topic>/snippets.yml`, dropped parts at the end of `notes/dropped/inbox.yml`.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import yaml

from torchkb.importer.fragments import needs, packages
from torchkb.importer.placing import INBOX
from torchkb.importer.plan import NotePlan, PlannedSection, PlannedSnippet
from torchkb.sources.project import Project

T = TypeVar("T", PlannedSection, PlannedSnippet)
_SKIP = '  skip: "imported from a note: shell/config text, review before running"'


@dataclass
class Writes:
    """The files an import changes, in the order they are written: path -> new content
    (text, or the bytes of the raw note copied verbatim)."""

    project: Project
    files: dict[Path, str | bytes] = field(default_factory=dict)

    def text(self, path: Path) -> str:
        """The file's text as planned so far, else as on disk ("" when there is none)."""
        if path in self.files:
            data = self.files[path]
            return data if isinstance(data, str) else data.decode("utf-8")
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def add_plan(self, plan: NotePlan) -> None:
        for snippet in plan.snippets:
            self.files[self.project.root / snippet.rel] = snippet.fragment.code
        for topic, sections in _by_topic(plan.sections).items():
            self._topic(topic, "".join(section_yaml(plan.stem, s) for s in sections))
        for topic, snippets in _by_topic(plan.snippets).items():
            self._snippet_entries(topic, "".join(snippet_yaml(s) for s in snippets))
        if plan.dropped:
            self._dropped(plan.stem, sorted(plan.dropped))

    def _topic(self, topic: str, items: str) -> None:
        path = self.project.topics_dir / f"{topic}.yml"
        base = self.text(path)
        if not base:
            title = "{zh: 待整理, en: Inbox}" if topic == INBOX else f"{{zh: {topic}, en: {topic}}}"
            base = f"id: {topic}\norder: 999\ntitle: {title}\nsections:\n"
        self.files[path] = append_sections(base, items)

    def _snippet_entries(self, topic: str, entries: str) -> None:
        path = self.project.snippets_dir / topic / "snippets.yml"
        base = self.text(path)
        base = "" if base.strip() in ("", "{}") else base.rstrip("\n") + "\n"
        self.files[path] = base + entries

    def _dropped(self, stem: str, dropped: list[tuple[int, int, str]]) -> None:
        path = self.project.dropped_dir / f"{INBOX}.yml"
        base = self.text(path)
        base = "" if base.strip() in ("", "[]") else base.rstrip("\n") + "\n"
        self.files[path] = base + "".join(
            f"- {{note: {stem}, lines: [{a}, {b}], reason: {json.dumps(r, ensure_ascii=False)}}}\n"
            for a, b, r in dropped
        )


def _by_topic(items: list[T]) -> dict[str, list[T]]:
    groups: dict[str, list[T]] = {}
    for item in items:
        groups.setdefault(item.topic, []).append(item)
    return groups


def section_yaml(stem: str, section: PlannedSection) -> str:
    """A section as a YAML list item; the body as a literal block when that reads back the
    same, else as a JSON string."""
    (start, end), body = section.lines, section.body
    head = (
        f"  - id: {section.id}\n    sources:\n      - {{note: {stem}, lines: [{start}, {end}]}}\n"
        f"    zh:\n      title: {json.dumps(section.title, ensure_ascii=False)}\n"
    )
    indicator = "|2" if body[:1].isspace() else "|"
    literal = head + f"      body: {indicator}\n" + textwrap.indent(body, " " * 8)
    try:
        if yaml.safe_load(literal)[0]["zh"]["body"] == body:
            return literal
    except yaml.YAMLError:
        pass
    return head + f"      body: {json.dumps(body, ensure_ascii=False)}\n"


def append_sections(text: str, items: str) -> str:
    """A topic file's text with `items` appended to its `sections:` list."""
    if text and not text.endswith("\n"):
        text += "\n"
    m = re.search(r"(?m)^sections:[ \t]*(\[\s*\])?[ \t]*(#.*)?$", text)
    if m is None:
        text += "sections:\n"
    elif m[1]:
        text = text[: m.start()] + "sections:" + text[m.end() :]
    return text + items


def snippet_yaml(snippet: PlannedSnippet) -> str:
    """The snippet's entry in snippets.yml."""
    code, expect = snippet.fragment.code, snippet.fragment.expect
    lines = [
        f"{snippet.name}:",
        f"  title: {{zh: {json.dumps(snippet.title, ensure_ascii=False)}}}",
        f"  needs: {needs(code)}",
    ]
    if snippet.lang != "python":
        lines.append(_SKIP)
    else:
        lines.append(f"  packages: {json.dumps(packages(code))}")
        if expect:
            match = json.dumps(expect["match"], ensure_ascii=False)
            lines.append(f"  expect_exception: {{type: {expect['type']}, match: {match}}}")
    return "\n".join(lines) + "\n"
