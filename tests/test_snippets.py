"""Every snippet runs: CPU ones here and in CI, CUDA ones wherever CUDA exists.

Outputs are compared with the recorded `.out` files (`--update-outputs` rewrites them from
a real run); `--record-verification` writes what the run earned to verification/.
"""

import hashlib
import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest
import torch
import yaml
from snippet_runner import comparable, exception_matches, normalise, run_python

import torchkb
from torchkb import snippets as store

SNIPPETS = store.load_all()


def params() -> list:
    out = []
    for snip in SNIPPETS:
        marks = [pytest.mark.timeout(int(snip.meta.get("timeout", 120)))]
        if snip.meta.get("needs") == "cuda":
            marks.append(pytest.mark.cuda)
        out.append(pytest.param(snip, id=snip.id, marks=marks))
    return out


def skip_reason(snip: store.Snippet) -> str | None:
    meta = snip.meta
    if meta.get("skip"):
        return str(meta["skip"])
    if meta.get("needs") == "cuda" and not torch.cuda.is_available():
        return "needs CUDA: torch.cuda.is_available() is False on this machine"
    if meta.get("needs") == "cpu-only-build" and torch.backends.cuda.is_built():
        return "needs a CPU-only torch build (this torch is built with CUDA)"
    for package in meta.get("packages") or []:
        if importlib.util.find_spec(package) is None:
            return f"needs the package {package}, not installed"
    if snip.kind == "text":
        return "text snippet: nothing to run"
    return None


def check_output(snip: store.Snippet, recorded: str, update: bool) -> None:
    out_path = store.output_path(snip)
    if update:
        out_path.write_text(recorded, encoding="utf-8")
        return
    assert out_path.exists(), f"{out_path}: no recorded output: run pytest --update-outputs"
    deterministic = snip.meta.get("deterministic_output", True) is not False
    expected = out_path.read_text(encoding="utf-8")
    assert comparable(recorded, deterministic) == comparable(expected, deterministic), (
        f"{snip.path}: output differs from {out_path.name} (run pytest --update-outputs if the "
        "change is intended)")


@pytest.mark.parametrize("snip", params())
def test_snippet(snip: store.Snippet, tmp_path: Path, request: pytest.FixtureRequest,
                 recorder) -> None:
    update = request.config.getoption("update_outputs")
    record = request.config.getoption("record_verification")
    code_sha = store.code_sha256(snip.path)
    reason = skip_reason(snip)
    if reason:
        if snip.kind == "shell":  # never run, but must at least parse
            subprocess.run(["bash", "-n", str(snip.path)], check=True, timeout=30)
        if record:
            recorder.add(snip.id, {"result": "skipped", "reason": reason, "code_sha256": code_sha})
        pytest.skip(reason)

    if snip.kind == "yaml":
        yaml.safe_load(snip.path.read_text(encoding="utf-8"))
        recorded = ""
    elif snip.kind == "shell":
        result = subprocess.run(["bash", str(snip.path)], cwd=tmp_path, capture_output=True,
                                text=True, timeout=int(snip.meta.get("timeout", 60)))
        assert result.returncode == 0, result.stderr
        recorded = result.stdout
    else:
        before = sorted(p.name for p in torchkb.ROOT.iterdir())
        result = run_python(snip.path, tmp_path)
        assert sorted(p.name for p in torchkb.ROOT.iterdir()) == before, (
            f"{snip.path}: created files in the repository root")
        expected = snip.meta.get("expect_exception")
        if expected:
            assert result.exception is not None, f"{snip.path}: expected {expected['type']}"
            assert exception_matches(result.exception, expected), (
                f"{snip.path}: raised {result.exception!r}, expected {expected}")
        elif result.exception is not None:
            raise result.exception
        recorded = normalise(result.recorded(), tmp_path, torchkb.ROOT)
        for figure in sorted(tmp_path.glob("*.png")) + sorted(tmp_path.glob("*.svg")):
            kept = snip.path.with_name(f"{snip.path.stem}.{figure.name}")
            if request.config.getoption("update_outputs"):
                shutil.copyfile(figure, kept)
            assert kept.exists(), f"{kept}: figure not recorded: run pytest --update-outputs"
    check_output(snip, recorded, update)
    if record:
        recorder.add(snip.id, {
            "result": "passed", "code_sha256": code_sha,
            "output_sha256": hashlib.sha256(recorded.encode()).hexdigest()})


def test_snippet_metadata_names_real_files() -> None:
    """snippets.yml entries point at files, and every snippet file has an entry."""
    for snip in SNIPPETS:
        assert snip.meta, f"{snip.path}: no entry in {snip.path.parent / 'snippets.yml'}"
        assert snip.meta.get("needs") in {"cpu", "cuda", "cpu-only-build"}, snip.id
        assert snip.meta.get("title", {}).get("en"), f"{snip.id}: needs an English title"


def test_cpu_snippets_have_current_verification_records() -> None:
    records = store.load_verification().get("cpu", {})
    stale = [s.id for s in SNIPPETS
             if records.get(s.id, {}).get("code_sha256") != store.code_sha256(s.path)]
    assert not stale, ("no current CPU record (run pytest --record-verification): "
                       + ", ".join(stale))
