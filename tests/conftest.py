"""Snippet test options, per-worker setup and verification records.

--snapshot-update        (syrupy) rewrite snippets/<topic>/<name>.out and kept figures
--record-verification    write verification/cpu.json (gpu.json on a CUDA machine)
--snippet-cache          local only: skip snippets unchanged since their last pass
--snippets-root DIR      run the snippets under DIR (records go to DIR/../verification)
--shard I/N              run the I-th of N shares of the tests (GPU matrix jobs)

Records travel in the test reports (`user_properties`), so under pytest-xdist every
worker's results reach the controller, which alone writes the JSON file at the end.
"""

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from builtsite import CHROMIUM_ARGS, site_dir
from playwright.sync_api import Browser, sync_playwright
from snippet_records import RECORD, device_kind
from tools import require_tool

# notes written to test the importer, some broken on purpose: not pages to run
collect_ignore = ["fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("snippets")
    group.addoption("--record-verification", action="store_true",
                    help="write verification/<cpu|gpu>.json from this run")
    group.addoption("--snippet-cache", action="store_true",
                    help="skip snippets whose code, output, metadata and torch are unchanged "
                         "since their last pass here (.snippet-cache/; never in CI)")
    group.addoption("--snippets-root", default=None, metavar="DIR",
                    help="snippets folder to run (default: the project's snippets/)")
    group.addoption("--shard", default=None, metavar="I/N",
                    help="run only the I-th of N shares of the tests (GPU matrix jobs)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cuda: needs a CUDA device (skipped elsewhere)")
    os.environ.setdefault("MPLBACKEND", "Agg")
    # Stop-gap until the snippet runner gives each snippet its own config home (issue 13):
    # on a new machine matplotlib's first import creates ~/.config/matplotlib, outside the
    # snippet's directory; its cache directory is one the write guard allows.
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    os.environ.setdefault("MPLCONFIGDIR", str(cache / "matplotlib"))
    root = config.getoption("snippets_root")
    if root:  # xdist workers get the same options, so each sets it for itself
        os.environ["TORCHKB_SNIPPETS_ROOT"] = str(Path(root).resolve())
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        # 2 workers x N OpenMP threads on a 2-core machine oversubscribe: measured 20 s
        # instead of 0.7 s for a small training loop. One share of the cores per worker.
        # (torch: imported once per worker, by the test modules; not in the controller)
        import torch

        torch.set_num_threads(max(1, (os.cpu_count() or 1) // workers))
    config._snippet_records = {}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # tests of the built site late, as the site builds in the background meanwhile (`site`);
    # notebooks last: their Jupyter client leaves an asyncio loop that playwright's sync
    # API refuses to run beside
    items.sort(key=lambda item: 2 if item.path.name == "test_notebooks.py" else
               "site" in getattr(item, "fixturenames", ()))
    shard = config.getoption("shard")
    if shard:
        index, count = (int(x) for x in shard.split("/"))
        if not 0 <= index < count:
            raise pytest.UsageError(f"--shard {shard}: expected I/N with 0 <= I < N")
        ordered = sorted(items, key=lambda i: i.nodeid)
        kept = {item.nodeid for n, item in enumerate(ordered) if n % count == index}
        config.hook.pytest_deselected(items=[i for i in items if i.nodeid not in kept])
        items[:] = [i for i in items if i.nodeid in kept]


_site_build: subprocess.Popen | None = None


@pytest.fixture(scope="session", autouse=True)
def _start_site_build(request: pytest.FixtureRequest,
                      tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """When a collected test needs the built site, start building it at once in another
    process, so the other tests run meanwhile (and its files are not written from inside
    a snippet's write guard); the `site` fixture waits for it. builtsite's file lock makes
    one build serve all workers."""
    global _site_build
    if any("site" in getattr(i, "fixturenames", ()) for i in request.session.items):
        base = tmp_path_factory.getbasetemp().parent
        _site_build = subprocess.Popen(
            [sys.executable, "-c", "from pathlib import Path; from builtsite import site_dir; "
             f"site_dir(Path({str(base)!r}))"],
            cwd=Path(__file__).parent, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield
    if _site_build is not None:
        _site_build.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Debian chromium per worker, for every browser test: playwright's sync API runs
    one instance per thread, so the tests can't each start their own beside a live one."""
    executable = require_tool("chromium")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` builds it (once per test run, all workers); a
    failed build raises here, with mkdocs' error."""
    if _site_build is not None:
        _site_build.wait()
    return site_dir(tmp_path_factory.getbasetemp().parent)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Controller side: keep the record a snippet test attached, by its final outcome."""
    if report.when != "call" and not (report.when == "setup" and report.skipped):
        return
    props = dict(report.user_properties)
    record = props.get(RECORD)
    if not record:
        return
    records = _session_records
    if report.passed or report.skipped:
        result = "passed" if report.passed else "skipped"
        records[record["id"]] = {**record["fields"], "result": result}
    else:  # a failed run earns nothing, and withdraws an earlier record of this code
        records[record["id"]] = None


_session_records: dict[str, dict | None] = {}


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not config.getoption("record_verification") or hasattr(config, "workerinput"):
        return
    if not _session_records:
        return
    from torchkb import snippets as store

    folder = store.verification_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{device_kind()}.json"
    merged = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    for snippet_id, record in _session_records.items():
        if record is None:
            merged.pop(snippet_id, None)
        else:
            merged[snippet_id] = record
    existing = {s.id for s in store.load_all()}
    merged = {k: v for k, v in sorted(merged.items()) if k in existing}
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(merged, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                   encoding="utf-8")
    tmp.replace(target)
