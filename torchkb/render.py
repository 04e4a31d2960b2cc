"""Render docs/ (Chinese and English Markdown pages) from canonical notes and snippets.

Pure function of the inputs: `render_site()` returns {relative path: bytes}, and the same
inputs always give the same bytes. `write_docs()` swaps the result in atomically.
"""

import html
import re
import shutil
import tempfile
from pathlib import Path

import torchkb
from torchkb import records
from torchkb import snippets as snippet_store
from torchkb.canonical import Section, Topic, load_list_files, load_topics
from torchkb.claims import ClaimLabel, label_all
from torchkb.error_index import error_index_page
from torchkb.errors import SourceError
from torchkb.notebooks import note_label, reproduces, topic_notebooks
from torchkb.rawnotes import is_output_marker, read_text
from torchkb.sanitize import unsafe_html
from torchkb.translation import MISSING, english_view

UI = {
    "zh": {
        "source": "来源",
        "lines": "第 {a}–{b} 行",
        "repost": "转载自",
        "output": "输出",
        "raises": "输出（抛出异常）",
        "cpu_ok": "CPU · torch {torch} · {date}",
        "cpu_skip": "CPU：未运行（{reason}）",
        "needs_cuda": "需要 CUDA：本机 torch.cuda.is_available() 为 False",
        "cpu_none": "CPU：尚未验证",
        "cuda_ok": "GPU · {device} · torch {torch} · {date}",
        "cuda_none": "GPU：尚未运行",
        "cuda_failed": "GPU：运行失败（{date}）",
        "note_output": "笔记原文中的输出（{note} 第 {a}–{b} 行，本站未重新运行）",
        "claim_verified": "已验证",
        "claim_corrected": "更正",
        "claim_unchecked": "无法验证",
        "claim_awaiting_gpu": "待 GPU 验证",
        "awaiting_gpu_why": "证明片段需要 CUDA，当前代码还没有在 GPU 上运行过的记录；"
        "在 GPU 上运行之前，本站不对这条论断下结论。",
        "proof": "证明",
        "since": "变化版本",
        "home_title": "PyTorch 笔记知识库",
        "home_lead": "由中文学习笔记整理而成的 PyTorch 知识库：每段代码都是经过测试的片段文件，"
        "页面标明它在哪里（CPU / GPU）、用哪个 torch 版本、何时运行过。",
        "topics": "主题",
        "raw_title": "原始笔记 {number}",
        "raw_lead": "这是作者的原始笔记，逐字保存；各主题页的“来源”行链接到这里的行号。",
        "claims_title": "论断核查",
        "claims_lead": "笔记中关于 torch 行为的每条可检验论断，及其在 torch 2.13 上的核查结果。",
        "tags_title": "标签",
        "tags_lead": "按标签列出各主题页。",
        "raw_description": "作者的原始 PyTorch 学习笔记 {number}，逐字保存（{name}）。",
        "notebook": "[:material-notebook-outline: 本页的 Jupyter Notebook（可下载运行）]({href})",
    },
    "en": {
        "source": "Source",
        "lines": "lines {a}–{b}",
        "repost": "reposted from",
        "output": "Output",
        "raises": "Output (raises)",
        "cpu_ok": "CPU · torch {torch} · {date}",
        "cpu_skip": "CPU: not run ({reason})",
        "needs_cuda": "needs CUDA: torch.cuda.is_available() is False on this machine",
        "cpu_none": "CPU: not yet verified",
        "cuda_ok": "GPU · {device} · torch {torch} · {date}",
        "cuda_none": "GPU: not yet run",
        "cuda_failed": "GPU: failed ({date})",
        "note_output": "Output as printed in the original note ({note}, lines {a}–{b}; "
        "not re-run here)",
        "claim_verified": "Verified",
        "claim_corrected": "Correction",
        "claim_unchecked": "Not checkable",
        "claim_awaiting_gpu": "Awaiting a GPU run",
        "awaiting_gpu_why": "The proof needs CUDA and its current code has no recorded GPU "
        "run yet; until it runs on a GPU, this site draws no conclusion on the claim.",
        "proof": "Proof",
        "since": "Changed in",
        "home_title": "PyTorch Notes Knowledge Base",
        "home_lead": "A PyTorch knowledge base built from Chinese study notes: every code block "
        "is a tested snippet file, and each page says where it ran (CPU / GPU), on which "
        "torch and when.",
        "topics": "Topics",
        "raw_title": "Raw note {number}",
        "raw_lead": "The author's original note, kept verbatim (in Chinese); the “Source” "
        "lines on the topic pages link to its line numbers.",
        "claims_title": "Claims register",
        "claims_lead": "Every checkable claim the notes make about torch behaviour, and what "
        "torch 2.13 actually does.",
        "tags_title": "Tags",
        "tags_lead": "The topic pages, listed by tag.",
        "raw_description": "The author's original PyTorch study note {number} ({name}), "
        "kept verbatim in Chinese.",
        "notebook": "[:material-notebook-outline: This page as a Jupyter notebook "
                    "(download and run)]({href})",
        # the editor's banners over sections whose English is missing or stale
        "missing_title": "Awaiting translation · 待翻译",
        "missing_text": "This section has not been translated into English yet: the author's "
                        "Chinese text is shown.",
        "stale_title": "The Chinese changed since this was translated",
        "stale_text": "The English below follows an earlier version of this section; the "
                      "Chinese page has the current text.",
    },
}
FIGURE_DIR = "assets/figures"
# admonition type and UI key per derived claim label (torchkb.claims)
CLAIM_STYLE = {"verified": "success", "corrected": "warning", "awaiting-gpu": "quote",
               "not-checkable": "info"}
