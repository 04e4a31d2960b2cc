"""English snippet comments come from `snippets/<topic>/comments.en.yml` (torchkb.sources.comments):
the English variant differs from its snippet in comments only, so one run verifies both
languages' code; a comment without English stops the build with one `file:line` line."""

import os
from pathlib import Path

import pytest
from treecopy import copy_sources, run_cli

import torchkb
from torchkb import cjk
from torchkb.errors import SourceError
from torchkb.sources import comments, translation
from torchkb.sources import snippets as store
from torchkb.sources.canonical import load_topics
from torchkb.sources.project import Project

PROJECT = Project(torchkb.ROOT)
SNIPPETS = list(PROJECT.snippets.values())
TRANSLATED = [s for s in SNIPPETS if s.kind in comments.TRANSLATED_KINDS]


def strip_comments(code: str, kind: str) -> str:
    """The code without its comments: full-line comments dropped, trailing ones cut."""
    lines = code.splitlines(keepends=True)
    for comment in reversed(comments.find_comments(code, kind)):
        first = comment.line - 1
        if comment.after_code:
            line = lines[first]
            lines[first] = line[: comment.col] + line[len(line.rstrip("\r\n")) :]
        else:
            del lines[first : first + len(comment.lines)]
    return "".join(lines)


def inverse(cmap: comments.CommentMap) -> comments.CommentMap:
    english = {en: zh for zh, en in cmap.english.items()}
    return comments.CommentMap(cmap.path, english, dict.fromkeys(english, 0))


def test_there_are_translated_snippets() -> None:
    english = [s for s in TRANSLATED if comments.source(s, "en") != comments.source(s, "zh")]
    assert len(english) > 100


def test_the_maps_are_one_to_one() -> None:
    """No two Chinese comments of a topic share one English text (so English reads back)."""
    for path in sorted(PROJECT.snippets_dir.glob(f"*/{comments.MAP_NAME}")):
        values = list(comments.load_map(path.parent).english.values())
        assert len(values) == len(set(values)), path


@pytest.mark.parametrize("snip", TRANSLATED, ids=lambda s: s.id)
def test_round_trip(snip: store.Snippet) -> None:
    """zh -> en changes comments only, byte for byte elsewhere; en -> zh through the
    inverted map gives every original comment back; no Chinese is left untranslated."""
    zh = snip.path.read_text(encoding="utf-8")
    en = comments.source(snip, "en")
    assert strip_comments(en, snip.kind) == strip_comments(zh, snip.kind), "code differs"
    back = comments.translate(en, snip.kind, inverse(comments.load_map(snip.path.parent)))
    assert [c.key for c in comments.find_comments(back, snip.kind)] == [
        c.key for c in comments.find_comments(zh, snip.kind)
    ]
    assert strip_comments(back, snip.kind) == strip_comments(zh, snip.kind)
    for comment in comments.find_comments(en, snip.kind):
        han = len(cjk.HAN.findall(comment.key))
        latin = sum(c.isascii() and c.isalpha() for c in comment.key)
        # a Chinese name with its romanisation is fine; an untranslated comment is not
        assert han <= latin, f"{snip.id}:{comment.line}: untranslated: {comment.key}"


def test_no_problems_in_the_tree() -> None:
    assert [str(p) for p in comments.problems(SNIPPETS, PROJECT.snippets_dir)] == []


# -- the rules, on small made-up snippets ----------------------------------------------
def make_map(tmp_path: Path, text: str) -> comments.CommentMap:
    (tmp_path / comments.MAP_NAME).write_text(text, encoding="utf-8")
    return comments.load_map(tmp_path)


RULES = {
    "comments only; strings and code untouched": (
        "创建张量: create a tensor\n打印: print it\n",
        "python",
        '# 创建张量\nx = torch.ones(2)  # 打印\ns = "# 打印"  #打印\n',
        '# create a tensor\nx = torch.ones(2)  # print it\ns = "# 打印"  # print it\n',
    ),
    "a run of comment lines may be re-wrapped": (
        "? |-\n  第一行\n  第二行\n: |-\n  one\n  two\n  three\n",
        "python",
        "if True:\n    # 第一行\n    # 第二行\n    pass\n",
        "if True:\n    # one\n    # two\n    # three\n    pass\n",
    ),
    "shell comments start at a # that starts a word": (
        "或者: or\n强制结束: force it\n",
        "shell",
        '# 或者\nkill -9 "$PID"   # 强制结束\necho "a#b"\n',
        '# or\nkill -9 "$PID"   # force it\necho "a#b"\n',
    ),
}


@pytest.mark.parametrize("rule", RULES)
def test_translation_rules(tmp_path: Path, rule: str) -> None:
    text, kind, code, english = RULES[rule]
    assert comments.translate(code, kind, make_map(tmp_path, text)) == english


def test_untranslated_comment_names_its_line(tmp_path: Path) -> None:
    cmap = make_map(tmp_path, "创建张量: create a tensor\n")
    code = "# 创建张量\nx = 1\ny = 2  # 没有翻译\n# already English\n"
    with pytest.raises(SourceError) as err:
        comments.translate(code, "python", cmap, Path("snippets/t/x.py"))
    assert str(err.value) == "snippets/t/x.py:3: comment has no English in comments.en.yml"


def test_bad_maps(tmp_path: Path) -> None:
    for text, problem in [
        ("a: b\na: c\n", "comments.en.yml:2: 'a' is given twice (first on line 1)"),
        ("a:\n", "comments.en.yml:1: 'a' has no English"),
        ("a: [b]\n", "comments.en.yml:1: each entry is `Chinese comment: English comment`"),
        ("a: 'b\n", "comments.en.yml:2: YAML"),
    ]:
        with pytest.raises(SourceError) as err:
            make_map(tmp_path, text)
        assert problem in str(err.value), text


