"""The note's code stays the note's (torchkb/checks/code_authorship.py): a lesson shown as
the note's code holds the raw note's lines and the editor's marked lines, nothing else;
the editor's own examples are labelled `by: editor`."""

import pytest

import torchkb
from torchkb.checks import code_authorship
from torchkb.sources.project import Project

RAW = "".join(
    """x = torch.ones(2, 2, requires_grad=True)
y = x.sum()
y.backward()  # 梯度累加
""".split()
)


@pytest.mark.parametrize(
    ("code", "unmarked"),
    [
        ("x = torch.ones(2, 2, requires_grad=True)\ny = x.sum()\n", []),
        ("x = torch.ones(2,2, requires_grad=True)\n", []),  # layout may change
        ("import torch  # 编者: 补上导入\nx = torch.ones(2, 2, requires_grad=True)\n", []),
        ("# 编者: 让代码能单独运行\nimport torch\nz = 1\n\ny = x.sum()\n", []),
        ("y = x.sum()\nprint(y)\n", [2]),  # an unmarked line of the editor's
        ("y.backward()  # 梯度累加, 实际是平均\n", [1]),  # the editor's words in a comment
        ("# 编者: 补上导入\nimport torch\n\nprint(x)\n", [4]),  # a mark ends at a blank line
    ],
)
def test_unmarked_lines(code: str, unmarked: list[int]) -> None:
    assert [n for n, _ in code_authorship.unmarked_lines(code, RAW)] == unmarked


def test_every_lesson_is_the_notes_or_marked() -> None:
    problems = code_authorship.check(Project(torchkb.ROOT))
    files = sorted({str(p.path) for p in problems})
    assert not problems, (
        "\n".join(map(str, problems[:15])) + f"\n({len(problems)} lines in {len(files)} files)"
    )
