"""notes/raw/MANIFEST.json: the SHA-256 and size of every raw note the importer kept."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from torchkb.errors import SourceError

MANIFEST = "MANIFEST.json"


def manifest_path(raw_dir: Path) -> Path:
    return raw_dir / MANIFEST


def load_manifest(raw_dir: Path) -> dict[str, dict]:
    """notes/raw/MANIFEST.json (`Project.raw_dir`): {"<stem>.txt": {"sha256": ..., "bytes":
    ...}}, written by the importer when it keeps a raw note; the tests check every raw note
    against it."""
    path = manifest_path(raw_dir)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SourceError(path, getattr(err, "lineno", None), f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise SourceError(path, 1, "expected a JSON object of file name -> {sha256, bytes}")
    return data


def manifest_entry(data: bytes) -> dict:
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def manifest_text(manifest: dict[str, dict]) -> str:
    return json.dumps(dict(sorted(manifest.items())), indent=1, sort_keys=True) + "\n"


def manifest_problems(raw_dir: Path) -> list[str]:
    """Raw notes that differ from the manifest, and files in notes/raw/ it does not list."""
    folder = raw_dir
    manifest = load_manifest(raw_dir)
    problems = []
    for path in sorted(folder.iterdir()):
        if path.name == MANIFEST or path.is_dir():
            continue
        entry = manifest.get(path.name)
        if entry is None:
            problems.append(
                f"notes/raw/{path.name}: not in {MANIFEST} (import notes with "
                "`python -m torchkb import`; raw notes are .txt)"
            )
        elif manifest_entry(path.read_bytes()) != entry:
            problems.append(
                f"notes/raw/{path.name}: changed since it was imported (raw notes "
                "are kept verbatim)"
            )
    problems += [
        f"notes/raw/{MANIFEST}: lists {name}, which is missing"
        for name in sorted(manifest)
        if not (folder / name).exists()
    ]
    return problems
