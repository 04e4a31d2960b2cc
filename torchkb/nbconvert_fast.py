"""Rendering the notebooks at a quarter of the cost, byte for byte the same pages.

mkdocs-jupyter (pinned, 0.26.3) renders each notebook with nbconvert's HTMLExporter. Two
things cost most of it, and both are done here another way with the same output:

1. It creates a new HTMLExporter in every `nb2html` call and a new MarkdownExporter in
   every `nb2md` call (the page title), and each new exporter compiles nbconvert's Jinja
   templates again (~20 per exporter, 36 exporters per build: 18 notebooks, zh and en).
   Their templates, filters and configuration are the same in every call, and an exporter
   keeps nothing between conversions that changes its output (`from_notebook_node`
   registers its per-notebook filters again each call), so `install()` makes
   mkdocs_jupyter.nbconvert2 build each exporter once per distinct set of arguments.
2. nbconvert's `HTMLExporter.from_notebook_node` (nbconvert 7.17) parses its own output
   with BeautifulSoup's html.parser to give images without alt text one and make input
   and output areas focusable (tabindex), then prints the tree back: over half of a
   notebook's rendering time (~3,400 elements per notebook, pygments' spans mostly).
   `soup_roundtrip` does the same edits in one pass over the tags, and writes what
   BeautifulSoup would print (sorted attributes, `<br/>`, class lists re-joined,
   references resolved and `& < >` escaped again), for the HTML nbconvert writes. Anything
   outside the plain subset it knows (a `<` that is no tag, a doctype, an unknown entity,
   unbalanced tags, unquoted attributes...) returns None, and that notebook goes through
   BeautifulSoup as before.

tests/test_build_reuse.py checks both against nbconvert's own results on real
notebooks, and `soup_roundtrip` against BeautifulSoup on tricky fragments.
"""

from __future__ import annotations

import re
from html import parser
from typing import Any

from bs4 import BeautifulSoup
from bs4.builder import HTMLTreeBuilder
from bs4.dammit import EntitySubstitution
from nbconvert.exporters.html import HTMLExporter
from nbconvert.exporters.templateexporter import TemplateExporter
from nbconvert.filters.highlight import Highlight2HTML
from nbconvert.filters.widgetsdatatypefilter import WidgetsDataTypeFilter

# --- 1. one exporter per set of arguments ----------------------------------------------


def _key(value: Any) -> str:
    """A stable key for an exporter argument: filters are functions made anew per call
    (mkdocs-jupyter's highlight closure), so a function counts by its code and the values
    it closes over."""
    if callable(value) and hasattr(value, "__code__"):
        cells = tuple(c.cell_contents for c in (value.__closure__ or ()))
        return f"{value.__module__}.{value.__qualname__}{cells!r}"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k!r}:{_key(v)}" for k, v in sorted(value.items())) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_key(v) for v in value) + "]"
    return repr(value)


