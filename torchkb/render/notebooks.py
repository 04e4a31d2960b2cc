"""Every topic as a Jupyter notebook (nbformat v4), and the notebook's page on the site.

`topic_notebooks(project, topics, lang, labels)` -> {"<lang>/notebooks/<topic>.ipynb":
bytes, "<lang>/notebooks/<topic>.md": the page}. Markdown cells come from the section
texts, code cells are the snippet files (in English with the comments of
`comments.en.yml`), each with the recorded output of the snippet's last real run
(`snippets/<topic>/<name>.out`, its figures). The notebook opens with its lesson: a title
cell (where to run it, what it is, how), then a folded setup cell that makes Run All run
each code cell as the site ran its snippet, then the cells. Links are absolute
(mkdocs.yml's site_url, $SITE_URL first): a downloaded notebook has no site around it;
the page's are relative. Same inputs, same bytes: cell ids are sequential, keys sorted,
no timestamps.
"""

import base64
import functools
import hashlib
import json
import os
import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from mkdocs.utils.yaml import yaml_load
from nbformat.notebooknode import NotebookNode

from torchkb.render.claims import ClaimLabel
from torchkb.render.headings import subheading_ids, with_heading_ids
from torchkb.sources import comments, run_state
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

# The setup cell after the title cell, folded in Jupyter and Colab: the code cells are the
# snippet files as they are, and this cell makes Run All run each as the site ran it. It
# registers an IPython input transformer (IPython's documented `input_transformers_cleanup`)
# that knows each code cell by a hash of its code: such a cell starts from the state the
# site runs a snippet in (seeds 0: its outputs are the recorded ones), prints why it is
# skipped where this machine lacks what it needs (no CUDA, a module), and an error it shows
# on purpose is printed without stopping Run All (the kernel's reply is "ok", so Jupyter
# does not cancel the cells queued after it); an unexpected error still stops it. A cell
# the reader adds or edits no longer matches a hash and runs as typed.
# $-fields (string.Template): this language's title, comment and messages, the cells, and
# reset_state's rules: those the verify stage runs each snippet after (sources/run_state.py).
SETUP_CODE = '''#@title $title
$comment
import hashlib
import importlib.util
import linecache
import random

import torch
from IPython import get_ipython

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
# The code cells below, by a hash of their code: the snippet file each one is, then what it
# needs (needs=cuda|cpu-only-build|never, modules=a,b) or raises on purpose (raises=Error)
CELLS = {
$cells
}


def reset_state():
    """Seeds 0 and torch's switches at their defaults, as the site runs every snippet."""
$reset_random
    if numpy is not None:
$reset_numpy
$reset_torch


def run_snippet_cell(key, code):
    """Run one cell's code as the site ran its snippet file (as a script: a last bare
    expression is not displayed), in the notebook's namespace."""
    name, *words = CELLS[key].split()
    options = dict(word.split("=", 1) for word in words)
    needs = options.get("needs")
    missing = [
        module
        for module in options.get("modules", "").split(",")
        if module and importlib.util.find_spec(module) is None
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
        reset_state()
        shell = get_ipython()
        try:
            # under the snippet's name and in linecache: a traceback shows the cell's lines
            linecache.cache[name] = (len(code), None, code.splitlines(True), name)
            exec(compile(code, name, "exec"), shell.user_ns)
        except Exception as error:
            if options.get("raises") not in [kind.__name__ for kind in type(error).__mro__]:
                raise
            # shown as Jupyter shows an error, from the cell's own code down
            shell.showtraceback((type(error), error, error.__traceback__.tb_next))


def snippet_cells(lines, cells=CELLS, sha256=hashlib.sha256, shell=get_ipython()):
    """IPython input transformer: a cell holding a snippet's code, as written here, runs
    through run_snippet_cell; any other cell (one you add or edit) runs as you typed it.
    Its names are bound here, so that after a `%reset` it still runs every cell as typed."""
    code = "".join(lines).strip()
    key = sha256(code.encode()).hexdigest()[:12]
    if key not in cells or "run_snippet_cell" not in shell.user_ns:
        return lines
    return [f"run_snippet_cell({key!r}, {code!r})\\n"]


# first, before IPython's own clean-up (which would strip a `>>> ` prompt off the code);
# once, however often this cell runs
transformers = get_ipython().input_transformers_cleanup
transformers[:] = [t for t in transformers if getattr(t, "__name__", "") != "snippet_cells"]
transformers.insert(0, snippet_cells)
'''
# a snippet's run badge, as Markdown (torchkb/render/pages.py writes it)
Badge = Callable[[snippet_store.Snippet], str]
FIGURE_DIR = "assets/figures"  # under docs/<lang>/: the figures the snippets' runs wrote
FENCE_LANG = {"shell": "bash", "yaml": "yaml"}
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
# `[text](other.md#anchor)` between pages -> the page's absolute URL (a downloaded notebook
# has no site around it)
_MD_LINK = re.compile(r"\]\((?![a-z]+:|#|/)([^)\s]+?)\.md(#[^)\s]*)?\)")


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
        """The .ipynb file, published beside the notebook's page (docs/<lang>/notebooks/)."""
        return f"{self.base(lang)}notebooks/{topic}.ipynb"

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
    """mkdocs.yml as MkDocs reads it (its YAML loader: `!ENV` values), without validating
    the whole configuration: a new checkout has no docs/ yet when the first build runs."""
    with mkdocs_yml.open("rb") as f:
        config = yaml_load(f)
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
        "href": f"notebooks/{topic}.md",
        # raw HTML (for `download`), so MkDocs leaves it alone: from the page's URL,
        # /<topic>/ (or /en/<topic>/), to the file copied from docs/<lang>/notebooks/
        "download": f"../notebooks/{topic}.ipynb",
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


