"""What the runs earned, judged once per build: for each snippet, its current record on
each device and on each other torch release.

A record (`Record`, what `verify` writes to verification/*.json) is current while it is of
the snippet's current code (lesson and check part) and, where the run recorded output, of
the output file as it is now. Pages, labels, notebooks, the error index, the records page
and the home page read `Project.evidence`; nothing else decides a record's currency.

    evidence = collect(project.snippets, project.verification, project.releases)
    evidence["gpu/empty_cache"].run("cuda")      # the current GPU record, or None
    evidence["gpu/empty_cache"].passed("cpu")    # ... only if it passed
    evidence["tensors/view"].releases            # {"1.13.0": record, ...}, oldest first
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict  # pydantic validates it on Python 3.11

from torchkb.errors import SourceError
from torchkb.sources import records
from torchkb.sources.snippets import Snippet, code_sha256, load_output

Verdict = bool | dict[str, bool] | None


class Record(TypedDict, total=False):
    """One run of one snippet, as `verify` wrote it (`records.RECORD_FIELDS`)."""

    result: Literal["passed", "differs", "failed", "skipped"]
    reason: str | None
    code_sha256: str
    output_sha256: str | None
    verdict: Verdict
    control: Verdict
    cases: dict[str, bool] | dict[str, dict[str, bool]] | None
    property: dict | None
    failed_in: Literal["lesson", "check"]  # which part of a failed run failed
    warnings: list[str]
    output: str  # a release run's output where it differs from the pinned one
    torch: str
    cuda: str | None
    device: str
    gpus: int
    python: str
    date: str


RECORDS = TypeAdapter(dict[str, Record])


def validated(path: Path, data: object) -> dict[str, Record]:
    """A record file's contents, checked against `Record`: a bad field stops the build
    with the file and the snippet it is about."""
    try:
        return RECORDS.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SourceError(path, None, f"{where}: {first['msg']}") from None


@dataclass(frozen=True)
class SnippetEvidence:
    """A snippet's current records: by device kind, and by other torch release."""

    snippet: Snippet
    runs: dict[str, Record | None]  # by device kind (records.DEVICE_KINDS)
    releases: dict[str, Record] = field(default_factory=dict)  # by release, oldest first
    output: str | None = None  # the recorded output the page shows (its home device's)

    def run(self, kind: str) -> Record | None:
        return self.runs.get(kind)

    def passed(self, kind: str) -> Record | None:
        rec = self.runs.get(kind)
        return rec if rec and rec.get("result") == "passed" else None

    @property
    def home(self) -> str:
        """The device kind whose output the page shows."""
        return records.home_device(self.snippet.meta.needs)

    def shown_result(self, rec: Record) -> str:
        """Another release's (or machine's) result as the pages tell it: `differs` becomes
        `passed` where the only difference is the build's CUDA version that the code prints
        (torch.version.cuda: "13.2" from a CUDA wheel, None from the CPU build the pages
        show), which says which wheel ran, not what torch does. Records keep what the run
        found."""
        result, output, cuda = rec["result"], rec.get("output"), rec.get("cuda")
        if result != "differs" or output is None or self.output is None or not cuda:
            return result
        pinned_cuda = str((self.run(self.home) or {}).get("cuda"))
        swapped = re.sub(rf"(?<![\w.]){re.escape(str(cuda))}(?![\w.])", pinned_cuda, output)
        deterministic = self.snippet.meta.deterministic_output  # compared as `verify` does
        same = records.comparable(swapped, deterministic) == records.comparable(
            self.output, deterministic
        )
        return "passed" if same else result


def of_snippet(
    snippet: Snippet,
    verification: dict[str, dict[str, Record]],
    releases: dict[str, dict[str, dict[str, Record]]],
) -> SnippetEvidence:
    code_sha = code_sha256(snippet.path)
    needs = snippet.meta.needs

    def current(recorded: dict[str, Record], kind: str) -> Record | None:
        output = records.expected_output_path(snippet.path, kind, needs)
        return records.current_record(recorded, snippet.id, code_sha, output)

    for kind in records.DEVICE_KINDS:
        _check_recorded_output(snippet, kind, verification.get(kind, {}).get(snippet.id), code_sha)
    runs = {kind: current(verification.get(kind, {}), kind) for kind in records.DEVICE_KINDS}
    home = records.home_device(needs)
    found = {}
    for release, recorded in releases.get(home, {}).items():
        if rec := current(recorded, home):
            found[release] = rec
    return SnippetEvidence(snippet, runs, found, load_output(snippet))


def _check_recorded_output(
    snippet: Snippet, kind: str, record: Record | None, code_sha: str
) -> None:
    """A recorded output must be what the last run of the current code wrote: a file whose
    hash differs from its record's (edited by hand, or a bad merge) stops the build."""
    if not record or record.get("code_sha256") != code_sha or not record.get("output_sha256"):
        return
    output = records.expected_output_path(snippet.path, kind, snippet.meta.needs)
    if records.sha256_file(output) != record["output_sha256"]:
        raise SourceError(
            output,
            None,
            f"differs from the output the last run recorded (verification/{kind}.json, "
            f"{record.get('date')}): outputs come from runs: python -m torchkb verify "
            f"{snippet.id} --update",
        )


def collect(
    snippets: dict[str, Snippet],
    verification: dict[str, dict[str, Record]],
    releases: dict[str, dict[str, dict[str, Record]]] | None = None,
) -> dict[str, SnippetEvidence]:
    """Every snippet's evidence, by id."""
    return {sid: of_snippet(s, verification, releases or {}) for sid, s in snippets.items()}
