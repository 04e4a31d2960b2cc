"""Run one snippet in this process (Python) or in bash (shell), isolated.

A Python snippet runs with `runpy.run_path(run_name="__main__")`: fresh globals, stdout
captured, its own working directory (also `tempfile`'s directory while it runs), seeds
reset (torch, random, numpy), and everything a snippet may change restored afterwards
(default dtype, grad mode, anomaly mode, print options, thread count, os.environ,
sys.argv, warning filters). torch is imported once per pytest worker (by conftest), so a
snippet costs its own run time, not a ~1.4 s interpreter start and torch import.

A write guard (an audit hook, armed only while a snippet runs) fails the snippet when it
creates, opens for writing, renames or deletes a file outside its working directory,
naming the snippet file and line. Allowed besides the working directory: os.devnull,
library caches (~/.cache or $XDG_CACHE_HOME, $MPLCONFIGDIR) and bytecode in __pycache__.
"""

import contextlib
import io
import os
import random
import re
import runpy
import shlex
import shutil
import sys
import tempfile
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy
import pytest
import torch

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
# audit events that change the file system, and which of their args are paths
_PATH_EVENTS = {"os.mkdir": (0,), "os.remove": (0,), "os.rmdir": (0,), "os.rename": (0, 1),
                "os.symlink": (1,), "os.link": (1,), "os.truncate": (0,),
                "shutil.rmtree": (0,), "os.chmod": (0,)}


class SnippetWroteOutside(PermissionError):
    """A snippet tried to write a file outside its temporary working directory."""


class SnippetTimedOut(Exception):
    """pytest-timeout interrupted the snippet."""


@dataclass
class RunResult:
    stdout: str
    exception: BaseException | None
    seconds: float = 0.0

    def recorded(self) -> str:
        """What the page shows: stdout, then the exception's last line(s) as Python prints
        them (`Type: message`)."""
        text = self.stdout
        if self.exception is not None:
            if text and not text.endswith("\n"):
                text += "\n"
            text += "".join(traceback.format_exception_only(self.exception))
        return text


def _cache_dirs() -> list[Path]:
    dirs = [Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")]
    if os.environ.get("MPLCONFIGDIR"):
        dirs.append(Path(os.environ["MPLCONFIGDIR"]))
    return [d.resolve() for d in dirs]


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
                isinstance(flags, int) and flags & _WRITE_FLAGS)
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
        if (target == Path(os.devnull) or any(target.is_relative_to(a) for a in allowed)
                or "__pycache__" in target.parts
                or any(target.is_relative_to(d) for d in _cache_dirs())):
            return
        line = snippet_line(snippet)
        cls.armed = None  # pytest may write while reporting; the snippet is over anyway
        cls.violation = (f"{snippet}:{line}: writes {target} outside its working directory "
                         f"({event})")
        raise SnippetWroteOutside(cls.violation)


def snippet_line(snippet: Path, tb: object = None) -> int | None:
    """The innermost line of `snippet` on the current stack (or in traceback `tb`)."""
    line = None
    if tb is not None:
        for frame, lineno in traceback.walk_tb(tb):
            if Path(frame.f_code.co_filename) == snippet:
                line = lineno
        return line
    frame = sys._getframe(0)
    while frame is not None:
        if Path(frame.f_code.co_filename) == snippet:
            return frame.f_lineno
        frame = frame.f_back
    return None


def reset_state() -> None:
    torch.manual_seed(0)
    random.seed(0)
    numpy.random.seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)
    torch.autograd.set_detect_anomaly(False)
    torch.set_printoptions(profile="default")
    numpy.set_printoptions()


