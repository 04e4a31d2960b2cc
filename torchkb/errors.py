"""One error type for bad input: it always names the file and the line."""

from pathlib import Path


class SourceError(Exception):
    """Bad input in a source file; str() is one line: `path:line: problem`."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.path, self.line, self.problem = Path(path), line, problem
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.problem}"
