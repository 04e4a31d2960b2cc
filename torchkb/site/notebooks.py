"""The topic notebooks (docs/<lang>/notebooks/*.ipynb) as pages of the site.

- mkdocs-static-i18n rebuilds every File in its on_files (priority -100) as a plain File,
  which turns mkdocs-jupyter's notebook pages back into static files
  (ultrabug/mkdocs-static-i18n#198). `as_pages`, run after it, makes the localized .ipynb
  files pages again and gives them their other-language alternates, so the language
  switch lands on the same notebook.
- `NotebookStyles.mend` mends what mkdocs-jupyter renders: heading ids (its topic page's,
  so the language switch keeps the section) and the TOC, the notebook's absolute links
  into the site (relative again on its page), its inlined stylesheets, its MathJax and
  mermaid loaders.
- The inlined stylesheets (JupyterLab's) become one file under assets/stylesheets/,
  pruned at build time to the rules the notebook pages can use (torchkb/site/prune_css.py),
  named by its content.
"""

import hashlib
import html
import json
import re
from collections.abc import Callable
from pathlib import Path

from markdown.extensions.toc import unique
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc
from mkdocs.utils import get_relative_url

from torchkb.site.prune_css import Used, prune


class NotebookPage(File):
    """A notebook that MkDocs builds as a page (mkdocs-jupyter renders its content)."""

    def is_documentation_page(self) -> bool:
        return True


def is_notebook(page) -> bool:
    return isinstance(page.file, NotebookPage)


def as_pages(files, i18n) -> None:
    """The notebooks of this pass as pages, with their other-language alternates."""
    for file in files:
        if not file.src_uri.endswith(".ipynb") or not hasattr(file, "norm_src_uri"):
            continue
        file.__class__ = NotebookPage
        if i18n is not None:
            file.alternates = {
                lang.locale: _Alternate(
                    file.url, file.locale_alternate_of, lang.locale, i18n.default_language
                )
                for lang in i18n.config.languages
                if lang.build
            }
    if i18n is not None:  # the sitemap lists static-i18n's pages: notebooks are pages now
        i18n.i18n_files_per_language[i18n.current_language] = files.documentation_pages()


def cache_per_language(config, lang: str) -> None:
    """mkdocs-jupyter's render cache in a folder per language (its `cache_dir` option): after
    a build it evicts the entries that build did not use, and static-i18n builds each
    language as a build of its own, so in one shared folder each language's pass would
    evict the other's notebooks."""
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None or not jupyter.config.get("cache"):
        return
    folder = Path(jupyter.config["cache_dir"])
    if folder.name in {lang.locale for lang in config.plugins["i18n"].config.languages}:
        folder = folder.parent
    jupyter.config["cache_dir"] = str(folder / lang)


_NOTEBOOK_META = {
    "zh": (
        "{title} · Jupyter Notebook",
        "主题“{title}”的 Jupyter Notebook：与主题页相同的代码和记录的输出，可下载运行。",
    ),
    "en": (
        "{title} · Jupyter notebook",
        "The topic “{title}” as a Jupyter notebook: the page's code with its recorded "
        "outputs, to download and run.",
    ),
}


def notebook_meta(page, lang: str) -> None:
    """A notebook page's own title and description, not its topic page's (both are in
    search results)."""
    title, description = _NOTEBOOK_META.get(lang, _NOTEBOOK_META["en"])
    page.meta["title"] = title.format(title=page.title)
    page.meta["description"] = description.format(title=page.title)


# mkdocs-jupyter's MathJax loader, with no URL to load from: formulas are MathML here
_MATHJAX = re.compile(
    r'<!-- Load mathjax -->\s*<script src="">.*?'
    r"<!-- End of mathjax configuration -->",
    re.S,
)
# nbconvert's mermaid loader (a module script importing mermaid from a CDN for diagrams)
_MERMAID = re.compile(
    r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded",'
    r"[^<]*?\.jp-Mermaid.*?<!-- End of mermaid configuration -->",
    re.S,
)
_SCROLLER = re.compile(r'(<div class="highlight-ipynb[^"]*"|<pre)>')
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>\s*", re.S)
_CSS_LINK = "kb-notebook-css:"  # placeholder href until `link` knows the pruned file


