"""The verify stage: run the snippets this machine can run, compare each with its recorded
output, and write what the run earned to `verification/<device kind>.json`.

    python -m torchkb verify                   # every snippet; records for this device
    python -m torchkb verify tensors gpu/empty_cache --update   # rewrite their outputs
    python -m torchkb verify --shard 0/2       # a share (GPU matrix job): a part file
    python -m torchkb verify --merge           # parts -> verification/<device>.json
    .venvs/torch-2.15.0/bin/python -m torchkb verify   # another torch release (CONTRIBUTING)

Needs only torch, pyyaml and pydantic (plus the packages a snippet declares), so it runs on a GPU
machine whose torch is not the pinned one; each record says which torch ran. CPU snippets
run in this process (torch imported once) unless `--isolate process`; CUDA snippets and,
on a CUDA machine, every snippet run in a process of their own (`torchkb.verify.runner`).

On the CPU with a torch other than the one pyproject.toml pins, a run is a release run: it
compares each snippet with the pinned release's recorded output, writes no outputs, and
records what it found (a different output as `differs`, with the output) in
`verification/releases/cpu-torch-<release>.json`. On a GPU machine with another torch, the
CPU snippets are judged the same way (`judged_as_release_on_gpu`), in `cuda.json`.
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import json
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml

from torchkb.sources import records
from torchkb.sources import snippets as store
from torchkb.sources.project import Project
from torchkb.verify import compare, runner, shell

DEFAULT_TIMEOUT = 60  # seconds; snippets.yml `timeout:` overrides
PARTS = ".parts"  # verification/.parts/<device>-<i>-of-<n>.json, one per shard (git-ignored)


@dataclass
class Outcome:
    snippet: store.Snippet
    result: str  # records.RESULTS: passed | differs | failed | skipped
    reason: str | None = None
    recorded: str | None = None  # this run's output, normalised
    output_file: Path | None = None  # the recorded output it was compared with / wrote
    verdict: bool | dict[str, bool] | None = None
    seconds: float = 0.0
    control: bool | dict[str, bool] | None = None
    warnings: list[str] | None = None
    output: str | None = None  # a release run's output where it differs from the pinned one
    cases: dict | None = None  # the proof's verdict per case of its grid
    property: dict | None = None  # a property-based proof's examples and counterexample
    # which part of a failed run failed: the lesson, or the check part after the lesson ran
    # as shown (pages still show the lesson's output then); None when it did not fail
    failed_in: Literal["lesson", "check"] | None = None

    def record(self, machine: dict) -> dict:
        return {
            "result": self.result,
            "reason": self.reason,
            "code_sha256": store.code_sha256(self.snippet.path),
            "output_sha256": records.sha256_file(self.output_file) if self.output_file else None,
            "verdict": self.verdict,
            "control": self.control,
            **({"cases": self.cases} if self.cases is not None else {}),
            **({"property": self.property} if self.property is not None else {}),
            **({"failed_in": self.failed_in} if self.failed_in is not None else {}),
            "warnings": self.warnings or [],
            **({"output": self.output} if self.output is not None else {}),
            **machine,
        }


def device_kind() -> str:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def skip_reason(snip: store.Snippet, device: str) -> str | None:
    """Why `snip` can't run here, or None."""
    import torch

    meta = snip.meta
    if meta.skip:
        return meta.skip
    if meta.needs == "cuda" and device != "cuda":
        return "needs CUDA: torch.cuda.is_available() is False on this machine"
    if meta.needs == "cpu-only-build" and torch.backends.cuda.is_built():
        return "needs a CPU-only torch build (this torch is built with CUDA)"
    for package in meta.packages:
        if importlib.util.find_spec(package) is None:
            return f"needs the package {package}: not importable here"
    if snip.kind == "text":
        return "text snippet: nothing to run"
    if snip.kind == "shell":
        return shell.shell_skip_reason(snip.path.read_text(encoding="utf-8"))
    return None


@functools.cache
def _process_home() -> Path:
    """One private HOME for the snippets run in this process: libraries cache their config
    directory on first import (matplotlib), so it must outlive a single snippet."""
    home = Path(tempfile.mkdtemp(prefix="torchkb-home-"))
    atexit.register(shutil.rmtree, home, True)
    return home


