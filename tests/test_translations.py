"""Every Chinese section has a current English counterpart with the same snippets and errors."""

import re
import shutil
from pathlib import Path

import pytest
from treecopy import run_cli

import torchkb
from torchkb.cli import main
from torchkb.errors import SourceError
from torchkb.render.docs import render_site
from torchkb.sources.canonical import load_topics, section_hash
from torchkb.sources.project import Project
from torchkb.sources.translation import report, stamp

QUOTED_ERROR = re.compile(r"\b(\w*(?:Error|Exception|Warning)): ([^`\n]+)")


def test_all_sections_translated_and_fresh(capsys: pytest.CaptureFixture) -> None:
    """`python -m torchkb translations --strict` on this repository: nothing to do."""
    code = main(["translations", "--strict"])
    assert code == 0, capsys.readouterr().out


def test_headings_and_quoted_errors_match() -> None:
    for topic in load_topics(torchkb.ROOT / "notes" / "topics"):
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
    assert any(section_id in p and "stale" in p for p in report(Project(tree)))


def test_deleting_a_translation_is_reported(tree: Path) -> None:
    path, section_id = first_section_ids(tree)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("    en:"))
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].startswith("  - ") or not lines[i].startswith("    ")
        ),
        len(lines),
    )
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    assert any(section_id in p and "no English" in p for p in report(Project(tree)))


def test_section_hash_tracks_title_and_body() -> None:
    a = {"title": "t", "body": "b"}
    assert section_hash(a) != section_hash({"title": "t", "body": "b2"})
    assert section_hash(a) != section_hash({"title": "t2", "body": "b"})


def drop_english(path: Path, section_id: str) -> None:
    """Remove the `en:` block of one section, as it is right after an import."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.strip() == f"- id: {section_id}")
    start = next(i for i in range(at, len(lines)) if lines[i].startswith("    en:"))
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].startswith("  - ") or not lines[i].startswith("    ")
        ),
        len(lines),
    )
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


def edit_chinese(path: Path, section_id: str) -> None:
    text = path.read_text(encoding="utf-8")
    at = text.index(f"- id: {section_id}\n")
    i = text.index("      body: |\n", at) + len("      body: |\n")
    path.write_text(text[:i] + "        新增的一句话。\n\n" + text[i:], encoding="utf-8")


def section_html(page: str, section_id: str) -> str:
    start = page.index(f"{{#{section_id}}}")
    end = page.find("\n## ", start)
    return page[start : end if end > 0 else None]


def test_missing_and_stale_english_build_with_banners(tree: Path) -> None:
    """Right after an import a section has no English: the English page shows the Chinese
    under an "awaiting translation" banner; a stale one keeps its English under "the
    Chinese changed". The Chinese pages carry neither banner."""
    for name in ("snippets", "verification"):  # the tree's own, as render_site reads them
        shutil.copytree(torchkb.ROOT / name, tree / name)
    topic = load_topics(tree / "notes" / "topics")[0]
    missing, stale = topic.sections[0].id, topic.sections[1].id
    drop_english(topic.path, missing)
    edit_chinese(topic.path, stale)
    files = render_site(Project(tree))
    en = files[f"en/{topic.id}.md"].decode()
    zh = files[f"zh/{topic.id}.md"].decode()
    body = section_html(en, missing)
    assert "kb-translation-missing" in body and "Awaiting translation · 待翻译" in body
    assert '<div lang="zh" markdown="block">' in body
    assert topic.sections[0].text["zh"]["body"].splitlines()[0].strip() in body
    assert "kb-translation-stale" in section_html(en, stale)
    assert "The Chinese changed since this was translated" in section_html(en, stale)
    assert "kb-translation" not in zh
    assert "Awaiting translation" in files[f"en/notebooks/{topic.id}.ipynb"].decode()
    others = [s.id for s in topic.sections[2:]]
    assert all("kb-translation" not in section_html(en, sid) for sid in others)


def test_translations_command_lists_and_strict_fails(tree: Path) -> None:
    shutil.copytree(torchkb.ROOT / "snippets", tree / "snippets")
    path, section_id = first_section_ids(tree)
    drop_english(path, section_id)
    listed = run_cli(tree, "translations")
    assert listed.returncode == 0, listed.stderr
    assert f"{section_id}: no English translation" in listed.stdout
    strict = run_cli(tree, "translations", "--strict")
    assert strict.returncode == 1 and strict.stdout == listed.stdout


def test_stamp_records_the_current_hash_and_nothing_else(tree: Path) -> None:
    path, section_id = first_section_ids(tree)
    edit_chinese(path, section_id)
    assert any(section_id in p and "stale" in p for p in report(Project(tree)))
    before = path.read_text(encoding="utf-8").splitlines()
    (line,) = stamp(Project(tree), [section_id])
    assert line.endswith(
        f"{section_id}: source_hash "
        + section_hash(load_topics(tree / "notes" / "topics")[0].sections[0].text["zh"])
    )
    after = path.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1 and "source_hash:" in changed[0][1]
    assert not any(section_id in p for p in report(Project(tree)))


def test_stamp_inserts_a_missing_hash_and_refuses_a_missing_translation(tree: Path) -> None:
    path, section_id = first_section_ids(tree)
    text = path.read_text(encoding="utf-8")
    at = text.index(f"- id: {section_id}\n")
    hash_line = text.index("      source_hash:", at)
    path.write_text(text[:hash_line] + text[text.index("\n", hash_line) + 1 :], "utf-8")
    assert any(section_id in p and "stale" in p for p in report(Project(tree)))
    stamp(Project(tree), [section_id])
    assert not any(section_id in p for p in report(Project(tree)))
    drop_english(path, section_id)
    with pytest.raises(SourceError, match="has no English to stamp"):
        stamp(Project(tree), [section_id])
    with pytest.raises(SourceError, match="no section with id no-such-id"):
        stamp(Project(tree), ["no-such-id"])
