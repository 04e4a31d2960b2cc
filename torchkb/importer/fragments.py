"""What a code fragment from a note needs to run on its own, and what it says it raises.

Only what is certain is added: the imports of well-known names it uses without importing
(visible lines under `SETUP_MARK`), and the error a trailing `# SomeError: ...` comment
says it raises. What can't be settled (a name it never defines) is reported, not guessed.
"""

from __future__ import annotations

import ast
import builtins
import re
import sys
from dataclasses import dataclass, field

SETUP_MARK = "# 导入时补充（原笔记没有这几行）· setup added on import, not in the note"

# names a fragment may use without importing them, and the import that defines each
_SETUP = {
    "torch": "import torch",
    "nn": "import torch.nn as nn",
    "F": "import torch.nn.functional as F",
    "optim": "import torch.optim as optim",
    "np": "import numpy as np",
    "numpy": "import numpy",
    "plt": "import matplotlib.pyplot as plt",
    "DataLoader": "from torch.utils.data import DataLoader",
    "Dataset": "from torch.utils.data import Dataset",
    "TensorDataset": "from torch.utils.data import TensorDataset",
}
# `# RuntimeError: message` (optionally after a short lead-in such as `报错：`) as the last
# line of a fragment: the error the author saw when running it
_ERROR_COMMENT = re.compile(
    r"^#\s*(?:[^\x00-\x7f]{0,8}[:：]\s*)?((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception))"
    r"\s*(?:[:：]\s*(.*?))?\s*$"
)
_CUDA = re.compile(
    r"\.cuda\(|torch\.cuda\.(?!is_available)|device\s*=\s*['\"]cuda|"
    r"\.to\(\s*['\"]cuda|nvidia-smi|CUDA_VISIBLE_DEVICES"
)


@dataclass
class Fragment:
    """A Python fragment as its snippet file will hold it, and what was done or is left."""

    code: str
    expect: dict | None = None  # expect_exception: {type, match}
    notes: list[str] = field(default_factory=list)  # what the importer added
    to_fix: list[str] = field(default_factory=list)  # what the author must settle


@dataclass
class NoteFragments:
    """The Python fragments of one note, in order: a name one uses without defining it is
    reported with the earlier fragment that defines it."""

    defined_in: dict[str, str] = field(default_factory=dict)  # name -> first snippet binding it

    def runnable(self, code: str, rel: str, end_line: int) -> Fragment:
        """`code` (the fragment ending on note line `end_line`) made to run on its own as
        the snippet `rel`, where that is certain."""
        fragment = Fragment(code)
        setup = setup_lines([n for n, _ in free_names(code)])
        if setup:
            fragment.code = "\n".join([SETUP_MARK, *setup, "", code])
            fragment.notes.append(f"setup added ({'; '.join(setup)})")
        fragment.expect = expected_error(fragment.code)
        if fragment.expect:
            fragment.notes.append(
                f'expects {fragment.expect["type"]} matching "{fragment.expect["match"]}" '
                f"(the comment on note line {end_line})"
            )
        for name, line in free_names(fragment.code):
            where = self.defined_in.get(name)
            hint = (
                f"it is defined in {where}: merge the two or copy its definition"
                if where
                else "define it in the snippet"
            )
            fragment.to_fix.append(
                f"{rel}:{line}: uses `{name}`, which it never defines (NameError when run): {hint}"
            )
        for name in bound_names(fragment.code):
            self.defined_in.setdefault(name, rel)
        return fragment


def expected_error(code: str) -> dict | None:
    """`{type, match}` from a trailing `# SomeError: message` comment, or None. The match is
    the message up to an ellipsis the author used to shorten it, as an escaped regex."""
    lines = [ln.strip() for ln in code.splitlines() if ln.strip()]
    m = _ERROR_COMMENT.match(lines[-1]) if lines else None
    if m is None:
        return None
    message = re.split(r"…|\.\.\.", m[2] or "", maxsplit=1)[0].strip().rstrip(".。")
    # escape only what regex syntax needs (re.escape also escapes spaces and dashes)
    match = re.sub(r"([\\.^$*+?{}\[\]|()])", r"\\\1", message)
    return {"type": m[1].rsplit(".", 1)[-1], "match": match}


def free_names(code: str) -> list[tuple[str, int]]:
    """Names the fragment reads but never binds (nor are builtins), with their first line."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    bound: set[str] = set(dir(builtins))
    loads: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads.setdefault(node.id, node.lineno)
        else:
            bound.update(_binds(node))
    free = [(n, line) for n, line in loads.items() if n not in bound]
    return sorted(free, key=lambda nl: (nl[1], nl[0]))


def _binds(node: ast.AST) -> list[str]:
    """The names a node binds (anywhere in the fragment: scopes are not told apart)."""
    if isinstance(node, ast.Name):  # stored or deleted
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Import | ast.ImportFrom):
        return [(a.asname or a.name).split(".")[0] for a in node.names]
    if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar):
        return [node.name] if node.name else []
    if isinstance(node, ast.Global | ast.Nonlocal):
        return list(node.names)
    return []


def bound_names(code: str) -> set[str]:
    """Names a fragment assigns, and the functions and classes it defines."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = {
        n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
    }
    defs = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    return names | {n.name for n in ast.walk(tree) if isinstance(n, defs)}


def setup_lines(names: list[str]) -> list[str]:
    """The imports that define `names` (the known ones, and standard-library modules)."""
    lines = []
    for name in names:
        if name in _SETUP:
            lines.append(_SETUP[name])
        elif name in sys.stdlib_module_names:
            lines.append(f"import {name}")
    return sorted(dict.fromkeys(lines), key=lambda ln: (ln.startswith("from"), ln))


def compiles(code: str) -> bool:
    try:
        compile(code, "<snippet>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


def needs(code: str) -> str:
    """`cuda` when the code uses `.cuda()`, `torch.cuda.*` or a cuda device, else `cpu`."""
    return "cuda" if _CUDA.search(code) else "cpu"


def packages(code: str) -> list[str]:
    """Third-party modules the code imports, torch aside (`packages:` in snippets.yml)."""
    mods = set(re.findall(r"(?m)^\s*(?:from|import)\s+([A-Za-z_]\w*)", code))
    return sorted(m for m in mods if m not in sys.stdlib_module_names and m != "torch")
