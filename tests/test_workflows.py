"""GitHub workflows can't run here: check them statically (YAML, zizmor) and check that CI
runs the README's test command."""

import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def test_workflows_parse_and_pin_permissions() -> None:
    names = {p.stem for p in WORKFLOWS}
    assert {"ci", "pages", "gpu"} <= names
    for path in WORKFLOWS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("permissions") == {"contents": "read"}, f"{path.name}: least privilege"
        assert data.get("jobs"), path.name


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")


def test_gpu_job_verifies_on_a_gpu_runner_and_merges_its_shards() -> None:
    gpu = yaml.safe_load((ROOT / ".github" / "workflows" / "gpu.yml").read_text(encoding="utf-8"))
    job = gpu["jobs"]["cuda-snippets"]
    assert job["runs-on"] == ["self-hosted", "gpu"]
    runs = [step.get("run", "") for step in job["steps"]]
    assert any("-m torchkb verify --device cuda --shard" in run for run in runs), runs
    merge = gpu["jobs"]["merge"]
    assert merge["needs"] == "cuda-snippets"
    assert any("-m torchkb verify --merge" in step.get("run", "") for step in merge["steps"])


def test_zizmor_finds_nothing() -> None:
    zizmor = Path(sys.executable).with_name("zizmor")  # installed into the venv by pyproject
    result = subprocess.run([str(zizmor), "--offline", "--no-progress", *map(str, WORKFLOWS)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_python_sources_are_ruff_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "torchkb", "tests",
                             "conftest.py"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout
