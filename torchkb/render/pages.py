"""The topic pages: one language's Markdown for a topic, with its directives expanded
(snippets with their badges and outputs, claims, the note's outputs, editor blocks)."""

import html
from pathlib import Path

from torchkb.render.claims import ClaimLabel
from torchkb.render.headings import subheading_ids, with_heading_ids
from torchkb.render.notebooks import note_label, notebook_links, reproduces
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
        head = ["---", f"title: {yaml_str(topic.title[lang])}"]
        if topic.summary.get(lang):
            head.append(f"description: {yaml_str(topic.summary[lang])}")
        if tags:
            head.append("tags:")
            head += [f"  - {yaml_str(t)}" for t in tags]
        head += ["---", "", f"# {topic.title[lang]}", ""]
        if topic.summary.get(lang):
            head += [topic.summary[lang], ""]
        head += [self.ui["notebook"].format(**notebook_links(self.project, lang, topic.id)), ""]
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


def yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
