"""Every topic as a Jupyter notebook (nbformat v4), rendered as a page by mkdocs-jupyter.

`topic_notebooks(project, topics, lang, labels)` -> {"<lang>/notebooks/<topic>.ipynb":
bytes}. Markdown cells come from the section texts, code cells from the snippet files (in English
with the comments of `comments.en.yml`) and carry the recorded output of the snippet's last real run
(`snippets/<topic>/<name>.out`, its figures). A title cell comes first (what the notebook
is, its download and Colab links, how to run it), then a setup cell defining `%%snippet`,
the first line of every code cell, so that a reader's Run All goes through on any machine.
Links are absolute (mkdocs.yml's site_url, $SITE_URL first): a downloaded notebook has no
site around it. Same inputs, same bytes: cell ids are sequential, keys sorted, no
timestamps. How MkDocs shows them: `torchkb/site/notebooks.py`.
"""

import base64
import functools
import json
import os
import re
import string
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml
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

# The setup cell after the title cell: defines `%%snippet`, the first line of each code cell.
# It replaces a pre_run_cell hook that reset the seeds unseen: what runs before a cell is
# now one readable function, and its options are in sight on each cell. Run All on a CPU
# machine goes past a CUDA cell (printing why) and past an error the snippet shows on
# purpose (the kernel's reply is "ok", so Jupyter does not cancel the cells queued after
# it); an unexpected error still stops it. The code is exec'd as the site runs a snippet:
# as a script (a last bare expression is not displayed), here in the notebook's namespace.
# $-fields: this language's messages (string.Template).
SETUP_CODE = """import importlib.util
import linecache
import random

import torch
from IPython.core.magic import register_cell_magic

try:
    import numpy
except ImportError:  # torch runs without numpy
    numpy = None

SKIPPED = {  # what a cell prints instead of running
    "cuda": $skip_cuda,
    "cpu-only-build": $skip_build,
    "never": $skip_never,
    "modules": $skip_modules,
}


@register_cell_magic
def snippet(line, cell):
    \"\"\"%%snippet [needs=cuda|cpu-only-build|never] [modules=a,b] [raises=ErrorName]\"\"\"
    options = dict(word.split("=", 1) for word in line.split())
    needs = options.get("needs")
    missing = [
        name
        for name in options.get("modules", "").split(",")
        if name and importlib.util.find_spec(name) is None
    ]
    if needs == "cuda" and not torch.cuda.is_available():
        print(SKIPPED["cuda"])
    elif needs == "cpu-only-build" and torch.backends.cuda.is_built():
        print(SKIPPED["cpu-only-build"])
    elif needs == "never":
        print(SKIPPED["never"])
    elif missing:
        print(SKIPPED["modules"].format(modules=", ".join(missing)))
    else:
        random.seed(0)
        if numpy is not None:
            numpy.random.seed(0)
        torch.manual_seed(0)
        torch.set_default_dtype(torch.float32)
        torch.set_grad_enabled(True)
        shell = get_ipython()
        try:
            # named and in linecache: a traceback shows the cell's lines
            linecache.cache["<%%snippet>"] = (len(cell), None, cell.splitlines(True), "")
            exec(compile(cell, "<%%snippet>", "exec"), shell.user_ns)
        except Exception as error:
            if options.get("raises") not in [kind.__name__ for kind in type(error).__mro__]:
                raise
            # shown as Jupyter shows an error, from the cell's own code down
            shell.showtraceback((type(error), error, error.__traceback__.tb_next))
"""
MAGIC = "%%snippet"
FENCE_LANG = {"shell": "bash", "yaml": "yaml"}
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
# `[text](other.md#anchor)` between pages -> the page's absolute URL (a downloaded notebook
# has no site around it)
_MD_LINK = re.compile(r"\]\((?![a-z]+:|#|/)([^)\s]+?)\.md(#[^)\s]*)?\)")


