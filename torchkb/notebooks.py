"""Every topic as a Jupyter notebook (nbformat v4), rendered as a page by mkdocs-jupyter.

`topic_notebooks(topics, lang, claims, snippets)` -> {"<lang>/notebooks/<topic>.ipynb":
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
from torchkb.canonical import Section, Topic

UI = {
    "zh": {
        "lead": "本页由主题页 [{title}](../../{topic}/) 生成；每个代码单元格都是 `snippets/` "
                "中经过测试的片段，显示的输出来自它最近一次的真实运行（CPU，torch 2.13）。"
                "[下载本 notebook]({topic}.ipynb)",
        "setup": "# 本站逐个独立运行每个片段（随机种子为 0）：每个单元格运行前重置种子，\n"
                 "# 这样从头运行本 notebook 时，输出与记录的输出一致。\n",
        "claim": {"verified": "已验证", "corrected": "更正", "not-checkable": "无法验证"},
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
                  "not-checkable": "Not checkable"},
        "cuda": "*Needs CUDA: this cell is not executed on a machine without a GPU (tagged "
                "`skip-execution`).*",
        "skip": "*Not run by the tests: {reason}*",
        "note_output": "Output as printed in the original note ({note}, lines {a}–{b}; "
                       "not re-run here):",
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


def recorded_outputs(snip: snippet_store.Snippet) -> list:
    """nbformat outputs of the snippet's last recorded run: stdout as a stream, an expected
    exception as an error output (its recorded lines only; the traceback is not kept), and
    the figures the run wrote."""
    recorded = snippet_store.load_output(snip.id)
    outputs = []
    if recorded:
        expects = bool(snip.meta.get("expect_exception"))
        stdout, error = snippet_store.split_recorded(recorded, expects)
        if stdout:
            outputs.append(v4.new_output("stream", name="stdout", text=stdout))
        if error:
            head = snippet_store.EXCEPTION_HEAD.match(error.splitlines()[0])
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
                 snippets: dict[str, snippet_store.Snippet]) -> None:
        self.topic, self.lang, self.ui, self.claims = topic, lang, UI[lang], claims
        self.snippets = snippets
        self.cells: list = []
        self.markdown: list[str] = []  # pending lines of the current markdown cell
        self.shown = {snippet_store.snippet_id(arg) for s in topic.sections
                      for kind, arg in s.directives(self._lang(s)) if kind == "snippet"}

    def _lang(self, section: Section) -> str:
        return self.lang if self.lang in section.text else "zh"  # untranslated: as the page

    def flush(self) -> None:
        text = "\n".join(self.markdown).strip("\n")
        if text:
            self.cells.append(v4.new_markdown_cell(text))
        self.markdown = []

    def snippet(self, ref: str) -> None:
        snip = self.snippets[snippet_store.snippet_id(ref)]
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
        label = self.ui["claim"].get(claim.get("status"), claim.get("status"))
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

    def note_output(self, arg: str) -> None:
        stem, span = arg.split()
        a, b = (int(x) for x in span.split("-"))
        lines = (torchkb.RAW / f"{stem}.txt").read_text(encoding="utf-8").splitlines()[a - 1:b]
        title = self.ui["note_output"].format(note=f"note {stem.split('_')[0]}", a=a, b=b)
        self.markdown += [f"*{title}*", "", "```text", *lines, "```", ""]

    def section(self, section: Section) -> None:
        text = section.text[self._lang(section)]
        self.markdown += [f"## {text['title']}", ""]
        for line in text["body"].strip("\n").splitlines():
            stripped = line.strip()
            if stripped.startswith("@snippet "):
                self.snippet(stripped.split(None, 1)[1])
            elif stripped.startswith("@claim "):
                self.claim(stripped.split(None, 1)[1])
            elif stripped.startswith("@note-output "):
                self.note_output(stripped.split(None, 1)[1])
            else:
                self.markdown.append(_MD_LINK.sub(_site_link, line))
        self.markdown.append("")
        self.flush()


def _site_link(m: re.Match) -> str:
    page = m.group(1)
    url = "../../" + ("" if page == "index" else f"{page}/")
    return f"]({url}{m.group(2) or ''})"


def topic_notebook(topic: Topic, lang: str, claims: dict[str, dict],
                   snippets: dict[str, snippet_store.Snippet]) -> nbformat.NotebookNode:
    b = _Builder(topic, lang, claims, snippets)
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
                    snippets: dict[str, snippet_store.Snippet]) -> dict[str, bytes]:
    return {f"{lang}/notebooks/{t.id}.ipynb":
            notebook_bytes(topic_notebook(t, lang, claims, snippets)) for t in topics}
