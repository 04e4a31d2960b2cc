"""Claim labels, derived from recorded runs, never typed.

A claim's proof snippet computes its verdict (`note_claim_holds`, or `note_claims_hold`
keyed by claim id) and `verify` records it. The label a page shows comes from the record
of the proof's current code on the device the proof needs:

- verdict True  -> verified (the note is right)
- verdict False -> corrected (the note is wrong; the explanation says what is true)
- no current passing record of a CUDA proof -> awaiting a GPU run (checkable, not yet run)
- a claim about several GPUs (`gpus:`) whose proof ran on fewer -> awaiting a run on that
  many (the run on one GPU could not have failed)
- no proof -> not checkable (no experiment decides it; the explanation says why)

Where the proof also ran on other torch releases (`verification/releases/`), the label keeps
each release's verdict: a claim's "changed in" comes from where they differ
(`changed_in`), a typed `since:` is shown as the documentation's word.

Where the proof ran a grid of cases (`note_claim_cases`), the verdict is the claim as stated
over them: a verdict that is not `all(cases)` stops the build, so a general statement with a
recorded counterexample is never verified; the page says what was checked over
(`scope_of`). A formula claim (`formula: true`) needs a property-based run
(`note_claim_property`) in its record.

The `status` typed in notes/claims/*.yml is the editor's expectation; where a record
exists and disagrees, the build stops with `file:line`. A CPU proof can run anywhere, so
one without a passing record of its current code stops the build too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from torchkb.errors import SourceError
from torchkb.sources import records
from torchkb.sources import snippets as snippet_store
from torchkb.sources.evidence import Record, SnippetEvidence
from torchkb.sources.schema import ClaimEntry

LABELS = ("verified", "corrected", "corrected-from-source", "awaiting-gpu", "not-checkable")


@dataclass(frozen=True)
class ClaimLabel:
    label: str  # one of LABELS
    device: str | None = None  # where the proof runs: cpu | cuda
    record: Record | None = None  # the record the label rests on
    proof: snippet_store.Snippet | None = None
    # the proof's verdict on each torch release it has a current record of, oldest first
    releases: dict[str, bool] = field(default_factory=dict)
    gpus_needed: int | None = None  # awaiting a run on this many GPUs (`gpus:` of the claim)


@dataclass(frozen=True)
class Scope:
    """What a claim's proof checked it over, from its record."""

    cases: dict[str, bool]  # the verdict per case of the grid
    examples: int | None = None  # a property-based run's number of examples
    counterexample: str | None = None  # its shrunk failing input

    @property
    def failing(self) -> list[str]:
        return [case for case, holds in self.cases.items() if not holds]


def _for_claim(value: object, claim_id: str) -> object:
    """The part of a record's field about `claim_id` ({claim id: ...} for several claims)."""
    if isinstance(value, dict) and claim_id in value and isinstance(value[claim_id], dict):
        return value[claim_id]
    return value


def scope_of(claim_id: str, record: Record | None) -> Scope | None:
    """The grid and property-based run a record holds for `claim_id`, if any."""
    if not record:
        return None
    cases = _for_claim(record.get("cases"), claim_id)
    prop = _for_claim(record.get("property"), claim_id)
    if not isinstance(prop, dict) or "examples" not in prop:
        prop = None
    if not (isinstance(cases, dict) and all(isinstance(v, bool) for v in cases.values())):
        cases = {}
    if not cases and prop is None:
        return None
    return Scope(
        cases,
        prop["examples"] if prop else None,
        prop.get("counterexample") if prop else None,
    )


def source_links(urls: list[str]) -> str:
    """A corrected-from-source claim's permalinks as Markdown links named by repository and
    file (`owner/repo: path`), the commit being in the link."""
    links = []
    for url in urls:
        repo, path = url.removeprefix("https://github.com/").split("/blob/", 1)
        links.append(f"[`{repo}: {path.split('/', 1)[1]}`]({url})")
    return ", ".join(links)


