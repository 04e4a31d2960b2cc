"""The generator: deterministic, fresh, atomic, and clear about bad input."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from treecopy import copy_sources, rendered_checkout, run_cli, run_cli_process, snapshot

import torchkb
from torchkb.importer import load_manifest, manifest_problems
from torchkb.render.docs import stale_files
from torchkb.site import nav as site_nav
from torchkb.sources.project import Project

ROOT = torchkb.ROOT
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"


def test_raw_notes_are_verbatim() -> None:
    """Every raw note matches the SHA-256 the importer recorded in notes/raw/MANIFEST.json,
    and nothing else lies in notes/raw/ (a stray `cp my-note.md notes/raw/` copy fails)."""
    assert manifest_problems(ROOT / "notes" / "raw") == []
    names = sorted(load_manifest(ROOT / "notes" / "raw"))
    assert len(names) >= 5
    for name in names:
        if SHARED_SEEDS.exists() and (SHARED_SEEDS / name).exists():
            assert (ROOT / "notes" / "raw" / name).read_bytes() == (
                SHARED_SEEDS / name
            ).read_bytes()


def test_manifest_catches_an_edited_or_stray_raw_note(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "notes" / "raw", tmp_path / "notes" / "raw")
    raw = tmp_path / "notes" / "raw"
    first = sorted(raw.glob("*.txt"))[0]
    first.write_bytes(first.read_bytes() + b"\n")
    (raw / "my-note.md").write_text("# copy\n", encoding="utf-8")
    problems = manifest_problems(raw)
    assert any(first.name in p and "changed" in p for p in problems), problems
    assert any("my-note.md" in p and "not in MANIFEST.json" in p for p in problems), problems


def rendered() -> dict[str, bytes]:
    """The site as generated from this checkout: rendered once for the tests below."""
    return rendered_checkout()


# each generated file's SHA-256, as `render_site` makes it in a fresh interpreter
RENDER = """import hashlib, json, torchkb
from torchkb.render.docs import render_site
from torchkb.sources.project import Project
files = render_site(Project(torchkb.ROOT))
print(json.dumps({path: hashlib.sha256(data).hexdigest() for path, data in files.items()}))"""


def test_generation_is_deterministic() -> None:
    """A render in another process, whose string hashes differ from this one's (and with
    them the order of sets and of anything keyed by them), is this one's, byte for byte."""
    ours = {path: hashlib.sha256(data).hexdigest() for path, data in rendered().items()}
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"  # this one's: random
    result = subprocess.run(
        [sys.executable, "-c", RENDER],
        env={**os.environ, "PYTHONHASHSEED": seed, "TORCHKB_ROOT": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    theirs = json.loads(result.stdout)
    differ = sorted(p for p in ours.keys() | theirs.keys() if ours.get(p) != theirs.get(p))
    assert not differ, f"PYTHONHASHSEED={seed}: rendered otherwise: {differ[:10]}"


def test_docs_are_fresh() -> None:
    stale = stale_files(rendered(), ROOT / "docs")
    assert not stale, f"docs/ is stale, run `python -m torchkb build`: {stale[:10]}"


def test_every_topic_page_is_linked_from_home_and_nav() -> None:
    files = rendered()
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_AnyTag)
    nav = json.dumps(site_nav.fill(config["nav"], site_nav.entries(Project(ROOT))))
    topics = sorted(p.stem for p in (ROOT / "notes" / "topics").glob("*.yml"))
    assert topics
    for lang in torchkb.LANGS:
        home = files[f"{lang}/index.md"].decode()
        for topic in topics:
            assert f"]({topic}.md)" in home, f"{lang} home page does not link {topic}"
    for page in (
        [f"{t}.md" for t in topics]
        + [f"notebooks/{t}.md" for t in topics]
        + [f"raw/{p.stem}.md" for p in (ROOT / "notes" / "raw").glob("*.txt")]
    ):
        assert f'"{page}"' in nav, f"the nav lacks {page}"
    assert "@" not in nav, "a nav placeholder was left unfilled"


class _AnyTag(yaml.SafeLoader):
    """mkdocs.yml's !!python/name tags, read as plain values."""


_AnyTag.add_multi_constructor("", lambda loader, suffix, node: None)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the sources and the generated docs, to break on purpose."""
    return copy_sources(tmp_path)


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


def assert_fails_cleanly(root: Path, expected: str, *, process: bool = False) -> None:
    """`torchkb build` exits 1 with one line on stderr naming the problem, docs/ as it
    was; in this process, or (`process`) through `python -m torchkb` in a subprocess."""
    before = snapshot(root / "docs")
    result = (run_cli_process if process else run_cli)(root, "build")
    assert result.returncode == 1, result.stdout + result.stderr
    message = result.stderr.strip().splitlines()
    assert len(message) == 1, result.stderr  # one line, no traceback
    assert expected in message[0], message[0]
    assert snapshot(root / "docs") == before, "a failed build touched docs/"


def test_unclosed_fence(tree: Path) -> None:
    path = first_topic(tree)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == "body: |")
    end = next(
        i
        for i in range(start + 1, len(lines))
        if lines[i].strip() and not lines[i].startswith("        ")
    )
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


def test_malformed_directive_names_its_line(tree: Path) -> None:
    path = first_topic(tree)
    n, line = body_line(path)
    indent = line[: len(line) - len(line.lstrip())]
    break_topic(tree, line + "\n", line + "\n\n" + indent + "@note-output 001_x 9-2\n")
    assert_fails_cleanly(tree, f"{path.name}:{n + 2}: '@note-output 001_x 9-2': expected")


def test_duplicate_section_id(tree: Path) -> None:
    path = first_topic(tree)
    text = path.read_text(encoding="utf-8")
    ids = [
        line.split("id:", 1)[1].strip()
        for line in text.splitlines()
        if line.strip().startswith("- id:")
    ]
    assert len(ids) >= 2
    path.write_text(text.replace(f"- id: {ids[1]}", f"- id: {ids[0]}", 1), encoding="utf-8")
    assert_fails_cleanly(tree, f"duplicate section id '{ids[0]}'")


def test_non_utf8_topic(tree: Path) -> None:
    path = first_topic(tree)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\n\xff\xfe", 1))
    assert_fails_cleanly(tree, f"{path.name}:2: not valid UTF-8", process=True)


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


def test_gbk_raw_note_is_one_line(tree: Path) -> None:
    """A raw note saved as GBK (a common Chinese editor default) names file, line and fix."""
    raw = tree / "notes" / "raw" / "005_gbk.txt"
    raw.write_bytes("第一行\n# 显存\n".encode("gbk"))
    assert_fails_cleanly(tree, "005_gbk.txt:1: not valid UTF-8 (byte 0xb5); it decodes as GBK")


def test_note_output_reproduced_by_the_run_is_shown_once() -> None:
    from torchkb.render.notebooks import reproduces

    assert reproduces("tensor([1., 2.])\nFalse\n", ["  tensor([1., 2.])", "", "False  "])
    assert not reproduces("tensor([1., 2.])\n", ["tensor([1., 3.])"])
    assert not reproduces("", [""])
