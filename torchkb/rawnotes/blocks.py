"""Classifying parts of a note into typed blocks: prose chunks scanned line by line, and
fenced or indented code blocks (code, output, or prose indented by mistake)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from torchkb.rawnotes.lines import (
    detect_lang,
    is_output_marker,
    looks_like_printed_table,
    plain_heading,
)
from torchkb.rawnotes.model import Block, Row
from torchkb.rawnotes.runs import code_run, output_run, yaml_run

_URL = re.compile(r"^<?https?://\S+?>?$")
_REFERENCE = re.compile(r"^\[\d+\]\s+\S")
_LANGS = {
    "python": "python",
    "py": "python",
    "python3": "python",
    "ipython": "python",
    "pycon": "python",
    "sh": "sh",
    "bash": "sh",
    "shell": "sh",
    "console": "sh",
    "zsh": "sh",
    "shell-session": "sh",
    "yaml": "yaml",
    "yml": "yaml",
}


@dataclass
class Chunk:
    """Adjacent paragraphs / lists / quotes, scanned together line by line."""

    lines: list[Row]  # blank lines included
    single_paragraph: bool  # one markdown-it paragraph of one line


@dataclass
class BlockBuilder:
    """Collects the blocks of one note; `expect_output` carries an output marker that ended
    one block over to the next (the output is in the following block)."""

    md: MarkdownIt
    blocks: list[Block] = field(default_factory=list)
    expect_output: bool = False

    # -- prose chunks --------------------------------------------------------------------

    def scan_chunk(self, chunk: Chunk, plain_headings: bool) -> None:
        rows, seg = chunk.lines, []
        i = self._pending_output(rows)
        while i < len(rows):
            end = self._add_run(rows, i, seg)
            if end is None:
                seg.append(rows[i])
                i += 1
            else:
                seg, i = [], end
        self.text_block(seg, plain_headings and chunk.single_paragraph)

    def _pending_output(self, rows: list[Row]) -> int:
        """The output a marker at the end of the previous block announced; where it ends."""
        if not self.expect_output:
            return 0
        self.expect_output = False
        end = output_run(rows, 0)
        if end:
            self.add_output(rows[:end])
        return end

    def _add_run(self, rows: list[Row], i: int, seg: list[Row]) -> int | None:
        """The blocks of an output / pasted code / pasted YAML run starting at rows[i], after
        the text `seg` before it; the run's end, or None when no run starts there."""
        num, text = rows[i]
        if is_output_marker(text):
            self.text_block(seg, False)
            return self._marker(rows, i)
        run = code_run(rows, i)
        if run:
            self.text_block(seg, False)
            end, src = run
            self.blocks.append(Block("code", src, num, rows[end - 1][0], lang="python"))
            return end
        end = yaml_run(rows, i)
        if end:
            self.text_block(seg, False)
            src = "\n".join(t for _, t in rows[i:end])
            self.blocks.append(Block("code", src, num, rows[end - 1][0], lang="yaml"))
        return end

    def _marker(self, rows: list[Row], i: int) -> int:
        self.text_block([rows[i]], False)
        end = output_run(rows, i + 1)
        if end > i + 1:
            self.add_output(rows[i + 1 : end])
        elif end == len(rows):
            self.expect_output = True
        return end

    def text_block(self, seg: list[Row], heading_ok: bool) -> None:
        """A segment of chunk lines that is neither code nor output."""
        seg = _trim(seg)
        if not seg:
            return
        start, end = seg[0][0], seg[-1][0]
        text = "\n".join(t for _, t in seg)
        if heading_ok and len(seg) == 1 and plain_heading(text):
            self.blocks.append(Block("heading", text.strip(), start, end, level=2))
        else:
            self.blocks.append(self._inline_block(seg, text, start, end))

    def _inline_block(self, seg: list[Row], text: str, start: int, end: int) -> Block:
        images, links, tags, others = inline_parts(self.md, text)
        if images and not others and not links and not tags:
            return Block("image", text, start, end, urls=images)
        if tags:
            return Block("html", text, start, end, urls=images, tags=tags)
        if _is_link_list(seg, links, others):
            return Block("link_list", text, start, end, urls=_list_urls(seg, links))
        return Block("text", text, start, end, urls=images)

    def add_output(self, seg: list[Row]) -> None:
        while seg and not seg[-1][1].strip():
            seg = seg[:-1]
        if seg:
            text = "\n".join(t for _, t in seg)
            self.blocks.append(Block("output", text, seg[0][0], seg[-1][0]))

    # -- fenced and indented blocks ------------------------------------------------------

    def code(self, content: str, info: str | None, start: int, end: int, first: int) -> None:
        """A fenced or indented block: `first` is the line number of its first content line."""
        lang = _LANGS.get(info.split()[0].lower(), info.split()[0].lower()) if info else None
        rows = content.rstrip("\n").split("\n")
        if self.expect_output:
            self.expect_output = False
            self.blocks.append(Block("output", content.rstrip("\n"), start, end))
            return
        marker = next((k for k, ln in enumerate(rows) if is_output_marker(ln)), None)
        if marker is not None and marker > 0:
            self._code_then_output(rows, marker, lang, (start, end, first))
            return
        text = "\n".join(rows)
        if looks_like_printed_table(text):
            self.blocks.append(Block("output", text, start, end))
        elif info is None and detect_lang(text) == "text":
            # indented prose (a list item's continuation pasted with too little indent)
            self.text_block([(first + k, ln) for k, ln in enumerate(rows)], False)
        else:
            self.blocks.append(Block("code", text, start, end, lang=lang or detect_lang(text)))

    def _code_then_output(
        self, rows: list[str], marker: int, lang: str | None, span: tuple[int, int, int]
    ) -> None:
        """Code, then "输出:" and the output, in one block: three blocks."""
        start, end, first = span
        code = "\n".join(rows[:marker]).rstrip()
        code_end = first + len(code.split("\n")) - 1
        self.blocks.append(Block("code", code, start, code_end, lang=lang or detect_lang(code)))
        self.blocks.append(Block("text", rows[marker], first + marker, first + marker))
        out = "\n".join(rows[marker + 1 :]).strip("\n")
        if out:
            self.blocks.append(Block("output", out, first + marker + 1, end))


