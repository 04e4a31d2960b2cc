"""The MkDocs plugin (`plugins: - torchkb` in mkdocs.yml): the site stage.

One object per build with its state on the instance; each event hands its work to the
module that does it: the navigation (nav), the search index (search), formulas as MathML
(math), what every page gets (pages), and where it comes from (provenance). The notebooks'
pages are Markdown the generator writes (torchkb/render/notebooks.py); their .ipynb files
are static files.
"""

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.base import ValidationError
from mkdocs.plugins import BasePlugin, event_priority

from torchkb.search.index import SearchTuning, tuning_from
from torchkb.site import provenance
from torchkb.site.math import to_mathml
from torchkb.site.nav import entries, fill
from torchkb.site.pages import InlineStylesheets, NotFoundPages, defer_bundle, lighter_code
from torchkb.site.search import SearchSections
from torchkb.sources.project import Project
from torchkb.sources.ui import strings


class SearchTuningOption(c.BaseConfigOption[SearchTuning]):
    """`search:` the search index's tuning (torchkb/search/index.py, SearchTuning): any of
    its fields, `query:` any of QueryTuning's (what the worker's queries use), e.g.
    `search: {whole_index_bytes: 0, query: {max_results: 20}}`; unset, the defaults."""

    def __init__(self) -> None:
        super().__init__()
        self.default = {}

    def run_validation(self, value: object) -> SearchTuning:
        if not isinstance(value, dict):
            raise ValidationError(f"a mapping of SearchTuning's fields, not {value!r}")
        try:
            return tuning_from(value)
        except ValueError as err:
            raise ValidationError(str(err)) from None


class KnowledgeBaseConfig(base.Config):
    # code blocks of a page past the first ones are rendered when scrolled near (kb.css)
    eager_code_blocks = c.Type(int, default=2)
    # our small stylesheets (theme/assets/stylesheets/), put into each page, not linked
    inline_css = c.ListOfItems(c.Type(str), default=["kb.css", "editor.css"])
    # the search index's and its queries' tuning (SearchTuningOption); the defaults are
    # this site's
    search = SearchTuningOption()


class KnowledgeBasePlugin(BasePlugin[KnowledgeBaseConfig]):
    def __init__(self) -> None:
        self.project: Project | None = None
        self.search = SearchSections()
        self.not_found = NotFoundPages()
        self.stylesheets: InlineStylesheets | None = None
        self.history = provenance.History()

    @event_priority(50)  # before static-i18n's on_config (-100), which reads the nav
    def on_config(self, config):
        root = Path(config.config_file_path).resolve().parent
        # the sources, read once per build (`mkdocs serve` reads what changed since the
        # last one), not again for the other languages' passes, which static-i18n (1.3.1,
        # pinned) runs inside the first one: its public `building` flag is set then, and no
        # MkDocs event tells a language's pass from a new build
        if self.project is None or not getattr(config.plugins.get("i18n"), "building", False):
            self.project = Project(root)
            self.history = provenance.current(root)
        self.stylesheets = InlineStylesheets(self.config.inline_css, config.theme.dirs)
        if config.nav:
            config.nav = fill(config.nav, entries(self.project))
        return config

    @event_priority(-200)  # after static-i18n's on_files (-100), which makes the Files anew
    def on_files(self, files, config):
        provenance.set_edit_uris(files, self.project.root)
        return files

    def on_page_content(self, html, page, config, **kwargs):
        html = to_mathml(html, page.file.src_uri)
        return lighter_code(html, self.config.eager_code_blocks)

    @event_priority(100)  # before Material's search plugin, which strips data-search-exclude
    def on_page_context(self, context, page, config, **kwargs):
        self.search.read(page, config)
        context["kb_page"] = provenance.page_facts(page, config, self.history)
        return self.site_context(context, config)

    def site_context(self, context, config):
        """What every template of the site gets: the build stamp, and the words of the
        page's language (the footer, the page's sources)."""
        context["kb_build"] = provenance.build_stamp(config, self.history)
        context["kb_words"] = strings(config.theme.get("language") or "zh")["site"]
        return context

    def on_template_context(self, context, template_name, config, **kwargs):
        context = self.site_context(context, config)
        i18n = config.plugins.get("i18n")
        if template_name == "404.html" and i18n is not None:
            self.not_found.menus(config, i18n)
        return context

    def on_post_template(self, output, template_name, config, **kwargs):
        if template_name != "404.html":
            return output
        output = defer_bundle(output)  # a static template, not a page: on_post_page skips it
        i18n = config.plugins.get("i18n")
        return output if i18n is None else self.not_found.place(output, config, i18n)

    def on_post_page(self, output, page, config, **kwargs):
        return defer_bundle(self.stylesheets.inline(output))

    def on_post_build(self, config, **kwargs):
        self.search.write(Path(config.site_dir), self.project.search_dir, self.config.search)
