"""Hostile HTML in notes never reaches a page: the nh3 allow-list (torchkb/sources/sanitize.py)
names what it would remove, and the build stops with `file:line: problem`, docs/ as it was."""

import pytest
from test_generator import assert_fails_cleanly, body_line, break_topic, first_topic, tree  # noqa: F401

from torchkb.sources.sanitize import clean, unsafe_html

HOSTILE = [
    ("<img src=x onerror=alert(1)>", "<img onerror=alert(1)>"),
    ('<a href="javascript:alert(1)">x</a>', "<a href=javascript:alert(1)>"),
    ('<iframe src="https://example.org/"></iframe>', "<iframe>"),
    ('<div onclick="steal()">text</div>', "<div onclick=steal()>"),
    ('<span style="background:url(javascript:x)">s</span>', "<span style>"),
    ("[click](javascript:alert(1))", "link to 'javascript:alert(1)'"),
    ("[click](java&#x09;script:alert(1))", "<a href=java\tscript:alert(1)>"),
    ("![x](data:image/svg+xml;base64,PHN2Zz4=)", "link to 'data:"),
    ("<object data=x></object>", "<object>"),
]


@pytest.mark.parametrize(("markdown", "reported"), HOSTILE, ids=[h[0][:24] for h in HOSTILE])
def test_hostile_html_is_reported(markdown: str, reported: str) -> None:
    found = unsafe_html(f"Some text.\n\n{markdown}\n")
    assert found and found[0][0] == 3, found  # the line it is on
    assert reported in found[0][1], found


@pytest.mark.parametrize(
    "markdown",
    [
        "`<img src=x onerror=alert(1)>` in code is text",
        "```html\n<iframe src=x></iframe>\n```",
        '<sup>2</sup>, <kbd>Ctrl</kbd>, <br>, <a href="https://pytorch.org" title="t">ok</a>',
        "[relative](tensors.md#view), [mail](mailto:a@b.c), <https://pytorch.org>",
        "> TypeError: found <class 'NoneType'>",
    ],
)
def test_harmless_markdown_passes(markdown: str) -> None:
    assert unsafe_html(markdown) == []


def test_clean_keeps_text_and_drops_handlers() -> None:
    assert clean('<b onmouseover="x()">bold</b>') == "<b>bold</b>"


def test_hostile_note_fails_the_build_cleanly(tree) -> None:  # noqa: F811
    path = first_topic(tree)
    line_no, line = body_line(path)
    indent = line[: len(line) - len(line.lstrip())]
    break_topic(tree, line + "\n", f"{line}\n{indent}\n{indent}<img src=x onerror=alert(1)>\n")
    # one build (each costs seconds): the line and the problem are in the same message
    section_id = next(
        line.split(":", 1)[1].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if "- id:" in line
    )
    assert_fails_cleanly(
        tree,
        f"{path.name}:{line_no + 2}: section {section_id} zh: "
        "raw HTML <img onerror=alert(1)> is not allowed",
    )
