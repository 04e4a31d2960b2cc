"""Render docs/ (Chinese and English Markdown pages) from canonical notes and snippets.

Pure function of the inputs: `render_site()` returns {relative path: bytes}, and the same
inputs always give the same bytes. `write_docs()` swaps the result in atomically.
"""

import html
import re
import shutil
import tempfile
from pathlib import Path

from torchkb.errors import SourceError
from torchkb.rawnotes.text import read_text
from torchkb.render.claims import LABELS, ClaimLabel, label_all
from torchkb.render.error_index import error_index_page
from torchkb.render.headings import subheading_ids, with_heading_ids
from torchkb.render.notebooks import note_label, reproduces, topic_notebooks
from torchkb.sources import comments, records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import (
    MISSING,
    ClaimPart,
    EditorNotePart,
    NoteOutputPart,
    Section,
    SnippetPart,
    TextPart,
    Topic,
)
from torchkb.sources.project import Project
from torchkb.sources.schema import ClaimEntry
from torchkb.sources.translation import english_view
from torchkb.sources.ui import strings

FIGURE_DIR = "assets/figures"
# admonition type per derived claim label (torchkb.render.claims)
CLAIM_STYLE = {
    "verified": "success",
    "corrected": "warning",
    "awaiting-gpu": "quote",
    "not-checkable": "info",
}
# icons, not emoji glyphs (no emoji font needed)
CLAIM_ICON = {
    "verified": ":material-check-circle:{ .kb-icon-ok }",
    "corrected": ":material-alert:{ .kb-icon-warn }",
    "awaiting-gpu": ":material-timer-sand:{ .kb-icon-info }",
    "not-checkable": ":material-information:{ .kb-icon-info }",
}


