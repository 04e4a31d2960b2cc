"""Run one Python snippet in this process: fresh globals, its own working directory,
reset seeds, and a guard that stops it writing files outside that directory.

torch is imported once per pytest worker (by conftest), so a snippet costs its own run
time, not a ~1.4 s interpreter start and torch import.
"""

import contextlib
import io
import os
import random
import re
import runpy
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path

import numpy
import torch

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class SnippetWroteOutside(PermissionError):
    """A snippet tried to write a file outside its temporary working directory."""


@dataclass
class RunResult:
    stdout: str
    exception: BaseException | None

    def recorded(self) -> str:
        """What the page shows: stdout, then the exception's last lines as Python prints them."""
        text = self.stdout
        if self.exception is not None:
            text += "".join(traceback.format_exception_only(self.exception))
        return text


class _WriteGuard:
    """An audit hook (installed once; hooks can't be removed) that is armed per snippet."""

    installed = False
    armed: tuple[Path, Path] | None = None  # (snippet file, allowed directory)

    @classmethod
    def install(cls) -> None:
        if not cls.installed:
            sys.addaudithook(cls._hook)
            cls.installed = True

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        if cls.armed is None or event != "open":
            return
        path, mode, flags = args
        if path is None or isinstance(path, int):
            return
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS)
        if not writes:
            return
        target = Path(os.fsdecode(path)).resolve()
        snippet, allowed = cls.armed
        if target == Path(os.devnull) or target.is_relative_to(allowed):
            return
        if target.is_relative_to(Path(tempfile.gettempdir()).resolve()):
            return  # library caches and tempfile users; never the repository
        line = _snippet_line(snippet)
        cls.armed = None  # let pytest report without tripping the guard again
        raise SnippetWroteOutside(f"{snippet}:{line}: snippet writes {target} "
                                  f"outside its working directory")


def _snippet_line(snippet: Path) -> int | None:
    frame = sys._getframe(0)
    while frame is not None:
        if Path(frame.f_code.co_filename) == snippet:
            return frame.f_lineno
        frame = frame.f_back
    return None


def _reset_state() -> None:
    torch.manual_seed(0)
    random.seed(0)
    numpy.random.seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)


def run_python(snippet: Path, workdir: Path) -> RunResult:
    """Execute `snippet` as __main__ in `workdir`; expected errors are returned, not raised."""
    _WriteGuard.install()
    _reset_state()
    out = io.StringIO()
    cwd, argv = os.getcwd(), sys.argv
    os.chdir(workdir)
    sys.argv = [str(snippet)]
    exception = None
    _WriteGuard.armed = (snippet.resolve(), workdir.resolve())
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(snippet), run_name="__main__")
    except SnippetWroteOutside:
        raise
    except Exception as err:  # noqa: BLE001 - the caller decides whether it was expected
        exception = err
    finally:
        _WriteGuard.armed = None
        os.chdir(cwd)
        sys.argv = argv
        _reset_state()
    return RunResult(out.getvalue(), exception)


def exception_matches(exc: BaseException, expected: dict) -> bool:
    """Type by name anywhere in the MRO (torch.AcceleratorError is a RuntimeError), message
    by regex."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    return expected["type"] in names and re.search(expected.get("match", ""), str(exc)) is not None


_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def normalise(text: str, workdir: Path, repo: Path) -> str:
    """What may legitimately differ between two runs of the same code, made equal:
    object addresses, the temporary working directory and the checkout location."""
    text = text.replace(str(workdir.resolve()), "<cwd>").replace(str(workdir), "<cwd>")
    site = Path(torch.__file__).resolve().parent.parent
    text = text.replace(str(site), "<site-packages>").replace(str(repo), "<repo>")
    text = re.sub(re.escape(tempfile.gettempdir()) + r"/[^\s'\"]+", "<tmp>", text)
    return _ADDRESS.sub("0x…", text)


def comparable(text: str, deterministic: bool) -> str:
    """Outputs marked non-deterministic (timings, float noise) are compared with every
    number masked: the words, shapes of lines and order must still match."""
    return text if deterministic else _NUMBER.sub("<n>", text)
