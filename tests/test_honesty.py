"""Dishonest edits fail: each test plants one in a temporary copy of the project and
expects `torchkb build` (or `build --check`) to stop, naming the file. The builds run in
this process (tests/treecopy.py: `torchkb.cli.main`, stdout and stderr captured).

A flipped claim status, a hand-edited recorded output (any snippet, deterministic or
not), a proof changed without a fresh record (CPU: stops; CUDA: the label falls back to
"awaiting a GPU run"), and a badge typed into a generated page."""

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from treecopy import copy_sources, run_cli

import torchkb
from torchkb.sources import records
from torchkb.sources import snippets as store

SNIPPETS = {s.id: s for s in store.load_all(torchkb.ROOT / "snippets")}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The sources, records and generated pages of this checkout, copied."""
    return copy_sources(tmp_path)


def build(root: Path, *args: str) -> subprocess.CompletedProcess:
    return run_cli(root, "build", *args)


def claim_with_cpu_proof(status: str) -> tuple[Path, dict]:
    for path in sorted((torchkb.ROOT / "notes" / "claims").glob("*.yml")):
        for claim in yaml.safe_load(path.read_text(encoding="utf-8")):
            proof = SNIPPETS.get(store.snippet_id(str(claim.get("snippet") or "")))
            if claim.get("status") == status and proof and proof.meta.needs == "cpu":
                return path, claim
    raise AssertionError(f"no {status} claim with a CPU proof")


def test_flipped_status_fails(project: Path) -> None:
    path, claim = claim_with_cpu_proof("corrected")
    target = project / "notes" / "claims" / path.name
    text = target.read_text(encoding="utf-8")
    start = text.index(f"- id: {claim['id']}\n")
    flipped = text[:start] + text[start:].replace("status: corrected", "status: verified", 1)
    assert flipped != text  # the edit really happened, inside that claim
    target.write_text(flipped, encoding="utf-8")
    result = build(project)
    assert result.returncode == 1
    assert re.search(
        rf"notes/claims/{path.name}:\d+: {claim['id']}: status verified "
        "contradicts the recorded verdict",
        result.stderr,
    ), result.stderr


@pytest.mark.parametrize("deterministic", [True, False])
def test_hand_edited_output_fails(project: Path, deterministic: bool) -> None:
    snip = next(
        s
        for s in SNIPPETS.values()
        if s.kind == "python"
        and store.output_path(s).exists()
        and s.meta.needs == "cpu"
        and s.meta.deterministic_output == deterministic
        and re.search(r"\d", store.output_path(s).read_text(encoding="utf-8"))
    )
    out = project / "snippets" / snip.id.rsplit("/", 1)[0] / store.output_path(snip).name
    # change one number: masked comparison (deterministic_output: false) would not see it
    out.write_text(
        re.sub(
            r"\d",
            lambda m: str((int(m.group()) + 1) % 10),
            out.read_text(encoding="utf-8"),
            count=1,
        ),
        encoding="utf-8",
    )
    result = build(project)
    assert result.returncode == 1
    assert f"{out}: differs from the output the last run recorded" in result.stderr


def test_cpu_proof_changed_without_a_fresh_record_fails(project: Path) -> None:
    _, claim = claim_with_cpu_proof("verified")
    proof = project / "snippets" / claim["snippet"]
    proof.write_text(proof.read_text(encoding="utf-8") + "\nprint('weakened')\n", encoding="utf-8")
    result = build(project)
    assert result.returncode == 1
    assert f"{proof}: proof of claim {claim['id']}: no record of its current code" in (
        result.stderr
    ), result.stderr


def test_cuda_proof_label_needs_a_current_gpu_record(project: Path) -> None:
    """A GPU record (planted here as a GPU run would write it) earns the label; changing
    the proof afterwards takes it away again."""
    claim_id, proof_id = "gpu-allocation-block-sizes", "gpu/memory_block_size"
    proof = project / "snippets" / f"{proof_id}.py"
    docs = project / "docs" / "zh" / "gpu.md"

    def label() -> str:
        result = build(project)
        assert result.returncode == 0, result.stderr
        page = docs.read_text(encoding="utf-8")
        claim_text = next(
            c
            for c in yaml.safe_load((project / "notes/claims/gpu.yml").read_text(encoding="utf-8"))
            if c["id"] == claim_id
        )["claim"]["zh"]
        head = next(
            line for line in page.splitlines() if claim_text[:12] in line and line.startswith("!!!")
        )
        return head

    (project / "verification" / "cuda.json").write_text("{}")  # no GPU run yet
    assert "待 GPU 验证" in label()
    out = proof.with_suffix(".out")
    out.write_text("torch.float32\n512\n2097152\n", encoding="utf-8")
    record = {
        "result": "passed",
        "reason": None,
        "verdict": True,
        "code_sha256": store.code_sha256(proof),
        "output_sha256": records.sha256_file(out),
        "torch": "2.13.0",
        "cuda": "13.0",
        "device": "NVIDIA H100",
        "python": "3.12.0",
        "date": "2026-11-23",
    }
    (project / "verification" / "cuda.json").write_text(json.dumps({proof_id: record}))
    assert label().startswith('!!! success "已验证')
    proof.write_text(proof.read_text(encoding="utf-8") + "\nprint('changed')\n", encoding="utf-8")
    assert "待 GPU 验证" in label()


def test_badge_typed_into_a_page_fails(project: Path) -> None:
    page = project / "docs" / "zh" / "gpu.md"
    text = page.read_text(encoding="utf-8")
    badge = re.search(r"\[:material-check: ([^\]]+)\]", text)
    assert badge is not None
    page.write_text(
        text.replace(badge.group(1), "GPU · torch 9.9.9", 1),
        encoding="utf-8",
    )
    result = build(project, "--check")
    assert result.returncode == 1
    assert "docs/zh/gpu.md: stale" in result.stdout
