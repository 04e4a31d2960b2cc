"""Topic notebooks: generated deterministically, with the recorded outputs, and they run
as a reader runs them.

Every notebook is executed top to bottom (nbclient) as Jupyter's Run All does: no cell tag
honoured (nbclient's `skip-execution` and `raises-exception` mean nothing to Jupyter), an
error stops the run. One Jupyter kernel per xdist worker (torch is imported once per
worker, not once per notebook; the namespace is reset between notebooks), with the
worker's share of the cores; one notebook also runs in a fresh kernel of its own.
A CUDA cell on a machine without CUDA prints why it is skipped; every other cell's stdout
(and expected error) must equal the snippet's recorded `.out`.
The code cells are the snippet files as they are: the folded setup cell knows each by a
hash of its code and runs it as the site ran the snippet; a cell that is not one of them
runs as typed. Also: the title cell, absolute links, and the Download and Colab links of
the topic and notebook pages.
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
from nbclient.exceptions import CellExecutionError

import torchkb
from torchkb.render.claims import label_all
from torchkb.render.notebooks import (
    cell_key,
    cell_options,
    setup_cell,
    site,
    topic_notebooks,
)
from torchkb.sources import comments, run_state
from torchkb.sources import snippets as store
from torchkb.sources.project import Project
from torchkb.sources.records import comparable, split_recorded
from torchkb.sources.ui import strings
from torchkb.verify.compare import normalise

PROJECT = Project(torchkb.ROOT)
TOPICS = PROJECT.topics
SNIPPETS = PROJECT.snippets
LABELS = label_all(PROJECT.claims, PROJECT.evidence)
SITE = site(PROJECT)
RENDERED = {  # the notebooks and their pages
    rel: data
    for lang in torchkb.LANGS
    for rel, data in topic_notebooks(PROJECT, TOPICS, lang, LABELS).items()
}
NOTEBOOKS = {rel: data for rel, data in RENDERED.items() if rel.endswith(".ipynb")}
# Cells whose stdout under Jupyter legitimately differs from a script run (checked to
# still differ, so a fixed snippet forces the entry out).
JUPYTER_DIFFERS = {
    # torchinfo.summary defaults to verbose=0 under IPython (it expects the cell to display
    # the returned object) and the snippet ends with an assignment: nothing is printed.
    # Fix in the snippet: summary(..., verbose=1), then drop this entry.
    "tools/torchinfo_net": "",
}
# reset between notebooks: the previous notebook's names (not `_`-prefixed ones: IPython's
# history; each snippet also runs alone in test_snippets) and the working directory. Not
# `%reset -f`: its gc.collect() over a heap holding torch costs ~0.4 s a time.
# What the kernel holds then (torch, which every notebook's setup cell imports, and the
# libraries) is frozen out of the garbage collector's sight, as conftest.py does for the
# workers: a snippet's own gc.collect() then walks only what the snippet made (~0.7 s less)
RESET = """import gc, torch
gc.freeze()
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
    assert again == RENDERED
    assert sorted(RENDERED) == sorted(
        f"{lang}/notebooks/{t.id}.{suffix}"
        for lang in torchkb.LANGS
        for t in TOPICS
        for suffix in ("ipynb", "md")
    )
    for rel, data in NOTEBOOKS.items():
        nb = nbformat.reads(data.decode(), as_version=4)
        nbformat.validate(nb)
        assert b'execution_count": null' in data or b"execution_count" not in data, rel
        # written key-sorted, so a rebuild changes no byte it need not change
        sorted_again = json.dumps(json.loads(data), sort_keys=True, indent=1, ensure_ascii=False)
        assert data.decode() == sorted_again + "\n", rel


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
    setup = nb.cells[1].source
    for cell, snip in cells(nb):
        got[snip.id] = cell
        # the lesson file, as it is: nothing before or after it
        assert cell.source == comments.source(snip, lang).rstrip("\n"), snip.id
        # ... which the setup cell knows, with what the snippet needs and raises
        assert f"{cell_key(cell.source)!r}: {cell_options(snip)!r}," in setup, snip.id
        assert not cell.metadata.get("tags"), f"{snip.id}: Jupyter's Run All ignores tags"
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


