"""The pytest configuration's warning filters: each expected warning by name, with its
reason, and nothing broader, so that a new warning shows in the summary."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def filters() -> list[str]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return config["tool"]["pytest"]["ini_options"]["filterwarnings"]


def test_each_filter_names_one_warning_and_says_why() -> None:
    lines = PYPROJECT.read_text(encoding="utf-8").splitlines()
    for entry in filters():
        action, message, category, *_ = entry.split(":") + ["", ""]
        assert action == "ignore" and category.endswith("Warning"), entry
        assert len(message) >= 20, f"{entry}: name the warning by its message"
        [n] = [
            i for i, line in enumerate(lines) if line.strip() == f'"{entry}",'.replace("\\", "\\\\")
        ]
        assert lines[n - 1].strip().startswith("#"), f"{entry}: give its reason in a comment"


def test_expected_warnings_are_filtered_and_new_ones_show(tmp_path: Path) -> None:
    (tmp_path / "test_w.py").write_text(
        "import warnings\n"
        "def test_expected():\n"
        "    warnings.warn(\"swmr=True only affects read ('r') mode.\", UserWarning)\n"
        "def test_new():\n"
        "    warnings.warn('something nobody expected', DeprecationWarning)\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(PYPROJECT),
            "--rootdir",
            str(tmp_path),
            "-p",
            "no:randomly",
            "-p",
            "no:xdist",
            "-q",
            str(tmp_path / "test_w.py"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "something nobody expected" in result.stdout
    assert "swmr" not in result.stdout
    assert "2 passed, 1 warning" in result.stdout, result.stdout
