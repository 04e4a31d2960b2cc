"""notes/errors.yml: the editor's cause and fix of each error on the error index.

The message of an entry comes from elsewhere (the recorded run of the snippet that raises
it, or the section that quotes it); this file holds only the editor's two lines about it,
in both languages. Entries are validated by `schema.ErrorEntry`; whether each one still
names an error a page shows is checked where the index is made (torchkb.render.error_index),
since only the pages know that.
"""

from __future__ import annotations

from pathlib import Path

from torchkb.errors import require_unique
from torchkb.sources import schema

FILE = "errors.yml"


def load(notes: Path) -> tuple[Path, list[schema.ErrorEntry]]:
    """(the file, its entries); no file is no entries, so a checkout without errors is fine."""
    path = notes / FILE
    if not path.exists():
        return path, []
    data = schema.load_yaml(path) or []
    entries = schema.validate(schema.ERRORS, data, path)
    for entry, raw in zip(entries, data, strict=True):
        entry._key_lines = dict(getattr(raw, "key_lines", {}))
    require_unique(
        entries,
        "error entry",
        lambda e: e.snippet or e.quoted,
        lambda e: path,
        lambda e: e.yaml_line,
    )
    return path, entries
