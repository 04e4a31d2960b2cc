"""A proof must be able to fail: what a claim's verdict rests on, read from its code.

A claim's proof computes `note_claim_holds` (or `note_claims_hold[id]`) in its check part
and the same measurement on a control case, `note_claim_control` (or
`note_claims_control[id]`): the case that would make the verdict come out the other way
(notes/FORMAT.md). Here, from the code alone (the records hold what the runs measured;
tests/test_claims.py checks that each control came out opposite to its verdict):

- the verdict and the control are set in the check part, `<name>.check.py`;
- neither is a literal, and neither rests only on a docstring (`__doc__`), a version
  (`__version__`, `torch.version`), `hasattr`, or whether a package is installed
  (`find_spec`, `import_module`): what they depend on, followed through the assignments of
  the lesson and the check part and the functions they call, includes a real operation
  (a call that is not one of those, nor a builtin or a string method) or the exception
  the lesson raised (`lesson_error`).
"""

import ast
import builtins

from torchkb.checks.findings import finding
from torchkb.errors import Problem
from torchkb.sources import records
from torchkb.sources.project import Project
from torchkb.sources.snippets import snippet_id

# what tells nothing about torch's behaviour on its own
WEAK_ATTRIBUTES = {"__doc__", "__version__", "version"}
WEAK_CALLS = {"hasattr", "find_spec", "import_module", "Version"}
# builtins and string methods shape a measurement but measure nothing; running code
# (compile, exec, eval: a claim about Python's own syntax) does
NEUTRAL_CALLS = (set(dir(builtins)) - {"compile", "exec", "eval", "__import__"}) | set(dir(str))


class Assignments:
    """Module-level assignments of a program (lesson, then check part), by name."""

    def __init__(self, trees: list[ast.Module]) -> None:
        self.by_name: dict[str, list[ast.AST]] = {}
        for tree in trees:
            for node in self._module_level(tree.body):
                self._add(node)

    def _module_level(self, body: list[ast.stmt]):
        for node in body:
            yield node
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue  # their bodies run when called: followed through the call
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from self._module_level([n for n in inner if isinstance(n, ast.AST)])

    def _add(self, node: ast.AST) -> None:
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.For | ast.AsyncFor):
            targets = [node.target]
        elif isinstance(node, ast.With | ast.AsyncWith):
            targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            self.by_name.setdefault(node.name, []).append(node)
            return
        elif isinstance(node, ast.ExceptHandler) and node.name:
            self.by_name.setdefault(node.name, []).append(node)
            return
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                name = (alias.asname or alias.name).split(".")[0]
                self.by_name.setdefault(name, []).append(node)
            return
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    self.by_name.setdefault(name.id, []).append(node)

    def closure(self, expr: ast.AST) -> list[ast.AST]:
        """Every node `expr` depends on, through assignments and called functions."""
        seen: set[int] = set()
        todo, out = [expr], []
        while todo:
            node = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            out.append(node)
            for child in ast.walk(node):
                if child is not node:
                    out.append(child)
                if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                    todo += self.by_name.get(child.id, [])
        return out


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def judge(expr: ast.AST, program: Assignments) -> str | None:
    """Why a verdict (or control) expression cannot fail, or None."""
    nodes = program.closure(expr)
    if not any(isinstance(n, ast.Name | ast.Call) for n in ast.walk(expr)):
        return "a literal: it says the same whatever the run does"
    weak = sorted(
        {n.attr for n in nodes if isinstance(n, ast.Attribute) and n.attr in WEAK_ATTRIBUTES}
        | {_call_name(n) for n in nodes if isinstance(n, ast.Call) and _call_name(n) in WEAK_CALLS}
    )
    # a call of the program's own function or class is followed into its body, not
    # counted itself
    own = {
        name
        for name, defs in program.by_name.items()
        if any(isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) for d in defs)
    }
    real = [
        n
        for n in nodes
        if isinstance(n, ast.Call) and _call_name(n) not in WEAK_CALLS | NEUTRAL_CALLS | own
    ]
    raised = any(isinstance(n, ast.Name) and n.id == records.LESSON_ERROR for n in nodes)
    if real or raised:
        return None
    if weak:
        return f"rests only on {', '.join(weak)}: no experiment in it"
    return "no operation of torch in what it depends on"


def _assigned(tree: ast.Module, names: tuple[str, str], claim: str) -> ast.AST | None:
    """The expression a program assigns to a claim's verdict (or control): the single
    name, or the dict's entry for the claim."""
    single, many = names
    found = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == single:
                found = node.value
            elif isinstance(target, ast.Name) and target.id == many:
                if isinstance(node.value, ast.Dict):
                    for key, value in zip(node.value.keys, node.value.values, strict=True):
                        if isinstance(key, ast.Constant) and key.value == claim:
                            found = value
                else:
                    found = node.value
    return found


def check(project: Project) -> list[Problem]:
    problems = []
    for claim in project.claims:
        if claim.snippet is None:
            continue
        snip = project.snippets.get(snippet_id(claim.snippet))
        if snip is None or snip.kind != "python":
            continue
        check_file = records.check_path(snip.path)
        if check_file is None:
            problems.append(
                finding(snip.path, None, claim.id, "a proof keeps its verdict in a check part")
            )
            continue
        lesson = ast.parse(snip.path.read_text(encoding="utf-8"))
        checks = ast.parse(check_file.read_text(encoding="utf-8"))
        program = Assignments([lesson, checks])
        for names, what in ((records.VERDICT_NAMES, "verdict"), (records.CONTROL_NAMES, "control")):
            expr = _assigned(checks, names, claim.id)
            if expr is None:
                problems.append(
                    finding(check_file, None, claim.id, f"sets no {what} ({' or '.join(names)})")
                )
                continue
            why = judge(expr, program)
            if why:
                problems.append(finding(check_file, expr.lineno, claim.id, f"its {what} is {why}"))
    return problems
