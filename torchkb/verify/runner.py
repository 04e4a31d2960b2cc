"""Run one snippet, isolated, and say what happened.

Python snippets run in this process (fast: torch is imported once) or, for CUDA snippets
and wherever asked, in a Python process of their own (`python -m torchkb.verify.runner`), so a
sticky CUDA error, allocator state or an environment variable set before `import torch`
can't reach the next snippet. Either way a snippet gets:

- its check part (`<name>.check.py`, the editor's asserts and verdict), run after the
  lesson in the same globals, with the lesson's exception (or None) as `lesson_error`;
- fresh globals as `__main__`, its own working directory (also `tempfile`'s directory),
  a private HOME (config and cache directories: matplotlib, torch hub, pip, XDG) that is
  not the user's, seeds reset to 0 (torch, random, numpy), a timeout;
- a write guard (an audit hook, armed only while the snippet runs) that fails it when it
  creates, opens for writing, renames or deletes a file outside those directories, naming
  the snippet file and line;
- in-process, everything it may change restored afterwards (default dtype, grad mode,
  anomaly mode, print options, thread count, os.environ, sys.argv, warning filters).

The result is data (`RunResult`), also across the process boundary (JSON): stdout, the
exception (its type names and message), the proof verdict the snippet computed
(`note_claim_holds` / `note_claims_hold`), seconds, and the figures it wrote.

Only the standard library at import time: torch is imported when a snippet runs, so this
works with whatever torch the machine has (a GPU machine's own CUDA build).
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import time
import traceback
import types
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from torchkb.sources.records import (
    CASES_NAMES,
    CONTROL_NAMES,
    FIGURE_SUFFIXES,
    LESSON_ERROR,
    PROPERTY_NAMES,
    VERDICT_NAMES,
    check_path,
    recorded_text,
)
from torchkb.verify.isolation import (
    SeedOnImport,
    SnippetTimedOut,
    SnippetWroteOutside,
    WriteGuard,
    deadline,
    isolated,
    snippet_line,
)

if TYPE_CHECKING:  # the child process (`python -m torchkb.verify.runner`) imports no pydantic
    from torchkb.sources.schema import ExpectException


@dataclass
class RaisedError:
    """An exception as data: what a page shows and what `expect_exception` matches."""

    types: list[str]  # every class in its MRO, by name and by module.qualname
    message: str
    text: str  # traceback.format_exception_only, as Python prints the last line(s)
    where: str | None = None  # `file:line` of the snippet's line that raised it

    @classmethod
    def of(cls, exc: BaseException, files: tuple[Path, ...] = ()) -> RaisedError:
        mro = type(exc).__mro__
        names = [c.__name__ for c in mro] + [f"{c.__module__}.{c.__qualname__}" for c in mro]
        where = None
        for frame, line in traceback.walk_tb(exc.__traceback__):
            if Path(frame.f_code.co_filename) in files:
                where = f"{frame.f_code.co_filename}:{line}"
        return cls(names, str(exc), "".join(traceback.format_exception_only(exc)), where)

    def matches(self, expected: ExpectException) -> bool:
        """Type by name anywhere in the MRO (torch.AcceleratorError is a RuntimeError),
        message by regex (re.search)."""
        return (
            expected.type in self.types
            and re.search(expected.match or "", self.message) is not None
        )


@dataclass
class RunResult:
    stdout: str
    error: RaisedError | None = None
    verdict: bool | dict[str, bool] | None = None
    seconds: float = 0.0
    figures: list[str] = field(default_factory=list)  # files the run wrote, by name
    failure: str | None = None  # the runner's own verdict: timed out, wrote outside, crashed
    control: bool | dict[str, bool] | None = None  # the measurement on the control case
    # the warnings the run raised that Python's default filters let through, as a user
    # running the file sees them on stderr (`Category: first line`), each once, in order
    warnings: list[str] = field(default_factory=list)
    # the check part's own exception (an assert that failed), apart from the lesson's `error`
    check_error: RaisedError | None = None
    cases: dict | None = None  # the verdict per case of the proof's grid (CASES_NAMES)
    property: dict | None = None  # a property-based proof's run (PROPERTY_NAMES)
    failure_in_check: bool = False  # `failure` is the check part's (it printed)

    def recorded(self) -> str:
        return recorded_text(self.stdout, self.error.text if self.error else "")

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> RunResult:
        data = json.loads(text)
        error, check_error = data.pop("error"), data.pop("check_error")
        return cls(
            **data,
            error=RaisedError(**error) if error else None,
            check_error=RaisedError(**check_error) if check_error else None,
        )


def _exec_as_main(
    snippet: Path, check_out: io.StringIO
) -> tuple[dict, Exception | None, Exception | None]:
    """Execute the lesson file as `__main__` (pickle finds its classes there, as in a
    script), then its check part (`<name>.check.py`) in the same namespace, with the
    lesson's own exception as `lesson_error` (None if it raised none); the check's output
    goes to `check_out`. Return the globals and each part's exception, kept apart: a check
    that fails because the lesson stopped early must not hide why the lesson stopped."""
    module = types.ModuleType("__main__")
    module.__file__ = str(snippet)
    module.__builtins__ = builtins
    namespace = module.__dict__
    check = check_path(snippet)
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    stop = (SnippetTimedOut, SnippetWroteOutside)
    check_error = None
    try:
        lesson_error = _exec_file(snippet, namespace, stop)
        if check is not None:
            namespace[LESSON_ERROR] = lesson_error  # None when the lesson raised nothing
            with contextlib.redirect_stdout(check_out):
                check_error = _exec_file(check, namespace, stop)
    finally:
        if saved_main is not None:
            sys.modules["__main__"] = saved_main
    return namespace, lesson_error, check_error


def _exec_file(
    path: Path, namespace: dict, stop: tuple[type[BaseException], ...]
) -> Exception | None:
    """Run a file in `namespace`; its exception is returned (the check part reads it),
    except the runner's own (`stop`), which end the run at once."""
    try:
        exec(compile(path.read_bytes(), str(path), "exec"), namespace)
    except stop:
        raise
    except Exception as err:  # noqa: BLE001 - judged by the caller against expect_exception
        return err
    return None


