"""The editor's Chinese follows the Chinese copywriting conventions (spaces between Han
and Latin letters or digits, full-width punctuation in Chinese sentences), checked with
autocorrect (autocorrect-py, a maintained linter of those conventions).

The editor's Chinese: editor blocks (`!!! editor "编者注"`) in the zh bodies of
notes/topics, the claims register's zh explanations and the zh claim texts the editor
wrote (a claim text that is the note's own words is the author's: left as written), the
snippets' zh titles, Chinese reasons in notes/dropped, and the site's own zh UI strings.
The author's text is not linted here: it changes only through notes/typo-fixes.yml
(tests/test_author_text.py).

autocorrect turns half-width punctuation into full-width only after a Han character
("更正: x" -> "更正：x"); two rules of the same conventions it leaves alone are added:
half-width , ; : ! ? before a Han character ("OpenCL, 现阶段" -> "OpenCL，现阶段") and
half-width parentheses around Chinese ("(通过 HIP)" -> "（通过 HIP）").
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from pathlib import Path

import autocorrect_py
import pytest

from torchkb.checks.authorship import normalise
from torchkb.sources.canonical import EditorNotePart
from torchkb.sources.project import Project
from torchkb.sources.schema import ClaimEntry
from torchkb.sources.ui import strings

ROOT = Path(__file__).resolve().parent.parent
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"

# What the added rules must not read: code, link targets, HTML tags, Material's icon
# shortcodes, `{...}` attribute lists and placeholders
_NOT_PROSE = re.compile(
    r"`+[^`\n]*`+|\]\([^)\s]*\)|<[^<>\n]*>|:[a-z0-9]+(?:-[a-z0-9]+)+:|\{[^{}\n]*\}"
)
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# (not the colon of Python's `with torch.no_grad():`, which a claim may quote unmarked)
_HALF_BEFORE_HAN = re.compile(rf"(?<!\(\))[,;:!?] *[{HAN}]")
_HALF_AFTER_HAN = re.compile(rf"[{HAN}] *[,;:!?](?!\S)")
_PARENS_AROUND_HAN = re.compile(rf"\([^()\n]*[{HAN}][^()\n]*\)")


def prose_lines(markdown: str) -> list[tuple[int, str]]:
    """(1-based line, text) of the lines outside code fences, code, links and tags."""
    out, fence = [], ""
    for n, line in enumerate(markdown.splitlines(), 1):
        if m := _FENCE.match(line):
            marker = m.group(1)
            if not fence:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence):
                fence = ""
            continue
        if not fence:
            out.append((n, _NOT_PROSE.sub(" ", line)))
    return out


def findings(markdown: str) -> list[str]:
    """What autocorrect and the two added rules find in one piece of Markdown:
    `line N: found -> wanted` (autocorrect) or `line N: found (rule)`."""
    found = [
        f"line {r.line}: {r.old.strip()!r} -> {r.new.strip()!r}"
        for r in autocorrect_py.lint_for(markdown, "md").lines
    ]
    for n, line in prose_lines(markdown):
        for rule, pattern in (
            ("half-width punctuation before Chinese", _HALF_BEFORE_HAN),
            ("half-width punctuation after Chinese", _HALF_AFTER_HAN),
            ("half-width parentheses around Chinese", _PARENS_AROUND_HAN),
        ):
            found += [f"line {n}: {m.group(0)!r} ({rule})" for m in pattern.finditer(line)]
    return found


def has_han(text: str) -> bool:
    return re.search(f"[{HAN}]", text) is not None


@cache
def _raw_lines(project_root: Path, stem: str) -> tuple[str, ...]:
    return tuple((project_root / "notes" / "raw" / f"{stem}.txt").read_text("utf-8").splitlines())


_CLAUSE_END = re.compile(r"[,，;；:：。()（）]")


def is_the_notes_words(claim: ClaimEntry, project_root: Path) -> bool:
    """Whether a claim text quotes the note (the author's words, left as written) rather
    than restating it: compared as the author check compares (without spaces,
    punctuation, Markdown), each clause occurs in the note, or 80% of its characters
    occur in order in the note's lines around the claim's line."""
    lines = _raw_lines(project_root, claim.note)
    text, whole = normalise(claim.claim.zh), normalise("\n".join(lines))
    if all(normalise(c) in whole for c in _CLAUSE_END.split(claim.claim.zh)):
        return True
    first = max(0, (claim.line or 1) - 3)
    near = normalise("\n".join(lines[first : (claim.line or len(lines)) + 2]))
    blocks = difflib.SequenceMatcher(None, text, near, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks) >= 0.8 * len(text)


def editor_chinese(project: Project) -> list[tuple[str, str]]:
    """(where, Markdown) of every piece of the editor's Chinese."""
    out: list[tuple[str, str]] = []
    rel = project.root
    for topic in project.topics:
        for section in topic.sections:
            for part in section.parts("zh"):
                if isinstance(part, EditorNotePart):
                    where = f"{section.path.relative_to(rel)}:{part.line}"
                    out.append((f"{where} (editor block)", "\n".join(part.body)))
                    if part.title:
                        out.append((f"{where} (editor block title)", part.title))
    for claim in project.claims:
        where = f"{claim.path.relative_to(rel)}:{claim.yaml_line} ({claim.id}"
        if not is_the_notes_words(claim, project.root):
            out.append((f"{where} claim.zh)", claim.claim.zh))
        if claim.explanation:
            out.append((f"{where} explanation.zh)", claim.explanation.zh))
    for entry in project.dropped:
        # most reasons are English quoting the note's Chinese: only Chinese reasons
        latin = len(re.findall(r"[A-Za-z]", entry.reason))
        if len(re.findall(f"[{HAN}]", entry.reason)) > latin:
            where = f"{entry.path.relative_to(rel)} ({entry.note} {entry.lines})"
            out.append((where, entry.reason))
    for snippet in project.snippets.values():
        where = f"snippets/{snippet.id.split('/')[0]}/snippets.yml ({snippet.path.name}"
        out.append((f"{where} title.zh)", snippet.meta.title.zh))
    for group, texts in strings("zh").items():
        for key, text in texts.items():
            out.append((f"torchkb/sources/ui/zh.yml ({group}.{key})", text))
    return out


@pytest.fixture(scope="module")
def pieces() -> list[tuple[str, str]]:
    return editor_chinese(Project(ROOT))


def test_the_editor_chinese_is_found(pieces: list[tuple[str, str]]) -> None:
    """The collection reaches every kind of source (a collector that found nothing would
    let any text pass)."""
    kinds = {"(editor block)", "claim.zh)", "explanation.zh)", "title.zh)", "ui/zh.yml"}
    for kind in kinds:
        assert any(kind in where for where, _ in pieces), f"no editor's Chinese from {kind}"
    assert sum(has_han(text) for _, text in pieces) > 300


def test_editor_chinese_follows_the_copywriting_conventions(
    pieces: list[tuple[str, str]],
) -> None:
    problems = [f"{where}: {f}" for where, text in pieces for f in findings(text)]
    assert not problems, f"{len(problems)} findings:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "bad",
    [
        "更正: AMD 的 GPU 编程接口采用 OpenCL",  # half-width colon after Han (autocorrect)
        "编程接口采用OpenCL",  # no space between Han and Latin (autocorrect)
        "大约 3倍",  # no space between a digit and Han (autocorrect)
        "采用 OpenCL, 现阶段 PyTorch 并不支持",  # comma before Han (added rule)
        "设备名; 用 `torch.version.hip` 区分",  # semicolon after Han (added rule)
        "ROCm 版本 (通过 HIP) 可用",  # parentheses around Chinese (added rule)
        "编者注\n\n```text\n代码块外：x\n```\n\n修复:重新运行",  # after a fence, still read
    ],
)
def test_a_planted_bad_string_is_found(bad: str) -> None:
    assert findings(bad), f"not found: {bad!r}"


@pytest.mark.parametrize(
    "good",
    [
        "更正：AMD 的 GPU 编程接口采用 OpenCL，现阶段 PyTorch 并不支持",
        "ROCm 版本（通过 HIP，不是 OpenCL）沿用 `torch.cuda`",
        "乘加次数 (MACs)：见 [文档](https://pytorch.org/docs/a,b:c)",
        "```text\nRuntimeError: 张量, 不在代码块外\n```",  # code is not prose
        "报错 `x(3, 4)` 与 TypeError: batch must contain tensors",
    ],
)
def test_conventional_text_passes(good: str) -> None:
    assert not findings(good)
