"""A section body parsed once into typed parts (torchkb/sources/canonical.py, Section.parts): the
pages, notebooks, error index, coverage and author check all read directives and editor
blocks from here, and a malformed directive is one `file:line: problem`."""

from pathlib import Path

import pytest

import torchkb
from torchkb.errors import SourceError
from torchkb.sources.canonical import (
    ClaimPart,
    EditorNotePart,
    NoteOutputPart,
    SnippetPart,
    TextPart,
    load_topics,
    parse_body,
)

YML = Path("notes/topics/x.yml")
BODY = """intro 输出：

@snippet tensors/view.py

```python
@snippet not/a-directive.py
```

!!! editor "编者注"

    editor text

    more
@claim view-modifies-original
@note-output 003_abc 5-7
tail"""


def test_parts_in_order_with_their_file_lines() -> None:
    parts = parse_body(BODY, YML, 10)
    assert parts == [
        TextPart(("intro 输出：", ""), 10),
        SnippetPart(YML, 12, "tensors/view.py"),
        TextPart(("", "```python", "@snippet not/a-directive.py", "```", ""), 13),
        EditorNotePart(
            "编者注",
            ("", "editor text", "", "more"),
            ('!!! editor "编者注"', "", "    editor text", "", "    more"),
            18,
        ),
        ClaimPart(YML, 23, "view-modifies-original"),
        NoteOutputPart(YML, 24, "003_abc", 5, 7),
        TextPart(("tail",), 25),
    ]
    assert parts[1].id == "tensors/view"


@pytest.mark.parametrize(
    "line",
    [
        "@snippet",
        "@snippet tensors/a.py tensors/b.py",
        "@snippet view.py",
        "@claim",
        "@claim a b",
        "@claim-x",
        "@note-output 003_abc",
        "@note-output 003_abc 7-5",
        "@note-output 003_abc 0-5",
        "@note-output 003_abc five-6",
    ],
)
def test_a_malformed_directive_names_its_line(line: str) -> None:
    with pytest.raises(SourceError) as err:
        parse_body(f"text\n\n{line}\n", YML, 40)
    assert str(err.value).startswith(f"{YML}:42: {line!r}: expected `@"), err.value


def test_no_directive_in_an_editor_block() -> None:
    with pytest.raises(SourceError, match=r"x\.yml:7: no directives in an editor block"):
        parse_body('!!! editor "编者注"\n\n    @claim a\n', YML, 5)


def test_every_directive_part_points_at_its_line_in_the_sources() -> None:
    """Each part's line is the line of the topic file that holds it: a directive, an
    editor block's title, a text run's first line."""
    checked = 0
    for topic in load_topics(torchkb.ROOT / "notes" / "topics"):
        for section in topic.sections:
            lines = section.path.read_text(encoding="utf-8").splitlines()
            for lang in section.text:
                for part in section.parts(lang):
                    at = lines[part.line - 1].strip()
                    if isinstance(part, TextPart):
                        assert at == part.lines[0].strip(), (section.id, lang, part)
                    elif isinstance(part, EditorNotePart):
                        assert at == part.markdown[0], (section.id, lang, part)
                    else:
                        assert at.startswith("@"), (section.id, lang, part)
                    checked += 1
    assert checked > 1000


def test_a_note_output_beyond_its_note_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "n.txt").write_text("a\nb\n", encoding="utf-8")
    assert NoteOutputPart(YML, 3, "n", 1, 2).quote(tmp_path) == ["a", "b"]
    with pytest.raises(SourceError, match=r"x\.yml:3: @note-output: n has 2 lines, not 3"):
        NoteOutputPart(YML, 3, "n", 2, 3).quote(tmp_path)
    with pytest.raises(SourceError, match=r"x\.yml:3: @note-output: no raw note m"):
        NoteOutputPart(YML, 3, "m", 1, 1).quote(tmp_path)
