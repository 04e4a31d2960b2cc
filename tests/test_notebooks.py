"""Topic notebooks: generated deterministically, with the recorded outputs, and they run.

Every notebook is executed top to bottom (nbclient) in one Jupyter kernel per xdist worker
(torch is imported once per worker, not once per notebook; the namespace is reset between
notebooks), with the worker's share of the cores. CUDA cells are skipped through their
`skip-execution` tag unless CUDA exists.
Each executed cell's stdout (and expected error) must equal the snippet's recorded `.out`.
"""

import concurrent.futures
import copy
import importlib.util
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
import torch
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

import torchkb
from torchkb.render.claims import label_all
from torchkb.render.notebooks import topic_notebooks
from torchkb.sources import comments
from torchkb.sources import snippets as store
from torchkb.sources.project import Project
from torchkb.sources.records import split_recorded
from torchkb.verify.compare import comparable, normalise

PROJECT = Project(torchkb.ROOT)
TOPICS = PROJECT.topics
SNIPPETS = PROJECT.snippets
LABELS = label_all(PROJECT.claims, SNIPPETS, PROJECT.verification)
NOTEBOOKS = {
    rel: data
    for lang in torchkb.LANGS
    for rel, data in topic_notebooks(PROJECT, TOPICS, lang, LABELS).items()
}
# Cells whose stdout under Jupyter legitimately differs from a script run (checked to
# still differ, so a fixed snippet forces the entry out).
JUPYTER_DIFFERS = {
    # torchinfo.summary defaults to verbose=0 under IPython (it expects the cell to display
    # the returned object) and the snippet ends with an assignment: nothing is printed.
    # Fix in the snippet: summary(..., verbose=1), then drop this entry.
    "tools/torchinfo_net": "",
}
# reset between notebooks: the previous notebook's seed hook, its names (not `_`-prefixed ones:
# IPython's history; each snippet also runs alone in test_snippets) and the working
# directory. Not `%reset -f`: its gc.collect() over a heap holding torch costs ~0.4 s a time.
# What the kernel holds then (torch, which every notebook's first cell imports, and the
# libraries) is frozen out of the garbage collector's sight, as conftest.py does for the
# workers: a snippet's own gc.collect() then walks only what the snippet made (~0.7 s less)
RESET = """import gc, torch
gc.freeze()
get_ipython().events.callbacks["pre_run_cell"][:] = [
    cb for cb in get_ipython().events.callbacks["pre_run_cell"]
    if getattr(cb, "__name__", "") != "_reset_state"]
for _name in [n for n in get_ipython().user_ns if not n.startswith("_")
              and n not in get_ipython().user_ns_hidden]:
    del get_ipython().user_ns[_name]
import os
os.chdir({cwd!r})"""


def cells(nb: nbformat.NotebookNode) -> Iterator[tuple[nbformat.NotebookNode, store.Snippet]]:
    for cell in nb.cells:
        sid = cell.get("metadata", {}).get("torchkb", {}).get("snippet")
        if cell.cell_type == "code" and sid:
            yield cell, SNIPPETS[sid]


def unqualified(exception_text: str) -> str:
    """`torch.AcceleratorError: x` (traceback's spelling) -> `AcceleratorError: x` (the
    kernel's ename)."""
    return re.sub(r"^(?:[A-Za-z_]\w*\.)+(?=\w+(:|$))", "", exception_text)


def as_recorded(cell: nbformat.NotebookNode) -> str:
    """A cell's outputs as the snippet runner records them: stdout, then the exception."""
    text = "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")
    for o in cell.outputs:
        if o.output_type == "error":
            text += f"{o.ename}: {o.evalue}\n" if o.evalue else f"{o.ename}\n"
    return text


def expected(snip: store.Snippet) -> str:
    stdout, error = split_recorded(store.load_output(snip) or "", bool(snip.meta.expect_exception))
    return stdout + unqualified(error)


# -- the generator (no kernel) ---------------------------------------------------------
def test_notebooks_are_deterministic_and_valid() -> None:
    again = {
        rel: data
        for lang in torchkb.LANGS
        for rel, data in topic_notebooks(PROJECT, TOPICS, lang, LABELS).items()
    }
    assert again == NOTEBOOKS
    assert sorted(NOTEBOOKS) == sorted(
        f"{lang}/notebooks/{t.id}.ipynb" for lang in torchkb.LANGS for t in TOPICS
    )
    for rel, data in NOTEBOOKS.items():
        nb = nbformat.reads(data.decode(), as_version=4)
        nbformat.validate(nb)
        assert b'execution_count": null' in data or b"execution_count" not in data, rel
        assert json.loads(data) == json.loads(json.dumps(json.loads(data), sort_keys=True))


