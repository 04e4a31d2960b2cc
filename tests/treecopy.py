"""A copy of this checkout's sources to break on purpose, and the CLI run on it, as a user
runs it (`python -m torchkb ...` with `TORCHKB_ROOT` naming the copy)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import torchkb

SOURCES = ("notes", "snippets", "docs", "verification")


def copy_sources(dst: Path) -> Path:
    """notes/, snippets/, docs/ and verification/ of this checkout, copied into `dst`."""
    for name in SOURCES:
        if (torchkb.ROOT / name).exists():
            shutil.copytree(torchkb.ROOT / name, dst / name)
    return dst


def run_cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TORCHKB_ROOT": str(root)}
    return subprocess.run(
        [sys.executable, "-m", "torchkb", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
