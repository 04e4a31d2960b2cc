"""GitHub workflows can't run here: check them statically (YAML, zizmor, actionlint with
shellcheck), and check that CI runs exactly the README's test command, in Debian, with the
tools the tests need."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from tools import TOOLS

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent  # zizmor, actionlint, shellcheck: pinned in pyproject
CPU_INDEX = "https://download.pytorch.org/whl/cpu"
DEBIAN_IMAGE = "python:3.11-bookworm"


def workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def readme_commands() -> dict[str, str]:
    """The README's "Two commands" block, as {command: its comment}."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Two commands", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block, "README: no ```bash block under '## Two commands'"
    commands = {}
    for line in block.group(1).splitlines():
        command, _, comment = line.partition("#")
        if command.strip():
            commands[command.strip()] = comment.strip()
    return commands


def readme_test_command() -> str:
    [command] = [c for c, comment in readme_commands().items() if "test" in comment]
    return command


def test_readme_has_two_commands() -> None:
    assert len(readme_commands()) == 2, readme_commands()


def test_workflows_parse_and_pin_permissions() -> None:
    names = {p.stem for p in WORKFLOWS}
    assert {"ci", "pages", "gpu"} <= names
    for path in WORKFLOWS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("permissions") == {"contents": "read"}, f"{path.name}: least privilege"
        assert data.get("jobs"), path.name


def test_ci_script_runs_the_readme_test_command() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    # README's command names the CPU torch index on its line; CI sets the same variable in
    # its environment (ci.yml, checked below), which make reads alike, so .ci/run's line
    # leaves it out (a machine without that index keeps its own pip settings)
    readme = readme_test_command()
    assert readme == f"make test PIP_EXTRA_INDEX_URL={CPU_INDEX}", readme
    assert commands[-1] == "make test", ".ci/run must end with the README's command"
    assert "export CI=true" in commands
    assert "bash .ci/install-tools" in commands
    assert any(line.startswith('export HOME="$fresh_home"') for line in commands)


def test_ci_workflow_runs_ci_run() -> None:
    """The workflow's test step is `.ci/run`, as every CI run (which ends with README's
    test command): no second copy of the steps to drift apart."""
    job = workflow("ci.yml")["jobs"]["test"]
    runs = [step.get("run", "").strip() for step in job["steps"]]
    testing = [run for run in runs if "pytest" in run or "make test" in run or ".ci/" in run]
    assert testing == ["bash .ci/run"], testing


def test_ci_and_pages_run_in_debian_with_cpu_torch() -> None:
    """Debian's chromium at /usr/bin/chromium (Ubuntu's is a snap stub), CI=true so the
    browser tests fail rather than skip without it, torch from the CPU-only index."""
    ci = workflow("ci.yml")["jobs"]["test"]
    assert ci["container"]["image"] == DEBIAN_IMAGE
    assert str(ci["env"]["CI"]).lower() == "true"
    assert ci["env"]["PIP_EXTRA_INDEX_URL"] == CPU_INDEX
    cached = {
        step["with"]["path"]
        for step in ci["steps"]
        if step.get("uses", "").startswith("actions/cache@")
    }
    # pip downloads (outside the empty HOME .ci/run gives the tests)
    assert cached == {ci["env"]["PIP_CACHE_DIR"]}
    build = workflow("pages.yml")["jobs"]["build"]
    assert build["container"]["image"] == DEBIAN_IMAGE
    assert build["env"]["PIP_EXTRA_INDEX_URL"] == CPU_INDEX


def test_install_script_installs_every_tool_the_tests_name() -> None:
    script = (ROOT / ".ci" / "install-tools").read_text(encoding="utf-8")
    packages = set(re.search(r"^packages=\((.*)\)$", script, re.M).group(1).split())
    for name, (_, install) in TOOLS.items():
        wanted = set(install.removeprefix("apt-get install ").split())
        assert wanted <= packages, f"{name}: .ci/install-tools lacks {wanted - packages}"


def test_gpu_job_verifies_on_a_gpu_runner_and_merges_its_shards() -> None:
    gpu = workflow("gpu.yml")
    job = gpu["jobs"]["cuda-snippets"]
    assert job["runs-on"] == ["self-hosted", "gpu"]
    runs = [step.get("run", "") for step in job["steps"]]
    assert any("-m torchkb verify --device cuda --shard" in run for run in runs), runs
    merge = gpu["jobs"]["merge"]
    assert merge["needs"] == "cuda-snippets"
    assert any("-m torchkb verify --merge" in step.get("run", "") for step in merge["steps"])


def test_zizmor_finds_nothing() -> None:
    result = subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--no-progress", *map(str, WORKFLOWS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_finds_nothing() -> None:
    """Syntax, expression types, runner labels (.github/actionlint.yaml names the
    self-hosted ones), and shellcheck over every `run:` script."""
    result = subprocess.run(
        [
            str(BIN / "actionlint"),
            "-oneline",
            "-shellcheck",
            str(BIN / "shellcheck"),
            "-config-file",
            str(ROOT / ".github" / "actionlint.yaml"),
            *map(str, WORKFLOWS),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_scripts_are_shellcheck_clean() -> None:
    scripts = [ROOT / ".ci" / "run", ROOT / ".ci" / "install-tools"]
    result = subprocess.run(
        [str(BIN / "shellcheck"), *map(str, scripts)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout


PYTHON_SOURCES = ["torchkb", "tests", "benchmarks", "conftest.py"]


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]], ids=" ".join)
def test_python_sources_are_ruff_clean(command: list[str]) -> None:
    """`ruff check` and `ruff format --check` over every Python source (not snippets/: the
    author's code stays as written)."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "--no-cache", *PYTHON_SOURCES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout


def test_pages_builds_from_the_whole_history() -> None:
    """The published pages' "last changed" dates come from git's history: a shallow
    checkout would give none (torchkb/site/provenance.py)."""
    steps = workflow("pages.yml")["jobs"]["build"]["steps"]
    checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0
