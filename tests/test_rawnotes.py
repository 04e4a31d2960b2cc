"""The raw-note parser: block kinds and exact line ranges, on test notes and the real ones."""

from pathlib import Path

import pytest

import torchkb
from torchkb.errors import SourceError
from torchkb.rawnotes.model import Block
from torchkb.rawnotes.parse import parse_note

FIXTURES = Path(__file__).parent / "fixtures" / "notes"
RAW = torchkb.ROOT / "notes" / "raw"


def spans(blocks: list[Block], kind: str | None = None) -> list[tuple]:
    return [(b.kind, b.start_line, b.end_line) for b in blocks if kind in (None, b.kind)]


def real(prefix: str) -> Path:
    return next(RAW.glob(f"{prefix}_*.txt"))


def test_mixed_styles_in_one_note():
    note = parse_note(FIXTURES / "mixed.md")
    assert note.meta == {"title": "混合风格测试笔记", "tags": ["张量", "broadcasting"]}
    assert note.body_start == 5
    assert spans(note.blocks) == [
        ("front_matter", 1, 4),
        ("heading", 6, 6),
        ("text", 8, 8),
        ("code", 10, 14),  # unfenced, trailing `# torch.Size(...)` comment included
        ("text", 16, 16),  # the "输出：" marker
        ("output", 18, 18),  # indented, but after the marker: output
        ("heading", 20, 20),
        ("code", 22, 23),  # 4-space indented
        ("code", 25, 27),  # ``` without a language
        ("html", 29, 29),
        ("image", 31, 31),
        ("table", 33, 36),
        ("link_list", 38, 39),
        ("code", 41, 43),
    ]
    by_line = {b.start_line: b for b in note.blocks}
    assert [by_line[n].lang for n in (10, 22, 25, 41)] == ["python", "python", "python", "sh"]
    assert by_line[10].text.endswith("# torch.Size([3, 4])")
    assert by_line[6].level == 1 and by_line[20].level == 2
    assert by_line[29].tags == ['<font color="#dddd00">', "</font>"]
    assert by_line[31].urls == ["https://img-blog.csdnimg.cn/abc.png"]
    assert by_line[38].urls == [
        "https://pytorch.org/docs/stable/tensors.html",
        "https://discuss.pytorch.org/t/view-vs-reshape/1234",
    ]


def test_english_note_output_marker_then_fence():
    note = parse_note(FIXTURES / "english.md")
    assert spans(note.blocks) == [
        ("heading", 1, 1),
        ("text", 3, 3),
        ("code", 5, 8),
        ("text", 10, 10),
        ("output", 12, 14),
    ]


def test_windows_line_endings_and_plain_text_headings():
    note = parse_note(FIXTURES / "crlf.txt")
    assert spans(note.blocks) == [
        ("heading", 1, 1),
        ("text", 3, 3),
        ("code", 5, 6),
        ("heading", 8, 8),
        ("text", 10, 10),
    ]
    assert [b.level for b in note.blocks if b.kind == "heading"] == [1, 2]
    assert note.blocks[2].text == "import torch\nprint(torch.__version__)"  # no \r


def test_note_without_headings_or_blank_lines():
    note = parse_note(FIXTURES / "no_headings.txt")
    assert spans(note.blocks) == [
        ("text", 1, 1),
        ("code", 2, 3),
        ("text", 4, 4),
        ("output", 5, 6),
        ("text", 7, 7),
    ]


@pytest.mark.parametrize(
    "name, line, problem",
    [
        ("bad_unclosed_fence.md", 5, "code fence ``` is never closed"),
        ("bad_front_matter_yaml.md", 4, "front matter is not valid YAML"),
        ("bad_front_matter_unclosed.md", 1, "front matter opened with --- is never closed"),
        ("bad_script_block.md", 5, "raw <script> is not allowed"),
        ("bad_script_inline.md", 4, "raw <script> is not allowed"),
    ],
)
def test_bad_notes_name_file_and_line(name, line, problem):
    with pytest.raises(SourceError) as err:
        parse_note(FIXTURES / name)
    assert err.value.line == line
    assert problem in err.value.problem
    assert str(err.value).startswith(f"{FIXTURES / name}:{line}: ")


def test_non_utf8_bytes_name_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("第一行\n第二行\n".encode() + b"caf\xe9\n")
    with pytest.raises(SourceError) as err:
        parse_note(path)
    assert (err.value.line, err.value.problem) == (3, "not valid UTF-8 (byte 0xe9)")


# -- the five real notes -------------------------------------------------------------------


def test_000_memory_summary_is_output_not_code():
    blocks = parse_note(real("000")).blocks
    assert spans(blocks, "code") == [("code", 14, 24), ("code", 82, 92), ("code", 158, 208)]
    assert spans(blocks, "output") == [("output", 98, 142)]
    assert spans(blocks, "front_matter") == [("front_matter", 1, 4)]
    headings = [b.text for b in blocks if b.kind == "heading"]
    assert headings[:3] == ["nn模块", "权重初始化", "广播机制"]


def test_001_web_paste_code_yaml_and_plain_headings():
    blocks = parse_note(real("001")).blocks
    code = {(b.start_line, b.end_line): b.lang for b in blocks if b.kind == "code"}
    assert code == {
        (11, 14): "yaml",
        (143, 158): "python",
        (164, 166): "python",
        (176, 178): "python",
        (193, 213): "python",
    }
    headings = {b.start_line: (b.text, b.level) for b in blocks if b.kind == "heading"}
    assert headings[1] == ("Pytorch", 1)
    assert headings[5] == ("安装", 2)
    assert headings[121] == ("gather & scatter_", 2)
    assert headings[168] == ("scatter_", 2)
    assert 64 not in headings  # "显存占用 = 模型参数 + ..." is a formula, not a heading
    assert 52 not in headings  # "小结:" is a lead-in


def test_002_dead_toc_links_and_unlabelled_fences():
    blocks = parse_note(real("002")).blocks
    assert spans(blocks, "link_list") == [("link_list", 5, 13)]
    assert set(next(b for b in blocks if b.kind == "link_list").urls) == {"#"}
    assert spans(blocks, "code") == [
        ("code", 39, 47),
        ("code", 49, 54),
        ("code", 85, 94),
        ("code", 98, 110),
        ("code", 119, 125),
    ]


def test_003_outputs_images_and_html():
    blocks = parse_note(real("003")).blocks
    assert spans(blocks, "output") == [
        ("output", 146, 164),
        ("output", 263, 264),
        ("output", 326, 332),
        ("output", 644, 658),
    ]
    by_line = {b.start_line: b for b in blocks}
    assert (by_line[139].kind, by_line[139].end_line) == ("code", 143)  # before ">>>>>:"
    assert by_line[145].text == ">>>>>:"
    assert spans(blocks, "image") == [("image", 668, 668), ("image", 867, 867)]
    assert spans(blocks, "html") == [("html", 388, 388), ("html", 853, 853)]
    assert len(spans(blocks, "code")) == 23


def test_004_computation_graph_script_and_printed_gradients():
    blocks = parse_note(real("004")).blocks
    assert spans(blocks) == [
        ("text", 1, 6),
        ("code", 7, 31),
        ("text", 32, 32),
        ("output", 33, 43),
        ("text", 44, 47),
        ("table", 48, 71),
        ("text", 72, 78),
    ]
    assert blocks[1].text.splitlines()[0] == "import torch"
    compile(blocks[1].text, "004", "exec")
