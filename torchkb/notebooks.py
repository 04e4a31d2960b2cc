"""Every topic as a Jupyter notebook (nbformat v4), rendered as a page by mkdocs-jupyter.

`topic_notebooks(topics, lang, claims, snippets, labels)` -> {"<lang>/notebooks/<topic>.ipynb":
bytes}. Markdown cells come from the section texts, code cells from the snippet files (the `.en.py`
variant for English) and carry the recorded output of the snippet's last real run
(`snippets/<topic>/<name>.out`, its figures). Same inputs, same bytes: cell ids are
sequential, keys sorted, no timestamps. How MkDocs shows them: `notebook_hooks.py`.
"""

import base64
import json
import re

import nbformat
from nbformat import v4

import torchkb
from torchkb import snippets as snippet_store
from torchkb.canonical import (
    ClaimPart,
    EditorNotePart,
    NoteOutputPart,
    Section,
    SnippetPart,
    TextPart,
    Topic,
)
from torchkb.claims import ClaimLabel
from torchkb.rawnotes import is_output_marker
from torchkb.records import EXCEPTION_HEAD, split_recorded

UI = {
    "zh": {
        "lead": "本页由主题页 [{title}](../../{topic}/) 生成；每个代码单元格都是 `snippets/` "
                "中经过测试的片段，显示的输出来自它最近一次的真实运行（CPU，torch 2.13）。"
                "[下载本 notebook]({topic}.ipynb)",
        "setup": "# 本站逐个独立运行每个片段（随机种子为 0）：每个单元格运行前重置种子，\n"
                 "# 这样从头运行本 notebook 时，输出与记录的输出一致。\n",
        "claim": {"verified": "已验证", "corrected": "更正", "awaiting-gpu": "待 GPU 验证",
                  "not-checkable": "无法验证"},
        "cuda": "*需要 CUDA：此单元格在没有 GPU 的机器上不执行（已标记 `skip-execution`）。*",
        "skip": "*不在测试中运行：{reason}*",
        "note_output": "笔记原文中的输出（{note} 第 {a}–{b} 行，本站未重新运行）：",
    },
    "en": {
        "lead": "Generated from the topic page [{title}](../../{topic}/); every code cell is a "
                "tested snippet from `snippets/`, shown with the output of its last real run "
                "(CPU, torch 2.13). [Download this notebook]({topic}.ipynb)",
        "setup": "# The site runs every snippet on its own with seed 0: reset the seeds before\n"
                 "# each cell so that running this notebook top to bottom reproduces the\n"
                 "# recorded outputs.\n",
        "claim": {"verified": "Verified", "corrected": "Correction",
                  "awaiting-gpu": "Awaiting a GPU run", "not-checkable": "Not checkable"},
        "cuda": "*Needs CUDA: this cell is not executed on a machine without a GPU (tagged "
                "`skip-execution`).*",
        "skip": "*Not run by the tests: {reason}*",
        "note_output": "Output as printed in the original note ({note}, lines {a}–{b}; "
                       "not re-run here):",
        # as on the page (torchkb.render): the editor's note, not the author's text
        "missing": "> **Awaiting translation · 待翻译**: this section has not been translated "
                   "into English yet; the author's Chinese text is shown.",
        "stale": "> **The Chinese changed since this was translated**: the English below "
                 "follows an earlier version of this section.",
    },
}
SETUP_CODE = """import random

import numpy
import torch


def _reset_state(*_):
    torch.manual_seed(0)
    random.seed(0)
    numpy.random.seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)


get_ipython().events.register("pre_run_cell", _reset_state)
"""
FENCE_LANG = {"shell": "bash", "yaml": "yaml"}
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
# `[text](other.md#anchor)` between pages -> the page's URL seen from /<lang>/notebooks/<id>/
_MD_LINK = re.compile(r"\]\((?![a-z]+:|#|/)([^)\s]+?)\.md(#[^)\s]*)?\)")


def note_label(stem: str) -> str:
    """Short, stable name of a raw note: `note 003` (`NNN_<hash>`), else `note <stem>`."""
    number, _, rest = stem.partition("_")
    return f"note {number}" if number.isdigit() and rest else f"note {stem}"


