"""Parse a raw study note, in any of the styles the author uses, into typed blocks.

API: `torchkb.rawnotes.parse.parse_note(path) -> RawNote`. `RawNote.blocks` is a list of
`Block`s in file order, each with `kind`, `text`, `start_line`/`end_line` (1-based,
inclusive, numbered as in the original file, front matter included), `lang` (code) and
`level` (headings).

Kinds:
  front_matter  the YAML header (`meta` holds it parsed)
  heading       Markdown ATX/setext heading, or a plain-text heading (see below)
  text          paragraph / list / block quote, verbatim source lines
  code          fenced (with or without a language), 4-space indented, or pasted code
                with no fences at all; `lang` is python | sh | yaml | text
  output        program output: lines after an output marker ("输出：", "输出结果为:",
                ">>>>>:", "Out[3]:", "Output:"), or a code block that is a printed table
  html          text containing raw HTML (`<font color=...>`); `tags` lists the tags
  image         a paragraph that is only an image; `urls` has its address
  link_list     lines that are only links / bare URLs / "[n] title" references; `urls`
                has the targets ("" for a link with no target)
  table         a pipe table (with or without leading pipes)
  rule          a thematic break (`---`)

How it works: markdown-it-py splits the body into top-level blocks and gives each a
source line map. Fences and indented code are code (or output, by the rules above).
Adjacent paragraphs / lists / quotes form a "chunk" that is scanned line by line for
what Markdown cannot see: code pasted without fences (a run of lines that `ast.parse`
accepts, grown one line at a time from a line that looks like a statement: `import`,
`def`, `class`, an assignment, a call; ASCII identifiers only; trailing `# tensor(...)`
comment lines are part of the run), YAML pasted without fences (`key:` followed by
indented lines that parse as a mapping), output markers and the output after them
(which ends at a blank line or a line of Chinese prose).

Plain-text headings: only in notes that have no Markdown heading at all (web-page
pastes). A paragraph that is a single line is a heading when it is short (at most 40
characters, at most 20 of them CJK), has no sentence punctuation (。，,；;！!？?：: and
no trailing period), is not a link, list item, quote, table row or code, and is not the
last block of the note. The first block of the note becomes level 1, the others level 2
(a paste carries no nesting).

Stages, one module each: `source` (read the file: text, front matter, markup that is an
error), `lines` (what a line is), `runs` (pasted code / YAML / output inside prose),
`blocks` (chunks and code blocks into typed blocks), `parse` (the walk over the note),
`model` (the `Block` and `RawNote` dataclasses), and `text` (the decoded text alone,
which the other stages read). Import what you need from its module: this package
imports nothing, so reading a note's text never loads the Markdown parser.

Errors (`torchkb.errors.SourceError` naming the exact line): bytes that are not UTF-8,
front matter opened with `---` and never closed, front matter that is not a YAML
mapping, a code fence that is never closed, raw `<script>` anywhere outside code.
"""
