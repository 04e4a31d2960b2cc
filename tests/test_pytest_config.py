"""The pytest configuration's warning filters: none today (a snippet's warnings are
recorded by the verify stage's runner, not shown by pytest); any added names its one
warning, with its reason, and nothing broader, so that a new warning shows in the summary."""

import tomllib
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def filters() -> list[str]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    return config["tool"]["pytest"]["ini_options"].get("filterwarnings", [])


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


def test_new_warnings_show() -> None:
    """Inside a test pytest has applied the configured filters; catch_warnings(record=True)
    keeps them, so what it records is what the summary would show."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.warn("something nobody expected (test)", DeprecationWarning, stacklevel=1)
        warnings.warn("something else nobody expected (test)", UserWarning, stacklevel=1)
    assert sorted(str(w.message) for w in caught) == [
        "something else nobody expected (test)",
        "something nobody expected (test)",
    ]