def uses_own_process(snip: store.Snippet, device: str, isolate: str | None) -> bool:
    if isolate is not None:
        return isolate == "process"
    return snip.meta.needs == "cuda" or device == "cuda"


def run(
    snip: store.Snippet,
    device: str,
    workdir: Path,
    *,
    repo: Path,
    update: bool = False,
    isolate: str | None = None,
    release: bool = False,
) -> Outcome:
    """Run one snippet in the empty directory `workdir` and judge the run against its
    metadata and recorded output (or, with `update`, rewrite that output); paths under
    the checkout `repo` are recorded as `<repo>`. A `release` run (another torch than
    the pinned one) records a different output as `differs` instead of failing."""
    settled = _without_running(snip, device)
    if settled is not None:
        return settled
    result = _execute(snip, device, workdir, isolate)
    outcome = Outcome(
        snip,
        "passed",
        verdict=result.verdict,
        seconds=result.seconds,
        control=result.control,
        warnings=[compare.normalise(w, workdir, repo) for w in result.warnings],
        cases=result.cases,
        property=result.property,
    )
    if result.failure:
        problem, part = result.failure, "check" if result.failure_in_check else "lesson"
    else:
        problem, part = _exception_problem(snip, result)
    if problem and release:  # what this release did instead is a fact for the page
        outcome = _failed(outcome, compare.normalise(problem, workdir, repo), part)
        if result.failure is None:
            outcome.output = compare.normalise(result.recorded(), workdir, repo)
        return outcome
    if problem:
        return _failed(outcome, problem, part)
    outcome.recorded = compare.normalise(result.recorded(), workdir, repo)
    if release:
        outcome.output_file = records.expected_output_path(snip.path, device, snip.meta.needs)
        if not outcome.output_file.exists():
            return _failed(outcome, f"{outcome.output_file}: no pinned output to compare with")
        if _output_problem(snip, outcome):
            outcome.result, outcome.output = "differs", outcome.recorded
        return outcome
    # another device's output is kept only where the metadata says it differs by design
    own_device = device == records.home_device(snip.meta.needs) or snip.meta.output_per_device
    if update and own_device:
        outcome.output_file = _write_output(snip, device, outcome.recorded)
        for name in result.figures:
            shutil.copyfile(workdir / name, store.figure_path(snip, name))
        return outcome
    outcome.output_file = records.expected_output_path(snip.path, device, snip.meta.needs)
    problem = _output_problem(snip, outcome) or _figure_problem(snip, result.figures)
    return _failed(outcome, problem) if problem else outcome


def _without_running(snip: store.Snippet, device: str) -> Outcome | None:
    """The outcome of a snippet judged without running it: skipped, shell syntax, YAML."""
    reason = skip_reason(snip, device)
    if snip.kind == "shell" and (bad := shell.check_shell_syntax(snip.path)):
        return Outcome(snip, "failed", bad, failed_in="lesson")  # never run, but must parse
    if reason:
        return Outcome(snip, "skipped", reason)
    if snip.kind == "yaml":
        try:
            yaml.safe_load(snip.path.read_text(encoding="utf-8"))
        except yaml.YAMLError as err:
            problem = f"{snip.path}: {err}".splitlines()[0]
            return Outcome(snip, "failed", problem, failed_in="lesson")
        return Outcome(snip, "passed")
    return None


def _execute(
    snip: store.Snippet, device: str, workdir: Path, isolate: str | None
) -> runner.RunResult:
    timeout = snip.meta.timeout or DEFAULT_TIMEOUT
    if snip.kind == "shell":
        return shell.run_shell(snip.path, workdir, _process_home(), timeout)
    if uses_own_process(snip, device, isolate):
        home = workdir.parent / f"{workdir.name}-home"
        return runner.run_python_in_process_of_its_own(snip.path, workdir, home, timeout)
    return runner.run_python(snip.path, workdir, _process_home(), timeout)


