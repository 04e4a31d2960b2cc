"""`import_note`: a raw note through every stage, into the tree or not at all."""

from __future__ import annotations

import re
from pathlib import Path

from torchkb.errors import SourceError
from torchkb.importer.commit import commit, validate
from torchkb.importer.files import Writes
from torchkb.importer.manifest import load_manifest, manifest_entry, manifest_path, manifest_text
from torchkb.importer.plan import Existing, Planner
from torchkb.importer.report import ImportReport
from torchkb.importer.sections import split_sections
from torchkb.rawnotes.model import RawNote
from torchkb.rawnotes.parse import parse_note
from torchkb.sources.project import Project

_STEM = re.compile(r"[\w-]+")


def import_note(raw_path: Path, *, project: Project) -> ImportReport:
    raw_path = Path(raw_path)
    stem = _checked_stem(raw_path)
    note = parse_note(raw_path)
    _check_note(note, raw_path)
    report = ImportReport(stem, source=str(raw_path))
    writes = Writes(project)
    raw_dest = _keep_raw(raw_path, writes, report)
    existing = Existing.load(project, stem)
    sections, empty_headings = split_sections(note)
    if not sections:
        raise SourceError(raw_path, note.body_start, "no text under any heading: nothing to import")
    plan = Planner(project, note, existing).plan(sections, empty_headings)
    report.add_plan(plan)
    if report.noop:
        return report
    writes.add_plan(plan)
    if report.raw_copied:
        writes.files[raw_dest] = raw_path.read_bytes()
    validate(writes, existing.topics)
    commit(writes)
    return report


def _checked_stem(raw_path: Path) -> str:
    """The note's name, which becomes an id and a URL."""
    if not raw_path.is_file():
        raise SourceError(raw_path, None, "no such file")
    if not _STEM.fullmatch(raw_path.stem):
        raise SourceError(
            raw_path,
            None,
            "rename the note: its name becomes an id and a URL (letters, digits, - and _ only)",
        )
    return raw_path.stem


def _check_note(note: RawNote, path: Path) -> None:
    """A note with nothing to import is an error, not an empty success."""
    if not any(line.strip() for line in note.lines):
        raise SourceError(path, 1, "the note is empty: nothing to import")
    if not any(b.kind != "front_matter" for b in note.blocks):
        raise SourceError(
            path,
            note.body_start - 1,
            f"the note has only front matter (lines 1-{note.body_start - 1}): nothing to import",
        )


def _keep_raw(raw_path: Path, writes: Writes, report: ImportReport) -> Path:
    """Where the note is kept verbatim (notes/raw/<stem>.txt), its manifest entry planned.
    A different note of that name already there is an error."""
    root, raw_dir = writes.project.root, writes.project.raw_dir
    raw_dest = raw_dir / f"{raw_path.stem}.txt"
    if raw_dest.exists():
        if raw_dest.read_bytes() != raw_path.read_bytes():
            raise SourceError(
                raw_path,
                None,
                f"{raw_dest.relative_to(root)} exists with different content; rename the new note",
            )
    else:
        report.raw_copied = True
    if raw_path.resolve().parent == raw_dir.resolve() and raw_path.suffix != ".txt":
        report.stray_copy = f"notes/raw/{raw_path.name}"
    manifest = load_manifest(raw_dir)
    if raw_dest.name not in manifest:
        manifest[raw_dest.name] = manifest_entry(raw_path.read_bytes())
        writes.files[manifest_path(raw_dir)] = manifest_text(manifest)
        report.manifest_added = True
    return raw_dest
