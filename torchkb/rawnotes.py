"""Parse a raw study note, in any of the styles the author uses, into typed blocks.

API: `parse_note(path) -> RawNote`. `RawNote.blocks` is a list of `Block`s in file order,
each with `kind`, `text`, `start_line`/`end_line` (1-based, inclusive, numbered as in the
original file, front matter included), `lang` (code) and `level` (headings).

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

Errors (`torchkb.errors.SourceError` naming the exact line): bytes that are not UTF-8,
front matter opened with `---` and never closed, front matter that is not a YAML
mapping, a code fence that is never closed, raw `<script>` anywhere outside code.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import frontmatter
import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token

from torchkb.errors import SourceError

Kind = Literal[
    "front_matter", "heading", "text", "code", "output", "html", "image", "link_list",
    "table", "rule",
]


@dataclass
class Block:
    kind: Kind
    text: str
    start_line: int
    end_line: int
    lang: str | None = None  # code only
    level: int | None = None  # heading only
    urls: list[str] = field(default_factory=list)  # image / link_list / inline images
    tags: list[str] = field(default_factory=list)  # html: the raw tags found


@dataclass
class RawNote:
    path: Path
    lines: list[str]  # the file's lines, line endings removed; lines[n - 1] is line n
    meta: dict
    body_start: int  # first line after the front matter (1 when there is none)
    blocks: list[Block]

    def source(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start - 1 : end])


# -- line classifiers -----------------------------------------------------------------

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_SENTENCE_PUNCT = re.compile(r"[。，；！？、]")
_OUTPUT_MARKER = re.compile(
    r"^(?:(?:(?:运行|打印|执行|程序)?(?:输出|结果)(?:结果)?(?:为|如下|是)?"
    r"|(?i:outputs?|results?|out\s*\[\d*\]|prints?))\s*[:：]|>{3,}\s*[:：]?)$"
)
_STRONG_START = re.compile(
    r"^(?:import\s+\w|from\s+[\w.]+\s+import\s|def\s+\w+\s*\(|class\s+\w+\s*[(:]|@\w"
    r"|async\s+def\s|with\s.+:\s*(#.*)?$|for\s.+\sin\s.+:\s*(#.*)?$|if\s+__name__)"
)
_ASSIGN = re.compile(r"^[A-Za-z_][\w.\[\], ]*?\s*(?:[-+*/%@&|^]|//|\*\*)?=(?!=)")
_CALL = re.compile(r"\b[A-Za-z_][\w.]*\s*\(")
_CALL_STATEMENT = re.compile(r"^[A-Za-z_][\w.]*(?:\[[^\]]*\])*\s*\(.*\)\s*(?:#.*)?$")
_YAML_KEY = re.compile(r"^[A-Za-z_][\w.-]*:\s*$")
_SHELL = re.compile(
    r"^(?:\$\s|sudo\s|pip3?\s|conda\s|apt(?:-get)?\s|cd\s|ls\b|rm\s|mv\s|cp\s|mkdir\s"
    r"|export\s|source\s|git\s|wget\s|curl\s|nvidia-smi\b|watch\s|ps\s|kill\s|fuser\s"
    r"|python3?\s|bash\s|sh\s|chmod\s|echo\s|[A-Z_][A-Z0-9_]*=\S*\s+\S)"
)
_TABLE_LINE = re.compile(r"^\s*(?:\|.*|.*\|\s*|[-=+|─═┼\s]{3,})$")
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_LIST_OR_QUOTE = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s")
_URL = re.compile(r"^<?https?://\S+?>?$")
_REFERENCE = re.compile(r"^\[\d+\]\s+\S")
_SCRIPT = re.compile(r"<\s*script\b", re.I)
_CODE_PUNCT = re.compile(r"[()\[\]{}=]")
_LANGS = {
    "python": "python", "py": "python", "python3": "python", "ipython": "python",
    "pycon": "python", "sh": "sh", "bash": "sh", "shell": "sh", "console": "sh",
    "zsh": "sh", "shell-session": "sh", "yaml": "yaml", "yml": "yaml",
}


def is_prose(line: str) -> bool:
    """Chinese prose, as opposed to code or program output."""
    s = line.strip()
    if not s or s.startswith("#"):
        return False
    if _SENTENCE_PUNCT.search(s):
        return True
    cjk = len(_CJK.findall(s))
    return cjk >= 6 and cjk > 0.5 * len(s.replace(" ", ""))


def is_output_marker(line: str) -> bool:
    return bool(_OUTPUT_MARKER.match(line.strip()))


def _ascii_names(src: str) -> bool:
    """Pasted code uses ASCII identifiers; Chinese prose like `显存 = 参数 + 变量` parses too."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type == tokenize.NAME and not tok.string.isascii():
                return False
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return False
    return True


