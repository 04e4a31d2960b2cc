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

import re
import shutil
from functools import cache
from pathlib import Path

import autocorrect_py
import pytest

from torchkb.checks import code_authorship
from torchkb.cjk import HAN_CHARS
from torchkb.sources import comments, error_notes
from torchkb.sources.canonical import EditorNotePart, Topic
from torchkb.sources.project import Project
from torchkb.sources.schema import ClaimEntry
from torchkb.sources.ui import strings

ROOT = Path(__file__).resolve().parent.parent
HAN = HAN_CHARS

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


# a claim text's clauses and the punctuation after each
_CLAUSES = re.compile(r"([^,，;；:：。!！?？、()（）]+)([,，;；:：。!！?？、()（）]?)")
# what a quotation may leave out of the note: spacing, emphasis, code marks, escapes,
# link brackets and targets, HTML tags
_LAYOUT = re.compile(r"\s+|\*\*|`|\\(?=[_#*])|\]\([^)\s]*\)|[\[\]]|</?[a-zA-Z][^<>\n]*>")


def is_the_notes_words(claim: ClaimEntry, project_root: Path) -> bool:
    """Whether a claim text quotes the note: each of its clauses, with the punctuation the
    claim puts after it, is in the note as written (spacing, emphasis and code marks
    aside). Such a text is the author's and keeps the author's punctuation; any other
    claim text is the editor's restatement and follows the conventions (so a note's
    `，` turned into `, ` is caught either way)."""
    note = _LAYOUT.sub("", "\n".join(_raw_lines(project_root, claim.note)))
    text = _LAYOUT.sub("", claim.claim.zh)
    return all(
        clause + mark in note or (not mark and clause in note)
        for clause, mark in _CLAUSES.findall(text)
        if clause
    )


def topic_text(topic: Topic, field: str) -> str:
    return getattr(topic, field)["zh"]


def editor_comments(project: Project) -> list[tuple[str, str, str]]:
    """(file, line, text) of every comment line the editor wrote in a snippet: the check
    parts, and in a lesson every Chinese comment that is not the note's (a comment that
    carries the editor's mark, or that the raw lines of the sections showing the snippet
    do not hold). The author's comments are left as written."""
    raw = code_authorship.shown_sources(project)
    out = []
    for snip in sorted(project.snippets.values(), key=lambda s: s.id):
        for path in comments.code_files(snip):
            check_part = path != snip.path
            code = path.read_text(encoding="utf-8")
            for comment in comments.find_comments(code, snip.kind, path):
                for offset, line in enumerate(comment.lines):
                    text = comments.MARKER.sub("", line, count=1)
                    if not has_han(text):
                        continue
                    marked = any(mark in line for mark in code_authorship.MARKS)
                    authors = _LAYOUT.sub("", text) in _LAYOUT.sub("", raw.get(snip.id, ""))
                    if check_part or marked or not authors:
                        where = f"{path.relative_to(project.root)}"
                        out.append((where, str(comment.line + offset), text))
    return out


def title_findings(project: Project) -> list[str]:
    """A section title is the author's heading with the editor's words added ("GPU并行下的
    错误定位" + ": RuntimeError: ..."): the added rules, not autocorrect, apply to it, and
    only where the raw lines its section names do not hold the same characters (the
    author's own punctuation stays)."""
    found = []
    for topic in project.topics:
        for section in topic.sections:
            raw = "".join(
                "".join(line.split())
                for src in section.sources
                for line in project.raw_lines(src.note)[src.start - 1 : src.end]
            )
            title = section.text["zh"]["title"]
            for pattern in (_HALF_BEFORE_HAN, _HALF_AFTER_HAN, _PARENS_AROUND_HAN):
                for m in pattern.finditer(_NOT_PROSE.sub(" ", title)):
                    if "".join(m.group(0).split()) not in raw:
                        where = f"{section.path.relative_to(project.root)}:{section.line}"
                        found.append(f"{where} ({section.id}.title.zh): {m.group(0)!r}")
    return found


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
    for topic in project.topics:
        for field in ("title", "summary"):
            out.append(
                (f"{topic.path.relative_to(rel)} ({topic.id}.{field}.zh)", topic_text(topic, field))
            )
    errors_path, entries = error_notes.load(project.notes)
    for entry in entries:
        for field in ("cause", "fix"):
            where = (
                f"{errors_path.relative_to(rel)}:{entry.yaml_line} ({entry.snippet or entry.quoted}"
            )
            out.append((f"{where} {field}.zh)", getattr(entry, field).zh))
    for entry in project.dropped:
        # most reasons are English quoting the note's Chinese: only Chinese reasons
        latin = len(re.findall(r"[A-Za-z]", entry.reason))
        if len(re.findall(f"[{HAN}]", entry.reason)) > latin:
            where = f"{entry.path.relative_to(rel)} ({entry.note} {entry.lines})"
            out.append((where, entry.reason))
    for snippet in project.snippets.values():
        where = f"snippets/{snippet.id.split('/')[0]}/snippets.yml ({snippet.path.name}"
        out.append((f"{where} title.zh)", snippet.meta.title.zh))
        if snippet.meta.skip_zh:
            out.append((f"{where} skip_zh)", snippet.meta.skip_zh))
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