def label_of(claim: ClaimEntry, evidence: dict[str, SnippetEvidence]) -> ClaimLabel:
    """The label of `claim` from the records; SourceError (claims file:line) when the
    register contradicts them. (`status` and `snippet` fit together: torchkb.sources.schema.)"""
    where = (claim.path, claim.yaml_line)
    status, ref = claim.status, claim.snippet
    if ref is None:  # no run: corrected on a public source, or not checkable here
        return ClaimLabel(claim.status)
    found = evidence.get(snippet_store.snippet_id(ref))
    if found is None:
        raise SourceError(*where, f"{claim.id}: proof {ref} does not exist")
    proof, device = found.snippet, found.home
    record = found.run(device)
    if (record is None or record.get("result") != "passed") and device == "cuda":
        return ClaimLabel("awaiting-gpu", device, record, proof)
    if claim.gpus and int(record.get("gpus") or 0) < claim.gpus:  # a count not recorded: 0
        return ClaimLabel("awaiting-gpu", device, record, proof, gpus_needed=claim.gpus)
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
    scope = scope_of(claim.id, record)
    if scope is not None and scope.cases and verdict != (not scope.failing):
        raise SourceError(
            records.check_path(proof.path) or proof.path,
            None,
            f"proof of claim {claim.id}: its verdict ({verdict}) is not the claim over its "
            f"cases ({len(scope.cases) - len(scope.failing)} of {len(scope.cases)} hold): "
            "set note_claim_holds = all(note_claim_cases.values())",
        )
    if claim.formula and (scope is None or not scope.examples):
        raise SourceError(
            *where,
            f"{claim.id}: a formula claim needs a property-based proof: its check part sets "
            "no note_claim_property (hypothesis, a fixed number of examples)",
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


def release_verdicts(claim_id: str, label: ClaimLabel, found: SnippetEvidence) -> dict[str, bool]:
    """The proof's verdict on every release with a current record of it (the pinned one's
    included), oldest first. A record whose run failed still counts where its check got as
    far as a verdict (a lesson that stopped raising its expected error is such a change)."""
    if label.proof is None or label.record is None:
        return {}
    runs = {label.record["torch"]: label.record}
    runs.update(found.releases)
    found = {}
    for release in sorted(runs, key=records.release_key):
        verdict = runs[release].get("verdict")
        verdict = verdict.get(claim_id) if isinstance(verdict, dict) else verdict
        if isinstance(verdict, bool):
            found[release] = verdict
    return found


def changed_in(label: ClaimLabel, since: str | None, ui: dict[str, str]) -> str | None:
    """ "Changed in" in words: between the releases where the runs' verdicts differ, else
    the typed `since:` as the documentation's word (with what the runs saw), else None."""
    verdicts = label.releases
    said = " · ".join(
        f"{release} {ui['holds_short'] if v else ui['fails_short']}"
        for release, v in verdicts.items()
    )
    ordered = list(verdicts)
    turns = [(a, b) for a, b in pairwise(ordered) if verdicts[a] != verdicts[b]]
    parts = [ui["since_runs"].format(a=a, b=b) for a, b in turns]
    if since:
        if len(verdicts) > 1 and not turns:
            parts.append(
                ui["since_docs_same"].format(since=since, first=ordered[0], last=ordered[-1])
            )
        else:
            parts.append(ui["since_docs"].format(since=since))
    if not parts:
        return None
    return ui["since_join"].join(parts) + (
        ui["since_verdicts"].format(verdicts=said) if turns else ""
    )


def label_all(
    claims: list[ClaimEntry], evidence: dict[str, SnippetEvidence]
) -> dict[str, ClaimLabel]:
    """Every claim's label from the snippets' evidence (`Project.evidence`)."""
    labels = {}
    for claim in claims:
        label = label_of(claim, evidence)
        if label.proof is not None:
            label = replace(
                label, releases=release_verdicts(claim.id, label, evidence[label.proof.id])
            )
        labels[claim.id] = label
    return labels


def checked_over(claim_id: str, label: ClaimLabel, ui: dict[str, str]) -> str | None:
    """ "6 cases: holds in 2 (mode=linear, ...), not in 4, e.g. mode=nearest, 5->8 · 200
    generated inputs: no counterexample", in words; None without a grid."""
    scope = scope_of(claim_id, label.record)
    if scope is None:
        return None
    parts = []
    if scope.cases:
        n, failing = len(scope.cases), scope.failing
        held = [case for case in scope.cases if case not in failing]
        if not failing:
            parts.append(ui["scope_all"].format(n=n))
        elif not held:
            parts.append(ui["scope_none"].format(n=n, example=f"`{failing[0]}`"))
        else:
            shown = "; ".join(f"`{c}`" for c in held[:3]) + ("; …" if len(held) > 3 else "")
            parts.append(
                ui["scope_some"].format(
                    n=n, held=len(held), cases=shown, failed=len(failing), example=f"`{failing[0]}`"
                )
            )
    if scope.examples:
        result = (
            ui["property_counterexample"].format(example=f"`{scope.counterexample}`")
            if scope.counterexample
            else ui["property_none"]
        )
        parts.append(ui["scope_property"].format(examples=scope.examples, result=result))
    return ui["scope_join"].join(parts)
