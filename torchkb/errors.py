"""One problem type for bad input, and one error that carries it: both always name the
file and the line."""

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a source file, where it is; str() is one line: `path:line: message`
    (`path: message` without a line). The checks return lists of these; `SourceError`
    stops the build on one.

    The optional fields are for the callers that filter or act on the problems, never part
    of str(): `kind` is the rule that found it ("stale", "code names", ...), `about` the id
    of what it is about (a section, a snippet, a topic, a claim), `text` the source text at
    fault (a raw note's line, an author sentence, an untranslated comment)."""

    path: Path
    line: int | None
    message: str
    kind: str = ""
    about: str = ""
    text: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.message}"


class SourceError(Exception):
    """Bad input in a source file, as one `Problem` (`found`); str() is that problem's."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.found = Problem(Path(path), line, problem)
        super().__init__(str(self))

    @classmethod
    def of(cls, problem: Problem) -> "SourceError":
        """The error that stops the build on `problem` (its optional fields are kept)."""
        error = cls(problem.path, problem.line, problem.message)
        error.found = problem
        return error

    @property
    def path(self) -> Path:
        return self.found.path

    @property
    def line(self) -> int | None:
        return self.found.line

    @property
    def problem(self) -> str:
        """The message: what is wrong, without the place."""
        return self.found.message

    def __str__(self) -> str:
        return str(self.found)


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