class PageWriter:
    """Expands the directives of one language's pages."""

    def __init__(
        self, lang: str, project: Project, repost: dict[str, str], labels: dict[str, ClaimLabel]
    ) -> None:
        self.lang, self.claims, self.repost = lang, project.claims_by_id, repost
        self.ui, self.labels_ui = strings(lang)["page"], strings(lang)["claim"]
        self.snippets, self.verification, self.labels = (
            project.snippets,
            project.verification,
            labels,
        )
        self.project = project
        self.figures: dict[str, Path] = {}  # docs-relative path -> source file

    # -- directives -------------------------------------------------------------
    def snippet(self, part: SnippetPart) -> str:
        snip = self.snippets.get(part.id)
        if snip is None:
            raise part.error(f"@snippet {part.ref}: no such snippet file")
        code = comments.source(snip, self.lang)  # English comments from the topic's map
        fence = "````" if "```" in code else "```"
        lang_tag = {"python": "python", "shell": "bash", "yaml": "yaml"}.get(snip.kind, "text")
        shown = f"{snip.id.split('/')[0]}/{snip.path.name}"
        out = [
            f'<a id="snippet-{snip.id.replace("/", "-")}"></a>',
            f"<!-- snippet: {shown} -->",
            *self.codeblock_marks(snip, code),
            f'<div class="kb-snippet-name"><code>snippets/{shown}</code></div>',
            "",
            f"{fence}{lang_tag}",
            code + ("" if code.endswith("\n") else "\n") + fence,
        ]
        recorded = snippet_store.load_output(snip)
        if recorded:
            title = self.ui["raises"] if snip.meta.expect_exception else self.ui["output"]
            o_fence = "````" if "```" in recorded else "```"
            body = recorded + ("" if recorded.endswith("\n") else "\n")
            check = self.output_is_checked(snip, code)
            out += [
                "",
                f"<!-- output: {snip.id} -->",
                *(["<!--pytest-codeblocks:expected-output-->"] if check else []),
                f'<div class="kb-output-name">{title}</div>',
                "",
                f"{o_fence}text",
                body + o_fence,
            ]
        for fig in snippet_store.figures(snip):
            rel = f"{FIGURE_DIR}/{snip.id.replace('/', '-')}-{fig.name.split('.', 1)[1]}"
            self.figures[rel] = fig
            alt = snip.meta.title.get(self.lang, fig.name) if snip.meta.title else fig.name
            out += ["", f"![{alt}]({rel})"]
        out += ["", self.badges(snip)]
        return "\n".join(out)

    @staticmethod
    def codeblock_marks(snip: snippet_store.Snippet, code: str) -> list[str]:
        """pytest-codeblocks marks, so the page's code runs as shown (tests/ run it too)."""
        meta = snip.meta
        if snip.kind == "shell":
            return [
                '<!--pytest.mark.skip(reason="shell snippet: run or syntax-checked by '
                'tests/test_snippets.py, never blindly from a page")-->'
            ]
        if snip.kind != "python":
            return []
        marks = []
        if meta.skip:
            marks.append(f"<!--pytest.mark.skip(reason={meta.skip!r})-->")
        if meta.needs == "cuda":
            marks.append(
                '<!--pytest.mark.skipif(not __import__("torch").cuda.is_available(), '
                'reason="needs CUDA")-->'
            )
        if meta.needs == "cpu-only-build":
            marks.append(
                '<!--pytest.mark.skipif(__import__("torch").backends.cuda.is_built(), '
                'reason="needs a CPU-only torch build")-->'
            )
        if '__name__ == "__main__"' in code:
            marks.append(
                '<!--pytest.mark.skip(reason="main-guarded (DataLoader workers): '
                'run as __main__ by tests/test_snippets.py")-->'
            )
        for package in meta.packages:
            marks.append(f"<!--pytest-codeblocks:importorskip({package})-->")
        if meta.expect_exception:
            # pytest-codeblocks re-raises every error as RuntimeError
            marks.append(
                "<!--pytest.mark.xfail(raises=RuntimeError, strict=True, "
                'reason="the snippet demonstrates an error")-->'
            )
        return marks

    @staticmethod
    def output_is_checked(snip: snippet_store.Snippet, code: str) -> bool:
        """Whether pytest-codeblocks compares the page's output block with a fresh run."""
        meta = snip.meta
        return (
            snip.kind == "python"
            and meta.deterministic_output
            and not meta.expect_exception
            and meta.needs == "cpu"
            and not meta.skip
            and '__name__ == "__main__"' not in code
        )

    def badges(self, snip: snippet_store.Snippet) -> str:
        """Where the snippet's current code ran, from the records only (torchkb.sources.records)."""
        code_sha = snippet_store.code_sha256(snip.path)
        needs = snip.meta.needs
        spans = []
        for kind in records.DEVICE_KINDS:
            out = records.expected_output_path(snip.path, kind, needs)
            rec = records.current_record(self.verification.get(kind, {}), snip.id, code_sha, out)
            result = rec.get("result") if rec else None
            if result == "passed":
                text, css = self.ui[f"{kind}_ok"].format(**rec), "ok"
            elif result == "skipped" and kind == "cpu":
                text, css = self.ui["cpu_skip"].format(reason=self.skip_reason(snip, rec)), "skip"
            elif result == "failed" and kind == "cuda":
                text, css = self.ui["cuda_failed"].format(**rec), "failed"
            else:
                text, css = self.ui[f"{kind}_none"], "none"
            # each badge excluded on its own: Material's search parser drops the exclusion
            # of an outer <span> when an inner <span> closes (it compares tags only)
            spans.append(
                f'<span class="kb-badge kb-{kind} kb-{css}" data-search-exclude>{text}</span>'
            )
        return '<span class="kb-badges">' + " ".join(spans) + "</span>"

    def skip_reason(self, snip: snippet_store.Snippet, rec: dict) -> str:
        """Why the run skipped a snippet, in the page's language: the runner's CUDA
        reason, or snippets.yml's `skip` (`skip_zh` on Chinese pages)."""
        reason = str(rec.get("reason") or rec.get("result"))
        if reason.startswith("needs CUDA"):
            return self.ui["needs_cuda"]
        if self.lang == "zh" and reason == snip.meta.skip and snip.meta.skip_zh:
            return snip.meta.skip_zh
        return reason

    def note_output(self, part: NoteOutputPart) -> str:
        stem, a, b = part.note, part.first, part.last
        lines = part.quote(self.project.raw_dir)
        if self.last_output is not None and reproduces(self.last_output, lines):
            # the re-run above printed what the note printed: shown once, as the run's
            return f"<!-- note-output: {stem} {a}-{b} (reproduced by the run above) -->"
        title = self.ui["note_output"].format(note=note_label(stem), a=a, b=b)
        fence = "````" if any("```" in line for line in lines) else "```"
        block = "\n".join(
            "    " + line if line.strip() else "" for line in [f"{fence}text", *lines, fence]
        )
        return f'<!-- note-output: {stem} {a}-{b} -->\n??? quote "{title}"\n\n{block}'

    def claim(self, part: ClaimPart) -> str:
        claim_id = part.id
        claim = self.claims.get(claim_id)
        if claim is None:
            raise part.error(f"@claim {claim_id}: not in notes/claims")
        label = self.labels[claim_id]
        kind, title = CLAIM_STYLE[label.label], self.labels_ui[label.label]
        text = claim.claim.get(self.lang, claim.claim.zh)
        lines = [f'!!! {kind} "{title}: {_attr(text)}"', ""]
        proof = ""
        explanation = claim.explanation.get(self.lang) if claim.explanation else ""
        if label.label == "awaiting-gpu":
            explanation = self.ui["awaiting_gpu_why"] + "\n\n" + explanation
        for line in explanation.strip().splitlines():
            lines.append(f"    {line}" if line.strip() else "")
        extra = []
        if claim.since:
            extra.append(f"{self.ui['since']}: {claim.since}")
        if claim.snippet:
            proof_id = snippet_store.snippet_id(claim.snippet)
            anchor = "snippet-" + proof_id.replace("/", "-")
            extra.append(f"{self.ui['proof']}: [`{claim.snippet}`](#{anchor})")
            if proof_id not in self.page_snippets:  # show the proof where the claim is
                self.page_snippets.add(proof_id)
                proof = "\n\n" + self.snippet(SnippetPart(part.path, part.line, claim.snippet))
        if extra:
            lines += ["", "    " + " · ".join(extra)]
        return "\n".join(lines) + proof

    def expand(self, section: Section) -> str:
        out = []
        # recorded output of the @snippet just above (only blank lines or a short lead-in
        # such as "输出：" between): a @note-output that it reproduces is not shown twice
        self.last_output: str | None = None
        ids = iter(subheading_ids(section, self.lang))
        for part in section.parts(self.lang):
            if isinstance(part, SnippetPart):
                out.append(self.snippet(part))
                self.last_output = snippet_store.load_output(self.snippets[part.id])
                continue
            if isinstance(part, TextPart):
                out += with_heading_ids(part.lines, ids)
                if part.lead_in:
                    continue  # the output above still counts
            elif isinstance(part, EditorNotePart):
                # an admonition (theme/assets/stylesheets/editor.css); its `###` headings
                # take their ids in turn with the body's (subheading_ids counts them too)
                out += with_heading_ids(part.markdown, ids)
            elif isinstance(part, ClaimPart):
                out.append(self.claim(part))
            else:
                out.append(self.note_output(part))
            self.last_output = None
        return "\n".join(out)

    # -- pages --------------------------------------------------------------------
    def provenance(self, section: Section) -> str:
        parts = []
        for src in section.sources:
            lines = self.ui["lines"].format(a=src.start, b=src.end)
            link = f"raw/{src.note}.md#L{src.start}"
            text = f"[{note_label(src.note)}, {lines}]({link})"
            if src.note in self.repost:
                text += f" ({self.ui['repost']} <{self.repost[src.note]}>)"
            parts.append(text)
        # provenance is for readers, not for search: keep it out of the index
        return (
            f"{self.ui['source']}: "
            + "; ".join(parts)
            + "\n{: .kb-provenance data-search-exclude }"
        )

    def topic_page(self, topic: Topic) -> str:
        lang = self.lang
        tags = topic.tags.get(lang) or topic.tags.get("zh") or []
        head = ["---", f"title: {_yaml_str(topic.title[lang])}"]
        if topic.summary.get(lang):
            head.append(f"description: {_yaml_str(topic.summary[lang])}")
        if tags:
            head.append("tags:")
            head += [f"  - {_yaml_str(t)}" for t in tags]
        head += ["---", "", f"# {topic.title[lang]}", ""]
        if topic.summary.get(lang):
            head += [topic.summary[lang], ""]
        head += [self.ui["notebook"].format(href=f"notebooks/{topic.id}.ipynb"), ""]
        parts = ["\n".join(head)]
        self.page_snippets = {
            p.id for s in topic.sections for p in s.parts(lang) if isinstance(p, SnippetPart)
        }
        for section in topic.sections:
            text = section.text[lang]
            body = self.expand(section)
            if lang == "en" and section.translation:
                body = self.translation_banner(section.translation, body)
            parts.append(
                f"## {text['title']} {{#{section.id}}}\n\n{self.provenance(section)}\n\n{body}\n"
            )
        return "\n".join(parts)

    def translation_banner(self, status: str, body: str) -> str:
        """The editor's note over an untranslated or stale section (not the author's text,
        not for search); an untranslated body is marked as Chinese for screen readers."""
        banners = strings(self.lang)["translation"]
        title, text = banners[f"{status}_title"], banners[f"{status}_text"]
        banner = (
            f'<div class="admonition warning kb-translation kb-translation-{status}" '
            f'data-search-exclude><p class="admonition-title">{html.escape(title)}</p>'
            f"<p>{html.escape(text)}</p></div>"
        )
        if status == MISSING:
            body = f'<div lang="zh" markdown="block">\n\n{body}\n\n</div>'
        return f"{banner}\n\n{body}"


