"""Pygments lexes each code block once per build, not up to four times.

A snippet is shown on its topic page and in its notebook, in both languages: the Chinese
and English pages share every block whose comments need no translation (about half), and
a notebook's code cells are its topic page's blocks. `install()` makes the `highlight`
that pymdownx.highlight (the pages) and nbconvert (the notebooks) call remember, for the
process, the tokens of each text and lexer (after Pygments' own preprocessing: the pages
strip newlines, the notebooks do not ask to) and the HTML of each code, lexer and
formatter (class and options). The result is the string Pygments returns
(tests/test_build_reuse.py); the store is emptied past a bound (a long `mkdocs serve`).
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
