"""One error type for bad input: it always names the file and the line."""

from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


class SourceError(Exception):
    """Bad input in a source file; str() is one line: `path:line: problem`."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.path, self.line, self.problem = Path(path), line, problem
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.problem}"


def require_unique(items: Iterable[T], what: str, key, path, line) -> None:
    """SourceError at the second item whose `key` repeats an earlier one's (ids must be
    unique across the site), naming where the first is."""
    seen: dict[object, T] = {}
    for item in items:
        first = seen.setdefault(key(item), item)
        if first is not item:
            raise SourceError(
                path(item),
                line(item),
                f"duplicate {what} {key(item)!r} (first at {path(first).name}:{line(first)})",
            )
