"""Generated pages show what was tested: every code block on every page of docs/ is a
snippet file, byte for byte (on English pages with its comments from the topic's
`comments.en.yml`, `torchkb.sources.comments`), and
every shown output is that snippet's recorded output.

A page marks its blocks with HTML comments: `<!-- snippet: <topic>/<file> -->` before a
code block, `<!-- check: <topic>/<name>.check.py -->` before its folded check part,
`<!-- output: <topic>/<name> -->` before its output, `<!-- note-output: ... -->` before a
quote of a raw note. `text` blocks without a comment are error messages quoted in the
prose; any other unmarked block fails.
"""

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

import torchkb
from torchkb.sources import comments, records
from torchkb.sources import snippets as store

DOCS = torchkb.ROOT / "docs"
PAGES = sorted(DOCS.glob("*/*.md")) if DOCS.exists() else []
COMMENT = re.compile(r"<!--\s*(snippet|check|output|note-output):\s*(\S+)")
PROSE_LANGS = {"text", ""}


def blocks(page: Path) -> list[tuple[int, str, str, tuple[str, str] | None]]:
    """(line, language, content, marking comment since the previous block) per block."""
    found, mark = [], None
    for token in MarkdownIt("commonmark").parse(page.read_text(encoding="utf-8")):
        if token.type == "html_block":
            for kind, ref in COMMENT.findall(token.content):
                mark = (kind, ref)
        elif token.type in {"fence", "code_block"}:
            lang = token.info.split()[0] if token.info.strip() else ""
            found.append((token.map[0] + 1, lang, token.content, mark))
            mark = None
    return found


@pytest.mark.skipif(not PAGES, reason="docs/ not generated yet: run python -m torchkb build")
@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_page_blocks_are_tested_snippets(page: Path) -> None:
    lang = page.parent.name
    snippets = {s.id: s for s in store.load_all(torchkb.ROOT / "snippets")}
    problems = []
    for line, block_lang, content, mark in blocks(page):
        where = f"{page}:{line}"
        if mark is None:
            if block_lang not in PROSE_LANGS:
                problems.append(f"{where}: {block_lang} block without a snippet comment")
            continue
        kind, ref = mark
        if kind == "snippet":
            topic, filename = ref.split("/", 1)
            snippet_id = f"{topic}/{filename.split('.', 1)[0]}"
            snip = snippets.get(snippet_id)
            if snip is None:
                problems.append(f"{where}: {ref} is not a snippet")
                continue
            if ref != f"{topic}/{snip.path.name}":
                problems.append(f"{where}: shows {ref}, expected {topic}/{snip.path.name}")
            elif content != comments.source(snip, lang):
                problems.append(f"{where}: differs from {snip.path} ({lang} comments)")
        elif kind == "check":
            snip = snippets.get(ref.removesuffix(".check.py"))
            if snip is None or records.check_path(snip.path) is None:
                problems.append(f"{where}: {ref} is not a snippet's check part")
            elif content != comments.source(snip, lang, check_part=True):
                problems.append(f"{where}: differs from snippets/{ref} ({lang} comments)")
        elif kind == "output":
            recorded = store.load_output(snippets[ref]) if ref in snippets else None
            if recorded is None:
                problems.append(f"{where}: output of {ref} has no recorded .out")
            elif content.rstrip("\n") != recorded.rstrip("\n"):
                problems.append(f"{where}: output differs from snippets/{ref}.out")
    assert not problems, "\n".join(problems)
