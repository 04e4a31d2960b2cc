"""A copy of this checkout's sources to break on purpose, and the CLI run on it as a user
runs it, `TORCHKB_ROOT` naming the copy.

`run_cli` runs `torchkb.cli.main` in this process (a subprocess would pay for its imports
and cold caches on every call): the same argument parsing, the same exit codes,
stdout and stderr captured, warnings shown as a fresh interpreter shows them.
`run_cli_process` runs the real entry point, `python -m torchkb`, in a subprocess; a few
tests keep it so that the module entry point and its exit status stay covered."""

import contextlib
import functools
import io
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import torchkb
from torchkb import cli
from torchkb.render.docs import render_site
from torchkb.sources.project import Project

SOURCES = ("notes", "snippets", "docs", "verification")


@functools.cache
def rendered_checkout() -> dict[str, bytes]:
    """The site as generated from this checkout (`render_site`), once per test process:
    the tests that only read it share it (test_generator, test_project)."""
    return render_site(Project(torchkb.ROOT))


def copy_sources(dst: Path) -> Path:
    """notes/, snippets/, docs/ and verification/ of this checkout, copied into `dst`."""
    for name in SOURCES:
        if (torchkb.ROOT / name).exists():
            shutil.copytree(torchkb.ROOT / name, dst / name)
    return dst


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by its path there: to show a failed run left it as it was."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def run_cli_process(root: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m torchkb <args>` in a subprocess, on the tree at `root`."""
    env = {**os.environ, "TORCHKB_ROOT": str(root)}
    return subprocess.run(
        [sys.executable, "-m", "torchkb", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def run_cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    """`torchkb <args>` on the tree at `root`, in this process: what `python -m torchkb`
    would exit with and print."""
    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("TORCHKB_ROOT")
    os.environ["TORCHKB_ROOT"] = str(root)
    try:
        with (
            warnings.catch_warnings(record=True) as caught,
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            _python_warning_filters()
            try:
                code = cli.main(list(args))
            except SystemExit as stop:  # argparse's usage errors
                code = stop.code if isinstance(stop.code, int) else 1
        # a subprocess prints them on its stderr (its one-line error checks see them)
        for w in caught:
            err.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
    finally:
        if saved is None:
            os.environ.pop("TORCHKB_ROOT", None)
        else:
            os.environ["TORCHKB_ROOT"] = saved
    return subprocess.CompletedProcess(
        ["torchkb", *args], code, stdout=out.getvalue(), stderr=err.getvalue()
    )


def _python_warning_filters() -> None:
    """The filters of a fresh `python` (no -W, no PYTHONWARNINGS), not pytest's."""
    warnings.resetwarnings()
    warnings.simplefilter("always")  # shown every time: no registry left from an earlier run
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.filterwarnings("ignore", category=category)
