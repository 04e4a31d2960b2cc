"""Translation bookkeeping: which English sections are missing or stale."""

import hashlib


def section_hash(zh: dict) -> str:
    """Hash of a Chinese section's title and body; recorded with its translation."""
    text = zh.get("title", "") + "\n" + zh.get("body", "")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def report(root) -> list[str]:
    """One line per section whose English translation is missing or stale."""
    from torchkb.canonical import load_topics

    problems = []
    for topic in load_topics(root / "notes" / "topics"):
        for section in topic.sections:
            where = f"{section.path.relative_to(root)}:{section.line}: {section.id}"
            en = section.text.get("en")
            if en is None:
                problems.append(f"{where}: no English translation")
            elif en.get("source_hash") != section_hash(section.text["zh"]):
                problems.append(f"{where}: Chinese changed after the English was written (stale)")
            elif section.directives("en") != section.directives("zh"):
                problems.append(f"{where}: English and Chinese differ in @snippet/@claim lines")
    return problems
