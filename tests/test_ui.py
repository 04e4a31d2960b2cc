"""The site's own words live in one file per language (torchkb/sources/ui/<lang>.yml)."""

import re
from pathlib import Path

import torchkb
from torchkb.sources.ui import ONLY_EN, strings


def keys(lang: str) -> set[str]:
    return {f"{group}.{key}" for group, texts in strings(lang).items() for key in texts}


def test_both_languages_have_the_same_keys() -> None:
    zh, en = keys("zh"), keys("en")
    only_en = {k for k in en if k.split(".")[0] in ONLY_EN}
    assert only_en, "en.yml has the banners over untranslated sections"
    assert not zh - en, f"only in zh.yml: {sorted(zh - en)}"
    assert not en - only_en - zh, f"only in en.yml: {sorted(en - only_en - zh)}"


def test_placeholders_match_between_languages() -> None:
    """A text's {placeholders} are filled by the code: both languages name the same."""

    def fields(text: str) -> set[str]:
        return set(re.findall(r"\{(\w*)\}", text))

    zh, en = strings("zh"), strings("en")
    for group, texts in zh.items():
        for key, text in texts.items():
            assert fields(text) == fields(en[group][key]), f"{group}.{key}"


def test_claim_labels_name_every_label() -> None:
    from torchkb.render.claims import LABELS

    for lang in torchkb.LANGS:
        assert tuple(strings(lang)["claim"]) == LABELS


def test_no_ui_tables_left_in_the_code() -> None:
    """UI strings are not kept in Python as well (render.UI, notebooks.UI, ...)."""
    for path in sorted(Path(torchkb.__file__).parent.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r'^\w+ = \{\s*\n\s*"zh": \{', text, re.M), path.name
