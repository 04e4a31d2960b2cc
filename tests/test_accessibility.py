"""axe-core (npm, package.json) on the built site, both languages, light and dark: no serious
or critical violation.

By default axe checks one page of each kind of page the site has (pagewalk.page_kinds:
home, topic, notebook, error index, claims, tags, raw note, 404); TORCHKB_FULL_WALK=1
checks every page. Each page is checked in the light scheme with axe's default rules, and
in the dark scheme (the body's data-md-color-scheme, as Material's toggle sets it) with the
rules that depend on colours. The tests below plant violations, so a run that could not
see them fails.
"""

from pathlib import Path

import pytest
from builtsite import site_url
from pagewalk import (
    SCHEMES,
    Tab,
    axe_paths,
    axe_source,
    check_axe,
    full_walk,
    page_kinds,
    page_paths,
)
from tools import in_ci


@pytest.fixture(scope="module")
def axe() -> str:
    source = axe_source()
    if source is None:
        if in_ci():
            pytest.fail("node_modules/axe-core is missing: `make install` runs `npm ci`")
        pytest.skip("axe-core is not installed: run `make install` (npm ci)")
    return source


def light_and_dark(page, where: str, axe: str) -> list[str]:
    """axe on the page now shown, in the light scheme, then in the dark one."""
    return [line for scheme in SCHEMES for line in check_axe(page, where, axe, scheme)]


# the pages are dealt out to this many tests per language, so that xdist's workers share them
PARTS = 6 if full_walk() else 2


@pytest.mark.parametrize("part", range(PARTS), ids=lambda i: f"{i + 1}of{PARTS}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_serious_axe_violations(tab: Tab, site: Path, axe: str, lang: str, part: int) -> None:
    assert site_url()  # canonical links and the 404 page need it
    prefix = "en/" if lang == "en" else ""
    found = []
    paths = axe_paths(site)[part::PARTS]
    for path in paths:
        response = tab.page.goto(f"{tab.base}/{prefix}{path}", wait_until="load")
        assert response is not None and response.ok, f"/{prefix}{path}: {response}"
        found += light_and_dark(tab.page, f"/{prefix}{path}", axe)
    tab.take()  # console errors are test_browser's
    print(f"{'every page' if full_walk() else 'one page of each kind'}: {paths}")
    assert found == [], "\n".join(found)


def test_every_page_has_a_kind(site: Path) -> None:
    """The kinds read from the navigation hold every page once, so the default run
    checks a page of every template the site has."""
    kinds = page_kinds(site)
    pages = [p for paths in kinds.values() for p in paths]
    assert sorted(pages) == sorted(page_paths(site) + ["404.html"])
    assert len(pages) == len(set(pages))
    assert {"home", "errors/", "claims/", "tags/", "404.html"} <= set(kinds), kinds
    many = [paths for paths in kinds.values() if len(paths) > 1]
    assert any(p.startswith("notebooks/") for paths in many for p in paths), kinds
    assert any(p.startswith("raw/") for paths in many for p in paths), kinds
    assert any("tensors/" in paths for paths in many), kinds  # the topics
    assert len(axe_paths(site)) == len(kinds) or full_walk()


# Readable text in the light scheme; under the dark one (the body's data-md-color-scheme, as
# Material's toggle sets it) the "dark" paragraph is #333 on #222, 1.3:1 (axe wants 4.5:1)
PLANTED = """<!doctype html><html lang="en"><head><title>Planted</title><style>
  [data-md-color-scheme="slate"] { background: #222; color: #eee; }
  [data-md-color-scheme="slate"] .dark { color: #333; }
</style></head><body><main>
  <h1>Planted violations</h1>
  <p>Readable text.</p>
  <p class="dark">Readable in light only.</p>
  {planted}
</main></body></html>"""
GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACw="  # a 1x1 image


def lines(found: list[str], scheme: str, rule: str) -> list[str]:
    return [v for v in found if f"({scheme}): {rule} (" in v]


@pytest.fixture
def blank(browser):
    page = browser.new_page()
    yield page
    page.close()


def test_planted_violations_are_reported(blank, axe: str) -> None:
    """An image without alternative text (critical) and low-contrast text (#aaa on white,
    2.3:1; axe wants 4.5:1), each reported once, on the element that has it; the readable
    text is not."""
    planted = f'<img src="{GIF}"><p class="grey" style="color: #aaa">Grey text.</p>'
    blank.set_content(PLANTED.replace("{planted}", planted))
    found = light_and_dark(blank, "/planted", axe)
    [image] = lines(found, "light", "image-alt")
    assert "(critical) x1" in image and '["img: ' in image, image
    [grey] = lines(found, "light", "color-contrast")
    assert "(serious) x1" in grey and '[".grey: ' in grey, grey
    # the dark run checks colours: there the grey text is readable, the "dark" one is not
    [dark] = lines(found, "dark", "color-contrast")
    assert "(serious) x1" in dark and '[".dark: ' in dark, dark
    assert len(found) == 3, found


def test_clean_page_passes_and_the_dark_scheme_is_checked(blank, axe: str) -> None:
    blank.set_content(PLANTED.replace("{planted}", ""))
    found = light_and_dark(blank, "/clean", axe)
    [dark] = found  # light: nothing; dark: the text that only the dark scheme greys out
    assert "/clean (dark): color-contrast (serious) x1" in dark and '[".dark: ' in dark, dark


def test_violation_planted_on_a_site_page_is_reported(tab: Tab, axe: str) -> None:
    """On a real page (the site's own CSS and scripts), an image without alternative text
    in the article is found."""
    tab.page.goto(f"{tab.base}/en/tags/", wait_until="load")
    tab.page.evaluate(
        "html => document.querySelector('article').insertAdjacentHTML('beforeend', html)",
        f'<img src="{GIF}">',
    )
    found = check_axe(tab.page, "/en/tags/", axe, "light")
    tab.take()
    assert [v for v in found if "image-alt (critical) x1" in v and '["img: ' in v], found
