"""MkDocs hook: the 404 page, once per language; lighter code blocks (fewer elements,
rendered when scrolled near); our small stylesheets inline.

mkdocs-static-i18n builds each language into the same site folder, so every language's
pass writes the root 404.html and the last one (English) wins, with the language menu
of whatever page was built last. Here the root 404.html stays the default language's,
each other language gets <locale>/404.html, and their menus lead to each language's home.
"""

import re
from pathlib import Path
from urllib.parse import urlsplit

_not_found: dict[str, str] = {}  # site folder -> the default language's 404 page


def on_template_context(context, template_name, config, **kwargs):
    i18n = config.plugins.get("i18n")
    if template_name == "404.html" and i18n is not None:
        # each language's home (site_url's path + "<locale>/"), not the last page's menu
        base = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
        homes = [
            {
                "name": lang.name,
                "lang": lang.locale,
                "link": base if lang.default else f"{base}{lang.locale}/",
            }
            for lang in i18n.config.languages
            if lang.build
        ]
        # static-i18n sets it both as a key and as an attribute; templates read either
        config.extra["alternate"] = homes
        config.extra.alternate = homes
    return context


def on_post_template(output, template_name, config, **kwargs):
    i18n = config.plugins.get("i18n")
    if template_name != "404.html" or i18n is None:
        return output
    site = config.site_dir
    if i18n.current_language == i18n.default_language:
        _not_found[site] = output
        return output
    folder = Path(site) / i18n.current_language
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "404.html").write_text(output, encoding="utf-8")
    return _not_found.get(site, output)


# Pygments wraps every name and every run of spaces in a <span> (a fifth of a topic page's
# elements); Material colours names as plain code text (--md-code-hl-name-color is the
# code colour), JupyterLab not at all, and whitespace shows no colour, so these go, and
# runs of punctuation or operators share one span. Same text, same colours, fewer nodes
# to style and lay out.
_PLAIN = re.compile(r'<span class="(?:n|w)">([^<]*)</span>')
_RUN = re.compile(r'(<span class="(p|o)">[^<]*)</span><span class="\2">')
# a code block, as Material (div.highlight) and nbconvert (div.highlight-ipynb) write it
_CODE = re.compile(r'(<div class="highlight[^"]*"[^>]*)(><pre[^>]*>)(.*?)(</pre>)', re.S)
# Code blocks below the first ones are rendered when scrolled near (kb.css: content-
# visibility: auto; its height until then: from --kb-lines), so a page's first paint
# styles and lays out what is on screen, not every token of 40 blocks. The first blocks
# are often on the first screen: rendered at once, they shift nothing.
EAGER_BLOCKS = 2


def lighter_code(html: str) -> str:
    count = 0

    def one(m: re.Match) -> str:
        nonlocal count
        code = _PLAIN.sub(r"\1", m.group(3))
        while True:
            merged = _RUN.sub(r"\1", code)
            if merged == code:
                break
            code = merged
        div = m.group(1)
        if count >= EAGER_BLOCKS and "style=" not in div:
            div += f' style="--kb-lines:{max(code.count(chr(10)), 1)}"'
        count += 1
        # Material makes a code block that scrolls sideways focusable (keyboard users must
        # reach it) when it mounts the block, which content.lazy (mkdocs.yml) defers until
        # the block is seen: focusable from the start, Material drops it if it does not scroll
        if code.startswith("<span></span><code>"):
            code = code.replace("<code>", '<code tabindex="0">', 1)
        return div + m.group(2) + code + m.group(4)

    return _CODE.sub(one, html)


def on_page_content(html, page, config, **kwargs):
    return lighter_code(html) if '<div class="highlight' in html else html


# Before its first paint a page waits for every stylesheet, each a round trip on a phone's
# connection: our two small ones (~6 kB, data: URLs only) go into the page. (Deferring
# Material's script too paints earlier, but then its start-up, a long task, falls after
# the first paint, where Lighthouse counts it as blocking time: measured, a worse score.)
_INLINE_CSS = ("kb.css", "editor.css")
_CSS_LINK = re.compile(r'<link rel="stylesheet" href="[^"]*assets/stylesheets/([\w.-]+\.css)">')
_css_text: dict[str, str] = {}


def _stylesheet(name: str, config) -> str | None:
    if name not in _css_text:
        for folder in config.theme.dirs:
            path = Path(folder) / "assets" / "stylesheets" / name
            if path.is_file():
                _css_text[name] = path.read_text(encoding="utf-8")
                break
    return _css_text.get(name)


def on_post_page(output, page, config, **kwargs):
    def inline(m: re.Match) -> str:
        css = _stylesheet(m.group(1), config) if m.group(1) in _INLINE_CSS else None
        return m.group(0) if css is None else f"<style>{css}</style>"

    return _CSS_LINK.sub(inline, output)
