"""Typed schemas of the source files, and the YAML loader that keeps line numbers.

notes/topics/*.yml, notes/claims/*.yml, notes/dropped/*.yml and
snippets/<topic>/snippets.yml are parsed by `load_yaml` (each mapping remembers its own
line and each key's line) and validated by the models below. The first problem becomes
one `SourceError`: `file:line: where: problem`, the line being the bad field's own.
notes/FORMAT.md documents exactly these fields (tests/test_schema.py checks that).
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from pathlib import Path
from typing import Annotated, Literal, TypeVar

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from torchkb.errors import SourceError
from torchkb.sources.sanitize import unsafe_html

# a source a claim's correction rests on: a file at one commit of a public repository
PERMALINK = re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+")

# -- YAML with lines ---------------------------------------------------------------------


class LineDict(dict):
    """A YAML mapping with its 1-based first `line` and the line of each key."""

    line: int
    key_lines: dict[object, int]


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # C loader where there is one
    """SafeLoader whose mappings are LineDicts; a key given twice is an error."""


def _mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)  # `<<: *anchor` merge keys
    mapping = LineDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, Hashable):
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            )
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} given twice", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_yaml(path: Path) -> object:
    """Parse YAML; mappings are LineDicts. Bad YAML or encoding -> SourceError."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SourceError(path, data[: err.start].count(b"\n") + 1, "not valid UTF-8") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, path: Path) -> object:
    """`text` (of the file `path`) parsed; mappings are LineDicts."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise SourceError(path, line, f"YAML: {err.problem or err}") from None


# -- validation with lines ----------------------------------------------------------------

M = TypeVar("M")


def validate(kind: type[M] | object, data: object, path: Path) -> M:
    """`data` (from load_yaml) as `kind` (a model or a type such as list[Claim]); the
    first problem -> SourceError at the line of the field it is about."""
    adapter = kind if isinstance(kind, TypeAdapter) else TypeAdapter(kind)
    try:
        return adapter.validate_python(data)
    except ValidationError as err:
        line, problem = describe(err.errors(include_url=False)[0], data)
        raise SourceError(path, line, problem) from None


def describe(error: dict, data: object) -> tuple[int | None, str]:
    """(line, `where: problem`) of one pydantic error, found by walking `data`."""
    node, line, where = data, getattr(data, "line", 1), ""
    loc = error["loc"]
    for n, part in enumerate(loc):
        if isinstance(node, LineDict) and part in node:
            line = node.key_lines[part]
            # a file name (snippets.yml's keys) is followed by ": ", other keys joined by "."
            where += ("." if where and not where.endswith(" ") else "") + str(part)
            where += ": " if "." in str(part) else ""
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
            line = getattr(node, "line", line)
            label = node.get("id") if isinstance(node, dict) else None
            where += f"[{label}]" if isinstance(label, str) else f"#{part + 1}"
        elif error["type"] == "missing" and n == len(loc) - 1:
            line = getattr(node, "line", line)
            return line, f"{_prefix(where)}`{part}` is missing"
        else:
            break
    kind, message = error["type"], error["msg"]
    if kind == "unknown_key" and isinstance(node, LineDict):
        line = node.key_lines.get(error["ctx"]["key"], line)
    message = message.removeprefix("Value error, ")
    message = message[0].lower() + message[1:]
    value = error.get("input")
    if kind not in {"missing", "unknown_key", "value_error"} and not isinstance(value, dict | list):
        shown = repr(value)
        message += f", not {shown if len(shown) <= 60 else shown[:57] + '...'}"
    return line, f"{_prefix(where)}{message}"


def _prefix(where: str) -> str:
    where = where.removesuffix(": ")
    return f"{where}: " if where else ""


# -- the models ---------------------------------------------------------------------------


class Model(BaseModel):
    """A source-file mapping: unknown keys are errors; instances remember their line."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    _line: int | None = PrivateAttr(None)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_line(cls, data: object, handler):  # noqa: ANN206 - pydantic's handler
        if isinstance(data, dict):  # named here, with the keys it could have been
            unknown = [key for key in data if key not in cls.model_fields]
            if unknown:
                raise PydanticCustomError(
                    "unknown_key",
                    "unknown key {key} (known: {known})",
                    {"key": unknown[0], "known": ", ".join(cls.model_fields)},
                )
        model = handler(data)
        model._line = getattr(data, "line", None)
        return model

    @property
    def yaml_line(self) -> int | None:
        """The line its mapping starts on in its file."""
        return self._line


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be blank")
    return text


