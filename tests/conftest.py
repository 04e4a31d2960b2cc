"""Per-worker setup and the shared fixtures: the built site and one browser per worker.

Snippets are run and recorded by `python -m torchkb verify`; tests/test_snippets.py runs
each once more and compares (CONTRIBUTING.md, "Verified snippets").
"""

import os
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from builtsite import CHROMIUM_ARGS, serve, site_dir, site_url
from pagewalk import Tab
from playwright.sync_api import Browser, sync_playwright
from tools import require_tool

# notes written to test the importer, some broken on purpose: not pages to run
collect_ignore = ["fixtures"]


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("MPLBACKEND", "Agg")
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        # 2 workers x N OpenMP threads on a 2-core machine oversubscribe the cores: OpenMP
        # threads spin while they wait for each other, so even a small training loop slows
        # many times over. One share of the cores per worker.
        # The processes a test starts (a snippet's own interpreter, `verify`, the notebook
        # kernel) get the same share through OMP_NUM_THREADS: OpenMP threads spin while
        # they wait, so an oversubscribed one burns the other worker's CPU.
        # (torch: imported once per worker, by the test modules; not in the controller)
        share = max(1, (os.cpu_count() or 1) // workers)
        os.environ["OMP_NUM_THREADS"] = str(share)
        import torch

        torch.set_num_threads(share)


# What needs the built site or the browser: `pytest -m "not browser"` leaves them out
BROWSER_FIXTURES = {"site", "base_url", "browser", "tab"}


# The longest tests that need the site, run first of those (module name: rank)
LONG_FIRST = {"test_browser": 0, "test_accessibility": 1}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)

    # The tests that need the built site run after the others, which run while it builds;
    # of them, the long page walks and axe shards first, so that no worker is left with a
    # long one at the end while the other idles (a stable sort: each group keeps its order)
    def order(item: pytest.Item) -> tuple[int, int]:
        if item.get_closest_marker("browser") is None:
            return (0, 0)
        return (1, LONG_FIRST.get(item.module.__name__ if item.module else "", len(LONG_FIRST)))

    items.sort(key=order)


_site_build: subprocess.Popen | None = None


@pytest.fixture(scope="session", autouse=True)
def _start_site_build(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """When a test selected to run needs the built site, start building it at once in
    another process, so the other tests run meanwhile (and its files are not written from
    inside a snippet's write guard); the `site` fixture waits for it. builtsite's file lock
    makes one build serve all workers. (session.items: what is left after `-m` and `-k`
    deselected.)"""
    global _site_build
    if any("site" in getattr(i, "fixturenames", ()) for i in request.session.items):
        base = tmp_path_factory.getbasetemp().parent
        _site_build = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from pathlib import Path; from builtsite import site_dir; "
                f"site_dir(Path({str(base)!r}))",
            ],
            cwd=Path(__file__).parent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
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
def base_url(site: Path) -> Iterator[str]:
    """The built site served under site_url's path, as GitHub Pages serves a project site
    (/<repo>/)."""
    with serve(site, prefix=urllib.parse.urlsplit(site_url()).path or "/") as url:
        yield url


@pytest.fixture(scope="session")
def tab(browser: Browser, base_url: str) -> Iterator[Tab]:
    """The browser walk's tab (tests/pagewalk.py), one per worker. As a reader who asked
    for reduced motion sees the site (Material's CSS then has no transitions): the same
    pages, without the frames their animations draw on every scroll, click and hover."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, color_scheme="light", reduced_motion="reduce"
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    try:
        yield Tab(context.new_page(), base_url)
    finally:
        context.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` builds it (once per test run, all workers); a
    failed build raises here, with mkdocs' error."""
    if _site_build is not None:
        _site_build.wait()
    return site_dir(tmp_path_factory.getbasetemp().parent)
