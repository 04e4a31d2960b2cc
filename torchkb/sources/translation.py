"""Translation bookkeeping: which English sections are missing or stale, and stamping.

A section's English records `source_hash`, the hash of the Chinese title and body it was
translated from. After an import a section has no English (`missing`); after an edit of
the Chinese its English is `stale`. Both still build: `english_view()` gives the English
pages the Chinese text (missing) or the old English (stale), and the page shows a banner
saying which. `report()` lists what needs work; `stamp()` records the current hash once a
person has checked the English.
"""

import re
from dataclasses import replace
from pathlib import Path

from torchkb.errors import Problem, SourceError
from torchkb.sources import comments
from torchkb.sources.canonical import (
    MISSING,
    STALE,
    Topic,
    load_topic,
    load_yaml,
    section_hash,
    state,
)
from torchkb.sources.project import Project


def english_view(topics: list[Topic]) -> list[Topic]:
    """The topics as the English pages show them: every section has an `en` text (the
    Chinese one where there is no English yet) and `translation` says which need work."""
    out = []
    for topic in topics:
        sections = []
        for s in topic.sections:
            status = state(s)
            text = s.text if status != MISSING else {**s.text, "en": s.text["zh"]}
            sections.append(replace(s, text=text, translation=status))
        title = {"en": topic.title["zh"], **topic.title}
        out.append(replace(topic, title=title, sections=sections))
    return out


def _problem(path: Path, line: int | None, what: str, problem: str, kind: str) -> Problem:
    """What the English of `what` (a section id, a snippet's file name, a Chinese comment)
    still needs; `kind` is missing | stale | directives | snippet-title | snippet-comment."""
    return Problem(path, line, f"{what}: {problem}", kind=kind, about=what)


def problems(project: Project) -> list[Problem]:
    """Sections whose English is missing, stale or has other directives than the Chinese,
    snippets whose title has no English, and snippet comments without English."""
    root = project.root
    found = []
    for topic in project.topics:
        for section in topic.sections:
            path = section.path.relative_to(root)
            status = state(section)
            if status == MISSING:
                found.append(
                    _problem(path, section.line, section.id, "no English translation", MISSING)
                )
            elif status == STALE:
                found.append(
                    _problem(
                        path,
                        section.line,
                        section.id,
                        "Chinese changed after the English was written (stale)",
                        STALE,
                    )
                )
            elif section.directives("en") != section.directives("zh"):
                found.append(
                    _problem(
                        path,
                        section.line,
                        section.id,
                        "English and Chinese differ in @snippet/@claim lines",
                        "directives",
                    )
                )
    for gap in comments.problems(list(project.snippets.values()), project.snippets_dir):
        if gap.text:  # an untranslated comment: the others stop the build
            found.append(_problem(gap.path, gap.line, gap.text, gap.message, "snippet-comment"))
    for snip in project.snippets.values():
        title = snip.meta.title
        if title and title.zh and not title.en:
            meta = snip.path.parent / "snippets.yml"
            found.append(
                _problem(
                    meta.relative_to(root),
                    _entry_line(meta, snip.path.name),
                    snip.path.name,
                    "snippet title has no English",
                    "snippet-title",
                )
            )
    return found


def report(project: Project) -> list[str]:
    """One line per thing the English still needs (see `problems`)."""
    return [str(p) for p in problems(project)]


def _entry_line(meta: Path, name: str) -> int:
    data = load_yaml(meta)
    return data.key_lines.get(name, 1) if isinstance(data, dict) else 1


_KEY = re.compile(r"^(\s*)(source_hash)\s*:.*$")


def stamp(project: Project, section_ids: list[str]) -> list[str]:
    """Write the current `source_hash` into the English of each section (the file's other
    lines, comments included, stay as they are). One line per stamped section."""
    root = project.root
    sections = {s.id: s for t in project.topics for s in t.sections}
    unknown = [sid for sid in section_ids if sid not in sections]
    if unknown:
        raise SourceError(project.topics_dir, None, f"no section with id {', '.join(unknown)}")
    done = []
    for sid in section_ids:
        section = sections[sid]
        if "en" not in section.text:
            raise SourceError(
                section.path,
                section.line,
                f"{sid}: has no English to stamp; add `en:` with title and body first",
            )
        digest = section_hash(section.text["zh"])
        lines = section.path.read_text(encoding="utf-8").splitlines(keepends=True)
        at, indent = _english_block(section.path, sid)
        end = at
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= len(indent)):
            end += 1
        hit = next(
            (
                n
                for n in range(at, end)
                if _indent(lines[n]) == len(indent) and _KEY.match(lines[n].rstrip("\n"))
            ),
            None,
        )
        # quoted: a hash of digits only would read back as a number
        new = (
            f'{indent}source_hash: "{digest}"\n'
            if digest.isdigit()
            else (f"{indent}source_hash: {digest}\n")
        )
        if hit is None:
            lines.insert(at, new)
        else:
            lines[hit] = new
        path = section.path
        tmp = path.with_name(f".{path.name}.stamping")
        tmp.write_text("".join(lines), encoding="utf-8")
        check = {s.id: s for s in _load_one(tmp, path).sections}[sid]
        if check.text["en"].get("source_hash") != digest or check.text != {
            **section.text,
            "en": {**section.text["en"], "source_hash": digest},
        }:
            tmp.unlink()
            raise SourceError(
                path,
                section.line,
                f"{sid}: could not stamp the English "
                "(write `en:` as a block mapping, one key per line)",
            )
        tmp.replace(path)
        done.append(f"{path.relative_to(root)}:{section.line}: {sid}: source_hash {digest}")
    return done


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _english_block(path: Path, sid: str) -> tuple[int, str]:
    """0-based index of the first key line inside the section's `en:` block mapping, and
    that block's indentation."""
    data = load_yaml(path)
    for raw in (data.get("sections") or []) if isinstance(data, dict) else []:
        if isinstance(raw, dict) and raw.get("id") == sid and isinstance(raw.get("en"), dict):
            first = raw["en"].line - 1
            line = path.read_text(encoding="utf-8").splitlines()[first]
            if line.lstrip().startswith("en:") or not re.match(r"\s*\w+\s*:", line):
                break  # a flow mapping: `en: {title: ...}`
            return first, " " * _indent(line)
    raise SourceError(path, None, f"{sid}: write `en:` as a block mapping to stamp it")


def _load_one(tmp: Path, real: Path) -> Topic:
    try:
        return load_topic(tmp)
    except SourceError as err:
        tmp.unlink()
        raise SourceError(real, err.line, err.problem) from None