NonBlank = Annotated[str, AfterValidator(_not_blank)]
Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]


class Text(Model):
    """`{zh: ..., en: ...}`: Chinese required, English optional."""

    zh: str
    en: str | None = None

    def get(self, lang: str, default: str = "") -> str:
        value = getattr(self, lang, None) if lang in ("zh", "en") else None
        return default if value is None else value

    def as_dict(self) -> dict[str, str]:
        return self.model_dump(exclude_none=True)


class Tags(Model):
    """`{zh: [...], en: [...]}`: lists of words."""

    zh: list[str] = []
    en: list[str] | None = None


class LineRange(Model):
    """A raw note's lines: `{note: <stem>, lines: [first, last]}`, 1-based, inclusive."""

    note: NonBlank
    lines: tuple[int, int]

    @field_validator("lines")
    @classmethod
    def _ordered(cls, lines: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= lines[0] <= lines[1]:
            raise ValueError(f"lines must be [first, last], 1 <= first <= last, not {list(lines)}")
        return lines


class SectionText(Model):
    """A section in one language: its title and Markdown body."""

    title: str
    body: str


class EnglishText(SectionText):
    """The English of a section, and the hash of the Chinese it translates."""

    # a hash of digits only would parse as a number: stamp writes it quoted
    source_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{12}$")] | None = None


class SectionEntry(Model):
    """One section of a topic page (notes/topics/<topic>.yml `sections:`)."""

    id: Slug
    sources: Annotated[list[LineRange], Field(min_length=1)]
    zh: SectionText
    en: EnglishText | None = None


class TopicFile(Model):
    """notes/topics/<topic>.yml: one topic page."""

    id: Slug
    order: int = 999
    title: Text
    summary: Text = Text(zh="")
    tags: Tags = Tags()
    sections: list[SectionEntry] | None = None


class ClaimEntry(Model):
    """One claim of notes/claims/<topic>.yml."""

    id: Slug
    note: NonBlank
    line: int | None = None
    claim: Text
    status: Literal["verified", "corrected", "corrected-from-source", "not-checkable"]
    snippet: NonBlank | None = None
    # corrected-from-source: the public sources the correction rests on, each a permalink
    # pinned to a commit (a branch's file changes under the link)
    sources: list[str] | None = None
    since: str | None = None
    # a CUDA proof that can tell the claim from its opposite only with this many GPUs
    # (on one GPU, `.cuda()` and `.cuda(0)` are the same device whatever the rule)
    gpus: int | None = Field(None, ge=2)
    # a formula (output sizes, coordinates, indices): its proof must be property-based
    formula: bool = False
    explanation: Text | None = None
    _path: Path | None = PrivateAttr(None)

    @model_validator(mode="after")
    def _proof_matches_status(self) -> ClaimEntry:
        without_run = ("not-checkable", "corrected-from-source")
        if self.snippet is None and self.status not in without_run:
            raise ValueError(f"a {self.status} claim needs a proof `snippet`")
        if self.snippet is not None and self.status in without_run:
            raise ValueError(
                f"{self.status}, yet it names a proof ({self.snippet}): "
                "say what it expects (verified or corrected)"
            )
        if (self.status == "corrected-from-source") != bool(self.sources):
            raise ValueError(
                "a corrected-from-source claim, and only such a claim, lists the `sources` "
                "its correction rests on"
            )
        for url in self.sources or []:
            if not PERMALINK.fullmatch(url):
                raise ValueError(
                    f"source {url}: not a permalink pinned to a commit "
                    "(https://github.com/<owner>/<repo>/blob/<40 hex digits>/<path>)"
                )
        for text in (self.claim, self.explanation):  # they become page Markdown
            for value in text.as_dict().values() if text else []:
                for _, problem in unsafe_html(value):
                    raise ValueError(problem)
        return self

    @property
    def path(self) -> Path | None:
        """The claims file it is in (its stem is the topic)."""
        return self._path


class DroppedEntry(LineRange):
    """One entry of notes/dropped/<topic>.yml: raw lines deliberately not on a page, or,
    with `words`, words left out of lines that are on a page (a link text whose address
    was lost, say)."""

    words: NonBlank | None = None
    reason: NonBlank
    _path: Path | None = PrivateAttr(None)

    @property
    def path(self) -> Path | None:
        return self._path


class ExpectException(Model):
    """The exception a snippet is meant to raise; `match` is a regex over its message."""

    type: NonBlank
    match: str | None = None


class SnippetMeta(Model):
    """One entry of snippets/<topic>/snippets.yml, keyed by the snippet's file name."""

    title: Text | None = None
    needs: Literal["cpu", "cuda", "cpu-only-build"] | None = None
    packages: list[str] = []
    expect_exception: ExpectException | None = None
    timeout: float | None = None
    skip: str | None = None
    skip_zh: str | None = None
    deterministic_output: bool = True
    output_per_device: bool = False
    # "editor": the whole example is the editor's, not code from the note (pages say so)
    by: Literal["note", "editor"] = "note"


class TypoFixEntry(Model):
    """One entry of notes/typo-fixes.yml: a word change allowed in the author's text."""

    note: NonBlank
    raw: NonBlank
    fixed: NonBlank
    reason: NonBlank


class BothLanguages(Model):
    """`{zh: ..., en: ...}` where both are required: the editor's words, written in both."""

    zh: NonBlank
    en: NonBlank

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


class ErrorEntry(Model):
    """One entry of notes/errors.yml: the editor's cause and fix of one indexed error,
    either the error a snippet raises or prints (its message comes from the recorded run) or a
    message a section quotes that no snippet raises here."""

    snippet: NonBlank | None = None
    quoted: NonBlank | None = None
    section: Slug | None = None
    cause: BothLanguages
    fix: BothLanguages

    @model_validator(mode="after")
    def _one_kind(self) -> ErrorEntry:
        if (self.snippet is None) == (self.quoted is None):
            raise ValueError("give either `snippet` (it raises or prints the error) or `quoted`")
        if self.quoted is not None and self.section is None:
            raise ValueError("a `quoted` message needs the `section` that quotes it")
        if self.snippet is not None and self.section is not None:
            raise ValueError("`section` is for `quoted` messages: a snippet's is found")
        for text in (self.cause, self.fix):  # they become page Markdown
            for value in (text.zh, text.en):
                for _, problem in unsafe_html(value):
                    raise ValueError(problem)
        return self

    def field_line(self, name: str) -> int | None:
        """The line of one of its fields (for a problem only the page can see)."""
        return self._key_lines.get(name, self.yaml_line)

    _key_lines: dict[str, int] = PrivateAttr(default_factory=dict)


SnippetsFile = dict[str, SnippetMeta | None]

# built once: a TypeAdapter compiles its validator
CLAIMS = TypeAdapter(list[ClaimEntry])
DROPPED = TypeAdapter(list[DroppedEntry])
ERRORS = TypeAdapter(list[ErrorEntry])
SNIPPETS_FILE = TypeAdapter(SnippetsFile)
TYPO_FIXES = TypeAdapter(list[TypoFixEntry])
