"""import_note: sections land in topics, snippets compile, second import is a no-op,
and a failing import leaves the tree byte-identical. Everything runs in a tmp root."""

import hashlib
import shutil
from pathlib import Path

import pytest
import yaml
from treecopy import snapshot

import torchkb
from torchkb.checks.coverage import check
from torchkb.cli import main
from torchkb.errors import SourceError
from torchkb.importer import SETUP_MARK, import_note, load_manifest, manifest_problems
from torchkb.sources.canonical import load_topics
from torchkb.sources.project import Project

FIXTURES = Path(__file__).parent / "fixtures" / "notes"

# Minimal topics for the ids the assertions need, written only where the repo has none yet.
MINIMAL = {
    "tensors": "{zh: [张量, 广播, view, reshape], en: [tensor, broadcasting, view]}",
    "gpu": "{zh: [显存, GPU, cuda], en: [GPU memory, cuda]}",
    "environment": "{zh: [安装, conda, 后端], en: [installation, conda, backends]}",
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A tmp tree seeded with a copy of the repo's notes/ (topics, dropped, raw)."""
    shutil.copytree(
        torchkb.ROOT / "notes", tmp_path / "notes", ignore=shutil.ignore_patterns("FORMAT.md")
    )
    topics = tmp_path / "notes" / "topics"
    topics.mkdir(parents=True, exist_ok=True)
    (tmp_path / "notes" / "dropped").mkdir(exist_ok=True)
    for order, (tid, tags) in enumerate(MINIMAL.items()):
        if not (topics / f"{tid}.yml").exists():
            (topics / f"{tid}.yml").write_text(
                f"id: {tid}\norder: {order}\ntitle: {{zh: {tid}, en: {tid}}}\n"
                f"tags: {tags}\nsections:\n",
                encoding="utf-8",
            )
    (tmp_path / "snippets").mkdir()
    return tmp_path


def test_import_mixed_note(root):
    report = import_note(FIXTURES / "mixed.md", project=Project(root))
    assert report.raw_copied
    assert (root / "notes" / "raw" / "mixed.txt").read_bytes() == (
        FIXTURES / "mixed.md"
    ).read_bytes()
    # the broadcasting section lands in tensors, and so does its sub-section about view
    assert [
        t for t, ids in report.sections_added.items() if any(i.endswith("-l6") for i in ids)
    ] == ["tensors"]
    topics = {t.id: t for t in load_topics(root / "notes" / "topics")}
    added = [s for t in topics.values() for s in t.sections if s.sources[0].note == "mixed"]
    assert [(s.sources[0].start, s.sources[0].end) for s in added] == [(6, 18), (20, 43)]
    assert all("en" not in s.text for s in added)
    assert report.missing_english == [s.id for s in added]
    first, second = (s.text["zh"]["body"] for s in added)
    assert "@snippet tensors/mixed_1.py" in first
    assert "@note-output mixed 18-18" in first
    assert "<font" not in second and "*view 需要连续内存*" in second
    assert "img-blog" not in second and "| view() | 否 |" in second
    # snippets: files, metadata, all Python compiles
    assert report.snippets_written == [
        f"snippets/tensors/mixed_{n}.{ext}"
        for n, ext in [(1, "py"), (2, "py"), (3, "py"), (4, "sh")]
    ]
    assert report.not_run == report.snippets_written and report.not_compiling == []
    for rel in report.snippets_written:
        if rel.endswith(".py"):
            compile((root / rel).read_text(encoding="utf-8"), rel, "exec")
    meta = yaml.safe_load((root / "snippets" / "tensors" / "snippets.yml").read_text("utf-8"))
    assert meta["mixed_1.py"] == {"title": {"zh": "广播机制"}, "needs": "cpu", "packages": []}
    assert meta["mixed_4.sh"]["skip"]
    dropped = yaml.safe_load((root / "notes" / "dropped" / "inbox.yml").read_text("utf-8"))
    mine = [(d["lines"], d["reason"].split()[0]) for d in dropped if d["note"] == "mixed"]
    assert mine == [([1, 4], "front"), ([31, 31], "image")]
    # nothing of the note is lost (the ```-fence lines aside: they are markup)
    problems = [p for p in check(Project(root)) if p.about == "mixed" and "```" not in p.text]
    assert problems == []


def test_second_import_is_a_noop(root):
    import_note(FIXTURES / "mixed.md", project=Project(root))
    before = snapshot(root)
    report = import_note(FIXTURES / "mixed.md", project=Project(root))
    assert report.noop and "nothing to import" in str(report)
    assert len(report.already_present) == 2
    assert snapshot(root) == before


def test_cuda_snippet_and_output_in_english_note(root):
    report = import_note(FIXTURES / "english.md", project=Project(root))
    (rel,) = report.snippets_written
    topic, name = rel.split("/")[1:]
    meta = yaml.safe_load((root / "snippets" / topic / "snippets.yml").read_text("utf-8"))
    assert meta[name]["needs"] == "cuda"


def test_note_without_headings_is_one_section(root):
    report = import_note(FIXTURES / "no_headings.txt", project=Project(root))
    assert sum(len(ids) for ids in report.sections_added.values()) == 1
    assert len(report.snippets_written) == 1


@pytest.mark.parametrize(
    "name", ["bad_unclosed_fence.md", "bad_script_inline.md", "bad_front_matter_yaml.md"]
)
def test_bad_note_leaves_tree_unchanged(root, name):
    before = snapshot(root)
    with pytest.raises(SourceError):
        import_note(FIXTURES / name, project=Project(root))
    assert snapshot(root) == before


def test_broken_topic_file_fails_before_writing(root):
    (root / "notes" / "topics" / "tensors.yml").write_text("id: tensors\ntitle: [\n", "utf-8")
    before = snapshot(root)
    with pytest.raises(SourceError) as err:
        import_note(FIXTURES / "mixed.md", project=Project(root))
    assert err.value.path.name == "tensors.yml"
    assert snapshot(root) == before


def test_existing_snippet_is_never_overwritten(root):
    import_note(FIXTURES / "no_headings.txt", project=Project(root))
    copy = root / "other" / "mixed.md"
    copy.parent.mkdir()
    copy.write_bytes((FIXTURES / "mixed.md").read_bytes())
    taken = root / "snippets" / "tensors" / "mixed_1.py"
    taken.parent.mkdir(parents=True, exist_ok=True)
    taken.write_text("# hand-written\n", encoding="utf-8")
    before = snapshot(root)
    with pytest.raises(SourceError, match="refusing to overwrite"):
        import_note(copy, project=Project(root))
    assert snapshot(root) == before


SEEDS = sorted(p.stem for p in (torchkb.ROOT / "notes" / "raw").glob("*.txt"))


@pytest.mark.parametrize("stem", SEEDS)
def test_reimporting_a_seed_note_changes_nothing(root, stem):
    """Sections whose lines all sit in a dropped list (a title, a date, a source line) are
    already settled: a re-import must not bring them back as new inbox sections."""
    before = snapshot(root)
    report = import_note(root / "notes" / "raw" / f"{stem}.txt", project=Project(root))
    assert report.noop, str(report)
    assert snapshot(root) == before


# -- the author's workflow: what the importer settles, and what it reports ------------------

WORKFLOW = FIXTURES / "author_workflow.md"


def test_error_comment_becomes_expected_exception_and_imports_are_added(root):
    report = import_note(WORKFLOW, project=Project(root))
    topic = report.snippets_written[0].split("/")[1]
    meta = yaml.safe_load((root / "snippets" / topic / "snippets.yml").read_text("utf-8"))
    # the 4-space block ending in `# RuntimeError: ...`
    assert meta["author_w_2.py"]["expect_exception"] == {
        "type": "RuntimeError",
        "match": "a leaf Variable that requires grad is being used in an in-place operation",
    }
    assert "expect_exception" not in meta["author_w_1.py"]
    code = (root / "snippets" / topic / "author_w_2.py").read_text("utf-8")
    assert code.startswith(SETUP_MARK + "\nimport torch\n\nw = torch.ones")
    # the fragment that imports torch itself gets no setup
    assert SETUP_MARK not in (root / "snippets" / topic / "author_w_1.py").read_text("utf-8")
    notes = report.snippet_notes[f"snippets/{topic}/author_w_2.py"]
    assert notes[0] == "setup added (import torch)" and "expects RuntimeError" in notes[1]
    assert report.to_fix == [] and report.not_compiling == []


def test_output_block_is_quoted_without_its_fences(root):
    report = import_note(WORKFLOW, project=Project(root))
    (sid,) = [p.section for p in report.placements if p.start == 7]
    section = next(
        s for t in load_topics(root / "notes" / "topics") for s in t.sections if s.id == sid
    )
    assert "@note-output author_workflow 23-23" in section.text["zh"]["body"]  # "False"


def test_report_places_sections_with_scores_and_ends_with_the_commands(root):
    report = import_note(WORKFLOW, project=Project(root))
    text = str(report)
    for p in report.placements:
        assert p.ranking and p.ranking[0][1] >= p.ranking[-1][1]
        assert f'{p.section} "{p.title}"' in text
    assert "(score " in text
    ids = " ".join(report.snippet_ids)
    assert ids == " ".join(
        f"{rel.split('/')[1]}/{rel.split('/')[2].split('.')[0]}" for rel in report.snippets_written
    )
    tail = text.split("next, in this order")[1]
    assert f"python -m torchkb verify {ids} --update" in tail
    assert f"python -m torchkb translations --stamp {' '.join(report.missing_english)}" in tail
    assert tail.index("verify") < tail.index("--stamp") < tail.index("make test")
    assert report.sections_added
    for topic, ids in report.sections_added.items():  # the new sections' reader phrasings
        assert f"notes/search/phrasings/{topic}.tsv: how readers ask for {', '.join(ids)}" in tail


def test_undefined_name_is_reported_with_where_it_is_defined(root, tmp_path):
    note = tmp_path / "two_parts.md"
    note.write_text(
        "# 张量视图\n\n```python\nimport torch\nx = torch.ones(2, 3)\n```\n\n"
        "然后：\n\n```python\ny = x.view(3, 2)\nprint(y)\n```\n",
        encoding="utf-8",
    )
    report = import_note(note, project=Project(root))
    first, second = report.snippets_written
    assert report.to_fix == [
        f"{second}:1: uses `x`, which it never defines (NameError when "
        f"run): it is defined in {first}: merge the two or copy its "
        "definition"
    ]
    assert "to fix by hand before recording (1):" in str(report)


def test_manifest_records_the_raw_note(root):
    import_note(WORKFLOW, project=Project(root))
    assert (
        load_manifest(root / "notes" / "raw")["author_workflow.txt"]["sha256"]
        == hashlib.sha256(WORKFLOW.read_bytes()).hexdigest()
    )
    assert manifest_problems(root / "notes" / "raw") == []


def test_a_copy_left_in_notes_raw_is_reported(root):
    copy = root / "notes" / "raw" / "my-note.md"
    copy.write_bytes(WORKFLOW.read_bytes())
    report = import_note(copy, project=Project(root))
    assert report.stray_copy == "notes/raw/my-note.md"
    assert "notes/raw/my-note.md: a second copy of this note; delete it" in str(report)
    assert [p for p in manifest_problems(root / "notes" / "raw") if "my-note.md" in p]


BAD_INPUTS = {
    "empty.md": (b"", 1, "the note is empty: nothing to import"),
    "blank.md": (b"\n  \n\n", 1, "the note is empty: nothing to import"),
    "front_matter_only.md": (
        "---\ntitle: 只有元数据\ndate: 2026-11-20\n---\n\n".encode(),
        4,
        "the note has only front matter (lines 1-4): nothing to import",
    ),
    "gbk.md": (
        "# 显存\n\n显存只升不降。\n".encode("gbk"),
        1,
        "not valid UTF-8 (byte 0xcf); it decodes as GBK/GB18030",
    ),
    "headings_only.md": (
        "# 第一章\n\n## 第一节\n".encode(),
        1,
        "no text under any heading: nothing to import",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_is_one_line_and_writes_nothing(root, tmp_path, name, capsys):
    data, line, problem = BAD_INPUTS[name]
    note = tmp_path / name
    note.write_bytes(data)
    before = snapshot(root)
    with pytest.raises(SourceError) as err:
        import_note(note, project=Project(root))
    assert (err.value.line, err.value.path) == (line, note)
    assert problem in err.value.problem
    assert snapshot(root) == before
    # the command line prints exactly that, one line, no traceback
    assert main(["import", str(note)]) == 1
    out = capsys.readouterr()
    assert out.err == f"error: {note}:{line}: {err.value.problem}\n" and out.out == ""
