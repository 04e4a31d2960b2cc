"""Snippet discovery and metadata: the files under snippets/ and their snippets.yml.

API: load_all() -> list[Snippet]; output_path(s); load_output(id); load_verification();
code_sha256(path); figures(s).
"""

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import torchkb
from torchkb.canonical import load_yaml
from torchkb.errors import SourceError

KINDS = {".py": "python", ".sh": "shell", ".yaml": "yaml", ".yml": "yaml", ".txt": "text"}


@dataclass
class Snippet:
    id: str
    path: Path
    en_path: Path | None
    kind: str
    meta: dict = field(default_factory=dict)


def _is_snippet(path: Path) -> bool:
    return (path.suffix in KINDS and ".en." not in path.name and path.name != "snippets.yml"
            and not path.name.endswith(".out"))


def load_all(root: Path | None = None) -> list[Snippet]:
    root = root or torchkb.SNIPPETS
    found = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.exists() else []:
        meta_path = folder / "snippets.yml"
        meta = load_yaml(meta_path) if meta_path.exists() else {}
        meta = meta or {}
        for name, entry in meta.items():
            if name != "__line__" and not (folder / name).exists():
                line = entry.get("__line__") if isinstance(entry, dict) else None
                raise SourceError(meta_path, line, f"{name}: no such snippet file")
        for path in sorted(folder.iterdir()):
            if not path.is_file() or not _is_snippet(path) or path.name.count(".") > 1:
                continue
            en = path.with_name(f"{path.stem}.en{path.suffix}")
            entry = dict(meta.get(path.name) or {})
            found.append(Snippet(f"{folder.name}/{path.stem}", path, en if en.exists() else None,
                                 KINDS[path.suffix], entry))
    return found


def output_path(snippet: Snippet) -> Path:
    return snippet.path.with_name(snippet.path.stem + ".out")


def load_output(snippet_id: str) -> str | None:
    """The recorded output of `<topic>/<name>`, or None before its first recorded run."""
    path = torchkb.SNIPPETS / f"{snippet_id}.out"
    return path.read_text(encoding="utf-8") if path.exists() else None


def load_verification() -> dict:
    records = {}
    for kind in ("cpu", "gpu"):
        path = torchkb.VERIFICATION / f"{kind}.json"
        records[kind] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return records


def code_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def figures(snippet: Snippet) -> list[Path]:
    prefix = snippet.path.stem + "."
    return sorted(p for p in snippet.path.parent.iterdir()
                  if p.name.startswith(prefix) and p.suffix in {".png", ".svg"})
