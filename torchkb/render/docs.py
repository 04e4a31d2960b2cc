"""Render docs/ (Chinese and English Markdown pages and notebooks) from the sources.

Pure function of the inputs: `render_site()` returns {relative path: bytes}, and the same
inputs always give the same bytes. `write_docs()` swaps the result in atomically;
`stale_files()` lists what differs on disk (`build --check`).
"""

import re
import shutil
import tempfile
from pathlib import Path

from torchkb.rawnotes.text import read_text
from torchkb.render.claims import label_all
from torchkb.render.error_index import PAGE as ERROR_INDEX_PAGE
from torchkb.render.error_index import collect as collect_errors
from torchkb.render.error_index import error_index_page
from torchkb.render.notebooks import topic_notebooks
from torchkb.render.other_pages import claims_page, home_page, raw_note_page, tags_page
from torchkb.render.pages import PageWriter
from torchkb.render.records_page import records_page
from torchkb.sources import comments
from torchkb.sources.canonical import (
    ClaimPart,
)
from torchkb.sources.project import Project
from torchkb.sources.translation import english_view


def render_site(project: Project) -> dict[str, bytes]:
    """docs/ of the checkout `project`: {path under docs/: bytes}."""
    topics = project.load().topics
    repost = _reposts(project)
    snippets = project.snippets
    comments.check(
        list(snippets.values()), project.snippets_dir, comments.awaiting_translation(topics)
    )
    labels = label_all(project.claims, project.evidence)
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
        error_count = len(collect_errors(project, lang))
        files[f"{lang}/index.md"] = home_page(
            lang, views[lang], project, labels, error_count
        ).encode()
        for topic in views[lang]:
            files[f"{lang}/{topic.id}.md"] = writer.topic_page(topic).encode()
        files.update(
            topic_notebooks(
                project,
                views[lang],
                lang,
                labels,
                # on a notebook's page (docs/<lang>/notebooks/), each cell's run badge
                badge=lambda snip, w=writer: w.badge(snip, w.current_runs(snip), up="../"),
            )
        )
        files[f"{lang}/claims.md"] = claims_page(
            lang, project, sections_by_claim, labels, topics
        ).encode()
        files[f"{lang}/{ERROR_INDEX_PAGE}"] = error_index_page(project, lang).encode()
        files[f"{lang}/records.md"] = records_page(lang, writer, views[lang]).encode()
        files[f"{lang}/tags.md"] = tags_page(lang).encode()
        for raw in project.raw_notes.values():
            files[f"{lang}/raw/{raw.stem}.md"] = raw_note_page(lang, raw).encode()
        for rel, src in writer.figures.items():
            files[f"{lang}/{rel}"] = src.read_bytes()
    for rel, data in files.items():
        if rel.endswith(".md"):
            files[rel] = with_sources(data, page_sources(project, rel.split("/", 1)[1]))
    return files


def page_sources(project: Project, page: str) -> list[str]:
    """The source files and folders a page (docs/<lang>/`page`) is generated from, as paths
    in the repository, a folder's ending in "/": its "edit" link opens the first where
    that is a file (torchkb/site/provenance.py), and its date is their last commit's."""

    def rel(path: Path) -> str:
        return path.relative_to(project.root).as_posix() + ("/" if path.is_dir() else "")

    topic = page.removeprefix("notebooks/").removesuffix(".md")
    if (project.topics_dir / f"{topic}.yml").is_file():
        return [rel(project.topics_dir / f"{topic}.yml"), rel(project.snippets_dir / topic)]
    if page.startswith("raw/"):
        return [rel(project.raw_dir / f"{Path(page).stem}.txt")]
    by_page = {
        "index.md": [project.topics_dir, project.claims_dir, project.verification_dir],
        "claims.md": [project.claims_dir, project.verification_dir],
        "errors.md": [project.notes / "errors.yml", project.verification_dir],
        "records.md": [project.verification_dir],
        "tags.md": [project.topics_dir],
    }
    return [rel(path) for path in by_page.get(page, []) if path.exists()]


def with_sources(page: bytes, sources: list[str]) -> bytes:
    """The page with `sources:` in its front matter (every generated page has one)."""
    if not sources:
        return page
    head = "---\nsources:\n" + "".join(f'  - "{path}"\n' for path in sources)
    return head.encode() + page.removeprefix(b"---\n")


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
