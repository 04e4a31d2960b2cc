"""English snippet comments from one map per topic: `snippets/<topic>/comments.en.yml`.

A snippet is written once, with the author's (Chinese) comments. Its English variant is
the same file with each comment swapped for the English the topic's map gives it; code,
strings and layout stay as they are, so one run verifies both languages' code. Pages and
notebooks render the English on the fly (`source(snip, "en")`): there is no second file
to keep in step.

The unit of translation is a comment: a comment after code, or a run of full-line
comments on consecutive lines at the same column (one sentence wrapped over two lines is
one entry, and its English may take more or fewer lines). The map's key is the comment's
text without its `#` marker (a run's lines joined by newlines), the value its English:

    创建一个张量: create a tensor
    ? |-
      第一行
      第二行
    : |-
      English of both lines

Python comments are COMMENT tokens (`tokenize`); shell comments start at a `#` that
begins a word. Other kinds (yaml, text) are shown as written.

A comment with Chinese in it and no entry, an entry no snippet of the topic uses, and a
left-over `<name>.en.<ext>` file stop the build with one `file:line: problem` line
(`check`); `python -m torchkb snippet --missing` lists them all.
"""

import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import yaml

from torchkb.errors import SourceError

MAP_NAME = "comments.en.yml"
TRANSLATED_KINDS = ("python", "shell")
# Han characters and CJK / full-width punctuation (a lone "：" still needs English)
CHINESE = re.compile("[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
MARKER = re.compile(r"#+ ?")
SHELL_COMMENT = re.compile(r"(?:^|(?<=\s))#.*$")


@dataclass(frozen=True)
class Comment:
    """One comment of a snippet: `lines` are its raw texts (each from its `#` to the end of
    its line), starting at 1-based line `line`, column `col`."""

    line: int
    col: int
    lines: tuple[str, ...]
    after_code: bool

    @property
    def key(self) -> str:
        return "\n".join(text[MARKER.match(text).end() :] for text in self.lines)

    @property
    def chinese(self) -> bool:
        return bool(CHINESE.search(self.key))


@dataclass
class CommentMap:
    """A topic's map: Chinese comment -> English, with each entry's line in `path`."""

    path: Path
    english: dict[str, str]
    lines: dict[str, int]


def _raw_comments(code: str, kind: str) -> list[tuple[int, int, str]]:
    """(line, column, text) of every comment, in order."""
    if kind == "python":
        tokens = tokenize.generate_tokens(io.StringIO(code).readline)
        return [(t.start[0], t.start[1], t.string) for t in tokens if t.type == tokenize.COMMENT]
    found = []
    for number, line in enumerate(code.splitlines(), 1):
        match = SHELL_COMMENT.search(line)
        if match:
            found.append((number, match.start(), match.group()))
    return found


def find_comments(code: str, kind: str, path: Path | None = None) -> list[Comment]:
    """The comments of a snippet's code, full-line runs grouped. A Python file that does
    not tokenize is a SourceError naming `path`."""
    if kind not in TRANSLATED_KINDS:
        return []
    try:
        raw = _raw_comments(code, kind)
    except (tokenize.TokenError, SyntaxError) as err:
        line = getattr(err, "lineno", None) or (err.args[1][0] if len(err.args) > 1 else None)
        raise SourceError(path or "<snippet>", line, f"does not tokenize: {err.args[0]}") from None
    lines = code.splitlines()
    comments: list[Comment] = []
    for number, col, text in raw:
        after_code = bool(lines[number - 1][:col].strip())
        last = comments[-1] if comments else None
        if (
            last
            and not last.after_code
            and not after_code
            and last.col == col
            and last.line + len(last.lines) == number
        ):
            comments[-1] = Comment(last.line, col, (*last.lines, text), False)
        else:
            comments.append(Comment(number, col, (text,), after_code))
    return comments


def load_map(folder: Path) -> CommentMap:
    """`<folder>/comments.en.yml`, or an empty map when there is none. Bad YAML, a key or
    value that is not text, and a key given twice are SourceErrors."""
    path = folder / MAP_NAME
    if not path.exists():
        return CommentMap(path, {}, {})
    stat = path.stat()
    cached = _CACHE.get(path)
    if cached and cached[0] == (stat.st_mtime_ns, stat.st_size):
        return cached[1]
    try:
        node = yaml.compose(path.read_bytes().decode("utf-8"), Loader=yaml.SafeLoader)
    except UnicodeDecodeError:
        raise SourceError(path, None, "not valid UTF-8") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise SourceError(path, mark.line + 1 if mark else None, f"YAML: {err.problem}") from None
    cmap = CommentMap(path, {}, {})
    if node is not None and not isinstance(node, yaml.MappingNode):
        raise SourceError(
            path, node.start_mark.line + 1, "must map each Chinese comment to its English"
        )
    for key, value in node.value if node is not None else []:
        line = key.start_mark.line + 1
        if not (isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode)):
            raise SourceError(path, line, "each entry is `Chinese comment: English comment`")
        if key.value in cmap.english:
            raise SourceError(
                path, line, f"{key.value!r} is given twice (first on line {cmap.lines[key.value]})"
            )
        if value.tag.endswith(":null") or not value.value.strip():
            raise SourceError(path, line, f"{key.value!r} has no English")
        cmap.english[key.value], cmap.lines[key.value] = value.value, line
    _CACHE[path] = ((stat.st_mtime_ns, stat.st_size), cmap)
    return cmap


