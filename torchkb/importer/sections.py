"""Splitting a parsed note into sections at its headings of the two highest levels present.

Deeper headings stay inside a section's body (as `###` and below). A heading with nothing
under it is a chapter title: it is returned apart (the importer lists it as dropped) and
its title is the context of the sections under it, which helps place them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from torchkb.rawnotes.model import Block, RawNote
from torchkb.rawnotes.source import markdown

_MD = markdown()
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


@dataclass
class NoteSection:
    title: str
    start: int
    end: int
    blocks: list[Block]
    context: list[str] = field(default_factory=list)  # titles of enclosing chapters
    links: list[str] = field(default_factory=list)  # links that were in the heading


def split_sections(note: RawNote) -> tuple[list[NoteSection], list[Block]]:
    """Sections at the two highest heading levels; also the chapter headings left empty."""
    levels = sorted({b.level for b in note.blocks if b.kind == "heading" and b.level})[:2]
    title = str(note.meta.get("title") or "") or note.path.stem
    splitter = _Splitter(levels, NoteSection(title, note.body_start, note.body_start, []))
    for block in note.blocks:
        if block.kind == "heading" and block.level in levels:
            splitter.open(block)
        elif block.kind != "front_matter":
            splitter.add(block)
    splitter.close()
    return splitter.sections, splitter.empty


@dataclass
class _Splitter:
    levels: list[int]  # the (at most two) heading levels that start a section
    current: NoteSection
    sections: list[NoteSection] = field(default_factory=list)
    empty: list[Block] = field(default_factory=list)  # headings with nothing under them
    chapter: str | None = None  # title of the current top-level heading
    heading: Block | None = None  # the heading of the current section

    def open(self, block: Block) -> None:
        self.close()
        top = self.levels[0]
        if block.level == top and len(self.levels) > 1:
            self.chapter = block.text
        context = [self.chapter] if self.chapter and block.level != top else []
        title, links = heading_title(block.text)
        self.current = NoteSection(title, block.start_line, block.end_line, [], context, links)
        self.heading = block

    def add(self, block: Block) -> None:
        if block.kind == "heading" and block.level is not None:  # deeper: a ### line
            block = replace(block, level=min(6, 3 + block.level - self.levels[-1] - 1))
        self.current.blocks.append(block)

    def close(self) -> None:
        current = self.current
        if any(b.kind not in ("rule", "front_matter") for b in current.blocks):
            current.end = max(b.end_line for b in current.blocks)
            self.sections.append(current)
        elif self.heading is not None:
            self.empty.append(self.heading)


def heading_title(text: str) -> tuple[str, list[str]]:
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