def parses_as_python(src: str) -> bool:
    if not src.strip():
        return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escape sequences in pasted strings
        try:
            ast.parse(src)
        except (SyntaxError, ValueError):
            return False
    return _ascii_names(src)


def _code_start(line: str) -> bool:
    return bool(_STRONG_START.match(line) or _ASSIGN.match(line) or _CALL_STATEMENT.match(line))


def _stands_alone(line: str) -> bool:
    """A one-line run is code only when it is clearly a statement, not a formula or a name."""
    return bool(_STRONG_START.match(line) or (_ASSIGN.match(line) and _CALL.search(line)))


def looks_like_printed_table(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) < 3 or parses_as_python(text):
        return False
    return sum(bool(_TABLE_LINE.match(ln)) for ln in lines) >= 0.6 * len(lines)


def detect_lang(text: str) -> str:
    """Language of a code block that has no info string."""
    if parses_as_python(text) and any(_code_start(ln.strip()) for ln in text.splitlines()):
        return "python"
    commands = [ln.strip() for ln in text.splitlines() if ln.strip()]
    commands = [ln for ln in commands if not ln.startswith("#")]
    if commands and sum(bool(_SHELL.match(ln)) for ln in commands) * 2 >= len(commands):
        return "sh"
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    if _YAML_KEY.match(first) and _yaml_mapping(text):
        return "yaml"
    if any(_code_start(ln) or "torch." in ln for ln in text.splitlines()):
        return "python"  # a fragment that does not parse yet: still Python to the reader
    return "text"


def _yaml_mapping(text: str) -> bool:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and any(isinstance(v, dict | list) for v in data.values())


