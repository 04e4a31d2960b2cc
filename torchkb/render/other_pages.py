"""The pages besides the topics: home, tags, a raw note as the author wrote it, and the
claims register."""

import html
from collections import Counter
from pathlib import Path

from torchkb.rawnotes.text import read_text
from torchkb.render.claims import LABELS, ClaimLabel, changed_in, checked_over, source_links
from torchkb.render.notebooks import note_label
from torchkb.render.pages import CLAIM_ICON, output_anchor, yaml_str
from torchkb.sources import records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import Topic
from torchkb.sources.project import Project
from torchkb.sources.schema import ClaimEntry
from torchkb.sources.ui import strings


def verification_status(project: Project) -> dict[str, int | str]:
    """Counts for the home page's status line, from the records only, as the badges read
    them: a record counts while it is of the current code and output and it passed."""
    counts: dict[str, int] = {"cpu": 0, "gpu": 0, "wait": 0, "reference": 0}
    versions: set[str] = set()
    gpu_runs: set[str] = set()  # "NVIDIA H100 80GB HBM3, torch 2.11.0"
    for snip in project.snippets.values():
        if snip.meta.skip:  # shown for reference, never run on any machine
            counts["reference"] += 1
            continue
        found = project.evidence[snip.id]
        passed = {kind: found.passed(kind) for kind in records.DEVICE_KINDS}
        if passed["cpu"]:
            counts["cpu"] += 1
            versions.add(str(passed["cpu"].get("torch")))
        if passed["cuda"]:
            counts["gpu"] += 1
            gpu_runs.add(f"{passed['cuda'].get('device')}, torch {passed['cuda'].get('torch')}")
        counts["wait"] += snip.meta.needs == "cuda" and passed["cuda"] is None
    return {
        **counts,
        "torch": ", ".join(sorted(versions)) or "—",
        "gpu_runs": "; ".join(sorted(gpu_runs)) or "—",
    }


def release_status(project: Project, lang: str) -> str:
    """The other torch releases every CPU snippet ran on (targeted runs, a bisection's,
    are not counted), each with how many gave the pinned release's output: "" for none."""
    cpu = [s for s in project.snippets.values() if s.meta.needs != "cuda"]
    found = [project.evidence[s.id] for s in cpu]
    same: dict[str, int] = {}
    for release in project.releases["cpu"]:
        if all(release in f.releases for f in found):
            same[release] = sum(f.shown_result(f.releases[release]) == "passed" for f in found)
    if not same:
        return ""
    home = strings(lang)["home"]
    each = ("、" if lang == "zh" else ", ").join(
        home["release_count"].format(torch=t, n=n) for t, n in same.items()
    )
    return home["status_releases"].format(releases=each)


def home_page(
    lang: str,
    topics: list[Topic],
    project: Project,
    labels: dict[str, ClaimLabel],
    error_count: int,
) -> str:
    """A reader's way in: what the site is, the search tip, three ways in, the
    verification status (from the records) and one light card per topic."""
    ui, home = strings(lang)["page"], strings(lang)["home"]
    label_counts = Counter(label.label for label in labels.values())
    status = verification_status(project)
    ways = [
        (
            ":material-book-open-variant:",
            f"[{home['topics_title']}](#topics)",
            home["topics_text"].format(
                topics=len(topics), sections=sum(len(t.sections) for t in topics)
            ),
        ),
        (
            ":material-alert-circle-outline:",
            f"[{home['errors_title']}](errors.md)",
            home["errors_text"].format(n=error_count),
        ),
        (
            ":material-scale-balance:",
            f"[{home['claims_title']}](claims.md)",
            home["claims_text"].format(
                n=len(labels),
                corrected=label_counts["corrected"] + label_counts["corrected-from-source"],
                verified=label_counts["verified"],
            ),
        ),
    ]
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
        *[f"{line}  " for line in home["lead"].splitlines()],
        "",
        home["search"],
        "{: .kb-home-search }",
        "",
        home["status" if status["gpu"] else "status_no_gpu"].format(**status)
        + release_status(project, lang),
        "{: .kb-home-status }",
        "",
        f"## {home['ways']} {{#start}}",
        "",
        '<div class="grid cards kb-ways" markdown>',
        "",
    ]
    for icon, link, text in ways:
        lines += [f"-   {icon} **{link}**", "", f"    {text}", ""]
    lines += ["</div>", "", f"## {home['topics']} {{#topics}}", ""]
    lines += ['<div class="grid cards kb-topics" markdown>', ""]
    for topic in topics:
        count = home["sections"].format(n=len(topic.sections))
        lines.append(f"-   **[{topic.title[lang]}]({topic.id}.md)** · {count}")
        lines.append("")
        if topic.summary.get(lang):
            lines += [f"    {topic.summary[lang]}", ""]
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


