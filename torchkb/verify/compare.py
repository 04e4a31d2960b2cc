"""Comparing a run's output with its record: what may legitimately differ between two runs
of the same code is made equal first."""

from __future__ import annotations

import functools
import importlib.abc
import importlib.util
import re
import tempfile
from pathlib import Path

_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")


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
