"""The author's words stay the author's (torchkb/checks/authorship.py): outside `!!! editor`
blocks, every sentence of a zh body is found in the raw lines its section names, after the
typo fixes listed in notes/typo-fixes.yml. Editor blocks are visible on pages and notebooks."""

import re
import shutil
from pathlib import Path

import pytest

import torchkb
from torchkb.checks import authorship
from torchkb.render.notebooks import editor_quote
from torchkb.sources.canonical import EditorNotePart, TextPart, parse_body
from torchkb.sources.project import Project

PROJECT = Project(torchkb.ROOT)

TITLE = {"zh": "编者注", "en": "Editor's note"}
EDITOR_LINE = re.compile(r'^(\s*)(?:!!!|\?\?\?\+?) editor(?: "([^"]*)")?\s*$')


def test_every_author_sentence_is_in_its_sources() -> None:
    problems = authorship.check(PROJECT)
    assert not problems, "\n".join(map(str, problems))


def test_typo_fixes_have_reasons() -> None:
    fixes = authorship.load_typo_fixes(torchkb.ROOT)
    assert fixes, "notes/typo-fixes.yml lists the word changes made to the author's text"
    for fix in fixes:
        assert fix.raw != fix.fixed and len(fix.reason) > 15, fix


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_editor_blocks_are_titled_and_hold_no_directives(lang: str) -> None:
    for topic in PROJECT.topics:
        for section in topic.sections:
            body = section.text[lang]["body"]
            # the only admonitions in a body are the editor's: the author wrote none
            others = re.findall(r"^\s*(?:!!!|\?\?\?) (?!editor\b)\w+", body, re.M)
            assert not others, f"{section.id} {lang}: use `!!! editor`, not {others}"
            lines = body.splitlines()
            for n, line in enumerate(lines):
                m = EDITOR_LINE.match(line)
                if not m:
                    continue
                where = f"{section.path.name} {section.id} {lang}"
                assert (m.group(2) or "").startswith(TITLE[lang]), f"{where}: title {m.group(2)!r}"
                for inner in lines[n + 1 :]:
                    if inner.strip() and not inner.startswith(m.group(1) + "    "):
                        break
                    assert not inner.strip().startswith("@"), f"{where}: directive in a block"


def test_editor_blocks_match_between_languages() -> None:
    for topic in PROJECT.topics:
        for section in topic.sections:
            counts = [
                len([x for x in section.text[lang]["body"].splitlines() if EDITOR_LINE.match(x)])
                for lang in ("zh", "en")
            ]
            assert counts[0] == counts[1], f"{section.id}: editor blocks zh/en {counts}"


def test_notebooks_show_editor_blocks_as_labelled_quotes() -> None:
    body = (
        'author\n\n!!! editor "编者注"\n\n    editor text\n\n\n'
        "    ```text\n    E\n    ```\n\nauthor"
    )
    parts = parse_body(body, Path("t.yml"), 1)
    assert [type(p) for p in parts] == [TextPart, EditorNotePart, TextPart]
    assert editor_quote(parts[1]) == [
        "> **编者注**",
        ">",
        "> editor text",
        ">",
        "> ```text",
        "> E",
        "> ```",
    ]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(torchkb.ROOT / "notes", tmp_path / "notes")
    return tmp_path


def _replace_once(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_changing_the_authors_number_fails_with_file_and_line(tree: Path) -> None:
    path = tree / "notes" / "topics" / "gpu.yml"
    line = _replace_once(path, "申请的单位块为2MB", "申请的单位块为4MB")
    problems = authorship.check(Project(tree))
    assert [f"{p.path}:{p.line}" for p in problems] == [f"{path}:{line}"]
    assert "4MB" in problems[0].text


def test_unmarked_editor_sentence_fails(tree: Path) -> None:
    path = tree / "notes" / "topics" / "tensors.yml"
    line = _replace_once(
        path, "        ### 创建tensor\n", "        ### 创建tensor\n\n        这是编者加的一句话。\n"
    )
    assert [p.line for p in authorship.check(Project(tree))] == [line + 2]


def test_the_same_sentence_in_an_editor_block_passes(tree: Path) -> None:
    path = tree / "notes" / "topics" / "tensors.yml"
    _replace_once(
        path,
        "        ### 创建tensor\n",
        "        ### 创建tensor\n\n"
        '        !!! editor "编者注"\n\n            这是编者加的一句话。\n',
    )
    assert authorship.check(Project(tree)) == []


def test_an_unused_typo_fix_fails(tree: Path) -> None:
    fixes = tree / "notes" / "typo-fixes.yml"
    fixes.write_text(
        fixes.read_text(encoding="utf-8") + "- {note: 003_72c1394ea078b9f8, "
        'raw: "没有这句话", fixed: "没有那句话", reason: "a fix for nothing at all"}\n',
        encoding="utf-8",
    )
    assert [p.text for p in authorship.check(Project(tree))] == ["没有这句话"]
