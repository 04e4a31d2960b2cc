"""Generator for the bilingual PyTorch knowledge base (see notes/FORMAT.md)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTES = ROOT / "notes"
RAW = NOTES / "raw"
TOPICS = NOTES / "topics"
SNIPPETS = ROOT / "snippets"
DOCS = ROOT / "docs"
VERIFICATION = ROOT / "verification"
LANGS = ("zh", "en")
