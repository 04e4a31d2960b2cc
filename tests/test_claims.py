"""The claims register: well formed, every label earned by a recorded run of the current
proof (torchkb.render.claims), and the typed statuses agree with the recorded verdicts."""

import copy
import re

import pytest

import torchkb
from torchkb.errors import SourceError
from torchkb.render.claims import checked_over, label_all
from torchkb.sources import snippets as snippet_store
from torchkb.sources.evidence import collect
from torchkb.sources.project import Project
from torchkb.sources.ui import strings

PROJECT = Project(torchkb.ROOT)
CLAIMS = PROJECT.claims  # typed and checked by torchkb.sources.schema (status, proof, texts)
SNIPPETS = PROJECT.snippets


def test_register_is_well_formed() -> None:
    raw = set(PROJECT.raw_notes)
    for claim in CLAIMS:
        where = f"{claim.path.name}:{claim.yaml_line} {claim.id}"
        assert claim.note in raw, f"{where}: unknown note"
        assert claim.claim.en, f"{where}: no English"
        assert claim.explanation and claim.explanation.en, f"{where}: explain the status"
        # the note's words (or a restatement), never the editor's verdict put in its place
        for lang, grid in (("zh", "核查的网格"), ("en", "The grid checked")):
            said = getattr(claim.claim, lang)
            assert grid not in said, f"{where}: the claim's {lang} holds the editor's verdict"
            assert said != getattr(claim.explanation, lang), f"{where}: claim = explanation"


def test_labels_come_from_current_records() -> None:
    """Raises (file:line) on a status that contradicts its proof's recorded verdict, a
    proof without a verdict, or a CPU proof without a passing record of its code."""
    labels = label_all(CLAIMS, PROJECT.evidence)
    for claim in CLAIMS:
        label = labels[claim.id]
        if label.label in {"verified", "corrected"}:
            assert label.record["result"] == "passed", claim.id
            assert label.record["code_sha256"] == snippet_store.code_sha256(label.proof.path)
        if label.label == "awaiting-gpu":
            assert label.proof.meta.needs == "cuda", claim.id


def test_every_claim_is_shown_on_a_page() -> None:
    shown = {
        arg
        for t in PROJECT.topics
        for s in t.sections
        for kind, arg in s.directives("zh")
        if kind == "claim"
    }
    missing = [c.id for c in CLAIMS if c.id not in shown and c.status == "corrected"]
    assert not missing, f"corrections not shown on any page: {missing}"


# --- scope: the grid a proof ran, a property-based run ------------------------------------
def _verified_cpu_claim():
    for claim in CLAIMS:
        proof = SNIPPETS.get(snippet_store.snippet_id(claim.snippet or ""))
        record = PROJECT.verification["cpu"].get(proof.id) if proof else None
        # the tests plant their own cases: a proof with a recorded grid would add its own
        if (
            claim.status == "verified"
            and record
            and isinstance(record.get("verdict"), bool)
            and not record.get("cases")
        ):
            return claim, proof
    raise AssertionError("no verified claim with a CPU proof of one claim and no grid")


def _planted(proof_id: str, **fields) -> dict:
    """The checkout's evidence, with `fields` planted into the proof's CPU record."""
    verification = copy.deepcopy(PROJECT.verification)
    verification["cpu"][proof_id].update(fields)
    return collect(SNIPPETS, verification, PROJECT.releases)


def test_a_recorded_counterexample_is_never_verified() -> None:
    """A verdict that is not the claim over its grid stops the build; a grid where every
    case holds is said on the page ("checked over: 2 cases")."""
    claim, proof = _verified_cpu_claim()
    failing = {"dtype=float32": True, "dtype=int64": False}
    with pytest.raises(SourceError, match="is not the claim over its cases"):
        label_all(CLAIMS, _planted(proof.id, cases=failing, verdict=True))
    with pytest.raises(SourceError, match="contradicts"):  # the typed status: verified
        label_all(CLAIMS, _planted(proof.id, cases=failing, verdict=False))
    holding = dict.fromkeys(failing, True)
    labels = label_all(CLAIMS, _planted(proof.id, cases=holding))
    said = checked_over(claim.id, labels[claim.id], strings("en")["page"])
    assert labels[claim.id].label == "verified" and said.startswith("2 cases")
    some = {"mode=linear": True, "mode=nearest, 5->8": False}
    wrong = claim.model_copy(update={"status": "corrected"})
    labels = label_all([wrong], _planted(proof.id, cases=some, verdict=False))
    said = checked_over(claim.id, labels[claim.id], strings("en")["page"])
    assert "not in 1, e.g. `mode=nearest, 5->8`" in said


def test_a_formula_claim_needs_a_property_based_proof() -> None:
    claim, proof = _verified_cpu_claim()
    formula = claim.model_copy(update={"formula": True})
    with pytest.raises(SourceError, match="needs a property-based proof"):
        label_all([formula], PROJECT.evidence)
    run = {"examples": 200, "counterexample": None}
    labels = label_all([formula], _planted(proof.id, property=run))
    said = checked_over(claim.id, labels[claim.id], strings("en")["page"])
    assert said == "200 generated inputs (hypothesis): no counterexample"


RUN_STATE = re.compile(
    r"还没有在 GPU 上运行|尚未在 GPU|预期(?:是|的结果|结论)|本站还没有"
    r"|has not (?:yet )?run|not run it on|the expected (?:result|verdict)|awaits? a GPU run",
    re.IGNORECASE,
)


def test_no_explanation_types_a_runs_state() -> None:
    """Whether a proof ran, where and with what result comes from its record (the label, the
    "checked on" line), never from typed words that go stale when the next run lands."""
    for claim in CLAIMS:
        for lang, text in (claim.explanation.as_dict() if claim.explanation else {}).items():
            found = RUN_STATE.search(text)
            assert found is None, (
                f"{claim.path.name}:{claim.yaml_line} {claim.id} ({lang}): {found}"
            )


def test_a_correction_on_a_source_says_so_and_links_the_pinned_files() -> None:
    """A claim no run here can decide, corrected on public sources: its own label (not
    "verified", not "not checkable") and the permalinks, on the topic page and the register."""
    labels = label_all(CLAIMS, PROJECT.evidence)
    on_source = [c for c in CLAIMS if c.status == "corrected-from-source"]
    assert on_source and all(labels[c.id].label == "corrected-from-source" for c in on_source)
    for lang in ("zh", "en"):
        ui = strings(lang)
        for claim in on_source:
            topic = (PROJECT.docs / lang / f"{claim.path.stem}.md").read_text("utf-8")
            register = (PROJECT.docs / lang / "claims.md").read_text("utf-8")
            for page in (topic, register):
                assert ui["claim"]["corrected-from-source"] in page
                for url in claim.sources:
                    assert re.search(r"/blob/[0-9a-f]{40}/", url) and f"]({url})" in page