class NotebookStyles:
    """mkdocs-jupyter inlines JupyterLab's stylesheets into every notebook page; they go to
    one file under assets/stylesheets/, which the browser fetches once for all notebooks,
    pruned to what the notebook pages of a pass use (a pass per language). Same rules,
    same order, after Material's."""

    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir  # pruned stylesheets, kept between builds
        self.raw_css: dict[str, str] = {}  # hash -> mkdocs-jupyter's inlined CSS
        self.used = Used()  # what this pass's notebook pages hold: classes, ids, elements
        self.shared: dict[str, str] = {}  # file name -> CSS, written after the build
        self.pruned: dict[tuple[str, str], str] = {}  # (CSS hash, pages' digest) -> name
        # the pruner's code is part of the cache key: a changed pruner prunes anew
        self.pruner = Path(__file__).with_name("prune_css.py").read_bytes()

    def new_pass(self) -> None:
        self.used = Used()

    def mend(self, page_html: str, page, slugify: Callable[[str, str], str]) -> str:
        source = Path(page.file.abs_src_path)
        known = topic_headings(source)
        page_html, tokens = heading_ids(page_html, slugify, known)
        page.toc = get_toc(tokens)
        page_html = local_links(page_html, notebook_site_url(source), page.url)
        page_html = _MATHJAX.sub("", page_html)
        if "jp-Mermaid" not in page_html:  # loads mermaid from a CDN when a cell has a diagram
            page_html = _MERMAID.sub("", page_html)
        page_html = self._shared_styles(page_html)
        # code and output areas scroll sideways: keyboard users must reach them
        page_html = _SCROLLER.sub(r'\1 tabindex="0">', page_html)
        self.used.add_html(page_html)
        return page_html

    def link(self, output: str, page) -> str:
        """The pruned stylesheet's link: all notebook pages of this pass are rendered by
        now (MkDocs renders every page's content before writing any), so it is known what
        they use."""
        if _CSS_LINK not in output:
            return output
        for raw, css in self.raw_css.items():
            if f"{_CSS_LINK}{raw}" in output:
                href = get_relative_url(f"assets/stylesheets/{self._pruned(css)}", page.url)
                output = output.replace(f"{_CSS_LINK}{raw}", href)
        return output

    def write(self, site_dir: Path) -> None:
        folder = site_dir / "assets" / "stylesheets"
        folder.mkdir(parents=True, exist_ok=True)
        for name, css in self.shared.items():
            (folder / name).write_text(css, encoding="utf-8")

    def _shared_styles(self, page_html: str) -> str:
        css = "\n".join(m.group(1) for m in _STYLE.finditer(page_html))
        if not css:
            return page_html
        raw = hashlib.sha256(css.encode()).hexdigest()[:16]
        self.raw_css[raw] = css
        first = _STYLE.search(page_html)
        return (
            page_html[: first.start()]
            + f'<link rel="stylesheet" href="{_CSS_LINK}{raw}">\n'
            + _STYLE.sub("", page_html[first.start() :])
        )

    def _pruned(self, css: str) -> str:
        """The file name of `css` pruned to what this pass's notebook pages use; cached in
        memory and in `cache_dir`, keyed by the CSS, the pages' classes, ids and tags, and
        the pruner's code."""
        used = self.used
        digest = hashlib.sha256(
            "\n".join(
                [" ".join(sorted(s)) for s in (used.classes, used.ids, used.tags, used.variables)]
            ).encode()
            + self.pruner
        ).hexdigest()[:16]
        key = (hashlib.sha256(css.encode()).hexdigest()[:16], digest)
        if key not in self.pruned:
            cache = self.cache_dir / ("-".join(key) + ".css")
            if cache.exists():
                pruned = cache.read_text(encoding="utf-8")
            else:
                pruned = prune(css, used)
                cache.parent.mkdir(parents=True, exist_ok=True)
                cache.write_text(pruned, encoding="utf-8")
            name = f"notebook-{hashlib.sha256(pruned.encode()).hexdigest()[:8]}.css"
            self.shared[name] = pruned
            self.pruned[key] = name
        return self.pruned[key]


