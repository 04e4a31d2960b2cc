"""The reader meets the lesson: the editor's checks are folded, trust is one quiet badge.

The browser walk (tests/pagewalk.py, every page of both languages) checks that no code a
reader sees unfolded holds a check line and that every copy button copies the lesson's
file. Here: those checks can fail (planted pages), and the built pages' badges say only
what records hold.
"""

import re
from pathlib import Path

import pytest
from pagewalk import Tab, visible_check_lines
from search_harness import index_sections

import torchkb
from torchkb.checks import code_authorship
from torchkb.sources.project import Project

PLANTED = """<!doctype html><html><body>
<div class="highlight"><pre><code>x = 1
{unfolded}</code></pre></div>
<details><summary>checks</summary>
<div class="highlight"><pre><code>assert x == 1
note_claim_holds = x == 1</code></pre></div></details>
</body></html>"""


@pytest.mark.parametrize(
    ("unfolded", "found"),
    [
        ("print(x)", []),
        ("assert x == 1", ["assert x == 1"]),
        ("note_claims_hold = {}", ["note_claims_hold = {}"]),
        ("note_claim_control = False", ["note_claim_control = False"]),
    ],
)
def test_visible_check_lines_sees_only_unfolded_code(
    tab: Tab, unfolded: str, found: list[str]
) -> None:
    tab.page.set_content(PLANTED.format(unfolded=unfolded))
    assert visible_check_lines(tab.page) == found


def test_lessons_hold_no_checks() -> None:
    """No lesson holds a verdict, a control or an assert, but an assert of the note's own
    code: one found in the raw lines its sections name, or, inside the note's function, an
    adaptation marked `# 编者:`. The checks live in the check part."""
    project = Project(torchkb.ROOT)
    raw = code_authorship.shown_sources(project)
    found = []
    for snip in project.snippets.values():
        if snip.kind != "python":
            continue
        code = snip.path.read_text(encoding="utf-8")
        unmarked = {n for n, _ in code_authorship.unmarked_lines(code, raw.get(snip.id, ""))}
        for number, line in enumerate(code.splitlines(), 1):
            stripped = line.strip()
            note_assert = "".join(line.split()) in raw.get(snip.id, "") or (
                line.startswith((" ", "\t")) and number not in unmarked
            )
            if re.match(r"note_claims?_(hold|control)\b", stripped) or (
                stripped.startswith("assert ") and not note_assert
            ):
                found.append(f"{snip.path}:{number}: {stripped}")
    assert not found, "checks in lessons (move them to <name>.check.py):\n" + "\n".join(found)


# a badge as the site writes it (a Markdown link with attr_list: class, href, title, text)
BADGE = re.compile(
    r'<a class="kb-badge kb-(\w+)" href="[^"]*#snippet-([^"]+)" title="([^"]*)">(.*?)</a>', re.S
)


def badge_problems(html: str, gpu_ids: set[str]) -> tuple[int, list[str]]:
    """(badges, what is wrong): a GPU badge without a GPU record, 本机, a block unbadged."""
    found, problems = BADGE.findall(html), []
    for state, snippet, title, inner in found:
        text = re.sub(r"<[^>]+>", "", inner)
        if "本机" in text + title:
            problems.append(f"says 本机: {text}")
        if "GPU" in text and state == "ok" and snippet not in gpu_ids:
            problems.append(f"{text} without a GPU record of {snippet}")
    blocks = len(re.findall(r"<!-- snippet: \S+\.(?:py|sh|yaml) -->", html))
    if len(found) < blocks:
        problems.append(f"{blocks - len(found)} blocks without a badge")
    return len(found), problems


def test_badge_problems_are_found() -> None:
    planted = (
        "<!-- snippet: gpu/a.py -->"
        '<a class="kb-badge kb-ok" href="r/#snippet-gpu-a" title="t">CPU + GPU · torch 2</a>'
        "<!-- snippet: gpu/b.py -->"
    )
    assert len(badge_problems(planted, set())[1]) == 2
    assert badge_problems(planted.replace("<!-- snippet: gpu/b.py -->", ""), {"gpu-a"})[1] == []


def test_badges_name_only_devices_with_records(site: Path) -> None:
    """A badge names GPU only for a snippet with a current GPU record, and never says the
    reader's own machine (本机) did anything; every runnable block has one."""
    project = Project(torchkb.ROOT)
    gpu_ids = {i.replace("/", "-") for i in project.verification.get("cuda", {})}
    badges, problems = 0, []
    for page in sorted(site.rglob("index.html")):
        count, found = badge_problems(page.read_text(encoding="utf-8"), gpu_ids)
        badges += count
        problems += [f"{page}: {p}" for p in found]
    assert not problems, "\n".join(problems[:10])
    assert badges > 100


# a check line flattened into text: the verdict, or an assert of a comparison (prose
# quotes "device-side assert triggered", which is no check)
CHECK_IN_TEXT = re.compile(r"note_claims?_hold|\bassert\s+\S+\s*(?:==|!=|<=|>=|<|>|\bis\b|\bin\b)")


def test_search_index_holds_no_check_lines(site: Path) -> None:
    """Search excerpts come from the lesson: the folded checks are not indexed."""
    found = []
    sections = index_sections(site)
    assert len(sections) > 100
    for folder, doc in sections:
        text = doc[3]
        if CHECK_IN_TEXT.search(text):
            found.append(f"{folder}: {doc[0]}: {text[:80]!r}")
    assert not found, "\n".join(found[:5])
