"""The claims register: well formed, every label earned by a recorded run of the current
proof (torchkb.render.claims), and the typed statuses agree with the recorded verdicts."""

import torchkb
from torchkb.render.claims import label_all
from torchkb.sources import snippets as snippet_store
from torchkb.sources.project import Project

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


def test_labels_come_from_current_records() -> None:
    """Raises (file:line) on a status that contradicts its proof's recorded verdict, a
    proof without a verdict, or a CPU proof without a passing record of its code."""
    labels = label_all(CLAIMS, SNIPPETS, PROJECT.verification)
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
