"""The English says what the Chinese says: same numbers, inline code, code names, quoted
errors and code blocks in each section's en body as in its zh body, and the same
negations and hedges paragraph by paragraph (torchkb.checks.polarity).

A translation may reword everything else, but a number changed (2MB -> 4MB), a code name
dropped or an error message edited in one language only is a defect the reader of the other
language cannot see. Prose numbers written as Chinese numerals (两种) have no digits, so
they are outside this check by design.
"""

import re
from collections import Counter
from pathlib import Path

from torchkb.checks import polarity
from torchkb.checks.findings import finding
from torchkb.errors import Problem
from torchkb.sources import comments, error_notes
from torchkb.sources.canonical import DIRECTIVE
from torchkb.sources.project import Project

_FENCED = re.compile(r"^(\s*)(`{3,}|~{3,})[^\n]*\n(.*?)^\1\2\s*$", re.M | re.S)
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)|<https?://[^>\s]*>|https?://\S+")
_MATH = re.compile(r"\$[^$\n]+\$")
# a number in prose, units and names around it allowed: 2MB, 0.5, 1e-6, cuda10.1, 36,928
# (thousands separators are layout)
_NUMBER = re.compile(r"(?a)(?<![\d.])(\d+(?:,\d{3})*(?:\.\d+)?(?:e-?\d+)?)(?![\d])")
# a code name in prose: dotted (torch.cuda.synchronize), snake_case, or a call (backward())
_CODE_NAME = re.compile(r"(?a)\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?|\b[a-z]+_\w+|\b\w+\(\)")
_NOT_CODE = {"e.g", "i.e"}
_QUOTED_ERROR = re.compile(r"\b(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning): [^\n`]+")
_EDITOR_TITLE = re.compile(r'^\s*(?:!!!|\?\?\?\+?) editor(?: "[^"]*")?\s*$', re.M)


def _without_markup(body: str) -> str:
    body = DIRECTIVE.sub("", body)
    body = _EDITOR_TITLE.sub("", body)
    return _LINK_TARGET.sub("]", body)


def facts(body: str) -> dict[str, set[str] | Counter]:
    """What must survive translation. Code blocks and numbers must match one for one; names,
    errors and formulas as sets, since a translation may mention a name once more or less."""
    body = re.sub(r"# 编者[:：] ?", "# Editor: ", _without_markup(body))
    blocks = [m.group(3).strip("\n") for m in _FENCED.finditer(body)]
    prose = _FENCED.sub("", body)
    # backslash escapes (\_) are Markdown, not text
    text = _MATH.sub(" ", prose).replace("`", " ").replace("\\", "")
    # compare a block's lines without their indentation (editor blocks indent them)
    blocks = ["\n".join(line.strip() for line in b.splitlines()) for b in blocks]
    return {
        "code blocks": Counter(blocks),
        "numbers": Counter(n.replace(",", "") for n in _NUMBER.findall(text)),
        "code names": set(_CODE_NAME.findall(text)) - _NOT_CODE,
        "quoted errors": {
            e.group(0).strip().rstrip("。.）)") for e in _QUOTED_ERROR.finditer(prose)
        },
        "formulas": {m.replace(" ", "") for m in _MATH.findall(prose)},
    }


def _problem(
    path: Path, line: int, section: str, kind: str, zh_only: list[str], en_only: list[str]
) -> Problem:
    """What of `kind` (numbers, code names, a paragraph's negation) only one language of a
    section's body has: `about` is the section's id."""
    message = f"{section}: {kind} differ between zh and en: zh only {zh_only}, en only {en_only}"
    return Problem(path, line, message, kind=kind, about=section)


def polarity_problems(path: Path, line: int, section: str, zh: str, en: str) -> list[Problem]:
    """Paragraph by paragraph, a negation or hedge one language has and the other lost;
    bodies whose paragraphs do not pair up one for one are reported as such."""
    zh_paras, en_paras = polarity.paragraphs(zh), polarity.paragraphs(en)
    if len(zh_paras) != len(en_paras):
        return [
            _problem(
                path,
                line,
                section,
                "paragraphs",
                [f"{len(zh_paras)} paragraphs"],
                [f"{len(en_paras)} paragraphs"],
            )
        ]
    problems = []
    for number, (zh_para, en_para) in enumerate(zip(zh_paras, en_paras, strict=True), 1):
        for lost in polarity.compare(zh_para, en_para):
            problems.append(
                _problem(path, line, section, f"paragraph {number}: {lost}", [zh_para], [en_para])
            )
    return problems