def figure_path(snip: snippet_store.Snippet, fig: Path) -> str:
    """Where a figure a snippet's run wrote is published, under docs/<lang>/."""
    return f"{FIGURE_DIR}/{snip.id.replace('/', '-')}-{fig.name.split('.', 1)[1]}"


def page_code(snip: snippet_store.Snippet, code: str, lang: str, badge: str) -> str:
    """A code cell on the notebook's page: the snippet file as a code block (marked as the
    topic page marks it: tests/pagewalk.py checks its copy button), then the recorded
    output and the run `badge`, as the topic page shows them (its checks are there)."""
    ui = strings(lang)["page"]
    shown = f"{snip.id.split('/')[0]}/{snip.path.name}"
    fence = "````" if "```" in code else "```"
    out = [
        # an id, as on the topic page (an <a> with neither href nor id is no link to a
        # crawler); data-snippet: which file the block below is (tests/pagewalk.py)
        f'<a id="snippet-{snip.id.replace("/", "-")}" data-snippet="snippets/{shown}"></a>',
        f"<!-- snippet: {shown} -->",
        "",
        f"{fence}python",
        code,
        fence,
    ]
    recorded = snippet_store.load_output(snip)
    if recorded:
        title = ui["raises"] if snip.meta.expect_exception else ui["output"]
        o_fence = "````" if "```" in recorded else "```"
        out += [
            "",
            f'<div class="kb-output-name">{title}</div>',
            "",
            f"{o_fence}text",
            recorded.rstrip("\n"),
            o_fence,
        ]
    for fig in snippet_store.figures(snip):
        alt = snip.meta.title.get(lang, fig.name) if snip.meta.title else fig.name
        out += ["", f"![{alt}](../{figure_path(snip, fig)})"]
    if badge:
        out += [
            "",
            '<div class="kb-foot" markdown data-search-exclude="">',
            "",
            badge,
            "",
            "</div>",
        ]
    return "\n".join(out)


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


def cell_options(snip: snippet_store.Snippet) -> str:
    """What the setup cell's CELLS says of a snippet's cell: its file, then what it needs
    and raises (see SETUP_CODE)."""
    meta = snip.meta
    words = [f"snippets/{snip.id.split('/')[0]}/{snip.path.name}"]
    if meta.skip:
        words.append("needs=never")
    elif meta.needs != "cpu":
        words.append(f"needs={meta.needs}")
    if meta.packages:
        words.append("modules=" + ",".join(meta.packages))
    if meta.expect_exception:
        # the class's own name: a traceback's `torch.AcceleratorError` is `AcceleratorError`
        words.append("raises=" + meta.expect_exception.type.rsplit(".", 1)[-1])
    return " ".join(words)


def cell_key(code: str) -> str:
    """A code cell's key in CELLS: as the setup cell's transformer computes it."""
    return hashlib.sha256(code.strip().encode()).hexdigest()[:12]


