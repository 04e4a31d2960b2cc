"""What real runs earned, and the one format for it: recorded outputs and verification
records. Only this module writes or parses them; `verify` produces them, the tests compare
with them, pages and notebooks show them.

Recorded output (`snippets/<topic>/<name>.out`): the run's stdout, then, when the snippet
raises as expected, the exception's last line(s) as Python prints them (`Type: message`).
A snippet whose output depends on the device keeps the other device's output beside it:
`<name>.cuda.out` for a CPU snippet run on a CUDA machine (written by `verify --update`
only where it differs). Pages show the output of the snippet's own device (`needs`).

Verification record (`verification/<device kind>.json`, `cpu` or `cuda`):
`{snippet id: {result, reason, code_sha256, output_sha256, verdict, control, torch, cuda, device,
python, date}}`. `result` is passed | failed | skipped; `reason` says why when not
passed; `verdict` is the proof verdict the snippet computed (`note_claim_holds`), or null;
`control` the same measurement on its control case (`note_claim_control`), or null;
`warnings` the warnings the run raised that Python's default filters show (`Category:
first line`). A record counts for a page only while its `code_sha256` and `output_sha256`
match the files (`current_record`).

Records of another torch release (`verification/releases/<device>-torch-<version>.json`,
written by `verify` run with a torch other than the one pyproject.toml pins): the same
fields, compared with the pinned release's recorded output (`output_sha256` is that
file's), and `result` may also be `differs` (ran as expected, printed something else; the
run's output is kept in `output`). They never write outputs; pages state what differs.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import platform
import re
from pathlib import Path

DEVICE_KINDS = ("cpu", "cuda")
CHECK_SUFFIX = ".check.py"  # `<name>.check.py`: the editor's checks of `<name>.py`
LESSON_ERROR = "lesson_error"  # the name a check part reads the lesson's exception by
VERDICT_NAMES = ("note_claim_holds", "note_claims_hold")
# the same measurement on the control case, which comes out the other way if the
# measurement can tell the claim from its opposite (notes/FORMAT.md, claims register)
CONTROL_NAMES = ("note_claim_control", "note_claims_control")
# the claim's verdict on each case of the grid its proof ran ({"mode=nearest, 5->8": False}),
# or {claim id: {case: bool}} for a proof of several claims (notes/FORMAT.md, scope)
CASES_NAMES = ("note_claim_cases", "note_claims_cases")
# a property-based proof's run: {"examples": int, "counterexample": str | None}, or by claim
PROPERTY_NAMES = ("note_claim_property", "note_claims_property")
FIGURE_SUFFIXES = (".png", ".svg")  # files a run writes that are kept as its figures
RESULTS = ("passed", "differs", "failed", "skipped")  # differs: another release only
RELEASES_DIR = "releases"  # verification/releases/<device>-torch-<version>.json
RECORD_FIELDS = (
    "result",
    "reason",
    "code_sha256",
    "output_sha256",
    "verdict",
    "control",
    "cases",
    "property",
    "failed_in",
    "warnings",
    "output",
    "torch",
    "cuda",
    "device",
    "gpus",
    "python",
    "date",
)


def check_path(snippet_path: Path) -> Path | None:
    """The check part of a Python snippet, `<name>.check.py` beside it, if it has one."""
    path = snippet_path.with_name(snippet_path.stem + CHECK_SUFFIX)
    return path if snippet_path.suffix == ".py" and path.is_file() else None


def code_sha256(snippet_path: Path) -> str:
    """What a record is keyed on: the lesson file's bytes, and its check part's when it
    has one (both run as one program, so a change to either makes the record stale)."""
    digest = hashlib.sha256(snippet_path.read_bytes())
    check = check_path(snippet_path)
    if check is None:
        return digest.hexdigest()
    digest.update(b"\0" + CHECK_SUFFIX.encode() + b"\0" + check.read_bytes())
    return digest.hexdigest()


# --- recorded outputs ------------------------------------------------------------------
def recorded_text(stdout: str, exception_text: str) -> str:
    """stdout, then the exception's lines (on a line of their own)."""
    text = stdout
    if exception_text:
        if text and not text.endswith("\n"):
            text += "\n"
        text += exception_text
    return text


# the first line of what traceback.format_exception_only prints: `torch.OutOfMemoryError: ...`
EXCEPTION_HEAD = re.compile(
    r"^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt))(?:: (.*))?$"
)


def split_recorded(recorded: str, expects_exception: bool) -> tuple[str, str]:
    """Recorded output -> (stdout, exception text): the last line that looks like an
    exception's head starts the exception."""
    if not expects_exception:
        return recorded, ""
    lines = recorded.splitlines(keepends=True)
    for n in range(len(lines) - 1, -1, -1):
        if EXCEPTION_HEAD.match(lines[n].rstrip("\n")):
            return "".join(lines[:n]), "".join(lines[n:])
    return recorded, ""


