"""What an import did and what is left to do: `ImportReport`, and the text the CLI prints."""

from __future__ import annotations

from dataclasses import dataclass, field

from torchkb.importer.fragments import compiles
from torchkb.importer.manifest import MANIFEST
from torchkb.importer.placing import INBOX, MIN_SCORE, Ranking
from torchkb.importer.plan import NotePlan


@dataclass
class Placement:
    """Where a new section went, and why: its topic scores, best first."""

    section: str
    title: str
    start: int
    end: int
    topic: str
    ranking: Ranking

    def describe(self) -> str:
        others = ", ".join(f"{t} {sc:.1f}" for t, sc in self.ranking[1:3])
        best = self.ranking[0] if self.ranking else (INBOX, 0.0)
        if self.topic == INBOX:
            where = (
                f"notes/topics/{INBOX}.yml: no topic scores {MIN_SCORE:.1f}; it "
                f"probably belongs in {best[0]} ({best[1]:.1f}"
                + (f"; then {others})" if others else ")")
            )
        else:
            where = f"notes/topics/{self.topic}.yml (score {best[1]:.1f}" + (
                f"; next: {others})" if others else ")"
            )
        return (
            f'{self.section} "{self.title}" (note lines {self.start}-{self.end})\n      -> {where}'
        )


@dataclass
class ImportReport:
    note: str
    source: str = ""  # the path the note was imported from
    raw_copied: bool = False
    manifest_added: bool = False
    sections_added: dict[str, list[str]] = field(default_factory=dict)  # topic -> ids
    placements: list[Placement] = field(default_factory=list)
    snippets_written: list[str] = field(default_factory=list)
    snippet_notes: dict[str, list[str]] = field(default_factory=dict)  # rel -> what was done
    to_fix: list[str] = field(default_factory=list)  # what an author must fix by hand
    missing_english: list[str] = field(default_factory=list)
    not_run: list[str] = field(default_factory=list)
    not_compiling: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    stray_copy: str | None = None  # a copy of the note left in notes/raw/ under another name

    def add_plan(self, plan: NotePlan) -> None:
        """What the plan adds, skips and drops, and what it leaves to the author."""
        for section in plan.sections:
            self.sections_added.setdefault(section.topic, []).append(section.id)
            start, end = section.lines
            self.placements.append(
                Placement(section.id, section.title, start, end, section.topic, section.ranking)
            )
            self.missing_english.append(section.id)
        for snippet in plan.snippets:
            rel, fragment = snippet.rel, snippet.fragment
            self.snippets_written.append(rel)
            self.snippet_notes[rel] = fragment.notes
            self.to_fix += fragment.to_fix
            if not snippet.recorded:
                self.not_run.append(rel)
            if snippet.lang == "python" and not compiles(fragment.code):
                start, end = snippet.lines
                self.not_compiling.append(f"{rel} (note lines {start}-{end})")
        self.dropped = [f"lines {a}-{b}: {r}" for a, b, r in sorted(plan.dropped)]
        self.already_present += plan.already_present

    @property
    def noop(self) -> bool:
        return not (
            self.sections_added
            or self.snippets_written
            or self.dropped
            or self.raw_copied
            or self.manifest_added
        )

    @property
    def snippet_ids(self) -> list[str]:
        return [rel.removeprefix("snippets/").rsplit(".", 1)[0] for rel in self.snippets_written]

    def next_commands(self) -> list[str]:
        """The commands that take the import to a strict bilingual build, in order."""
        out = []
        if self.snippet_ids:
            out.append(
                f"python -m torchkb verify {' '.join(self.snippet_ids)} --update"
                "   # run and record the new snippets"
            )
        out.append(
            "python -m torchkb build   # docs/: the English pages show the new "
            'sections under "awaiting translation"'
        )
        out += self._to_translate()
        if self.missing_english:
            out.append(f"python -m torchkb translations --stamp {' '.join(self.missing_english)}")
        out += [
            f"# search: notes/search/phrasings/{topic}.tsv: how readers ask for "
            f'{", ".join(ids)}, five ways a language (CONTRIBUTING, "Search")'
            for topic, ids in self.sections_added.items()
            if topic != INBOX
        ]
        out += [
            "python -m torchkb translations --strict   # nothing left to translate",
            "python -m torchkb coverage",
            "python -m torchkb build",
            "make test",
        ]
        return out

    def _to_translate(self) -> list[str]:
        out = [
            f"# translate: notes/topics/{topic}.yml: {', '.join(ids)} "
            "(add `en:` with title and body, the same @snippet lines)"
            for topic, ids in self.sections_added.items()
        ]
        titles: dict[str, list[str]] = {}
        for rel in self.snippets_written:
            folder, name = rel.rsplit("/", 1)
            titles.setdefault(folder, []).append(name)
        out += [
            f"# translate: {folder}/snippets.yml: the titles of {', '.join(names)} (add `en:`)"
            for folder, names in titles.items()
        ]
        return out

    def __str__(self) -> str:
        if self.noop:
            return (
                f"{self.note}: nothing to import, already imported "
                f"({len(self.already_present)} sections present by provenance)"
            )
        raw = f"notes/raw/{self.note}.txt"
        how = "copied verbatim" if self.raw_copied else "already there"
        out = [
            f"imported {self.source or self.note} as {raw} ({how}; its sha256 is in "
            f"notes/raw/{MANIFEST})"
        ]
        for title, items in self._listings(raw):
            if items:
                out.extend(["", f"{title} ({len(items)}):"])
                out.extend(f"  {item}" for item in items)
        return "\n".join(out)

    def _listings(self, raw: str) -> list[tuple[str, list[str]]]:
        snippets = [
            rel + (": " + "; ".join(self.snippet_notes[rel]) if self.snippet_notes.get(rel) else "")
            for rel in self.snippets_written
        ]
        not_compiling = [f"{item}: does not compile" for item in self.not_compiling]
        stray = [
            f"{self.stray_copy}: a second copy of this note; delete it "
            f"(the importer keeps the note as {raw})"
        ]
        return [
            (
                "sections, placed by the words they share with each topic",
                [p.describe() for p in self.placements],
            ),
            ("snippets", snippets),
            ("to fix by hand before recording", self.to_fix + not_compiling),
            (f"dropped (notes/dropped/{INBOX}.yml)", self.dropped),
            ("already present (skipped)", self.already_present),
            ("left over", stray if self.stray_copy else []),
            ("next, in this order", self.next_commands()),
        ]
