"""Every claim in the register has a status, and verified/corrected ones a passing proof."""

import pytest

import torchkb
from torchkb import snippets as snippet_store
from torchkb.canonical import load_list_files, load_topics

CLAIMS = load_list_files(torchkb.NOTES / "claims")
SNIPPETS = {s.id: s for s in snippet_store.load_all()}
RECORDS = snippet_store.load_verification()
STATUSES = {"verified", "corrected", "not-checkable"}


def test_register_is_well_formed() -> None:
    ids = [c["id"] for c in CLAIMS]
    assert len(ids) == len(set(ids)), "duplicate claim ids"
    raw = {p.stem for p in torchkb.RAW.glob("*.txt")}
    for claim in CLAIMS:
        where = f"{claim['__file__'].name}:{claim['__line__']} {claim['id']}"
        assert claim.get("status") in STATUSES, where
        assert claim.get("note") in raw, f"{where}: unknown note"
        assert claim.get("claim", {}).get("zh") and claim["claim"].get("en"), where
        assert (claim.get("explanation") or {}).get("en"), f"{where}: explain the status"
        if claim["status"] != "not-checkable":
            assert claim.get("snippet"), f"{where}: a {claim['status']} claim needs a proof"


def test_every_claim_is_shown_on_a_page() -> None:
    shown = {arg for t in load_topics(torchkb.TOPICS) for s in t.sections
             for kind, arg in s.directives("zh") if kind == "claim"}
    missing = [c["id"] for c in CLAIMS if c["id"] not in shown and c["status"] == "corrected"]
    assert not missing, f"corrections not shown on any page: {missing}"


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.get("snippet")], ids=lambda c: c["id"])
def test_proof_snippet_passed(claim: dict) -> None:
    snippet_id = snippet_store.snippet_id(claim["snippet"])
    snip = SNIPPETS.get(snippet_id)
    assert snip is not None, f"{claim['id']}: proof {claim['snippet']} does not exist"
    sha = snippet_store.code_sha256(snip.path)
    passed = [kind for kind in ("cpu", "gpu")
              if RECORDS.get(kind, {}).get(snippet_id, {}).get("result") == "passed"
              and RECORDS[kind][snippet_id].get("code_sha256") == sha]
    if not passed and snip.meta.get("needs") == "cuda":
        pytest.skip(f"proof {snippet_id} needs CUDA and has no GPU record yet")
    assert passed, f"{claim['id']}: proof {snippet_id} has no passing, current record"
