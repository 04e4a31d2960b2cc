"""Repository-wide pytest setup: page code blocks (pytest-codeblocks over docs/) run in a
temporary directory, so a snippet that writes model.onnx never lands in the repository."""

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _codeblocks_in_tmp_dir(request: pytest.FixtureRequest, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    if type(request.node).__name__ == "TestBlock":  # a pytest-codeblocks item
        monkeypatch.chdir(tmp_path)
        import torch

        torch.manual_seed(0)
