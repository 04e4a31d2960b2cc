"""MkDocs hooks: the search index, built from the pages as MkDocs renders them.

Each page's content is split into sections here (torchkb/search/index.py, page_sections), and
the per-language indexes are written after the build. Material's search plugin stays
configured, as its search box and result list need it, but indexes nothing: each page
is marked with Material's documented `search: {exclude: true}` once read here, so the
plugin's own pass (an HTML parse and a jieba run per page, unused) is skipped.
"""

import json
import os
import time
from pathlib import Path

from mkdocs.plugins import event_priority

from torchkb.search.index import load_synonyms, page_sections, write_indexes
from torchkb.sources.project import for_mkdocs

_docs: dict[str, list[dict]] = {}  # language -> sections read in this build
_seconds = 0.0  # spent on search in this build (benchmarks/search_peers.py reports it)


def _language(config, url: str) -> str:
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return config.theme.get("language", "en")
    default = next(lang.locale for lang in i18n.config.languages if lang.default)
    for lang in i18n.config.languages:  # the default language lives at the root
        if not lang.default and url.startswith(f"{lang.locale}/"):
            return lang.locale
    return default


@event_priority(100)  # before Material's search plugin, which strips data-search-exclude
def on_page_context(context, page, config, nav):
    global _seconds
    start = time.perf_counter()
    search = page.meta.get("search") or {}
    if not search.get("exclude"):
        sections = page_sections(page.content or "", page.url, str(page.title or ""))
        if "boost" in search:
            for s in sections:
                s["boost"] = search["boost"]
        _docs.setdefault(_language(config, page.url), []).extend(sections)
    page.meta["search"] = {**search, "exclude": True}
    _seconds += time.perf_counter() - start
    return context


def on_post_build(config, **kwargs) -> None:
    global _seconds
    # static-i18n builds the languages one after the other: write what has been read
    if not _docs:
        return
    start = time.perf_counter()
    synonyms = load_synonyms(for_mkdocs(config).search_dir / "synonyms.txt")
    write_indexes(Path(config.site_dir), dict(_docs), synonyms)
    stats = {
        "seconds": round(_seconds + time.perf_counter() - start, 3),
        "sections": {lang: len(docs) for lang, docs in _docs.items()},
    }
    _docs.clear()
    _seconds = 0.0
    if os.environ.get("TORCHKB_SEARCH_STATS"):  # a file to append this build's numbers to
        with open(os.environ["TORCHKB_SEARCH_STATS"], "a", encoding="utf-8") as out:
            out.write(json.dumps(stats) + "\n")
