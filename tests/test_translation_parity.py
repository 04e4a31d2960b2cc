"""The English says what the Chinese says (torchkb/checks/parity.py): the numbers, code names,
quoted errors, formulas and code blocks of every en body equal those of its zh body."""

import shutil
from pathlib import Path

import torchkb
from torchkb.checks import parity
from torchkb.sources.project import Project


def test_en_bodies_keep_numbers_code_and_errors() -> None:
    problems = parity.check(Project(torchkb.ROOT))
    assert not problems, "\n".join(map(str, problems))


def test_facts() -> None:
    zh = parity.facts(
        "显存单位块为2MB，`torch.cuda.memory_allocated()` 返回 512B\n"
        "RuntimeError: boom\n\n@snippet gpu/x.py\n"
    )
    assert zh["numbers"] == {"2": 1, "512": 1}
    assert zh["code names"] == {"torch.cuda.memory_allocated()"}
    assert zh["quoted errors"] == {"RuntimeError: boom"}
    en = parity.facts(
        "Blocks are 2 MB, and `torch.cuda.memory_allocated()` returns 512 B\nRuntimeError: boom\n"
    )
    assert en == zh


def _plant(tmp_path: Path, old: str, new: str) -> list[parity.Problem]:
    shutil.copytree(torchkb.ROOT / "notes", tmp_path / "notes")
    path = tmp_path / "notes" / "topics" / "gpu.yml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return parity.check(Project(tmp_path))


def test_a_number_changed_in_the_english_only_fails_naming_the_section(tmp_path: Path) -> None:
    problems = _plant(tmp_path, "in units of 2 MB", "in units of 4 MB")
    assert [(p.section, p.kind, p.zh_only, p.en_only) for p in problems] == [
        ("gpu-memory-allocation", "numbers", ["2"], ["4"])
    ]
    assert str(problems[0]).startswith(f"{tmp_path / 'notes' / 'topics' / 'gpu.yml'}:")


def test_a_code_name_changed_in_the_english_only_fails(tmp_path: Path) -> None:
    problems = _plant(
        tmp_path,
        "1. `torch.cuda.memory_allocated()`  the GPU",
        "1. `torch.cuda.memory_reserved()`  the GPU",
    )
    assert [(p.section, p.kind) for p in problems] == [("gpu-memory-allocation", "code names")]


def test_short_texts_keep_numbers_and_code_names() -> None:
    """Titles, summaries, claims and their explanations, snippet titles and comments: the
    English loses no number or code name of the Chinese."""
    problems = parity.check_texts(Project(torchkb.ROOT))
    assert not problems, "\n".join(map(str, problems))


def test_a_lost_number_or_name_in_a_short_text_is_found(tmp_path: Path) -> None:
    assert parity.compare_texts("保存 state_dict 的 2 个文件", "Save two files", tmp_path, 1, "t")
    assert parity.compare_texts("第 0 个样本", "sample 1", tmp_path, 1, "t")
    assert not parity.compare_texts("第 0 个样本", "the first sample", tmp_path, 1, "t")
    assert not parity.compare_texts("一维、二维", "1D and 2D", tmp_path, 1, "t")  # en may add
    assert not parity.compare_texts("约 1678 万参数", "about 16.8 M parameters", tmp_path, 1, "t")
