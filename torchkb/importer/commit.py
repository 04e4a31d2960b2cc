"""Checking the planned files, then writing them all or none.

The would-be topic files are loaded by the canonical loader from a temporary copy before
the first byte is written; a failed write puts back what was there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import yaml

from torchkb.errors import SourceError
from torchkb.importer.files import Writes
from torchkb.sources.canonical import Topic, load_topic


def validate(writes: Writes, topics: list[Topic]) -> None:
    """Load the would-be topic files with the canonical loader (only the changed ones: the
    others were loaded already), keep section ids unique, and parse the other YAML."""
    topics_dir = writes.project.topics_dir
    changed = {p: t for p, t in writes.files.items() if p.parent == topics_dir}
    ids = {s.id: t.path for t in topics if t.path not in changed for s in t.sections}
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in changed.items():
            _check_topic(path, str(text), Path(tmp), ids)
    for path, text in writes.files.items():
        if path.suffix == ".yml" and path.parent != topics_dir:
            try:
                yaml.safe_load(text)
            except yaml.YAMLError as err:
                raise SourceError(path, None, f"generated YAML does not parse: {err}") from None


def _check_topic(path: Path, text: str, tmp: Path, ids: dict[str, Path]) -> None:
    copy = tmp / path.name
    copy.write_text(text, encoding="utf-8")
    try:
        topic = load_topic(copy)
    except SourceError as err:  # name the real file, not the temporary copy
        raise SourceError(path, err.line, err.problem) from None
    for section in topic.sections:
        if ids.setdefault(section.id, path) != path:
            raise SourceError(
                path,
                section.line,
                f"duplicate section id {section.id!r} (also in {ids[section.id].name})",
            )


def commit(writes: Writes) -> None:
    """Write every file through a temporary sibling; on failure put the old state back."""
    before: dict[Path, bytes | None] = {}
    made_dirs: list[Path] = []
    try:
        for path, content in writes.files.items():
            _make_parents(path, made_dirs)
            before[path] = path.read_bytes() if path.exists() else None
            data = content.encode("utf-8") if isinstance(content, str) else content
            tmp = path.with_name(f".{path.name}.importing")
            tmp.write_bytes(data)
            os.replace(tmp, path)
    except BaseException:
        _restore(before, made_dirs)
        raise


def _make_parents(path: Path, made_dirs: list[Path]) -> None:
    missing = [p for p in [path.parent, *path.parent.parents] if not p.exists()]
    for d in reversed(missing):
        d.mkdir()
        made_dirs.append(d)


def _restore(before: dict[Path, bytes | None], made_dirs: list[Path]) -> None:
    for path, old in before.items():
        if old is None:
            path.unlink(missing_ok=True)
        else:
            path.write_bytes(old)
    for d in reversed(made_dirs):
        shutil.rmtree(d, ignore_errors=True)
