"""Reading a raw note: its text, its front matter, and the markup that is an error.

Every problem is a `SourceError` naming the exact line.
"""

from __future__ import annotations

import re
from pathlib import Path

import frontmatter
import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token

from torchkb.errors import SourceError
from torchkb.rawnotes.text import read_text

_SCRIPT = re.compile(r"<\s*script\b", re.I)


def markdown() -> MarkdownIt:
    """The Markdown dialect of the notes: CommonMark with raw HTML and pipe tables."""
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def read_lines(path: Path) -> list[str]:
    """The note's lines, line endings removed (a final newline adds no empty line)."""
    lines = read_text(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    """(meta, number of lines the front matter takes); tabs used as indentation are tolerated."""
    if not lines or not re.fullmatch(r"-{3,}\s*", lines[0]):
        return {}, 0
    close = next(
        (k for k in range(1, len(lines)) if re.fullmatch(r"(-{3,}|\.{3})\s*", lines[k])), None
    )
    if close is None:
        raise SourceError(path, 1, "front matter opened with --- is never closed")
    meta = _load_yaml(path, "\n".join(lines[1:close]))
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise SourceError(path, 2, "front matter must be a YAML mapping (key: value)")
    return meta, close + 1


def _load_yaml(path: Path, yaml_text: str) -> object:
    handler = frontmatter.YAMLHandler()
    try:
        return handler.load(yaml_text)
    except yaml.YAMLError as err:
        # Hexo-style headers indent lists with tabs, which YAML forbids: retry with spaces.
        try:
            return handler.load(re.sub(r"(?m)^\t+", lambda m: "  " * len(m[0]), yaml_text))
        except yaml.YAMLError:
            raise _yaml_error(path, err) from None


def _yaml_error(path: Path, err: yaml.YAMLError) -> SourceError:
    """The first error's line in the file (the header starts on line 2) and its problem."""
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    line = mark.line + 2 if mark else 1
    problem = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context_mark", None)
    if context and getattr(err, "context", None):
        problem += f" ({err.context} started on line {context.line + 2})"
    return SourceError(path, line, f"front matter is not valid YAML: {problem}")


def check_tokens(path: Path, tokens: list[Token], lines: list[str], offset: int) -> None:
    """Unclosed fences and raw <script> are errors; walk every token, nested ones too."""
    last_map: list[int] | None = None
    for tok in tokens:
        if tok.map:
            last_map = tok.map
        if tok.type == "fence" and tok.map:
            _check_fence(path, tok, lines, offset)
        if last_map and _has_script(tok):
            a, b = last_map
            line = next(
                (offset + k + 1 for k in range(a, b) if _SCRIPT.search(lines[offset + k])),
                offset + a + 1,
            )
            raise SourceError(path, line, "raw <script> is not allowed")


def _check_fence(path: Path, tok: Token, lines: list[str], offset: int) -> None:
    a, b = tok.map or (0, 0)
    closing = lines[offset + b - 1].strip() if b - a > 1 else ""
    if not (closing.startswith(tok.markup) and not closing.strip(tok.markup[0])):
        raise SourceError(path, offset + a + 1, f"code fence {tok.markup} is never closed")


def _has_script(tok: Token) -> bool:
    if tok.type == "html_block":
        htmls = [tok]
    else:
        htmls = [c for c in tok.children or [] if c.type == "html_inline"]
    return any(_SCRIPT.search(html.content) for html in htmls)
