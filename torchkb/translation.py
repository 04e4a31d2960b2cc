"""Translation bookkeeping: which English sections are missing or stale."""

import hashlib


def section_hash(zh: dict) -> str:
    """Hash of a Chinese section's title and body; recorded with its translation."""
    text = zh.get("title", "") + "\n" + zh.get("body", "")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
