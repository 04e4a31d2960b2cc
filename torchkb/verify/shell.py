"""Shell snippets: which commands are safe to run here, running them with a private HOME
and a timeout, and a syntax check for the ones that can't run."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

from torchkb.verify.isolation import private_home
from torchkb.verify.runner import RunResult

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
