"""The code's shape: the stages' layer order (import-linter), modules split by stage, and
no patches of other people's code.

A patch of a library (replacing one of its functions, or reading its private names) breaks
on its next release without a word; speed comes from documented options, caches and our
own code. The scan below finds, in every Python source and every script we ship or inject:
an assignment to an attribute of an imported module or of a name imported from one;
`setattr` / `monkeypatch.setattr` on one; and any `x._name` whose `_name` our code never
defines (so it belongs to someone else: nbconvert, pygments, jinja2, mkdocs-jupyter,
Material, axe-core...).
"""

import ast
import functools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from treecopy import copy_sources

import torchkb

ROOT = torchkb.ROOT
PYTHON = [*sorted((ROOT / "torchkb").rglob("*.py")), *sorted((ROOT / "tests").glob("*.py"))]
PYTHON += [*sorted((ROOT / "benchmarks").glob("*.py")), ROOT / "conftest.py"]
SCANNED = [p for p in PYTHON if p != Path(__file__)]  # this file plants patches on purpose
SCRIPTS = sorted((ROOT / "theme").rglob("*.js")) + sorted((ROOT / "theme").rglob("*.html"))
# the tests' own helper modules (tests/*.py), imported by plain name
OURS = {"torchkb", *(p.stem for p in (ROOT / "tests").glob("*.py")), "conftest"}
STAGED = ["torchkb/importer", "torchkb/rawnotes"]  # packages held to the size limits below
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 50
MAX_COMPLEXITY = 10
_JS_PRIVATE = re.compile(r"\b[A-Za-z$][\w$]*\.(_[A-Za-z][\w$]*)")


# --- layers ------------------------------------------------------------------------------


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )


def test_layer_contract() -> None:
    """pyproject.toml's [tool.importlinter]: stages import only the layers below them, and
    no package's modules import each other in a cycle."""
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_layer_contract_fails_on_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "torchkb", tmp_path / "torchkb")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    sources = tmp_path / "torchkb" / "sources"
    # the sources reading the rendered pages: an upward import
    (sources / "records.py").write_text(
        (sources / "records.py").read_text() + "\nfrom torchkb.render import pages  # noqa\n"
    )
    # two modules of the render stage importing each other
    render = tmp_path / "torchkb" / "render"
    (render / "error_index.py").write_text(
        (render / "error_index.py").read_text() + "\nfrom torchkb.render import docs  # noqa\n"
    )
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "torchkb.sources.records -> torchkb.render.pages" in result.stdout
    assert "no import cycles between the modules of a package BROKEN" in result.stdout


# What the GPU workflow installs besides torch: pyyaml and pydantic. Its jobs run
# `python -m torchkb verify` (the stage) and `verify --merge`; neither may need the site's
# libraries.
NOT_ON_THE_GPU_RUNNER = ["markdown_it", "markdown", "frontmatter", "nh3", "jieba", "rjieba", "lxml"]
NOT_ON_THE_GPU_RUNNER += ["mkdocs", "material", "nbformat", "bs4", "latex2mathml", "tinycss2"]


def test_the_verify_stage_loads_only_what_the_gpu_job_installs(tmp_path: Path) -> None:
    """`verify` of a snippet, then `verify --merge`, as the GPU workflow's jobs run them, on
    a copy of the sources: the modules they load."""
    root = copy_sources(tmp_path / "tree")
    code = (
        "import sys, torchkb.cli as cli;"
        "assert cli.main(['verify', 'autograd/autograd_basics']) == 0;"
        "assert cli.main(['verify', '--merge']) == 0;"
        "print(sorted({m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "TORCHKB_ROOT": str(root)},
    )
    loaded = set(ast.literal_eval(out.stdout.splitlines()[-1]))
    assert {"yaml", "pydantic", "torch"} <= loaded  # the check sees third-party modules
    assert not loaded & set(NOT_ON_THE_GPU_RUNNER), sorted(loaded & set(NOT_ON_THE_GPU_RUNNER))


# --- no patches --------------------------------------------------------------------------


