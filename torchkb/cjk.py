"""Chinese text's character classes, defined once: what counts as a Han character, and as
CJK punctuation, for every stage (the rawnotes parser, the checks, the renderers, the
comment translator and the search index).

The `*_CHARS` strings are the bodies of a `[...]` class, for patterns that need them
inside a larger class (`[^...]`, `[...]+`); the compiled patterns match one character.
"""

import re

# CJK Unified Ideographs Extension A, CJK Unified Ideographs, CJK Compatibility Ideographs
HAN_CHARS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# CJK Symbols and Punctuation (、。「」…), Halfwidth and Fullwidth Forms (，：（）…)
CJK_PUNCT_CHARS = "\u3000-\u303f\uff00-\uffef"
# What the search worker (theme/.../kb-search-worker.js: `HAN`) splits a query's Chinese
# runs on: the index must cut its text at the same characters, so it keeps the worker's
# range (Extension A through the Unified Ideographs, no Compatibility Ideographs) until
# both change together.
SEARCH_HAN_CHARS = "\u3400-\u9fff"

HAN = re.compile(f"[{HAN_CHARS}]")
# Chinese text a translation must replace: a Han character or CJK punctuation (a lone
# "：" still needs English)
CHINESE = re.compile(f"[{HAN_CHARS}{CJK_PUNCT_CHARS}]")