CLAIM_UI = {"verified": "claim_verified", "corrected": "claim_corrected",
            "awaiting-gpu": "claim_awaiting_gpu", "not-checkable": "claim_unchecked"}
# icons, not emoji glyphs (no emoji font needed)
CLAIM_ICON = {"verified": ":material-check-circle:{ .kb-icon-ok }",
              "corrected": ":material-alert:{ .kb-icon-warn }",
              "awaiting-gpu": ":material-timer-sand:{ .kb-icon-info }",
              "not-checkable": ":material-information:{ .kb-icon-info }"}


class PageWriter:
    """Expands the directives of one language's pages."""

    def __init__(self, lang: str, claims: dict[str, dict], repost: dict[str, str],
                 snippets: dict[str, snippet_store.Snippet],
                 verification: dict[str, dict[str, dict]],
                 labels: dict[str, ClaimLabel]) -> None:
        self.lang, self.ui, self.claims, self.repost = lang, UI[lang], claims, repost
        self.snippets, self.verification, self.labels = snippets, verification, labels
        self.figures: dict[str, Path] = {}  # docs-relative path -> source file

    # -- directives -------------------------------------------------------------
    def snippet(self, ref: str, section: Section) -> str:
        snip = self.snippets.get(snippet_store.snippet_id(ref))
        if snip is None:
            raise SourceError(section.path, section.line, f"@snippet {ref}: no such snippet file")
        path = snip.en_path if self.lang == "en" and snip.en_path else snip.path
        code = path.read_text(encoding="utf-8")
        fence = "````" if "```" in code else "```"
        lang_tag = {"python": "python", "shell": "bash", "yaml": "yaml"}.get(snip.kind, "text")
        shown = f"{snip.id.split('/')[0]}/{path.name}"
        out = [
            f'<a id="snippet-{snip.id.replace("/", "-")}"></a>',
            f"<!-- snippet: {shown} -->",
            *self.codeblock_marks(snip, code),
            f'<div class="kb-snippet-name"><code>snippets/{shown}</code></div>',
            "",
            f"{fence}{lang_tag}",
            code + ("" if code.endswith("\n") else "\n") + fence,
        ]
        recorded = snippet_store.load_output(snip.id)
        if recorded:
            title = self.ui["raises"] if snip.meta.get("expect_exception") else self.ui["output"]
            o_fence = "````" if "```" in recorded else "```"
            body = recorded + ("" if recorded.endswith("\n") else "\n")
            check = self.output_is_checked(snip, code)
            out += ["", f"<!-- output: {snip.id} -->",
                    *(["<!--pytest-codeblocks:expected-output-->"] if check else []),
                    f'<div class="kb-output-name">{title}</div>', "", f"{o_fence}text",
                    body + o_fence]
        for fig in snippet_store.figures(snip):
            rel = f"{FIGURE_DIR}/{snip.id.replace('/', '-')}-{fig.name.split('.', 1)[1]}"
            self.figures[rel] = fig
            out += ["", f"![{snip.meta.get('title', {}).get(self.lang, fig.name)}]({rel})"]
        out += ["", self.badges(snip)]
        return "\n".join(out)

    @staticmethod
    def codeblock_marks(snip: snippet_store.Snippet, code: str) -> list[str]:
        """pytest-codeblocks marks, so the page's code runs as shown (tests/ run it too)."""
        meta = snip.meta
        if snip.kind == "shell":
            return ['<!--pytest.mark.skip(reason="shell snippet: run or syntax-checked by '
                    'tests/test_snippets.py, never blindly from a page")-->']
        if snip.kind != "python":
            return []
        marks = []
        if meta.get("skip"):
            marks.append(f"<!--pytest.mark.skip(reason={str(meta['skip'])!r})-->")
        if meta.get("needs") == "cuda":
            marks.append('<!--pytest.mark.skipif(not __import__("torch").cuda.is_available(), '
                         'reason="needs CUDA")-->')
        if meta.get("needs") == "cpu-only-build":
            marks.append('<!--pytest.mark.skipif(__import__("torch").backends.cuda.is_built(), '
                         'reason="needs a CPU-only torch build")-->')
        if '__name__ == "__main__"' in code:
            marks.append('<!--pytest.mark.skip(reason="main-guarded (DataLoader workers): '
                         'run as __main__ by tests/test_snippets.py")-->')
        for package in meta.get("packages") or []:
            marks.append(f"<!--pytest-codeblocks:importorskip({package})-->")
        if meta.get("expect_exception"):
            # pytest-codeblocks re-raises every error as RuntimeError
            marks.append('<!--pytest.mark.xfail(raises=RuntimeError, strict=True, '
                         'reason="the snippet demonstrates an error")-->')
        return marks

    @staticmethod
    def output_is_checked(snip: snippet_store.Snippet, code: str) -> bool:
        """Whether pytest-codeblocks compares the page's output block with a fresh run."""
        meta = snip.meta
        return (snip.kind == "python" and meta.get("deterministic_output", True) is not False
                and not meta.get("expect_exception") and meta.get("needs") == "cpu"
                and not meta.get("skip") and '__name__ == "__main__"' not in code)

    def badges(self, snip: snippet_store.Snippet) -> str:
        """Where the snippet's current code ran, from the records only (torchkb.records)."""
        code_sha = snippet_store.code_sha256(snip.path)
        needs = snip.meta.get("needs")
        spans = []
        for kind in records.DEVICE_KINDS:
            out = records.expected_output_path(snip.path, kind, needs)
            rec = records.current_record(self.verification.get(kind, {}), snip.id, code_sha,
                                         out)
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
            spans.append(f'<span class="kb-badge kb-{kind} kb-{css}" data-search-exclude>'
                         f"{text}</span>")
        return '<span class="kb-badges">' + " ".join(spans) + "</span>"

    def skip_reason(self, snip: snippet_store.Snippet, rec: dict) -> str:
        """Why the run skipped a snippet, in the page's language: the runner's CUDA
        reason, or snippets.yml's `skip` (`skip_zh` on Chinese pages)."""
        reason = str(rec.get("reason") or rec.get("result"))
        if reason.startswith("needs CUDA"):
            return self.ui["needs_cuda"]
        if self.lang == "zh" and reason == snip.meta.get("skip") and snip.meta.get("skip_zh"):
            return str(snip.meta["skip_zh"])
        return reason

    def note_output(self, arg: str, section: Section) -> str:
        try:
            stem, span = arg.split()
            a, b = (int(x) for x in span.split("-"))
        except ValueError:
            raise SourceError(section.path, section.line,
                              f"@note-output {arg!r}: expected `<note> <a>-<b>`") from None
        raw = torchkb.RAW / f"{stem}.txt"
        if not raw.exists():
            raise SourceError(section.path, section.line, f"@note-output: no raw note {stem}")
        lines = read_text(raw).splitlines()[a - 1 : b]
        if self.last_output is not None and reproduces(self.last_output, lines):
            # the re-run above printed what the note printed: shown once, as the run's
            return f"<!-- note-output: {stem} {a}-{b} (reproduced by the run above) -->"
        title = self.ui["note_output"].format(note=note_label(stem), a=a, b=b)
        fence = "````" if any("```" in line for line in lines) else "```"
        block = "\n".join("    " + line if line.strip() else ""
                          for line in [f"{fence}text", *lines, fence])
        return f"<!-- note-output: {stem} {a}-{b} -->\n??? quote \"{title}\"\n\n{block}"

    def claim(self, claim_id: str, section: Section) -> str:
        claim = self.claims.get(claim_id)
        if claim is None:
            raise SourceError(section.path, section.line, f"@claim {claim_id}: not in notes/claims")
        label = self.labels[claim_id]
        kind, title = CLAIM_STYLE[label.label], self.ui[CLAIM_UI[label.label]]
        text = claim["claim"].get(self.lang, claim["claim"]["zh"])
        lines = [f'!!! {kind} "{title}: {_attr(text)}"', ""]
        proof = ""
        explanation = (claim.get("explanation") or {}).get(self.lang, "")
        if label.label == "awaiting-gpu":
            explanation = self.ui["awaiting_gpu_why"] + "\n\n" + explanation
        for line in explanation.strip().splitlines():
            lines.append(f"    {line}" if line.strip() else "")
        extra = []
        if claim.get("since"):
            extra.append(f"{self.ui['since']}: {claim['since']}")
        if claim.get("snippet"):
            proof_id = snippet_store.snippet_id(claim["snippet"])
            anchor = "snippet-" + proof_id.replace("/", "-")
            extra.append(f"{self.ui['proof']}: [`{claim['snippet']}`](#{anchor})")
            if proof_id not in self.page_snippets:  # show the proof where the claim is
                self.page_snippets.add(proof_id)
                proof = "\n\n" + self.snippet(claim["snippet"], section)
        if extra:
            lines += ["", "    " + " · ".join(extra)]
        return "\n".join(lines) + proof

    def expand(self, section: Section) -> str:
        body = section.text[self.lang]["body"].strip("\n")
        out = []
        # recorded output of the @snippet just above (only blank lines or a short lead-in
        # such as "输出：" between): a @note-output that it reproduces is not shown twice
        self.last_output: str | None = None
        ids = iter(self.subheading_ids(section))
        fence = ""
        for line in body.splitlines():
            stripped = line.strip()
            marker = _FENCE.match(stripped)
            if marker and (not fence or marker.group(1).startswith(fence)):
                fence = "" if fence else marker.group(1)
            if not fence and _SUBHEADING.match(line) and "{#" not in line:
                line = f"{line.rstrip()} {{#{next(ids)}}}"
            if stripped.startswith("@snippet "):
                ref = stripped.split(None, 1)[1]
                out.append(self.snippet(ref, section))
                self.last_output = snippet_store.load_output(snippet_store.snippet_id(ref))
                continue
            if stripped.startswith("@claim "):
                out.append(self.claim(stripped.split(None, 1)[1], section))
            elif stripped.startswith("@note-output "):
                out.append(self.note_output(stripped.split(None, 1)[1], section))
            else:
                out.append(line)
            if stripped and not is_output_marker(stripped):
                self.last_output = None
        return "\n".join(out)

    def subheading_ids(self, section: Section) -> list[str]:
        """Ids of a section's `###` headings, the same in both languages (the language
        switch keeps the reader's place): the English heading's slug, prefixed with the
        section id; by position when the two languages' headings differ in number."""
        titles = {lang: _subheadings(text["body"]) for lang, text in section.text.items()}
        en, own = titles.get("en", []), titles[self.lang]
        if len(en) != len(own):
            return [f"{section.id}-{n}" for n in range(1, len(own) + 1)]
        ids, used = [], set()
        for n, title in enumerate(en, 1):
            slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or str(n)
            new = f"{section.id}--{slug}"
            ids.append(new if new not in used else f"{new}-{n}")
            used.add(ids[-1])
        return ids

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
        return (f'{self.ui["source"]}: ' + "; ".join(parts)
                + "\n{: .kb-provenance data-search-exclude }")

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
            snippet_store.snippet_id(arg) for s in topic.sections
            for kind, arg in s.directives(lang)
            if kind == "snippet"
        }
        for section in topic.sections:
            text = section.text[lang]
            body = self.expand(section)
            if lang == "en" and section.translation:
                body = self.translation_banner(section.translation, body)
            parts.append(
                f"## {text['title']} {{#{section.id}}}\n\n{self.provenance(section)}\n\n"
                f"{body}\n"
            )
        return "\n".join(parts)

    def translation_banner(self, status: str, body: str) -> str:
        """The editor's note over an untranslated or stale section (not the author's text,
        not for search); an untranslated body is marked as Chinese for screen readers."""
        title, text = self.ui[f"{status}_title"], self.ui[f"{status}_text"]
        banner = (f'<div class="admonition warning kb-translation kb-translation-{status}" '
                  f'data-search-exclude><p class="admonition-title">{html.escape(title)}</p>'
                  f"<p>{html.escape(text)}</p></div>")
        if status == MISSING:
            body = f'<div lang="zh" markdown="block">\n\n{body}\n\n</div>'
        return f"{banner}\n\n{body}"


