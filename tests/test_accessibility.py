"""axe-core (npm, package.json) on every page of both languages, light and dark: no serious
or critical violation.

Axe runs on the pages the browser walk has loaded (tests/pagewalk.py: one load per page
serves both tests): with all its rules on the light page, then the page is switched to the
dark scheme as Material's toggle does (the body's data-md-color-scheme) and axe runs again
with the rules a colour scheme can change. What each page's axe run covers (the whole page
or its article less the code) is pagewalk.FULL's comment; colour contrast is checked once
per kind of text and link in a shard's walk (pagewalk.ONCE, tested below).
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


# Low-contrast text (#aaa and #999 on white: 2.3:1 and 2.8:1; axe wants 4.5:1): the #aaa kind
# twice; the #999 kind first under an element with an image background (not its ancestor,
# so the same kind), where axe can't decide, and then in the open.
GREY = "color: #aaa; font-size: 16px"
UNDER = "color: #999; font-size: 16px"
HIDDEN = "color: #333; text-decoration: none"  # 1.2:1 against the text; axe wants 3:1
CONTRAST_PAGE = f"""<!doctype html><html lang="en"><head><title>t</title></head><body><main>
<article>
  <p>Readable text.</p>
  <p class="grey" style="{GREY}">Grey text, the first of its kind.</p>
  <p class="grey" style="{GREY}">Grey text, the same kind again.</p>
  <div style="position: absolute; width: 100%; height: 2em;
              background-image: linear-gradient(#fff0, #0001)"></div>
  <p class="under" style="{UNDER}">Grey text under an image.</p>
  <p class="under" style="{UNDER}">Grey text in the open.</p>
  <p>Text with <a href="#a" style="{HIDDEN}">a link that looks like text</a> and
     <a href="#b" style="{HIDDEN}">another</a> (link-in-text-block).</p>
  {{more}}
</article></main></body></html>"""


def light(rule: str, found: list[str]) -> list[str]:
    return [v for v in found if f"(light): {rule} " in v]


def test_contrast_once_per_kind_of_text_still_fails(browser, axe: str) -> None:
    """pagewalk.ONCE: a kind of text is checked where the walk first meets it, and
    a fail is reported there, once; a kind axe could not decide on its first element is
    checked on all its elements; a new kind on a later page is checked there."""
    from pagewalk import check_axe

    page = browser.new_page()
    try:
        decided: set[str] = set()
        page.set_content(CONTRAST_PAGE.format(more=""))
        found = check_axe(page, "a/", axe, decided)
        first = light("color-contrast", found)
        # the first grey paragraph, and the one "under" paragraph axe could decide
        assert len(first) == 1 and " x2 " in first[0], first
        assert ".grey:nth-child(2)" in first[0] and ".under:nth-child(6)" in first[0], first
        links = light("link-in-text-block", found)
        assert len(links) == 1 and " x1 " in links[0] and 'href=\\"#a\\"' in links[0], found
        # a later page: the grey kind is decided; "under" is not, and a new kind is checked
        new = '<p class="new" style="color: #bbb; font-size: 16px">New grey.</p>'
        page.set_content(CONTRAST_PAGE.format(more=new))
        found = check_axe(page, "b/", axe, decided)
        later = light("color-contrast", found)
        assert len(later) == 1 and " x2 " in later[0] and ".grey" not in later[0], later
        assert ".under:nth-child(6)" in later[0] and ".new" in later[0], later
        assert light("link-in-text-block", found) == [], found
    finally:
        page.close()
