"""Nothing of the raw notes is lost: each non-blank line is on a page or dropped with a reason."""

import shutil
from pathlib import Path

import pytest

import torchkb
from torchkb import cjk
from torchkb.checks.coverage import check
from torchkb.errors import SourceError
from torchkb.sources.project import Project


def test_every_raw_line_is_accounted_for() -> None:
    problems = check(Project(torchkb.ROOT))
    assert not problems, f"{len(problems)} raw lines unaccounted:\n" + "\n".join(
        map(str, problems[:40])
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in ("notes", "snippets"):
        shutil.copytree(torchkb.ROOT / name, tmp_path / name)
    return tmp_path


def test_a_line_removed_from_a_page_is_reported(tree: Path) -> None:
    """Deleting a sentence from a section body makes the check fail, naming the raw line."""
    topic = sorted((tree / "notes" / "topics").glob("*.yml"))[0]
    text = topic.read_text(encoding="utf-8")
    before = check(Project(tree))
    # drop every body line that holds Chinese text longer than 15 characters, one at a time
    for line in text.splitlines():
        if line.startswith("        ") and len(cjk.HAN.findall(line)) > 15:
            topic.write_text(text.replace(line + "\n", "", 1), encoding="utf-8")
            after = check(Project(tree))
            if len(after) > len(before):
                assert any("not on the page" in str(p) for p in after)
                return
    pytest.fail("removing Chinese body lines never made the coverage check fail")


def test_dropped_part_needs_a_reason(tree: Path) -> None:
    (tree / "notes" / "dropped" / "zz.yml").write_text(
        "- {note: 000_b301a687c159c04d, lines: [1, 1], reason: ''}\n", encoding="utf-8"
    )
    with pytest.raises(SourceError, match="zz.yml:1: #1.reason: must not be blank"):
        check(Project(tree))


def _replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_authors_word_deleted_mid_line_is_reported(tree: Path) -> None:
    """A word of the author's left out of a line that is still on the page (a typo fix
    that is really a cut, say) names the raw line and the missing words."""
    path = tree / "notes" / "topics" / "autograd.yml"
    _replace_once(path, "所以一般在反向传播之前需把梯度清零", "所以在反向传播之前需把梯度清零")
    problems = check(Project(tree))
    assert [(p.about, p.line) for p in problems] == [("002_18d452075e881a4d", 81)]
    assert "['所以一般在反向传播之前需把梯度清零']" in problems[0].message


def test_a_word_in_an_editor_block_does_not_stand_for_the_authors(tree: Path) -> None:
    """The author's trailing "参考" (its link lost) is excused only by its dropped entry,
    not by the editor's "参考" in the same section."""
    dropped = tree / "notes" / "dropped" / "debugging.yml"
    lines = dropped.read_text(encoding="utf-8").splitlines()
    dropped.write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    problems = check(Project(tree))
    assert [(p.about, p.line) for p in problems] == [("001_82f1d0098bd37d8c", 86)]
    assert "['参考']" in problems[0].message


def test_dropped_words_must_be_on_their_line(tree: Path) -> None:
    dropped = tree / "notes" / "dropped" / "debugging.yml"
    text = dropped.read_text(encoding="utf-8")
    dropped.write_text(
        text.replace('lines: [86, 86], words: "参考"', 'lines: [86, 86], words: "没有"', 1)
    )
    with pytest.raises(
        SourceError, match=r"debugging.yml:1: '没有' is on none of 001_82f1d0098bd37d8c \[86, 86\]"
    ):
        check(Project(tree))
