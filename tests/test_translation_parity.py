"""The English says what the Chinese says (torchkb/checks/parity.py): the numbers, code names,
quoted errors, formulas and code blocks of every en body equal those of its zh body."""

import shutil
from pathlib import Path

import pytest

import torchkb
from torchkb.checks import parity, polarity
from torchkb.errors import Problem
from torchkb.sources import comments
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


def _plant(tmp_path: Path, old: str, new: str) -> list[Problem]:
    shutil.copytree(torchkb.ROOT / "notes", tmp_path / "notes")
    path = tmp_path / "notes" / "topics" / "gpu.yml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return parity.check(Project(tmp_path))


def test_a_number_changed_in_the_english_only_fails_naming_the_section(tmp_path: Path) -> None:
    problems = _plant(tmp_path, "in units of 2 MB", "in units of 4 MB")
    assert [(p.about, p.kind, p.message) for p in problems] == [
        (
            "gpu-memory-allocation",
            "numbers",
            "gpu-memory-allocation: numbers differ between zh and en: zh only ['2'], en only ['4']",
        )
    ]
    assert str(problems[0]).startswith(f"{tmp_path / 'notes' / 'topics' / 'gpu.yml'}:")


def test_a_code_name_changed_in_the_english_only_fails(tmp_path: Path) -> None:
    problems = _plant(
        tmp_path,
        "1. `torch.cuda.memory_allocated()`  the GPU",
        "1. `torch.cuda.memory_reserved()`  the GPU",
    )
    assert [(p.about, p.kind) for p in problems] == [("gpu-memory-allocation", "code names")]


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


# --- negations and hedges (torchkb/checks/polarity.py) -----------------------------------
@pytest.mark.parametrize(
    ("zh", "en"),
    [
        ("张量不连续", "the tensor is non-contiguous"),  # an antonym keeps the negation
        ("两次的结果不同", "the two results differ"),  # 不同 is "different", not a negation
        ("BN 设为 eval 模式后, 统计量保持不变", "in eval mode the statistics stay unchanged"),
        ("去掉混合精度那几种情形", "without the mixed-precision cases"),
        ("有 GPU 时用 GPU, 没有时用 CPU", "the GPU when there is one, the CPU when there is none"),
        ("能不能运行", "whether it runs"),  # an A-not-A question asks "whether"
        ("会快一些", "a bit faster"),
        ("> Unlike copy_(), clone is recorded", "> Unlike copy_(), clone is recorded"),  # a quote
    ],
)
def test_a_pair_that_keeps_its_meaning_passes(zh: str, en: str) -> None:
    assert polarity.compare(zh, en) == []


@pytest.mark.parametrize(
    ("zh", "en", "lost"),
    [
        ("copy_() 不会追踪梯度", "copy_() tracks gradients", "negation only in zh"),
        (
            "tensor.cuda() 不是原地操作",
            "tensor.cuda() is an in-place operation",
            "negation only in zh",
        ),
        ("这里会复制数据", "no data is copied here", "negation only in en"),
        ("转到GPU会快一些", "is copied to the GPU faster", "hedge lost in en"),
        (
            "不同的 pytorch 版本可能这个数值不一样",
            "the numbers differ between versions",
            "hedge lost",
        ),
    ],
)
def test_a_pair_whose_meaning_flips_is_found(zh: str, en: str, lost: str) -> None:
    found = polarity.compare(zh, en)
    assert found and found[0].startswith(lost), found


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    for name in ("notes", "snippets"):
        shutil.copytree(torchkb.ROOT / name, tmp_path / name)
    comments.forget_maps()
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_english_comment_whose_meaning_flips_fails(sources: Path) -> None:
    """The English of a snippet comment drops its "not": the comment, its file and line."""
    path = sources / "snippets" / "tensors" / "comments.en.yml"
    _edit(
        path,
        "the functions the table says do not copy data",
        "the functions the table says copy data",
    )
    problems = parity.check_texts(Project(sources))
    assert [(p.about, p.message) for p in problems] == [
        ("comment", "comment: negation only in zh ['不']")
    ]
    assert str(problems[0]).startswith(f"{path}:")


def test_a_dropped_hedge_in_a_claim_fails(sources: Path) -> None:
    path = sources / "notes" / "claims" / "data.yml"
    _edit(path, "copied to GPU memory a bit faster", "copied to GPU memory faster")
    problems = parity.check_texts(Project(sources))
    assert [p.about for p in problems] == ["data-pin-memory-faster.claim"]
    assert "hedge lost in en" in problems[0].message


def test_a_negation_dropped_from_a_body_paragraph_fails_naming_it(sources: Path) -> None:
    path = sources / "notes" / "topics" / "tensors.yml"
    _edit(
        path,
        "copy_() does not track gradients, while clone does",
        "copy_() tracks gradients, and so does clone",
    )
    problems = [p for p in parity.check(Project(sources)) if "negation" in p.kind]
    assert [(p.about, p.kind.split(":")[0]) for p in problems] == [
        ("tensors-clone-copy", "paragraph 5")
    ]


def test_a_paragraph_lost_in_the_english_fails(sources: Path) -> None:
    path = sources / "notes" / "topics" / "tensors.yml"
    _edit(path, "        Whenever you would use =, add .clone()\n\n", "")
    problems = parity.check(Project(sources))
    assert ("tensors-clone-copy", "paragraphs") in [(p.about, p.kind) for p in problems]