_FENCE = re.compile(r"(`{3,}|~{3,})")
# a body's `###` heading, or one in an editor's note (indented under `!!! editor`)
_SUBHEADING = re.compile(r"^(?: {4})?###\s+\S")


def _subheadings(body: str) -> list[str]:
    """The `###` heading texts of a body, outside code fences."""
    found, fence = [], ""
    for line in body.splitlines():
        marker = _FENCE.match(line.strip())
        if marker and (not fence or marker.group(1).startswith(fence)):
            fence = "" if fence else marker.group(1)
        elif not fence and _SUBHEADING.match(line):
            found.append(line.strip().lstrip("#").strip())
    return found


def _attr(text: str) -> str:
    """Text inside an admonition title's double quotes."""
    return text.replace('"', "&quot;")


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def home_page(lang: str, topics: list[Topic]) -> str:
    ui = UI[lang]
    lines = ["---", f"title: {_yaml_str(ui['home_title'])}", "hide:", "  - navigation",
             "search:", "  exclude: true", "---", "",
             f"# {ui['home_title']}", "", ui["home_lead"], "", f"## {ui['topics']}", "",
             '<div class="grid cards" markdown>', ""]
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


def raw_note_page(lang: str, raw: Path) -> str:
    """The raw note verbatim, each line with an `L<n>` anchor; excluded from search."""
    ui = UI[lang]
    title = ui["raw_title"].format(number=raw.stem.split("_")[0])
    rows = [
        f'<span class="kb-line" id="L{n}"><span class="kb-lineno">{n}</span>'
        f"{html.escape(line)}</span>"
        for n, line in enumerate(read_text(raw).splitlines(), 1)
    ]
    number = raw.stem.split("_")[0]
    description = ui["raw_description"].format(number=number, name=raw.name)
    return "\n".join([
        "---", f"title: {_yaml_str(title)}", f"description: {_yaml_str(description)}",
        "search:", "  exclude: true", "---", "",
        f"# {title}", "", f"`{raw.name}` — {ui['raw_lead']}", "",
        '<pre class="kb-raw"><code>' + "\n".join(rows) + "</code></pre>", "",
    ])


