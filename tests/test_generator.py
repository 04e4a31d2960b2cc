"""The generator: deterministic, fresh, atomic, and clear about bad input."""

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import torchkb
from torchkb.render import render_site, stale_files

ROOT = torchkb.ROOT
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"

# SHA-256 of the user's raw notes: they are input, never edited.
RAW_SHA256 = {
    "000_b301a687c159c04d.txt": "6c43745c4e3206acba1b5dec6be2e899b1523f691c19411ac36c48272efa9721",
    "001_82f1d0098bd37d8c.txt": "e5d4791e64884ad9c8216e1d19d8322e59fff4ae525eabdcf03c4fb4946017ca",
    "002_18d452075e881a4d.txt": "06adfd1515b74686bdae7de284651d587a9c11bc414173b43e86e41c4f48ad03",
    "003_72c1394ea078b9f8.txt": "0a9b2c2f3a91fa5b6cf57b74a416adb1aad4415ec20581d3cf01be47755df181",
    "004_dd2671a563796fc5.txt": "6e969374b14d3a1c33ee2ac67c2f9607b505b4c6ebe93be26ed70a2c77626ce5",
}


def test_raw_notes_are_verbatim() -> None:
    for name, digest in RAW_SHA256.items():
        data = (ROOT / "notes" / "raw" / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, f"notes/raw/{name} was modified"
        if SHARED_SEEDS.exists():
            assert data == (SHARED_SEEDS / name).read_bytes()


def test_generation_is_deterministic() -> None:
    assert render_site(ROOT) == render_site(ROOT)


def test_docs_are_fresh() -> None:
    stale = stale_files(render_site(ROOT), ROOT / "docs")
    assert not stale, f"docs/ is stale, run `python -m torchkb build`: {stale[:10]}"


def test_every_topic_page_is_linked_from_home_and_nav() -> None:
    files = render_site(ROOT)
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    topics = sorted(p.stem for p in (ROOT / "notes" / "topics").glob("*.yml"))
    assert topics
    for lang in torchkb.LANGS:
        home = files[f"{lang}/index.md"].decode()
        for topic in topics:
            assert f"]({topic}.md)" in home, f"{lang} home page does not link {topic}"
            assert f"- {topic}.md" in nav, f"mkdocs.yml nav lacks {topic}.md"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the sources and the generated docs, to break on purpose."""
    for name in ("notes", "snippets", "docs", "verification"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def run_cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TORCHKB_ROOT": str(root)}
    return subprocess.run([sys.executable, "-m", "torchkb", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def first_topic(root: Path) -> Path:
    return sorted((root / "notes" / "topics").glob("*.yml"))[0]


def break_topic(root: Path, old: str, new: str) -> Path:
    path = first_topic(root)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def body_line(path: Path) -> tuple[int, str]:
    """Line number and text of the first line inside the first zh body."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("body:"))
    return start + 2, lines[start + 1]


def assert_fails_cleanly(root: Path, expected: str) -> None:
    before = snapshot(root / "docs")
    result = run_cli(root, "build")
    assert result.returncode == 1, result.stdout + result.stderr
    message = result.stderr.strip().splitlines()
    assert len(message) == 1, result.stderr  # one line, no traceback
    assert expected in message[0], message[0]
    assert snapshot(root / "docs") == before, "a failed build touched docs/"


def test_build_works_on_a_copy(tree: Path) -> None:
    result = run_cli(tree, "build", "--check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_unclosed_fence(tree: Path) -> None:
    path = first_topic(tree)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == "body: |")
    end = next(i for i in range(start + 1, len(lines))
               if lines[i].strip() and not lines[i].startswith("        "))
    lines[end:end] = ["        ```python\n", "        x = 1\n"]  # a fence left open at the end
    path.write_text("".join(lines), encoding="utf-8")
    assert_fails_cleanly(tree, f"{path.name}:{end + 1}: section")
    assert_fails_cleanly(tree, "code fence is never closed")


def test_missing_snippet(tree: Path) -> None:
    path = first_topic(tree)
    _, line = body_line(path)
    indent = line[: len(line) - len(line.lstrip())]
    break_topic(tree, line + "\n", line + "\n\n" + indent + "@snippet tensors/no_such_file.py\n")
    assert_fails_cleanly(tree, "no_such_file")


def test_duplicate_section_id(tree: Path) -> None:
    path = first_topic(tree)
    text = path.read_text(encoding="utf-8")
    ids = [line.split("id:", 1)[1].strip() for line in text.splitlines()
           if line.strip().startswith("- id:")]
    assert len(ids) >= 2
    path.write_text(text.replace(f"- id: {ids[1]}", f"- id: {ids[0]}", 1), encoding="utf-8")
    assert_fails_cleanly(tree, f"duplicate section id '{ids[0]}'")


def test_non_utf8_topic(tree: Path) -> None:
    path = first_topic(tree)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\n\xff\xfe", 1))
    assert_fails_cleanly(tree, f"{path.name}:2: not valid UTF-8")


def test_broken_yaml(tree: Path) -> None:
    path = first_topic(tree)
    path.write_text(path.read_text(encoding="utf-8") + "\n  - id: [unclosed\n", encoding="utf-8")
    assert_fails_cleanly(tree, f"{path.name}:")


def test_raw_script_is_rejected(tree: Path) -> None:
    path = first_topic(tree)
    _, line = body_line(path)
    indent = line[: len(line) - len(line.lstrip())]
    break_topic(tree, line + "\n", line + "\n" + indent + "<script>alert(1)</script>\n")
    assert_fails_cleanly(tree, "raw <script> is not allowed")


def test_check_mode_detects_stale_docs(tree: Path) -> None:
    page = next((tree / "docs" / "zh").glob("*.md"))
    page.write_text(page.read_text(encoding="utf-8") + "\nhand edit\n", encoding="utf-8")
    result = run_cli(tree, "build", "--check")
    assert result.returncode == 1
    assert f"docs/zh/{page.name}: stale" in result.stdout
