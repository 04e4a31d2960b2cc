"""The built site in a real browser (Debian's Chromium through Playwright).

Every page of both languages loads without console errors or failed requests, and its
language switch lands on the same page in the other language; the copy button copies
each snippet file exactly; the theme toggle works; notebook pages show their outputs.
Screenshots go to test-artifacts/screenshots/ (CI keeps that folder).

One browser and one tab per xdist worker; the site is built once per run (builtsite).
"""

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from builtsite import CHROMIUM_ARGS, ROOT, serve, site_dir

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
DOCS = ROOT / "docs"
SHOTS = ROOT / "test-artifacts" / "screenshots"
# Material's language selector probes `<page>/sitemap.xml` before switching; static-i18n
# writes per-page alternate links, so that probe 404s harmlessly. Only that is ignored.
SITEMAP_PROBE = re.compile(r"/sitemap\.xml(\?.*)?$")
COPY_TOPIC = "data"  # has python and shell snippets, .en.py variants, an expected error

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")


def page_paths() -> list[str]:
    """Site-relative URL paths of every page, both languages, from the generated docs/."""
    paths = []
    for lang, prefix in (("zh", ""), ("en", "en/")):
        for src in sorted((DOCS / lang).rglob("*")):
            rel = src.relative_to(DOCS / lang)
            if src.suffix not in {".md", ".ipynb"} or rel.parts[0] == "assets":
                continue
            url = "" if rel.as_posix() == "index.md" else rel.with_suffix("").as_posix() + "/"
            paths.append(prefix + url)
    return paths


def counterpart(path: str) -> dict[str, str]:
    """The same page in each language."""
    rest = path.removeprefix("en/")
    return {"zh": rest, "en": "en/" + rest}


@dataclass
class Tab:
    """One tab; records what went wrong while loading a page."""

    page: object
    base: str
    problems: list[str] = field(default_factory=list)

    def visit(self, path: str) -> list[str]:
        self.problems = []
        response = self.page.goto(f"{self.base}/{path}", wait_until="load")
        if response is None or response.status != 200:
            self.problems.append(f"GET /{path}: {response and response.status}")
        self.page.wait_for_load_state("networkidle")
        return self.problems


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site_dir(tmp_path_factory.getbasetemp().parent)


@pytest.fixture(scope="session")
def tab(site: Path) -> Iterator[Tab]:
    with serve(site) as base, playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(color_scheme="light", viewport={"width": 1280,
                                                                      "height": 900})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        t = Tab(context.new_page(), base)

        def on_console(msg: object) -> None:
            if msg.type == "error" and not SITEMAP_PROBE.search(msg.location.get("url", "")):
                t.problems.append(f"console: {msg.text} ({msg.location.get('url')})")

        def on_response(resp: object) -> None:
            if resp.status >= 400 and not (resp.status == 404 and SITEMAP_PROBE.search(resp.url)):
                t.problems.append(f"HTTP {resp.status}: {resp.url}")

        # context-level: requests of the search worker count too
        context.on("console", on_console)
        context.on("response", on_response)
        context.on("requestfailed", lambda req: t.problems.append(
            f"failed: {req.url} ({req.failure})"))
        t.page.on("pageerror", lambda err: t.problems.append(f"page error: {err}"))
        try:
            yield t
        finally:
            browser.close()


@pytest.mark.parametrize("path", page_paths())
def test_page_loads_clean_and_switches_language(path: str, tab: Tab, site: Path) -> None:
    assert tab.visit(path) == []
    links = dict(tab.page.eval_on_selector_all(
        ".md-select a[hreflang]", "els => els.map(e => [e.hreflang, e.href])"))
    assert set(links) == {"zh", "en"}, f"/{path}: language switch has {sorted(links)}"
    for lang, want in counterpart(path).items():
        assert links[lang] == f"{tab.base}/{want}", f"/{path}: {lang} switch -> {links[lang]}"
        assert (site / want / "index.html").exists(), f"/{path}: {lang} page /{want} missing"
    if "/notebooks/" in f"/{path}":
        check_notebook_outputs(path, tab)


def check_notebook_outputs(path: str, tab: Tab) -> None:
    """Every recorded stdout of the notebook is shown in one of the page's output areas."""
    lang = "en" if path.startswith("en/") else "zh"
    nb = json.loads((DOCS / lang / "notebooks" / f"{Path(path).name}.ipynb").read_text("utf-8"))
    shown = {_squash(t) for t in tab.page.eval_on_selector_all(
        ".jp-OutputArea-output", "els => els.map(e => e.innerText)")}
    recorded = [_squash("".join(o["text"])) for c in nb["cells"] if c["cell_type"] == "code"
                for o in c.get("outputs", []) if o["output_type"] == "stream"]
    assert recorded, f"/{path}: notebook has no recorded output"
    missing = [r[:80] for r in recorded if r not in shown]
    assert not missing, f"/{path}: outputs not rendered: {missing}"


def _squash(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_copy_button_copies_the_snippet_file(lang: str, tab: Tab) -> None:
    path = counterpart(COPY_TOPIC)[lang]
    assert tab.visit(path) == []
    blocks = tab.page.evaluate("""() => [...document.querySelectorAll('.kb-snippet-name')]
        .map(name => {
            let el = name.nextElementSibling;
            while (el && !el.matches('.highlight')) el = el.nextElementSibling;
            const button = el && el.querySelector('button.md-clipboard');
            return [name.innerText.trim(),
                    button && button.getAttribute('data-clipboard-target')];
        })""")
    assert blocks, f"/{path}: no snippet blocks"
    for shown, target in blocks:
        assert target, f"/{path}: {shown} has no copy button"
        expected = (ROOT / shown).read_text(encoding="utf-8")
        if lang == "en" and (ROOT / shown).name.count(".") == 1:
            assert not (ROOT / shown).with_suffix(f".en{Path(shown).suffix}").exists(), shown
        tab.page.evaluate("navigator.clipboard.writeText('')")
        tab.page.locator(f'button[data-clipboard-target="{target}"]').click(force=True)
        copied = tab.page.evaluate("navigator.clipboard.readText()")
        # Material copies the code's innerText with trailing whitespace trimmed
        assert copied == expected.rstrip(), f"/{path}: copying {shown} gives other text"


def test_theme_toggle_and_screenshots(tab: Tab) -> None:
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir(parents=True)
    for name, path in [("zh-home", ""), ("en-home", "en/"), ("zh-topic", COPY_TOPIC + "/"),
                       ("en-topic", f"en/{COPY_TOPIC}/"),
                       ("zh-notebook", f"notebooks/{COPY_TOPIC}/")]:
        assert tab.visit(path) == []
        tab.page.screenshot(path=str(SHOTS / f"{name}.png"))
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    assert tab.page.evaluate(scheme) == "default"
    toggle = "form[data-md-component=palette] label:visible"
    tab.page.locator(toggle).click()
    assert tab.page.evaluate(scheme) == "slate"
    tab.page.reload(wait_until="load")  # the choice is remembered across pages
    assert tab.page.evaluate(scheme) == "slate"
    tab.page.goto(f"{tab.base}/{COPY_TOPIC}/", wait_until="load")
    tab.page.screenshot(path=str(SHOTS / "zh-topic-dark.png"))
    tab.page.locator(toggle).click()
    assert tab.page.evaluate(scheme) == "default"
    assert tab.problems == []