# Comment lines of the editor's that predate the convention for code comments. A snippet's
# record is keyed on its bytes, comments included (torchkb/sources/records.py), so fixing
# them waits for the runs that re-verify those snippets; the list only shrinks: a comment
# not on it is checked, and an entry whose comment is fixed or gone must be taken off.
PENDING = ROOT / "tests" / "typography_pending.tsv"


def pending_comments() -> set[tuple[str, str]]:
    lines = PENDING.read_text(encoding="utf-8").splitlines() if PENDING.exists() else []
    return {tuple(line.split("\t", 1)) for line in lines if line and not line.startswith("#")}


@pytest.fixture(scope="module")
def editor_comment_lines() -> list[tuple[str, str, str]]:
    return editor_comments(Project(ROOT))


def test_the_editor_comments_are_found(editor_comment_lines: list[tuple[str, str, str]]) -> None:
    """Check parts, editor's marks, and a lesson's comment that is not in the note."""
    found = {(where, text) for where, _, text in editor_comment_lines}
    assert any(where.endswith(".check.py") for where, _ in found)
    assert any("编者" in text and not where.endswith(".check.py") for where, text in found)
    # the author's comments are not the editor's
    assert not any(text.startswith("因为loc_loss是float32") for _, text in found)


def test_editor_comments_follow_the_copywriting_conventions(
    editor_comment_lines: list[tuple[str, str, str]],
) -> None:
    pending = pending_comments()
    problems = [
        f"{where}:{line}: {f}"
        for where, line, text in editor_comment_lines
        if (where, text) not in pending
        for f in findings(text)
    ]
    assert not problems, f"{len(problems)} findings:\n" + "\n".join(problems)


def test_the_pending_list_only_holds_unfixed_comments(
    editor_comment_lines: list[tuple[str, str, str]],
) -> None:
    unfixed = {(where, text) for where, _, text in editor_comment_lines if findings(text)}
    stale = sorted(pending_comments() - unfixed)
    assert not stale, "fixed or gone, take off tests/typography_pending.tsv:\n" + "\n".join(
        "\t".join(entry) for entry in stale
    )


@pytest.mark.parametrize(
    "comment",
    [
        "编者: 补上 import, 让代码能单独运行",  # half-width comma and colon in the editor's comment
        "对照：同样的测量用在CPU上",  # no space between Han and Latin
        "笔记的说法是否成立 (本站据此标注核查结果)",  # parentheses around Chinese
    ],
)
def test_a_planted_bad_comment_is_found(comment: str) -> None:
    assert findings(comment)


def test_a_planted_comment_in_a_snippet_fails_the_check(tmp_path: Path) -> None:
    """A new editor's comment with a half-width comma, written into a copy of a check part,
    is reported with its file and line (and is not excused by the pending list)."""
    for name in ("notes", "snippets"):
        shutil.copytree(ROOT / name, tmp_path / name)
    check = tmp_path / "snippets" / "tensors" / "view_shares_storage.check.py"
    check.write_text(
        check.read_text(encoding="utf-8") + "# 编者：新加的一行, 用了半角逗号\n", encoding="utf-8"
    )
    lines = editor_comments(Project(tmp_path))
    planted = [(w, n, t) for w, n, t in lines if "新加的一行" in t]
    assert planted and findings(planted[0][2])
    assert (planted[0][0], planted[0][2]) not in pending_comments()


def test_the_editor_words_of_section_titles_follow_the_conventions() -> None:
    problems = title_findings(Project(ROOT))
    assert not problems, "\n".join(problems)


def test_a_claim_quoting_the_note_keeps_the_authors_punctuation(tmp_path: Path) -> None:
    """The note's `，` turned into `, ` in a claim that quotes it is no longer the note's
    words, so the conventions apply to it and find the half-width comma."""
    shutil.copytree(ROOT / "notes", tmp_path / "notes")
    path = tmp_path / "notes" / "claims" / "gpu.yml"
    text = path.read_text(encoding="utf-8")
    old = "而没有报错的话，那么你可以确定"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "而没有报错的话, 那么你可以确定"), encoding="utf-8")
    project = Project(tmp_path)
    claim = next(c for c in project.claims if c.id == "gpu-inplace-no-error-means-correct")
    assert not is_the_notes_words(claim, tmp_path)
    assert findings(claim.claim.zh)
    quoted = next(c for c in Project(ROOT).claims if c.id == claim.id)
    assert is_the_notes_words(quoted, ROOT)
