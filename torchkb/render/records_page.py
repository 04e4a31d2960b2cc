"""The run records page: every snippet's records, where each badge links to."""

from torchkb.render.pages import PageWriter, snippet_anchor, yaml_str
from torchkb.sources import records
from torchkb.sources.canonical import SnippetPart, Topic
from torchkb.sources.ui import strings


def records_page(lang: str, writer: PageWriter, topics: list[Topic]) -> str:
    ui = strings(lang)["run"]
    shown: dict[str, str] = {}  # snippet id -> the topic page that shows it first
    for topic in topics:
        for section in topic.sections:
            for part in section.parts(lang):
                if isinstance(part, SnippetPart):
                    shown.setdefault(part.id, topic.id)
    titles = {t.id: t.title[lang] for t in topics}
    lines = [
        "---",
        f"title: {yaml_str(ui['records_title'])}",
        f"description: {yaml_str(ui['records_lead'].split('。')[0].split('. ')[0])}",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# {ui['records_title']}",
        "",
        ui["records_lead"],
        "",
    ]
    by_topic: dict[str, list[str]] = {}
    for snip_id in sorted(writer.snippets):
        by_topic.setdefault(shown.get(snip_id, ""), []).append(snip_id)
    for topic in [t.id for t in topics] + [""]:
        ids = by_topic.get(topic)
        if not ids:
            continue
        if topic:
            lines += [f"## [{titles[topic]}]({topic}.md)", ""]
        head = [
            ui["records_snippet"],
            ui["records_cpu"],
            ui["records_gpu"],
            ui["records_releases"],
            ui["records_verdict"],
        ]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for snip_id in ids:
            lines.append(_row(writer, snip_id, topic))
        lines.append("")
    return "\n".join(lines)


def _row(writer: PageWriter, snip_id: str, topic: str) -> str:
    snip = writer.snippets[snip_id]
    runs = writer.current_runs(snip)
    anchor = snippet_anchor(snip_id)
    name = f"`{snip_id}`"
    cell = f'<a id="{anchor}"></a>' + (f"[{name}]({topic}.md#{anchor})" if topic else name)
    cells = [cell]
    for kind in records.DEVICE_KINDS:
        cells.append(writer.run_detail(snip, kind, runs[kind], named=False) or "—")
    ui = strings(writer.lang)["run"]
    releases = [
        ui["detail_release"].format(torch=release, result=ui[f"release_{rec['result']}"])
        for release, rec in writer.release_runs(snip).items()
    ]
    cells.append("<br>".join(releases) or "—")
    verdicts = writer.verdict_lines(runs)
    cells.append("<br>".join(verdicts) or "—")
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
