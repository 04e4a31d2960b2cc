"""The pages besides the topics: home, tags, a raw note as the author wrote it, and the
claims register."""

import html
from pathlib import Path

from torchkb.rawnotes.text import read_text
from torchkb.render.claims import LABELS
from torchkb.render.notebooks import note_label
from torchkb.render.pages import CLAIM_ICON, PageWriter, yaml_str
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import (
    Topic,
)
from torchkb.sources.schema import ClaimEntry
from torchkb.sources.ui import strings


def home_page(lang: str, topics: list[Topic]) -> str:
    ui = strings(lang)["page"]
    lines = [
        "---",
        f"title: {yaml_str(ui['home_title'])}",
        "hide:",
        "  - navigation",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# {ui['home_title']}",
        "",
        ui["home_lead"],
        "",
        f"## {ui['topics']}",
        "",
        '<div class="grid cards" markdown>',
        "",
    ]
    for topic in topics:
        lines.append(f"-   **[{topic.title[lang]}]({topic.id}.md)**")
        lines.append("")
        if topic.summary.get(lang):
            lines += [f"    {topic.summary[lang]}", ""]
        for section in topic.sections:
            lines.append(f"    - [{section.text[lang]['title']}]({topic.id}.md#{section.id})")
        lines.append("")
    lines += ["</div>", ""]
    return "\n".join(lines)


def tags_page(lang: str) -> str:
    """Material's tags index (the `<!-- material/tags -->` marker)."""
    ui = strings(lang)["page"]
    return (
        f"---\ntitle: {yaml_str(ui['tags_title'])}\n"
        f"description: {yaml_str(ui['tags_lead'])}\nsearch:\n  exclude: true\n---\n\n"
        f"# {ui['tags_title']}\n\n<!-- material/tags -->\n"
    )


def raw_note_page(lang: str, raw: Path) -> str:
    """The raw note verbatim, each line with an `L<n>` anchor; excluded from search."""
    ui = strings(lang)["page"]
    title = ui["raw_title"].format(number=raw.stem.split("_")[0])
    rows = [
        f'<span class="kb-line" id="L{n}"><span class="kb-lineno">{n}</span>'
        f"{html.escape(line)}</span>"
        for n, line in enumerate(read_text(raw).splitlines(), 1)
    ]
    number = raw.stem.split("_")[0]
    description = ui["raw_description"].format(number=number, name=raw.name)
    return "\n".join(
        [
            "---",
            f"title: {yaml_str(title)}",
            f"description: {yaml_str(description)}",
            "search:",
            "  exclude: true",
            "---",
            "",
            f"# {title}",
            "",
            f"`{raw.name}` — {ui['raw_lead']}",
            "",
            '<pre class="kb-raw"><code>' + "\n".join(rows) + "</code></pre>",
            "",
        ]
    )


def claims_page(
    lang: str,
    claims: list[ClaimEntry],
    sections_by_claim: dict[str, str],
    writer: PageWriter,
    topics: list[Topic],
) -> str:
    """The register, grouped by topic; each proof shows what verified it."""
    ui = strings(lang)["page"]
    status_text = {k: f"{CLAIM_ICON[k]} {text}" for k, text in strings(lang)["claim"].items()}
    # not in search: every claim is also shown, with its section, on the topic pages
    lines = [
        "---",
        f"title: {yaml_str(ui['claims_title'])}",
        f"description: {yaml_str(ui['claims_lead'])}",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# {ui['claims_title']}",
        "",
        ui["claims_lead"],
        "",
    ]
    counts: dict[str, int] = {}
    for claim in claims:
        label = writer.labels[claim.id].label
        counts[label] = counts.get(label, 0) + 1
    lines += [" · ".join(f"{status_text[k]}: {counts[k]}" for k in LABELS if k in counts), ""]
    titles = {t.id: t.title[lang] for t in topics}
    for topic_id in sorted(
        {c.path.stem for c in claims},
        key=lambda t: (t not in titles, [x.id for x in topics].index(t) if t in titles else 0, t),
    ):
        lines += [f"## {titles.get(topic_id, topic_id)}", ""]
        for claim in (c for c in claims if c.path.stem == topic_id):
            cid = claim.id
            text = claim.claim.get(lang, claim.claim.zh)
            where = sections_by_claim.get(cid)
            link = f" · [{ui['source']}]({where})" if where else ""
            lines += [
                f'<a id="claim-{cid}"></a>',
                "",
                f"**{text}** — {status_text[writer.labels[cid].label]}",
                "",
                f"{note_label(claim.note)}:{'' if claim.line is None else claim.line}{link}",
                "",
            ]
            explanation = claim.explanation.get(lang).strip() if claim.explanation else ""
            if explanation:
                lines += [explanation, ""]
            snip = writer.snippets.get(snippet_store.snippet_id(claim.snippet or ""))
            if snip is not None:
                badge = writer.badge(snip, writer.current_runs(snip))
                lines += [f"{ui['proof']}: `{claim.snippet}` {badge}", ""]
    return "\n".join(lines)
