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
(`check`); `python -m torchkb snippet --missing` lists them all. Only the comments of a
snippet that no translated section shows (a note just imported) build without English:
its English page shows the Chinese text, and `translations` lists them.
"""

import functools
import io
import re
import sys
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from torchkb.cjk import CHINESE
from torchkb.errors import Problem, SourceError
from torchkb.sources import records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.canonical import MISSING, Topic, state
from torchkb.sources.snippets import Snippet, snippet_id

MAP_NAME = "comments.en.yml"
TRANSLATED_KINDS = ("python", "shell")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser where PyYAML has it
MARKER = re.compile(r"#+ ?")
SHELL_COMMENT = re.compile(r"(?:^|(?<=\s))#.*$")
UNTRANSLATED = f"comment has no English in {MAP_NAME}"


def _text(line: str) -> str:
    """A comment line's text without its `#` marker (and one space after it)."""
    return line[MARKER.match(line).end() :]


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
        """Its text without the `#` markers, lines joined: a map key."""
        return "\n".join(_text(line) for line in self.lines)


@dataclass
class CommentMap:
    """A topic's map: Chinese comment -> English, with each entry's line in `path`."""

    path: Path
    english: dict[str, str]
    lines: dict[str, int]


@functools.lru_cache(maxsize=4096)
def _raw_comments(code: str, kind: str) -> tuple[tuple[int, int, str], ...]:
    """(line, column, text) of every comment, in order. Cached by the code's text: a build
    reads each snippet's comments several times (check, pages, notebooks, both languages)."""
    if kind == "python":
        tokens = tokenize.generate_tokens(io.StringIO(code).readline)
        return tuple(
            (t.start[0], t.start[1], t.string) for t in tokens if t.type == tokenize.COMMENT
        )
    found = []
    for number, line in enumerate(code.splitlines(), 1):
        match = SHELL_COMMENT.search(line)
        if match:
            found.append((number, match.start(), match.group()))
    return tuple(found)


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
        node = yaml.compose(path.read_bytes().decode("utf-8"), Loader=_LOADER)
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


def forget_maps() -> None:
    """Drop the maps read so far: the next `load_map` reads the file again, even one
    rewritten within the file system's timestamp granularity at the same size."""
    _CACHE.clear()


def _marker(text: str) -> str:
    """The comment's `#` marker, with a space before the English (`#注释` -> `# comment`)."""
    marker = MARKER.match(text).group()
    return marker if marker.endswith(" ") else marker + " "


def units(comment: Comment, cmap: CommentMap) -> list[tuple[int, int, str]]:
    """How a comment is looked up: (first line index, line count, key). A run of comment
    lines whose joined text is a key is one unit (its English may have other line breaks);
    otherwise each line is its own."""
    if len(comment.lines) > 1 and comment.key in cmap.english:
        return [(0, len(comment.lines), comment.key)]
    return [(i, 1, _text(line)) for i, line in enumerate(comment.lines)]


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
                    raise SourceError(path or "<snippet>", first + 1, UNTRANSLATED)
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


def display_path(path: Path, snippets_root: Path) -> Path:
    """`snippets/<topic>/<file>`: how a problem names a file under the snippets root."""
    try:
        return path.relative_to(snippets_root.parent)
    except ValueError:
        return path


def source(snip: Snippet, lang: str, *, check_part: bool = False) -> str:
    """The code a `lang` page shows for snippet `snip` (its lesson, or with `check_part`
    its check part, `<name>.check.py`). A comment without English stays as written: `check`
    has stopped the build unless only sections awaiting translation show the snippet."""
    path = records.check_path(snip.path) if check_part else snip.path
    if path is None:
        raise ValueError(f"{snip.id} has no check part")
    code = path.read_text(encoding="utf-8")
    if lang == "zh" or snip.kind not in TRANSLATED_KINDS:
        return code
    return translate(code, snip.kind, load_map(path.parent), path, strict=False)


def code_files(snip: Snippet) -> list[Path]:
    """The files of a snippet whose comments a page shows: the lesson and its check part."""
    check = records.check_path(snip.path)
    return [snip.path, *([check] if check else [])]


def awaiting_translation(topics: list[Topic]) -> set[str]:
    """Ids of the snippets that only sections without English show: their English page
    shows the author's Chinese under "awaiting translation", and the Chinese comments
    with it (`translations` lists them)."""
    shown: dict[bool, set[str]] = {True: set(), False: set()}
    for topic in topics:
        for section in topic.sections:
            refs = {snippet_id(arg) for kind, arg in section.directives("zh") if kind == "snippet"}
            shown[state(section) == MISSING] |= refs
    return shown[True] - shown[False]


