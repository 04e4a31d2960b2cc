"""Nothing lost: every non-blank line of every raw note is on a page or listed as dropped.

A line counts as on a page when a section names it in `sources` and the line's text
(ignoring whitespace, Markdown punctuation and HTML tags) occurs in that section's
Chinese body, its snippets or its quoted note output. Small edits are tolerated: at
least 85% of the line's character 6-grams must occur.
"""

import re
from dataclasses import dataclass

from torchkb.errors import SourceError
from torchkb.sources.canonical import NoteOutputPart, Section, SnippetPart
from torchkb.sources.project import Project

_TAG = re.compile(r"</?[a-zA-Z][^<>\n]*>")
_NOISE = re.compile(r"[\s*_`#>|\\\-=~:：\[\]()（）!]+")
NGRAM = 6
MIN_SHARE = 0.85


_FENCE_LINE = re.compile(r"^\s*(`{3,}|~{3,})[\w+-]*\s*$", re.M)


def normalise(text: str) -> str:
    """Text without markup: fence lines, HTML tags, Markdown punctuation, whitespace."""
    return _NOISE.sub("", _TAG.sub("", _FENCE_LINE.sub("", text))).lower()


def _grams(text: str) -> set[str]:
    return {text[i : i + NGRAM] for i in range(max(len(text) - NGRAM + 1, 1))}


@dataclass
class Problem:
    note: str
    line: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"notes/raw/{self.note}.txt:{self.line}: {self.why}: {self.text.strip()[:70]}"


def _section_text(section: Section, project: Project) -> str:
    """Everything of a section a reader sees, in Chinese: body, snippets, quoted output."""
    parts = [section.text["zh"]["title"], section.text["zh"]["body"]]
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


def check(project: Project) -> list[Problem]:
    lines_of = {stem: project.raw_lines(stem) for stem in project.raw_notes}
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
    dropped: set[tuple[str, int]] = set()
    for item in project.dropped:
        if item.note not in lines_of:
            raise SourceError(item.path, item.yaml_line, f"no raw note {item.note}")
        dropped.update((item.note, n) for n in range(item.lines[0], item.lines[1] + 1))

    seen_text: dict[int, tuple[str, set[str]]] = {}
    problems = []
    for stem, lines in lines_of.items():
        for n, line in enumerate(lines, 1):
            target = normalise(line)
            if not target or (stem, n) in dropped:
                continue
            sections = claimed.get((stem, n))
            if not sections:
                problems.append(Problem(stem, n, line, "not on any page and not dropped"))
                continue
            key = id(sections[0]) if len(sections) == 1 else hash(tuple(map(id, sections)))
            if key not in seen_text:
                hay = normalise("\n".join(_section_text(s, project) for s in sections))
                seen_text[key] = (hay, _grams(hay))
            hay, grams = seen_text[key]
            if target in hay:
                continue
            wanted = _grams(target)
            if len(wanted & grams) / len(wanted) >= MIN_SHARE:
                continue
            ids = ", ".join(s.id for s in sections)
            problems.append(Problem(stem, n, line, f"in sources of {ids} but not on the page"))
    return problems
