"""Runs of lines inside prose that Markdown cannot see: pasted code, pasted YAML, output.

Each function looks at `rows[i:]` (a chunk's (line number, text) pairs) and says where
the run starting at row `i` ends (exclusive), or None when no run starts there.
"""

from __future__ import annotations

import re

from torchkb.rawnotes.lines import (
    STRONG_START,
    YAML_KEY,
    code_start,
    is_output_marker,
    is_prose,
    parses_as_python,
    stands_alone,
    yaml_mapping,
)
from torchkb.rawnotes.model import Row

_MAX_CODE_WINDOW = 150
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def code_run(rows: list[Row], i: int) -> tuple[int, str] | None:
    """End index (exclusive) and code text of the pasted-code run starting at rows[i]: the
    longest run (grown one line at a time, up to prose at the margin) that parses."""
    first = rows[i][1]
    if first[:1].isspace() or not code_start(first.strip()):
        return None
    best = _longest_parsing(rows, i)
    if best is None:
        return None
    end, src = best
    while end > i and not rows[end - 1][1].strip():
        end -= 1
    statements = [ln for ln in src.splitlines()[: end - i] if ln.strip()]
    statements = [ln for ln in statements if not ln.lstrip().startswith("#")]
    if len(statements) < 2 and not stands_alone(first.strip()):
        return None
    return end, "\n".join(src.splitlines()[: end - i])


def _longest_parsing(rows: list[Row], i: int) -> tuple[int, str] | None:
    """(end, source) of the longest rows[i:end] that parses as Python (Markdown escapes
    such as `\\_` removed when only that makes it parse)."""
    best: tuple[int, str] | None = None
    for j in range(i + 1, min(len(rows), i + _MAX_CODE_WINDOW) + 1):
        added = rows[j - 1][1]
        if j > i + 1 and not added[:1].isspace() and is_prose(added.split("#")[0]):
            break  # prose at the margin ends any code run
        raw = "\n".join(text for _, text in rows[i:j])
        for src in (raw, _MD_ESCAPE.sub(r"\1", raw)):
            if parses_as_python(src):
                best = (j, src)
                break
    return best


def yaml_run(rows: list[Row], i: int) -> int | None:
    """A `key:` line followed by indented lines that parse as a nested mapping."""
    if not YAML_KEY.match(rows[i][1]):
        return None
    j = i + 1
    while j < len(rows) and rows[j][1][:1].isspace() and rows[j][1].strip():
        j += 1
    if j - i < 2 or not yaml_mapping("\n".join(t for _, t in rows[i:j])):
        return None
    return j


def output_run(rows: list[Row], i: int) -> int:
    """Output after a marker: up to a blank line, prose, another marker or a statement."""
    j = i
    while j < len(rows):
        text = rows[j][1]
        if not text.strip() or is_prose(text) or is_output_marker(text):
            break
        if j > i and STRONG_START.match(text):
            break
        j += 1
    return j
