"""Import a raw note (any style) into canonical source: topic sections, snippets, dropped parts.

API: `import_note(raw_path, *, project) -> ImportReport`; `str(report)` is the
text the CLI prints. Bad input raises `torchkb.errors.SourceError` (file:line: problem)
and leaves the tree untouched: everything is planned and validated in memory (the new
topic files are loaded by the canonical loader from a temporary copy) before the first
byte is written, and a failed write puts back what was there.

The stages, in order, one module each (`pipeline.import_note` runs them):
1. parse: `torchkb.rawnotes.parse_note` splits the note into typed blocks with line
   ranges (`RawNote`).
2. `sections`: the note is split into sections (`NoteSection`) at its headings of the two
   highest levels present (deeper headings stay inside the body as `###`). A heading with
   nothing under it is a chapter title: it is listed as dropped and its title helps place
   the sections under it.
3. `placing`: each section goes to the topic whose vocabulary it matches best: words of
   the topic's titles, tags and section titles (Chinese segmented with jieba, identifiers
   split at `._`), weighted by how few topics use the word. Below `MIN_SCORE` it goes to
   `inbox`.
4. `plan` (with `cleaning` for text and `fragments` for code): a `NotePlan` of the new
   sections (zh only: `@snippet` where code was, `@note-output` where output was, raw HTML
   reduced to its text), snippets (setup imports added, `expect_exception` from a trailing
   error comment; needs: cuda when the code uses `.cuda()`, `torch.cuda.*` or a cuda
   device) and dropped parts (images, dead links, front matter, empty chapter headings).
5. `files`: the text of each file: each code block to `snippets/<topic>/<short>_<n>.<ext>`
   plus its `snippets.yml` entry; the sections appended as text at the end of
   `notes/topics/<topic>.yml` so hand-edited files keep their comments; dropped parts to
   `notes/dropped/inbox.yml` with reasons; the raw note to `notes/raw/<stem>.txt`
   (verbatim, if not there) and its entry in `notes/raw/MANIFEST.json` (`manifest`).
6. `commit`: the topic files checked by the canonical loader, then every file written, or
   none. `report` says what was done and what is left (`ImportReport`).
A section whose line range overlaps a section already recorded for the same note
(`sources`) is already present and is skipped, so importing a note twice is a no-op.
"""

from torchkb.importer.fragments import SETUP_MARK, expected_error, free_names, setup_lines
from torchkb.importer.manifest import (
    MANIFEST,
    load_manifest,
    manifest_entry,
    manifest_path,
    manifest_problems,
)
from torchkb.importer.pipeline import import_note
from torchkb.importer.placing import INBOX, MIN_SCORE
from torchkb.importer.report import ImportReport, Placement
from torchkb.importer.sections import NoteSection, split_sections

__all__ = [
    "INBOX",
    "MANIFEST",
    "MIN_SCORE",
    "SETUP_MARK",
    "ImportReport",
    "NoteSection",
    "Placement",
    "expected_error",
    "free_names",
    "import_note",
    "load_manifest",
    "manifest_entry",
    "manifest_path",
    "manifest_problems",
    "setup_lines",
    "split_sections",
]
