"""The claims register: well formed, every label earned by a recorded run of the current
proof (torchkb.claims), and the typed statuses agree with the recorded verdicts."""

import torchkb
from torchkb import snippets as snippet_store
from torchkb.canonical import load_list_files, load_topics
from torchkb.claims import label_all

CLAIMS = load_list_files(torchkb.NOTES / "claims")
SNIPPETS = {s.id: s for s in snippet_store.load_all()}


def test_register_is_well_formed() -> None:
    ids = [c["id"] for c in CLAIMS]
    assert len(ids) == len(set(ids)), "duplicate claim ids"
    raw = {p.stem for p in torchkb.RAW.glob("*.txt")}
    for claim in CLAIMS:
        where = f"{claim['__file__'].name}:{claim['__line__']} {claim['id']}"
        assert claim.get("note") in raw, f"{where}: unknown note"
        assert claim.get("claim", {}).get("zh") and claim["claim"].get("en"), where
        assert (claim.get("explanation") or {}).get("en"), f"{where}: explain the status"


def test_labels_come_from_current_records() -> None:
    """Raises (file:line) on a status that contradicts its proof's recorded verdict, a
    proof without a verdict, or a CPU proof without a passing record of its code."""
    labels = label_all(CLAIMS, SNIPPETS, snippet_store.load_verification())
    for claim in CLAIMS:
        label = labels[claim["id"]]
        if label.label in {"verified", "corrected"}:
            assert label.record["result"] == "passed", claim["id"]
            assert label.record["code_sha256"] == snippet_store.code_sha256(label.proof.path)
        if label.label == "awaiting-gpu":
            assert label.proof.meta.get("needs") == "cuda", claim["id"]


def test_every_claim_is_shown_on_a_page() -> None:
    shown = {
        arg
        for t in load_topics(torchkb.TOPICS)
        for s in t.sections
        for kind, arg in s.directives("zh")
        if kind == "claim"
    }
    missing = [c["id"] for c in CLAIMS if c["id"] not in shown and c["status"] == "corrected"]
    assert not missing, f"corrections not shown on any page: {missing}"
