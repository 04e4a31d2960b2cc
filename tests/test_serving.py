"""`make serve` installs what serving needs and nothing of the test toolchain: pyproject.toml's
dependencies are the MkDocs stack and what the plugin imports; torch and the rest are the
`test` extra, which `make test` installs. The suite's own site build runs with the test
extra's packages unimportable (tests/builtsite.py), so a plugin path that imports torch
fails the build."""

import re
import tomllib

from builtsite import NOT_FOR_SERVING, ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement: str) -> str:
    return re.split(r"[=<>!~\[ ;]", requirement, maxsplit=1)[0].lower()


def test_serving_installs_no_torch_and_no_test_tools() -> None:
    serving = {_name(d) for d in PROJECT["dependencies"]}
    test = {_name(d) for d in PROJECT["optional-dependencies"]["test"]}
    assert "torch" in test and "mkdocs" in serving
    assert not serving & test
    for name in ("torch", "pandas", "matplotlib", "onnx", "h5py", "pytest", "playwright"):
        assert name not in serving, name
    assert {"torch", "pandas", "matplotlib", "onnx", "h5py"} <= set(NOT_FOR_SERVING)


def test_serving_installs_no_jupyter_stack() -> None:
    """The notebooks' pages are Markdown that the generator writes: serving them needs no
    mkdocs-jupyter, nbconvert or kernel (about half of what a fresh `make serve` used to
    download, and half its first build); the build runs without nbformat importable."""
    serving = {_name(d) for d in PROJECT["dependencies"]}
    jupyter = {"mkdocs-jupyter", "nbconvert", "nbformat", "jupytext", "ipykernel", "jieba"}
    assert not serving & jupyter, serving & jupyter
    assert {"nbformat", "jieba"} <= set(NOT_FOR_SERVING)
    mkdocs_yml = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "mkdocs-jupyter" not in mkdocs_yml


def test_make_serve_installs_the_serving_set_and_make_test_everything() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rules = dict(re.findall(r"^([^\s:#]+):([^\n]*)", makefile, re.M))
    assert ".serve-installed" in rules["serve"] and ".installed" not in rules["serve"].replace(
        ".serve-installed", ""
    )
    serve_install = makefile.split("$(VENV)/.serve-installed: pyproject.toml", 1)[1]
    serve_install = serve_install.split("\n\n", 1)[0]
    assert (
        "pip install --quiet --no-compile -e ." in serve_install and "[test]" not in serve_install
    )
    full = makefile.split("$(VENV)/.installed: pyproject.toml", 1)[1].split("\n\n", 1)[0]
    assert "-e '.[test]'" in full
    assert "install" in rules["test"]
