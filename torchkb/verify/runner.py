"""Run one snippet, isolated, and say what happened.

Python snippets run in this process (fast: torch is imported once) or, for CUDA snippets
and wherever asked, in a Python process of their own (`python -m torchkb.verify.runner`), so a
sticky CUDA error, allocator state or an environment variable set before `import torch`
can't reach the next snippet. Either way a snippet gets:

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
import functools
import importlib.abc
import importlib.util
import inspect
import io
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from torchkb.sources.records import FIGURE_SUFFIXES, VERDICT_NAMES, recorded_text

if TYPE_CHECKING:  # the child process (`python -m torchkb.verify.runner`) imports no pydantic
    from torchkb.sources.schema import ExpectException

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
# audit events that change the file system, and which of their args are paths
_PATH_EVENTS = {
    "os.mkdir": (0,),
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.rename": (0, 1),
    "os.symlink": (1,),
    "os.link": (1,),
    "os.truncate": (0,),
    "shutil.rmtree": (0,),
    "os.chmod": (0,),
}


class SnippetWroteOutside(PermissionError):
    """A snippet tried to write a file outside its own directories."""


class SnippetTimedOut(Exception):
    """The snippet ran past its timeout."""


@dataclass
class RaisedError:
    """An exception as data: what a page shows and what `expect_exception` matches."""

    types: list[str]  # every class in its MRO, by name and by module.qualname
    message: str
    text: str  # traceback.format_exception_only, as Python prints the last line(s)

    @classmethod
    def of(cls, exc: BaseException) -> RaisedError:
        mro = type(exc).__mro__
        names = [c.__name__ for c in mro] + [f"{c.__module__}.{c.__qualname__}" for c in mro]
        return cls(names, str(exc), "".join(traceback.format_exception_only(exc)))

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

    def recorded(self) -> str:
        return recorded_text(self.stdout, self.error.text if self.error else "")

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> RunResult:
        data = json.loads(text)
        error = data.pop("error")
        return cls(**data, error=RaisedError(**error) if error else None)


# --- the write guard -------------------------------------------------------------------
class _WriteGuard:
    """An audit hook (installed once per process: hooks can't be removed), armed per run."""

    installed = False
    armed: tuple[Path, tuple[Path, ...]] | None = None  # (snippet file, allowed directories)
    violation: str | None = None

    @classmethod
    def install(cls) -> None:
        if not cls.installed:
            sys.addaudithook(cls._hook)
            cls.installed = True

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        if cls.armed is None:
            return
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & _WRITE_FLAGS
            )
            paths = [path] if writes else []
        elif event in _PATH_EVENTS:
            paths = [args[i] for i in _PATH_EVENTS[event]]
        else:
            return
        for path in paths:
            if path is None or isinstance(path, int):
                continue
            cls._check(Path(os.fsdecode(path)), event)

    @classmethod
    def _check(cls, path: Path, event: str) -> None:
        snippet, allowed = cls.armed
        target = Path(os.path.abspath(path))
        with contextlib.suppress(OSError):
            target = target.resolve()
        if event == "os.mkdir" and target.is_dir():
            return  # makedirs(exist_ok=True) of a directory that is there changes nothing
        if (
            target == Path(os.devnull)
            or any(target.is_relative_to(a) for a in allowed)
            or "__pycache__" in target.parts
        ):
            return
        line = snippet_line(snippet)
        cls.armed = None  # the snippet is over; let the caller write its report
        cls.violation = f"{snippet}:{line}: writes {target} outside its working directory ({event})"
        raise SnippetWroteOutside(cls.violation)


def snippet_line(snippet: Path, tb: object = None) -> int | None:
    """The innermost line of `snippet` on the current stack (or in traceback `tb`)."""
    if tb is not None:
        line = None
        for frame, lineno in traceback.walk_tb(tb):
            if Path(frame.f_code.co_filename) == snippet:
                line = lineno
        return line
    frame = inspect.currentframe()
    while frame is not None:
        if Path(frame.f_code.co_filename) == snippet:
            return frame.f_lineno
        frame = frame.f_back
    return None


# --- state -----------------------------------------------------------------------------
def reset_state() -> None:
    """Seeds to 0 and torch's global switches to their defaults, for the libraries that
    are imported (a process of its own seeds them as they are imported: _SeedOnImport)."""
    random.seed(0)
    if "numpy" in sys.modules:
        numpy = sys.modules["numpy"]
        numpy.random.seed(0)
        numpy.set_printoptions()
    if "torch" in sys.modules:
        torch = sys.modules["torch"]
        torch.manual_seed(0)  # lazy for CUDA: it does not initialise a device
        torch.set_default_dtype(torch.float32)
        torch.set_grad_enabled(True)
        torch.autograd.set_detect_anomaly(False)
        torch.set_printoptions(profile="default")


