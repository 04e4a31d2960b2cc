"""axe-core (npm, package.json) on every page of both languages, light and dark: no serious
or critical violation.

Axe runs on the pages the browser walk has loaded (tests/pagewalk.py: one load per page
serves both tests): with all its rules on the light page, then the page is switched to the
dark scheme as Material's toggle does (the body's data-md-color-scheme) and axe runs again
with the rules a colour scheme can change. What each page's axe run covers (the whole page
or its article less the code) is pagewalk.FULL's comment.
"""

import os
from pathlib import Path

import pytest
from builtsite import site_url
from pagewalk import SHARDS, Tab, axe_source, shard_paths, walk


@pytest.fixture(scope="module")
def axe() -> str:
    source = axe_source()
    if source is None:
        if os.environ.get("CI"):
            pytest.fail("node_modules/axe-core is missing: `make install` runs `npm ci`")
        pytest.skip("axe-core is not installed: run `make install` (npm ci)")
    return source


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_serious_axe_violations(
    tab: Tab, site: Path, run_dir: Path, axe: str, shard: int
) -> None:
    assert site_url()  # canonical links and the 404 page need it
    found = walk(tab, site, shard, axe, run_dir)
    paths = shard_paths(site, shard)
    every = [p for path in paths for p in (path, f"en/{path}")]
    print(f"shard {shard}: {len(found.axe_pages)} pages, light and dark")
    assert found.violations == [] and found.axe_pages == every, "\n".join(
        found.violations + [f"/{p}: not checked" for p in every if p not in found.axe_pages]
    )
