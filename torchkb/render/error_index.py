"""The error-message index: each error a page shows, as a reader meets it.

An entry gives the real message (the recorded run of the snippet that raises it, or, for
an error no run here has produced yet, the words a section quotes), the editor's cause
and fix (notes/errors.yml, in an editor's block), where it ran (the current record, never
typed) and links to the snippet and to the section that explains it.

notes/errors.yml and the pages must agree: an error a page shows without an entry, an
entry whose snippet raises nothing, and a quoted message its section no longer quotes
stop the build at the entry's line (`file:line: problem`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from torchkb.cjk import CJK_PUNCT_CHARS, HAN_CHARS
from torchkb.errors import SourceError
from torchkb.sources import error_notes, records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import ClaimPart, SnippetPart
from torchkb.sources.evidence import Record
from torchkb.sources.project import Project
from torchkb.sources.records import split_recorded
from torchkb.sources.schema import ErrorEntry
from torchkb.sources.ui import strings

# `Type: message` in a section body (prose, inline code or a code block); the message runs
# to the end of the line, a backtick, or Chinese text that follows it
_TYPE = r"(?:[\w.]+\.)?[A-Z]\w*"  # an exception's class name, dotted or not (its ending apart)
_QUOTED = re.compile(
    rf"\b{_TYPE}(?:Error|Exception|Warning): [^\n`{HAN_CHARS}{CJK_PUNCT_CHARS}]{{8,}}"
)
# an error a run printed (a lesson that catches it and prints `Type: message`): a line of
# its recorded output
_PRINTED = re.compile(rf"^{_TYPE}(?:Error|Exception): \S.*$", re.M)

Where = tuple[str, str, str]  # (topic id, section id, section title)
PAGE = "errors.md"  # the index's page in each language's folder of docs/


@dataclass(frozen=True)
class Entry:
    """One error of the index, before it is written out."""

    anchor: str
    message: str
    sections: list[Where]
    note: ErrorEntry | None  # the editor's cause and fix; None until written
    snippet: snippet_store.Snippet | None = None
    record: Record | None = None  # the current passing record the message comes from
    device: str | None = None  # the kind of that record: cpu | cuda
    # what the same snippet raised on other torch releases where that differs: the message
    # ("" for none) and the releases, from their current records
    elsewhere: tuple[tuple[str, tuple[str, ...]], ...] = ()
    printed: bool = False  # the snippet catches the error and prints it: it raises nothing


def _heading(message: str) -> str:
    """A message's first line as a Markdown heading, whole (it wraps on a phone: the
    stylesheet breaks it anywhere), and inert (`<class ...>` is no tag)."""
    text = message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*\[\]#{}])", r"\\\1", text)


def _key(message: str) -> str:
    """Comparable form: lowercase, single spaces, no trailing ellipsis or colon."""
    return re.sub(r"\s+", " ", message.lower()).strip().rstrip(".…: ").strip()


def quoted_errors(project: Project, lang: str) -> dict[str, list[Where]]:
    """Messages quoted in section bodies (prose, the editor's blocks; no directive line
    holds one) -> the sections (topic, id, title) quoting them."""
    found: dict[str, list[Where]] = {}
    for topic in project.topics:
        for section in topic.sections:
            text = section.text.get(lang) or section.text["zh"]
            for m in _QUOTED.finditer(text["body"]):
                message = m.group(0).strip().rstrip('"“”(（,，;；').strip()
                if message.count("'") % 2:  # a closing quote of the prose, not the message's
                    message = message.rstrip("'").strip()
                where = (topic.id, section.id, text["title"])
                if where not in found.setdefault(message, []):
                    found[message].append(where)
    # a shortened quote ("... same device, ...") joins the full one it begins
    keys = sorted(found, key=len, reverse=True)
    for short in keys:
        full = next((k for k in keys if k != short and _key(k).startswith(_key(short))), None)
        if full is not None:
            found[full] += [w for w in found.pop(short) if w not in found[full]]
            keys.remove(short)
    return found


def shown_snippets(project: Project, lang: str) -> dict[str, Where]:
    """Snippet id -> the first section that shows it: inline (`@snippet`) or as the proof
    of a claim the section holds (the topic page shows the proof under the claim)."""
    where: dict[str, Where] = {}
    for topic in project.topics:
        for section in topic.sections:
            title = section.text.get(lang, section.text["zh"])["title"]
            for part in section.parts("zh"):
                ref = None
                if isinstance(part, SnippetPart):
                    ref = part.id
                elif isinstance(part, ClaimPart) and part.id in project.claims_by_id:
                    proof = project.claims_by_id[part.id].snippet
                    ref = snippet_store.snippet_id(proof) if proof else None
                if ref:
                    where.setdefault(ref, (topic.id, section.id, title))
    return where


def printed_errors(project: Project, snip: snippet_store.Snippet) -> list[str]:
    """The `Type: message` lines of the snippet's recorded output: errors its lesson
    caught and printed."""
    if snip.meta.expect_exception:
        return []
    output = project.evidence[snip.id].output or ""
    return [m.group(0).strip() for m in _PRINTED.finditer(output)]


def _anchor(snip: snippet_store.Snippet) -> str:
    """A snippet's entry's id on the index page."""
    return "error-" + snip.id.replace("/", "-").replace("_", "-")


def _current(project: Project, snip: snippet_store.Snippet) -> tuple[Record | None, str]:
    """The current passing record of the snippet's own device (None if none) and that
    device."""
    found = project.evidence[snip.id]
    return found.passed(found.home), found.home


def collect(project: Project, lang: str) -> list[Entry]:
    """Every error a page of `lang` shows, with its editor's entry, in page order."""
    path, notes = error_notes.load(project.notes)
    by_snippet = {snippet_store.snippet_id(n.snippet): n for n in notes if n.snippet}
    by_quote = {_key(n.quoted): n for n in notes if n.quoted}
    for note in notes:  # an entry must name a snippet that raises or prints an error
        snip = project.snippets.get(snippet_store.snippet_id(note.snippet or ""))
        if note.snippet and (
            snip is None or not (snip.meta.expect_exception or printed_errors(project, snip))
        ):
            problem = (
                "no such snippet"
                if snip is None
                else "raises no error (snippets.yml) and its recorded output prints none"
            )
            raise SourceError(path, note.field_line("snippet"), f"{note.snippet}: {problem}")
    shown = shown_snippets(project, lang)
    quoted = quoted_errors(project, lang)
    entries: list[Entry] = []
    used: set[str] = set()
    for snip in project.snippets.values():
        expected = snip.meta.expect_exception
        if not expected or snip.id not in shown:
            continue
        note = by_snippet.get(snip.id)  # None: not written yet (`missing_entries`)
        record, device = _current(project, snip)
        recorded = split_recorded(project.evidence[snip.id].output or "", True)[1].strip()
        sections = [shown[snip.id]]
        if recorded:
            message = recorded
        else:  # not run yet (a GPU error): the words the section quotes, if it does
            message = next(
                (m for m, w in quoted.items() if shown[snip.id] in w and _matches(expected, m)),
                expected.type,
            )
            record = None
        for m, w in quoted.items():  # the quotes this entry answers are not listed again
            if _same(m, message) or _same_as_base_class(m, message, expected.type):
                used.add(m)
                sections += [x for x in w if x not in sections]
        anchor = _anchor(snip)
        elsewhere = _elsewhere(project, snip, message) if record else ()
        entries.append(Entry(anchor, message, sections, note, snip, record, device, elsewhere))
    entries += _printed_entries(project, shown, quoted, entries, by_snippet)
    sections_here = {s.id for t in project.topics for s in t.sections}
    unanswered = {
        _key(m): (m, w)
        for m, w in quoted.items()
        if m not in used and not any(_same(m, e.message) for e in entries)
    }
    for note in notes:  # first the entries that name what is not there (they have a line)
        if note.quoted and note.section in sections_here and _key(note.quoted) not in unanswered:
            raise SourceError(
                path,
                note.field_line("quoted"),
                f"section {note.section} quotes no such message, or a snippet's entry "
                f"answers it already: {note.quoted!r}",
            )
    for key, (message, sections) in unanswered.items():
        note = by_quote.get(key)
        anchor = "error-" + re.sub(r"[^a-z0-9]+", "-", key)[:60].strip("-")
        entries.append(Entry(anchor, message, sections, note))
    order = {(t.id, s.id): n for n, (t, s) in enumerate(_sections(project))}
    return sorted(entries, key=lambda e: order.get(e.sections[0][:2], len(order)))


