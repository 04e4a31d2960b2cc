"""Raw HTML and link targets in the Markdown of notes: an allow-list (nh3), not a blacklist.

Python-Markdown passes raw HTML and any link URL through to the page, so whatever the
notes say would reach the reader's browser. `unsafe_html` finds each raw HTML piece and
link of a Markdown text (markdown-it tokens, so code spans and code blocks are left
alone) and reports what the allow-list would remove: tags, attributes (event handlers,
styles), URLs with other schemes (javascript:, data:, vbscript:). The loaders turn each
report into `file:line: problem` and the build stops, leaving docs/ as it was.
"""

from __future__ import annotations

import functools
import html.parser
import re
import urllib.parse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the libraries load on first use: `verify --merge` (GPU workflow)
    import markdown  # loads the claims with only pyyaml and pydantic installed
    from markdown_it import MarkdownIt

# what notes may keep of raw HTML: text-level markup, tables, details; no forms, frames,
# scripts, styles, event handlers
TAGS = {
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "caption",
    "code",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "mark",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
}
ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "width", "height"},
    "td": {"align", "style"},
    "th": {"align", "style"},
    "*": {"class", "id", "lang", "title"},
}
STYLES = {"text-align"}  # Python-Markdown's aligned table columns
URL_SCHEMES = {"http", "https", "mailto"}


def clean(fragment: str) -> str:
    """The fragment as the allow-list keeps it."""
    import nh3

    return nh3.clean(
        fragment,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        filter_style_properties=STYLES,
        link_rel=None,
        strip_comments=False,
    )


class _Tags(html.parser.HTMLParser):
    """Start tags as `<tag attr=value>` strings, one per tag and attribute."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append(f"<{tag}>")
        for name, value in attrs:
            # a style the filter keeps is rewritten (spaces, `;`): compare its name only
            self.found.append(
                f"<{tag} {name}>" if name == "style" else f"<{tag} {name}={value or ''}>"
            )

    handle_startendtag = handle_starttag


def _tags(fragment: str) -> list[str]:
    parser = _Tags()
    parser.feed(fragment)
    parser.close()
    return parser.found


def removed(fragment: str) -> list[str]:
    """What the allow-list drops from a raw HTML fragment (`<img onerror=...>`, ...)."""
    kept = set(_tags(clean(fragment)))
    lost = [t for t in _tags(fragment) if t not in kept]
    # a dropped tag takes its attributes along: name the tag once
    return [t for t in lost if " " not in t or f"<{t[1:].split()[0]}>" not in lost]


def _bad_url(url: str) -> bool:
    # browsers ignore control characters and whitespace inside a scheme ("java\tscript:")
    squeezed = re.sub(r"[\x00-\x20]", "", url)
    scheme = urllib.parse.urlsplit(squeezed).scheme.lower()
    return bool(scheme) and scheme not in URL_SCHEMES


@functools.cache
def _tokenizer() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    md.validateLink = lambda url: True  # see every link, also those markdown-it would drop
    return md


@functools.cache
def _markdown() -> markdown.Markdown:
    """One converter, reset between texts, rather than one built per text."""
    import markdown

    return markdown.Markdown(extensions=_EXTENSIONS)


# A text with none of these has no raw HTML (`<`), no attribute list (`{`) and no link or
# image: both parsers need `](`, `][` or a definition `]:` (Python-Markdown allows a space
# in `] [ref]`); Python-Markdown renders it with the tags of its own syntax only, all on
# the allow-list. Most texts are plain prose and skip both parsers.
_MARKUP = re.compile(r"<|\{|\]\s*[(\[:]")


@functools.lru_cache(maxsize=8192)
def unsafe_html(text: str) -> list[tuple[int, str]]:
    """(1-based line in the Markdown `text`, what would be removed) per unsafe piece.
    Cached: the build loads the same bodies several times (pages, error index), and a
    process that builds several trees (the tests) sees the same texts again."""
    if not _MARKUP.search(text):
        return []
    lines = text.splitlines()
    found: list[tuple[int, str]] = []

    def line_of(start: int, end: int, needle: str) -> int:
        for n in range(start, max(end, start + 1)):
            if n < len(lines) and needle.strip().splitlines()[0] in lines[n]:
                return n + 1
        return start + 1

    for token in _tokenizer().parse(text):
        start, end = token.map or (0, 1)
        if token.type == "html_block":
            for what in removed(token.content):
                found.append(
                    (
                        line_of(start, end, what[1:].split()[0].rstrip(">")),
                        f"raw HTML {what} is not allowed",
                    )
                )
        for child in token.children or []:
            if child.type == "html_inline":
                for what in removed(child.content):
                    found.append(
                        (line_of(start, end, child.content), f"raw HTML {what} is not allowed")
                    )
            elif child.type in {"link_open", "image"}:
                url = str(child.attrs.get("href" if child.type == "link_open" else "src", ""))
                if _bad_url(url):
                    found.append(
                        (
                            line_of(start, end, url),
                            f"link to {url[:60]!r}: only http, https, mailto "
                            "or site-relative links are allowed",
                        )
                    )
    # Python-Markdown, which renders the pages, reads more as a link than CommonMark
    # (`[x](java&#x09;script:...)`) and attr_list adds any attribute (`{: onclick=... }`):
    # the rendered HTML passes the allow-list too
    reported = {problem for _, problem in found}
    html = _markdown().reset().convert(markdown_text(text))
    for what in removed(html):
        problem = f"raw HTML {what} is not allowed"
        if problem not in reported and not any(what in p for p in reported):
            reported.add(problem)
            # the line: where the attribute's value begins (its first word), else the tag
            tag, _, attr = what.strip("<>").partition(" ")
            word = re.match(r"[\w.-]*", attr.partition("=")[2]).group()
            needle = next(
                (
                    n
                    for n in (word, attr.partition("=")[0], tag)
                    if n and any(n in line for line in lines)
                ),
                tag,
            )
            found.append((line_of(0, len(lines), needle), problem))
    return sorted(found)


_EXTENSIONS = [
    "attr_list",
    "md_in_html",
    "tables",
    "footnotes",
    "admonition",
    "def_list",
    "fenced_code",
]


def markdown_text(text: str) -> str:
    """The text as the page renders it, less our own block directives (@snippet ...)."""
    return "\n".join("" if line.strip().startswith("@") else line for line in text.splitlines())
