"""What keeps one snippet's run from touching anything else: a write guard (an audit hook,
armed only while the snippet runs), seeds and torch's global switches reset, a private
HOME, a deadline, and the working directory, argv, environment and tempfile directory
set for the run and restored after it.

Only the standard library at import time (the GPU job's child process imports this).
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.util
import inspect
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
import types
import warnings
from pathlib import Path

from torchkb.sources.run_state import reset_state

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


class WriteGuard:
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


class SeedOnImport(importlib.abc.MetaPathFinder):
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
            SeedOnImport.depth += 1
            try:
                exec_module(module)
            finally:
                SeedOnImport.depth -= 1
            if SeedOnImport.depth == 0:
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
        # hypothesis (property-based proofs) keeps its cache under the working directory
        # it saw at first import: another snippet's, in a process that runs several
        "HYPOTHESIS_STORAGE_DIRECTORY": base / ".hypothesis",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    return {k: str(v) for k, v in dirs.items()} | {"MPLBACKEND": "Agg"}


@contextlib.contextmanager
def deadline(seconds: float):
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


def _hypothesis_home(directory: str | None) -> None:
    """Where hypothesis keeps its files, when it is imported already: it reads
    HYPOTHESIS_STORAGE_DIRECTORY once, so a later snippet of the same process is given
    its own through hypothesis's `set_hypothesis_home_dir` (None: read the variable again)."""
    configuration = sys.modules.get("hypothesis.configuration")
    if configuration is not None:
        configuration.set_hypothesis_home_dir(directory)


@contextlib.contextmanager
def isolated(snippet: Path, workdir: Path, home: Path, *, reset_after: bool = True):
    """Working directory, argv, environment, tempfile dir, threads: set, then restored.
    Yields the scratch directory that `tempfile` uses meanwhile. `reset_after=False`: the
    seeds and torch's switches are not reset after the run (a process of its own ends
    with it, and a lesson may leave CUDA unusable: after a device-side assert every CUDA
    call raises, `torch.manual_seed` too)."""
    torch = sys.modules.get("torch")
    cwd, argv, environ = os.getcwd(), sys.argv, dict(os.environ)
    threads, tmp = (torch.get_num_threads() if torch else None), tempfile.tempdir
    # a short path: multiprocessing puts AF_UNIX sockets here (108-byte limit)
    scratch = Path(tempfile.mkdtemp(prefix="snip-"))
    os.chdir(workdir)
    sys.argv = [str(snippet)]
    os.environ.update(private_home(home))
    _hypothesis_home(os.environ["HYPOTHESIS_STORAGE_DIRECTORY"])
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
        _hypothesis_home(None)
        tempfile.tempdir = tmp
        if threads is not None:
            torch.set_num_threads(threads)
        if reset_after:
            reset_state()
        shutil.rmtree(scratch, ignore_errors=True)
