"""The reader's pages: the home page starts a reader, the error index answers, the claims
register scans. Their numbers and messages come from the records and the recorded
outputs, never typed: a planted record changes the home page's status line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from treecopy import copy_sources, rendered_checkout

import torchkb
from torchkb.errors import SourceError
from torchkb.render import error_index
from torchkb.render.claims import label_all
from torchkb.render.other_pages import home_page, verification_status
from torchkb.sources import snippets as snippet_store
from torchkb.sources.project import Project
from torchkb.sources.records import split_recorded
from torchkb.sources.ui import strings

ROOT = torchkb.ROOT


def page(lang: str, name: str) -> str:
    return rendered_checkout()[f"{lang}/{name}"].decode()


def entries(text: str) -> list[str]:
    """The error index's entries (`### ` under a topic's `## `), each with its heading."""
    return ["### " + block.split("\n## ")[0] for block in re.split(r"^### ", text, flags=re.M)[1:]]


# -- home ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_home_has_the_three_ways_in_and_the_search_tip(lang: str) -> None:
    home = page(lang, "index.md")
    ways = home.split('<div class="grid cards kb-ways" markdown>')[1].split("</div>")[0]
    for target in ("(#topics)", "(errors.md)", "(claims.md)"):
        assert target in ways, f"{lang}: the ways in lack {target}"
    assert "{#topics}" in home
    assert "<kbd>/</kbd>" in home.split("{: .kb-home-search }")[0]
    # light: one link per topic card, no list of every section
    assert len(re.findall(r"\]\([\w./-]*#?[\w-]*\)", home)) <= 3 + len(Project(ROOT).topics)
    assert ".md#" not in home.split("{#topics}")[1]


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_home_status_line_is_the_records(lang: str) -> None:
    status = verification_status(Project(ROOT))
    assert status["cpu"] > 0 and status["gpu"] > 0, status  # so the check below can fail
    line = next(x for x in page(lang, "index.md").splitlines() if str(status["cpu"]) in x)
    numbers = [int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.])", line)]
    for key in ("cpu", "gpu", "wait", "reference"):
        assert status[key] in numbers, (key, line)
    assert str(status["torch"]) in line and str(status["gpu_runs"]) in line


def _home(project: Project, lang: str = "en") -> str:
    labels = label_all(project.claims, project.evidence)
    return home_page(lang, project.topics, project, labels, 0)


def test_snippets_shown_for_reference_are_counted_as_such() -> None:
    """A snippet that is never run (`skip:` in snippets.yml: shell lines shown for
    reference, an Apex build) does not await a GPU; its badge says it is never run."""
    project = Project(ROOT)
    status = verification_status(project)
    never_run = [s for s in project.snippets.values() if s.meta.skip]
    assert never_run and status["reference"] == len(never_run)
    gpu = page("en", "debugging.md")
    block = gpu.split("snippet: debugging/cuda_launch_blocking.sh")[1].split("<!-- snippet:")[0]
    assert strings("en")["run"]["reference"] in block
    assert strings("en")["run"]["needs_gpu"] not in block


def test_a_missing_gpu_record_changes_the_status_line(tmp_path: Path) -> None:
    root = copy_sources(tmp_path)
    before = verification_status(Project(root))
    proofs = {snippet_store.snippet_id(c.snippet) for c in Project(root).claims if c.snippet}
    # a CUDA snippet that proves no claim, with a passing GPU record
    cuda = root / "verification" / "cuda.json"
    records = json.loads(cuda.read_text())
    snip = next(
        s
        for s in Project(root).snippets.values()
        if s.meta.needs == "cuda"
        and s.id not in proofs
        and records.get(s.id, {}).get("result") == "passed"
    )
    # a record of other code does not count (as the badges read them)
    records[snip.id]["code_sha256"] = "0" * 64
    cuda.write_text(json.dumps(records), encoding="utf-8")
    after = verification_status(Project(root))
    assert after["gpu"] == before["gpu"] - 1 and after["wait"] == before["wait"] + 1
    text = _home(Project(root))
    expected = strings("en")["home"]["status"].format(**after)
    assert expected in text, text


# -- error index -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_every_error_entry_answers(lang: str) -> None:
    ui = strings(lang)["errors"]
    blocks = entries(page(lang, "errors.md"))
    project = Project(ROOT)
    assert len(blocks) == len(error_index.collect(project, lang)) >= 20
    for block in blocks:
        head = block.splitlines()[0]
        message = re.search(r"^```+text\n(.*?)\n```", block, re.S | re.M)
        assert message and message.group(1).strip(), f"{head}: no message"
        editor = block.split(f'!!! editor "{ui["editor"]}"', 1)
        assert len(editor) == 2, f"{head}: cause and fix are not in an editor's block"
        for label in (ui["cause"], ui["fix"]):
            found = re.search(rf"^    \*\*{label}\*\*(?::|：)\s*(\S.*)$", editor[1], re.M)
            assert found, f"{head}: no {label}"
        assert re.search(rf"\*\*{ui['explained']}\*\*\S*\s*\[[^\]]+\]\(\w+\.md#[\w-]+\)", block), (
            f"{head}: no link to the explaining section"
        )
        assert f"{ui['ran']}" in block, f"{head}: does not say where it ran"


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_error_messages_are_the_recorded_ones(lang: str) -> None:
    """A snippet's entry shows the exception its recorded run printed, byte for byte, and
    says where it ran from the record (an error the lesson caught and printed: that line of
    its output)."""
    project = Project(ROOT)
    text = page(lang, "errors.md")
    checked, on_gpu = 0, 0
    for entry in error_index.collect(project, lang):
        if entry.snippet is None or entry.record is None:
            continue
        output = snippet_store.load_output(entry.snippet) or ""
        recorded = entry.message if entry.printed else split_recorded(output, True)[1]
        if entry.printed:
            assert entry.message in output.splitlines()
        assert recorded.strip() == entry.message
        block = re.split(r"\n##+ ", text.split(f"{{#{entry.anchor}}}", 1)[1], maxsplit=1)[0]
        assert f"```text\n{recorded.strip()}\n```" in block
        ran = strings(lang)["errors"][f"ran_{entry.device}"].split("{")[0]
        assert ran in block and str(entry.record["torch"]) in block
        on_gpu += entry.device == "cuda"
        assert f"#snippet-{entry.snippet.id.replace('/', '-')})" in block
        checked += 1
    assert checked >= 15 and on_gpu >= 2  # the device-side assert, tensors on two devices


def _errors_yml(root: Path) -> Path:
    return root / "notes" / "errors.yml"


def _without_entry(tmp_path: Path, snippet: str) -> Project:
    """A copy of the sources whose notes/errors.yml lacks the entry of `snippet`."""
    root = copy_sources(tmp_path)
    path = _errors_yml(root)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    kept = [e for e in data if e.get("snippet") != snippet]
    assert len(kept) == len(data) - 1
    path.write_text(yaml.safe_dump(kept, allow_unicode=True), encoding="utf-8")
    return Project(root)


def test_every_error_a_page_shows_has_its_entry() -> None:
    assert error_index.missing_entries(Project(ROOT)) == []


def test_an_error_without_an_entry_is_listed_and_shown_as_not_written(tmp_path: Path) -> None:
    """A new note's error builds (the page says its cause and fix are not written yet);
    the tests list it until notes/errors.yml has its entry."""
    project = _without_entry(tmp_path, "tensors/broadcast_mismatch.py")
    assert error_index.missing_entries(project) == ["tensors/broadcast_mismatch.py"]
    assert strings("zh")["errors"]["no_entry"] in error_index.error_index_page(project, "zh")


def test_a_stale_quoted_entry_stops_the_build_at_its_line(tmp_path: Path) -> None:
    root = copy_sources(tmp_path)
    path = _errors_yml(root)
    text = path.read_text(encoding="utf-8")
    old = '- quoted: "SyntaxError: invalid syntax"'
    assert old in text
    path.write_text(text.replace(old, '- quoted: "SyntaxError: no such words"'), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(SourceError) as err:
        error_index.collect(Project(root), "zh")
    assert str(err.value).startswith(f"{path}:{line}: section training-dropout-training-flag")


def test_an_entry_for_a_snippet_that_raises_nothing_stops_the_build(tmp_path: Path) -> None:
    root = copy_sources(tmp_path)
    path = _errors_yml(root)
    text = path.read_text(encoding="utf-8")
    old = "- snippet: tensors/broadcast_mismatch.py"
    path.write_text(text.replace(old, "- snippet: tensors/broadcasting_rules.py"), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(SourceError) as err:
        error_index.collect(Project(root), "en")
    assert str(err.value) == (
        f"{path}:{line}: tensors/broadcasting_rules.py: raises no error (snippets.yml) "
        "and its recorded output prints none"
    )


def test_an_error_a_run_prints_is_an_entry_of_its_own() -> None:
    """A lesson that catches an error and prints it shows the error too: the entry's
    message is the printed line of the recorded output, "printed by" its snippet; a
    printed message another entry gives (a snippet raises it, a section quotes it) joins
    that entry instead."""
    project = Project(ROOT)
    for lang in ("zh", "en"):
        entries = error_index.collect(project, lang)
        printed = {e.snippet.id: e for e in entries if e.printed}
        assert {"data/h5_dataset", "tensors/dtype_conversion", "tools/make_dot"} <= set(printed)
        for sid, entry in printed.items():
            output = snippet_store.load_output(project.snippets[sid]) or ""
            assert entry.message in output.splitlines() and entry.note is not None
        page = error_index.error_index_page(project, lang)
        assert strings(lang)["errors"]["snippet_printed"] in page
        # total_loss_graph prints the message backward_twice_error raises: one entry,
        # listing total_loss_graph's section too
        twice = [e for e in entries if "backward through the graph a second time" in e.message]
        assert len(twice) == 1
        shown = error_index.shown_snippets(project, lang)["training/total_loss_graph"]
        assert shown in twice[0].sections


def test_a_printed_error_without_an_entry_is_listed(tmp_path: Path) -> None:
    project = _without_entry(tmp_path, "tools/make_dot.py")
    assert error_index.missing_entries(project) == ["tools/make_dot.py"]


# -- claims register ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", torchkb.LANGS)
def test_claims_page_has_a_card_per_claim_with_linked_proof_and_source(lang: str) -> None:
    project = Project(ROOT)
    text = page(lang, "claims.md")
    cards = re.findall(
        r'^<div class="kb-claim kb-claim-[\w-]+" id="claim-([^"]+)"[^>\n]* markdown>\n(.*?)^</div>',
        text,
        re.M | re.S,
    )
    assert len(cards) == len(project.claims) > 0
    by_id = dict(cards)
    files = rendered_checkout()
    title = strings(lang)["home"]["claims_title"]
    assert f"# {title}\n" in text and f'title: "{title}"' in text  # the home card's words
    for claim in project.claims:
        card = by_id[claim.id]
        source = card.split("{: .kb-claim-head }")[0]
        proof = card.split("{: .kb-claim-proof }")[0].rsplit("\n\n", 1)[-1] if claim.snippet else ""
        if claim.snippet:
            snip_id = snippet_store.snippet_id(claim.snippet)
            m = re.search(
                rf"\]\((\w+)\.md#(snippet-{re.escape(snip_id.replace('/', '-'))})\)", proof
            )
            assert m, f"{claim.id}: proof not linked: {proof}"
            topic_page = files[f"{lang}/{m.group(1)}.md"].decode()
            assert f'id="{m.group(2)}"' in topic_page, f"{claim.id}: no such anchor"
            output = snippet_store.load_output(project.snippets[snip_id])
            if output:  # linked to its recorded output, under the code on its page
                anchor = f"output-{snip_id.replace('/', '-')}"
                assert f"{m.group(1)}.md#{anchor})" in proof, f"{claim.id}: output not linked"
                assert f'id="{anchor}"' in topic_page, f"{claim.id}: no output anchor"
        raw = f"raw/{claim.note}.md" + (f"#L{claim.line}" if claim.line else "")
        assert f"]({raw})" in source, f"{claim.id}: source not linked: {source}"
        assert f"{lang}/raw/{claim.note}.md" in files
