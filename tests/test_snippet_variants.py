"""An English-comment variant (`name.en.py`) differs from its snippet in comments only, so
one run verifies both languages' code."""

import io
import tokenize

import pytest

import torchkb
from torchkb import snippets as store

PAIRS = [s for s in store.load_all(torchkb.ROOT / "snippets") if s.en_path is not None]
IGNORED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
           tokenize.ENCODING, tokenize.ENDMARKER}


def code_tokens(text: str) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return [tok.string for tok in tokens if tok.type not in IGNORED]


def shell_code(text: str) -> list[str]:
    """Shell lines without comments (a `#` that starts a word starts a comment)."""
    lines = []
    for line in text.splitlines():
        kept = " ".join(w for w in line.split(" #", 1)[0].split())
        if kept and not kept.startswith("#"):
            lines.append(kept)
    return lines


def test_there_are_english_variants() -> None:
    assert len(PAIRS) > 50


@pytest.mark.parametrize("snip", PAIRS, ids=lambda s: s.id)
def test_variant_differs_in_comments_only(snip: store.Snippet) -> None:
    zh = snip.path.read_text(encoding="utf-8")
    en = snip.en_path.read_text(encoding="utf-8")
    if snip.kind == "python":
        assert code_tokens(en) == code_tokens(zh), f"{snip.en_path.name}: code differs"
    else:
        assert shell_code(en) == shell_code(zh), f"{snip.en_path.name}: commands differ"
    for line in en.splitlines():
        comment = line.split("#", 1)[1] if "#" in line else ""
        han = sum("\u4e00" <= c <= "\u9fff" for c in comment)
        latin = sum(c.isascii() and c.isalpha() for c in comment)
        # a Chinese name with its romanisation is fine; an untranslated comment is not
        assert han <= latin, f"{snip.en_path.name}: untranslated comment: {line.strip()}"
