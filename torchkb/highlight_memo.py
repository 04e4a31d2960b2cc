"""Pygments highlights each code block once per build, not once per language.

The Chinese and English pages show the same snippets (docs/zh/<topic>.md and
docs/en/<topic>.md inline the same files), and so do the two languages' notebooks: every
block was highlighted twice, a tenth of the build. `install()` makes the `highlight` that
pymdownx.highlight (the pages) and nbconvert (the notebooks) call remember its results for
the process, keyed by everything Pygments' output depends on: the code, the lexer's class
and options (the tokens), the formatter's class and options (the HTML). The result is the
same string Pygments returns (tests/test_build_reuse.py); the cache is emptied past a
bound (a long `mkdocs serve`).
"""

from __future__ import annotations

from typing import Any

import pygments
import pymdownx.highlight

_format = pygments.format
_done: dict[tuple, str] = {}  # (code, lexer, formatter) -> HTML
_lexed: dict[tuple, list] = {}  # (text, lexer) -> tokens
_LIMIT = 20_000  # code blocks remembered at most


def _options(obj: Any) -> str:
    return repr(sorted(getattr(obj, "options", {}).items()))


# options Lexer.get_tokens applies to the text before lexing it (_preprocess_lexer_input)
_PREPROCESS = frozenset({"stripnl", "stripall", "ensurenl", "tabsize", "encoding", "inencoding"})


def _tokens(code: str, lexer: Any) -> list:
    """lexer.get_tokens(code): the tokens of the text after Pygments' preprocessing, the
    same for the pages' lexers (stripnl=True) and the notebooks' (defaults) when the
    preprocessed text is; a lexer with filters is not remembered."""
    if lexer.filters or not hasattr(lexer, "_preprocess_lexer_input"):
        return list(lexer.get_tokens(code))
    text = lexer._preprocess_lexer_input(code)
    options = sorted((k, v) for k, v in lexer.options.items() if k not in _PREPROCESS)
    key = (text, type(lexer), repr(options))
    if key not in _lexed:
        _lexed[key] = [(t, v) for _, t, v in lexer.get_tokens_unprocessed(text)]
    return _lexed[key]


def highlight(code: str, lexer: Any, formatter: Any, outfile: Any = None) -> Any:
    """pygments.highlight: `format(lex(code, lexer), formatter, outfile)`, remembering the
    tokens of each text and lexer and the HTML of each (code, lexer, formatter): the two
    languages' pages wrap the same code in different titles ("输出" / "Output")."""
    key = (code, type(lexer), _options(lexer), type(formatter), _options(formatter))
    if outfile is None and key in _done:
        return _done[key]
    if len(_lexed) >= _LIMIT:
        _lexed.clear()
        _done.clear()
    out = _format(_tokens(code, lexer), formatter, outfile)
    if outfile is None:
        _done[key] = out
    return out


def install() -> None:
    """Patch pygments.highlight (nbconvert imports it when it highlights) and the name
    pymdownx.highlight imported from it (idempotent)."""
    pygments.highlight = highlight
    pymdownx.highlight.highlight = highlight