def setup_source(lang: str, cells: list[tuple[str, str]]) -> str:
    """The setup cell's code for code cells given as (code, cell_options)."""
    table: dict[str, str] = {}
    for code, options in cells:
        key = cell_key(code)
        if table.setdefault(key, options) != options:
            raise ValueError(f"two cells with the same code: {table[key]} and {options}")
    ui = strings(lang)["notebook"]
    fields = {key: repr(ui[key]) for key in ("skip_cuda", "skip_build", "skip_never")}
    fields["skip_modules"] = repr(ui["skip_modules"])
    fields["title"] = ui["setup_title"]
    fields["comment"] = ui["setup"].rstrip("\n")
    fields["cells"] = "\n".join(f"    {k!r}: {v!r}," for k, v in table.items())
    fields["reset_random"] = run_state.reset_code(run_state.reset_random, " " * 4)
    fields["reset_numpy"] = run_state.reset_code(run_state.reset_numpy, " " * 8)
    fields["reset_torch"] = run_state.reset_code(run_state.reset_torch, " " * 4)
    return string.Template(SETUP_CODE).substitute(fields).rstrip("\n")


def setup_cell(lang: str, cells: list[tuple[str, str]]) -> NotebookNode:
    """The setup cell, folded: Colab shows a `#@title` cell as its title alone
    (`cellView: form`), JupyterLab and Notebook 7 collapse a cell whose
    `jupyter.source_hidden` is set (nbformat's documented cell metadata)."""
    cell = _code_cell(setup_source(lang, cells))
    cell["id"] = "setup"
    cell.metadata.update(
        {"cellView": "form", "jupyter": {"source_hidden": True}, "tags": ["setup"]}
    )
    return cell


class _Builder:
    """A topic's sections as notebook cells, or (`page`) as the Markdown of the notebook's
    page on the site: the same cells in order, code cells as code blocks with their
    outputs, links relative and headings with the topic page's ids."""

    def __init__(
        self,
        project: Project,
        topic: Topic,
        lang: str,
        labels: dict[str, ClaimLabel],
        page: bool = False,
        badge: Badge | None = None,
    ) -> None:
        self.page, self.badge = page, badge
        self.topic, self.lang, self.claims = topic, lang, project.claims_by_id
        self.ui, self.page_ui = strings(lang)["notebook"], strings(lang)["page"]
        self.labels_ui = strings(lang)["claim"]
        self.labels = labels
        self.snippets = project.snippets
        self.project = project
        self.site = site(project)
        self.cells: list = []  # NotebookNodes; on a page, Markdown text
        self.code_cells: list[tuple[str, str]] = []  # (code, cell_options) in order
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
        """`](page.md#anchor)` -> `](<the page's absolute URL>#anchor)`; on the notebook's
        page (docs/<lang>/notebooks/), `](../page.md#anchor)`, which MkDocs checks."""
        if self.page:
            return f"](../{m.group(1)}.md{m.group(2) or ''})"
        return f"]({self.site.page(self.lang, m.group(1))}{m.group(2) or ''})"

    def flush(self) -> None:
        text = "\n".join(self.markdown).strip("\n")
        if text:
            self.cells.append(text if self.page else _markdown_cell(text))
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
        code = code.rstrip("\n")
        self.code_cells.append((code, cell_options(snip)))
        if self.page:
            badge = self.badge(snip) if self.badge else ""
            self.cells.append(page_code(snip, code, self.lang, badge))
        else:
            # the snippet file itself; no skip-execution / raises-exception tags: nbclient
            # honours them, a reader's Run All does not (the setup cell does what they did)
            cell = _code_cell(code)
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
        # on the page, the topic page's heading ids: the language switch keeps the section
        anchor = f" {{#{section.id}}}" if self.page else ""
        self.markdown += [f"## {text['title']}{anchor}", ""]
        ids = iter(subheading_ids(section, self.lang))  # as the page writer gives them
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
                if not self.page:
                    lines = _markdown(parts, n)
                elif isinstance(part, TextPart):
                    lines = with_heading_ids(part.lines, ids)
                else:  # as on the topic page: an admonition, its `###` ids in turn
                    lines = with_heading_ids(part.markdown, ids)
                self.markdown += [_MD_LINK.sub(self.site_link, line) for line in lines]
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


def intro(topic: Topic, lang: str, links: dict) -> list[str]:
    """What a notebook and its page open with: the title, where to run it (Colab first, as
    pytorch/tutorials do) and what it is about. `links`: `page`, `download`, `colab`, and
    `row` (the ui string of the links' row)."""
    ui = strings(lang)["notebook"]
    lines = [f"# {topic.title[lang]}", "", ui[links["row"]].format(**links)]
    if topic.summary.get(lang):
        lines += ["", topic.summary[lang]]
    return lines


def how_to_run(
    topic: Topic, lang: str, snippets: list[snippet_store.Snippet], torch: str
) -> list[str]:
    """How to run the notebook, and the modules beyond torch its code `snippets` import."""
    ui = strings(lang)["notebook"]
    lines = [ui["how"].format(topic=topic.id, torch=torch)]
    modules = sorted({name for snip in snippets for name in snip.meta.packages})
    if modules:
        lines += ["", ui["modules"].format(modules=", ".join(f"`{m}`" for m in modules))]
    return lines


