"""The programs the suite needs besides Python packages, and what happens when one is missing.

On a developer's machine a test that needs a missing program is skipped, saying how to
install it. In CI (`CI=true`: GitHub Actions sets it, `.ci/run` sets it) it is an error
instead: a job whose browser tests silently skip must not be green.
"""

import os
import shutil
from pathlib import Path

import pytest

# name -> (how to find it, how to install it on Debian)
TOOLS: dict[str, tuple[str, str]] = {
    # playwright drives Debian's browser at this path (not a browser build of its own);
    # the CJK fonts make Chinese text render in it
    "chromium": ("/usr/bin/chromium", "apt-get install chromium fonts-noto-cjk"),
    # runs the search worker's JavaScript in the index tests
    "node": ("node", "apt-get install nodejs"),
    # graphviz's `dot` renders the autograd-graph snippet (tools/make_dot.py)
    "dot": ("dot", "apt-get install graphviz"),
}
# the programs a snippet needs, by the Python packages it lists in snippets.yml
PACKAGE_TOOLS: dict[str, str] = {"graphviz": "dot"}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def find_tool(name: str) -> str | None:
    where, _ = TOOLS[name]
    if os.path.isabs(where):
        return where if Path(where).is_file() and os.access(where, os.X_OK) else None
    return shutil.which(where)


def missing_message(name: str) -> str:
    where, install = TOOLS[name]
    shown = name if where == name else f"{name} ({where})"
    return f"{shown} is not installed: {install}"


def require_tool(name: str) -> str:
    """The program's path; if it is missing, skip the calling test or fixture, or in CI
    fail it, with the install command in the message."""
    path = find_tool(name)
    if path is not None:
        return path
    message = missing_message(name)
    if in_ci():
        pytest.fail(f"{message} (CI=true: a missing tool is an error, not a skip)", pytrace=False)
    pytest.skip(message)
