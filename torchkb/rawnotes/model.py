"""The typed result of parsing a raw note: its blocks, in file order, with line ranges."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Kind = Literal[
    "front_matter",
    "heading",
    "text",
    "code",
    "output",
    "html",
    "image",
    "link_list",
    "table",
    "rule",
]

Row = tuple[int, str]  # (1-based file line number, the line's text)


@dataclass
class Block:
    kind: Kind
    text: str
    start_line: int
    end_line: int
    lang: str | None = None  # code only
    level: int | None = None  # heading only
    urls: list[str] = field(default_factory=list)  # image / link_list / inline images
    tags: list[str] = field(default_factory=list)  # html: the raw tags found


@dataclass
class RawNote:
    path: Path
    lines: list[str]  # the file's lines, line endings removed; lines[n - 1] is line n
    meta: dict
    body_start: int  # first line after the front matter (1 when there is none)
    blocks: list[Block]

    def source(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start - 1 : end])
