"""The pytest configuration's warning filters: each expected warning by name, with its
reason, and nothing broader, so that a new warning shows in the summary."""

import tomllib
import warnings
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


def test_expected_warnings_are_filtered_and_new_ones_show() -> None:
    """Inside a test pytest has applied the configured filters; catch_warnings(record=True)
    keeps them, so what it records is what the summary would show."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.warn("swmr=True only affects read ('r') mode. (test)", UserWarning, stacklevel=1)
        # filtered only when thop raises it
        warnings.warn(
            "distutils Version classes are deprecated. (test)", DeprecationWarning, stacklevel=1
        )
        warnings.warn("something nobody expected (test)", DeprecationWarning, stacklevel=1)
        warnings.warn("something else nobody expected (test)", UserWarning, stacklevel=1)
    assert sorted(str(w.message) for w in caught) == [
        "distutils Version classes are deprecated. (test)",
        "something else nobody expected (test)",
        "something nobody expected (test)",
    ]
