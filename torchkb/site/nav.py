"""The parts of the navigation that the sources already say are generated.

In mkdocs.yml a nav entry whose value is a placeholder is filled in from the sources, so
no list of pages is kept by hand (a new topic or raw note appears without an edit):

    "@topics"     notes/topics/*.yml, in page order (`order`, then id)  -> <topic>.md
    "@notebooks"  the same topics                                        -> notebooks/<topic>.md
    "@raw"        notes/raw/*.txt                                        -> raw/<stem>.md
"""

from mkdocs.exceptions import PluginError

from torchkb.errors import SourceError
from torchkb.sources.project import Project


def entries(project: Project) -> dict[str, list[str]]:
    """What each placeholder stands for in the tree of `project`."""
    try:
        topics = [t.id for t in project.topics]
    except SourceError as err:
        raise PluginError(str(err)) from None
    raw = [f"raw/{stem}.md" for stem in project.raw_notes]
    return {
        "@topics": [f"{t}.md" for t in topics],
        "@notebooks": [f"notebooks/{t}.md" for t in topics],
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
