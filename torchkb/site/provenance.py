"""Where each page comes from, on the page: an "edit" link to its source, the source files
with the date of their last commit, and in the footer the commit the site was built from.

- Edit: Material's documented `content.action.edit` button, from mkdocs.yml's `repo_url`
  and `edit_uri`. A page of docs/ is generated, so its File's `edit_uri` (MkDocs: "can be
  overwritten") becomes the first source file its front matter names (`sources:`, written
  by torchkb/render/docs.py): the topic's YAML for a topic page and its notebook.
- Sources and date: every path of `sources:`, linked to the repository, and the date of
  the last commit that touched any of them (`git log`, once per build). The date is not in
  docs/ (the generator would have to know a commit not made yet, and `build --check` would
  go stale); it comes from the history the site is built from. Without that history (a
  shallow clone, no git, an untrusted checkout) the pages show no date rather than a wrong
  one: .github/workflows/pages.yml checks out the whole history.
- Build stamp: the commit HEAD names, with its date and a link, and whether the tree had
  changes not committed yet. The same commit gives the same site.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.utils.meta import get_data

log = logging.getLogger("mkdocs.plugins.torchkb")


@dataclass(frozen=True)
class History:
    """What git says of a checkout: the last commit date of each path it ever touched,
    and the commit HEAD names (empty when git can't say)."""

    dates: dict[str, str] = field(default_factory=dict)  # path -> YYYY-MM-DD
    commit: str = ""
    commit_date: str = ""
    dirty: bool = False

    def updated(self, sources: list[str]) -> str:
        """The date of the last commit that touched any of `sources` (a folder: ends
        with "/"), or "" when none is in the history."""
        found = [
            date
            for source in sources
            for path, date in self.dates.items()
            if path == source or (source.endswith("/") and path.startswith(source))
        ]
        return max(found, default="")


def _git(root: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


@functools.cache
def history(root: Path, head: str) -> History:
    """The history of the checkout at `root` as of commit `head` (the cache key: `mkdocs
    serve` rebuilds read it again only after a commit)."""
    if not head:
        return History()
    if (_git(root, "rev-parse", "--is-shallow-repository") or "").strip() != "false":
        log.info("torchkb: a shallow clone: the pages show no last-updated date")
        dates: dict[str, str] = {}
    else:
        dates = {}
        # newest first: a path's first date is its last commit's (author date, as written)
        out = _git(root, "log", "--format=%x00%as", "--name-only", "--no-renames") or ""
        date = ""
        for line in out.splitlines():
            if line.startswith("\0"):
                date = line[1:]
            elif line and line not in dates:
                dates[line] = date
    commit_date = (_git(root, "log", "-1", "--format=%as", head) or "").strip()
    return History(dates=dates, commit=head, commit_date=commit_date)


def current(root: Path) -> History:
    """The history as of now: `mkdocs serve` asks again on every rebuild (whether the tree
    has uncommitted changes is asked every time)."""
    found = history(root, (_git(root, "rev-parse", "HEAD") or "").strip())
    if not found.commit:
        return found
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    return dataclasses.replace(found, dirty=bool((dirty or "").strip()))


def page_sources(file) -> list[str]:
    """The `sources:` of a page's front matter (MkDocs' own front-matter reader)."""
    try:
        _, meta = get_data(file.content_string)
    except OSError:
        return []
    sources = meta.get("sources")
    return [str(s) for s in sources] if isinstance(sources, list) else []


def set_edit_uris(files, root: Path) -> None:
    """Each generated page's "edit" link opens its first source that is a file."""
    for file in files.documentation_pages():
        editable = [s for s in page_sources(file) if (root / s).is_file()]
        file.edit_uri = editable[0] if editable else None


def view_url(repo_url: str, edit_uri: str, path: str) -> str:
    """A source's page in the repository: `edit/<branch>/` -> `blob/` (a file) or `tree/`
    (a folder) on the same branch."""
    kind = "tree" if path.endswith("/") else "blob"
    branch = edit_uri.strip("/").split("/", 1)[-1]
    return f"{repo_url.rstrip('/')}/{kind}/{branch}/{path}"


def page_facts(page, config, found: History) -> dict:
    """What the page's foot says (theme/partials/source-file.html): its sources, linked,
    and their last commit's date."""
    sources = page.meta.get("sources") or []
    repo, edit_uri = config.repo_url, config.edit_uri
    return {
        "sources": [
            {"path": s, "url": view_url(repo, edit_uri, s) if repo and edit_uri else ""}
            for s in sources
        ],
        "updated": found.updated(sources),
    }


def build_stamp(config, found: History) -> dict:
    """The footer's build stamp (theme/partials/copyright.html)."""
    if not found.commit:
        return {}
    repo = (config.repo_url or "").rstrip("/")
    return {
        "commit": found.commit,
        "short": found.commit[:7],
        "date": found.commit_date,
        "url": f"{repo}/commit/{found.commit}" if repo else "",
        "dirty": found.dirty,
    }
