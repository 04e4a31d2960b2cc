"""axe-core (npm, package.json) on every page of both languages, light and dark: no serious
or critical violation.

One page load per page: axe runs with all its rules on the light page, then the page is
switched to the dark scheme as Material's toggle does (the body's data-md-color-scheme)
and axe runs again with the rules a colour scheme can change. Pages are split into shards
so xdist's workers share them.
"""

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from builtsite import ROOT, serve, site_url
from test_web import PREFIX, pages

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHARDS = 4
# what a colour scheme changes: the contrast rules
SCHEME_RULES = ["color-contrast", "link-in-text-block"]
# Code is most of a page's nodes and as many seconds of axe, and the header, navigation
# and footer are the same template on every page: both are the same CSS everywhere, so
# they are checked in full on these pages (in both languages, every token kind the site
# uses: Python, shell, YAML, outputs, notebook cells, raw notes), and elsewhere axe checks
# the page's own content, its article, less the code.
FULL = {
    "tensors/",
    "en/data/",
    "environment/",
    "debugging/",
    "notebooks/tensors/",
    "en/notebooks/data/",
    "raw/003_72c1394ea078b9f8/",
}
CODE = [[".highlight"], [".jp-InputArea-editor"], [".jp-OutputArea"], [".kb-raw"]]
RUN = """async ([rules, exclude]) => {
  const options = {resultTypes: ["violations"]};
  if (rules) options.runOnly = {type: "rule", values: rules};
  const result = await axe.run(exclude.length ? {include: [["article"]], exclude} : document,
                               options);
  return result.violations.filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => ({id: v.id, count: v.nodes.length, help: v.help,
                first: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": "
                  + ((n.any[0] || n.all[0] || n.none[0] || {}).message || ""))}));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("node_modules/axe-core is missing: `make install` runs `npm ci`")
        pytest.skip("axe-core is not installed: run `make install` (npm ci)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def hosted(site: Path) -> Iterator[str]:
    with serve(site, prefix=PREFIX) as url:
        yield url


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_serious_axe_violations(
    browser, site: Path, hosted: str, axe_source: str, shard: int
) -> None:
    assert site_url()  # canonical links and the 404 page need it
    paths = sorted(pages(site))[shard::SHARDS]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    tab = context.new_page()
    found = []
    try:
        for path in paths:
            tab.goto(f"{hosted}/{path}", wait_until="load")
            tab.evaluate(axe_source)
            # no colour transitions: axe would read colours halfway through the switch
            tab.add_style_tag(content="*, *::before { transition: none !important; }")
            exclude = [] if path in FULL else CODE
            for scheme, rules in (("default", None), ("slate", SCHEME_RULES)):
                tab.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
                for v in tab.evaluate(RUN, [rules, exclude]):
                    found.append(
                        f"/{path} ({'dark' if scheme == 'slate' else 'light'}): "
                        f"{v['id']} x{v['count']} ({v['help']}) "
                        + json.dumps(v["first"], ensure_ascii=False)
                    )
    finally:
        context.close()
    print(f"shard {shard}: {len(paths)} pages, light and dark")
    assert not found, "\n".join(found)
