"""A proof must be able to fail (torchkb/checks/proofs.py): every claim's verdict and its
control come from an experiment, not from a literal, a docstring, a version or hasattr;
and each recorded control came out the other way from its verdict."""

import ast
import textwrap

import pytest

import torchkb
from torchkb.checks import proofs
from torchkb.render.claims import label_all
from torchkb.sources.project import Project

PROJECT = Project(torchkb.ROOT)


def judged(lesson: str, check: str, name: str = "note_claim_holds") -> str | None:
    trees = [ast.parse(textwrap.dedent(lesson)), ast.parse(textwrap.dedent(check))]
    expr = proofs._assigned(trees[1], (name, name + "_dict"), "c")
    assert expr is not None
    return proofs.judge(expr, proofs.Assignments(trees))


@pytest.mark.parametrize(
    ("lesson", "check", "why"),
    [
        ("import torch\n", "note_claim_holds = True\n", "a literal"),
        ("import torch\n", 'note_claim_holds = not hasattr(torch.version, "hip")\n', "hasattr"),
        (
            "import torch\ndoc = ' '.join(torch.cuda.empty_cache.__doc__.split())\n",
            'note_claim_holds = "doesn\'t increase" not in doc\n',
            "__doc__",
        ),
        (
            "import importlib.util\n",
            'note_claim_holds = importlib.util.find_spec("onnxscript") is None\n',
            "find_spec",
        ),
        ("import torch\n", 'note_claim_holds = torch.__version__ >= "2.0"\n', "__version__"),
    ],
)
def test_a_verdict_that_cannot_fail_is_found(lesson: str, check: str, why: str) -> None:
    assert why in (judged(lesson, check) or "")


@pytest.mark.parametrize(
    ("lesson", "check"),
    [
        (
            "import torch\nx = torch.zeros(2, dtype=torch.float64)\ny = x.new_ones(3)\n",
            "note_claim_holds = y.dtype == x.dtype\n",
        ),
        (
            "import torch\nx = torch.ones(2)\nx.t_()\n",
            'note_claim_holds = "x" in str(lesson_error)\n',
        ),
        (
            "import torch\ndef run(n):\n    return torch.ones(n).sum()\n",
            "total = run(3)\nnote_claim_holds = bool(total == 3)\n",
        ),
    ],
)
def test_a_verdict_from_an_experiment_passes(lesson: str, check: str) -> None:
    assert judged(lesson, check) is None


def test_every_proof_can_fail() -> None:
    problems = proofs.check(PROJECT)
    assert not problems, "\n".join(map(str, problems[:20])) + f"\n({len(problems)} in all)"


def test_each_recorded_control_came_out_the_other_way() -> None:
    """The control case ran and measured the opposite of the claim's case: the
    measurement tells the claim from its opposite on the torch that ran it."""
    labels = label_all(PROJECT.claims, PROJECT.evidence)
    problems, compared = [], 0
    for claim in PROJECT.claims:
        label = labels[claim.id]
        record = label.record
        if record is None or label.proof is None:
            continue
        verdict, control = record.get("verdict"), record.get("control")
        if isinstance(verdict, dict):
            verdict = verdict.get(claim.id)
        if isinstance(control, dict):
            control = control.get(claim.id)
        if not isinstance(control, bool):
            problems.append(f"{claim.id}: {label.proof.id} recorded no control")
        elif control == verdict:
            problems.append(
                f"{claim.id}: {label.proof.id}'s control measured {control}, as its case did: "
                "the measurement can't tell the claim from its opposite"
            )
        compared += 1
    assert compared > 50
    assert not problems, "\n".join(problems)
