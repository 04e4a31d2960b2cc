"""Nothing lost: every non-blank line of every raw note is on a page or listed as dropped,
and so is every word of it.

A line counts as on a page when a section names it in `sources` and the line's text
(ignoring whitespace, Markdown punctuation and HTML tags) occurs in that section's
Chinese body, its snippets or its quoted note output. Small edits are tolerated there: at
least 85% of the line's character 6-grams must occur.

The words are held to more: each clause of the line (its text between punctuation, as the
author check compares it: letters, digits and a few operators, after the typo fixes of
notes/typo-fixes.yml, list and heading numbers left out) must occur in those sections
whole. A word left out on purpose (a trailing "参考" whose link was lost) is listed in
notes/dropped with `words`, and is the only text of its line that may be missing.
"""

import re
import unicodedata
from pathlib import Path

from torchkb.checks.authorship import load_typo_fixes, without_markup
from torchkb.checks.authorship import normalise as words_only
from torchkb.errors import Problem, SourceError
from torchkb.sources.canonical import NoteOutputPart, Section, SnippetPart, TextPart
from torchkb.sources.project import Project
from torchkb.sources.schema import DroppedEntry

_TAG = re.compile(r"</?[a-zA-Z][^<>\n]*>")
_NOISE = re.compile(r"[\s*_`#>|\\\-=~:：\[\]()（）!]+")
NGRAM = 6
MIN_SHARE = 0.85
MIN_CLAUSE = 2  # a clause of one character ("1", "a") says nothing about the author's words

_FENCE_LINE = re.compile(r"^\s*(`{3,}|~{3,})[\w+-]*\s*$", re.M)
# list markers and heading numbers ("1\\.", "## ３.", "1、", "a.") are layout
_NUMBERING = re.compile(r"^\s*(?:#+\s*)?(?:\\?>\s*)*\**(?:[\d０-９]+\\?[.)、]|[a-z]\.|[-*+])?\s*")
# a clause ends at any character that is not a letter, digit, space or kept operator
_CLAUSE_END = re.compile(r"[^\w\s+=%×÷]|_")


def normalise(text: str) -> str:
    """Text without markup: fence lines, HTML tags, Markdown punctuation, whitespace;
    full-width punctuation as its half-width form (NFKC: the width of a comma is the
    typography check's business, not whether the line is on the page)."""
    text = unicodedata.normalize("NFKC", text)
    return _NOISE.sub("", _TAG.sub("", _FENCE_LINE.sub("", text))).lower()


def _grams(text: str) -> set[str]:
    return {text[i : i + NGRAM] for i in range(max(len(text) - NGRAM + 1, 1))}


def _problem(note: str, line: int, text: str, why: str) -> Problem:
    """A raw note's line the pages lose: `about` is the note's stem, `text` the line."""
    path = Path(f"notes/raw/{note}.txt")
    return Problem(path, line, f"{why}: {text.strip()[:70]}", about=note, text=text)


def _section_text(section: Section, project: Project, *, authors_only: bool = False) -> str:
    """What a reader sees of a section, in Chinese: body, snippets, quoted output; with
    `authors_only`, the body without its editor blocks (an editor's "参考" does not stand
    for the one the author wrote)."""
    if authors_only:
        body = "\n".join("\n".join(p.lines) for p in section.parts("zh") if isinstance(p, TextPart))
    else:
        body = section.text["zh"]["body"]
    parts = [section.text["zh"]["title"], body]
    snippets = project.snippets_dir
    for part in section.parts("zh"):
        if isinstance(part, SnippetPart):
            arg = part.ref
            for path in snippets.glob(arg + "*") if "." not in arg else [snippets / arg]:
                if path.is_file() and path.suffix in {".py", ".sh", ".yaml", ".yml", ".txt"}:
                    parts.append(path.read_text(encoding="utf-8"))
        elif isinstance(part, NoteOutputPart):
            parts.append("\n".join(part.quote(project.raw_dir)))
    return "\n".join(parts)


