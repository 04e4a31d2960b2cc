"""The ids of a topic's headings: a section's `##` takes the section id, its `###` headings
ids made from the English title; the same ids in both languages, on the topic page and in
its notebook, so the language switch keeps the reader's place."""

import re
from collections.abc import Iterator

from torchkb.sources.canonical import Section

_FENCE = re.compile(r"(`{3,}|~{3,})")
# a body's `###` heading, or one in an editor's note (indented under `!!! editor`)
_SUBHEADING = re.compile(r"^(?: {4})?###\s+\S")


def with_heading_ids(lines: tuple[str, ...], ids: Iterator[str]) -> list[str]:
    """The lines, each `###` heading outside code fences given the next of `ids`."""
    out, fence = [], ""
    for line in lines:
        marker = _FENCE.match(line.strip())
        if marker and (not fence or marker.group(1).startswith(fence)):
            fence = "" if fence else marker.group(1)
        if not fence and _SUBHEADING.match(line) and "{#" not in line:
            line = f"{line.rstrip()} {{#{next(ids)}}}"
        out.append(line)
    return out


def subheadings(body: str) -> list[str]:
    """The `###` heading texts of a body, outside code fences."""
    found, fence = [], ""
    for line in body.splitlines():
        marker = _FENCE.match(line.strip())
        if marker and (not fence or marker.group(1).startswith(fence)):
            fence = "" if fence else marker.group(1)
        elif not fence and _SUBHEADING.match(line):
            found.append(line.strip().lstrip("#").strip())
    return found


def subheading_ids(section: Section, lang: str) -> list[str]:
    """Ids of a section's `###` headings, the same in both languages (the language
    switch keeps the reader's place): the English heading's slug, prefixed with the
    section id; by position when the two languages' headings differ in number."""
    titles = {code: subheadings(text["body"]) for code, text in section.text.items()}
    en, own = titles.get("en", []), titles[lang]
    if len(en) != len(own):
        return [f"{section.id}-{n}" for n in range(1, len(own) + 1)]
    ids, used = [], set()
    for n, title in enumerate(en, 1):
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or str(n)
        new = f"{section.id}--{slug}"
        ids.append(new if new not in used else f"{new}-{n}")
        used.add(ids[-1])
    return ids
