"""Generator for the bilingual PyTorch knowledge base (see notes/FORMAT.md)."""

import os
from pathlib import Path

# TORCHKB_ROOT points the whole package at another tree (tests use a temporary copy).
ROOT = Path(os.environ.get("TORCHKB_ROOT") or Path(__file__).resolve().parent.parent)
NOTES = ROOT / "notes"
RAW = NOTES / "raw"
TOPICS = NOTES / "topics"
SNIPPETS = ROOT / "snippets"
DOCS = ROOT / "docs"
VERIFICATION = ROOT / "verification"
LANGS = ("zh", "en")
