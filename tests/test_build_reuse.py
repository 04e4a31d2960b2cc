"""The site build's shortcuts give what they replace, byte for byte:
torchkb/nbconvert_fast.py (one nbconvert exporter per build, BeautifulSoup's round trip in
one pass), torchkb/highlight_memo.py (pygments once per code block), site_hooks' compiled
templates. The whole site stays the same too: see the report of the change (diff -r of
the site built before and after)."""

from pathlib import Path

import jinja2
import pygments
import pytest
from mkdocs_jupyter import nbconvert2
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from torchkb import highlight_memo, nbconvert_fast
from torchkb.site.page_hooks import _CompiledTemplates

ROOT = Path(__file__).resolve().parent.parent


def bs4_way(page: str) -> tuple[str, int]:
    """nbconvert's BeautifulSoup pass, as the fallback runs it."""
    return nbconvert_fast.soup_way(page)


# what nbconvert's pages hold, and the corners of html.parser and BeautifulSoup
HANDLED = [
    '<div class="jp-Notebook"><div class=" jp-Cell-inputWrapper  x ">in</div>'
    '<div class="jp-OutputArea-output" tabindex="-1">out</div></div>',
    '<div class="jp-Cell-inputWrapper">no notebook around it</div>',
    '<div class="jp-Notebook jp-Cell-inputWrapper">itself, not inside one</div>',
    "<p>\n\n   \n</p><pre>\n\n  </pre><span> </span><b>\t</b><i>\xa0</i>",
    "<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &nbsp;&#8212;&eacute; > f</p>",
    '<img src="a.png"><img alt="" src="b.png"/><br><br/><hr class="x">',
    '<input checked disabled=""><clipboard-copy for="cell-1", aria-label="Copy">x</clipboard-copy>',
    '<a title=\'it"s\' href="x?a=1&amp;b=2" rel="  nofollow   noopener">t</a>'
    '<a title="both &quot; and \'">u</a><a data-x="a=b">v</a>',
    '<DIV ID="Up" Class="A"><Span>case</Span></DIV><div id="a" id="b"></div><div/>',
    '<script type="module">if (a < b && c > d) { x = "</div>"; }</script>'
    "<style>\n.a > .b { c: d }\n</style><script> </script><style></style>",
    "<!-- a comment --><!--\n--><p><!-- - --></p>",
    "",
]
# outside what the one pass knows: BeautifulSoup's result through nbconvert's own code
FALLBACK = [
    "<p>a < b</p>",
    "<p>unclosed",
    "<div><p>crossed</div></p>",
    "<br></br>",
    "<!DOCTYPE html><p>x</p>",
    "<p>&unknownentity; &#128; &#0;</p>",
    "<p>a & b</p>",
    "<title>x</title><textarea>\n y</textarea>",
    '<meta charset="latin-1">',
    "<!-- a -- b -->",
    "<script>never closed",
]


@pytest.mark.parametrize("page", HANDLED)
def test_one_pass_prints_what_beautifulsoup_prints(page: str) -> None:
    assert nbconvert_fast.soup_roundtrip(page) == bs4_way(page)


@pytest.mark.parametrize("page", FALLBACK)
def test_the_rest_is_left_to_beautifulsoup(page: str) -> None:
    assert nbconvert_fast.soup_roundtrip(page) is None


def test_notebooks_render_as_nbconvert_renders_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """mkdocs-jupyter's nb2html with nbconvert's own exporter (one per call, BeautifulSoup)
    and with the shared exporter and the one pass, over two notebooks in turn and the first
    again: the same pages (so the shared exporter keeps nothing of one notebook for the
    next). The CPU each took is printed."""
    import time

    notebooks = [ROOT / "docs" / lang / "notebooks" / "debugging.ipynb" for lang in ("zh", "en")]
    notebooks.append(notebooks[0])
    options = {"no_prompt": True}  # mkdocs.yml's
    monkeypatch.setattr(nbconvert2, "HTMLExporter", nbconvert_fast.HTMLExporter)
    start = time.process_time()
    expected = [nbconvert2.nb2html(str(nb), **options) for nb in notebooks[:2]]
    nbconvert_cpu = time.process_time() - start
    shared = nbconvert_fast.SharedExporter(nbconvert_fast.FastHTMLExporter)
    monkeypatch.setattr(nbconvert2, "HTMLExporter", shared)
    passes: list = []
    one_pass = nbconvert_fast.soup_roundtrip

    def counted(page: str):
        passes.append(one_pass(page))
        return passes[-1]

    monkeypatch.setattr(nbconvert_fast, "soup_roundtrip", counted)
    start = time.process_time()
    got = [nbconvert2.nb2html(str(nb), **options) for nb in notebooks]
    fast_cpu = time.process_time() - start
    print(f"\nnbconvert {nbconvert_cpu:.2f} s CPU, shared + one pass {fast_cpu:.2f} s (3 renders)")
    assert got == [*expected, expected[0]]
    assert len(shared.made) == 1  # one exporter for all three
    assert len(passes) == 3 and None not in passes  # the pages took the one pass


def test_highlight_memo_returns_what_pygments_returns() -> None:
    code = '\nx = "a"  # 注释\nprint(x)\n'
    cases = [
        (code, PythonLexer(), HtmlFormatter()),
        (code, PythonLexer(stripnl=False), HtmlFormatter()),  # the text differs
        (code, PythonLexer(), HtmlFormatter(cssclass="other", linenos="table")),
        (code.strip(), PythonLexer(), HtmlFormatter(filename="Output")),
        (code.strip(), PythonLexer(), HtmlFormatter(filename="输出")),
        (code.replace("print", "len"), PythonLexer(), HtmlFormatter()),
    ]
    memo = [highlight_memo.highlight(*case) for case in cases]
    again = [highlight_memo.highlight(*case) for case in reversed(cases)][::-1]
    truth = [highlight_memo._format(list(lex.get_tokens(c)), fmt, None) for c, lex, fmt in cases]
    assert memo == again == truth
    assert len(set(truth)) == len(truth)
    highlight_memo.install()
    assert pygments.highlight is highlight_memo.highlight


class _Counting(jinja2.Environment):
    compiled: list[str] = []

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        self.compiled.append(name)
        return super().compile(source, name, filename, raw, defer_init)


def test_templates_compiled_once_render_the_same(tmp_path: Path) -> None:
    """Two environments (two languages' passes) sharing the store: each template compiled
    once, every render the same as without the store."""
    (tmp_path / "page.html").write_text("{% for x in xs %}<i>{{ x | upper }}</i>{% endfor %}")
    (tmp_path / "other.html").write_text("{{ xs | join('+') }}")
    compiled = _CompiledTemplates()
    _Counting.compiled = []

    def render(cache: _CompiledTemplates | None, name: str = "page.html") -> str:
        env = _Counting(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=cache)
        return env.get_template(name).render(xs=["a", "b"])

    assert render(compiled) == render(compiled) == render(None) == "<i>A</i><i>B</i>"
    assert render(compiled, "other.html") == render(compiled, "other.html") == "a+b"
    assert _Counting.compiled == ["page.html", "page.html", "other.html"]  # None: no store
    assert len(compiled.code) == 2
    # a changed template is compiled again, not taken from the store
    (tmp_path / "page.html").write_text("{{ xs | length }}")
    assert render(compiled) == "2"