def _single_or_by_claim(
    globals_: dict, names: tuple[str, str], read: Callable[[object], object | None]
) -> object | None:
    """What a check part set under `names`: one value for all the snippet's claims (the
    first name) or {claim id: value} (the second), each value read by `read` (None: not
    one); None when neither is set as it should be."""
    single, many = (globals_.get(name) for name in names)
    if (found := read(single)) is not None:
        return found
    if isinstance(many, dict) and many and all(read(v) is not None for v in many.values()):
        return {str(k): read(v) for k, v in many.items()}
    return None


def _verdict(
    globals_: dict, names: tuple[str, str] = VERDICT_NAMES
) -> bool | dict[str, bool] | None:
    """The proof verdict a snippet computed: `note_claim_holds` (one bool for the claims
    it proves) or `note_claims_hold` ({claim id: bool}); with CONTROL_NAMES, the same
    measurement on the control case."""
    return _single_or_by_claim(globals_, names, lambda v: v if isinstance(v, bool) else None)


def _grid(value: object) -> dict[str, bool] | None:
    if isinstance(value, dict) and value and all(isinstance(v, bool) for v in value.values()):
        return {str(k): v for k, v in value.items()}
    return None


def _property_run(value: object) -> dict | None:
    if isinstance(value, dict) and isinstance(value.get("examples"), int):
        example = value.get("counterexample")
        return {
            "examples": value["examples"],
            "counterexample": None if example is None else str(example),
        }
    return None