@pytest.mark.parametrize("rel", sorted(NOTEBOOKS))
def test_notebook_matches_page_snippets(rel: str) -> None:
    """Each python snippet of the topic is a code cell with its file's exact code (the
    comments in the page's language), tagged by its metadata, showing its recorded output."""
    lang, topic_id = rel.split("/")[0], Path(rel).stem
    nb = nbformat.reads(NOTEBOOKS[rel].decode(), as_version=4)
    topic = next(t for t in TOPICS if t.id == topic_id)
    wanted = {
        arg.rsplit(".", 1)[0]
        for s in topic.sections
        for kind, arg in s.directives(lang if lang in s.text else "zh")
        if kind == "snippet"
    }
    got = {}
    for cell, snip in cells(nb):
        got[snip.id] = cell
        assert cell.source == comments.source(snip, lang).rstrip("\n"), snip.id
        tags = set(cell.metadata.get("tags", []))
        assert ("skip-execution" in tags) == (snip.meta.needs == "cuda" or bool(snip.meta.skip)), (
            snip.id
        )
        assert ("raises-exception" in tags) == bool(
            snip.meta.expect_exception or snip.meta.needs == "cpu-only-build"
        )
        recorded = store.load_output(snip) or ""
        shown = "".join(o.text for o in cell.outputs if o.output_type == "stream") + "".join(
            "\n".join(o.traceback) + "\n" for o in cell.outputs if o.output_type == "error"
        )
        assert shown == recorded, f"{rel}: {snip.id}: cell outputs differ from its .out"
        assert len([o for o in cell.outputs if o.output_type == "display_data"]) == len(
            store.figures(snip)
        )
    python = {sid for sid in wanted if SNIPPETS[sid].kind == "python"}
    assert python <= set(got), f"{rel}: snippets without a code cell: {python - set(got)}"
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "@snippet" not in text and "@claim" not in text and "@note-output" not in text
    for sid in wanted - python:  # shell/config: a code block in markdown, never run
        snip = SNIPPETS[sid]
        assert comments.source(snip, lang).rstrip("\n") in text, sid


# -- execution -------------------------------------------------------------------------
# Jupyter's client runs its own asyncio loop, which can't share a thread with playwright's
# (the browser tests' session browser): all kernel work happens in this one thread.
JUPYTER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="jupyter")


def in_jupyter_thread(fn, *args):
    return JUPYTER.submit(fn, *args).result()


@pytest.fixture(scope="session")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KernelManager]:
    km = KernelManager(kernel_name="python3")
    # (OMP_NUM_THREADS: the worker's share of the cores, set by tests/conftest.py)
    env = {**os.environ, "MPLBACKEND": "Agg"}
    in_jupyter_thread(lambda: km.start_kernel(cwd=str(tmp_path_factory.mktemp("kernel")), env=env))
    try:
        yield km
    finally:
        in_jupyter_thread(lambda: km.shutdown_kernel(now=True))


def runnable_copy(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, list[str]]:
    """The notebook as this machine runs it: cells whose snippet needs a missing package or
    the other kind of torch build are skipped too; CUDA cells run where CUDA exists."""
    nb = copy.deepcopy(nb)
    skipped = []
    for cell, snip in cells(nb):
        tags = cell.metadata.setdefault("tags", [])
        needs = snip.meta.needs
        missing = [p for p in snip.meta.packages if not importlib.util.find_spec(p)]
        if needs == "cuda" and torch.cuda.is_available() and not snip.meta.skip:
            tags.remove("skip-execution")
        skip = missing or (needs == "cpu-only-build" and torch.backends.cuda.is_built())
        if skip and "skip-execution" not in tags:
            tags.append("skip-execution")
        if "skip-execution" in tags:
            skipped.append(snip.id)
    return nb, skipped


# executed in Chinese only: the English notebooks hold the same code cells with English
# comments (test_notebook_matches_page_snippets + test_snippet_variants prove it)
@pytest.mark.timeout(600)
@pytest.mark.parametrize("rel", sorted(r for r in NOTEBOOKS if r.startswith("zh/")))
def test_notebook_runs_and_reproduces_outputs(
    rel: str, kernel: KernelManager, tmp_path: Path
) -> None:
    original = nbformat.reads(NOTEBOOKS[rel].decode(), as_version=4)
    recorded = {c.get("id"): c.get("outputs") for c in original.cells}
    nb, skipped = runnable_copy(original)
    nb.cells.insert(0, nbformat.v4.new_code_cell(RESET.format(cwd=str(tmp_path))))

    def execute() -> None:
        client = NotebookClient(
            nb,
            km=kernel,
            timeout=300,
            allow_errors=False,
            record_timing=False,
            kernel_name="python3",
        )
        # the session kernel: NotebookClient neither restarts nor shuts down one it was given
        client.kc = kernel.client()
        client.kc.start_channels()
        try:
            client.kc.wait_for_ready(timeout=60)
            client.execute()  # CellExecutionError names the cell on an unexpected exception
        finally:
            client.kc.stop_channels()

    in_jupyter_thread(execute)
    assert not [o for o in nb.cells[0].outputs if o.output_type == "error"], "reset failed"
    compared = 0
    for cell, snip in cells(nb):
        if snip.id in skipped:  # not run: still shows its recorded output, untouched
            assert cell.outputs == recorded[cell.get("id")], snip.id
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if snip.meta.expect_exception:
            assert errors, f"{rel}: {snip.id} was expected to raise {snip.meta.expect_exception}"
        if store.load_output(snip) is None:
            continue  # never recorded (a CUDA snippet before its first GPU run)
        deterministic = snip.meta.deterministic_output
        got = normalise(as_recorded(cell), tmp_path, torchkb.ROOT)
        if snip.id in JUPYTER_DIFFERS:  # still differs, or the entry must go
            assert got == JUPYTER_DIFFERS[snip.id], f"{snip.id}: drop it from JUPYTER_DIFFERS"
            continue
        assert comparable(got, deterministic) == comparable(expected(snip), deterministic), (
            f"{rel}: {snip.id}: the notebook's run differs from {snip.id}.out"
        )
        compared += 1
    assert compared or not list(cells(nb)), f"{rel}: no cell was compared"