# -- the build and the command, on a copy of the tree ----------------------------------
@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return copy_sources(tmp_path)


def plant(root: Path, snippet_id: str, comment: str) -> tuple[Path, int]:
    """Append a comment line to a snippet; returns its file and line."""
    path = root / "snippets" / f"{snippet_id}.py"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + comment + "\n", encoding="utf-8")
    return path, text.count("\n") + 1


def test_untranslated_comment_stops_the_build(tree: Path) -> None:
    path, line = plant(tree, "tensors/broadcasting_rules", "# 这一行没有英文")
    before = {p: p.read_bytes() for p in (tree / "docs").rglob("*") if p.is_file()}
    result = run_cli(tree, "build")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.splitlines() == [
        f"error: snippets/tensors/broadcasting_rules.py:{line}: "
        "comment has no English in comments.en.yml"
    ]
    after = {p: p.read_bytes() for p in (tree / "docs").rglob("*") if p.is_file()}
    assert after == before, "a failed build touched docs/"


def test_sections_awaiting_translation_show_chinese_comments(tree: Path) -> None:
    """A snippet only untranslated sections show (a note just imported) builds with its
    Chinese comments, as its English page shows the Chinese text; `translations` lists
    them, and so its `--strict` (run by the tests) fails."""
    path, line = plant(tree, "tensors/broadcasting_rules", "# 这一行没有英文")
    topics = load_topics(tree / "notes" / "topics")
    assert comments.awaiting_translation(topics) == set()
    for topic in topics:
        for section in topic.sections:
            if "@snippet tensors/broadcasting_rules.py" in section.text["zh"]["body"]:
                section.text.pop("en")
    assert "tensors/broadcasting_rules" in comments.awaiting_translation(topics)
    found = store.load_all(tree / "snippets")
    with pytest.raises(SourceError, match="comment has no English"):
        comments.check(found, tree / "snippets", set())
    comments.check(found, tree / "snippets", {"tensors/broadcasting_rules"})
    todo = [str(p) for p in translation.problems(Project(tree)) if p.kind == "snippet-comment"]
    assert todo == [
        f"snippets/tensors/broadcasting_rules.py:{line}: 这一行没有英文: "
        "comment has no English in comments.en.yml"
    ]


def test_unused_entry_and_left_over_variant_are_reported(tree: Path) -> None:
    cmap = tree / "snippets" / "tensors" / comments.MAP_NAME
    cmap.write_text(cmap.read_text(encoding="utf-8") + "没人用的注释: nobody's comment\n")
    line = cmap.read_text(encoding="utf-8").count("\n")
    (tree / "snippets" / "gpu" / "old.en.py").write_text("# old\n", encoding="utf-8")
    found = [
        str(p) for p in comments.problems(store.load_all(tree / "snippets"), tree / "snippets")
    ]
    assert found == [
        "snippets/gpu/old.en.py: English comments now come from comments.en.yml; delete this file",
        f"snippets/tensors/comments.en.yml:{line}: unused entry '没人用的注释': no snippet "
        "of tensors/ has it",
    ]


def test_snippet_command_prints_english(tree: Path) -> None:
    result = run_cli(tree, "snippet", "autograd/grad_accumulation", "--lang", "en")
    assert result.returncode == 0, result.stderr
    snip = next(s for s in SNIPPETS if s.id == "autograd/grad_accumulation")
    assert result.stdout == comments.source(snip, "en")
    assert "# first backward pass" in result.stdout
    zh = run_cli(tree, "snippet", "autograd/grad_accumulation", "--lang", "zh")
    assert zh.stdout == snip.path.read_text(encoding="utf-8")


def test_each_run_reads_the_map_anew(tree: Path) -> None:
    """Runs in one process (as these tests run the CLI) never see an earlier run's map,
    even one rewritten at the same size within the file system's timestamp tick."""
    first = run_cli(tree, "snippet", "autograd/grad_accumulation", "--lang", "en")
    assert "# first backward pass\n" in first.stdout
    cmap = tree / "snippets" / "autograd" / comments.MAP_NAME
    stat = cmap.stat()
    text = cmap.read_text(encoding="utf-8")
    cmap.write_text(text.replace(": first backward pass", ": FIRST BACKWARD PASS"), "utf-8")
    os.utime(cmap, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert cmap.stat().st_size == stat.st_size
    again = run_cli(tree, "snippet", "autograd/grad_accumulation", "--lang", "en")
    assert "# FIRST BACKWARD PASS\n" in again.stdout


def test_snippet_command_lists_missing_comments(tree: Path) -> None:
    _, line = plant(tree, "tensors/broadcasting_rules", "# 这一行没有英文")
    result = run_cli(tree, "snippet", "--missing")
    assert result.returncode == 1
    assert result.stdout == (
        f"snippets/tensors/broadcasting_rules.py:{line}: comment has no English in "
        "comments.en.yml: 这一行没有英文\n"
        "\n# add to snippets/tensors/comments.en.yml, with the English after each colon:\n"
        "这一行没有英文: ''\n"
        "snippet: 1 comments without English, 0 other problems\n"
    )
    # printing it in English keeps the Chinese line and says so
    shown = run_cli(tree, "snippet", "tensors/broadcasting_rules")
    assert shown.returncode == 1
    assert shown.stdout.endswith("# 这一行没有英文\n")
    assert f"broadcasting_rules.py:{line}: comment has no English" in shown.stderr
    clean = run_cli(tree, "snippet", "--missing", "gpu")
    assert clean.returncode == 0
    assert clean.stdout == "snippet: 0 comments without English, 0 other problems\n"