def _attr(text: str) -> str:
    """Text inside an admonition title's double quotes."""
    return text.replace('"', "&quot;")


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def home_page(lang: str, topics: list[Topic]) -> str:
    ui = strings(lang)["page"]
    lines = [
        "---",
        f"title: {_yaml_str(ui['home_title'])}",
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
        f"---\ntitle: {_yaml_str(ui['tags_title'])}\n"
        f"description: {_yaml_str(ui['tags_lead'])}\nsearch:\n  exclude: true\n---\n\n"
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
            f"title: {_yaml_str(title)}",
            f"description: {_yaml_str(description)}",
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
        f"title: {_yaml_str(ui['claims_title'])}",
        f"description: {_yaml_str(ui['claims_lead'])}",
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
                lines += [f"{ui['proof']}: `{claim.snippet}` {writer.badges(snip)}", ""]
    return "\n".join(lines)


def render_site(project: Project) -> dict[str, bytes]:
    """docs/ of the checkout `project`: {path under docs/: bytes}."""
    topics = project.load().topics
    repost = _reposts(project)
    snippets, verification = project.snippets, project.verification
    comments.check(
        list(snippets.values()), project.snippets_dir, comments.awaiting_translation(topics)
    )
    check_recorded_outputs(snippets, verification)
    labels = label_all(project.claims, snippets, verification)
    files: dict[str, bytes] = {}
    sections_by_claim: dict[str, str] = {}
    for topic in topics:
        for section in topic.sections:
            for part in section.parts("zh"):
                if isinstance(part, ClaimPart):
                    sections_by_claim.setdefault(part.id, f"{topic.id}.md#{section.id}")
    views = {"zh": topics, "en": english_view(topics)}
    for lang in project.langs:
        writer = PageWriter(lang, project, repost, labels)
        files[f"{lang}/index.md"] = home_page(lang, views[lang]).encode()
        for topic in views[lang]:
            files[f"{lang}/{topic.id}.md"] = writer.topic_page(topic).encode()
        files.update(topic_notebooks(project, views[lang], lang, labels))
        files[f"{lang}/claims.md"] = claims_page(
            lang, project.claims, sections_by_claim, writer, topics
        ).encode()
        files[f"{lang}/errors.md"] = error_index_page(project, lang).encode()
        files[f"{lang}/tags.md"] = tags_page(lang).encode()
        for raw in project.raw_notes.values():
            files[f"{lang}/raw/{raw.stem}.md"] = raw_note_page(lang, raw).encode()
        for rel, src in writer.figures.items():
            files[f"{lang}/{rel}"] = src.read_bytes()
    return files


def check_recorded_outputs(
    snippets: dict[str, snippet_store.Snippet], verification: dict[str, dict[str, dict]]
) -> None:
    """A recorded output must be what the last run of the current code wrote: a file whose
    hash differs from its record's (edited by hand, or a bad merge) stops the build."""
    for snip in snippets.values():
        code_sha = snippet_store.code_sha256(snip.path)
        for kind in records.DEVICE_KINDS:
            rec = verification.get(kind, {}).get(snip.id)
            out = records.expected_output_path(snip.path, kind, snip.meta.needs)
            if (
                rec
                and rec.get("code_sha256") == code_sha
                and rec.get("output_sha256")
                and records.sha256_file(out) != rec["output_sha256"]
            ):
                raise SourceError(
                    out,
                    None,
                    f"differs from the output the last run recorded "
                    f"(verification/{kind}.json, {rec.get('date')}): outputs "
                    f"come from runs: python -m torchkb verify {snip.id} "
                    "--update",
                )


def _reposts(project: Project) -> dict[str, str]:
    """Notes that say they are a repost (`[Source](url)` near the top) -> url."""
    found = {}
    for raw in project.raw_notes.values():
        head = read_text(raw).splitlines()[:20]
        for line in head:
            m = re.match(r"\s*\[(?:Source|来源|原文|转载)\]\((https?://[^)\s]+)\)", line)
            if m:
                found[raw.stem] = m.group(1)
                break
    return found


def write_docs(files: dict[str, bytes], docs: Path) -> None:
    """Replace `docs` with exactly `files`: written beside it, then swapped in."""
    tmp = Path(tempfile.mkdtemp(prefix=".docs-", dir=docs.parent))
    try:
        for rel, data in sorted(files.items()):
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        old = docs.with_name(".docs-old")
        if old.exists():
            shutil.rmtree(old)
        if docs.exists():
            docs.rename(old)
        tmp.rename(docs)
        if old.exists():
            shutil.rmtree(old)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)


def stale_files(files: dict[str, bytes], docs: Path) -> list[str]:
    """Paths under docs/ that differ from what the generator writes now."""
    on_disk = {p.relative_to(docs).as_posix(): p for p in docs.rglob("*") if p.is_file()}
    problems = [
        rel
        for rel, data in files.items()
        if rel not in on_disk or on_disk[rel].read_bytes() != data
    ]
    problems += [rel for rel in on_disk if rel not in files]
    return sorted(problems)