def run_python(
    snippet: Path, workdir: Path, home: Path, timeout: float = 60, *, last_in_process: bool = False
) -> RunResult:
    """Execute `snippet` in this process, as __main__, in `workdir`. Its own exception is
    data in the result; a timeout or a write outside its directories is `failure`.
    `last_in_process`: nothing runs after it here, so torch's state is not reset after it
    (the reset would call CUDA, which a device-side assert in the lesson leaves dead)."""
    snippet = snippet.resolve()
    WriteGuard.install()
    out, check_out = io.StringIO(), io.StringIO()
    error = check_error = failure = None
    verdict = control = cases = prop = None
    caught: list[warnings.WarningMessage] = []
    start = time.perf_counter()
    with isolated(snippet, workdir, home, reset_after=not last_in_process) as scratch:
        WriteGuard.violation = None
        WriteGuard.armed = (snippet, (workdir.resolve(), scratch.resolve(), home.resolve()))
        try:
            with (
                contextlib.redirect_stdout(out),
                deadline(timeout),
                warnings.catch_warnings(record=True) as caught,
            ):
                namespace, lesson_exc, check_exc = _exec_as_main(snippet, check_out)
            files = (snippet, *filter(None, [check_path(snippet)]))
            # the caller decides whether they were expected
            error = RaisedError.of(lesson_exc, files) if lesson_exc else None
            check_error = RaisedError.of(check_exc, files) if check_exc else None
            verdict, control = _verdict(namespace), _verdict(namespace, CONTROL_NAMES)
            cases = _single_or_by_claim(namespace, CASES_NAMES, _grid)
            prop = _single_or_by_claim(namespace, PROPERTY_NAMES, _property_run)
        except SnippetTimedOut as err:
            failure = f"{snippet}:{snippet_line(snippet, err.__traceback__)}: {err}"
        except SnippetWroteOutside:
            pass  # reported below from the guard, also when the snippet caught it
        finally:
            WriteGuard.armed = None
    if WriteGuard.violation:
        failure = WriteGuard.violation
    check_printed = failure is None and bool(check_out.getvalue())
    if check_printed:
        # what a page shows under the lesson is the lesson's output alone
        failure = f"{check_path(snippet)}: a check part prints nothing (it printed " + (
            f"{check_out.getvalue()[:80]!r})"
        )
    figures = sorted(p.name for p in workdir.iterdir() if p.suffix in FIGURE_SUFFIXES)
    seconds = time.perf_counter() - start
    said = [warning_line(w) for w in caught]
    return RunResult(
        out.getvalue(),
        error,
        verdict,
        seconds,
        figures,
        failure,
        control,
        list(dict.fromkeys(said)),
        check_error,
        cases,
        prop,
        failure_in_check=check_printed,
    )


def warning_line(warning: warnings.WarningMessage) -> str:
    """`DeprecationWarning: <first line of the message>`, as a record keeps it."""
    text = str(warning.message).strip().splitlines()
    return f"{warning.category.__name__}: {text[0] if text else ''}".rstrip()


def run_python_in_process_of_its_own(
    snippet: Path, workdir: Path, home: Path, timeout: float = 60
) -> RunResult:
    """The same run in a new interpreter (`python -m torchkb.verify.runner`): nothing of this
    process (an initialised CUDA context, allocator state, imported torch) reaches it."""
    result_file = workdir.parent / f"{workdir.name}.result.json"
    command = [
        sys.executable,
        "-m",
        "torchkb.verify.runner",
        str(snippet),
        str(workdir),
        str(home),
        str(timeout),
        str(result_file),
    ]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(Path(__file__).resolve().parents[2]), env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=timeout + 60
        )
    except subprocess.TimeoutExpired:
        return RunResult(
            "",
            failure=f"{snippet}: timed out after {timeout:g} s (process)",
            seconds=time.perf_counter() - start,
        )
    if not result_file.exists():  # the interpreter died: a crash, an abort, a kill
        tail = (proc.stderr or "").strip().splitlines()[-3:]
        return RunResult(
            proc.stdout,
            failure=f"{snippet}: its process exited with "
            f"{proc.returncode} and no result: {' / '.join(tail)}",
            seconds=time.perf_counter() - start,
        )
    result = RunResult.from_json(result_file.read_text(encoding="utf-8"))
    result_file.unlink()
    return result


def _child_main(argv: list[str]) -> int:
    snippet, workdir, home, timeout, result_file = argv
    sys.meta_path.insert(0, SeedOnImport())
    result = run_python(
        Path(snippet), Path(workdir), Path(home), float(timeout), last_in_process=True
    )
    Path(result_file).write_text(result.to_json(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(_child_main(sys.argv[1:]))