def _exception_problem(
    snip: store.Snippet, result: runner.RunResult
) -> tuple[str | None, Literal["lesson", "check"] | None]:
    """What is wrong with the exception the run raised (or did not raise), if anything,
    and in which part: the lesson's first (a check that failed because the lesson stopped
    early says nothing more), then the check part's."""
    expected = snip.meta.expect_exception
    error = result.error
    where = (error.where if error else None) or snip.path
    if expected is None and error:
        return f"{where}: raised {error.text.strip()}", "lesson"
    if expected is not None:
        wanted = f"{expected.type} matching {expected.match or ''!r}"
        if error is None:
            return f"{snip.path}: expected {wanted}, but it raised nothing", "lesson"
        if not error.matches(expected):
            return f"{where}: raised {error.text.strip()}; expected {wanted}", "lesson"
    if result.check_error:
        check = result.check_error
        where = check.where or records.check_path(snip.path)
        return f"{where}: raised {check.text.strip()}", "check"
    return None, None


def _output_problem(snip: store.Snippet, outcome: Outcome) -> str | None:
    """How the run's output differs from the recorded one (compared by the snippet's rules)."""
    if not outcome.output_file.exists():
        return (
            f"{outcome.output_file}: no recorded output: run "
            f"python -m torchkb verify {snip.id} --update"
        )
    deterministic = snip.meta.deterministic_output
    was = outcome.output_file.read_text(encoding="utf-8")
    now = outcome.recorded
    if records.comparable(was, deterministic) != records.comparable(now, deterministic):
        return (
            f"{snip.path}: output differs from {outcome.output_file.name} "
            f"(python -m torchkb verify {snip.id} --update if the change is intended)"
        )
    return None


def _figure_problem(snip: store.Snippet, figures: list[str]) -> str | None:
    for name in figures:
        if not store.figure_path(snip, name).exists():
            return (
                f"{store.figure_path(snip, name)}: figure not recorded: "
                f"run python -m torchkb verify {snip.id} --update"
            )
    return None


def _failed(
    outcome: Outcome, reason: str, part: Literal["lesson", "check"] | None = "lesson"
) -> Outcome:
    outcome.result, outcome.reason, outcome.output_file = "failed", reason, None
    outcome.failed_in = part or "lesson"
    return outcome


def _write_output(snip: store.Snippet, device: str, text: str) -> Path:
    """The snippet's own device writes `<name>.out`; another device writes
    `<name>.<device>.out` only where its output differs (and removes a stale one)."""
    needs = snip.meta.needs
    target = records.output_path(snip.path, device, needs)
    home = records.output_path(snip.path, None, needs)
    if target != home and home.exists() and home.read_text(encoding="utf-8") == text:
        target.unlink(missing_ok=True)
        return home
    target.write_bytes(text.encode("utf-8"))
    return target


def judged_as_release_on_gpu(snip: store.Snippet) -> bool:
    """On a GPU machine whose torch is not the pinned one, a CPU snippet's output is
    compared with the pinned release's, as in a release run: a different output there is
    that torch release's fact (recorded as `differs`), not the GPU's failure. A snippet
    whose output differs on a GPU by design (`output_per_device`) records its own."""
    return records.home_device(snip.meta.needs) == "cpu" and not snip.meta.output_per_device


def _named(snip: store.Snippet, name: str) -> bool:
    """`name` is the snippet's id (`tensors/view`) or its topic (`tensors`)."""
    return snip.id == name or snip.id.startswith(name + "/")


def select(
    snippets: list[store.Snippet], ids: list[str], shard: tuple[int, int] | None
) -> list[store.Snippet]:
    """Snippets named by id or topic (all when none is named), then a shard's share."""
    chosen = snippets
    if ids:
        unknown = [i for i in ids if not any(_named(s, i) for s in snippets)]
        if unknown:
            raise SystemExit(f"verify: no snippet or topic {', '.join(unknown)}")
        chosen = [s for s in snippets if any(_named(s, i) for i in ids)]
    if shard:
        index, count = shard
        chosen = [s for n, s in enumerate(chosen) if n % count == index]
    return chosen


