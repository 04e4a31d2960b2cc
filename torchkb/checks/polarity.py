"""A translation keeps the Chinese's negations and hedges: a dropped 不 turns "does not
copy" into "copies", a dropped 一些 turns "a bit faster" into "faster".

The check compares the pair, never one side: a text is flagged only when one language
negates (or hedges) and the other does not. A negation rendered by an English antonym
(不连续 -> non-contiguous, 没有 -> without, 避免 -> avoid) is still a negation, and Chinese
words that hold 不 but do not negate (不同 "different", 不断 "continually", 是否
"whether", 能不能 "whether it can") are read as the words they are: 不同 -> "differ" is a
negation on neither side, 不变 -> "unchanged" one on both. Short texts (titles, claims,
comments) are compared whole; bodies paragraph by paragraph (`paragraphs`).
"""

from __future__ import annotations

import re

from torchkb.cjk import HAN

# --- negation ---------------------------------------------------------------------------
# Chinese words built on a negating character that say something else
_ZH_NOT_NEGATION = re.compile(
    r"不同(?!步)|不一样|不断|不过|不管|不论|不少|不仅|不光|不止|不够|不行|差不多|无论|非常|否则"
    r"|是否|能否|(\w)不\1|(\w)没\2"  # A-not-A questions: 能不能, 有没有 ("whether")
)
# negating characters, and verbs of leaving out (去掉 "without", 避免 "avoid")
_ZH_NEGATION = re.compile(
    r"[不没无未非勿缺]|避免|防止|去掉|丢弃|丢掉|滤掉|删除|删掉|排除|卸载|消除|减掉|忽略|停止|越界|独立"
    r"|除了|之外|以外|外(?=[:：])"
)
_EN_NEGATION = re.compile(
    r"(?i)\b(?:not|no|never|none|nothing|nobody|nowhere|neither|nor|without|cannot|unless"
    r"|no longer|rather than|instead of|hardly|barely|scarcely|poorly|filter\w* out"
    r"|avoid\w*|prevent\w*|stop\w*|ignor\w+|refus\w+"
    r"|discourag\w+|mismatch\w*|missing|gone|independent\w*|outside|apart from|out[- ]of[- ]place"
    r"|out[- ]of[- ](?:bounds|range)"
    r"|drop(?:s|ped|ping)?|remov\w+|strip\w*|delet\w+|exclud\w+|left out|leav\w+ out"
    r"|un(?!til\b|der|it|ion|ique|iform|squeeze|fold|pack|bind|roll)\w+|non-?\w+"
    r"|in(?:valid|correct|accurate|compatible|consistent|complete)\w*|im(?:possible|precise)\w*"
    r")\b|n't\b"
)

# --- hedges -----------------------------------------------------------------------------
_ZH_HEDGE = re.compile(
    r"(?<!尽)可能|也许|大概|大约|一些|(?<![同这那某])一点儿?|通常|往往|基本上|左右|似乎|好像"
    r"|(?<![没还])有时|不一定|未必|差不多|几乎|约(?= ?\d)|稍微?|略微|一般(?!化)"
)
_EN_HEDGE = re.compile(
    r"(?i)\b(?:may|might|could|can|possibly|probably|perhaps|likely|usually|generally"
    r"|in general|typically|often|tends?|roughly|about|around|approximately|nearly|almost"
    r"|somewhat|a bit|a little|slightly|fairly|sometimes|not necessarily|not always|need not"
    r"|mostly|basically|largely|seems?|appears?|up to)\b"
)

# what neither side's words are: code, quoted strings, error messages, options, link targets
_NOT_WORDS = re.compile(
    r"`[^`\n]*`|(?<!\w)'[^'\n]*'(?!\w)|‘[^’\n]*’|\]\([^)\s]*\)|https?://\S+|\bNone\b"
    r"|\b[\w.]*(?:Error|Exception|Warning): [^\n`]*|\$[^$\n]+\$"
    r"|\b[A-Za-z_][A-Za-z0-9_.]*\([ -~]*?\)|\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*"
    r"|(?<!\S)--?[a-z][a-z0-9-]*|\b[A-Za-z]+ key\(s\)"
)


def _words(text: str) -> str:
    return _NOT_WORDS.sub(" ", text)


def negations(text: str, lang: str) -> list[str]:
    """The negating words of `text` in `lang` ("zh" or "en")."""
    text = _words(text)
    found = _EN_NEGATION.findall(text)  # a Chinese text quotes English too
    if lang == "zh":
        found += _ZH_NEGATION.findall(_ZH_NOT_NEGATION.sub(" ", text))
    return found


def hedges(text: str, lang: str) -> list[str]:
    """The hedging words of `text` in `lang`."""
    return (_ZH_HEDGE if lang == "zh" else _EN_HEDGE).findall(_words(text))


def compare(zh: str, en: str) -> list[str]:
    """What one side says and the other lost: "negation" when only one side negates,
    "hedge" when the Chinese hedges and the English does not (an English hedge may
    render a Chinese modal, 可以 -> can, so only the Chinese side is asked). A "Chinese"
    text without Han characters is a quotation of English, kept as it is."""
    found: list[str] = []
    if not HAN.search(zh):
        return found
    zh_neg, en_neg = negations(zh, "zh"), negations(en, "en")
    if bool(zh_neg) != bool(en_neg):
        side = f"zh {sorted(set(zh_neg))}" if zh_neg else f"en {sorted(set(en_neg))}"
        found.append(f"negation only in {side}")
    if (zh_hedge := hedges(zh, "zh")) and not hedges(en, "en"):
        found.append(f"hedge lost in en: zh {sorted(set(zh_hedge))}")
    return found


_DIRECTIVE_OR_BLOCK = re.compile(r"^\s*(?:@\w|!!!|\?\?\?|```|~~~|\|)")


def paragraphs(body: str) -> list[str]:
    """A body's prose paragraphs, in order: blank-line separated, without directive
    lines, editor block titles, code blocks and tables (compared elsewhere)."""
    out, fence = [], False
    for block in re.split(r"\n\s*\n", body):
        lines = []
        for line in block.splitlines():
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
                continue
            if fence or _DIRECTIVE_OR_BLOCK.match(line):
                continue
            lines.append(line.strip())
        if text := " ".join(lines).strip():
            out.append(text)
    return out
