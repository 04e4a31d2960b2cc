"""`parse_note`: the top-level walk over markdown-it's blocks of a note's body.

Headings, fences, indented code, HTML, tables and rules become blocks directly; adjacent
paragraphs / lists / quotes are gathered into chunks that `BlockBuilder` scans line by line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it.token import Token

from torchkb.rawnotes.blocks import BlockBuilder, Chunk
from torchkb.rawnotes.model import Block, RawNote, Row
from torchkb.rawnotes.source import check_tokens, front_matter, markdown, read_lines

_TEXTISH = {"paragraph_open", "bullet_list_open", "ordered_list_open", "blockquote_open"}
_CODE_PUNCT = re.compile(r"[()\[\]{}=]")


def parse_note(path: Path) -> RawNote:
    path = Path(path)
    lines = read_lines(path)
    meta, fm_lines = front_matter(path, lines)
    md = markdown()
    tokens = md.parse("\n".join(lines[fm_lines:]) + "\n")
    check_tokens(path, tokens, lines, fm_lines)
    builder = BlockBuilder(md)
    if fm_lines:
        text = "\n".join(lines[1 : fm_lines - 1])
        builder.blocks.append(Block("front_matter", text, 1, fm_lines))
    walk = _Walk(_Body(lines, fm_lines), builder, tokens)
    walk.run()
    if walk.plain_headings:  # the note's first line, when it is a heading, is its title
        first = next((b for b in builder.blocks if b.kind != "front_matter"), None)
        if first is not None and first.kind == "heading":
            first.level = 1
    blocks = sorted(builder.blocks, key=lambda blk: blk.start_line)
    return RawNote(path, lines, meta, fm_lines + 1, blocks)


@dataclass
class _Body:
    """The note's lines seen from its body: markdown-it numbers lines from 0 after the
    front matter; blocks number them from 1 in the whole file."""

    lines: list[str]
    offset: int  # lines the front matter takes

    def number(self, k: int) -> int:
        return self.offset + k + 1

    def line(self, k: int) -> str:
        return self.lines[self.offset + k]

    def text(self, a: int, b: int) -> str:
        return "\n".join(self.lines[self.offset + a : self.offset + b])

    def rows(self, a: int, b: int) -> list[Row]:
        return [(self.number(k), self.line(k)) for k in range(a, b)]


def _glued_headings(top: list[Token], inline_of: dict[int, Token]) -> set[int]:
    """`# tensor([[1., 2.],` glued to the line above is a comment of pasted code, not a
    heading: the ids of such heading tokens."""
    glued: set[int] = set()
    for prev, tok in zip(top, top[1:], strict=False):
        if (
            tok.type == "heading_open"
            and tok.markup == "#"
            and prev.map[1] == tok.map[0]
            and (prev.type in _TEXTISH or id(prev) in glued)
            and _CODE_PUNCT.search(inline_of[id(tok)].content)
        ):
            glued.add(id(tok))
    return glued


@dataclass
class _Walk:
    body: _Body
    builder: BlockBuilder
    tokens: list[Token]
    top: list[Token] = field(init=False)
    inline_of: dict[int, Token] = field(init=False)  # heading_open id -> its inline token
    glued: set[int] = field(init=False)
    plain_headings: bool = field(init=False)  # a note with no Markdown heading at all
    chunk: Chunk | None = None

    def __post_init__(self) -> None:
        tokens = self.tokens
        self.top = [t for t in tokens if t.level == 0 and t.nesting >= 0 and t.map]
        self.inline_of = {
            id(t): tokens[k + 1] for k, t in enumerate(tokens) if t.type == "heading_open"
        }
        self.glued = _glued_headings(self.top, self.inline_of)
        self.plain_headings = not any(
            t.type == "heading_open" and id(t) not in self.glued for t in self.top
        )

    def run(self) -> None:
        for idx, tok in enumerate(self.top):
            if tok.type in _TEXTISH or id(tok) in self.glued:
                self.gather(tok, last=idx == len(self.top) - 1)
            else:
                self.flush()
                self.block(tok)
        self.flush()

    def gather(self, tok: Token, last: bool) -> None:
        """A prose token joins the current chunk when no blank line separates them."""
        a, b = tok.map
        rows = self.body.rows(a, b)
        filled = [n for n, text in self.chunk.lines if text.strip()] if self.chunk else []
        if self.chunk and filled and filled[-1] == self.body.number(a) - 1:
            self.chunk.lines += rows
            self.chunk.single_paragraph = False
        else:
            self.flush()
            one = tok.type == "paragraph_open" and b - a == 1 and not last
            self.chunk = Chunk(rows, one)

    def flush(self) -> None:
        if self.chunk:
            self.builder.scan_chunk(self.chunk, self.plain_headings)
        self.chunk = None

    def block(self, tok: Token) -> None:
        a, b = tok.map
        first, last = self.body.number(a), self.body.number(b - 1)
        blocks = self.builder.blocks
        if tok.type == "heading_open":
            text = self.inline_of[id(tok)].content.strip()
            blocks.append(Block("heading", text, first, last, level=int(tok.tag[1])))
        elif tok.type == "fence":
            self.builder.code(tok.content, tok.info.strip(), first, last, first + 1)
        elif tok.type == "code_block":
            self.builder.code(tok.content, None, first, last, first)
        elif tok.type == "html_block":
            text = self.body.text(a, b).rstrip()
            tags = re.findall(r"<[^>]+>", text)
            blocks.append(Block("html", text, first, first + text.count("\n"), tags=tags))
        elif tok.type == "table_open":
            self.table(a, b)
        elif tok.type == "hr":
            blocks.append(Block("rule", self.body.line(a), first, first))

    def table(self, a: int, b: int) -> None:
        """GFM keeps a table going until a blank line; a row with no pipe is prose again."""
        end = next((k for k in range(a + 2, b) if "|" not in self.body.line(k)), b)
        text = self.body.text(a, end)
        self.builder.blocks.append(
            Block("table", text, self.body.number(a), self.body.number(end - 1))
        )
        if end < b:
            self.chunk = Chunk(self.body.rows(end, b), False)
