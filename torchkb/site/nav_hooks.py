"""MkDocs hook: the parts of the navigation that the sources already say are generated.

In mkdocs.yml a nav entry whose value is a placeholder is filled in from the sources, so
no list of pages is kept by hand (a new topic or raw note appears without an edit):

    "@topics"     notes/topics/*.yml, in page order (`order`, then id)  -> <topic>.md
    "@notebooks"  the same topics                                        -> notebooks/<topic>.ipynb
    "@raw"        notes/raw/*.txt                                        -> raw/<stem>.md

Runs before mkdocs-static-i18n's on_config (priority -100), which reads the nav.
"""

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from torchkb.errors import SourceError
from torchkb.sources.project import Project, for_mkdocs


def entries(project: Project) -> dict[str, list[str]]:
    """What each placeholder stands for in the tree of `project`."""
    try:
        topics = [t.id for t in project.topics]
    except SourceError as err:
        raise PluginError(str(err)) from None
    raw = [f"raw/{stem}.md" for stem in project.raw_notes]
    return {
        "@topics": [f"{t}.md" for t in topics],
        "@notebooks": [f"notebooks/{t}.ipynb" for t in topics],
        "@raw": raw,
    }


def fill(nav: list, found: dict[str, list[str]]) -> list:
    """`nav` with every placeholder value replaced by its list of pages."""
    out = []
    for item in nav:
        if isinstance(item, dict):
            item = {
                title: (
                    found[value]
                    if isinstance(value, str) and value in found
                    else fill(value, found)
                    if isinstance(value, list)
                    else value
                )
                for title, value in item.items()
            }
        out.append(item)
    return out


@event_priority(50)
def on_config(config, **kwargs):
    # this build's sources, read once: anew for each build (`mkdocs serve` reads sources
    # changed since the last one), not for the other languages' passes that
    # mkdocs-static-i18n runs inside the first one (it is `building` then)
    i18n = config.plugins.get("i18n")
    project = for_mkdocs(config, new=not getattr(i18n, "building", False))
    if config.nav:
        config.nav = fill(config.nav, entries(project))
    return config
