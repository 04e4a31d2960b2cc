"""One checkout of the knowledge base: its paths, settings and sources, loaded once.

`Project(root)` is made by an entry point (the CLI: `$TORCHKB_ROOT`, else this
package's checkout; an MkDocs hook: mkdocs.yml's folder) and handed down; nothing else
decides which tree it works on. Each source is read on first use and kept:
topics, claims and dropped parts (notes/), snippets and their metadata (snippets/),
verification records (verification/, other torch releases' in verification/releases/),
raw notes (notes/raw/); the torch release pyproject.toml pins.
"""

from __future__ import annotations

import re
import tomllib
from functools import cached_property
from pathlib import Path

import torchkb
from torchkb.errors import require_unique
from torchkb.rawnotes.text import read_text
from torchkb.sources import evidence, records, schema
from torchkb.sources.canonical import Topic, load_topics
from torchkb.sources.evidence import Record, SnippetEvidence
from torchkb.sources.schema import ClaimEntry, DroppedEntry, load_yaml
from torchkb.sources.snippets import Snippet, load_all


class Project:
    """A checkout at `root` (the folder holding notes/, snippets/, docs/)."""

    langs = torchkb.LANGS

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.notes = self.root / "notes"
        self.raw_dir = self.notes / "raw"
        self.topics_dir = self.notes / "topics"
        self.claims_dir = self.notes / "claims"
        self.dropped_dir = self.notes / "dropped"
        self.search_dir = self.notes / "search"
        self.snippets_dir = self.root / "snippets"
        self.docs = self.root / "docs"
        self.verification_dir = self.root / "verification"

    def __repr__(self) -> str:
        return f"Project({str(self.root)!r})"

    # -- sources ----------------------------------------------------------------------
    def load(self) -> Project:
        """Every source read now, so a bad field in any of them stops a build (the dropped
        lists included, which only the coverage check uses)."""
        for _ in (self.topics, self.claims, self.dropped, self.snippets, self.verification):
            pass
        return self

    @cached_property
    def topics(self) -> list[Topic]:
        """notes/topics/*.yml in page order; section ids unique across the site."""
        return load_topics(self.topics_dir)

    @cached_property
    def claims(self) -> list[ClaimEntry]:
        """The claims register, file by file (the file's stem is the claim's topic)."""
        found = _entries(self.claims_dir, schema.CLAIMS)
        require_unique(found, "claim id", lambda c: c.id, lambda c: c.path, lambda c: c.yaml_line)
        return found

    @cached_property
    def claims_by_id(self) -> dict[str, ClaimEntry]:
        return {c.id: c for c in self.claims}

    @cached_property
    def dropped(self) -> list[DroppedEntry]:
        """notes/dropped/*.yml: raw lines deliberately not on a page, with reasons."""
        return _entries(self.dropped_dir, schema.DROPPED)

    @cached_property
    def snippets(self) -> dict[str, Snippet]:
        """Every snippet by id (`<topic>/<name>`), sorted."""
        return {s.id: s for s in load_all(self.snippets_dir)}

    @cached_property
    def verification(self) -> dict[str, dict[str, Record]]:
        """{device kind: {snippet id: record}} from verification/*.json, validated."""
        folder = self.verification_dir
        return {
            kind: evidence.validated(records.record_path(folder, kind), found)
            for kind, found in records.load_records(folder).items()
        }

    @cached_property
    def releases(self) -> dict[str, dict[str, dict[str, Record]]]:
        """Other torch releases' records: {device kind: {release: {snippet id: record}}}."""
        folder = self.verification_dir
        return {
            kind: {
                torch: evidence.validated(records.release_record_path(folder, kind, torch), found)
                for torch, found in by_release.items()
            }
            for kind, by_release in records.load_release_records(folder).items()
        }

    @cached_property
    def evidence(self) -> dict[str, SnippetEvidence]:
        """Each snippet's current records (of its current code and output), by id: what
        every page, label and count rests on, judged once."""
        return evidence.collect(self.snippets, self.verification, self.releases)

    @cached_property
    def pinned_torch(self) -> str:
        """The torch release the snippets are verified with by default and the suite checks:
        pyproject.toml's `torch==` pin (this code's checkout's, for a tree that has none: a
        test's)."""
        path = self.root / "pyproject.toml"
        if not path.exists():
            path = torchkb.ROOT / "pyproject.toml"
        project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
        # the pin is in the `test` extra (serving needs no torch); a test's tree may have it
        # in `dependencies`
        extras = project.get("optional-dependencies", {}).values()
        for dep in [*project.get("dependencies", []), *(d for deps in extras for d in deps)]:
            if found := re.fullmatch(r"torch==([\w.]+)", dep.replace(" ", "")):
                return found.group(1)
        raise SystemExit(f"{path}: no torch==<release> pin in [project] dependencies or extras")

    @cached_property
    def raw_notes(self) -> dict[str, Path]:
        """notes/raw/<stem>.txt by stem, sorted."""
        return {p.stem: p for p in sorted(self.raw_dir.glob("*.txt"))}

    def raw_lines(self, stem: str) -> list[str]:
        """The lines of a raw note (read once)."""
        cache = self.__dict__.setdefault("_raw_lines", {})
        if stem not in cache:
            cache[stem] = read_text(self.raw_dir / f"{stem}.txt").splitlines()
        return cache[stem]


def _entries(folder: Path, adapter) -> list:  # noqa: ANN001 - a schema TypeAdapter
    """The YAML lists of folder/*.yml validated by `adapter`, each entry knowing its file."""
    items = []
    for path in sorted(folder.glob("*.yml")):
        for entry in schema.validate(adapter, load_yaml(path) or [], path):
            entry._path = path
            items.append(entry)
    return items