def clauses(line: str) -> list[str]:
    """The line's clauses as the author check compares text, numbering left out."""
    pieces = _CLAUSE_END.split(without_markup(_NUMBERING.sub("", line, count=1)))
    return [c for c in map(words_only, pieces) if len(c) >= MIN_CLAUSE]


def _claimed(project: Project, lines_of: dict[str, list[str]]) -> dict[tuple[str, int], list]:
    claimed: dict[tuple[str, int], list[Section]] = {}
    for topic in project.topics:
        for section in topic.sections:
            for src in section.sources:
                if src.note not in lines_of:
                    raise SourceError(section.path, section.line, f"no raw note {src.note}")
                if src.end > len(lines_of[src.note]):
                    raise SourceError(
                        section.path,
                        section.line,
                        f"{src.note} has {len(lines_of[src.note])} lines, sources say {src.end}",
                    )
                for n in range(src.start, src.end + 1):
                    claimed.setdefault((src.note, n), []).append(section)
    return claimed


def _dropped_words(
    entries: list[DroppedEntry], lines_of: dict[str, list[str]]
) -> dict[tuple[str, int], list[str]]:
    """(note, line) -> the words dropped from it; an entry whose words are on none of its
    lines is a SourceError (it would excuse nothing, or the wrong words)."""
    found: dict[tuple[str, int], list[str]] = {}
    for item in entries:
        if item.words is None:
            continue
        span = range(item.lines[0], item.lines[1] + 1)
        if not any(
            item.words in lines_of[item.note][n - 1] for n in span if n <= len(lines_of[item.note])
        ):
            raise SourceError(
                item.path,
                item.yaml_line,
                f"{item.words!r} is on none of {item.note} {list(item.lines)}",
            )
        for n in span:
            found.setdefault((item.note, n), []).append(item.words)
    return found


def check(project: Project) -> list[Problem]:
    lines_of = {stem: project.raw_lines(stem) for stem in project.raw_notes}
    claimed = _claimed(project, lines_of)
    dropped: set[tuple[str, int]] = set()
    for item in project.dropped:
        if item.note not in lines_of:
            raise SourceError(item.path, item.yaml_line, f"no raw note {item.note}")
        if item.words is None:
            dropped.update((item.note, n) for n in range(item.lines[0], item.lines[1] + 1))
    dropped_words = _dropped_words(project.dropped, lines_of)
    fixes = load_typo_fixes(project.root)

    seen_text: dict[int, tuple[str, set[str], str]] = {}
    problems = []
    for stem, lines in lines_of.items():
        for n, line in enumerate(lines, 1):
            target = normalise(line)
            if not target or (stem, n) in dropped:
                continue
            sections = claimed.get((stem, n))
            if not sections:
                problems.append(_problem(stem, n, line, "not on any page and not dropped"))
                continue
            key = id(sections[0]) if len(sections) == 1 else hash(tuple(map(id, sections)))
            if key not in seen_text:
                hay = normalise("\n".join(_section_text(s, project) for s in sections))
                authors = "\n".join(_section_text(s, project, authors_only=True) for s in sections)
                seen_text[key] = (hay, _grams(hay), words_only(authors))
            hay, grams, words = seen_text[key]
            ids = ", ".join(s.id for s in sections)
            if target not in hay:
                wanted = _grams(target)
                if len(wanted & grams) / len(wanted) < MIN_SHARE:
                    problems.append(
                        _problem(stem, n, line, f"in sources of {ids} but not on the page")
                    )
                    continue
            for fix in fixes:
                if fix.note == stem:
                    line = line.replace(fix.raw, fix.fixed)
            for left_out in dropped_words.get((stem, n), []):
                line = line.replace(left_out, " ")
            missing = [c for c in clauses(line) if c not in words]
            if missing:
                problems.append(
                    _problem(stem, n, line, f"words of it are not on the page of {ids}: {missing}")
                )
    return problems
