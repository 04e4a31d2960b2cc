"""The state every snippet starts from, as the site runs it (its recorded outputs depend on
it): Python's, numpy's and torch's seeds 0, and numpy's and torch's global switches at
their defaults.

One source for both places that set it: the verify stage calls `reset_state` before (and
after) each snippet (torchkb/verify/isolation.py), and the notebooks' setup cell embeds the
bodies of `reset_random`, `reset_numpy` and `reset_torch` in its own `reset_state`
(torchkb/render/notebooks.py, `reset_code`), so a reader's Run All starts each cell from
the same state and the two cannot drift. Their parameters are named as the setup cell's
modules are; a rule goes in a body, a note about it in the docstring (which the notebook
leaves out).

Only the standard library at import time (the GPU job's child process imports this).
"""

from __future__ import annotations

import ast
import inspect
import random
import sys
import textwrap
from collections.abc import Callable
from types import ModuleType


def reset_random(random: ModuleType) -> None:
    """Python's `random`, seeded 0."""
    random.seed(0)


def reset_numpy(numpy: ModuleType) -> None:
    """numpy's global random state seeded 0, its print options the defaults."""
    numpy.random.seed(0)
    numpy.set_printoptions()


def reset_torch(torch: ModuleType) -> None:
    """torch's seed 0 (lazy for CUDA: it does not initialise a device) and its global
    switches at their defaults: dtype, grad mode, anomaly detection, print options."""
    torch.manual_seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)
    torch.autograd.set_detect_anomaly(False)
    torch.set_printoptions(profile="default")


def reset_state() -> None:
    """Seeds to 0 and torch's global switches to their defaults, for the libraries that
    are imported (a process of its own seeds them as they are imported: SeedOnImport)."""
    reset_random(random)
    if "numpy" in sys.modules:
        reset_numpy(sys.modules["numpy"])
    if "torch" in sys.modules:
        reset_torch(sys.modules["torch"])


def reset_code(reset: Callable[[ModuleType], None], indent: str) -> str:
    """The statements of `reset` (one of the `reset_*` above, its docstring left out),
    indented by `indent`: what the notebooks' setup cell runs for that library."""
    source = textwrap.dedent(inspect.getsource(reset))
    function = ast.parse(source).body[0]
    body = function.body[1:] if ast.get_docstring(function) else function.body
    lines = source.splitlines()[body[0].lineno - 1 : body[-1].end_lineno]
    return textwrap.indent(textwrap.dedent("\n".join(lines)), indent)
