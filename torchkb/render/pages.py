"""The topic pages: one language's Markdown for a topic, with its directives expanded
(snippets with their badges and outputs, claims, the note's outputs, editor blocks)."""

import html
import re
from pathlib import Path

from torchkb.render.claims import ClaimLabel, changed_in, checked_over, source_links
from torchkb.render.headings import subheading_ids, with_heading_ids
from torchkb.render.notebooks import figure_path, note_label, notebook_links, reproduces
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
from torchkb.sources.evidence import Record
from torchkb.sources.project import Project
from torchkb.sources.ui import strings

# admonition type per derived claim label (torchkb.render.claims)
DEVICE_NAMES = {"cpu": "CPU", "cuda": "GPU"}
RECORD_WORDS = ("torch", "python", "device", "date")  # a record's fields a badge names
BADGE_ICON = {"ok": ":material-check: ", "failed": ":material-close: "}
CLAIM_STYLE = {
    "verified": "success",
    "corrected": "warning",
    "corrected-from-source": "warning",
    "awaiting-gpu": "quote",
    "not-checkable": "info",
}
# icons, not emoji glyphs (no emoji font needed)
CLAIM_ICON = {
    "verified": ":material-check-circle:{ .kb-icon-ok }",
    "corrected": ":material-alert:{ .kb-icon-warn }",
    "corrected-from-source": ":material-file-document-alert:{ .kb-icon-warn }",
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
        self.snippets, self.labels = project.snippets, labels
        self.project = project
        self.figures: dict[str, Path] = {}  # docs-relative path -> source file

    # -- directives -------------------------------------------------------------
    def snippet(self, part: SnippetPart) -> str:
        """A snippet as the reader meets it: the lesson (what the copy button copies), its
        recorded output, one run badge, and the editor's checks folded under it."""
        snip = self.snippets.get(part.id)
        if snip is None:
            raise part.error(f"@snippet {part.ref}: no such snippet file")
        code = comments.source(snip, self.lang)  # English comments from the topic's map
        fence = "````" if "```" in code else "```"
        lang_tag = {"python": "python", "shell": "bash", "yaml": "yaml"}.get(snip.kind, "text")
        shown = f"{snip.id.split('/')[0]}/{snip.path.name}"
        out = [
            # data-snippet: which file the lesson block below is (tests/pagewalk.py)
            f'<a id="{snippet_anchor(snip.id)}" data-snippet="snippets/{shown}"></a>',
            f"<!-- snippet: {shown} -->",
            *self.editor_label(snip),
            "",
            f"{fence}{lang_tag}",
            code + ("" if code.endswith("\n") else "\n") + fence,
        ]
        recorded = snippet_store.load_output(snip)
        if recorded:
            title = self.ui["raises"] if snip.meta.expect_exception else self.ui["output"]
            o_fence = "````" if "```" in recorded else "```"
            body = recorded + ("" if recorded.endswith("\n") else "\n")
            out += [
                "",
                f"<!-- output: {snip.id} -->",
                f'<div class="kb-output-name" id="{output_anchor(snip.id)}">{title}</div>',
                "",
                f"{o_fence}text",
                body + o_fence,
            ]
        for fig in snippet_store.figures(snip):
            rel = figure_path(snip, fig)
            self.figures[rel] = fig
            alt = snip.meta.title.get(self.lang, fig.name) if snip.meta.title else fig.name
            out += ["", f"![{alt}]({rel})"]
        runs = self.current_runs(snip)
        # under the block, one line: the checks and what differs on other torch releases
        # folded (left), the run badge (right); all kept out of the search index
        # (Material's documented data-search-exclude)
        foot = [self.checks(snip, runs)] if records.check_path(snip.path) else []
        foot += [r] if (r := self.release_differences(snip, runs)) else []
        foot += [b] if (b := self.badge(snip, runs)) else []
        if foot:
            out += [
                "",
                '<div class="kb-foot" markdown data-search-exclude="">',
                "",
                *foot,
                "",
                "</div>",
            ]
        return "\n".join(out)

    def editor_label(self, snip: snippet_store.Snippet) -> list[str]:
        """Over an example the editor wrote (not the note's code), a label that says so."""
        if snip.meta.by != "editor":
            return []
        return [
            f'<div class="kb-code-name kb-by-editor">{strings(self.lang)["run"]["by_editor"]}</div>'
        ]

    def current_runs(self, snip: snippet_store.Snippet) -> dict[str, Record | None]:
        """The records of the snippet's current code and output, by device kind."""
        return self.project.evidence[snip.id].runs

    def badge(
        self, snip: snippet_store.Snippet, runs: dict[str, Record | None], up: str = ""
    ) -> str:
        """One compact badge: what ran where, on which torch; every record's details on
        hover and keyboard focus (Material's tooltips), linking to the records page (`up`:
        from a page in a folder of docs/<lang>/, "../"). A device shows only once it has a
        record: no "not run on a GPU" on a CPU block."""
        if snip.kind == "text":
            return ""  # nothing to run
        ui = strings(self.lang)["run"]
        passed = [k for k in records.DEVICE_KINDS if (runs[k] or {}).get("result") == "passed"]
        if snip.meta.skip:  # shown for reference: never run, on any machine
            text, state = ui["reference"], "skip"
        elif passed and snip.kind == "yaml":
            text, state = ui["yaml_ok"], "ok"
        elif passed:
            text, state = self.passed_text(snip, runs, passed), "ok"
        elif (runs["cuda"] or {}).get("result") == "failed":
            text, state = ui["gpu_failed"], "failed"
        elif snip.meta.needs == "cuda":
            text, state = ui["needs_gpu"], "waiting"
        elif runs["cpu"] is not None:
            text, state = ui["skipped"], "skip"
        else:
            text, state = ui["none"], "none"
        # the details, one line per device and per other release (a newline in a title
        # is a line break in the tooltip: theme/assets/stylesheets/kb.css)
        found = self.project.evidence[snip.id]
        details = [self.run_detail(snip, kind, runs[kind]) for kind in records.DEVICE_KINDS]
        details += [
            ui["detail_release"].format(
                torch=release, result=ui[f"release_{found.shown_result(rec)}"]
            )
            for release, rec in found.releases.items()
        ]
        tip = "&#10;".join([*(d for d in details if d), ui["detail_link"]])
        href = f"{up}records.md#{snippet_anchor(snip.id)}"
        title = tip.replace("\\", "\\\\").replace('"', '\\"')
        # a Markdown link (MkDocs resolves it to the built page), title and class by attr_list
        icon = BADGE_ICON.get(state, "")
        return f'[{icon}{_md_text(text)}]({href} "{title}"){{ .kb-badge .kb-{state} }}'

    def passed_text(
        self, snip: snippet_store.Snippet, runs: dict[str, Record | None], passed: list[str]
    ) -> str:
        """ "CPU + GPU · torch 2.13.0" where every device ran the same torch releases, else
        each device with its own ("CPU · torch 1.13.0, 2.13.0 + GPU · torch 2.11.0"): the
        home device's with the other releases that gave its output."""
        ui = strings(self.lang)["run"]
        torch: dict[str, set[str]] = {}
        for kind in passed:
            torch[kind] = {runs[kind]["torch"]}
            if kind == records.home_device(snip.meta.needs):
                torch[kind] |= {
                    r
                    for r, rec in self.release_runs(snip).items()
                    if self.project.evidence[snip.id].shown_result(rec) == "passed"
                }

        def releases(kind: str) -> str:
            return ", ".join(sorted(torch[kind], key=records.release_key))

        if len({frozenset(t) for t in torch.values()}) == 1:
            devices = " + ".join(DEVICE_NAMES[k] for k in passed)
            return ui["ok"].format(devices=devices, torch=releases(passed[0]))
        return " + ".join(
            ui["ok"].format(devices=DEVICE_NAMES[k], torch=releases(k)) for k in passed
        )

    def release_runs(self, snip: snippet_store.Snippet) -> dict[str, Record]:
        """The snippet's current records on other torch releases, oldest first."""
        return self.project.evidence[snip.id].releases

    def release_differences(
        self, snip: snippet_store.Snippet, runs: dict[str, Record | None]
    ) -> str:
        """Under the output, folded: what the same code did on the other torch releases where
        that differs from the pinned run (another output, an error or none, a new warning),
        each release's own recorded output shown as it printed it."""
        ui = strings(self.lang)["run"]
        pinned = runs[records.home_device(snip.meta.needs)] or {}
        body: list[str] = []
        differing: list[str] = []
        for release, rec, build in self.other_release_rows(snip, runs):
            words = {"torch": release, "build": build, "pinned": self.project.pinned_torch}
            new_warnings = [
                w for w in rec.get("warnings") or [] if w not in (pinned.get("warnings") or [])
            ]
            said: list[str] = []
            output = rec.get("output")  # None: the run itself failed (timed out, crashed)
            if self.project.evidence[snip.id].shown_result(rec) == "passed":
                pass  # the same output but for the build's CUDA version: nothing to fold
            elif records.failed_in_check(rec):
                error = _raised(rec["reason"])
                said.append(ui["release_check_failed"].format(error=error, **words))
            elif rec["result"] in ("differs", "failed"):
                key = "release_output_differs"
                if rec["result"] == "failed":
                    expected = snip.meta.expect_exception is not None
                    raised = output is None or records.split_recorded(output, expected)[1]
                    key = "release_no_error" if expected and not raised else "release_lesson_failed"
                shown = (rec.get("reason") or "") if output is None else output
                said += [ui[key].format(**words), "", *_text_block(shown)]
            if new_warnings:
                shown = "; ".join(f"`{_md_code(w)}`" for w in new_warnings)
                said.append(ui["release_warns"].format(warnings=shown, **words))
            if said:
                differing.append(release)
                body += [*said, ""]
        if not differing:
            return ""
        lines = [
            '<details class="kb-check kb-releases" markdown>',
            f"<summary>{ui['releases_title'].format(releases=', '.join(differing))}</summary>",
            "",
            ui["releases_lead"].format(pinned=self.project.pinned_torch),
            "",
            *body,
            "</details>",
        ]
        return "\n".join(lines)

    def other_release_rows(
        self, snip: snippet_store.Snippet, runs: dict[str, Record | None]
    ) -> list[tuple[str, dict, str]]:
        """(release, record, how it was built and run) for each other torch release: the
        release runs on the CPU, then a GPU machine's own torch where its run of a CPU
        snippet printed something else (`differs`) that the CPU run of that release did not."""
        ui = strings(self.lang)["run"]
        rows = [
            (release, rec, ui["release_build"].format(cuda=rec["cuda"]) if rec.get("cuda") else "")
            for release, rec in self.release_runs(snip).items()
        ]
        gpu = runs.get("cuda") or {}
        if gpu.get("result") == "differs":
            on_cpu = self.release_runs(snip).get(gpu["torch"], {})
            if on_cpu.get("output") != gpu.get("output"):
                build = ui["release_gpu_build"].format(device=gpu["device"], cuda=gpu["cuda"])
                rows.append((gpu["torch"], gpu, build))
        return rows

    def run_detail(
        self, snip: snippet_store.Snippet, kind: str, rec: Record | None, *, named: bool = True
    ) -> str:
        """One device's record in words, for the badge's details (`named`: led by the
        device's name, "CPU：…"); "" for a device the snippet was never meant to run on
        and has no record of."""
        ui = strings(self.lang)["run"]
        home = kind == records.home_device(snip.meta.needs)
        result = rec.get("result") if rec else None
        if rec is None or result == "skipped":
            if not home:
                return ""
            key, words = (
                ("detail_none", {})
                if rec is None
                else (
                    "detail_skipped",
                    {"reason": self.skip_reason(snip, rec)},
                )
            )
        else:
            key = {"passed": "detail_passed", "differs": "detail_differs"}.get(
                result, "detail_failed"
            )
            words = {k: rec.get(k) for k in RECORD_WORDS}
        text = ui[key].format(**words)
        return f"{DEVICE_NAMES[kind]}{self.ui['sep']}{text}" if named else text

    def checks(self, snip: snippet_store.Snippet, runs: dict[str, Record | None]) -> str:
        """The editor's checks, folded: their code (run after the lesson, in its namespace:
        `verify`), what the run found and where it ran."""
        ui = strings(self.lang)["run"]
        code = comments.source(snip, self.lang, check_part=True)
        fence = "````" if "```" in code else "```"
        shown = f"{snip.id}{records.CHECK_SUFFIX}"
        ran = [self.run_detail(snip, k, runs[k]) for k in records.DEVICE_KINDS if runs[k]]
        lines = [
            '<details class="kb-check" markdown>',
            f"<summary>{ui['check_title']}</summary>",
            "",
            ui["check_lead"],
            "",
            f"<!-- check: {shown} -->",
            f"{fence}python",
            code + ("" if code.endswith("\n") else "\n") + fence,
            "",
        ]
        if any(ran):
            lines += [ui["check_ran"].format(runs="; ".join(r for r in ran if r)), ""]
        lines += [f"- {v}" for v in self.verdict_lines(runs)]
        return "\n".join([*lines, "", "</details>"])

    def verdict_lines(self, runs: dict[str, Record | None]) -> list[str]:
        """The proof verdicts the runs recorded, each with its control, in words."""
        ui = strings(self.lang)["run"]
        out: list[tuple[str, str]] = []
        for kind in records.DEVICE_KINDS:
            rec = runs[kind] or {}
            verdicts = _by_claim(rec.get("verdict"), records.VERDICT_NAMES)
            controls = _by_claim(rec.get("control"), records.CONTROL_NAMES)
            for key, (name, value) in verdicts.items():
                control = controls.get(key)
                meaning = ui["holds"] if value else ui["fails"]
                text = ui["verdict"].format(name=name, value=value, meaning=meaning)
                if control is not None:
                    cname, cvalue = control
                    said = "control_opposite" if cvalue != value else "control_same"
                    text += "；" if self.lang == "zh" else "; "
                    text += ui[said].format(name=cname, value=cvalue)
                out.append((DEVICE_NAMES[kind], text))
        devices = {kind for kind, _ in out}
        # the device is named only where runs on two devices both gave verdicts
        return [f"{kind}: {text}" if len(devices) > 1 else text for kind, text in out]

    def skip_reason(self, snip: snippet_store.Snippet, rec: Record) -> str:
        """Why the run skipped a snippet, in the page's language: the runner's CUDA
        reason, or snippets.yml's `skip` (`skip_zh` on Chinese pages)."""
        reason = str(rec.get("reason") or rec.get("result"))
        if reason.startswith("needs CUDA"):
            return strings(self.lang)["run"]["needs_gpu_reason"]
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
        sep = self.ui["sep"]
        if label.gpus_needed:
            title = self.ui["awaiting_gpus"].format(n=label.gpus_needed)
        if label.label == "awaiting-gpu":  # what the proof is expected to find
            title += self.ui["expected"].format(label=self.labels_ui[claim.status])
        text = claim.claim.get(self.lang, claim.claim.zh)
        lines = [f'!!! {kind} "{title}{sep}{_attr(text)}"', ""]
        proof = ""
        explanation = claim.explanation.get(self.lang) if claim.explanation else ""
        if label.gpus_needed:
            why = self.ui["awaiting_gpus_why"].format(n=label.gpus_needed, ran=self.ran_on(label))
            explanation = why + "\n\n" + explanation
        elif label.label == "awaiting-gpu":
            explanation = self.ui["awaiting_gpu_why"] + "\n\n" + explanation
        # the explanation is searched as the claim's own result (its card on the claims
        # page); here it stays out of the section's search text, which is the lesson's
        for paragraph in re.split(r"\n\s*\n", explanation.strip()):
            if paragraph.strip():
                lines += [f"    {line}" for line in paragraph.splitlines()]
                lines += ["    {: data-search-exclude }", ""]
        extra = []
        if scope := checked_over(claim_id, label, self.ui):
            extra.append(f"{self.ui['checked_over']}{sep}{scope}")
        if label.device == "cuda" and label.label in ("verified", "corrected"):
            extra.append(f"{self.ui['checked_on']}{sep}{self.ran_on(label)}")
        if changed := changed_in(label, claim.since, self.ui):
            extra.append(f"{self.ui['since']}{sep}{changed}")
        if claim.sources:
            extra.append(f"{self.ui['sources']}{sep}{source_links(claim.sources)}")
        if claim.snippet:
            proof_id = snippet_store.snippet_id(claim.snippet)
            anchor = snippet_anchor(proof_id)
            extra.append(f"{self.ui['proof']}{sep}[`{claim.snippet}`](#{anchor})")
            if proof_id not in self.page_snippets:  # show the proof where the claim is
                self.page_snippets.add(proof_id)
                proof = "\n\n" + self.snippet(SnippetPart(part.path, part.line, claim.snippet))
        if extra:  # facts about the proof, for readers, not for search (like provenance)
            lines += ["    " + " · ".join(extra), "    {: data-search-exclude }"]
        return "\n".join(lines) + proof

    def ran_on(self, label: ClaimLabel) -> str:
        """Where the proof's record was run, in words: device, torch, CUDA, date."""
        rec = label.record or {}
        return self.ui["ran_on"].format(
            **{k: rec.get(k) for k in ("device", "torch", "cuda", "date")}
        )

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
            f"{self.ui['source']}{self.ui['sep']}"
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
            # provenance after the section, small: the reader meets the author's words first
            parts.append(
                f"## {text['title']} {{#{section.id}}}\n\n{body}\n\n{self.provenance(section)}\n"
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


def _by_claim(value: object, names: tuple[str, str]) -> dict[str, tuple[str, bool]]:
    """A recorded verdict (or control) as {claim key: (the name the code set, value)}:
    one bool for all the snippet's claims, or one per claim id."""
    if isinstance(value, bool):
        return {"": (names[0], value)}
    if isinstance(value, dict):
        return {k: (f"{names[1]}[{k!r}]", v) for k, v in value.items()}
    return {}


def _raised(reason: str) -> str:
    """`<file>:<line>: raised AttributeError: ...` -> `AttributeError: ...`."""
    return reason.split(": raised ", 1)[-1].split("; expected ", 1)[0]


def _text_block(text: str) -> list[str]:
    fence = "````" if "```" in text else "```"
    return [f"{fence}text", text.rstrip("\n"), fence]


def _md_code(text: str) -> str:
    """Text for inside a single-backtick code span (backticks would end it)."""
    return text.replace("`", "'")


def output_anchor(snippet_id: str) -> str:
    """The id of a snippet's recorded output on its page."""
    return "output-" + snippet_id.replace("/", "-")


def snippet_anchor(snippet_id: str) -> str:
    """The id of a snippet's place on its page (and on the records page)."""
    return "snippet-" + snippet_id.replace("/", "-")


def _md_text(text: str) -> str:
    """Text as a Markdown link's text: nothing in it is markup."""
    return re.sub(r"([\\`*_\[\]<>])", r"\\\1", text)


def _attr(text: str) -> str:
    """Text inside an admonition title's double quotes."""
    return text.replace('"', "&quot;")


def yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
