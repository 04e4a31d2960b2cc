"""The author's words stay the author's: a zh body is the raw note's text, except editor blocks.

Outside `!!! editor` blocks and directive lines, every sentence of a section's Chinese body
must occur in the raw lines its `sources` name, compared without whitespace, punctuation,
Markdown markup and link targets (formatting may change, words and numbers may not). The
only word changes allowed are the typo fixes listed, with a reason each, in
`notes/typo-fixes.yml`; they are applied to the raw text before comparing.
"""

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from torchkb.errors import Problem, SourceError
from torchkb.sources import schema
from torchkb.sources.canonical import Section, TextPart, load_yaml
from torchkb.sources.project import Project

_FENCE_LINE = re.compile(r"^\s*(`{3,}|~{3,})")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)|<https?://[^>\s]*>|https?://[^\s)>\]]+")
_TAG = re.compile(r"</?[a-zA-Z][^<>\n]*>")
# list markers and heading numbers ("1\\.", "## 2.") are layout: the editor may renumber
_LIST_MARK = re.compile(r"^\s*(?:#+\s*)?(?:\\?>\s*)*\**(?:(?:\d+\\?[.)]|[-*+])\s+)?")
# a sentence ends at Chinese/Western full stops, question/exclamation marks and semicolons
_SENTENCE_END = re.compile(r"(?<=[。！？；])|(?<=[.!?;])(?=\s)")
MIN_CHARS = 2  # shorter pieces ("1", "a") say nothing about the author's words


# operators that change a statement's meaning (1+2 vs 1=2) stay; "-", "*", "<", ">" are
# also Markdown (lists, emphasis, quotes, arrows) and go with the rest of the punctuation
_KEPT = set("+=%×÷")


def without_markup(text: str) -> str:
    """NFKC text without link targets (the link text stays) and HTML tags."""
    return _TAG.sub("", _LINK_TARGET.sub("]", unicodedata.normalize("NFKC", text)))


def normalise(text: str) -> str:
    """Letters, digits, CJK characters and a few operators, lower case, NFKC."""
    text = without_markup(text)
    return "".join(ch for ch in text.lower() if unicodedata.category(ch)[0] in "LN" or ch in _KEPT)


@dataclass(frozen=True)
class TypoFix:
    note: str
    raw: str
    fixed: str
    reason: str
    line: int  # in typo-fixes.yml


def load_typo_fixes(root: Path) -> list[TypoFix]:
    path = root / "notes" / "typo-fixes.yml"
    if not path.exists():
        return []
    entries = schema.validate(schema.TYPO_FIXES, load_yaml(path) or [], path)
    return [TypoFix(e.note, e.raw, e.fixed, e.reason, e.yaml_line) for e in entries]


def author_lines(section: Section) -> list[tuple[int, str]]:
    """(file line, text) of the zh lines that claim to be the author's: not in an editor
    block, not a directive (torchkb.sources.canonical parts), not a code fence line."""
    return [
        (part.line + k, line)
        for part in section.parts("zh")
        if isinstance(part, TextPart)
        for k, line in enumerate(part.lines)
        if not _FENCE_LINE.match(line)
    ]


def sentences(line: str) -> list[str]:
    line = _LIST_MARK.sub("", line)
    return [s for s in _SENTENCE_END.split(line) if len(normalise(s)) >= MIN_CHARS]


def problem(path: Path, line: int, text: str, why: str) -> Problem:
    """Text at `path:line` that is not the author's: `text` is it, shown after `why`."""
    return Problem(path, line, f"{why}: {text.strip()[:80]}", text=text)


def check(project: Project) -> list[Problem]:
    """Every author sentence of every zh body, not found in its provenance lines."""
    raw = {p.stem: p.read_text(encoding="utf-8").splitlines() for p in project.raw_notes.values()}
    fixes = load_typo_fixes(project.root)
    used: set[TypoFix] = set()
    problems = []
    for topic in project.topics:
        for section in topic.sections:
            source_text = []
            for src in section.sources:
                if src.note not in raw:
                    raise SourceError(section.path, section.line, f"no raw note {src.note}")
                for text in raw[src.note][src.start - 1 : src.end]:
                    for fix in fixes:
                        if fix.note == src.note and fix.raw in text:
                            text = text.replace(fix.raw, fix.fixed)
                            used.add(fix)
                    source_text.append(_LIST_MARK.sub("", text))
            hay = normalise("\n".join(source_text))
            for line_no, line in author_lines(section):
                for sentence in sentences(line):
                    if normalise(sentence) not in hay:
                        problems.append(
                            problem(
                                section.path,
                                line_no,
                                sentence,
                                f"{section.id}: not the author's text (not in its sources; mark "
                                "the editor's words with `!!! editor`)",
                            )
                        )
    fixes_path = project.notes / "typo-fixes.yml"
    for fix in fixes:
        if fix not in used:
            problems.append(
                problem(
                    fixes_path, fix.line, fix.raw, "typo fix never applies to a section's sources"
                )
            )
    return problems