def _defined(tree: ast.AST) -> set[str]:
    """The `_names` a module defines: functions, classes, variables, attributes it sets."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name | ast.arg):
            names.add(getattr(node, "id", None) or node.arg)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return {n for n in names if n.startswith("_")}


@functools.cache
def _our_private_names() -> set[str]:
    """Every `_name` our code defines (Python, and the scripts under theme/)."""
    names: set[str] = set()
    for path in SCANNED:
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\b(?:const|let|var|function|class)\s+(_\w+)", text))
        names |= set(re.findall(r"\.(_\w+)\s*=[^=]", text))
    return {n for n in names if n.startswith("_")}


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _dotted(node: ast.expr) -> str:
    return ast.unparse(node)


def patches(source: str, ours: set[str]) -> list[str]:
    """What `source` patches of other people's code, one line each. Setting a documented
    variable of the standard library (`sys.argv`, `tempfile.tempdir`) is no patch."""
    tree = ast.parse(source)
    ours = ours | _defined(tree)
    foreign: set[str] = set()  # names bound by importing a module that is not ours
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in OURS | sys.stdlib_module_names:
                    foreign.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] not in OURS | sys.stdlib_module_names:
                foreign |= {a.asname or a.name for a in node.names}
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and _root(target) in foreign:
                    found.append(f"{line}: replaces {_dotted(target)}")
        elif isinstance(node, ast.Call):
            name = _dotted(node.func)
            if name in {"getattr", "hasattr", "setattr"} and len(node.args) > 1:
                attr = node.args[1]
                if isinstance(attr, ast.Constant) and str(attr.value).startswith("_"):
                    if not str(attr.value).endswith("__") and attr.value not in ours:
                        found.append(f"{line}: reaches into {attr.value}")
            if (name == "setattr" or name.endswith(".setattr")) and node.args:
                target = node.args[0]
                text = target.value if isinstance(target, ast.Constant) else None
                if _root(target) in foreign or (
                    isinstance(text, str) and text.split(".")[0] not in OURS
                ):
                    found.append(f"{line}: {name}({_dotted(target)}, ...)")
        elif isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.endswith("__")
            if private and node.attr not in ours:
                found.append(f"{line}: reaches into {_dotted(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for name in _JS_PRIVATE.findall(node.value):
                if name not in ours:
                    found.append(f"{line}: a script reaches into {name}")
    return found


def test_no_patches_of_other_libraries() -> None:
    ours = _our_private_names()
    found = [
        f"{path.relative_to(ROOT)}:{problem}"
        for path in SCANNED
        for problem in patches(path.read_text(encoding="utf-8"), ours)
    ]
    for path in SCRIPTS:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [
                f"{path.relative_to(ROOT)}:{n}: reaches into {name}"
                for name in _JS_PRIVATE.findall(line)
                if name not in ours
            ]
    assert not found, "\n".join(found)


def test_no_proof_replaces_a_library_function() -> None:
    """A check part measures torch as a reader runs it: it never swaps one of torch's (or
    another library's) functions for its own (`F.dropout = recording`), which would prove
    something about the stand-in. (Reading autograd's documented `grad_fn._saved_*`
    attributes is no replacement.)"""
    ours = _our_private_names()
    found = [
        f"{path.relative_to(ROOT)}:{problem}"
        for path in sorted((ROOT / "snippets").rglob("*.check.py"))
        for problem in patches(path.read_text(encoding="utf-8"), ours)
        if "replaces" in problem or "setattr" in problem
    ]
    assert not found, "\n".join(found)
    planted = "import torch.nn.functional as F\nF.dropout = lambda *a, **k: a[0]"
    assert patches(planted, ours)


# A script that changes an object of Material's at run time: its application config
# (#__config), or an element of one of its components, by attribute, content or class. Such
# a change is allowed only where an upstream bug forces it, named within a few lines above
# (owner/repo#issue); Material's documented ways are its template blocks and partials.
_MATERIAL_OBJECT = re.compile(
    r"__config|\.md-(?:search|select|header|nav|footer|dialog|source|tabs|top)\b[\w-]*"
    r"|data-md-component"
)
_CHANGE = re.compile(
    r"\.(?:setAttribute|removeAttribute|replaceWith|remove)\("
    r"|\.(?:textContent|innerHTML|href|className|id)\s*=(?!=)|classList\.(?:add|remove|toggle)\("
)
_UPSTREAM = re.compile(r"\b[\w-]+/[\w.-]+#\d+")


def dom_rewrites(script: str) -> list[str]:
    """The lines of `script` that change Material's config or components, unless an
    upstream issue is named just above."""
    lines = script.splitlines()
    found = []
    for n, line in enumerate(lines):
        near = lines[max(0, n - 6) : n + 1]
        if _CHANGE.search(line) and any(_MATERIAL_OBJECT.search(x) for x in near):
            if not any(_UPSTREAM.search(x) for x in lines[max(0, n - 12) : n + 1]):
                found.append(f"{n + 1}: changes Material's objects: {line.strip()[:80]}")
    return found


def test_no_script_rewrites_materials_config_or_components() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{problem}"
        for path in SCRIPTS
        for problem in dom_rewrites(path.read_text(encoding="utf-8"))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "script",
    [
        'var el = document.getElementById("__config")\nel.textContent = JSON.stringify(c)',
        'var d = document.querySelector(".md-search")\nd.setAttribute("aria-label", "x")',
        'var a = e.target.closest(".md-select a[hreflang]")\nif (a) a.href = a.href + "#x"',
    ],
    ids=["config", "dialog-attribute", "language-link"],
)
def test_the_scan_finds_a_planted_rewrite(script: str) -> None:
    assert dom_rewrites(script)
    # the same, with the upstream bug that forces it named above
    assert not dom_rewrites("// squidfunk/mkdocs-material#6582\n" + script)


@pytest.mark.parametrize(
    "source",
    [
        "import pygments\npygments.highlight = lambda *a: ''",
        "import pymdownx.highlight\npymdownx.highlight.highlight = print",
        "from nbconvert.exporters.html import HTMLExporter\nHTMLExporter.from_notebook_node = f",
        "import jinja2\nsetattr(jinja2, 'Environment', object)",
        "def test(monkeypatch):\n    monkeypatch.setattr('mkdocs_jupyter.nbconvert2.nb2html', f)",
        "def on_post_build(config):\n    config.plugins['jupyter']._used_cache_paths.clear()",
        "used = getattr(config.plugins['jupyter'], '_used_cache_paths', None)",
        "AXE = '() => axe._audit.rules.find(r => r.id === id)'",
    ],
    ids=["module-function", "imported-name", "class-method", "setattr", "monkeypatch-path",
         "private-attribute", "private-getattr", "private-in-script"],
)  # fmt: skip
def test_the_scan_finds_a_planted_patch(source: str) -> None:
    assert patches(source, _our_private_names())


def test_the_scan_lets_our_own_code_be() -> None:
    source = (
        "from torchkb.sources import records\nimport pytest\n"
        "def test(monkeypatch):\n    monkeypatch.setattr(records, 'X', 1)\n"
        "class A:\n    _cache = {}\n    def f(self):\n        return self._cache, A._cache\n"
    )
    assert patches(source, _our_private_names()) == []


# --- sizes -------------------------------------------------------------------------------


def _modules() -> list[Path]:
    return sorted(p for package in STAGED for p in (ROOT / package).glob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_and_function_sizes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    problems = (
        [f"{path.name}: {lines} lines: split it by stage"] if lines > MAX_MODULE_LINES else []
    )
    problems += [
        f"{path.name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not problems, problems


def test_complexity() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "C901"]
        + ["--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", "--output-format"]
        + ["concise", *STAGED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout


def test_readme_is_for_a_user() -> None:
    """The README says what the site is, the two commands, how to add a note and the GPU
    job, in at most 120 lines; the rest is CONTRIBUTING.md's."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 120, f"README.md has {len(lines)} lines: move detail to CONTRIBUTING.md"
    headings = [line for line in lines if line.startswith("## ")]
    for wanted in ("## Two commands", "## Adding a note", "## The GPU job"):
        assert any(h.startswith(wanted) for h in headings), wanted