# a heading as nbconvert writes it, with mkdocs-jupyter's id and anchor link
_HEADING = re.compile(r'<h([1-6]) id="([^"]*)">(.*?)<a class="anchor-link" href="#\2">')
_TAG = re.compile(r"<[^>]+>")
_MD_MARKUP = re.compile(r"\[([^\]]*)\]\([^)]*\)|[`*_\\]")  # Markdown around a title's words


def _words(text: str) -> str:
    """A heading's text for comparing Markdown with rendered HTML: letters and digits."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def notebook_site_url(notebook: Path) -> str | None:
    """The site_url the generator made the notebook's links absolute with (its metadata)."""
    meta = json.loads(notebook.read_text(encoding="utf-8"))["metadata"].get("torchkb", {})
    return meta.get("site_url")


def local_links(page_html: str, site_url: str | None, page_url: str) -> str:
    """The notebook's absolute links into the site (a downloaded notebook needs them), made
    relative on its page in the site: they then lead to this build's pages and files,
    whatever host serves it (`mkdocs serve`, another $SITE_URL), and the download link is
    same-origin, so the browser downloads it."""
    if not site_url:
        return page_html

    def relative(m: re.Match) -> str:
        path, hash_, fragment = m.group(1).partition("#")
        url = get_relative_url(path, page_url)
        if (not path or path.endswith("/")) and not url.endswith("/"):
            url += "/"  # get_relative_url drops a directory's slash: ../../.. for the home
        return f'href="{url}{hash_}{fragment}"'  # still HTML-escaped as found

    return re.sub(rf'href="{re.escape(html.escape(site_url))}([^"]*)"', relative, page_html)


def topic_headings(notebook: Path) -> list[tuple[int, str, str]]:
    """(level, words, id) of the topic page's headings, in page order, as the generator
    handed them over in the notebook's metadata (torchkb/render/notebooks.py)."""
    meta = json.loads(notebook.read_text(encoding="utf-8"))["metadata"].get("torchkb", {})
    return [
        (level, _words(html.unescape(_MD_MARKUP.sub(r"\1", title))), id_)
        for level, title, id_ in meta.get("headings", [])
    ]


def heading_ids(
    page_html: str, slugify: Callable[[str, str], str], known: list[tuple[int, str, str]] = ()
) -> tuple[str, list[dict]]:
    """A notebook page's headings get the ids of its topic page's (`known`, in page order:
    a section's id, language-independent, so the language switch keeps the reader's
    place), or else the slug the site's other pages use, and the page a table of contents
    made of those headings (Python-Markdown's toc_tokens).

    mkdocs-jupyter slugs headings to ASCII, so a Chinese heading gets `id=""`, and builds
    the TOC apart, from the notebook as Markdown, where `# comments` in code cells count as
    headings: TOC entries and ¶ links that lead nowhere. The site's toc slugify keeps the
    characters (#锁页内存)."""
    used: set[str] = set()
    tokens: list[dict] = []
    open_tokens: list[dict] = []  # the current heading of each level above
    ahead = list(known)  # the topic page's headings not matched yet, in order

    def rename(m: re.Match) -> str:
        level, inner = int(m.group(1)), m.group(3)
        name = html.unescape(_TAG.sub("", inner)).strip()
        words = _words(name)
        # the next topic heading of the same level and text (a notebook has headings the
        # page has not, e.g. in editor's notes, never the other way round)
        match = next((i for i, (lv, w, _) in enumerate(ahead) if lv == level and w == words), None)
        if match is not None:
            new = ahead[match][2]
            del ahead[: match + 1]
            used.add(new)
        else:
            new = unique(slugify(name, "-") or "section", used)
        token = {"level": level, "id": new, "name": html.escape(name), "children": []}
        while open_tokens and open_tokens[-1]["level"] >= level:
            open_tokens.pop()
        (open_tokens[-1]["children"] if open_tokens else tokens).append(token)
        open_tokens.append(token)
        return f'<h{level} id="{new}">{inner}<a class="anchor-link" href="#{new}">'

    return _HEADING.sub(rename, page_html), tokens


class _Alternate:
    """What Material's language switch and the sitemap read of an alternate file: its URL
    (no page: the sitemap then joins site_url and the URL)."""

    page = None

    def __init__(self, url: str, built: str, lang: str, default: str) -> None:
        rest = url[len(built) + 1 :] if built != default and url.startswith(built + "/") else url
        self.url = rest if lang == default else f"{lang}/{rest}"