def _paragraphs(text: str) -> str:
    """Markdown as one paragraph of a card: its paragraphs kept apart, lines joined."""
    return "<br><br>".join(" ".join(p.split("\n")) for p in text.strip().split("\n\n"))


def claims_page(
    lang: str,
    project: Project,
    sections_by_claim: dict[str, str],
    labels: dict[str, ClaimLabel],
    topics: list[Topic],
) -> str:
    """The register, one card per claim under its topic: the result, where the note says it;
    the note says / in fact (side by side where there is room, stacked on a phone); the
    proof (the code on its topic page, where it ran, its recorded output). Above, a filter
    by result and by topic: radio buttons and CSS (`:has`), so it needs no script and, where
    neither runs, every card shows."""
    cp = strings(lang)["claims_page"]
    title = strings(lang)["home"]["claims_title"]  # the home card's words
    status_text = {k: f"{CLAIM_ICON[k]} {text}" for k, text in strings(lang)["claim"].items()}
    claims = project.claims
    # every card is a search result of its own (data-search-section: torchkb/search/index.py),
    # boosted down as the error index is: a claim's topic section, which shows it too with
    # the lesson around it, ranks first; the card where the claim itself is asked about
    lines = [
        "---",
        f"title: {yaml_str(title)}",
        f"description: {yaml_str(cp['lead'])}",
        "search:",
        "  boost: 0.5",
        "---",
        "",
        f"# {title}",
        "",
        cp["lead"],
        "",
    ]
    counts = Counter(labels[c.id].label for c in claims)
    lines += [" · ".join(f"{status_text[k]}: {counts[k]}" for k in LABELS if k in counts), ""]
    titles = {t.id: t.title[lang] for t in topics}
    order = [t.id for t in topics]
    topic_ids = sorted(
        {c.path.stem for c in claims},
        key=lambda t: (t not in titles, order.index(t) if t in titles else 0, t),
    )
    by_topic = Counter(c.path.stem for c in claims)
    lines += _claims_filter(
        cp,
        [("all", cp["all"].format(n=len(claims)))]
        + [(k, f"{strings(lang)['claim'][k]} ({counts[k]})") for k in LABELS if k in counts],
        [("all", cp["all_topics"])]
        + [(t, f"{titles.get(t, t)} ({by_topic[t]})") for t in topic_ids],
    )
    for topic_id in topic_ids:
        lines += [
            f'<div class="kb-claims-topic" data-topic="{topic_id}" markdown>',
            "",
            f"## {titles.get(topic_id, topic_id)}",
            "",
        ]
        for claim in (c for c in claims if c.path.stem == topic_id):
            lines += _claim_card(
                claim, labels[claim.id], sections_by_claim.get(claim.id), lang, status_text
            )
        lines += ["</div>", ""]
    return "\n".join(lines)