def check(project: Project) -> list[Problem]:
    problems = []
    for topic in project.topics:
        for section in topic.sections:
            if "en" not in section.text:
                continue  # missing translations are the translation report's business
            problems += polarity_problems(
                section.path,
                section.line,
                section.id,
                section.text["zh"]["body"],
                section.text["en"]["body"],
            )
            zh, en = facts(section.text["zh"]["body"]), facts(section.text["en"]["body"])
            for kind in zh:
                if zh[kind] != en[kind]:
                    zh_only, en_only = zh[kind] - en[kind], en[kind] - zh[kind]
                    if isinstance(zh_only, Counter):
                        zh_only, en_only = zh_only.elements(), en_only.elements()
                    problems.append(
                        _problem(
                            section.path,
                            section.line,
                            section.id,
                            kind,
                            sorted(zh_only),
                            sorted(en_only),
                        )
                    )
    return problems


def text_facts(text: str) -> dict[str, object]:
    """What a short translated text (not a body) must keep: its numbers and code names."""
    text = text.replace("`", " ")
    return {
        "numbers": Counter(n.replace(",", "") for n in _NUMBER.findall(text)),
        "code names": {
            n.removesuffix("()").split(".")[-1] for n in set(_CODE_NAME.findall(text)) - _NOT_CODE
        },
    }


# small numbers an English sentence says in words ("sample 0" -> "the first sample")
_NUMBER_WORDS = {
    "0": r"zero|none|no\b|first",
    "1": r"one|ones|single|first|an?\b",
    "2": r"two|twice|second|both",
    "3": r"three|third",
    "4": r"four|fourth",
}


def compare_texts(zh: str, en: str, path: Path, line: int | None, where: str) -> list[Problem]:
    """What the Chinese says that the English lost: a code name, a number (the English may
    add one, or spell a Chinese numeral in digits: 三维 -> 3D), a negation or a hedge (or a
    negation the English added)."""
    out = [finding(path, line, where, lost) for lost in polarity.compare(zh, en)]
    a, b = text_facts(zh), text_facts(en)
    if lost := a["code names"] - b["code names"]:
        out.append(finding(path, line, where, f"code names missing in en: {sorted(lost)}"))
    # 万 and 亿 (10^4, 10^8) become M and B in English: other digits, same quantity
    if not re.search(r"[万亿]", zh):
        missing = a["numbers"] - b["numbers"]
        lost = [
            n
            for n in missing.elements()
            if not re.search(rf"(?i)\b(?:{_NUMBER_WORDS.get(n, '$^')})", en)
        ]
        if lost:
            out.append(finding(path, line, where, f"numbers missing in en: {sorted(lost)}"))
    return out


def check_texts(project: Project) -> list[Problem]:
    """Titles, summaries, claims and their explanations, snippet titles, comments."""
    problems: list[Problem] = []
    for topic in project.topics:
        for field in ("title", "summary"):
            pair = getattr(topic, field)
            if pair.get("zh") and pair.get("en"):
                problems += compare_texts(
                    pair["zh"], pair["en"], topic.path, None, f"{topic.id}.{field}"
                )
        for section in topic.sections:
            if "en" in section.text:
                problems += compare_texts(
                    section.text["zh"]["title"],
                    section.text["en"]["title"],
                    section.path,
                    section.line,
                    f"{section.id}.title",
                )
    errors_path, entries = error_notes.load(project.notes)
    for entry in entries:
        for field in ("cause", "fix"):
            pair = getattr(entry, field)
            where = f"{entry.snippet or entry.quoted}.{field}"
            problems += compare_texts(pair.zh, pair.en, errors_path, entry.yaml_line, where)
    for claim in project.claims:
        for field in ("claim", "explanation"):
            pair = getattr(claim, field)
            if pair is not None and pair.get("zh") and pair.get("en"):
                where = f"{claim.id}.{field}"
                problems += compare_texts(pair.zh, pair.en, claim.path, claim.yaml_line, where)
    for snip in project.snippets.values():
        title = snip.meta.title
        if title is not None and title.get("zh") and title.get("en"):
            problems += compare_texts(
                title.zh,
                title.en,
                snip.path.parent / "snippets.yml",
                None,
                f"{snip.path.name} title",
            )
    seen: set[Path] = set()
    for snip in project.snippets.values():
        folder = snip.path.parent
        if folder in seen:
            continue
        seen.add(folder)
        cmap = comments.load_map(folder)
        for zh, en in cmap.english.items():
            problems += compare_texts(zh, en, cmap.path, cmap.lines.get(zh), "comment")
    return problems