def claims_page(lang: str, claims: list[dict], sections_by_claim: dict[str, str],
                writer: PageWriter, topics: list[Topic]) -> str:
    """The register, grouped by topic; each proof shows what verified it."""
    ui = UI[lang]
    status_text = {k: f"{CLAIM_ICON[k]} {ui[CLAIM_UI[k]]}" for k in CLAIM_UI}
    # not in search: every claim is also shown, with its section, on the topic pages
    lines = ["---", f"title: {_yaml_str(ui['claims_title'])}",
             f"description: {_yaml_str(ui['claims_lead'])}", "search:", "  exclude: true",
             "---", "", f"# {ui['claims_title']}",
             "", ui["claims_lead"], ""]
    counts: dict[str, int] = {}
    for claim in claims:
        label = writer.labels[claim["id"]].label
        counts[label] = counts.get(label, 0) + 1
    lines += [" · ".join(f"{status_text[k]}: {counts[k]}" for k in CLAIM_UI if k in counts), ""]
    titles = {t.id: t.title[lang] for t in topics}
    for topic_id in sorted({c["__file__"].stem for c in claims}, key=lambda t: (t not in titles,
                           [x.id for x in topics].index(t) if t in titles else 0, t)):
        lines += [f"## {titles.get(topic_id, topic_id)}", ""]
        for claim in (c for c in claims if c["__file__"].stem == topic_id):
            cid = claim["id"]
            text = claim["claim"].get(lang, claim["claim"]["zh"])
            where = sections_by_claim.get(cid)
            link = f" · [{ui['source']}]({where})" if where else ""
            lines += [f'<a id="claim-{cid}"></a>', "",
                      f"**{text}** — {status_text[writer.labels[cid].label]}", "",
                      f"{note_label(claim['note'])}:{claim.get('line', '')}{link}", ""]
            explanation = (claim.get("explanation") or {}).get(lang, "").strip()
            if explanation:
                lines += [explanation, ""]
            snip = writer.snippets.get(snippet_store.snippet_id(str(claim.get("snippet", ""))))
            if snip is not None:
                lines += [f"{ui['proof']}: `{claim['snippet']}` {writer.badges(snip)}", ""]
    return "\n".join(lines)


