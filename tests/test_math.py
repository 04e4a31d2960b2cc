"""`$...$` formulas reach the reader as MathML, never as raw TeX."""

from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from torchkb.site.math import to_mathml


def test_formula_becomes_mathml() -> None:
    out = to_mathml(r'<p>尺寸 <span class="arithmatex">\(H_{out} \le 2 &lt; 3\)</span></p>')
    assert "<math" in out and "<msub>" in out and "\\(" not in out
    assert "&#x0003C;" in out or "&lt;" in out  # the escaped `<` is TeX's <, not markup


@pytest.mark.parametrize("tex", ["x^", r"\notacommand{x}"])
def test_bad_formula_names_the_page(tex: str) -> None:
    with pytest.raises(PluginError, match=r"nn\.md: formula \$"):
        to_mathml(f'<span class="arithmatex">\\({tex}\\)</span>', "nn.md")


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_pages_show_formulas_as_mathml(site: Path, prefix: str) -> None:
    page = (site / prefix / "nn" / "index.html").read_text(encoding="utf-8")
    assert page.count("<math") >= 2
    assert "\\lfloor" not in page and "$H_{out}" not in page
    notebook = (site / prefix / "notebooks" / "nn" / "index.html").read_text(encoding="utf-8")
    assert notebook.count("<math") >= 2 and "$H_{out}" not in notebook
    debugging = (site / prefix / "debugging" / "index.html").read_text(encoding="utf-8")
    assert "<math" not in debugging  # `$1` in awk and "$PID" in shell stay code
