"""Every topic as a Jupyter notebook (nbformat v4), rendered as a page by mkdocs-jupyter.

`topic_notebooks(project, topics, lang, labels)` -> {"<lang>/notebooks/<topic>.ipynb":
bytes}. Markdown cells come from the section texts, code cells from the snippet files (in English
with the comments of `comments.en.yml`) and carry the recorded output of the snippet's last real run
(`snippets/<topic>/<name>.out`, its figures). Same inputs, same bytes: cell ids are
sequential, keys sorted, no timestamps. How MkDocs shows them: `torchkb/site/notebooks.py`.
"""

import base64
import json
import re

import nbformat
from nbformat.notebooknode import NotebookNode

from torchkb.render.claims import ClaimLabel
from torchkb.render.headings import subheading_ids, subheadings
from torchkb.sources import comments
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import (
    ClaimPart,
    EditorNotePart,
    NoteOutputPart,
    Part,
    Section,
    SnippetPart,
    TextPart,
    Topic,
)
from torchkb.sources.project import Project
from torchkb.sources.records import EXCEPTION_HEAD, split_recorded
from torchkb.sources.ui import strings

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
    recorded = snippet_store.load_output(snip)
    outputs = []
    if recorded:
        expects = bool(snip.meta.expect_exception)
        stdout, error = split_recorded(recorded, expects)
        if stdout:
            outputs.append(NotebookNode(output_type="stream", name="stdout", text=stdout))
        if error:
            head = EXCEPTION_HEAD.match(error.splitlines()[0])
            rest = error.split("\n", 1)[1] if "\n" in error.rstrip("\n") else ""
            evalue = ((head.group(2) or "") + ("\n" + rest if rest else "")).rstrip("\n")
            outputs.append(
                NotebookNode(
                    output_type="error",
                    ename=head.group(1),
                    evalue=evalue,
                    traceback=error.rstrip("\n").splitlines(),
                )
            )
    for fig in snippet_store.figures(snip):
        if fig.suffix == ".png":
            data = {"image/png": base64.b64encode(fig.read_bytes()).decode("ascii")}
        else:
            data = {"image/svg+xml": fig.read_text(encoding="utf-8")}
        outputs.append(NotebookNode(output_type="display_data", metadata=NotebookNode(), data=data))
    return outputs


# Cells and outputs as nbformat.v4's new_* helpers make them, without validating each
# piece on its own: topic_notebook validates the whole notebook once.
def _markdown_cell(source: str) -> NotebookNode:
    return NotebookNode(id="", cell_type="markdown", source=source, metadata=NotebookNode())


def _code_cell(source: str) -> NotebookNode:
    return NotebookNode(
        id="",
        cell_type="code",
        metadata=NotebookNode(),
        execution_count=None,
        source=source,
        outputs=[],
    )