def render_site(root: Path = torchkb.ROOT) -> dict[str, bytes]:
    topics = load_topics(root / "notes" / "topics")
    claims_list = load_list_files(root / "notes" / "claims")
    claims = {c["id"]: c for c in claims_list}
    for claim in claims_list:  # claim texts become page Markdown too
        texts = [*(claim.get("claim") or {}).values(), *(claim.get("explanation") or {}).values()]
        for text in texts:
            for _, problem in unsafe_html(str(text)):
                raise SourceError(claim["__file__"], claim.get("__line__"),
                                  f"claim {claim.get('id')}: {problem}")
    repost = _reposts(root)
    snippets = {s.id: s for s in snippet_store.load_all()}
    verification = snippet_store.load_verification()
    check_recorded_outputs(snippets, verification)
    labels = label_all(claims_list, snippets, verification)
    files: dict[str, bytes] = {}
    sections_by_claim: dict[str, str] = {}
    for topic in topics:
        for section in topic.sections:
            for kind, arg in section.directives("zh"):
                if kind == "claim":
                    sections_by_claim.setdefault(arg, f"{topic.id}.md#{section.id}")
    views = {"zh": topics, "en": english_view(topics)}
    for lang in torchkb.LANGS:
        writer = PageWriter(lang, claims, repost, snippets, verification, labels)
        files[f"{lang}/index.md"] = home_page(lang, views[lang]).encode()
        for topic in views[lang]:
            files[f"{lang}/{topic.id}.md"] = writer.topic_page(topic).encode()
        files.update(topic_notebooks(views[lang], lang, claims, snippets, labels))
        files[f"{lang}/claims.md"] = claims_page(
            lang, claims_list, sections_by_claim, writer, topics).encode()
        files[f"{lang}/errors.md"] = error_index_page(lang).encode()
        files[f"{lang}/tags.md"] = (
            f"---\ntitle: {_yaml_str(UI[lang]['tags_title'])}\n"
            f"description: {_yaml_str(UI[lang]['tags_lead'])}\nsearch:\n  exclude: true\n---\n\n"
            f"# {UI[lang]['tags_title']}\n\n<!-- material/tags -->\n"
        ).encode()
        for raw in sorted((root / "notes" / "raw").glob("*.txt")):
            files[f"{lang}/raw/{raw.stem}.md"] = raw_note_page(lang, raw).encode()
        for rel, src in writer.figures.items():
            files[f"{lang}/{rel}"] = src.read_bytes()
    return files