def _plain_heading(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > 40 or len(_CJK.findall(s)) > 20:
        return False
    if re.search(r"[。，,；;！!？?：:]", s) or s.endswith((".", "…")):
        return False
    if _LIST_OR_QUOTE.match(line) or s.startswith(("|", "<", "[", "![", "#", "`", "http")):
        return False
    return " = " not in s and not (_code_start(s) and parses_as_python(s))


# -- chunk scanning (paragraphs, lists, quotes) -----------------------------------------

_MAX_CODE_WINDOW = 150


def _code_run(lines: list[tuple[int, str]], i: int) -> tuple[int, str] | None:
    """End index (exclusive) and code text of the pasted-code run starting at lines[i]."""
    first = lines[i][1]
    if first[:1].isspace() or not _code_start(first.strip()):
        return None
    best: tuple[int, str] | None = None
    for j in range(i + 1, min(len(lines), i + _MAX_CODE_WINDOW) + 1):
        added = lines[j - 1][1]
        if j > i + 1 and not added[:1].isspace() and is_prose(added.split("#")[0]):
            break  # prose at the margin ends any code run
        raw = "\n".join(text for _, text in lines[i:j])
        for src in (raw, _MD_ESCAPE.sub(r"\1", raw)):
            if parses_as_python(src):
                best = (j, src)
                break
    if best is None:
        return None
    end, src = best
    while end > i and not lines[end - 1][1].strip():
        end -= 1
    statements = [ln for ln in src.splitlines()[: end - i] if ln.strip()]
    statements = [ln for ln in statements if not ln.lstrip().startswith("#")]
    if len(statements) < 2 and not _stands_alone(first.strip()):
        return None
    return end, "\n".join(src.splitlines()[: end - i])


def _yaml_run(lines: list[tuple[int, str]], i: int) -> int | None:
    if not _YAML_KEY.match(lines[i][1]):
        return None
    j = i + 1
    while j < len(lines) and lines[j][1][:1].isspace() and lines[j][1].strip():
        j += 1
    if j - i < 2 or not _yaml_mapping("\n".join(t for _, t in lines[i:j])):
        return None
    return j


def _output_run(lines: list[tuple[int, str]], i: int) -> int:
    j = i
    while j < len(lines):
        text = lines[j][1]
        if not text.strip() or is_prose(text) or is_output_marker(text):
            break
        if j > i and _STRONG_START.match(text):
            break
        j += 1
    return j


@dataclass
class _Chunk:
    lines: list[tuple[int, str]]  # (line number, text), blank lines included
    single_paragraph: bool  # one markdown-it paragraph of one line


class _Parser:
    def __init__(self, path: Path, md: MarkdownIt) -> None:
        self.path, self.md = path, md
        self.blocks: list[Block] = []
        self.expect_output = False  # an output marker ended the previous block

    # a segment of chunk lines that is neither code nor output
    def text_block(self, seg: list[tuple[int, str]], heading_ok: bool) -> None:
        while seg and not seg[0][1].strip():
            seg = seg[1:]
        while seg and not seg[-1][1].strip():
            seg = seg[:-1]
        if not seg:
            return
        start, end = seg[0][0], seg[-1][0]
        text = "\n".join(t for _, t in seg)
        if heading_ok and len(seg) == 1 and _plain_heading(text):
            self.blocks.append(Block("heading", text.strip(), start, end, level=2))
            return
        images, links, tags, others = _inline_parts(self.md, text)
        if images and not others and not links and not tags:
            self.blocks.append(Block("image", text, start, end, urls=images))
        elif tags:
            self.blocks.append(Block("html", text, start, end, urls=images, tags=tags))
        elif _is_link_list(seg, links, others):
            refs = ["" for _, t in seg if _REFERENCE.match(_strip_marker(t))]
            bare = [_strip_marker(t).strip("<>，,。 ") for _, t in seg]
            urls = list(dict.fromkeys(links + [u for u in bare if _URL.match(u)])) + refs
            self.blocks.append(Block("link_list", text, start, end, urls=urls))
        else:
            self.blocks.append(Block("text", text, start, end, urls=images))

    def scan_chunk(self, chunk: _Chunk, plain_headings: bool) -> None:
        lines, i, seg = chunk.lines, 0, []
        heading_ok = plain_headings and chunk.single_paragraph
        if self.expect_output:
            self.expect_output = False
            j = _output_run(lines, 0)
            if j:
                self.add_output(lines[:j])
                i = j
        while i < len(lines):
            num, text = lines[i]
            if is_output_marker(text):
                self.text_block(seg, False)
                self.text_block([lines[i]], False)
                seg, j = [], _output_run(lines, i + 1)
                if j > i + 1:
                    self.add_output(lines[i + 1 : j])
                elif j == len(lines):
                    self.expect_output = True
                i = j
                continue
            run = _code_run(lines, i)
            if run:
                self.text_block(seg, False)
                seg, (j, src) = [], run
                self.blocks.append(Block("code", src, num, lines[j - 1][0], lang="python"))
                i = j
                continue
            j = _yaml_run(lines, i)
            if j:
                self.text_block(seg, False)
                seg = []
                src = "\n".join(t for _, t in lines[i:j])
                self.blocks.append(Block("code", src, num, lines[j - 1][0], lang="yaml"))
                i = j
                continue
            seg.append(lines[i])
            i += 1
        self.text_block(seg, heading_ok)

    def add_output(self, seg: list[tuple[int, str]]) -> None:
        while seg and not seg[-1][1].strip():
            seg = seg[:-1]
        if seg:
            text = "\n".join(t for _, t in seg)
            self.blocks.append(Block("output", text, seg[0][0], seg[-1][0]))

    def code(self, content: str, info: str | None, start: int, end: int, first: int) -> None:
        """A fenced or indented block: `first` is the line number of its first content line."""
        fenced = info is not None
        lang = _LANGS.get(info.split()[0].lower(), info.split()[0].lower()) if info else None
        rows = content.rstrip("\n").split("\n")
        if self.expect_output:
            self.expect_output = False
            self.blocks.append(Block("output", content.rstrip("\n"), start, end))
            return
        marker = next((k for k, ln in enumerate(rows) if is_output_marker(ln)), None)
        if marker is not None and marker > 0:  # code, then "输出:" and the output, in one block
            code = "\n".join(rows[:marker]).rstrip()
            code_end = first + len(code.split("\n")) - 1
            self.blocks.append(Block("code", code, start, code_end,
                                     lang=lang or detect_lang(code)))
            self.blocks.append(Block("text", rows[marker], first + marker, first + marker))
            out = "\n".join(rows[marker + 1 :]).strip("\n")
            if out:
                self.blocks.append(Block("output", out, first + marker + 1, end))
            return
        text = "\n".join(rows)
        if looks_like_printed_table(text):
            self.blocks.append(Block("output", text, start, end))
        elif not fenced and detect_lang(text) == "text":
            # indented prose (a list item's continuation pasted with too little indent)
            self.text_block([(first + k, ln) for k, ln in enumerate(rows)], False)
        else:
            self.blocks.append(Block("code", text, start, end, lang=lang or detect_lang(text)))


def _strip_marker(line: str) -> str:
    return re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", line).strip()


def _inline_parts(md: MarkdownIt, text: str) -> tuple[list[str], list[str], list[str], str]:
    """Images, link targets, raw HTML tags, and the remaining visible text outside links."""
    images, links, tags, others = [], [], [], []
    for tok in md.parse(text):
        if tok.type == "html_block":
            tags.extend(re.findall(r"<[^>]+>", tok.content))
        depth = 0
        for child in tok.children or []:
            if child.type == "image":
                images.append(str(child.attrGet("src") or ""))
            elif child.type == "link_open":
                links.append(str(child.attrGet("href") or ""))
                depth += 1
            elif child.type == "link_close":
                depth -= 1
            elif child.type == "html_inline":
                tags.append(child.content)
            elif child.type == "text" and depth == 0:
                others.append(child.content)
    return images, links, tags, re.sub(r"[\s，,。.、;；:：]+", "", "".join(others))


def _is_link_list(seg: list[tuple[int, str]], links: list[str], others: str) -> bool:
    rows = [_strip_marker(t) for _, t in seg if t.strip()]
    if all(_URL.match(r.strip("<>，,。 ")) or _REFERENCE.match(r) for r in rows):
        return True
    return bool(links) and not others


# -- front matter and the top-level walk -------------------------------------------------


def read_text(path: Path) -> str:
    """A raw note's text (BOM dropped, line endings as \\n). Bytes that are not UTF-8 are
    a SourceError naming the line, and the likely encoding when it is GBK."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        hint = ""
        try:
            data.decode("gb18030")
            hint = ("; it decodes as GBK/GB18030: convert it with "
                    f"`iconv -f GB18030 -t UTF-8 {path.name} > {path.stem}.utf8{path.suffix}`")
        except UnicodeDecodeError:
            pass
        raise SourceError(path, line, f"not valid UTF-8 (byte 0x{data[err.start]:02x}){hint}"
                          ) from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    """(meta, number of lines the front matter takes); tabs used as indentation are tolerated."""
    if not lines or not re.fullmatch(r"-{3,}\s*", lines[0]):
        return {}, 0
    close = next((k for k in range(1, len(lines)) if re.fullmatch(r"(-{3,}|\.{3})\s*", lines[k])),
                 None)
    if close is None:
        raise SourceError(path, 1, "front matter opened with --- is never closed")
    yaml_text = "\n".join(lines[1:close])
    handler = frontmatter.YAMLHandler()
    try:
        meta = handler.load(yaml_text)
    except yaml.YAMLError as err:
        # Hexo-style headers indent lists with tabs, which YAML forbids: retry with spaces.
        try:
            meta = handler.load(re.sub(r"(?m)^\t+", lambda m: "  " * len(m[0]), yaml_text))
        except yaml.YAMLError:
            mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
            line = mark.line + 2 if mark else 1
            problem = getattr(err, "problem", None) or str(err)
            context = getattr(err, "context_mark", None)
            if context and getattr(err, "context", None):
                problem += f" ({err.context} started on line {context.line + 2})"
            raise SourceError(path, line, f"front matter is not valid YAML: {problem}") from None
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise SourceError(path, 2, "front matter must be a YAML mapping (key: value)")
    return meta, close + 1


def _check_tokens(path: Path, tokens: list[Token], lines: list[str], offset: int) -> None:
    """Unclosed fences and raw <script> are errors; walk every token, nested ones too."""
    last_map: list[int] | None = None
    for tok in tokens:
        if tok.map:
            last_map = tok.map
        if tok.type == "fence" and tok.map:
            a, b = tok.map
            closing = lines[offset + b - 1].strip() if b - a > 1 else ""
            if not (closing.startswith(tok.markup) and not closing.strip(tok.markup[0])):
                raise SourceError(path, offset + a + 1, f"code fence {tok.markup} is never closed")
        htmls = [tok] if tok.type == "html_block" else [
            c for c in tok.children or [] if c.type == "html_inline"]
        for html in htmls:
            if _SCRIPT.search(html.content) and last_map:
                a, b = last_map
                line = next((offset + k + 1 for k in range(a, b)
                             if _SCRIPT.search(lines[offset + k])), offset + a + 1)
                raise SourceError(path, line, "raw <script> is not allowed")


_TEXTISH = {"paragraph_open", "bullet_list_open", "ordered_list_open", "blockquote_open"}


def parse_note(path: Path) -> RawNote:
    path = Path(path)
    lines = read_text(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    meta, fm_lines = _front_matter(path, lines)
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    tokens = md.parse("\n".join(lines[fm_lines:]) + "\n")
    _check_tokens(path, tokens, lines, fm_lines)
    parser = _Parser(path, md)
    if fm_lines:
        parser.blocks.append(Block("front_matter", "\n".join(lines[1 : fm_lines - 1]), 1,
                                   fm_lines))
    top = [t for t in tokens if t.level == 0 and t.nesting >= 0 and t.map]
    inline_of = {id(t): tokens[k + 1] for k, t in enumerate(tokens) if t.type == "heading_open"}
    # `# tensor([[1., 2.],` glued to the line above is a comment of pasted code, not a heading
    glued: set[int] = set()
    for prev, tok in zip(top, top[1:], strict=False):
        if (tok.type == "heading_open" and tok.markup == "#" and prev.map[1] == tok.map[0]
                and (prev.type in _TEXTISH or id(prev) in glued)
                and _CODE_PUNCT.search(inline_of[id(tok)].content)):
            glued.add(id(tok))
    plain_headings = not any(t.type == "heading_open" and id(t) not in glued for t in top)

    def number(k: int) -> int:  # 0-based body index -> 1-based file line
        return fm_lines + k + 1

    chunk: _Chunk | None = None

    def flush() -> None:
        nonlocal chunk
        if chunk:
            parser.scan_chunk(chunk, plain_headings)
        chunk = None

    for idx, tok in enumerate(top):
        a, b = tok.map
        if tok.type in _TEXTISH or id(tok) in glued:
            rows = [(number(k), lines[fm_lines + k]) for k in range(a, b)]
            filled = [n for n, text in chunk.lines if text.strip()] if chunk else []
            if filled and filled[-1] == number(a) - 1:  # no blank line between: one chunk
                chunk.lines += rows
                chunk.single_paragraph = False
            else:
                flush()
                one = tok.type == "paragraph_open" and b - a == 1 and idx < len(top) - 1
                chunk = _Chunk(rows, one)
            continue
        flush()
        if tok.type == "heading_open":
            inline = inline_of[id(tok)]
            parser.blocks.append(Block("heading", inline.content.strip(), number(a), number(b - 1),
                                       level=int(tok.tag[1])))
        elif tok.type == "fence":
            parser.code(tok.content, tok.info.strip(), number(a), number(b - 1), number(a) + 1)
        elif tok.type == "code_block":
            parser.code(tok.content, None, number(a), number(b - 1), number(a))
        elif tok.type == "html_block":
            text = "\n".join(lines[fm_lines + a : fm_lines + b]).rstrip()
            tags = re.findall(r"<[^>]+>", text)
            parser.blocks.append(Block("html", text, number(a), number(a) + text.count("\n"),
                                       tags=tags))
        elif tok.type == "table_open":
            # GFM keeps a table going until a blank line; a row with no pipe is prose again.
            end = next((k for k in range(a + 2, b) if "|" not in lines[fm_lines + k]), b)
            text = "\n".join(lines[fm_lines + a : fm_lines + end])
            parser.blocks.append(Block("table", text, number(a), number(end - 1)))
            if end < b:
                chunk = _Chunk([(number(k), lines[fm_lines + k]) for k in range(end, b)], False)
        elif tok.type == "hr":
            parser.blocks.append(Block("rule", lines[fm_lines + a], number(a), number(a)))
    flush()
    if plain_headings:  # the note's first line, when it is a heading, is its title
        first = next((b for b in parser.blocks if b.kind != "front_matter"), None)
        if first is not None and first.kind == "heading":
            first.level = 1
    blocks = sorted(parser.blocks, key=lambda blk: blk.start_line)
    return RawNote(path, lines, meta, fm_lines + 1, blocks)
