"""The site's own words (UI strings), one file per language: torchkb/sources/ui/<lang>.yml.

Groups: `page` (torchkb/render/pages.py), `claim` (a claim's label), `notebook`, `errors` (the
error index) and, in en.yml only, `translation` (the banners over a section whose English
is missing or stale: a Chinese page always has its Chinese). Every other key is in both
files (tests/test_ui.py). Loaded once per process.
"""

import functools
from pathlib import Path

import yaml

from torchkb.errors import SourceError

ONLY_EN = ("translation",)  # groups shown on English pages only


@functools.cache
def strings(lang: str) -> dict[str, dict[str, str]]:
    """{group: {key: text}} of `lang`; a value that is not text -> SourceError."""
    path = Path(__file__).with_name(f"{lang}.yml")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader where built
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506
    for group, texts in data.items():
        for key, text in (texts or {}).items():
            if not isinstance(text, str):
                raise SourceError(path, None, f"{group}.{key}: expected text, got {text!r}")
    return data
