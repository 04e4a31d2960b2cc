"""Repository-wide pytest setup: page code blocks (pytest-codeblocks over docs/) run in a
fresh temporary directory with a fixed seed, so a snippet that writes model.onnx never
lands in the repository and random output is reproducible."""

import os
import tempfile
from collections.abc import Iterator

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    # pytest-codeblocks items are plain pytest.Items: fixtures don't reach them
    if type(item).__name__ != "TestBlock":
        return (yield)
    import torch

    torch.manual_seed(0)
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="codeblock-") as tmp:
        os.chdir(tmp)
        try:
            return (yield)
        finally:
            os.chdir(cwd)