class _Builder:
    def __init__(
        self, project: Project, topic: Topic, lang: str, labels: dict[str, ClaimLabel]
    ) -> None:
        self.topic, self.lang, self.claims = topic, lang, project.claims_by_id
        self.ui, self.page_ui = strings(lang)["notebook"], strings(lang)["page"]
        self.labels_ui = strings(lang)["claim"]
        self.labels = labels
        self.snippets = project.snippets
        self.project = project
        self.cells: list = []
        self.headings: list[list] = []  # [level, title, id] in page order
        self.markdown: list[str] = []  # pending lines of the current markdown cell
        self.shown = {
            p.id
            for s in topic.sections
            for p in s.parts(self._lang(s))
            if isinstance(p, SnippetPart)
        }

    def _lang(self, section: Section) -> str:
        return self.lang if self.lang in section.text else "zh"  # untranslated: as the page

    def flush(self) -> None:
        text = "\n".join(self.markdown).strip("\n")
        if text:
            self.cells.append(_markdown_cell(text))
        self.markdown = []

    def snippet(self, snippet_id: str) -> None:
        snip = self.snippets[snippet_id]
        code = comments.source(snip, self.lang)  # English comments from the topic's map
        shown = f"snippets/{snip.id.split('/')[0]}/{snip.path.name}"
        if snip.kind != "python":  # shell/config: shown, never executed
            fence = "````" if "```" in code else "```"
            self.markdown += [
                "",
                f"`{shown}`",
                "",
                f"{fence}{FENCE_LANG.get(snip.kind, 'text')}",
                code.rstrip("\n"),
                fence,
                "",
            ]
            return
        self.flush()
        meta = snip.meta
        cell = _code_cell(code.rstrip("\n"))
        tags = []
        if meta.needs == "cuda" or meta.skip:
            tags.append("skip-execution")  # nbclient/nbmake leave these cells alone
        if meta.expect_exception or meta.needs == "cpu-only-build":
            tags.append("raises-exception")
        cell.metadata["tags"] = tags
        cell.metadata["torchkb"] = {"snippet": snip.id, "file": shown}
        cell.outputs = recorded_outputs(snip)
        self.cells.append(cell)
        if meta.needs == "cuda":
            self.markdown += [self.ui["cuda"], ""]
        elif meta.skip:
            reason = meta.skip_zh if self.lang == "zh" else None
            self.markdown += [self.ui["skip"].format(reason=reason or meta.skip), ""]

    def claim(self, claim_id: str) -> None:
        claim = self.claims.get(claim_id)
        if claim is None:
            return  # render.py reports unknown claims with file and line
        label = self.labels_ui[self.labels[claim_id].label]
        text = claim.claim.get(self.lang, claim.claim.zh)
        self.markdown += [f"> **{label}**: {text}"]
        explanation = claim.explanation.get(self.lang).strip() if claim.explanation else ""
        if explanation:  # a correction without its explanation would restate the error
            self.markdown += [">"] + [f"> {line}".rstrip() for line in explanation.splitlines()]
        self.markdown.append("")
        proof = snippet_store.snippet_id(claim.snippet or "")
        if proof and proof not in self.shown and proof in self.snippets:  # as on the page
            self.shown.add(proof)
            self.snippet(proof)

    def note_output(self, part: NoteOutputPart) -> None:
        lines = part.quote(self.project.raw_dir)
        if self.last_output is not None and reproduces(self.last_output, lines):
            return  # as on the page: the cell above shows the same output
        title = self.ui["note_output"].format(
            title=self.page_ui["note_output"].format(
                note=note_label(part.note), a=part.first, b=part.last
            )
        )
        fence = "````" if any("```" in line for line in lines) else "```"
        self.markdown += [f"*{title}*", "", f"{fence}text", *lines, fence, ""]

    def section(self, section: Section) -> None:
        text = section.text[self._lang(section)]
        self.markdown += [f"## {text['title']}", ""]
        # the topic page's heading ids, for the notebook page (torchkb/site/notebooks.py)
        self.headings.append([2, text["title"], section.id])
        ids = subheading_ids(section, self.lang)  # as the page writer gives them
        self.headings += [[3, t, i] for t, i in zip(subheadings(text["body"]), ids, strict=True)]
        if self.lang == "en" and section.translation:
            banner = strings(self.lang)["translation"][f"notebook_{section.translation}"]
            self.markdown += [banner, ""]
        self.last_output: str | None = None  # as in render.PageWriter.expand
        parts = section.parts(self._lang(section))
        for n, part in enumerate(parts):
            if isinstance(part, SnippetPart):
                self.snippet(part.id)
                self.last_output = snippet_store.load_output(self.snippets[part.id])
                continue
            if isinstance(part, TextPart | EditorNotePart):
                self.markdown += [_MD_LINK.sub(_site_link, line) for line in _markdown(parts, n)]
                if isinstance(part, TextPart) and part.lead_in:
                    continue  # the output above still counts
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


def _markdown(parts: list[Part], n: int) -> list[str]:
    """The Markdown lines of parts[n], a text or an editor block (as a quote)."""
    part = parts[n]
    if isinstance(part, EditorNotePart):  # a blank line ends the quote
        return editor_quote(part) + ([""] if n + 1 < len(parts) else [])
    lines = list(part.lines)
    while n and isinstance(parts[n - 1], EditorNotePart) and lines and not lines[0].strip():
        lines.pop(0)  # that blank line
    return lines


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


def topic_notebook(
    project: Project, topic: Topic, lang: str, labels: dict[str, ClaimLabel]
) -> nbformat.NotebookNode:
    b = _Builder(project, topic, lang, labels)
    b.markdown = [f"# {topic.title[lang]}", ""]
    if topic.summary.get(lang):
        b.markdown += [topic.summary[lang], ""]
    ui = strings(lang)["notebook"]
    b.markdown += [ui["lead"].format(title=topic.title[lang], topic=topic.id)]
    b.flush()
    setup = _code_cell(ui["setup"] + SETUP_CODE.rstrip("\n"))
    setup.metadata["tags"] = ["setup"]
    b.cells.append(setup)
    for section in topic.sections:
        b.section(section)
    for n, cell in enumerate(b.cells):
        cell["id"] = f"{topic.id}-{n:03d}"  # stable, not nbformat's random ids
    nb = NotebookNode(
        nbformat=4,
        nbformat_minor=5,
        metadata={**json.loads(json.dumps(METADATA)), "torchkb": {"headings": b.headings}},
        cells=b.cells,
    )
    nbformat.validate(nb)  # the whole notebook, once: cells and outputs included
    return nb


def notebook_bytes(nb: nbformat.NotebookNode) -> bytes:
    return (json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


def topic_notebooks(
    project: Project, topics: list[Topic], lang: str, labels: dict[str, ClaimLabel]
) -> dict[str, bytes]:
    return {
        f"{lang}/notebooks/{t.id}.ipynb": notebook_bytes(topic_notebook(project, t, lang, labels))
        for t in topics
    }