def as_run_all(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as Jupyter's Run All sees it: its cells' tags mean nothing there."""
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        cell.metadata.pop("tags", None)
    return nb


def skip_reason(snip: store.Snippet, lang: str = "zh") -> str | None:
    """What the snippet's cell prints instead of running on this machine (SETUP_CODE's
    rules), or None: it runs."""
    ui, needs = strings(lang)["notebook"], snip.meta.needs
    missing = [p for p in snip.meta.packages if not importlib.util.find_spec(p)]
    if needs == "cuda" and not torch.cuda.is_available():
        return ui["skip_cuda"]
    if needs == "cpu-only-build" and torch.backends.cuda.is_built():
        return ui["skip_build"]
    if snip.meta.skip:
        return ui["skip_never"]
    if missing:
        return ui["skip_modules"].format(modules=", ".join(missing))
    return None


def run_in(kernel: KernelManager, nb: nbformat.NotebookNode) -> None:
    """Run All in the session kernel: an error stops it (CellExecutionError names the cell)."""

    def execute() -> None:
        client = NotebookClient(nb, km=kernel, timeout=300, allow_errors=False, record_timing=False)
        # the session kernel: NotebookClient neither restarts nor shuts down one it was given
        client.kc = kernel.client()
        client.kc.start_channels()
        try:
            client.kc.wait_for_ready(timeout=60)
            client.execute()
        finally:
            client.kc.stop_channels()

    in_jupyter_thread(execute)


# executed in Chinese only: the English notebooks hold the same code cells with English
# comments (test_notebook_matches_page_snippets + test_snippet_variants prove it)
@pytest.mark.timeout(600)
@pytest.mark.parametrize("rel", sorted(r for r in NOTEBOOKS if r.startswith("zh/")))
def test_notebook_runs_and_reproduces_outputs(
    rel: str, kernel: KernelManager, tmp_path: Path
) -> None:
    nb = as_run_all(nbformat.reads(NOTEBOOKS[rel].decode(), as_version=4))
    nb.cells.insert(0, nbformat.v4.new_code_cell(RESET.format(cwd=str(tmp_path))))
    run_in(kernel, nb)
    assert not [o for o in nb.cells[0].outputs if o.output_type == "error"], "reset failed"
    compared = 0
    for cell, snip in cells(nb):
        reason = skip_reason(snip)
        if reason is not None:  # printed the reason, ran nothing
            assert as_recorded(cell) == reason + "\n", f"{rel}: {snip.id}"
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


@pytest.mark.timeout(120)
def test_run_all_in_a_fresh_kernel_goes_past_cuda_and_expected_errors(tmp_path: Path) -> None:
    """One notebook as a reader opens it: a new kernel (nbclient starts its own), Run All.
    The GPU topic has CUDA cells and one that shows an error on purpose; on a machine
    without CUDA each CUDA cell prints its reason and the run goes on to the last cell."""
    nb = as_run_all(nbformat.reads(NOTEBOOKS["en/notebooks/gpu.ipynb"].decode(), as_version=4))
    cuda = [(cell, snip) for cell, snip in cells(nb) if snip.meta.needs == "cuda"]
    assert len(cuda) >= 5, "the GPU notebook has CUDA cells"

    def execute() -> None:
        NotebookClient(
            nb,
            timeout=60,
            allow_errors=False,
            kernel_name="python3",
            resources={"metadata": {"path": str(tmp_path)}},
        ).execute()

    in_jupyter_thread(execute)
    for cell, snip in cuda:
        if torch.cuda.is_available():
            assert "Skipped" not in as_recorded(cell), snip.id
        else:
            assert as_recorded(cell) == strings("en")["notebook"]["skip_cuda"] + "\n", snip.id
    last = [c for c in nb.cells if c.cell_type == "code"][-1]
    assert last.get("execution_count"), "Run All stopped before the last cell"


# cells the setup cell knows (code, what CELLS says of it): an error the cell expects, one
# it does not; and a cell after them, which it does not know
GUARDS = [
    ("raise ValueError('shown on purpose')", "snippets/t/shown.py raises=ValueError"),
    ("raise ValueError('a real failure')", "snippets/t/real.py raises=TypeError"),
]


def test_setup_stops_run_all_only_at_an_unexpected_error(kernel: KernelManager) -> None:
    """Run All goes past an error the snippet shows on purpose (printed as Jupyter prints
    an error) and stops at any other: the setup must not swallow real failures."""
    cells_ = [nbformat.v4.new_code_cell(code) for code, _ in GUARDS]
    nb = nbformat.v4.new_notebook(
        cells=[setup_cell("en", GUARDS), *cells_, nbformat.v4.new_code_cell("print(1)")]
    )
    with pytest.raises(CellExecutionError, match="a real failure"):
        run_in(kernel, nb)
    shown, failed, after = nb.cells[1:]
    assert [(o.output_type, o.get("ename"), o.get("evalue")) for o in shown.outputs] == [
        ("error", "ValueError", "shown on purpose")
    ]
    assert failed.outputs[0].evalue == "a real failure"
    assert not after.outputs and not after.get("execution_count")


DRAW = "import torch\nprint(torch.rand(2).tolist())"


def test_known_cells_start_from_seed_0_and_edited_cells_run_as_typed(
    kernel: KernelManager,
) -> None:
    """A cell holding a snippet's code starts from the site's state however much ran
    before it (so its output is the recorded one); a cell the reader edited is no longer
    that snippet and runs as typed, from wherever the state is (no hidden reset). Without
    the setup cell the same snippet cell would not reproduce its output: the comparison in
    test_notebook_runs_and_reproduces_outputs could fail."""
    edited = DRAW + "  # edited"
    nb = nbformat.v4.new_notebook(
        cells=[
            setup_cell("en", [(DRAW, "snippets/t/draw.py")]),
            *[nbformat.v4.new_code_cell(code) for code in (DRAW, DRAW, edited, DRAW)],
        ]
    )
    run_in(kernel, nb)
    first, again, typed, last = [c.outputs[0].text for c in nb.cells[1:]]
    torch.manual_seed(0)
    seed0 = f"{torch.rand(2).tolist()}\n"
    assert first == again == last == seed0
    assert typed != seed0  # went on from the state the cell before it left


# -- what a reader sees first, and links that work away from the site --------------------
@pytest.mark.parametrize("rel", sorted(NOTEBOOKS))
def test_notebook_opens_with_the_lesson_and_a_folded_setup(rel: str) -> None:
    """A title cell (Colab and Download first, as pytorch/tutorials), then the setup,
    folded in Colab (`#@title`, cellView form) and Jupyter (source_hidden), then the
    lesson: code cells that are the snippet files, no magic line in front."""
    lang, topic_id = rel.split("/")[0], Path(rel).stem
    topic = next(t for t in TOPICS if t.id == topic_id)
    nb = nbformat.reads(NOTEBOOKS[rel].decode(), as_version=4)
    title, setup = nb.cells[0], nb.cells[1]
    assert title.cell_type == "markdown"
    head, links, *_ = title.source.split("\n\n")
    assert head == f"# {topic.title[lang]}"
    assert f"]({SITE.colab(lang, topic_id)})" in links
    assert f"]({SITE.download(lang, topic_id)})" in links
    assert f"]({SITE.page(lang, topic_id)})" in title.source
    assert "pip install torch" in title.source
    assert setup.cell_type == "code" and setup.source.startswith("#@title ")
    assert setup.metadata["cellView"] == "form" and setup.metadata["jupyter"]["source_hidden"]
    assert "input_transformers_cleanup" in setup.source
    for cell in nb.cells:
        assert "events.register" not in cell.source, "per-cell hooks on every cell"
        assert "skip-execution" not in cell.metadata.get("tags", [])
    code = [c for c in nb.cells[2:] if c.cell_type == "code"]
    assert code and not [c for c in code if c.source.startswith("%")]


_LINK = re.compile(r"\]\(([^)\s]+)")


@pytest.mark.parametrize("rel", sorted(NOTEBOOKS))
def test_notebook_links_are_absolute(rel: str) -> None:
    """A downloaded notebook has no site around it: `../../gpu/` would lead nowhere."""
    nb = nbformat.reads(NOTEBOOKS[rel].decode(), as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    links = _LINK.findall(text)
    assert links, rel
    relative = [u for u in links if not u.startswith(("https://", "http://", "#"))]
    assert not relative, f"{rel}: {relative[:5]}"
    ours = [u for u in links if u.startswith(SITE.url)]
    assert ours, f"{rel}: no link to the site's pages"


def test_site_and_repository_come_from_mkdocs_yml() -> None:
    """site_url and repo_url name the same GitHub project: Colab opens the notebooks from
    the repository the site is published from."""
    owner, repo = SITE.repo.removeprefix("https://github.com/").split("/")
    assert SITE.url.startswith(f"https://{owner}.github.io/{repo}/") or os.environ.get("SITE_URL")
    assert SITE.colab("en", "gpu") == (
        f"https://colab.research.google.com/github/{owner}/{repo}"
        "/blob/main/docs/en/notebooks/gpu.ipynb"
    )
    assert (torchkb.ROOT / "docs/en/notebooks/gpu.ipynb").is_file()


def _hrefs(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]+)"', html)


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_topic_and_notebook_pages_offer_download_and_colab(site: Path, lang: str) -> None:
    """At the top of each topic page and each notebook page: Download (the .ipynb file
    itself, served by the site, same-origin so the browser downloads it) and Open in Colab
    (from repo_url). On the notebook's page the notebook's absolute links into the site
    are relative again: they lead to this build, wherever it is served."""
    prefix = "" if lang == torchkb.LANGS[0] else f"{lang}/"
    for topic in TOPICS:
        colab = SITE.colab(lang, topic.id)
        source = (torchkb.ROOT / "docs" / lang / "notebooks" / f"{topic.id}.ipynb").read_bytes()
        for where in (f"{prefix}{topic.id}", f"{prefix}notebooks/{topic.id}"):
            page = (site / where / "index.html").read_text(encoding="utf-8")
            top = page[page.index("<h1") :]
            top = top[: top.index("<h2")]  # before the first section
            hrefs = _hrefs(top)
            assert colab in hrefs, f"{where}/: no Open in Colab link at the top"
            downloads = [h for h in hrefs if h.endswith(".ipynb") and h != colab]
            assert downloads, f"{where}/: no Download link at the top"
            assert not downloads[0].startswith(("http:", "https:", "/")), downloads[0]
            assert (site / where / downloads[0]).resolve().read_bytes() == source, where
            assert not [h for h in _hrefs(page) if h.startswith(SITE.url)], where


def test_after_a_reset_every_cell_runs_as_typed(kernel: KernelManager) -> None:
    """`%reset` empties the namespace the setup cell defined; the transformer it left
    registered must then run cells as typed, not break every cell with a NameError."""
    nb = nbformat.v4.new_notebook(
        cells=[
            setup_cell("en", [(DRAW, "snippets/t/draw.py")]),
            nbformat.v4.new_code_cell("%reset -f"),
            nbformat.v4.new_code_cell(DRAW),
        ]
    )
    run_in(kernel, nb)
    assert nb.cells[2].outputs[0].text.startswith("[")


def test_the_setup_cell_resets_what_the_verify_stage_resets() -> None:
    """The setup cell's reset_state is built from sources/run_state.py's rules, the ones
    the verify stage runs every snippet after: each rule's statements are in it."""
    setup = "".join(setup_cell("en", [(DRAW, "snippets/t/draw.py")]).source)
    resets = (run_state.reset_random, run_state.reset_numpy, run_state.reset_torch)
    rules = [line for reset in resets for line in run_state.reset_code(reset, "").splitlines()]
    assert "torch.manual_seed(0)" in rules and "numpy.random.seed(0)" in rules
    assert all(line in setup for line in rules)