def problems(snippets: list[Snippet], snippets_root: Path) -> list[Problem]:
    """Every untranslated Chinese comment, unused map entry and left-over `.en.` file of
    the topics these snippets belong to (pass all of a topic's snippets). A problem is
    `about` the snippet whose comment it is (`text`: the comment), or else the topic."""
    found: list[Problem] = []
    by_folder: dict[Path, list[Snippet]] = {}
    for snip in snippets:
        by_folder.setdefault(snip.path.parent, []).append(snip)
    for folder, members in sorted(by_folder.items()):
        topic, cmap, used = folder.name, load_map(folder), set()
        for stray in sorted(folder.glob("*.en.*")):
            if stray.name != MAP_NAME:
                problem = f"English comments now come from {MAP_NAME}; delete this file"
                where = display_path(stray, snippets_root)
                found.append(Problem(where, None, problem, about=topic))
        for snip in members:
            for path in code_files(snip):
                code = path.read_text(encoding="utf-8")
                for comment in find_comments(code, snip.kind, path):
                    for start, _, key in units(comment, cmap):
                        if key in cmap.english:
                            used.add(key)
                        elif CHINESE.search(key):
                            where = display_path(path, snippets_root)
                            line = comment.line + start
                            found.append(
                                Problem(where, line, UNTRANSLATED, about=snip.id, text=key)
                            )
        for key in sorted(set(cmap.english) - used, key=cmap.lines.__getitem__):
            problem = f"unused entry {key.split(chr(10))[0]!r}: no snippet of {topic}/ has it"
            where = display_path(cmap.path, snippets_root)
            found.append(Problem(where, cmap.lines[key], problem, about=topic))
    return found


def check(snippets: list[Snippet], snippets_root: Path, awaiting: set[str]) -> None:
    """Stop the build on the first problem (`python -m torchkb snippet --missing` lists
    them all), but for the comments of snippets `awaiting` translation."""
    found = [p for p in problems(snippets, snippets_root) if p.about not in awaiting]
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more: python -m torchkb snippet --missing)"
        raise SourceError.of(replace(first, message=first.message + (more if found[1:] else "")))


def _topic(problem: Problem) -> str:
    """The topic of a problem of `problems` (its `about` is a snippet id or a topic)."""
    return problem.about.split("/")[0]


def _stub(key: str) -> str:
    """A map entry to paste and fill in (a missing comment is always one line)."""
    return yaml.safe_dump({key: ""}, allow_unicode=True, width=10**6)


def snippet_command(ids: list[str], lang: str, missing: bool, snippets_root: Path) -> int:
    """`python -m torchkb snippet`: print one snippet in `lang`; or (`missing`) list the
    comments without English of the given snippets or topics (default: all), with map
    entries to fill in, and the unused entries of the topics."""
    everything = snippet_store.load_all(snippets_root)
    by_id = {s.id: s for s in everything}
    topics = {s.id.split("/")[0] for s in everything}
    unknown = [i for i in ids if i not in topics and i not in by_id]
    if unknown:
        print(f"snippet: no such snippet or topic: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if not missing:
        if len(ids) != 1 or ids[0] not in by_id:
            print("snippet: name one snippet (<topic>/<name>) to print", file=sys.stderr)
            return 2
        snip = by_id[ids[0]]
        sys.stdout.write(source(snip, lang))
        gaps = [p for p in problems([snip], snippets_root) if p.about == snip.id]
        for gap in gaps if lang == "en" else []:
            print(f"{gap}: {gap.text}", file=sys.stderr)
        return 1 if gaps and lang == "en" else 0
    asked = set(ids) or topics
    touched = [s for s in everything if s.id.split("/")[0] in {a.split("/")[0] for a in asked}]
    found = [p for p in problems(touched, snippets_root) if p.about in asked or _topic(p) in asked]
    stubs: dict[Path, list[str]] = {}
    for problem in found:
        print(f"{problem}: {problem.text}" if problem.text else problem)
        if problem.text:
            folder = display_path(snippets_root / _topic(problem) / MAP_NAME, snippets_root)
            entries = stubs.setdefault(folder, [])
            if _stub(problem.text) not in entries:
                entries.append(_stub(problem.text))
    for path, entries in stubs.items():
        print(f"\n# add to {path}, with the English after each colon:\n{''.join(entries)}", end="")
    untranslated = sum(bool(p.text) for p in found)
    print(
        f"snippet: {untranslated} comments without English, "
        f"{len(found) - untranslated} other problems"
    )
    return 1 if found else 0