def _trim(seg: list[Row]) -> list[Row]:
    """The segment without its leading and trailing blank lines."""
    while seg and not seg[0][1].strip():
        seg = seg[1:]
    while seg and not seg[-1][1].strip():
        seg = seg[:-1]
    return seg


def _strip_marker(line: str) -> str:
    return re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", line).strip()


def inline_parts(md: MarkdownIt, text: str) -> tuple[list[str], list[str], list[str], str]:
    """Images, link targets, raw HTML tags, and the remaining visible text outside links."""
    images, links, tags, others = [], [], [], []
    for tok in md.parse(text):
        if tok.type == "html_block":
            tags.extend(re.findall(r"<[^>]+>", tok.content))
        depth = 0
        for child in tok.children or []:
            if child.type == "image":
                images.append(str(child.attrGet("src") or ""))
            elif child.type == "link_open":
                links.append(str(child.attrGet("href") or ""))
                depth += 1
            elif child.type == "link_close":
                depth -= 1
            elif child.type == "html_inline":
                tags.append(child.content)
            elif child.type == "text" and depth == 0:
                others.append(child.content)
    return images, links, tags, re.sub(r"[\s，,。.、;；:：]+", "", "".join(others))


def _is_link_list(seg: list[Row], links: list[str], others: str) -> bool:
    rows = [_strip_marker(t) for _, t in seg if t.strip()]
    if all(_URL.match(r.strip("<>，,。 ")) or _REFERENCE.match(r) for r in rows):
        return True
    return bool(links) and not others


def _list_urls(seg: list[Row], links: list[str]) -> list[str]:
    """Link targets and bare URLs, each once, then "" for each `[n] title` reference."""
    refs = ["" for _, t in seg if _REFERENCE.match(_strip_marker(t))]
    bare = [_strip_marker(t).strip("<>，,。 ") for _, t in seg]
    return list(dict.fromkeys(links + [u for u in bare if _URL.match(u)])) + refs