class SharedExporter:
    """Stands in for an exporter class: calling it returns the exporter made earlier with
    the same arguments, or makes one."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.made: dict[str, Any] = {}

    def __call__(self, **kwargs: Any) -> Any:
        key = _key(kwargs)
        if key not in self.made:
            self.made[key] = self.cls(**kwargs)
        return self.made[key]


# --- 2. BeautifulSoup's round trip without the tree ------------------------------------

_VOID = frozenset(HTMLTreeBuilder.DEFAULT_EMPTY_ELEMENT_TAGS)
_LIST_ATTRS = HTMLTreeBuilder.DEFAULT_CDATA_LIST_ATTRIBUTES  # class, rel, ... (a defaultdict)
_RAW = frozenset({"script", "style"})  # html.parser's CDATA elements, printed unescaped
# elements html.parser or BeautifulSoup treat in some special way this pass does not know
_UNKNOWN = frozenset(
    {"textarea", "title", "plaintext", "xmp", "iframe", "noembed", "noframes", "noscript"}
    | {"meta", "template", "rt", "rp"}
)
_TOKEN = re.compile(
    r"""(?P<text>[^<&]+)
    |&(?P<ref>\#[0-9]{1,7}|\#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]*);
    |<!--(?P<comment>(?:[^-]|-(?!-))*)-->
    |</(?P<end>[a-zA-Z][a-zA-Z0-9-]*)>
    |(?P<start><)(?=[a-zA-Z])""",
    re.X,
)
_WORDS = re.compile(r"\S+")  # BeautifulSoup's split of a class list
_RAW_END = {name: re.compile(rf"</\s*{name}\s*>", re.I) for name in _RAW}
_ASCII_SPACES = "\x20\x0a\x09\x0c\x0d"  # BeautifulSoup.ASCII_SPACES
_NO_ALT = "No description has been provided for this image"  # nbconvert's


def _escape(text: str) -> str:
    """BeautifulSoup's "minimal" formatter (EntitySubstitution.substitute_xml)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quoted(value: str) -> str:
    """An attribute value as BeautifulSoup prints it (quoted_attribute_value)."""
    value = _escape(value)
    if '"' in value:
        if "'" in value:
            return '"' + value.replace('"', "&quot;") + '"'
        return "'" + value + "'"
    return '"' + value + '"'


def _reference(ref: str) -> str | None:
    """The text a character reference stands for, as BeautifulSoup reads it, or None
    where its reading has special cases (Windows-1252 codes, invalid code points)."""
    if ref[0] != "#":
        return EntitySubstitution.HTML_ENTITY_TO_CHARACTER.get(ref)
    code = int(ref[2:], 16) if ref[1] in "xX" else int(ref[1:])
    if code in (9, 10, 13) or 0x20 <= code < 0x7F or 0xA0 <= code < 0xD800:
        return chr(code)
    if 0xE000 <= code < 0x110000:
        return chr(code)
    return None


def _start_tag(raw: str, in_notebook: bool) -> tuple | None:
    """A start tag as BeautifulSoup prints it after nbconvert's edits: (name, the printed
    tag without its closing ">", "/>" or ">", its classes, 1 if alt text was added), or
    None. Parsed by html.parser's parse_starttag, with html.parser's own patterns."""
    named = parser.tagfind_tolerant.match(raw, 1)
    name, k = named.group(1).lower(), named.end()
    if name in _UNKNOWN:
        return None
    found: list[tuple[str, str]] = []
    while k < len(raw):
        a = parser.attrfind_tolerant.match(raw, k)
        if not a:
            break
        key, rest, value = a.group(1, 2, 3)
        if not rest:
            value = ""  # BeautifulSoup's value of an attribute without one
        elif value[:1] == "'" == value[-1:] or value[:1] == '"' == value[-1:]:
            value = value[1:-1]
        found.append((key.lower(), parser.unescape(value) if value else value))
        k = a.end()
    closing_mark = raw[k:].strip()
    if closing_mark not in (">", "/>"):
        return None
    attrs: dict[str, Any] = dict(found)  # a repeated attribute: the last one
    for key in _LIST_ATTRS["*"] | _LIST_ATTRS.get(name, set()):
        if key in attrs:
            attrs[key] = " ".join(_WORDS.findall(attrs[key]))
    classes = attrs.get("class", "").split(" ")
    no_alt = 0
    if name == "img" and "alt" not in attrs:
        attrs["alt"] = _NO_ALT
        no_alt = 1
    elif (
        name == "div"
        and in_notebook
        and ("jp-Cell-inputWrapper" in classes or "jp-OutputArea-output" in classes)
    ):
        attrs["tabindex"] = "0"
    tag = "<" + name + "".join(f" {k}={_quoted(v)}" for k, v in sorted(attrs.items()))
    return name, tag, closing_mark, classes, no_alt


def soup_roundtrip(page: str) -> tuple[str, int] | None:
    """What nbconvert's HTMLExporter makes of `page` with BeautifulSoup (html.parser):
    `img:not([alt])` get nbconvert's alt text, `.jp-Notebook div.jp-Cell-inputWrapper`
    and `.jp-Notebook div.jp-OutputArea-output` tabindex="0"; the page printed as
    `str(soup)` prints it. Returns (html, images that had no alt text), or None for HTML
    outside the subset this handles (then BeautifulSoup must do it)."""
    out: list[str] = []
    text: list[str] = []  # the current run of text, references resolved
    stack: list[tuple[str, bool]] = []  # open elements: (name, has class jp-Notebook)
    notebooks = 0  # open elements with class jp-Notebook
    pres = 0  # open <pre> elements, where BeautifulSoup keeps whitespace as it is
    missing_alt = 0
    seen: dict[tuple[str, bool], tuple | None] = {}  # start tag -> what _start_tag made of it

    def string(data: str) -> str:
        """BeautifulSoup.endData: a string of ASCII whitespace only becomes one newline
        or space, outside <pre>."""
        if not pres and not data.strip(_ASCII_SPACES):
            return "\n" if "\n" in data else " "
        return data

    def flush() -> None:
        if text:
            out.append(_escape(string("".join(text))))
            text.clear()

    pos, end = 0, len(page)
    match = _TOKEN.match
    while pos < end:
        m = match(page, pos)
        if m is None:
            return None
        pos = m.end()
        kind = m.lastgroup
        if kind == "text":
            text.append(m.group("text"))
            continue
        if kind == "ref":
            char = _reference(m.group("ref"))
            if char is None:
                return None
            text.append(char)
            continue
        flush()
        if kind == "start":
            i = m.start()
            tail = parser.locatestarttagend_tolerant.match(page, i).end()
            if page.startswith(">", tail):
                pos = tail + 1
            elif page.startswith("/>", tail):
                pos = tail + 2
            else:
                return None
            key = (page[i:pos], notebooks > 0)  # a page repeats its tags (pygments' spans)
            if key not in seen:
                seen[key] = _start_tag(*key)
            if seen[key] is None:
                return None
            name, tag, closing_mark, classes, no_alt = seen[key]
            missing_alt += no_alt
            if name in _VOID:
                out.append(tag + "/>")
            elif closing_mark == "/>":
                if name in _RAW:
                    return None
                out.append(f"{tag}></{name}>")
            elif name in _RAW:  # its text as it is, up to its end tag
                closing = _RAW_END[name].search(page, pos)
                if closing is None:
                    return None
                raw = page[pos : closing.start()]
                out.append(f"{tag}>{string(raw) if raw else ''}</{name}>")
                pos = closing.end()
            else:
                out.append(tag + ">")
                notebook = "jp-Notebook" in classes
                notebooks += notebook
                pres += name == "pre"
                stack.append((name, notebook))
        elif kind == "end":
            name = m.group("end").lower()
            if not stack or stack[-1][0] != name:
                return None  # a void element's end tag, or unbalanced: BeautifulSoup's rules
            notebooks -= stack.pop()[1]
            pres -= name == "pre"
            out.append(f"</{name}>")
        elif kind == "comment":
            comment = m.group("comment")
            if comment.startswith((">", "->")) or comment.endswith("-"):
                return None
            out.append(f"<!--{string(comment) if comment else ''}-->")
        else:  # pragma: no cover - every group of _TOKEN is handled above
            return None
    flush()
    if stack:
        return None
    return "".join(out), missing_alt


class FastHTMLExporter(HTMLExporter):
    """nbconvert's HTMLExporter with `from_notebook_node`'s BeautifulSoup pass done by
    `soup_roundtrip` (nbconvert 7.17's method otherwise, line for line)."""

    def from_notebook_node(self, nb, resources=None, **kw):
        langinfo = nb.metadata.get("language_info", {})
        lexer = langinfo.get("pygments_lexer", langinfo.get("name", None))
        highlight_code = self.filters.get(
            "highlight_code", Highlight2HTML(pygments_lexer=lexer, parent=self)
        )
        resources = self._init_resources(resources)
        filter_data_type = WidgetsDataTypeFilter(
            notebook_metadata=self._nb_metadata, parent=self, resources=resources
        )
        self.register_filter("highlight_code", highlight_code)
        self.register_filter("filter_data_type", filter_data_type)
        html, resources = TemplateExporter.from_notebook_node(self, nb, resources, **kw)
        done = soup_roundtrip(html)
        if done is not None:
            html, missing_alt = done
        else:
            html, missing_alt = soup_way(html)
        if missing_alt:
            self.log.warning("Alternative text is missing on %s image(s).", missing_alt)
        return html, resources


def install() -> None:
    """Patch mkdocs_jupyter.nbconvert2 (idempotent)."""
    from mkdocs_jupyter import nbconvert2

    if not isinstance(nbconvert2.HTMLExporter, SharedExporter):
        nbconvert2.HTMLExporter = SharedExporter(FastHTMLExporter)
    if not isinstance(nbconvert2.MarkdownExporter, SharedExporter):
        nbconvert2.MarkdownExporter = SharedExporter(nbconvert2.MarkdownExporter)


def soup_way(page: str) -> tuple[str, int]:
    """nbconvert 7.17's own way (HTMLExporter.from_notebook_node, its BeautifulSoup part):
    alt text on images without one, tabindex on cell inputs and outputs; the page and the
    number of images that lacked an alt."""
    soup = BeautifulSoup(page, features="html.parser")
    missing = 0
    for elem in soup.select("img:not([alt])"):
        elem.attrs["alt"] = _NO_ALT
        missing += 1
    for elem in soup.select(".jp-Notebook div.jp-Cell-inputWrapper"):
        elem.attrs["tabindex"] = "0"
    for elem in soup.select(".jp-Notebook div.jp-OutputArea-output"):
        elem.attrs["tabindex"] = "0"
    return str(soup), missing
