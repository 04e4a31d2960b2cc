"""Verifying on other torch releases: a run with a torch other than pyproject.toml's pin
writes that release's records (never outputs), and pages, badges and claims show what
those records say. The runs here use this machine's torch with a pin it doesn't match."""

import json
import re
import shutil
import textwrap
from pathlib import Path

import pytest
import torch

import torchkb
from tests.treecopy import copy_sources
from torchkb.render.docs import render_site
from torchkb.sources import records
from torchkb.sources.project import Project
from torchkb.verify import stage as verify

THIS_TORCH = torch.__version__.split("+")[0]


def checkout(tmp_path: Path, pin: str) -> Path:
    """A tree with three snippets and a pyproject.toml that pins torch `pin`."""
    topic = tmp_path / "snippets" / "t"
    topic.mkdir(parents=True)
    files = {
        "same.py": "print('same')\n",
        "other.py": "print('this release')\n",
        "no_error.py": "print('fine')\n",
        "warns.py": "import warnings\nwarnings.warn('going away', FutureWarning)\n",
    }
    for name, text in files.items():
        (topic / name).write_text(text, encoding="utf-8")
    outputs = {"same": "same\n", "other": "the pinned release\n", "no_error": "fine\n"}
    outputs |= {"warns": ""}
    for name, text in outputs.items():
        (topic / f"{name}.out").write_text(text, encoding="utf-8")
    (topic / "snippets.yml").write_text(
        textwrap.dedent("""\
            same.py: {title: {zh: 同, en: same}, needs: cpu}
            other.py: {title: {zh: 异, en: other}, needs: cpu}
            no_error.py:
              title: {zh: 错, en: error}
              needs: cpu
              expect_exception: {type: RuntimeError, match: "gone"}
            warns.py: {title: {zh: 警告, en: warns}, needs: cpu}
            """),
        encoding="utf-8",
    )
    (tmp_path / "pyproject.toml").write_text(
        f'[project]\nname = "t"\ndependencies = ["torch=={pin}"]\n', encoding="utf-8"
    )
    return tmp_path


def test_a_run_on_another_release_records_it_beside_the_pinned_records(tmp_path: Path) -> None:
    root = checkout(tmp_path, pin="0.0.1")
    before = {p: p.read_bytes() for p in (root / "snippets").rglob("*") if p.is_file()}
    outcomes = verify.verify(Project(root), [], echo=lambda *_: None)
    assert {o.snippet.id: o.result for o in outcomes} == {
        "t/same": "passed",
        "t/other": "differs",
        "t/no_error": "failed",
        "t/warns": "passed",
    }
    # nothing of the pinned release is touched: its outputs and its record file
    assert {p: p.read_bytes() for p in (root / "snippets").rglob("*") if p.is_file()} == before
    assert not (root / "verification" / "cpu.json").exists()
    written = records.release_record_path(root / "verification", "cpu", THIS_TORCH)
    saved = json.loads(written.read_text(encoding="utf-8"))
    assert saved["t/other"]["output"] == "this release\n"
    assert saved["t/other"]["output_sha256"] == records.sha256_file(
        root / "snippets" / "t" / "other.out"
    )
    assert "raised nothing" in saved["t/no_error"]["reason"]
    assert saved["t/no_error"]["output"] == "fine\n"
    assert saved["t/warns"]["warnings"] == ["FutureWarning: going away"]
    assert "output" not in saved["t/same"]
    assert Project(root).releases["cpu"][THIS_TORCH]["t/same"]["torch"] == THIS_TORCH


def test_the_pinned_release_writes_its_own_records(tmp_path: Path) -> None:
    root = checkout(tmp_path, pin=THIS_TORCH)
    outcomes = verify.verify(Project(root), ["t/same", "t/other"], echo=lambda *_: None)
    results = {o.snippet.id: o.result for o in outcomes}
    assert results == {"t/same": "passed", "t/other": "failed"}  # a difference fails here
    assert (root / "verification" / "cpu.json").exists()
    assert not (root / "verification" / records.RELEASES_DIR).exists()


