"""syrupy extension that keeps a snippet's recorded output in `snippets/<topic>/<name>.out`.

`pytest --snapshot-update` (syrupy's own flag) rewrites the files from a real run. Each
snippet gets its own extension class (its folder, name and comparison rule). Snapshot
discovery is turned off: syrupy's clean-up of "unused" snapshots matches files to test
names, which this layout doesn't follow, so it must never delete anything here (a .out
whose snippet is gone is caught by tests/test_snippets.py instead).
"""

from pathlib import Path

from snippet_runner import comparable
from syrupy.data import SnapshotCollections
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class SnippetOutput(SingleFileSnapshotExtension):
    """Bytes on disk (so a '\\r' in a progress line survives), text in diffs."""

    file_extension = "out"
    _write_mode = WriteMode.BINARY
    folder: Path
    name: str
    deterministic: bool = True

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(cls.folder)

    @classmethod
    def discovery_dirname(cls, *, test_location) -> str:
        return str(cls.folder)

    @classmethod
    def get_snapshot_name(cls, *, test_location, index=0) -> str:
        return cls.name

    def discover_snapshots(self, *, test_location, ignore_extensions=None):
        return SnapshotCollections()

    def serialize(self, data, **_kwargs) -> bytes:
        return data.encode("utf-8") if isinstance(data, str) else bytes(data)

    def matches(self, *, serialized_data, snapshot_data) -> bool:
        return (comparable(_text(serialized_data), self.deterministic)
                == comparable(_text(snapshot_data), self.deterministic))

    def diff_lines(self, serialized_data, snapshot_data):
        return super().diff_lines(_text(serialized_data), _text(snapshot_data))


def _text(data: object) -> str:
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)


def extension_for(out_path: Path, deterministic: bool) -> type[SnippetOutput]:
    return type(f"SnippetOutput_{out_path.stem}", (SnippetOutput,), {
        "folder": out_path.parent, "name": out_path.stem, "deterministic": deterministic})