@contextlib.contextmanager
def _isolated(snippet: Path, workdir: Path):
    """Working directory, argv, environment, tempfile dir, threads: set, then restored.
    Yields the scratch directory that `tempfile` uses meanwhile."""
    cwd, argv, environ = os.getcwd(), sys.argv, dict(os.environ)
    threads, tmp = torch.get_num_threads(), tempfile.tempdir
    # a short path: multiprocessing puts AF_UNIX sockets here (108-byte limit)
    scratch = Path(tempfile.mkdtemp(prefix="snip-"))
    os.chdir(workdir)
    sys.argv = [str(snippet)]
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
        torch.set_num_threads(threads)
        reset_state()
        shutil.rmtree(scratch, ignore_errors=True)


def run_python(snippet: Path, workdir: Path) -> RunResult:
    """Execute `snippet` as __main__ in `workdir`; its exception is returned, not raised
    (the caller knows whether it was expected). Writing outside `workdir` and timeouts
    raise, naming the snippet file and line."""
    import time

    snippet = snippet.resolve()
    _WriteGuard.install()
    out = io.StringIO()
    exception = None
    start = time.perf_counter()
    with _isolated(snippet, workdir) as scratch:
        _WriteGuard.violation = None
        _WriteGuard.armed = (snippet, (workdir.resolve(), scratch.resolve()))
        try:
            with contextlib.redirect_stdout(out):
                runpy.run_path(str(snippet), run_name="__main__")
        except pytest.fail.Exception as err:
            if "Timeout" in str(err):  # pytest-timeout's signal method raised in the snippet
                line = snippet_line(snippet, err.__traceback__)
                raise SnippetTimedOut(f"{snippet}:{line}: timed out ({err})") from None
            raise
        except SnippetWroteOutside:
            raise
        except Exception as err:  # noqa: BLE001 - the caller decides whether it was expected
            exception = err
        finally:
            _WriteGuard.armed = None
    seconds = time.perf_counter() - start
    if _WriteGuard.violation:  # caught by the snippet itself: still a failure
        raise SnippetWroteOutside(_WriteGuard.violation)
    return RunResult(out.getvalue(), exception, seconds)


# --- shell snippets --------------------------------------------------------------------
# Commands that change the machine (install, delete, end processes) never run from a test.
UNSAFE_COMMANDS = {"rm", "kill", "pkill", "killall", "pip", "pip3", "conda", "apt", "apt-get",
                   "sudo", "make", "shutdown", "reboot", "dd", "mkfs", "chmod", "chown",
                   "curl", "wget", "git", "watch"}
_SHELL_KEYWORDS = {"if", "then", "else", "elif", "fi", "for", "do", "done", "while", "case",
                   "esac", "export", "cd", "echo", "set", "true", "false", "test", "[", "[["}


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


# --- comparing outputs -----------------------------------------------------------------
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def normalise(text: str, workdir: Path, repo: Path) -> str:
    """What may legitimately differ between two runs of the same code, made equal before
    recording: object addresses (0x7f... -> 0x…), the working directory (<cwd>), other
    temporary paths (<tmp>), site-packages and the checkout location."""
    text = text.replace(str(workdir.resolve()), "<cwd>").replace(str(workdir), "<cwd>")
    site = Path(torch.__file__).resolve().parent.parent
    text = text.replace(str(site), "<site-packages>").replace(str(repo), "<repo>")
    text = re.sub(re.escape(tempfile.gettempdir()) + r"/[^\s'\"]+", "<tmp>", text)
    return _ADDRESS.sub("0x…", text)


def comparable(text: str, deterministic: bool) -> str:
    """Outputs marked `deterministic_output: false` (timings, thread or device counts) are
    compared with every number replaced by <n>: words, line structure and order must
    still match."""
    return text if deterministic else _NUMBER.sub("<n>", text)


def exception_matches(exc: BaseException, expected: dict) -> bool:
    """Type by name anywhere in the MRO (torch.AcceleratorError is a RuntimeError), message
    by regex (re.search)."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    names |= {f"{cls.__module__}.{cls.__qualname__}" for cls in type(exc).__mro__}
    return expected["type"] in names and re.search(expected.get("match", ""), str(exc)) is not None