def test_a_gpu_machine_with_another_torch_judges_cpu_snippets_as_that_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a GPU machine whose torch is not the pinned one (a borrowed machine has its own),
    a CPU snippet that prints something else there is that release's fact: `differs`, its
    output kept in cuda.json, the pinned outputs untouched even with --update. With the
    pinned torch the same difference fails, as on the CPU."""
    monkeypatch.setattr(verify, "device_kind", lambda: "cuda")  # this machine has no GPU
    root = checkout(tmp_path / "other", pin="0.0.1")
    before = {p: p.read_bytes() for p in (root / "snippets").rglob("*") if p.is_file()}
    outcomes = verify.verify(
        Project(root), ["t/same", "t/other"], update=True, echo=lambda *_: None
    )
    assert {o.snippet.id: o.result for o in outcomes} == {"t/same": "passed", "t/other": "differs"}
    assert {p: p.read_bytes() for p in (root / "snippets").rglob("*") if p.is_file()} == before
    saved = json.loads((root / "verification" / "cuda.json").read_text(encoding="utf-8"))
    assert saved["t/other"]["output"] == "this release\n"
    assert not (root / "verification" / records.RELEASES_DIR).exists()

    root = checkout(tmp_path / "pinned", pin=THIS_TORCH)
    outcomes = verify.verify(Project(root), ["t/other"], echo=lambda *_: None)
    assert [o.result for o in outcomes] == ["failed"]


# --- pages: a planted record of another release ------------------------------------------
PLANTED = "9.1.0"
GPU_TORCH = "9.2.0"  # a GPU machine's own torch, run on no CPU
PASSED = "tensors/view_shares_storage"  # a CPU snippet with a check part
DIFFERS = "tensors/tensor_size"
RAISES = "tensors/matmul_dtype_mismatch"  # expects an error; another wording is planted
PROOF_CLAIM = "tensors-new-ones-keeps-dtype"  # its proof's verdict turns on the planted release


def plant(tmp_path: Path) -> Project:
    root = copy_sources(tmp_path / "tree")
    shutil.rmtree(root / "verification" / records.RELEASES_DIR, ignore_errors=True)
    project = Project(root)
    pinned = project.verification["cpu"]
    claim = project.claims_by_id[PROOF_CLAIM]
    proof = claim.snippet.removesuffix(".py")
    verdict = pinned[proof]["verdict"]
    turned = (
        {k: (not v if k == PROOF_CLAIM else v) for k, v in verdict.items()}
        if isinstance(verdict, dict)
        else not verdict
    )
    planted = {
        PASSED: {**pinned[PASSED], "torch": PLANTED, "warnings": ["FutureWarning: soon gone"]},
        DIFFERS: {**pinned[DIFFERS], "torch": PLANTED, "result": "differs", "output": "41 and 1\n"},
        proof: {**pinned[proof], "torch": PLANTED, "verdict": turned},
        RAISES: {
            **pinned[RAISES],
            "torch": PLANTED,
            "result": "failed",
            "output_sha256": None,
            "output": "RuntimeError: a planted wording\n",
            "reason": f"<repo>/snippets/{RAISES}.py:9: raised RuntimeError: a planted wording",
        },
    }
    target = records.release_record_path(root / "verification", "cpu", PLANTED)
    records.save_records(target, planted, set(project.snippets))
    # a GPU machine with a torch of its own printed something else for a CPU snippet
    cuda = records.record_path(root / "verification", "cuda")
    on_gpu = json.loads(cuda.read_text(encoding="utf-8")) if cuda.exists() else {}
    on_gpu[DIFFERS] = {
        **pinned[DIFFERS],
        "result": "differs",
        "output": "42 on the GPU machine\n",
        "torch": GPU_TORCH,
        "cuda": "13.0",
        "device": "Planted GPU",
    }
    cuda.write_text(json.dumps(on_gpu), encoding="utf-8")
    return Project(root)


def test_a_planted_release_record_reaches_badges_folds_and_claims(tmp_path: Path) -> None:
    project = plant(tmp_path)
    pinned = project.pinned_torch
    files = render_site(project)
    for lang in ("zh", "en"):
        page = files[f"{lang}/tensors.md"].decode()
        passed = page.split(f'data-snippet="snippets/{PASSED}.py"')[1].split("data-snippet=")[0]
        assert f"torch {pinned}, {PLANTED}" in passed  # the badge lists both releases
        assert "FutureWarning: soon gone" in passed  # a warning only that release gives
        differs = page.split(f'data-snippet="snippets/{DIFFERS}.py"')[1].split("data-snippet=")[0]
        # the CPU's releases alone; a GPU machine's torch is named apart ("+ GPU · torch …")
        assert re.search(rf"CPU · torch {re.escape(pinned)}(\]\(| \+ GPU · torch )", differs)
        assert f"torch {pinned}, {PLANTED}" not in differs
        assert "41 and 1" in differs.split('kb-releases"')[1]  # its own output, shown
    # the GPU machine's other output is that release's fact, folded; never "GPU: failed"
    fold = differs.split('kb-releases"')[1]
    assert f"torch {GPU_TORCH} (run on the GPU machine: Planted GPU, CUDA 13.0)" in fold
    assert "42 on the GPU machine" in fold
    assert "GPU: failed" not in differs
    assert f"GPU: different output · torch {GPU_TORCH}" in differs
    # the claim's "changed in" comes from the releases' verdicts, on its page and the claims page
    for page in ("en/tensors.md", "en/claims.md"):
        assert f"between torch {pinned} and {PLANTED} (from the runs)" in files[page].decode()
    assert f"{pinned} 与 {PLANTED} 之间（运行记录）" in files["zh/tensors.md"].decode()
    # a reader on that release pastes its wording: the error index has it
    errors = files["en/errors.md"].decode()
    assert f"On torch {PLANTED} the same code raises:\n\n```text\nRuntimeError: a planted" in errors


def test_the_pin_is_the_release_ci_installs() -> None:
    assert Project(torchkb.ROOT).pinned_torch == THIS_TORCH


# every CPU snippet ran on these (CONTRIBUTING): the oldest release pip installs for Python 3.11,
# the latest, the one before it, and the GPU machine's torch (so what differs there has its
# CPU row); other release files are targeted runs (a bisection)
FULL_RELEASES = ("1.13.0", "2.11.0", "2.14.1", "2.15.0")


def test_committed_release_records_are_what_their_runs_wrote() -> None:
    """Each release file holds that release's runs (the file name and every record agree)
    and only the results a run writes; the full releases a record for every CPU snippet,
    of its current code."""
    project = Project(torchkb.ROOT)
    releases = project.releases["cpu"]
    assert set(FULL_RELEASES) <= set(releases)
    for release, recorded in releases.items():
        assert release != project.pinned_torch
        assert {r["torch"] for r in recorded.values()} == {release}
        assert {r["result"] for r in recorded.values()} <= set(records.RESULTS)
    for snip in project.snippets.values():
        if snip.meta.needs == "cuda":
            continue
        current = project.evidence[snip.id].releases
        missing = [r for r in FULL_RELEASES if r not in current]
        assert not missing, f"{snip.id}: no current record on torch {missing}: make verify-release"
