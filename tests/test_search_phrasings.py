"""notes/search/phrasings/: how readers ask for each section, written from the sections
(the editor's hidden words of the index, never a query of a test set)."""

import re
from pathlib import Path

import pytest
from search_harness import load_queries

from torchkb.errors import SourceError
from torchkb.search.index import (
    DEFAULT_TUNING,
    PHRASINGS_DIR,
    build_index,
    load_phrasings,
)
from torchkb.sources.project import Project

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Project(ROOT).search_dir / PHRASINGS_DIR
_HAN = re.compile(r"[\u3400-\u9fff]")
_ANCHOR = re.compile(r"\{#([a-z0-9][a-z0-9-]*)\}")


def _squash(text: str) -> str:
    return re.sub(r"[\s?？。.,，!！]+", " ", text.lower()).strip()


def test_bad_line_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "gpu.tsv").write_text(
        "# c\ngpu-memory\tzh\t显存都被啥占了\ngpu-memory zh 显卡\n", encoding="utf-8"
    )
    with pytest.raises(SourceError, match=r"gpu.tsv:3: expected"):
        load_phrasings(tmp_path)
    (tmp_path / "gpu.tsv").write_text("gpu-memory\tfr\tmémoire\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"gpu.tsv:1: expected"):
        load_phrasings(tmp_path)


def test_every_phrasing_names_a_section_in_its_language() -> None:
    """Each anchor is a heading of that language's pages (a renamed heading leaves its
    phrasings behind: this names them), and a phrasing is in its section's language."""
    phrasings = load_phrasings(FOLDER)
    assert set(phrasings) == {"zh", "en"}
    for lang, by_anchor in phrasings.items():
        anchors = {
            a
            for page in (ROOT / "docs" / lang).glob("*.md")
            for a in _ANCHOR.findall(page.read_text("utf-8"))
        }
        assert len(by_anchor) >= 100, "phrasings for most sections"
        unknown = sorted(set(by_anchor) - anchors)
        assert not unknown, f"{lang}: no heading has these anchors: {unknown[:5]}"
        for anchor, texts in by_anchor.items():
            for text in texts:
                assert bool(_HAN.search(text)) == (lang == "zh"), (
                    f"{anchor}: {text!r} is not {lang}"
                )
            assert len(set(texts)) == len(texts), f"{anchor}: a phrasing twice"


def test_no_phrasing_is_a_query_of_a_test_set() -> None:
    """Phrasings are written from the sections: one that is a query of a test set would
    measure itself."""
    queries = {
        _squash(q.text)
        for path in Path(__file__).parent.glob("search_queries*.tsv")
        for q in load_queries(path)
    }
    phrasings = load_phrasings(FOLDER)
    copied = [
        (anchor, text)
        for by_anchor in phrasings.values()
        for anchor, texts in by_anchor.items()
        for text in texts
        if _squash(text) in queries
    ]
    assert not copied, copied


def test_a_phrasing_is_a_hidden_word_of_its_section() -> None:
    """A word only a section's phrasings hold finds that section, at phrasing_weight, and
    adds nothing to its length; the control: without the phrasings no section has it."""
    docs = [
        {"location": "gpu/#memory", "title": "显存占用", "text": "显存 占用 的 组成"},
        {"location": "gpu/#timing", "title": "计时", "text": "同步 之后 再 计时"},
    ]
    plain = build_index(docs)
    assert "显卡" not in plain["terms"]
    asked = build_index([{**docs[0], "phrasings": ["显卡内存被啥占了", "显卡显存"]}, docs[1]])
    sections, tfs = asked["terms"]["显卡"]
    assert sections == [0] and tfs == [DEFAULT_TUNING.phrasing_weight]
    assert asked["docs"][0]["n"] == plain["docs"][0]["n"]
    # no page uses it (the worker's fallbacks for such words still apply); a page's word is
    # not listed
    assert "显卡" in asked["hidden"] and "显存" not in asked["hidden"] and not plain["hidden"]