def home_device(needs: str | None) -> str:
    """The device kind whose output a page shows: a snippet's own (`needs`)."""
    return "cuda" if needs == "cuda" else "cpu"


def output_path(snippet_path: Path, device: str | None = None, needs: str | None = None) -> Path:
    """`<name>.out` for the snippet's own device, `<name>.<device>.out` for another one."""
    if device is None or device == home_device(needs):
        return snippet_path.with_name(snippet_path.stem + ".out")
    return snippet_path.with_name(f"{snippet_path.stem}.{device}.out")


def expected_output_path(snippet_path: Path, device: str, needs: str | None) -> Path:
    """What a run on `device` is compared with: that device's own output if one was
    recorded, else the snippet's home output."""
    own = output_path(snippet_path, device, needs)
    return own if own.exists() else output_path(snippet_path, None, needs)


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def comparable(text: str, deterministic: bool) -> str:
    """Outputs marked `deterministic_output: false` (timings, thread or device counts) are
    compared with every number replaced by <n>: words, line structure and order must
    still match."""
    return text if deterministic else _NUMBER.sub("<n>", text)


def sha256_file(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


# --- verification records ----------------------------------------------------------------
def record_path(folder: Path, device: str) -> Path:
    return folder / f"{device}.json"


def release_record_path(folder: Path, device: str, torch: str) -> Path:
    return folder / RELEASES_DIR / f"{device}-torch-{torch}.json"


def release_key(version: str) -> tuple[int, ...]:
    """`2.15.0` -> (2, 15, 0), so 2.9 sorts before 2.13."""
    return tuple(int(n) for n in re.findall(r"\d+", version.split("+")[0])[:3])


def load_release_records(folder: Path) -> dict[str, dict[str, dict[str, dict]]]:
    """{device kind: {torch release: {snippet id: record}}}, releases oldest first, for the
    other releases' record files there are."""
    found: dict[str, dict[str, dict[str, dict]]] = {d: {} for d in DEVICE_KINDS}
    paths = sorted((folder / RELEASES_DIR).glob("*-torch-*.json"))
    for path in sorted(paths, key=lambda p: release_key(p.stem.split("-torch-")[1])):
        device, _, torch = path.stem.partition("-torch-")
        if device in found:
            found[device][torch] = json.loads(path.read_text(encoding="utf-8"))
    return found


def load_records(folder: Path) -> dict[str, dict[str, dict]]:
    """{device kind: {snippet id: record}} for the kinds that have a file."""
    found = {}
    for device in DEVICE_KINDS:
        path = record_path(folder, device)
        found[device] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return found


def save_records(target: Path, updates: dict[str, dict], existing_ids: set[str]) -> Path:
    """Merge `updates` into the record file `target` (records of snippets that no longer
    exist are dropped), sorted, written atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    merged = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    merged.update(updates)
    merged = {
        k: {f: v[f] for f in RECORD_FIELDS if f in v}
        for k, v in sorted(merged.items())
        if k in existing_ids
    }
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(
        json.dumps(merged, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    tmp.replace(target)
    return target


def current_record(
    records: dict[str, dict], snippet_id: str, code_sha: str, output_file: Path | None
) -> dict | None:
    """The record of `snippet_id` if it is of the current code and, for a run that
    recorded output, of the output file as it is now; else None."""
    record = records.get(snippet_id)
    if record is None or record.get("code_sha256") != code_sha:
        return None
    if record.get("result") in ("passed", "differs") and record.get("output_sha256"):
        if output_file is None or sha256_file(output_file) != record["output_sha256"]:
            return None
    return record


def failed_in_check(record: dict) -> bool:
    """A failed run whose lesson ran as shown and whose check part failed (`verify` records
    which part failed in `failed_in`)."""
    return record.get("result") == "failed" and record.get("failed_in") == "check"


def machine() -> dict[str, str | None]:
    """torch, CUDA, device name, Python and date of this run (torch imported here)."""
    import torch

    if torch.cuda.is_available():
        device = torch.cuda.get_device_name(0)
    else:
        device = platform.processor() or platform.machine()
        try:
            for line in Path("/proc/cpuinfo").read_text().splitlines():
                if line.startswith("model name"):
                    device = line.split(":", 1)[1].strip()
                    break
        except OSError:
            pass
    return {
        "torch": torch.__version__.split("+")[0],
        "cuda": torch.version.cuda,
        "device": device,
        # how many GPUs the run could see: a claim about several GPUs needs that many
        "gpus": torch.cuda.device_count() if torch.cuda.is_available() else 0,
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.UTC).date().isoformat(),
    }
