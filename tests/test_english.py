"""The English reads as one English (torchkb/checks/english.py): American spelling in what
the site writes, English the author quoted left as written, and one rendering for each
recurring Chinese phrase."""

import shutil
from pathlib import Path

import pytest

import torchkb
from torchkb.checks import english
from torchkb.sources import comments
from torchkb.sources.project import Project


def test_the_english_is_american_and_renders_each_phrase_one_way() -> None:
    problems = english.check(Project(torchkb.ROOT))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("serialise the dict with torch.save()", "serialise"),
        ("the synchronisation load grows", "synchronisation"),
        ("keep their random initialisation", "initialisation"),
        ("the train/eval behaviour of the layers", "behaviour"),
        ("pixel centres are aligned", "centres"),
        ("it normalises with the batch mean", "normalises"),
    ],
)
def test_a_british_spelling_is_found(text: str, word: str) -> None:
    assert [found for found, _ in english.british(text)] == [word]


@pytest.mark.parametrize(
    "text", ["it raises an error", "otherwise it is noise", "a precise, elementwise op", "optimize"]
)
def test_american_english_passes(text: str) -> None:
    assert not english.british(text)


def test_a_quotation_keeps_its_spelling() -> None:
    """A line of the en body that is also a line of the zh body is the author's quotation."""
    quote = "> it needs to be serialised with pickle"
    assert english.translated_lines(f"译文\n{quote}", f"Translation\n{quote}") == "Translation"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in ("notes", "snippets"):
        shutil.copytree(torchkb.ROOT / name, tmp_path / name)
    comments.forget_maps()
    return tmp_path


def _replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_planted_british_word_in_a_body_fails_naming_the_section(tree: Path) -> None:
    path = tree / "notes" / "topics" / "training.yml"
    _replace_once(
        path, "put them in a dict and serialize the dict", "put them in a dict and serialise it"
    )
    problems = english.check(Project(tree))
    assert [(p.about, p.message) for p in problems] == [
        (
            "training-save-checkpoint.body",
            "training-save-checkpoint.body: 'serialise' is British: write 'serialize'",
        )
    ]
    assert str(problems[0]).startswith(f"{path}:")


def test_a_second_rendering_of_a_recurring_phrase_fails(tree: Path) -> None:
    """摘录自 is "Excerpted from" on every page: a "Quoted from" is reported."""
    path = tree / "notes" / "topics" / "gpu.yml"
    _replace_once(
        path,
        "[Excerpted from](https://discuss.pytorch.org/t/fusedadam",
        "[Quoted from](https://discuss.pytorch.org/t/fusedadam",
    )
    problems = english.check(Project(tree))
    assert [p.about for p in problems] == ["gpu-fused-adam.body"]
    assert "'Excerpted from'" in problems[0].message


def test_a_planted_british_word_in_a_comment_translation_fails(tree: Path) -> None:
    path = tree / "snippets" / "training" / "comments.en.yml"
    text = path.read_text(encoding="utf-8")
    assert "L2 regularization" in text
    path.write_text(text.replace("L2 regularization", "L2 regularisation", 1), encoding="utf-8")
    problems = english.check(Project(tree))
    assert problems
    assert all(p.about == "comment" and "regularisation" in p.message for p in problems)
