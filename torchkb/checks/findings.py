"""A finding of a check about one named thing in a source file (a claim, a title, a
comment): where, what, and why, as one `file:line: what: why` line."""

from pathlib import Path

from torchkb.errors import Problem


def finding(path: Path, line: int | None, where: str, why: str) -> Problem:
    """`why` is wrong with `where` (a claim id, `<section>.title`, "comment"), which is
    the problem's `about`; a finding without a line points at the file's first."""
    return Problem(path, line or 1, f"{where}: {why}", about=where)
