"""Claim labels, derived from recorded runs, never typed.

A claim's proof snippet computes its verdict (`note_claim_holds`, or `note_claims_hold`
keyed by claim id) and `verify` records it. The label a page shows comes from the record
of the proof's current code on the device the proof needs:

- verdict True  -> verified (the note is right)
- verdict False -> corrected (the note is wrong; the explanation says what is true)
- no current passing record of a CUDA proof -> awaiting a GPU run (checkable, not yet run)
- no proof -> not checkable (no experiment decides it; the explanation says why)

The `status` typed in notes/claims/*.yml is the editor's expectation; where a record
exists and disagrees, the build stops with `file:line`. A CPU proof can run anywhere, so
one without a passing record of its current code stops the build too.
"""

from __future__ import annotations

from dataclasses import dataclass

from torchkb.errors import SourceError
from torchkb.sources import records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.schema import ClaimEntry

LABELS = ("verified", "corrected", "awaiting-gpu", "not-checkable")


@dataclass(frozen=True)
class ClaimLabel:
    label: str  # one of LABELS
    device: str | None = None  # where the proof runs: cpu | cuda
    record: dict | None = None  # the record the label rests on
    proof: snippet_store.Snippet | None = None


def label_of(
    claim: ClaimEntry,
    snippets: dict[str, snippet_store.Snippet],
    verification: dict[str, dict[str, dict]],
) -> ClaimLabel:
    """The label of `claim` from the records; SourceError (claims file:line) when the
    register contradicts them. (`status` and `snippet` fit together: torchkb.sources.schema.)"""
    where = (claim.path, claim.yaml_line)
    status, ref = claim.status, claim.snippet
    if ref is None:
        return ClaimLabel("not-checkable")
    proof = snippets.get(snippet_store.snippet_id(ref))
    if proof is None:
        raise SourceError(*where, f"{claim.id}: proof {ref} does not exist")
    device = records.home_device(proof.meta.needs)
    record = records.current_record(
        verification.get(device, {}),
        proof.id,
        snippet_store.code_sha256(proof.path),
        snippet_store.output_path(proof),
    )
    if (record is None or record.get("result") != "passed") and device == "cuda":
        return ClaimLabel("awaiting-gpu", device, record, proof)
    if record is None or record.get("result") != "passed":
        state = "no record of its current code" if record is None else record.get("reason")
        raise SourceError(
            proof.path,
            None,
            f"proof of claim {claim.id}: {state} on cpu: run python -m torchkb verify {proof.id}",
        )
    verdict = record.get("verdict")
    if isinstance(verdict, dict):
        verdict = verdict.get(claim.id)
    if not isinstance(verdict, bool):
        raise SourceError(
            proof.path,
            None,
            f"proof of claim {claim.id} computes no "
            "verdict: set `note_claim_holds` (or `note_claims_hold[id]`) from "
            "the experiment, then run python -m torchkb verify "
            f"{proof.id}",
        )
    label = "verified" if verdict else "corrected"
    if label != status:
        raise SourceError(
            *where,
            f"{claim.id}: status {status} contradicts the recorded "
            f"verdict of {proof.id} on {device} (torch {record.get('torch')}, "
            f"{record.get('date')}): the note's claim "
            f"{'holds' if verdict else 'does not hold'} ({label})",
        )
    return ClaimLabel(label, device, record, proof)


def label_all(
    claims: list[ClaimEntry],
    snippets: dict[str, snippet_store.Snippet],
    verification: dict[str, dict[str, dict]],
) -> dict[str, ClaimLabel]:
    return {c.id: label_of(c, snippets, verification) for c in claims}
