"""The source files' schemas (torchkb/sources/schema.py): every bad field is one line
`file:line: problem` at that field's line, the build exits 1 with no traceback and leaves
docs/ as it was; notes/FORMAT.md's examples show exactly the models' fields."""

import re
import textwrap
from pathlib import Path

import pytest
from treecopy import copy_sources, run_cli, snapshot

import torchkb
from torchkb.errors import SourceError
from torchkb.sources import schema

ROOT = torchkb.ROOT

# (file, text replaced, its replacement, the line the problem is reported at, the problem)
BAD_FIELDS = {
    "topic order not a number": (
        "notes/topics/tensors.yml",
        "order: 10",
        "order: ten",
        "order: ten",
        "order: input should be a valid integer, unable to parse string as an integer, not 'ten'",
    ),
    "tags given as a string": (
        "notes/topics/tensors.yml",
        "  zh: [张量, 广播, 维度变换, 共享内存, 类型转换]",
        "  zh: 张量",
        "  zh: 张量",
        "tags.zh: input should be a valid list, not '张量'",
    ),
    "unknown key in a section": (
        "notes/topics/tensors.yml",
        "      title: PyTorch 与 torch.Tensor 简介",
        "      titel: PyTorch 与 torch.Tensor 简介",
        "titel:",
        "sections[tensors-intro].zh: unknown key titel (known: title, body)",
    ),
    "source lines reversed": (
        "notes/topics/tensors.yml",
        "lines: [15, 19]",
        "lines: [19, 15]",
        "lines: [19, 15]",
        "sections[tensors-intro].sources#1.lines: lines must be [first, last], "
        "1 <= first <= last, not [19, 15]",
    ),
    "sources on a claim with a proof": (
        "notes/claims/tensors.yml",
        "  status: verified\n  snippet: tensors/create_new_ones.py",
        "  status: verified\n  snippet: tensors/create_new_ones.py\n"
        "  sources: [https://github.com/a/b/blob/0123456789abcdef0123456789abcdef01234567/c.py]",
        "- id: tensors-new-ones-keeps-dtype",
        "[tensors-new-ones-keeps-dtype]: a corrected-from-source claim, and only such a "
        "claim, lists the `sources` its correction rests on",
    ),
    "a source that is not pinned to a commit": (
        "notes/claims/environment.yml",
        "pytorch-feedstock/blob/6d6e0d1d9caf6831fbbd0472db225d61c9791fbb/recipe/meta.yaml",
        "pytorch-feedstock/blob/main/recipe/meta.yaml",
        "- id: environment-conda-main-cpu-only",
        "[environment-conda-main-cpu-only]: source https://github.com/AnacondaRecipes/"
        "pytorch-feedstock/blob/main/recipe/meta.yaml: not a permalink pinned to a commit "
        "(https://github.com/<owner>/<repo>/blob/<40 hex digits>/<path>)",
    ),
    "unknown claim status": (
        "notes/claims/tensors.yml",
        "  status: verified\n  snippet: tensors/create_new_ones.py",
        "  status: verfied\n  snippet: tensors/create_new_ones.py",
        "status: verfied",
        "[tensors-new-ones-keeps-dtype].status: input should be 'verified', 'corrected', "
        "'corrected-from-source' or 'not-checkable', not 'verfied'",
    ),
    "verified claim without a proof": (
        "notes/claims/tensors.yml",
        "  snippet: tensors/create_new_ones.py\n",
        "",
        "- id: tensors-new-ones-keeps-dtype",
        "[tensors-new-ones-keeps-dtype]: a verified claim needs a proof `snippet`",
    ),
    "dropped entry without a reason": (
        "notes/dropped/tensors.yml",
        '- {note: 002_18d452075e881a4d, lines: [3, 3], reason: "note title (pytorch基础知识); '
        'the page has its own title"}',
        "- {note: 002_18d452075e881a4d, lines: [3, 3]}",
        "lines: [3, 3]}",
        "#1: `reason` is missing",
    ),
    "snippet needs an unknown device": (
        "snippets/tensors/snippets.yml",
        "  needs: cpu",
        "  needs: gpu",
        "needs: gpu",
        "create_new_ones.py: needs: input should be 'cpu', 'cuda' or 'cpu-only-build', not 'gpu'",
    ),
    "error entry without English": (
        "notes/errors.yml",
        "    en: Make the dtypes equal first, e.g. `x = x.float()` or `x = x.to(w.dtype)`; "
        "from numpy, `torch.from_numpy(arr).float()`.\n",
        "",
        "    zh: 先统一 dtype",
        "#6.fix: `en` is missing",
    ),
    "error entry both kinds": (
        "notes/errors.yml",
        '- quoted: "SyntaxError: invalid syntax"',
        '- quoted: "SyntaxError: invalid syntax"\n  snippet: training/x.py',
        '- quoted: "SyntaxError: invalid syntax"',
        "#21: give either `snippet` (it raises or prints the error) or `quoted`",
    ),
    "key given twice": (
        "notes/topics/tensors.yml",
        "order: 10",
        "order: 10\norder: 11",
        "order: 11",
        "YAML: key 'order' given twice",
    ),
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """What the build reads and writes, copied."""
    return copy_sources(tmp_path)


@pytest.mark.parametrize("case", BAD_FIELDS.values(), ids=BAD_FIELDS.keys())
def test_bad_field_is_one_line_at_its_line(tree: Path, case: tuple[str, ...]) -> None:
    rel, old, new, at, problem = case
    path = tree / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{rel} no longer holds {old!r}: update this test"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    # where the bad field is (or the entry that lacks one)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if at in row)
    before = snapshot(tree / "docs")
    result = run_cli(tree, "build")  # in this process: tests/treecopy.py
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one line, no traceback
    assert lines[0] == f"error: {path}:{line}: {problem}", lines[0]
    assert snapshot(tree / "docs") == before, "a failed build touched docs/"


def test_a_missing_field_names_the_mapping(tmp_path: Path) -> None:
    path = tmp_path / "t.yml"
    path.write_text(
        "id: t\ntitle: {zh: 题}\nsections:\n  - id: s\n    sources: []\n    zh: {title: x}\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceError) as err:
        schema.validate(schema.TopicFile, schema.load_yaml(path), path)
    assert (
        str(err.value) == f"{path}:5: sections[s].sources: list should have at least 1 item "
        "after validation, not 0"
    )


# -- notes/FORMAT.md ------------------------------------------------------------------

# which example is which: a key only it has
EXAMPLE_MARKS = {
    "sections": "topic",
    "fixed": "typo-fix",
    "reason": "dropped",
    "claim": "claim",
    "cause": "errors",
    "创建一个 2x3 的张量": "comment-map",  # snippets/<topic>/comments.en.yml (sources.comments)
}


def format_examples() -> dict[str, object]:
    """The YAML examples of notes/FORMAT.md, by what they show."""
    path = ROOT / "notes" / "FORMAT.md"
    text = path.read_text(encoding="utf-8")
    found = {}
    for _indent, body in re.findall(r"^( *)```yaml\n(.*?)^\1```", text, re.S | re.M):
        data = schema.parse_yaml(textwrap.dedent(body), path)
        first = data[0] if isinstance(data, list) else data
        kind = next((k for mark, k in EXAMPLE_MARKS.items() if mark in first), "snippets")
        assert kind not in found, f"{path}: two {kind} examples"
        found[kind] = data
    return found


def test_format_md_examples_fit_the_schemas() -> None:
    examples = format_examples()
    schema.validate(schema.TopicFile, examples["topic"], Path("FORMAT.md topic example"))
    schema.validate(schema.CLAIMS, examples["claim"], Path("FORMAT.md claims example"))
    schema.validate(schema.DROPPED, examples["dropped"], Path("FORMAT.md dropped example"))
    schema.validate(schema.TYPO_FIXES, examples["typo-fix"], Path("FORMAT.md typo example"))
    schema.validate(schema.SNIPPETS_FILE, examples["snippets"], Path("FORMAT.md snippets.yml"))
    schema.validate(schema.ERRORS, examples["errors"], Path("FORMAT.md errors.yml example"))


def test_format_md_documents_every_field() -> None:
    """Each model's fields are exactly the keys its FORMAT.md example shows: a field added
    to (or removed from) a model fails here until FORMAT.md says so."""
    ex = format_examples()
    topic = ex["topic"]
    section = topic["sections"][0]
    shown = {
        schema.TopicFile: topic,
        schema.SectionEntry: section,
        schema.LineRange: section["sources"][0],
        schema.SectionText: section["zh"],
        schema.EnglishText: section["en"],
        schema.Tags: topic["tags"],
        schema.Text: topic["title"],
        # a claim with a proof and one corrected on a source: together every field
        schema.ClaimEntry: {key: None for entry in ex["claim"] for key in entry},
        # a whole-line drop and words dropped from a line: together every field
        schema.DroppedEntry: {key: None for entry in ex["dropped"] for key in entry},
        schema.TypoFixEntry: ex["typo-fix"][0],
        schema.SnippetMeta: next(iter(ex["snippets"].values())),
        schema.ExpectException: next(iter(ex["snippets"].values()))["expect_exception"],
    }
    # an error entry is one kind or the other: together the examples show every field
    errors = ex["errors"]
    shown[schema.ErrorEntry] = {key: None for entry in errors for key in entry}
    shown[schema.BothLanguages] = errors[0]["cause"]
    for model, example in shown.items():
        assert set(example) == set(model.model_fields), (
            f"notes/FORMAT.md's example of {model.__name__} shows {sorted(example)}, "
            f"the model has {sorted(model.model_fields)}"
        )
