"""Snippet discovery and metadata: the files under snippets/ and their snippets.yml.

Stable API (the generator, notebooks and tests import it):

- `load_all(root=None) -> list[Snippet]` every snippet file under `root` (default
  `torchkb.SNIPPETS`, or `$TORCHKB_SNIPPETS_ROOT`), sorted by id. A snippet is
  `<topic>/<name>.<py|sh|yaml|yml|txt>`; not `<name>.out` (recorded output), not
  `<name>.<figure>.png|svg` (kept figures). English comments: `torchkb.comments`.
  Bad metadata raises `torchkb.errors.SourceError(path, line, problem)`: snippets.yml
  that doesn't parse, an entry for a file that doesn't exist, an unknown key.
- `Snippet`: `id` ("<topic>/<name>"), `path`, `kind` (python | shell | yaml | text, from
  the extension), `meta` (its snippets.yml
  entry: title, needs, packages, expect_exception, timeout, skip, deterministic_output).
- `output_path(s)`: `snippets/<topic>/<name>.out`; `load_output(id, root=None)`: its text,
  or None before the first recorded run.
- `load_verification(root=None) -> {"cpu": {...}, "cuda": {...}}` from verification/*.json
  (format: `torchkb.records`); `verification_dir(root)` is the folder beside `root`.
- `code_sha256(path)`: hex SHA-256 of the file's bytes (what records are keyed on).
- `figures(s)`: the kept figures `snippets/<topic>/<name>.<file>.png|svg`.
- `snippet_id(ref)`: the id a page's `@snippet` / a claim's `snippet:` reference names.
"""

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import torchkb
from torchkb import records
from torchkb.canonical import load_yaml
from torchkb.errors import SourceError

KINDS = {".py": "python", ".sh": "shell", ".yaml": "yaml", ".yml": "yaml", ".txt": "text"}
META_KEYS = {"title", "needs", "packages", "expect_exception", "timeout", "skip",
             "skip_zh", "deterministic_output", "output_per_device"}
NEEDS = {"cpu", "cuda", "cpu-only-build"}


@dataclass
class Snippet:
    id: str
    path: Path
    kind: str
    meta: dict = field(default_factory=dict)


def snippets_root(root: Path | None = None) -> Path:
    """`root`, else $TORCHKB_SNIPPETS_ROOT (the runner tests' temporary trees), else the
    project's snippets/."""
    if root is not None:
        return Path(root)
    env = os.environ.get("TORCHKB_SNIPPETS_ROOT")
    return Path(env) if env else torchkb.SNIPPETS


def verification_dir(root: Path | None = None) -> Path:
    """verification/ sits beside snippets/, so a test tree carries its own records."""
    root = snippets_root(root)
    return torchkb.VERIFICATION if root == torchkb.SNIPPETS else root.parent / "verification"


def _is_snippet(path: Path) -> bool:
    # exactly one dot: `name.py`; `name.out`, `name.fig.png`, `comments.en.yml` are not
    return (path.is_file() and path.suffix in KINDS and path.name.count(".") == 1
            and path.name != "snippets.yml")


def _check_entry(meta_path: Path, name: str, entry: object) -> dict:
    if entry is None:
        return {}
    if not isinstance(entry, dict):
        raise SourceError(meta_path, None, f"{name}: entry must be a mapping")
    line = entry.get("__line__")
    unknown = sorted(set(entry) - META_KEYS - {"__line__"})
    if unknown:
        raise SourceError(meta_path, line, f"{name}: unknown key {', '.join(unknown)} "
                          f"(known: {', '.join(sorted(META_KEYS))})")
    if "needs" in entry and entry["needs"] not in NEEDS:
        raise SourceError(meta_path, line, f"{name}: needs must be one of {sorted(NEEDS)}")
    expected = entry.get("expect_exception")
    if expected is not None and not (isinstance(expected, dict) and expected.get("type")):
        raise SourceError(meta_path, line, f"{name}: expect_exception needs a type")
    return {k: v for k, v in entry.items() if k != "__line__"}


def _strip_lines(value: object) -> object:
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value


def load_all(root: Path | None = None) -> list[Snippet]:
    root = snippets_root(root)
    found = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.exists() else []:
        meta_path = folder / "snippets.yml"
        meta = load_yaml(meta_path) if meta_path.exists() else {}
        meta = meta or {}
        if not isinstance(meta, dict):
            raise SourceError(meta_path, None, "must be a mapping of file name -> metadata")
        entries = {}
        for name, entry in meta.items():
            if name == "__line__":
                continue
            checked = _check_entry(meta_path, name, entry)
            if not (folder / name).is_file():
                line = entry.get("__line__") if isinstance(entry, dict) else None
                raise SourceError(meta_path, line, f"{name}: no such snippet file")
            entries[name] = _strip_lines(checked)
        for path in sorted(folder.iterdir()):
            if not _is_snippet(path):
                continue
            found.append(Snippet(f"{folder.name}/{path.stem}", path, KINDS[path.suffix],
                                 dict(entries.get(path.name) or {})))
    return found


def output_path(snippet: Snippet) -> Path:
    """The recorded output a page shows: the run on the snippet's own device."""
    return records.output_path(snippet.path, None, snippet.meta.get("needs"))


def load_output(snippet_id: str, root: Path | None = None) -> str | None:
    """The recorded output of `<topic>/<name>`, or None before its first recorded run."""
    path = snippets_root(root) / f"{snippet_id}.out"
    return path.read_text(encoding="utf-8") if path.exists() else None


def load_verification(root: Path | None = None) -> dict[str, dict[str, dict]]:
    return records.load_records(verification_dir(root))


def code_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def figure_path(snippet: Snippet, filename: str) -> Path:
    """Where a figure the snippet wrote as `filename` is kept: `<name>.<filename>`."""
    return snippet.path.with_name(f"{snippet.path.stem}.{filename}")


def figures(snippet: Snippet) -> list[Path]:
    prefix = snippet.path.stem + "."
    return sorted(p for p in snippet.path.parent.iterdir()
                  if p.name.startswith(prefix) and p.suffix in records.FIGURE_SUFFIXES
                  and p.name.count(".") == 2)


def snippet_id(ref: str) -> str:
    """`tensors/view.py` (a reference with its extension) -> `tensors/view`."""
    topic, _, name = ref.rpartition("/")
    return f"{topic}/{name.split('.', 1)[0]}" if topic else name.split(".", 1)[0]
