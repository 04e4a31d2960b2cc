"""What every page of the built site gets: lighter code blocks, our small stylesheets inline,
and a 404 page per language."""

import re
from pathlib import Path
from urllib.parse import urlsplit

# Pygments wraps every name and every run of spaces in a <span>; Material colours names as
# plain code text (--md-code-hl-name-color is the code colour), and whitespace shows no
# colour, so these go, and runs of punctuation or operators share one span. Same text,
# same colours, fewer nodes to style and lay out.
_PLAIN = re.compile(r'<span class="(?:n|w)">([^<]*)</span>')
_RUN = re.compile(r'(<span class="(p|o)">[^<]*)</span><span class="\2">')
# a code block, as Material writes it
_CODE = re.compile(r'(<div class="highlight[^"]*"[^>]*)(><pre[^>]*>)(.*?)(</pre>)', re.S)


def lighter_code(html: str, eager: int) -> str:
    """Code blocks with fewer elements. Blocks past the first `eager` are rendered when
    scrolled near (kb.css: content-visibility: auto, their height until then from
    --kb-lines), so a page's first paint lays out what is on screen; the first blocks are
    often on the first screen, so they are rendered at once and shift nothing."""
    if '<div class="highlight' not in html:
        return html
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
        if count >= eager and "style=" not in div:
            div += f' style="--kb-lines:{max(code.count(chr(10)), 1)}"'
        count += 1
        # Material makes a code block that scrolls sideways focusable (keyboard users must
        # reach it) when it mounts the block, which content.lazy (mkdocs.yml) defers until
        # the block is seen: focusable from the start, Material drops it if it does not scroll
        if code.startswith("<span></span><code>"):
            code = code.replace("<code>", '<code tabindex="0">', 1)
        return div + m.group(2) + code + m.group(4)

    return _CODE.sub(one, html)


# Material's bundle, as its base.html writes it: a plain script at the end of <body>
_BUNDLE = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.\w+\.min\.js)"></script>')


def defer_bundle(output: str) -> str:
    """Material's bundle runs deferred: on a short page the parser reaches its plain
    <script> before the first paint, which then waits for the bundle's download and run
    (Lighthouse: render-blocking, about 600 ms on a phone's connection). Deferred, it still
    runs after the page is parsed and before DOMContentLoaded, in document order: after
    the inline scripts before it (which rewrite its config), before kb.js."""
    return _BUNDLE.sub(r'<script src="\1" defer></script>', output)


_CSS_LINK = re.compile(r'<link rel="stylesheet" href="[^"]*assets/stylesheets/([\w.-]+\.css)">')


class InlineStylesheets:
    """Our small stylesheets (data: URLs only) go into each page: before its first paint a
    page waits for every linked stylesheet, each a round trip on a phone's connection."""

    def __init__(self, names: list[str], theme_dirs: list[str]) -> None:
        self.text: dict[str, str] = {}
        for name in names:
            for folder in theme_dirs:
                path = Path(folder) / "assets" / "stylesheets" / name
                if path.is_file():
                    self.text[name] = path.read_text(encoding="utf-8")
                    break

    def inline(self, output: str) -> str:
        def one(m: re.Match) -> str:
            css = self.text.get(m.group(1))
            return m.group(0) if css is None else f"<style>{css}</style>"

        return _CSS_LINK.sub(one, output)


class NotFoundPages:
    """mkdocs-static-i18n builds each language into the same site folder, so every
    language's pass writes the root 404.html and the last one (English) wins, with the
    language menu of whatever page was built last (upstream: ultrabug/mkdocs-static-i18n#284
    and #326, open; static-i18n is pinned, 1.3.1, in pyproject.toml). Here the root
    404.html stays the default language's, each other language gets <locale>/404.html,
    written beside the pass's own output since MkDocs knows of one 404 page only, and their
    menus lead to each language's home. tests/test_web.py checks both pages by behaviour:
    each in its language, its menu leading home."""

    def __init__(self) -> None:
        self.default_page: dict[str, str] = {}  # site folder -> the default language's page

    def menus(self, config, i18n) -> None:
        """The language menu: each language's home (site_url's path + "<locale>/")."""
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

    def place(self, output: str, config, i18n) -> str:
        """This pass's 404 page: the default language's at the root, the others' under
        their locale."""
        site = config.site_dir
        if i18n.current_language == i18n.default_language:
            self.default_page[site] = output
            return output
        folder = Path(site) / i18n.current_language
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "404.html").write_text(output, encoding="utf-8")
        return self.default_page.get(site, output)
