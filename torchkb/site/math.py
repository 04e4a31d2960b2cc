"""`$...$` formulas in the notes become MathML at build time.

pymdownx.arithmatex (generic mode) finds the formulas and wraps their TeX in
`<span class="arithmatex">\\(...\\)</span>`; this hook converts each to MathML with
latex2mathml, which browsers render natively: no JavaScript, no fonts, works offline.
Notebook pages (mkdocs-jupyter) keep Jupyter's `$...$` in their Markdown cells for
MathJax, which the site does not load: `dollars_to_spans` makes them arithmatex's spans.
A formula latex2mathml cannot read stops the build naming the page and the formula.
"""

import html
import re

from latex2mathml.converter import convert
from mkdocs.exceptions import PluginError

_FORMULA = re.compile(r'<(span|div) class="arithmatex">\\[(\[](.*?)\\[)\]]</\1>', re.S)
_UNKNOWN = re.compile(r">(\\[a-zA-Z]+)<")
# in notebook HTML: code and preformatted text, left alone; `$x$` as arithmatex's
# smart_dollar reads it (no space inside the dollars, not `$1` or `"$PID"`)
_CODE = re.compile(r"(<(pre|code|script|style)\b.*?</\2>)", re.S)
_DOLLARS = re.compile(r"(?<![\\$\w])\$(?![\s$])([^$\n]+?)(?<![\s\\])\$(?![\w$])")


def to_mathml(page_html: str, where: str = "") -> str:
    def replace(m: re.Match) -> str:
        tex = html.unescape(m.group(2)).strip()
        try:
            mathml = convert(tex, display="block" if m.group(1) == "div" else "inline")
        except Exception as err:  # latex2mathml raises a zoo of exception types
            raise PluginError(
                f"{where}: formula ${tex}$ is not valid TeX: {type(err).__name__} {err}".rstrip()
            ) from err
        unknown = _UNKNOWN.search(mathml)  # latex2mathml shows what it can't read as text
        if unknown:
            raise PluginError(
                f"{where}: formula ${tex}$ uses {unknown.group(1)}, "
                "which latex2mathml does not know"
            )
        return f'<{m.group(1)} class="arithmatex">{mathml}</{m.group(1)}>'

    return _FORMULA.sub(replace, page_html)


def dollars_to_spans(page_html: str) -> str:
    """Notebook HTML: `$tex$` outside code -> arithmatex's span, for to_mathml."""
    parts = _CODE.split(page_html)
    # split() with two groups yields text, code, tag name, text, ...: change the texts only
    for i in range(0, len(parts), 3):
        parts[i] = _DOLLARS.sub(r'<span class="arithmatex">\\(\1\\)</span>', parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2)
