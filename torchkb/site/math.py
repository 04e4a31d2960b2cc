"""`$...$` formulas in the notes become MathML at build time.

pymdownx.arithmatex (generic mode) finds the formulas and wraps their TeX in
`<span class="arithmatex">\\(...\\)</span>`; this hook converts each to MathML with
latex2mathml, which browsers render natively: no JavaScript, no fonts, works offline.
A formula latex2mathml cannot read stops the build naming the page and the formula.
"""

import html
import re

from latex2mathml.converter import convert
from mkdocs.exceptions import PluginError

_FORMULA = re.compile(r'<(span|div) class="arithmatex">\\[(\[](.*?)\\[)\]]</\1>', re.S)
_UNKNOWN = re.compile(r">(\\[a-zA-Z]+)<")


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
