"""Every snippet runs as one test: CPU ones here and in CI, CUDA ones wherever CUDA exists.

Outputs are compared with the recorded `.out` files through syrupy (`--snapshot-update`
rewrites them, and the kept figures, from a real run); `--record-verification` writes
what the run earned to verification/ (see conftest.py).
"""

import datetime
import hashlib
import importlib.util
import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import torch
import yaml
from snippet_records import RECORD, environment
from snippet_runner import (
    exception_matches,
    normalise,
    run_python,
    shell_skip_reason,
)
from snippet_snapshots import extension_for

import torchkb
from torchkb import snippets as store

DEFAULT_TIMEOUT = 60  # seconds; snippets.yml `timeout:` overrides
RUNNER_FILES = [Path(__file__), Path(__file__).with_name("snippet_runner.py")]
# git-ignored names that other tests of the same run may create in the repository root
# while a snippet runs (xdist runs them side by side), so the write guard doesn't blame it
WRITTEN_BY_OTHER_TESTS = {
    ".cache",  # mkdocs-jupyter's cache, from the site build running in the background
    ".ruff_cache",  # test_workflows runs ruff
    "test-artifacts",  # test_browser's screenshots
    ".snippet-cache",  # --snippet-cache records of other snippets
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "snip" not in metafunc.fixturenames:
        return
    params = []
    for snip in store.load_all():
        marks = [pytest.mark.timeout(int(snip.meta.get("timeout", DEFAULT_TIMEOUT)))]
        if snip.meta.get("needs") == "cuda":
            marks.append(pytest.mark.cuda)
        params.append(pytest.param(snip, id=snip.id, marks=marks))
    metafunc.parametrize("snip", params)


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
            return f"needs the package {package}: not importable here"
    if snip.kind == "text":
        return "text snippet: nothing to run"
    if snip.kind == "shell":
        return shell_skip_reason(snip.path.read_text(encoding="utf-8"))
    return None


def _root_entries() -> list[str]:
    return sorted(p.name for p in torchkb.ROOT.iterdir() if p.name not in WRITTEN_BY_OTHER_TESTS)


# --- the local cache (--snippet-cache) -------------------------------------------------
def _cache_file(snip: store.Snippet) -> Path:
    return store.snippets_root().parent / ".snippet-cache" / (snip.id.replace("/", "__") + ".json")


def _cache_key(snip: store.Snippet) -> str:
    digest = hashlib.sha256()
    out = store.output_path(snip)
    for path in [snip.path, *RUNNER_FILES, *store.figures(snip)] + ([out] if out.exists() else []):
        digest.update(path.read_bytes())
    digest.update(json.dumps(snip.meta, sort_keys=True, ensure_ascii=False).encode())
    digest.update(torch.__version__.encode())
    return digest.hexdigest()


def _cached_since(snip: store.Snippet) -> str | None:
    path = _cache_file(snip)
    if not path.exists():
        return None
    entry = json.loads(path.read_text(encoding="utf-8"))
    return entry["date"] if entry.get("key") == _cache_key(snip) else None


def _remember_pass(snip: store.Snippet) -> None:
    path = _cache_file(snip)
    path.parent.mkdir(exist_ok=True)
    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    path.write_text(json.dumps({"key": _cache_key(snip), "date": now}), encoding="utf-8")


# --- running one snippet ---------------------------------------------------------------
def _run(snip: store.Snippet, workdir: Path) -> str:
    """Run the snippet and return its normalised recorded output."""
    if snip.kind == "yaml":
        yaml.safe_load(snip.path.read_text(encoding="utf-8"))
        return ""
    if snip.kind == "shell":
        result = subprocess.run(["bash", str(snip.path)], cwd=workdir, capture_output=True,
                                text=True, timeout=int(snip.meta.get("timeout", DEFAULT_TIMEOUT)))
        assert result.returncode == 0, f"{snip.path}: exit {result.returncode}\n{result.stderr}"
        return normalise(result.stdout, workdir, torchkb.ROOT)
    result = run_python(snip.path, workdir)
    expected = snip.meta.get("expect_exception")
    if expected:
        if result.exception is None:
            pytest.fail(f"{snip.path}: expected {expected['type']} matching "
                        f"{expected.get('match', '')!r}, but it raised nothing")
        if not exception_matches(result.exception, expected):
            raise AssertionError(
                f"{snip.path}: raised {type(result.exception).__name__}: {result.exception}; "
                f"expected {expected['type']} matching {expected.get('match', '')!r}"
            ) from result.exception
    elif result.exception is not None:
        raise result.exception
    return normalise(result.recorded(), workdir, torchkb.ROOT)


def _check_figures(snip: store.Snippet, workdir: Path, update: bool) -> None:
    for figure in sorted(workdir.glob("*.png")) + sorted(workdir.glob("*.svg")):
        kept = store.figure_path(snip, figure.name)
        if update:
            shutil.copyfile(figure, kept)
        assert kept.exists(), f"{kept}: figure not recorded: run pytest --snapshot-update"


def test_snippet(snip: store.Snippet, tmp_path: Path, request: pytest.FixtureRequest,
                 snapshot, record_property) -> None:
    config = request.config
    update = bool(config.getoption("update_snapshots"))
    fields = {"reason": None, "code_sha256": store.code_sha256(snip.path),
              "output_sha256": None, **environment()}
    record = {"id": snip.id, "fields": fields}
    # attached now, filled in as the run goes: the report carries it whatever the outcome
    record_property(RECORD, record)

    reason = skip_reason(snip)
    if reason:
        if snip.kind == "shell":  # never run, but must at least parse
            check = subprocess.run(["bash", "-n", str(snip.path)], capture_output=True,
                                   text=True, timeout=30)
            assert check.returncode == 0, f"{snip.path}: bash -n: {check.stderr}"
        fields["reason"] = reason
        pytest.skip(reason)
    if config.getoption("snippet_cache") and not update:
        since = _cached_since(snip)
        if since:
            record.clear()  # verification records come only from real runs
            pytest.skip(f"cached: unchanged since {since}")

    workdir = tmp_path / "cwd"
    workdir.mkdir()
    before = _root_entries()
    start = time.perf_counter()
    recorded = _run(snip, workdir)
    record_property("snippet_seconds", round(time.perf_counter() - start, 4))
    assert _root_entries() == before, (
        f"{snip.path}: created files in the repository root")

    if snip.kind in {"python", "shell"}:
        out = store.output_path(snip)
        if not out.exists() and not update:
            pytest.fail(f"{out}: no recorded output: run pytest --snapshot-update")
        deterministic = snip.meta.get("deterministic_output", True) is not False
        assert snapshot(extension_class=extension_for(out, deterministic)) == recorded, (
            f"{snip.path}: output differs from {out.name} (run pytest --snapshot-update if the "
            "change is intended)")
        fields["output_sha256"] = hashlib.sha256(out.read_bytes()).hexdigest()
        _check_figures(snip, workdir, update)
    if config.getoption("snippet_cache"):
        _remember_pass(snip)


def test_snippet_metadata() -> None:
    """Every snippet file has a snippets.yml entry with what the pages need; every .out
    belongs to a snippet."""
    snippets = store.load_all()
    for snip in snippets:
        assert snip.meta, f"{snip.path}: no entry in {snip.path.parent / 'snippets.yml'}"
        assert snip.meta.get("needs") in store.NEEDS, f"{snip.path}: needs: cpu | cuda | ..."
        title = snip.meta.get("title") or {}
        assert title.get("zh") and title.get("en"), f"{snip.path}: needs a zh and an en title"
    ids = {s.id for s in snippets}
    root = store.snippets_root()
    orphans = [str(p) for p in sorted(root.glob("*/*.out"))
               if f"{p.parent.name}/{p.stem}" not in ids]
    assert not orphans, f"recorded outputs without a snippet: {orphans}"


def test_cpu_snippets_have_current_verification_records() -> None:
    """A CPU snippet needs a record of a real run of its current code."""
    records = store.load_verification().get("cpu", {})
    problems = []
    for snip in store.load_all():
        if snip.meta.get("needs") == "cuda":
            continue
        record = records.get(snip.id)
        if record is None:
            problems.append(f"{snip.id}: no cpu record")
        elif record.get("code_sha256") != store.code_sha256(snip.path):
            problems.append(f"{snip.id}: record is stale (code changed)")
    assert not problems, ("run pytest --record-verification:\n" + "\n".join(problems))