class _SeedOnImport(importlib.abc.MetaPathFinder):
    """In a process of its own, torch is imported by the snippet, after whatever
    environment it sets first; seed torch and numpy right after their import, so a run
    gives the same numbers in either isolation."""

    depth = 0  # hooked imports under way: seed once the outermost one is done

    def find_spec(self, name, path, target=None):  # noqa: ANN001, ANN201 - importlib API
        if name not in {"torch", "numpy"}:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_seed(module: types.ModuleType) -> None:
            _SeedOnImport.depth += 1
            try:
                exec_module(module)
            finally:
                _SeedOnImport.depth -= 1
            if _SeedOnImport.depth == 0:
                reset_state()

        spec.loader.exec_module = exec_then_seed
        return spec


def private_home(base: Path) -> dict[str, str]:
    """Environment for a snippet's own HOME and config/cache directories under `base`:
    nothing it (or a library it imports) writes lands in the user's home."""
    dirs = {
        "HOME": base,
        "XDG_CONFIG_HOME": base / ".config",
        "XDG_CACHE_HOME": base / ".cache",
        "XDG_DATA_HOME": base / ".local" / "share",
        "MPLCONFIGDIR": base / ".config" / "matplotlib",
        "TORCH_HOME": base / ".cache" / "torch",
        "PIP_CACHE_DIR": base / ".cache" / "pip",
        "IPYTHONDIR": base / ".ipython",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    return {k: str(v) for k, v in dirs.items()} | {"MPLBACKEND": "Agg"}


@contextlib.contextmanager
def _deadline(seconds: float):
    """SIGALRM after `seconds` raises SnippetTimedOut in the snippet (main thread only);
    an outer timer (pytest-timeout's) is put back afterwards."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def timed_out(signum, frame):  # noqa: ANN001 - signal handler
        raise SnippetTimedOut(f"timed out after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, timed_out)
    outer, _ = signal.getitimer(signal.ITIMER_REAL)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


@contextlib.contextmanager
def _isolated(snippet: Path, workdir: Path, home: Path):
    """Working directory, argv, environment, tempfile dir, threads: set, then restored.
    Yields the scratch directory that `tempfile` uses meanwhile."""
    torch = sys.modules.get("torch")
    cwd, argv, environ = os.getcwd(), sys.argv, dict(os.environ)
    threads, tmp = (torch.get_num_threads() if torch else None), tempfile.tempdir
    # a short path: multiprocessing puts AF_UNIX sockets here (108-byte limit)
    scratch = Path(tempfile.mkdtemp(prefix="snip-"))
    os.chdir(workdir)
    sys.argv = [str(snippet)]
    os.environ.update(private_home(home))
    os.environ["TMPDIR"] = str(scratch)
    tempfile.tempdir = str(scratch)
    reset_state()
    try:
        with warnings.catch_warnings():
            yield scratch
    finally:
        os.chdir(cwd)
        sys.argv = argv
        os.environ.clear()
        os.environ.update(environ)
        tempfile.tempdir = tmp
        if threads is not None:
            torch.set_num_threads(threads)
        reset_state()
        shutil.rmtree(scratch, ignore_errors=True)


def _exec_as_main(snippet: Path) -> dict:
    """Execute the file as `__main__` (pickle finds its classes there, as in a script) and
    return its globals, also when it raised (attached to the exception)."""
    module = types.ModuleType("__main__")
    module.__file__ = str(snippet)
    module.__builtins__ = builtins
    code = compile(snippet.read_bytes(), str(snippet), "exec")
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    try:
        exec(code, module.__dict__)
    except BaseException as err:
        err.__snippet_globals__ = module.__dict__  # type: ignore[attr-defined]
        raise
    finally:
        if saved_main is not None:
            sys.modules["__main__"] = saved_main
    return module.__dict__


def _verdict(globals_: dict) -> bool | dict[str, bool] | None:
    """The proof verdict a snippet computed: `note_claim_holds` (one bool for the claims
    it proves) or `note_claims_hold` ({claim id: bool})."""
    single, many = (globals_.get(name) for name in VERDICT_NAMES)
    if isinstance(single, bool):
        return single
    if isinstance(many, dict) and all(isinstance(v, bool) for v in many.values()):
        return {str(k): v for k, v in many.items()}
    return None


def run_python(snippet: Path, workdir: Path, home: Path, timeout: float = 60) -> RunResult:
    """Execute `snippet` in this process, as __main__, in `workdir`. Its own exception is
    data in the result; a timeout or a write outside its directories is `failure`."""
    snippet = snippet.resolve()
    _WriteGuard.install()
    out = io.StringIO()
    error = failure = None
    verdict = None
    start = time.perf_counter()
    with _isolated(snippet, workdir, home) as scratch:
        _WriteGuard.violation = None
        _WriteGuard.armed = (snippet, (workdir.resolve(), scratch.resolve(), home.resolve()))
        try:
            with contextlib.redirect_stdout(out), _deadline(timeout):
                verdict = _verdict(_exec_as_main(snippet))
        except SnippetTimedOut as err:
            failure = f"{snippet}:{snippet_line(snippet, err.__traceback__)}: {err}"
        except SnippetWroteOutside:
            pass  # reported below from the guard, also when the snippet caught it
        except Exception as err:  # noqa: BLE001 - the caller decides whether it was expected
            error = RaisedError.of(err)
            verdict = _verdict(getattr(err, "__snippet_globals__", {}))
        finally:
            _WriteGuard.armed = None
    if _WriteGuard.violation:
        failure = _WriteGuard.violation
    figures = sorted(p.name for p in workdir.iterdir() if p.suffix in FIGURE_SUFFIXES)
    return RunResult(out.getvalue(), error, verdict, time.perf_counter() - start, figures, failure)


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
        [str(Path(__file__).resolve().parent.parent), env.get("PYTHONPATH", "")]
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
    sys.meta_path.insert(0, _SeedOnImport())
    result = run_python(Path(snippet), Path(workdir), Path(home), float(timeout))
    Path(result_file).write_text(result.to_json(), encoding="utf-8")
    return 0


# --- shell snippets --------------------------------------------------------------------
# Commands that change the machine (install, delete, end processes) never run.
UNSAFE_COMMANDS = {
    "rm",
    "kill",
    "pkill",
    "killall",
    "pip",
    "pip3",
    "conda",
    "apt",
    "apt-get",
    "sudo",
    "make",
    "shutdown",
    "reboot",
    "dd",
    "mkfs",
    "chmod",
    "chown",
    "curl",
    "wget",
    "git",
    "watch",
}
_SHELL_KEYWORDS = {
    "if",
    "then",
    "else",
    "elif",
    "fi",
    "for",
    "do",
    "done",
    "while",
    "case",
    "esac",
    "export",
    "cd",
    "echo",
    "set",
    "true",
    "false",
    "test",
    "[",
    "[[",
}


def shell_commands(script: str) -> list[str]:
    """The command names a simple shell script runs (first word of each command, after
    VAR=value assignments; pipelines and `;`/`&&` lists split)."""
    names = []
    for raw in script.splitlines():
        try:
            words = shlex.split(raw, comments=True)
        except ValueError:
            words = raw.split()
        command: list[str] = []
        for word in words + [";"]:
            if word in {";", "|", "&&", "||", "&"}:
                while command and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", command[0]):
                    command.pop(0)
                if command:
                    names.append(command[0])
                command = []
            else:
                command.append(word)
    return names


def shell_skip_reason(script: str) -> str | None:
    for name in shell_commands(script):
        if name in UNSAFE_COMMANDS:
            return f"runs `{name}`, which changes the machine: shell snippets like it never run"
        if name not in _SHELL_KEYWORDS and shutil.which(name) is None:
            return f"{name} not found"
    return None


def run_shell(snippet: Path, workdir: Path, home: Path, timeout: float = 60) -> RunResult:
    env = dict(os.environ) | private_home(home)
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            ["bash", str(snippet)],
            cwd=workdir,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return RunResult("", failure=f"{snippet}: timed out after {timeout:g} s")
    failure = None
    if proc.returncode != 0:
        failure = f"{snippet}: exit {proc.returncode}: {proc.stderr.strip()[-500:]}"
    return RunResult(proc.stdout, seconds=time.perf_counter() - start, failure=failure)


def check_shell_syntax(snippet: Path) -> str | None:
    proc = subprocess.run(["bash", "-n", str(snippet)], capture_output=True, text=True, timeout=30)
    return None if proc.returncode == 0 else f"{snippet}: bash -n: {proc.stderr.strip()}"


# --- comparing outputs -----------------------------------------------------------------
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


@functools.cache
def _site_packages() -> str | None:
    """Where torch is installed (found once, without importing it)."""
    spec = importlib.util.find_spec("torch")
    return str(Path(spec.origin).resolve().parent.parent) if spec and spec.origin else None


def normalise(text: str, workdir: Path, repo: Path) -> str:
    """What may legitimately differ between two runs of the same code, made equal before
    recording: object addresses (0x7f... -> 0x…), the working directory (<cwd>), other
    temporary paths (<tmp>), site-packages and the checkout location."""
    text = text.replace(str(workdir.resolve()), "<cwd>").replace(str(workdir), "<cwd>")
    if site := _site_packages():
        text = text.replace(site, "<site-packages>")
    text = text.replace(str(repo), "<repo>")
    text = re.sub(re.escape(tempfile.gettempdir()) + r"/[^\s'\"]+", "<tmp>", text)
    return _ADDRESS.sub("0x…", text)


def comparable(text: str, deterministic: bool) -> str:
    """Outputs marked `deterministic_output: false` (timings, thread or device counts) are
    compared with every number replaced by <n>: words, line structure and order must
    still match."""
    return text if deterministic else _NUMBER.sub("<n>", text)


if __name__ == "__main__":
    sys.exit(_child_main(sys.argv[1:]))
