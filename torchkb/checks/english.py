"""The English reads as one English: American spelling, as the PyTorch docs write it
(serialize, optimize, synchronization, behavior), and one rendering for each recurring
Chinese phrase (摘录自 is always "Excerpted from").

Spelling is checked in the English the site writes: en titles, summaries and bodies,
claims and their explanations, snippet titles, comment translations, the error index's
causes and fixes and the site's own English strings. English the author quoted (a forum
post pasted into a note: "serialised with pickle") stays as written: a line of an en body
that is also in its zh body is a quotation, not a translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from torchkb.checks.findings import finding
from torchkb.errors import Problem
from torchkb.sources import comments, error_notes
from torchkb.sources.project import Project
from torchkb.sources.ui import strings

# -ise/-isation stems whose American spelling is -ize/-ization
_ISE_STEMS = (
    "initiali|normali|regulari|summari|organi|recogni|visuali|seriali|deseriali|synchroni"
    "|optimi|generali|quanti|randomi|derandomi|minimi|maximi|utili|speciali|standardi"
    "|characteri|categori|customi|parameteri|vectori|tokeni|memori|authori|finali|reali"
    "|penali|emphasi|materiali|apologi|priori|stabili"
)
_ISE = re.compile(rf"(?i)\b((?:re|de|un|pre)?(?:{_ISE_STEMS}))s(e|es|ed|ing|ation|ations|er|ers)\b")
_YSE = re.compile(r"(?i)\b(anal|paral)ys(e|es|ed|ing)\b")
_OUR = re.compile(
    r"(?i)\b(behavi|col|fav|hon|lab|neighb|harb|rum|hum|vap)our(s|ed|ing|ite|able|hood)?\b"
)
_RE = re.compile(r"(?i)\b(cent|met|lit|fib|theat)re(s|d)?\b")
_LL = re.compile(r"(?i)\b(model|label|travel|cancel|signal|channel)l(ed|ing)\b")
_WORDS = {
    "whilst": "while",
    "amongst": "among",
    "learnt": "learned",
    "spelt": "spelled",
    "programme": "program",
    "catalogue": "catalog",
    "grey": "gray",
    "defence": "defense",
    "licence": "license",
}
_WORD = re.compile(rf"(?i)\b({'|'.join(_WORDS)})\b")


def british(text: str) -> list[tuple[str, str]]:
    """(British spelling, its American form) for each one in `text`."""
    found = [(m.group(0), f"{m.group(1)}z{m.group(2)}") for m in _ISE.finditer(text)]
    found += [(m.group(0), f"{m.group(1)}yz{m.group(2)}") for m in _YSE.finditer(text)]
    found += [(m.group(0), f"{m.group(1)}or{m.group(2) or ''}") for m in _OUR.finditer(text)]
    found += [(m.group(0), f"{m.group(1)}er{m.group(2) or ''}") for m in _RE.finditer(text)]
    found += [(m.group(0), f"{m.group(1)}{m.group(2)}") for m in _LL.finditer(text)]
    found += [(m.group(0), _WORDS[m.group(1).lower()]) for m in _WORD.finditer(text)]
    return found


# recurring Chinese phrases and the one English rendering each has: (where, zh, en, shown)
PHRASES: tuple[tuple[str, re.Pattern[str], re.Pattern[str], str], ...] = (
    ("body", re.compile("摘录自"), re.compile(r"(?i)\bexcerpted from\b"), "Excerpted from"),
    ("body", re.compile("转载自"), re.compile(r"(?i)\breposted from\b"), "Reposted from"),
    (
        "body",
        re.compile(r"\[原文(?:链接)?\]|原文："),
        re.compile(r"(?i)\boriginal post\b"),
        "Original post",
    ),
    ("body", re.compile("参见|详见"), re.compile(r"(?i)\bsee\b"), "See"),
    (
        "body",
        re.compile("另一(?:篇|个)博客"),
        re.compile(r"(?i)\banother post of mine\b"),
        "another post of mine",
    ),
    (
        "comment",
        re.compile("本站据此标注核查结果"),
        re.compile(r"\bthe site labels the claims? from this\b"),
        "the site labels the claim from this",
    ),
    ("comment", re.compile(r"^对照"), re.compile(r"(?i)^(?:the |for the )?control\b"), "control"),
)


def phrase_findings(zh: str, en: str, kind: str) -> list[str]:
    """Each recurring phrase `zh` holds more often than `en` holds its one rendering."""
    return [
        f"{zh_pat.pattern} is always {shown!r} in English ({len(zh_pat.findall(zh))} in zh, "
        f"{len(pattern.findall(en))} in en)"
        for where, zh_pat, pattern, shown in PHRASES
        if where == kind and len(zh_pat.findall(zh)) > len(pattern.findall(en))
    ]


def translated_lines(zh: str, en: str) -> str:
    """The lines of `en` that translate: those that are not also lines of `zh` (quoted)."""
    quoted = {line.strip() for line in zh.splitlines() if line.strip()}
    return "\n".join(line for line in en.splitlines() if line.strip() not in quoted)


def english_texts(project: Project) -> Iterator[tuple[Path, int | None, str, str, str]]:
    """(file, line, where, Chinese, English) of every English text the site writes; the
    Chinese is "" where there is none (the site's own strings)."""
    for topic in project.topics:
        for field in ("title", "summary"):
            pair = getattr(topic, field)
            yield topic.path, None, f"{topic.id}.{field}", pair["zh"], pair["en"]
        for section in topic.sections:
            if "en" not in section.text:
                continue
            zh, en = section.text["zh"], section.text["en"]
            yield section.path, section.line, f"{section.id}.title", zh["title"], en["title"]
            yield section.path, section.line, f"{section.id}.body", zh["body"], en["body"]
    for claim in project.claims:
        for field in ("claim", "explanation"):
            if (pair := getattr(claim, field)) is not None:
                yield claim.path, claim.yaml_line, f"{claim.id}.{field}", pair.zh, pair.en
    for snip in project.snippets.values():
        if (title := snip.meta.title) is not None and title.get("en"):
            yield snip.path.parent / "snippets.yml", None, f"{snip.id} title", title.zh, title.en
    for folder in sorted({s.path.parent for s in project.snippets.values()}):
        cmap = comments.load_map(folder)
        for zh, en in cmap.english.items():
            yield cmap.path, cmap.lines.get(zh), "comment", zh, en
    errors_path, entries = error_notes.load(project.notes)
    for entry in entries:
        for field in ("cause", "fix"):
            pair = getattr(entry, field)
            where = f"{entry.snippet or entry.quoted}.{field}"
            yield errors_path, entry.yaml_line, where, pair.zh, pair.en
    ui = project.root / "torchkb" / "sources" / "ui" / "en.yml"
    for group, texts in strings("en").items():
        for key, text in texts.items():
            yield ui, None, f"{group}.{key}", "", text


def check(project: Project) -> list[Problem]:
    """British spellings in the English the site writes, and recurring phrases rendered
    otherwise than their one English."""
    problems = []
    for path, line, where, zh, en in english_texts(project):
        own = translated_lines(zh, en)
        for word, american in british(own):
            problems.append(finding(path, line, where, f"{word!r} is British: write {american!r}"))
        kind = "comment" if where == "comment" else "body"
        for lost in phrase_findings(zh, en, kind):
            problems.append(finding(path, line, where, lost))
    return problems
