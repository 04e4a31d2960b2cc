"""Snippet discovery and metadata: the files under snippets/ and their snippets.yml.

Stable API (the generator, notebooks and tests import it; `torchkb.sources.project.Project`
loads the snippets of a tree once):

- `load_all(root) -> list[Snippet]` every snippet file under the snippets folder `root`,
  sorted by id. A snippet is `<topic>/<name>.<py|sh|yaml|yml|txt>`; not `<name>.out`
  (recorded output), not `<name>.<figure>.png|svg` (kept figures). English comments:
  `torchkb.sources.comments`. Bad metadata raises `torchkb.errors.SourceError(path, line,
  problem)`: snippets.yml that doesn't parse or doesn't fit `torchkb.sources.schema.SnippetMeta`,
  an entry for a file that doesn't exist.
- `Snippet`: `id` ("<topic>/<name>"), `path`, `kind` (python | shell | yaml | text, from
  the extension), `meta` (its snippets.yml entry, a `SnippetMeta`: title, needs, packages,
  expect_exception, timeout, skip, deterministic_output, output_per_device; all defaults
  when the file has no entry).
- `output_path(s)`: `snippets/<topic>/<name>.out`; `load_output(s)`: its text, or None
  before the first recorded run.
- `code_sha256(path)`: hex SHA-256 of the snippet's code, its check part included (what
  records are keyed on). Which records are current: `torchkb.sources.evidence`.
- A Python snippet is a lesson, `<name>.py` (what a page shows and a reader copies), and
  optionally its check part, `<name>.check.py`: the editor's asserts and the proof verdict,
  run after the lesson in the same namespace (`torchkb.verify.runner`).
- `figures(s)`: the kept figures `snippets/<topic>/<name>.<file>.png|svg`.
- `snippet_id(ref)`: the id a page's `@snippet` / a claim's `snippet:` reference names.
"""

from dataclasses import dataclass, field
from pathlib import Path

from torchkb.errors import SourceError
from torchkb.sources import records, schema
from torchkb.sources.schema import SnippetMeta, load_yaml

KINDS = {".py": "python", ".sh": "shell", ".yaml": "yaml", ".yml": "yaml", ".txt": "text"}


@dataclass
class Snippet:
    id: str
    path: Path
    kind: str
    meta: SnippetMeta = field(default_factory=SnippetMeta)


def _is_snippet(path: Path) -> bool:
    # exactly one dot: `name.py`; `name.out`, `name.fig.png`, `comments.en.yml` are not
    return (
        path.is_file()
        and path.suffix in KINDS
        and path.name.count(".") == 1
        and path.name != "snippets.yml"
    )


def load_meta(folder: Path) -> dict[str, SnippetMeta]:
    """The entries of `folder/snippets.yml` by file name; each names an existing file."""
    path = folder / "snippets.yml"
    data = (load_yaml(path) if path.exists() else None) or {}
    entries = schema.validate(schema.SNIPPETS_FILE, data, path)
    for name in entries:
        if not (folder / name).is_file():
            raise SourceError(path, data.key_lines[name], f"{name}: no such snippet file")
    return {name: entry or SnippetMeta() for name, entry in entries.items()}


def load_all(root: Path) -> list[Snippet]:
    """Every snippet under the snippets folder `root`, sorted by id."""
    found = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.exists() else []:
        entries = load_meta(folder)
        for path in sorted(folder.iterdir()):
            if not _is_snippet(path):
                continue
            found.append(
                Snippet(
                    f"{folder.name}/{path.stem}",
                    path,
                    KINDS[path.suffix],
                    entries.get(path.name) or SnippetMeta(),
                )
            )
    return found


def output_path(snippet: Snippet) -> Path:
    """The recorded output a page shows: the run on the snippet's own device."""
    return records.output_path(snippet.path, None, snippet.meta.needs)


def load_output(snippet: Snippet) -> str | None:
    """The recorded output of a snippet (`<name>.out`), or None before its first run."""
    path = output_path(snippet)
    return path.read_text(encoding="utf-8") if path.exists() else None


def code_sha256(path: Path) -> str:
    """The snippet's code as records key it: the lesson and its check part (`records`)."""
    return records.code_sha256(path)


def figure_path(snippet: Snippet, filename: str) -> Path:
    """Where a figure the snippet wrote as `filename` is kept: `<name>.<filename>`."""
    return snippet.path.with_name(f"{snippet.path.stem}.{filename}")


def figures(snippet: Snippet) -> list[Path]:
    prefix = snippet.path.stem + "."
    return sorted(
        p
        for p in snippet.path.parent.iterdir()
        if p.name.startswith(prefix)
        and p.suffix in records.FIGURE_SUFFIXES
        and p.name.count(".") == 2
    )


def snippet_id(ref: str) -> str:
    """`tensors/view.py` (a reference with its extension) -> `tensors/view`."""
    topic, _, name = ref.rpartition("/")
    return f"{topic}/{name.split('.', 1)[0]}" if topic else name.split(".", 1)[0]
