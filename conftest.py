"""Repository-wide pytest setup: page code blocks (pytest-codeblocks over docs/) run in a
fresh temporary directory, from the state `verify` runs a snippet in (seeds 0 for random,
numpy and torch, torch's switches at their defaults: torchkb.verify.isolation.reset_state),
so a snippet that writes model.onnx never lands in the repository and random output is the
recorded one."""

import os
import tempfile
from collections.abc import Iterator

import pytest

# A notebook's page shows the topic page's code blocks again, as its cells: they run once,
# from the topic pages (and the notebooks themselves run in tests/test_notebooks.py)
collect_ignore_glob = ["docs/*/notebooks/*"]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    # pytest-codeblocks items are plain pytest.Items: fixtures don't reach them
    if type(item).__name__ != "TestBlock":
        return (yield)
    import torch  # noqa: F401 - imported first, so reset_state seeds and resets it too

    from torchkb.verify.isolation import reset_state

    reset_state()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="codeblock-") as tmp:
        os.chdir(tmp)
        try:
            return (yield)
        finally:
            os.chdir(cwd)