def _printed_entries(
    project: Project,
    shown: dict[str, Where],
    quoted: dict[str, list[Where]],
    entries: list[Entry],
    by_snippet: dict[str, ErrorEntry],
) -> list[Entry]:
    """The errors shown snippets catch and print: a message an entry already gives (a
    snippet raises it, or a section quotes it) adds the snippet's section to it; another
    is an entry of its own, one per snippet (its notes/errors.yml entry names the snippet)."""
    found: list[Entry] = []
    for snip in project.snippets.values():
        if snip.id not in shown:
            continue
        for message in printed_errors(project, snip):
            same = next((e for e in entries + found if _same(e.message, message)), None)
            if same is not None:
                if shown[snip.id] not in same.sections:
                    same.sections.append(shown[snip.id])
                continue
            if any(_same(m, message) for m in quoted):  # the quote's own entry answers it
                continue
            record, device = _current(project, snip)
            note = by_snippet.get(snip.id)
            found.append(
                Entry(
                    _anchor(snip),
                    message,
                    [shown[snip.id]],
                    note,
                    snip,
                    record,
                    device,
                    printed=True,
                )
            )
            break
    return found


def _elsewhere(
    project: Project, snip: snippet_store.Snippet, message: str
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The other messages (or none) the snippet's lesson raised on other torch releases,
    each with those releases, oldest first: a reader on one pastes its words."""
    found: dict[str, list[str]] = {}
    for release, rec in project.evidence[snip.id].releases.items():
        if rec["result"] == "passed" or records.failed_in_check(rec):
            continue  # the same message, or the lesson ran as shown and a check failed
        raised = split_recorded(rec.get("output") or "", True)[1].strip()
        if rec.get("output") is not None and raised != message:
            found.setdefault(raised, []).append(release)
    return tuple((m, tuple(r)) for m, r in found.items())


def missing_entries(project: Project) -> list[str]:
    """The errors a page shows whose cause and fix notes/errors.yml does not give yet
    (the tests require none; a build shows them as not written yet)."""
    return sorted(
        {
            f"{e.snippet.id}{e.snippet.path.suffix}" if e.snippet else e.message.splitlines()[0]
            for lang in project.langs
            for e in collect(project, lang)
            if e.note is None
        }
    )


def _sections(project: Project) -> list[tuple]:
    return [(t, s) for t in project.topics for s in t.sections]


def _matches(expected, message: str) -> bool:  # noqa: ANN001 - schema.ExpectException
    return expected.type in message and re.search(expected.match or "", message) is not None


def _same(a: str, b: str) -> bool:
    """One message begins the other (a quote shortened with `...`, or only its first line)."""
    ka, kb = _key(a), _key(b)
    return bool(ka and kb) and (ka.startswith(kb) or kb.startswith(ka))


def _same_as_base_class(quote: str, message: str, expected_type: str) -> bool:
    """A quote that names the error by the class the snippet expects (a base class of
    what this torch raises: `RuntimeError: CUDA error: ...` where torch 2.13 raises
    `torch.AcceleratorError: CUDA error: ...`) with the same message."""
    quoted_type, _, quoted_text = quote.partition(": ")
    _, _, text = message.partition(": ")
    return quoted_type.split(".")[-1] == expected_type.split(".")[-1] and _same(quoted_text, text)


def _ran(entry: Entry, ui: dict[str, str]) -> str:
    """Where the message comes from: the record, or the section quoting it."""
    if entry.record is not None:
        return ui[f"ran_{entry.device}"].format(**entry.record)
    if entry.snippet is not None and entry.snippet.meta.needs == "cuda":
        return ui["ran_gpu_pending"]
    if entry.snippet is not None:
        return ui["ran_none"]
    return ui["ran_quoted"]


def _entry(entry: Entry, lang: str, ui: dict[str, str]) -> list[str]:
    first = entry.message.splitlines()[0]
    fence = "````" if "```" in entry.message else "```"
    topic, section_id, title = entry.sections[0]
    more = ", ".join(f"[{t}]({tp}.md#{sid})" for tp, sid, t in entry.sections[1:3])
    colon = "：" if lang == "zh" else ": "  # the Chinese pages use full-width punctuation
    facts = [f"{ui['ran']}{colon}{_ran(entry, ui)}"]
    if entry.snippet is not None:
        shown = f"{entry.snippet.id}{entry.snippet.path.suffix}"
        anchor = "snippet-" + entry.snippet.id.replace("/", "-")
        by = ui["snippet_printed"] if entry.printed else ui["snippet"]
        facts.append(f"{by}{colon}[`{shown}`]({topic}.md#{anchor})")
    if entry.note is None:  # a new note's error: the page says so until it is written
        answer = [f"*{ui['no_entry']}*", ""]
    else:
        cause, fix = entry.note.cause.get(lang), entry.note.fix.get(lang)
        answer = [
            f'!!! editor "{ui["editor"]}"',
            "",
            f"    **{ui['cause']}**{colon}{cause}",
            "",
            f"    **{ui['fix']}**{colon}{fix}",
            "",
        ]
    elsewhere = []
    for message, releases in entry.elsewhere:
        named = ("、" if lang == "zh" else ", ").join(releases)
        if not message:
            elsewhere += [ui["release_none"].format(releases=named), ""]
            continue
        other = "````" if "```" in message else "```"
        elsewhere += [ui["release_message"].format(releases=named), "", f"{other}text"]
        elsewhere += [message, other, ""]
    return [
        f"### {_heading(first)} {{#{entry.anchor}}}",
        "",
        f"{fence}text",
        entry.message,
        fence,
        "",
        *elsewhere,
        *answer,
        f"**{ui['explained']}**{colon}[{title}]({topic}.md#{section_id})"
        + (f" · {ui['also']}{colon}{more}" if more else ""),
        "{: .kb-error-link }",
        "",
        " · ".join(facts),
        "{: .kb-error-facts data-search-exclude }",
        "",
    ]


def error_index_page(project: Project, lang: str) -> str:
    ui = strings(lang)["errors"]
    entries = collect(project, lang)
    # search boost 0.5: the explaining sections rank first, these entries right after
    description = ui["lead"].replace("\\", "\\\\").replace('"', '\\"')
    lines = [
        "---",
        f'title: "{ui["title"]}"',
        f'description: "{description}"',
        "search:",
        "  boost: 0.5",
        "---",
        "",
        f"# {ui['title']}",
        "",
        ui["lead"],
        "",
        ui["count"].format(
            n=len(entries),
            ran=sum(e.record is not None for e in entries),
        ),
        "{: .kb-error-count }",
        "",
    ]
    # grouped by the topic whose section explains them (entries are in page order)
    titles = {t.id: t.title[lang] for t in project.topics}
    topic = None
    for entry in entries:
        if entry.sections[0][0] != topic:
            topic = entry.sections[0][0]
            lines += [f"## {titles.get(topic, topic)} {{#errors-{topic}}}", ""]
        lines += _entry(entry, lang, ui)
    return "\n".join(lines)
