"""The site's own words live in one file per language (torchkb/sources/ui/<lang>.yml)."""

import re
from pathlib import Path

import material

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


# -- what theme/ overrides of Material's templates (its documented blocks and partials) -------

MATERIAL_TEMPLATES = Path(material.__file__).parent / "templates"
THEME = torchkb.ROOT / "theme"


def config_block_keys(template: str) -> tuple[list[str], list[str]]:
    """The keys of the application config a template's `config` block writes, and of its
    translations."""
    block = template.split("{% block config %}", 1)[1].split("{% endblock %}", 1)[0]
    translations = block.split('"translations": {', 1)[1].split("}", 1)[0]
    keys = re.findall(r'^\s*"([\w.]+)":', block.replace(translations, ""), re.M)
    return keys, re.findall(r'"([\w.]+)":', translations)


def test_the_config_block_writes_materials_keys_with_our_worker() -> None:
    """theme/main.html's `config` block writes what Material's own does (the same keys, the
    same translations), the search worker being ours: a Material release that adds a key
    fails here rather than in a reader's browser."""
    ours = (THEME / "main.html").read_text(encoding="utf-8")
    material_base = (MATERIAL_TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert config_block_keys(ours) == config_block_keys(material_base)
    assert (
        "kb-search-worker.js" in ours.split("{% block config %}", 1)[1].split("{% endblock %}")[0]
    )
    # and nothing rewrites Material's config in the page any more
    assert "__config" not in ours.split("{% block scripts %}", 1)[1]


def test_the_search_partial_is_materials_with_a_dialog_name() -> None:
    """theme/partials/search.html is Material's partial, line for line, but for the search
    dialog's aria-label."""
    ours = (THEME / "partials" / "search.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    theirs = (MATERIAL_TEMPLATES / "partials" / "search.html").read_text(encoding="utf-8")
    theirs = theirs.split("-#}\n", 1)[1]
    assert len(ours.splitlines()) == len(theirs.splitlines())
    pairs = zip(ours.splitlines(), theirs.splitlines(), strict=True)
    changed = [(a, b) for a, b in pairs if a != b]
    assert changed == [
        (
            '<div class="md-search" data-md-component="search" role="dialog"'
            " aria-label=\"{{ lang.t('search') }}\">",
            '<div class="md-search" data-md-component="search" role="dialog">',
        )
    ]