def recorded_outputs(snip: snippet_store.Snippet) -> list:
    """nbformat outputs of the snippet's last recorded run: stdout as a stream, an expected
    exception as an error output (its recorded lines only; the traceback is not kept), and
    the figures the run wrote."""
    recorded = snippet_store.load_output(snip.id)
    outputs = []
    if recorded:
        expects = bool(snip.meta.get("expect_exception"))
        stdout, error = split_recorded(recorded, expects)
        if stdout:
            outputs.append(v4.new_output("stream", name="stdout", text=stdout))
        if error:
            head = EXCEPTION_HEAD.match(error.splitlines()[0])
            rest = error.split("\n", 1)[1] if "\n" in error.rstrip("\n") else ""
            evalue = ((head.group(2) or "") + ("\n" + rest if rest else "")).rstrip("\n")
            outputs.append(v4.new_output("error", ename=head.group(1), evalue=evalue,
                                         traceback=error.rstrip("\n").splitlines()))
    for fig in snippet_store.figures(snip):
        if fig.suffix == ".png":
            data = {"image/png": base64.b64encode(fig.read_bytes()).decode("ascii")}
        else:
            data = {"image/svg+xml": fig.read_text(encoding="utf-8")}
        outputs.append(v4.new_output("display_data", data=data))
    return outputs


class _Builder:
    def __init__(self, topic: Topic, lang: str, claims: dict[str, dict],
                 snippets: dict[str, snippet_store.Snippet],
                 labels: dict[str, ClaimLabel]) -> None:
        self.topic, self.lang, self.ui, self.claims = topic, lang, UI[lang], claims
        self.labels = labels
        self.snippets = snippets
        self.cells: list = []
        self.markdown: list[str] = []  # pending lines of the current markdown cell
        self.shown = {p.id for s in topic.sections for p in s.parts(self._lang(s))
                      if isinstance(p, SnippetPart)}

    def _lang(self, section: Section) -> str:
        return self.lang if self.lang in section.text else "zh"  # untranslated: as the page

    def flush(self) -> None:
        text = "\n".join(self.markdown).strip("\n")
        if text:
            self.cells.append(v4.new_markdown_cell(text))
        self.markdown = []

    def snippet(self, snippet_id: str) -> None:
        snip = self.snippets[snippet_id]
        path = snip.en_path if self.lang == "en" and snip.en_path else snip.path
        code = path.read_text(encoding="utf-8")
        shown = f"snippets/{snip.id.split('/')[0]}/{path.name}"
        if snip.kind != "python":  # shell/config: shown, never executed
            fence = "````" if "```" in code else "```"
            self.markdown += ["", f"`{shown}`", "", f"{fence}{FENCE_LANG.get(snip.kind, 'text')}",
                              code.rstrip("\n"), fence, ""]
            return
        self.flush()
        meta = snip.meta
        cell = v4.new_code_cell(code.rstrip("\n"))
        tags = []
        if meta.get("needs") == "cuda" or meta.get("skip"):
            tags.append("skip-execution")  # nbclient/nbmake leave these cells alone
        if meta.get("expect_exception") or meta.get("needs") == "cpu-only-build":
            tags.append("raises-exception")
        cell.metadata["tags"] = tags
        cell.metadata["torchkb"] = {"snippet": snip.id, "file": shown}
        cell.outputs = recorded_outputs(snip)
        self.cells.append(cell)
        if meta.get("needs") == "cuda":
            self.markdown += [self.ui["cuda"], ""]
        elif meta.get("skip"):
            reason = meta.get("skip_zh") if self.lang == "zh" else None
            self.markdown += [self.ui["skip"].format(reason=reason or meta["skip"]), ""]

    def claim(self, claim_id: str) -> None:
        claim = self.claims.get(claim_id)
        if claim is None:
            return  # render.py reports unknown claims with file and line
        label = self.ui["claim"][self.labels[claim_id].label]
        text = claim["claim"].get(self.lang, claim["claim"]["zh"])
        self.markdown += [f"> **{label}**: {text}"]
        explanation = (claim.get("explanation") or {}).get(self.lang, "").strip()
        if explanation:  # a correction without its explanation would restate the error
            self.markdown += [">"] + [f"> {line}".rstrip() for line in explanation.splitlines()]
        self.markdown.append("")
        proof = snippet_store.snippet_id(str(claim.get("snippet") or ""))
        if proof and proof not in self.shown and proof in self.snippets:  # as on the page
            self.shown.add(proof)
            self.snippet(proof)

    def note_output(self, part: NoteOutputPart) -> None:
        lines = part.quote(torchkb.RAW)
        if self.last_output is not None and reproduces(self.last_output, lines):
            return  # as on the page: the cell above shows the same output
        title = self.ui["note_output"].format(note=note_label(part.note), a=part.first,
                                              b=part.last)
        fence = "````" if any("```" in line for line in lines) else "```"
        self.markdown += [f"*{title}*", "", f"{fence}text", *lines, fence, ""]

    def section(self, section: Section) -> None:
        text = section.text[self._lang(section)]
        self.markdown += [f"## {text['title']}", ""]
        if self.lang == "en" and section.translation:
            self.markdown += [self.ui[section.translation], ""]
        self.last_output: str | None = None  # as in render.PageWriter.expand
        parts = section.parts(self._lang(section))
        for n, part in enumerate(parts):
            if isinstance(part, SnippetPart):
                self.snippet(part.id)
                self.last_output = snippet_store.load_output(part.id)
                continue
            if isinstance(part, TextPart):
                lines = list(part.lines)
                if n and isinstance(parts[n - 1], EditorNotePart):
                    while lines and not lines[0].strip():  # the quote ended with one
                        lines.pop(0)
                self.markdown += [_MD_LINK.sub(_site_link, line) for line in lines]
                if all(not x.strip() or is_output_marker(x) for x in lines):
                    continue  # a lead-in: the output above still counts
            elif isinstance(part, EditorNotePart):
                quote = editor_quote(part) + ([""] if n + 1 < len(parts) else [])
                self.markdown += [_MD_LINK.sub(_site_link, line) for line in quote]
            elif isinstance(part, ClaimPart):
                self.claim(part.id)
            else:
                self.note_output(part)
            self.last_output = None
        self.markdown.append("")
        self.flush()


