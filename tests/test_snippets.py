"""Every snippet runs once, as `python -m torchkb verify` runs it, and is compared with its
recorded output; its record in verification/ must be of this code and this output.

Tests compare, they don't record: `python -m torchkb verify [ID] [--update]` writes the
outputs and records. CUDA snippets run where CUDA exists (each in a process of its own)
and are skipped elsewhere with that reason.
"""

from pathlib import Path

import pytest
from tools import PACKAGE_TOOLS, require_tool

import torchkb
from torchkb.sources import records
from torchkb.sources import snippets as store
from torchkb.verify import stage as verify

SNIPPETS = store.load_all(torchkb.ROOT / "snippets")
VERIFICATION = records.load_records(torchkb.ROOT / "verification")
DEVICE = verify.device_kind()
# git-ignored names that other tests of the same run may create in the repository root
# while a snippet runs (xdist runs them side by side), so the write check doesn't blame it
WRITTEN_BY_OTHER_TESTS = {
    ".ruff_cache",  # test_workflows runs ruff
    "test-artifacts",  # test_browser's screenshots
}


def _root_entries() -> list[str]:
    return sorted(p.name for p in torchkb.ROOT.iterdir() if p.name not in WRITTEN_BY_OTHER_TESTS)


@pytest.mark.parametrize("snip", SNIPPETS, ids=lambda s: s.id)
def test_snippet(snip: store.Snippet, tmp_path: Path, record_property) -> None:
    for package in snip.meta.packages:
        if package in PACKAGE_TOOLS:  # missing: one line saying what to install
            require_tool(PACKAGE_TOOLS[package])
    workdir = tmp_path / "cwd"
    workdir.mkdir()
    before = _root_entries()
    outcome = verify.run(snip, DEVICE, workdir, repo=torchkb.ROOT)
    record_property("snippet_seconds", round(outcome.seconds, 4))  # benchmarks/suite_time.py
    assert _root_entries() == before, f"{snip.path}: created files in the repository root"
    assert outcome.result != "failed", outcome.reason

    fix = f"run python -m torchkb verify {snip.id}"
    record = VERIFICATION[DEVICE].get(snip.id)
    assert record is not None, f"{snip.path}: no {DEVICE} record: {fix}"
    assert record["code_sha256"] == store.code_sha256(snip.path), (
        f"{snip.path}: changed since its {DEVICE} record ({record['date']}): {fix}"
    )
    assert record["result"] == outcome.result, (
        f"{snip.path}: recorded {record['result']}, {outcome.result} now: {fix}"
    )
    assert record.get("verdict") == outcome.verdict, (
        f"{snip.path}: recorded verdict {record.get('verdict')}, {outcome.verdict} now: {fix}"
    )
    if outcome.output_file is not None:
        assert record["output_sha256"] == records.sha256_file(outcome.output_file), (
            f"{outcome.output_file}: not the output its {DEVICE} run recorded "
            f"({record['date']}): outputs come from runs: {fix} --update"
        )
    if outcome.result == "skipped":
        pytest.skip(outcome.reason)


def test_snippet_metadata() -> None:
    """Every snippet file has a snippets.yml entry with what the pages need; every .out
    belongs to a snippet."""
    for snip in SNIPPETS:
        # the values themselves are checked when snippets.yml is loaded (torchkb.sources.schema)
        where = f"{snip.path}: no entry with `needs` in {snip.path.parent / 'snippets.yml'}"
        assert snip.meta.needs is not None, where
        title = snip.meta.title
        assert title and title.zh and title.en, f"{snip.path}: needs a zh and an en title"
    ids = {s.id for s in SNIPPETS}
    root = torchkb.ROOT / "snippets"
    orphans = [
        str(p)
        for p in sorted(root.glob("*/*.out"))
        if f"{p.parent.name}/{p.name.split('.', 1)[0]}" not in ids
    ]
    assert not orphans, f"recorded outputs without a snippet: {orphans}"


def test_every_record_is_of_a_snippet() -> None:
    ids = {s.id for s in SNIPPETS}
    for device, found in VERIFICATION.items():
        extra = sorted(set(found) - ids)
        assert not extra, f"verification/{device}.json: records of no snippet: {extra}"
