"""Pygments highlights each code block once per build, not once per language.

The Chinese and English pages show the same snippets (docs/zh/<topic>.md and
docs/en/<topic>.md inline the same files), and so do the two languages' notebooks: every
block was highlighted twice, a tenth of the build. `install()` makes the `highlight` that
pymdownx.highlight (the pages) and nbconvert (the notebooks) call remember its results for
the process, keyed by everything Pygments' output depends on: the code, the lexer's class
and options (the tokens), the formatter's class and options (the HTML). The result is the
same string Pygments returns; the cache is emptied past a bound (a long `mkdocs serve`).
"""

from __future__ import annotations

from typing import Any

import pygments
import pymdownx.highlight

_format = pygments.format
_done: dict[tuple, str] = {}  # (code, lexer, formatter) -> HTML
_lexed: dict[tuple, list] = {}  # (code, lexer) -> tokens
_LIMIT = 20_000  # code blocks remembered at most


def _options(obj: Any) -> str:
    return repr(sorted(getattr(obj, "options", {}).items()))


def highlight(code: str, lexer: Any, formatter: Any, outfile: Any = None) -> Any:
    """pygments.highlight (`format(lex(code, lexer), formatter, outfile)`), remembering
    the tokens of each (code, lexer) and the HTML of each (code, lexer, formatter): the
    two languages' pages wrap the same code in different titles ("输出" / "Output")."""
    lexed = (code, type(lexer), _options(lexer))
    key = (*lexed, type(formatter), _options(formatter))
    if outfile is None and key in _done:
        return _done[key]
    if len(_lexed) >= _LIMIT:
        _lexed.clear()
        _done.clear()
    if lexed not in _lexed:
        _lexed[lexed] = list(lexer.get_tokens(code))
    out = _format(_lexed[lexed], formatter, outfile)
    if outfile is None:
        _done[key] = out
    return out


def install() -> None:
    """Patch pygments.highlight (nbconvert imports it when it highlights) and the name
    pymdownx.highlight imported from it (idempotent)."""
    pygments.highlight = highlight
    pymdownx.highlight.highlight = highlight
