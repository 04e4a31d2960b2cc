"""The search index, built from the pages as MkDocs renders them.

Each page's content is split into sections here (torchkb/search/index.py, page_sections),
and the per-language indexes are written after the build. Material's search plugin stays
configured, as its search box and result list need it, but indexes nothing: each page is
marked with Material's documented `search: {exclude: true}` once read here, so the
plugin's own pass is skipped.
"""

import json
import os
import time
from pathlib import Path

from torchkb.render.error_index import PAGE as ERROR_INDEX_PAGE
from torchkb.search.index import (
    COLLOQUIAL_FILE,
    DEFAULT_TUNING,
    PHRASINGS_DIR,
    SYNONYMS_FILE,
    USER_DICT_FILE,
    SearchTuning,
    load_colloquial,
    load_phrasings,
    load_synonyms,
    page_sections,
    write_indexes,
)
from torchkb.sources.ui import strings


def page_language(config, url: str) -> str:
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return config.theme.get("language", "en")
    default = next(lang.locale for lang in i18n.config.languages if lang.default)
    for lang in i18n.config.languages:  # the default language lives at the root
        if not lang.default and url.startswith(f"{lang.locale}/"):
            return lang.locale
    return default


class SearchSections:
    """The sections read from this build's pages, by language, until they are written."""

    def __init__(self) -> None:
        self.docs: dict[str, list[dict]] = {}
        self.error_index: dict[str, str] = {}  # the error index's URL, by language
        self.seconds = 0.0  # spent on search in this build (benchmarks/search_peers.py)

    def read(self, page, config) -> None:
        start = time.perf_counter()
        search = page.meta.get("search") or {}
        if Path(page.file.src_uri).name == ERROR_INDEX_PAGE:
            self.error_index[page_language(config, page.url)] = page.url
        if not search.get("exclude"):
            sections = page_sections(page.content or "", page.url, str(page.title or ""))
            if "boost" in search:
                for s in sections:
                    s["boost"] = search["boost"]
            self.docs.setdefault(page_language(config, page.url), []).extend(sections)
        page.meta["search"] = {**search, "exclude": True}
        self.seconds += time.perf_counter() - start

    def write(
        self, site_dir: Path, search_dir: Path, tuning: SearchTuning = DEFAULT_TUNING
    ) -> None:
        """The indexes of every language read so far, with the query words of
        `search_dir` (notes/search/), built as `tuning` says (the plugin's `search`).
        static-i18n runs the other languages' builds inside the first one's post-build:
        the innermost writes all."""
        if not self.docs:
            return
        phrasings = load_phrasings(search_dir / PHRASINGS_DIR)
        for lang, docs in self.docs.items():
            by_anchor = phrasings.get(lang, {})
            for doc in docs:
                anchor = doc["location"].partition("#")[2]
                if anchor in by_anchor:
                    doc["phrasings"] = by_anchor[anchor]
        if os.environ.get("TORCHKB_SEARCH_DOCS"):  # a file for this build's sections
            # (benchmarks/search_scale.py --index-only builds bigger indexes from them);
            # each language's build may write its own share
            dump = Path(os.environ["TORCHKB_SEARCH_DOCS"])
            found = json.loads(dump.read_text(encoding="utf-8")) if dump.exists() else {}
            dump.write_text(json.dumps({**found, **self.docs}, ensure_ascii=False), "utf-8")
        start = time.perf_counter()
        write_indexes(
            site_dir,
            dict(self.docs),
            load_synonyms(search_dir / SYNONYMS_FILE),
            load_colloquial(search_dir / COLLOQUIAL_FILE),
            self.uncovered(),
            tuning,
            search_dir / USER_DICT_FILE,
        )
        stats = {
            "seconds": round(self.seconds + time.perf_counter() - start, 3),
            "sections": {lang: len(docs) for lang, docs in self.docs.items()},
        }
        self.docs.clear()
        self.error_index.clear()
        self.seconds = 0.0
        if os.environ.get("TORCHKB_SEARCH_STATS"):  # a file to append this build's numbers to
            with open(os.environ["TORCHKB_SEARCH_STATS"], "a", encoding="utf-8") as out:
                out.write(json.dumps(stats) + "\n")

    def uncovered(self) -> dict[str, dict[str, str]]:
        """Per language: the result the worker shows above the nearest sections when a
        pasted error is quoted by none, linking to the error index, in that language."""
        out = {}
        for lang, url in self.error_index.items():
            ui = strings(lang)["search"]
            out[lang] = {
                "location": url,
                "title": ui["not_covered_title"],
                "text": ui["not_covered_text"],
            }
        return out