class _MkDocsLoader(yaml.SafeLoader):
    """mkdocs.yml as data: `!ENV [NAME, default]` as MkDocs reads it, other tags (Python
    names of extensions) as None."""


_MkDocsLoader.add_constructor(
    "!ENV",
    lambda loader, node: (
        os.environ.get((names := loader.construct_sequence(node))[0]) or names[-1]
        if isinstance(node, yaml.SequenceNode)
        else os.environ.get(loader.construct_scalar(node))
    ),
)
_MkDocsLoader.add_multi_constructor("", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class Site:
    """Where the site and its repository are (mkdocs.yml's site_url, $SITE_URL first, as
    MkDocs reads it; repo_url) and its name per language: a notebook's links must work
    where it is downloaded to, away from the site."""

    url: str  # ends with "/"
    repo: str  # https://github.com/<owner>/<repo>
    names: dict[str, str]  # language -> site_name; the first is the default language

    def base(self, lang: str) -> str:
        """The URL of `lang`'s home: the default language's is the site root."""
        return self.url if lang == next(iter(self.names)) else f"{self.url}{lang}/"

    def page(self, lang: str, page: str) -> str:
        return self.base(lang) + ("" if page == "index" else f"{page}/")

    def download(self, lang: str, topic: str) -> str:
        """The .ipynb file mkdocs-jupyter publishes beside the notebook's page."""
        return f"{self.base(lang)}notebooks/{topic}/{topic}.ipynb"

    def colab(self, lang: str, topic: str) -> str:
        """Colab opens a notebook from GitHub: the committed docs/ on the main branch."""
        owner_repo = self.repo.removeprefix("https://github.com/").strip("/")
        return (
            "https://colab.research.google.com/github/"
            f"{owner_repo}/blob/main/docs/{lang}/notebooks/{topic}.ipynb"
        )


# the generator's own checkout's: for a tree holding only notes/ and snippets/ (a test's
# copy, a $TORCHKB_ROOT without a site of its own) the notebooks still link somewhere real
_OWN_MKDOCS_YML = Path(__file__).resolve().parents[2] / "mkdocs.yml"


def site(project: Project) -> Site:
    mkdocs_yml = project.root / "mkdocs.yml"
    if not mkdocs_yml.is_file():
        mkdocs_yml = _OWN_MKDOCS_YML
    return _site(mkdocs_yml, project.langs, os.environ.get("SITE_URL"))


@functools.cache  # $SITE_URL is part of the key: MkDocs reads it on every build
def _site(mkdocs_yml: Path, langs: tuple[str, ...], site_url_env: str | None) -> Site:
    config = yaml.load(mkdocs_yml.read_text(encoding="utf-8"), Loader=_MkDocsLoader)  # noqa: S506
    default = config["site_name"]  # the default language's (the first)
    i18n = next(
        (p["i18n"] for p in config.get("plugins", []) if isinstance(p, dict) and "i18n" in p), {}
    )
    own = {language["locale"]: language.get("site_name") for language in i18n.get("languages", [])}
    names = {lang: own.get(lang) or default for lang in langs}
    url = config["site_url"].rstrip("/") + "/"
    return Site(url=url, repo=config["repo_url"].rstrip("/"), names=names)


def notebook_links(project: Project, lang: str, topic: str) -> dict[str, str]:
    """A topic page's links to its notebook: its page, the file, Colab."""
    where = site(project)
    return {
        "href": f"notebooks/{topic}.ipynb",
        # from /<topic>/ (or /en/<topic>/) to the file mkdocs-jupyter copies
        "download": f"../notebooks/{topic}/{topic}.ipynb",
        "colab": where.colab(lang, topic),
    }


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
                    # every recorded line, a blank last one too (a message ending in "\n")
                    traceback=error.removesuffix("\n").split("\n"),
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


def magic_line(snip: snippet_store.Snippet) -> str:
    """A code cell's first line: `%%snippet` with what the snippet needs and raises (see
    SETUP_CODE); the snippet's own code follows it."""
    meta = snip.meta
    options = []
    if meta.skip:
        options.append("needs=never")
    elif meta.needs != "cpu":
        options.append(f"needs={meta.needs}")
    if meta.packages:
        options.append("modules=" + ",".join(meta.packages))
    if meta.expect_exception:
        # the class's own name: a traceback's `torch.AcceleratorError` is `AcceleratorError`
        options.append("raises=" + meta.expect_exception.type.rsplit(".", 1)[-1])
    return " ".join([MAGIC, *options])


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
        self.site = site(project)
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

    def site_link(self, m: re.Match) -> str:
        """`](page.md#anchor)` -> `](<the page's absolute URL>#anchor)`."""
        return f"]({self.site.page(self.lang, m.group(1))}{m.group(2) or ''})"

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
        cell = _code_cell(f"{magic_line(snip)}\n{code.rstrip(chr(10))}")
        # no skip-execution / raises-exception tags: nbclient honours them, a reader's Run
        # All does not; `%%snippet` does what they did, in every Jupyter
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
                self.markdown += [
                    _MD_LINK.sub(self.site_link, line) for line in _markdown(parts, n)
                ]
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


def title_cell(
    where: Site, topic: Topic, lang: str, snippets: list[snippet_store.Snippet], torch: str
) -> NotebookNode:
    """The first cell: the title, what the notebook is, its links, how to run it (and the
    modules beyond torch its code `snippets` import)."""
    ui = strings(lang)["notebook"]
    lines = [f"# {topic.title[lang]}", ""]
    if topic.summary.get(lang):
        lines += [topic.summary[lang], ""]
    lines += [
        ui["lead"].format(
            title=topic.title[lang],
            page=where.page(lang, topic.id),
            site=where.names[lang],
            home=where.base(lang),
            topic=topic.id,
            torch=torch,
        ),
        "",
        ui["links"].format(
            download=where.download(lang, topic.id), colab=where.colab(lang, topic.id)
        ),
        "",
        ui["how"],
    ]
    modules = sorted({name for snip in snippets for name in snip.meta.packages})
    if modules:
        lines += ["", ui["modules"].format(modules=", ".join(f"`{m}`" for m in modules))]
    return _markdown_cell("\n".join(lines))


def topic_notebook(
    project: Project, topic: Topic, lang: str, labels: dict[str, ClaimLabel]
) -> nbformat.NotebookNode:
    b = _Builder(project, topic, lang, labels)
    for section in topic.sections:
        b.section(section)
    shown = [
        project.snippets[c.metadata["torchkb"]["snippet"]]
        for c in b.cells
        if "torchkb" in c.metadata
    ]
    ui = strings(lang)["notebook"]
    messages = {
        key: repr(ui[key]) for key in ("skip_cuda", "skip_build", "skip_never", "skip_modules")
    }
    setup = _code_cell(ui["setup"] + string.Template(SETUP_CODE).substitute(messages).rstrip("\n"))
    setup.metadata["tags"] = ["setup"]
    # the torch the shown outputs came from: the passing CPU records of their current code
    torch = sorted(
        {str(rec["torch"]) for snip in shown if (rec := project.evidence[snip.id].passed("cpu"))}
    )
    b.cells[:0] = [title_cell(b.site, topic, lang, shown, ", ".join(torch) or "—"), setup]
    for n, cell in enumerate(b.cells):
        cell["id"] = f"{topic.id}-{n:03d}"  # stable, not nbformat's random ids
    nb = NotebookNode(
        nbformat=4,
        nbformat_minor=5,
        metadata={
            **json.loads(json.dumps(METADATA)),
            # the site's pages make the absolute links relative (torchkb/site/notebooks.py)
            "torchkb": {"headings": b.headings, "site_url": b.site.url},
        },
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
