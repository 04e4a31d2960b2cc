"""A finding of a check about one named thing in a source file (a claim, a title, a
comment): where, what, and why, as one `file:line: what: why` line."""

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Finding:
    path: Path
    line: int | None
    where: str  # what the finding is about: a claim id, `<section>.title`, "comment"
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line or 1}: {self.where}: {self.why}"