def _built(
    project: Project,
    topic: Topic,
    lang: str,
    labels: dict[str, ClaimLabel],
    page: bool,
    badge: Badge | None = None,
) -> tuple[_Builder, list[snippet_store.Snippet], str]:
    """The builder with the topic's sections in it, the snippets of its code cells, and the
    torch their shown outputs came from (the passing CPU records of their current code)."""
    b = _Builder(project, topic, lang, labels, page=page, badge=badge)
    for section in topic.sections:
        b.section(section)
    by_file = {cell_options(s).split()[0]: s for s in project.snippets.values()}
    shown = [by_file[options.split()[0]] for _, options in b.code_cells]
    torch = sorted(
        {str(rec["torch"]) for snip in shown if (rec := project.evidence[snip.id].passed("cpu"))}
    )
    return b, shown, ", ".join(torch) or "—"


def topic_notebook(
    project: Project, topic: Topic, lang: str, labels: dict[str, ClaimLabel]
) -> nbformat.NotebookNode:
    b, shown, torch = _built(project, topic, lang, labels, page=False)
    where = b.site
    links = {
        "row": "links",
        "page": where.page(lang, topic.id),
        "download": where.download(lang, topic.id),
        "colab": where.colab(lang, topic.id),
    }
    title = _markdown_cell(
        "\n".join([*intro(topic, lang, links), "", *how_to_run(topic, lang, shown, torch)])
    )
    b.cells[:0] = [title, setup_cell(lang, b.code_cells)]
    for n, cell in enumerate(b.cells):
        cell["id"] = f"{topic.id}-{n:03d}"  # stable, not nbformat's random ids
    nb = NotebookNode(
        nbformat=4, nbformat_minor=5, metadata=json.loads(json.dumps(METADATA)), cells=b.cells
    )
    nbformat.validate(nb)  # the whole notebook, once: cells and outputs included
    return nb


def notebook_page(
    project: Project,
    topic: Topic,
    lang: str,
    labels: dict[str, ClaimLabel],
    badge: Badge | None = None,
) -> str:
    """The notebook's page on the site (docs/<lang>/notebooks/<topic>.md): what the
    notebook opens with, its setup cell folded, then its cells, the code cells as the
    topic page's code blocks with their recorded outputs. Rendered here, with the pages,
    so that serving the site needs no Jupyter stack."""
    b, shown, torch = _built(project, topic, lang, labels, page=True, badge=badge)
    ui = strings(lang)["notebook"]
    where = site(project)
    links = {
        "row": "page_links",
        "page": f"../{topic.id}.md",
        # raw HTML (for `download`): from the page's URL, /notebooks/<topic>/
        "download": f"../{topic.id}.ipynb",
        "colab": where.colab(lang, topic.id),
    }
    title = topic.title[lang]
    head = [
        "---",
        f"title: {_yaml_str(title)}",
        f"html_title: {_yaml_str(ui['page_title'].format(title=title))}",
        f"description: {_yaml_str(ui['page_description'].format(title=title))}",
        "search:",
        "  exclude: true  # the topic page is what search finds",
        "---",
        "",
    ]
    setup = setup_source(lang, b.code_cells)
    fence = "````" if "```" in setup else "```"
    # how to run it and the setup cell, folded: the page opens with the lesson
    fold = [
        '<details class="kb-check kb-setup" markdown>',
        f"<summary>{ui['setup_summary']}</summary>",
        "",
        *how_to_run(topic, lang, shown, torch),
        "",
        f"{fence}python",
        setup,
        fence,
        "",
        "</details>",
    ]
    top = "\n".join([*head, *intro(topic, lang, links), "", *fold])
    return "\n\n".join([top, *b.cells]) + "\n"


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def notebook_bytes(nb: nbformat.NotebookNode) -> bytes:
    return (json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


def topic_notebooks(
    project: Project,
    topics: list[Topic],
    lang: str,
    labels: dict[str, ClaimLabel],
    badge: Badge | None = None,
) -> dict[str, bytes]:
    """docs/<lang>/notebooks/: each topic's notebook and its page (`badge`: a snippet's
    run badge on that page, from the topic pages' writer)."""
    files = {}
    for t in topics:
        nb = topic_notebook(project, t, lang, labels)
        files[f"{lang}/notebooks/{t.id}.ipynb"] = notebook_bytes(nb)
        page = notebook_page(project, t, lang, labels, badge)
        files[f"{lang}/notebooks/{t.id}.md"] = page.encode()
    return files
