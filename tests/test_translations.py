"""Every Chinese section has a current English counterpart with the same snippets and errors."""

import re
import shutil
from pathlib import Path

import pytest

import torchkb
from torchkb.canonical import load_topics
from torchkb.translation import report, section_hash

QUOTED_ERROR = re.compile(r"\b(\w*(?:Error|Exception|Warning)): ([^`\n]+)")


def test_all_sections_translated_and_fresh() -> None:
    problems = report(torchkb.ROOT)
    assert not problems, "\n".join(problems)


def test_headings_and_quoted_errors_match() -> None:
    for topic in load_topics(torchkb.TOPICS):
        assert topic.title.get("en"), f"{topic.path.name}: topic title has no English"
        for section in topic.sections:
            zh, en = section.text["zh"]["body"], section.text["en"]["body"]
            heads = [len(m) for m in re.findall(r"^(#{2,6}) ", zh, re.M)]
            assert heads == [len(m) for m in re.findall(r"^(#{2,6}) ", en, re.M)], section.id
            zh_errors = sorted(set(m.group(0).strip() for m in QUOTED_ERROR.finditer(zh)))
            en_errors = sorted(set(m.group(0).strip() for m in QUOTED_ERROR.finditer(en)))
            assert zh_errors == en_errors, f"{section.id}: quoted errors differ"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(torchkb.ROOT / "notes", tmp_path / "notes")
    return tmp_path


def first_section_ids(root: Path) -> tuple[Path, str]:
    topic = load_topics(root / "notes" / "topics")[0]
    return topic.path, topic.sections[0].id


def test_editing_the_chinese_makes_the_translation_stale(tree: Path) -> None:
    path, section_id = first_section_ids(tree)
    text = path.read_text(encoding="utf-8")
    marker = "      body: |\n"
    i = text.index(marker) + len(marker)  # first zh body in the file
    path.write_text(text[:i] + "        新增的一句话。\n\n" + text[i:], encoding="utf-8")
    assert any(section_id in p and "stale" in p for p in report(tree))


def test_deleting_a_translation_is_reported(tree: Path) -> None:
    path, section_id = first_section_ids(tree)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("    en:"))
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith("  - ") or not lines[i].startswith("    ")), len(lines))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    assert any(section_id in p and "no English" in p for p in report(tree))


def test_section_hash_tracks_title_and_body() -> None:
    a = {"title": "t", "body": "b"}
    assert section_hash(a) != section_hash({"title": "t", "body": "b2"})
    assert section_hash(a) != section_hash({"title": "t2", "body": "b"})
