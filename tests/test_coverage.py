"""Nothing of the raw notes is lost: each non-blank line is on a page or dropped with a reason."""

import shutil
from pathlib import Path

import pytest

import torchkb
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
        if line.startswith("        ") and sum("\u4e00" <= c <= "\u9fff" for c in line) > 15:
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