def check_recorded_outputs(snippets: dict[str, snippet_store.Snippet],
                           verification: dict[str, dict[str, dict]]) -> None:
    """A recorded output must be what the last run of the current code wrote: a file whose
    hash differs from its record's (edited by hand, or a bad merge) stops the build."""
    for snip in snippets.values():
        code_sha = snippet_store.code_sha256(snip.path)
        for kind in records.DEVICE_KINDS:
            rec = verification.get(kind, {}).get(snip.id)
            out = records.expected_output_path(snip.path, kind, snip.meta.get("needs"))
            if (rec and rec.get("code_sha256") == code_sha and rec.get("output_sha256")
                    and records.sha256_file(out) != rec["output_sha256"]):
                raise SourceError(out, None, f"differs from the output the last run recorded "
                                  f"(verification/{kind}.json, {rec.get('date')}): outputs "
                                  f"come from runs: python -m torchkb verify {snip.id} "
                                  "--update")


def _reposts(root: Path) -> dict[str, str]:
    """Notes that say they are a repost (`[Source](url)` near the top) -> url."""
    found = {}
    for raw in sorted((root / "notes" / "raw").glob("*.txt")):
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
    problems = [rel for rel, data in files.items()
                if rel not in on_disk or on_disk[rel].read_bytes() != data]
    problems += [rel for rel in on_disk if rel not in files]
    return sorted(problems)