def verify(
    project: Project,
    ids: list[str],
    *,
    update: bool = False,
    shard: tuple[int, int] | None = None,
    isolate: str | None = None,
    jobs: int = 1,
    echo=print,
) -> list[Outcome]:
    device = device_kind()
    snippets = list(project.snippets.values())
    chosen = select(snippets, ids, shard)
    machine = records.machine()
    other_torch = machine["torch"] != project.pinned_torch
    release = device == "cpu" and other_torch
    echo(
        f"verify: {len(chosen)} snippets on {device} ({machine['device']}, torch "
        f"{machine['torch']}, CUDA {machine['cuda']}, Python {machine['python']})"
    )
    if release:
        if update or shard:
            raise SystemExit(
                f"verify: torch {machine['torch']} is not the pinned {project.pinned_torch}: "
                "a release run records what differs and writes no outputs (no --update, --shard)"
            )
        echo(
            f"verify: torch {machine['torch']} is not the pinned {project.pinned_torch}: "
            "each snippet is compared with the pinned release's output"
        )
    base = Path(tempfile.mkdtemp(prefix="torchkb-verify-"))

    def one(snip: store.Snippet) -> Outcome:
        workdir = base / snip.id.replace("/", "__")
        workdir.mkdir()
        outcome = run(
            snip,
            device,
            workdir,
            repo=project.root,
            update=update,
            isolate=isolate,
            release=release or (other_torch and judged_as_release_on_gpu(snip)),
        )
        mark = {"passed": "ok  ", "differs": "diff", "skipped": "skip", "failed": "FAIL"}[
            outcome.result
        ]
        detail = f"  ({outcome.reason})" if outcome.reason else ""
        echo(f"  {mark} {snip.id}  {outcome.seconds:.2f} s{detail}")
        return outcome

    start = time.perf_counter()
    try:
        parallel = jobs > 1 and all(uses_own_process(s, device, isolate) for s in chosen)
        if parallel:
            # the CUDA snippets one at a time first, so a timing proof has the GPU to itself
            alone = [s for s in chosen if s.meta.needs == "cuda"]
            outcomes = [one(s) for s in alone]
            with ThreadPoolExecutor(jobs) as pool:
                outcomes += pool.map(one, [s for s in chosen if s.meta.needs != "cuda"])
            order = {s.id: n for n, s in enumerate(chosen)}
            outcomes.sort(key=lambda o: order[o.snippet.id])
        else:
            outcomes = [one(s) for s in chosen]
    finally:
        shutil.rmtree(base, ignore_errors=True)
    updates = {o.snippet.id: o.record(machine) for o in outcomes}
    folder = project.verification_dir
    if shard:
        part = folder / PARTS / f"{device}-{shard[0]}-of-{shard[1]}.json"
        part.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(
            json.dumps(updates, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8"
        )
        written = part
    else:
        target = (
            records.release_record_path(folder, device, machine["torch"])
            if release
            else records.record_path(folder, device)
        )
        written = records.save_records(target, updates, {s.id for s in snippets})
    counts = {r: sum(o.result == r for o in outcomes) for r in records.RESULTS}
    said = ", ".join(f"{n} {r}" for r, n in counts.items() if n or r != "differs")
    echo(f"verify: {said} in {time.perf_counter() - start:.1f} s -> {written}")
    return outcomes


def merge_parts(project: Project, device: str | None = None) -> Path | None:
    """Merge the shards' part files into `verification/<device>.json`, then remove them."""
    folder = project.verification_dir
    parts = sorted((folder / PARTS).glob(f"{device or '*'}-*-of-*.json"))
    if not parts:
        return None
    existing = set(project.snippets)
    written = None
    for part in parts:
        kind = part.name.split("-", 1)[0]
        updates = json.loads(part.read_text(encoding="utf-8"))
        written = records.save_records(records.record_path(folder, kind), updates, existing)
        part.unlink()
    return written


def main(
    project: Project,
    ids: list[str],
    update: bool,
    shard: str | None,
    isolate: str | None,
    jobs: int,
    merge: bool,
) -> int:
    if merge:
        written = merge_parts(project)
        print(f"verify: merged into {written}" if written else "verify: no part files")
        return 0
    parsed = None
    if shard:
        index, _, count = shard.partition("/")
        if not (index.isdigit() and count.isdigit() and int(index) < int(count)):
            print(f"verify: --shard {shard}: expected I/N with 0 <= I < N", file=sys.stderr)
            return 2
        parsed = (int(index), int(count))
    outcomes = verify(project, ids, update=update, shard=parsed, isolate=isolate, jobs=jobs)
    failed = [o for o in outcomes if o.result == "failed"]
    for o in failed:
        print(f"FAILED {o.snippet.id}: {o.reason}", file=sys.stderr)
    return 1 if failed else 0
