"""The programs the suite needs: a test that needs a missing one is skipped, saying how to
install it; in CI (CI=true) it fails instead."""

import re
from pathlib import Path

import pytest
import tools
from tools import TOOLS, require_tool

TESTS = Path(__file__).resolve().parent


def _missing(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(TOOLS, "nosuchtool", ("nosuchtool", "apt-get install nosuchtool"))
    return "nosuchtool"


def test_missing_tool_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    name = _missing(monkeypatch)
    monkeypatch.setenv("CI", "true")
    # BaseException: a skip must fail this test, not skip it
    with pytest.raises(BaseException, match=r"apt-get install nosuchtool.*CI=true") as raised:
        require_tool(name)
    assert raised.type is pytest.fail.Exception


def test_missing_tool_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    name = _missing(monkeypatch)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(BaseException, match="^nosuchtool is not installed: apt-get") as raised:
        require_tool(name)
    assert raised.type is pytest.skip.Exception
    monkeypatch.setenv("CI", "false")
    with pytest.raises(BaseException) as raised:
        require_tool(name)
    assert raised.type is pytest.skip.Exception


def test_absolute_tool_paths_must_be_executables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = tmp_path / "chromium"
    fake.write_text("")  # a file, not executable: playwright could not launch it
    monkeypatch.setitem(TOOLS, "chromium", (str(fake), "apt-get install chromium"))
    assert tools.find_tool("chromium") is None
    fake.chmod(0o755)
    assert tools.find_tool("chromium") == str(fake)


def test_tests_look_tools_up_only_through_require_tool() -> None:
    """A test that checks for a program by itself could skip in CI again."""
    names = "|".join(re.escape(n) for n in TOOLS)
    own = re.compile(rf"""shutil\.which\(\s*["']({names})["']|["']/usr/bin/({names})["']""")
    offenders = [
        f"{p.name}:{n}"
        for p in sorted(TESTS.glob("*.py"))
        if p.name != "tools.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if own.search(line)
    ]
    assert not offenders, f"use tools.require_tool instead: {offenders}"