_CACHE: dict[Path, tuple[tuple[int, int], CommentMap]] = {}


def _marker(text: str) -> str:
    marker = MARKER.match(text).group()
    return marker if marker.endswith(" ") else marker + " "


def _texts(line: str) -> str:
    return line[MARKER.match(line).end() :]


def units(comment: Comment, cmap: CommentMap) -> list[tuple[int, int, str]]:
    """How a comment is looked up: (first line index, line count, key). A run of comment
    lines whose joined text is a key is one unit (its English may have other line breaks);
    otherwise each line is its own."""
    if len(comment.lines) > 1 and comment.key in cmap.english:
        return [(0, len(comment.lines), comment.key)]
    return [(i, 1, _texts(line)) for i, line in enumerate(comment.lines)]


def translate(
    code: str, kind: str, cmap: CommentMap, path: Path | None = None, strict: bool = True
) -> str:
    """`code` with every comment the map knows in English. An untranslated Chinese
    comment is a SourceError `path:line` (strict) or left as it is."""
    comments = find_comments(code, kind, path)
    if not comments:
        return code
    lines = code.splitlines(keepends=True)
    # replace from the end, so earlier line numbers stay valid
    for comment in reversed(comments):
        for start, count, key in reversed(units(comment, cmap)):
            first = comment.line - 1 + start
            english = cmap.english.get(key)
            if english is None:
                if strict and CHINESE.search(key):
                    raise SourceError(path or "<snippet>", first + 1, untranslated_problem())
                continue
            new = english.split("\n")
            if comment.after_code and len(new) > 1:
                raise SourceError(
                    cmap.path, cmap.lines[key], "a comment after code takes one line of English"
                )
            originals = lines[first : first + count]
            ending = originals[-1][len(originals[-1].rstrip("\r\n")) :]
            out = []
            for i, text in enumerate(new):
                j = min(i, count - 1)
                prefix = originals[j][: comment.col]
                marker = _marker(comment.lines[start + j])
                out.append((prefix + marker + text if text else prefix + marker.rstrip()) + "\n")
            out[-1] = out[-1][:-1] + ending
            lines[first : first + count] = out
    return "".join(lines)


def untranslated_problem() -> str:
    return f"comment has no English in {MAP_NAME}"


def display_path(path: Path, snippets_root: Path) -> Path:
    """`snippets/<topic>/<file>`: how a problem names a snippet file."""
    try:
        return path.relative_to(snippets_root.parent)
    except ValueError:
        return path


def source(snip, lang: str) -> str:
    """The code a `lang` page shows for snippet `snip` (a `torchkb.snippets.Snippet`)."""
    code = snip.path.read_text(encoding="utf-8")
    if lang == "zh" or snip.kind not in TRANSLATED_KINDS:
        return code
    return translate(code, snip.kind, load_map(snip.path.parent), snip.path)


def problems(snippets: list, snippets_root: Path) -> list[SourceError]:
    """Every untranslated Chinese comment, unused map entry and left-over `.en.` file of
    the topics these snippets belong to (all of a topic's snippets must be given)."""
    found: list[SourceError] = []
    by_folder: dict[Path, list] = {}
    for snip in snippets:
        by_folder.setdefault(snip.path.parent, []).append(snip)
    for folder, members in sorted(by_folder.items()):
        cmap = load_map(folder)
        used: set[str] = set()
        for stray in sorted(folder.glob("*.en.*")):
            if stray.name != MAP_NAME:
                found.append(
                    SourceError(
                        display_path(stray, snippets_root),
                        None,
                        f"English comments now come from {MAP_NAME}; delete this file",
                    )
                )
        for snip in members:
            code = snip.path.read_text(encoding="utf-8")
            for comment in find_comments(code, snip.kind, snip.path):
                for start, _, key in units(comment, cmap):
                    if key in cmap.english:
                        used.add(key)
                    elif CHINESE.search(key):
                        found.append(
                            SourceError(
                                display_path(snip.path, snippets_root),
                                comment.line + start,
                                untranslated_problem(),
                            )
                        )
        for key in sorted(set(cmap.english) - used, key=cmap.lines.__getitem__):
            first = key.split("\n", 1)[0]
            found.append(
                SourceError(
                    display_path(cmap.path, snippets_root),
                    cmap.lines[key],
                    f"unused entry {first!r}: no snippet of {folder.name}/ has this comment",
                )
            )
    return found


def check(snippets: list, snippets_root: Path) -> None:
    """Stop the build on the first problem (`problems` lists them all)."""
    found = problems(snippets, snippets_root)
    if found:
        more = f" (and {len(found) - 1} more: python -m torchkb snippet --missing)"
        first = found[0]
        raise SourceError(first.path, first.line, first.problem + (more if len(found) > 1 else ""))
