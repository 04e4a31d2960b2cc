"""The note's code stays the note's: every line of a lesson shown as the note's code is
from the raw lines its sections name, or marked as the editor's.

A Python or shell lesson (`<name>.py`, not its check part, which is the editor's by
definition and shown folded as such) with `by: note` in snippets.yml may hold:
- lines found in the raw lines of the sections that show it, compared without whitespace
  (layout may change, code and comments may not);
- the editor's lines, marked: a line whose comment says `编者` (`# 编者：补上 x 的定义`), or
  a run of lines (up to a blank line) under a comment line that says `编者` or the
  importer's `导入时补充` (setup added on import).
An example the editor wrote as a whole is `by: editor`: its page labels it so.

On English pages a marked comment reads "Editor: ..." (comments.en.yml): checked too.
"""

import re

from torchkb.checks.authorship import problem
from torchkb.errors import Problem
from torchkb.rawnotes.text import read_text
from torchkb.sources import comments
from torchkb.sources.canonical import SnippetPart
from torchkb.sources.project import Project
from torchkb.sources.snippets import Snippet

MARKS = ("编者", "导入时补充")
ENGLISH_MARK = re.compile(r"\b(?:Editor|editor)\b|setup added on import")
_SPACE = re.compile(r"\s+")


def _squeeze(text: str) -> str:
    return _SPACE.sub("", text)


def shown_sources(project: Project) -> dict[str, str]:
    """Snippet id -> the raw lines of every section that shows it, whitespace removed."""
    lines = {stem: read_text(path).splitlines() for stem, path in project.raw_notes.items()}
    found: dict[str, list[str]] = {}
    for topic in project.topics:
        for section in topic.sections:
            refs = [p.id for p in section.parts("zh") if isinstance(p, SnippetPart)]
            text = [
                "\n".join(lines[src.note][src.start - 1 : src.end])
                for src in section.sources
                if src.note in lines
            ]
            for ref in refs:
                found.setdefault(ref, []).extend(text)
    return {ref: _squeeze("\n".join(parts)) for ref, parts in found.items()}


def unmarked_lines(code: str, raw: str) -> list[tuple[int, str]]:
    """(line number, text) of the lines neither in `raw` (squeezed) nor marked."""
    found, marked_run = [], False
    for number, line in enumerate(code.splitlines(), 1):
        if not line.strip():
            marked_run = False
            continue
        if any(mark in line for mark in MARKS):
            marked_run = marked_run or line.lstrip().startswith("#")
            continue
        if marked_run or _squeeze(line) in raw:
            continue
        found.append((number, line))
    return found


def check(project: Project) -> list[Problem]:
    raw = shown_sources(project)
    problems = []
    for snip in sorted(project.snippets.values(), key=lambda s: s.id):
        if snip.kind not in {"python", "shell"} or snip.id not in raw:
            continue
        if snip.meta.by == "note":
            code = snip.path.read_text(encoding="utf-8")
            for number, line in unmarked_lines(code, raw[snip.id]):
                problems.append(
                    problem(
                        snip.path,
                        number,
                        line,
                        "not the note's code (not in the raw lines its sections name): mark "
                        "it `# 编者：...`, move it to the check part, or set `by: editor`",
                    )
                )
        problems += _english_marks(snip)
    return problems


def _english_marks(snip: Snippet) -> list[Problem]:
    """An editor's mark keeps saying so in English."""
    zh = snip.path.read_text(encoding="utf-8").splitlines()
    en = comments.source(snip, "en").splitlines()
    return [
        problem(snip.path, n, e, "the English of an editor's mark must say `Editor:`")
        for n, (z, e) in enumerate(zip(zh, en, strict=False), 1)
        if "编者" in z and "#" in z and not ENGLISH_MARK.search(e)
    ]
