"""The error-message index: every error a snippet raised in a real run, its cause in one
line, and a link to the section that explains it."""

import re

from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import SnippetPart
from torchkb.sources.project import Project
from torchkb.sources.records import split_recorded
from torchkb.sources.ui import strings

# `Type: message` in a section body (prose, inline code or a code block); the message runs
# to the end of the line, a backtick, or Chinese text that follows it
_QUOTED = re.compile(
    r"\b(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning): "
    r"[^\n`\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{8,}"
)


def _heading(message: str) -> str:
    """A message as a Markdown heading: shortened, and inert (`<class ...>` is no tag)."""
    text = message if len(message) <= 90 else message[:87] + "..."
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*\[\]#])", r"\\\1", text)


def _key(message: str) -> str:
    """Comparable form: lowercase, single spaces, no trailing ellipsis or colon."""
    return re.sub(r"\s+", " ", message.lower()).strip().rstrip(".…: ").strip()


def quoted_errors(project: Project, lang: str) -> dict[str, list[tuple[str, str, str]]]:
    """Messages quoted in section bodies (prose, the editor's blocks; no directive line
    holds one) -> the sections (topic, id, title) quoting them."""
    found: dict[str, list[tuple[str, str, str]]] = {}
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


def error_index_page(project: Project, lang: str) -> str:
    ui = strings(lang)["errors"]
    where: dict[str, tuple[str, str, str]] = {}  # snippet id -> (topic, section id, title)
    for topic in project.topics:
        for section in topic.sections:
            for part in section.parts("zh"):
                if isinstance(part, SnippetPart):
                    title = section.text.get(lang, section.text["zh"])["title"]
                    where.setdefault(part.id, (topic.id, section.id, title))
    # search boost 0.5: these entries point at the explaining sections, which rank first
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
    ]
    pending, raised = [], []
    for snip in project.snippets.values():
        expected = snip.meta.expect_exception
        if not expected or snip.id not in where:
            continue
        topic, section_id, section_title = where[snip.id]
        recorded = snippet_store.load_output(snip)
        message = split_recorded(recorded or "", True)[1].strip() or None
        cause = snip.meta.title.get(lang) if snip.meta.title else ""
        link = f"[{section_title}]({topic}.md#{section_id})"
        if message is None:
            pending.append(f"- `{expected.type}` · {cause} · {link}")
            continue
        first = message.splitlines()[0]
        raised.append(_key(first))
        lines += [
            f"## {_heading(first)}",
            "",
            "```text",
            message,
            "```",
            "",
            f"**{ui['cause']}**: {cause}  ",
            f"**{ui['where']}**: {link}  ",
            f"**{ui['snippet']}**: `snippets/{snip.id}.py`",
            "",
        ]
    if pending:
        lines += [f"## {ui['pending']}", "", *pending, ""]
    quoted = {
        m: w
        for m, w in quoted_errors(project, lang).items()
        if not any(r.startswith(_key(m)) or _key(m).startswith(r) for r in raised)
    }
    if quoted:
        lines += [f"## {ui['quoted']}", "", ui["quoted_lead"], ""]
        for message, sections in sorted(quoted.items()):
            links = ", ".join(f"[{title}]({t}.md#{sid})" for t, sid, title in sections[:3])
            lines += [
                f"### {_heading(message)}",
                "",
                "```text",
                message,
                "```",
                "",
                f"**{ui['quoted_in']}**: {links}",
                "",
            ]
    return "\n".join(lines)