def _claims_filter(
    cp: dict[str, str], kinds: list[tuple[str, str]], topics: list[tuple[str, str]]
) -> list[str]:
    """Two groups of radio buttons (by result, by topic) and the per-topic rules that hide
    the other topics' cards (theme/assets/stylesheets/reader-pages.css has the by-result
    ones: the results are fixed, the topics are the notes')."""
    out = ['<div class="kb-claims-filter" data-search-exclude>']
    for group, legend, options in (("kind", cp["show"], kinds), ("topic", cp["topic"], topics)):
        out.append(f"<fieldset><legend>{html.escape(legend)}</legend>")
        for n, (value, text) in enumerate(options):
            box = f"kb-{group}-{value}"
            checked = " checked" if n == 0 else ""
            out.append(
                f'<label for="{box}"><input type="radio" name="kb-{group}" id="{box}"'
                f"{checked}> {html.escape(text)}</label>"
            )
        out.append("</fieldset>")
    out.append("</div>")
    rules = " ".join(
        f'.md-content:has(#kb-topic-{t}:checked) .kb-claims-topic:not([data-topic="{t}"]),'
        for t, _ in topics[1:]
    )
    out += [f"<style>{rules.rstrip(',')} {{ display: none; }}</style>", ""]
    return out


def _claim_card(
    claim: ClaimEntry, label: ClaimLabel, where: str | None, lang: str, status_text: dict[str, str]
) -> list[str]:
    """One claim as a card: result and source, what the note says, in fact, the proof."""
    ui, cp = strings(lang)["page"], strings(lang)["claims_page"]
    sep = ui["sep"]
    topic_id = claim.path.stem
    page = where.split("#")[0] if where else f"{topic_id}.md"
    line = "" if claim.line is None else f":{claim.line}"
    raw = f"raw/{claim.note}.md" + ("" if claim.line is None else f"#L{claim.line}")
    head = f"{status_text[label.label]} · [{note_label(claim.note)}{line}]({raw})"
    if where:
        head += f" · [{cp['section']}]({where})"
    fact = _paragraphs(claim.explanation.get(lang)) if claim.explanation else ""
    says = claim.claim.get(lang, claim.claim.zh)
    # its search result's title: the result and the claim, as its topic page heads it
    search_title = html.escape(f"{strings(lang)['claim'][label.label]}{sep}{says}")
    if scope := checked_over(claim.id, label, ui):
        fact += f"<br>{ui['checked_over']}{sep}{scope}"
    if changed := changed_in(label, claim.since, ui):
        fact += f"<br>{cp['since']}{sep}{changed}"
    if claim.sources:
        fact += f"<br>{ui['sources']}{sep}{source_links(claim.sources)}"
    # its search result follows the section it belongs to (data-search-of) where both match
    of = f' data-search-of="{where}"' if where else ""
    out = [
        f'<div class="kb-claim kb-claim-{label.label}" id="claim-{claim.id}" '
        f'data-search-section data-search-title="{search_title}"{of} markdown>',
        "",
        head,
        "{: .kb-claim-head }",
        "",
        f"**{cp['note_says']}**{sep}{_paragraphs(says)}",
        "{: .kb-claim-says }",
        "",
    ]
    if fact:
        out += [f"**{cp['in_fact']}**{sep}{fact}", "{: .kb-claim-fact }", ""]
    if label.proof is not None:
        snip = label.proof
        anchor = "snippet-" + snip.id.replace("/", "-")
        proof = f"**{cp['proof']}**{sep}[`{snip.path.name}`]({page}#{anchor})"
        if label.record is not None and label.record.get("result") == "passed":
            device = "GPU" if label.device == "cuda" else "CPU"
            ran = strings(lang)["run"]["ok"].format(devices=device, **label.record)
            proof += f" · {ran}, {label.record['date']}"
        if snippet_store.load_output(snip):
            proof += f" · [{cp['output']}]({page}#{output_anchor(snip.id)})"
        out += [proof, "{: .kb-claim-proof }", ""]
    return [*out, "</div>", ""]
