"""MkDocs hooks: write the per-language search indexes the search worker loads."""

from pathlib import Path

from torchkb.search import drop_material_documents, write_indexes

_built: set[Path] = set()


def on_post_build(config, **kwargs) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is None:
        prefixes = {config.theme.get("language", "en"): ""}
    else:  # the default language lives at the root, the others under /<locale>/
        prefixes = {lang.locale: "" if lang.default else f"{lang.locale}/"
                    for lang in i18n.config.languages}
    site = Path(config.site_dir)
    if (site / "search" / "search_index.json").exists():
        write_indexes(site, prefixes)
        _built.add(site)


def on_shutdown() -> None:
    # once per `mkdocs build`, after every language's pass (not during `mkdocs serve`)
    for site in _built:
        drop_material_documents(site)