def reproduces(recorded: str, note_lines: list[str]) -> bool:
    """Whether a recorded run printed what the note's output block shows (line by line,
    blank lines and spacing at the ends of lines aside)."""
    def norm(lines: list[str]) -> list[str]:
        return [" ".join(line.split()) for line in lines if line.strip()]
    wanted = norm(note_lines)
    return bool(wanted) and norm(recorded.splitlines()) == wanted


def editor_quote(part: EditorNotePart) -> list[str]:
    """An editor block as a block quote headed by its bold title: Jupyter renders no
    admonitions, and the editor's words must stay visibly apart there too."""
    out = [f"> **{part.title or 'Editor'}**", ">"]
    for line in part.body:
        quoted = f"> {line}".rstrip()
        if quoted != ">" or out[-1] != ">":  # blank lines: one empty quote line
            out.append(quoted)
    while out[-1] == ">":
        out.pop()
    return out


def _site_link(m: re.Match) -> str:
    page = m.group(1)
    url = "../../" + ("" if page == "index" else f"{page}/")
    return f"]({url}{m.group(2) or ''})"


def topic_notebook(topic: Topic, lang: str, claims: dict[str, dict],
                   snippets: dict[str, snippet_store.Snippet],
                   labels: dict[str, ClaimLabel]) -> nbformat.NotebookNode:
    b = _Builder(topic, lang, claims, snippets, labels)
    b.markdown = [f"# {topic.title[lang]}", ""]
    if topic.summary.get(lang):
        b.markdown += [topic.summary[lang], ""]
    b.markdown += [UI[lang]["lead"].format(title=topic.title[lang], topic=topic.id)]
    b.flush()
    setup = v4.new_code_cell(UI[lang]["setup"] + SETUP_CODE.rstrip("\n"))
    setup.metadata["tags"] = ["setup"]
    b.cells.append(setup)
    for section in topic.sections:
        b.section(section)
    for n, cell in enumerate(b.cells):
        cell["id"] = f"{topic.id}-{n:03d}"  # stable, not nbformat's random ids
    nb = v4.new_notebook(cells=b.cells, metadata=json.loads(json.dumps(METADATA)))
    nbformat.validate(nb)
    return nb


def notebook_bytes(nb: nbformat.NotebookNode) -> bytes:
    return (json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


def topic_notebooks(topics: list[Topic], lang: str, claims: dict[str, dict],
                    snippets: dict[str, snippet_store.Snippet],
                    labels: dict[str, ClaimLabel]) -> dict[str, bytes]:
    return {f"{lang}/notebooks/{t.id}.ipynb":
            notebook_bytes(topic_notebook(t, lang, claims, snippets, labels)) for t in topics}
