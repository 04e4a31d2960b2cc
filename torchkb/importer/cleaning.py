"""Cleaning a block's text for a section body: images, raw HTML and broken table rows."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import nh3

from torchkb.rawnotes.model import Block

_EMPHASIS_TAGS = {"font", "span", "mark", "b", "strong", "em", "i", "u"}


def body_text(block: Block) -> str:
    """A heading, text, link list, table or HTML block as Markdown for a section body
    ("" for the kinds that are not text)."""
    if block.kind == "heading":
        return "#" * (block.level or 3) + " " + block.text
    if block.kind == "table":
        return clean_table(block.text)
    if block.kind == "html":
        return clean_text(clean_html(block.text))
    if block.kind in ("text", "link_list"):
        return clean_text(block.text)
    return ""


def strip_images(text: str) -> str:
    """An image becomes its alt text (a `[公式]` formula image, nothing)."""
    return re.sub(r"!\[([^\]]*)\]\([^)]*\)", lambda m: m[1] if m[1] != "[公式]" else "", text)


def clean_html(text: str) -> str:
    """Raw HTML tags go; the text they wrapped stays (as emphasis for font/span/mark)."""

    def tag(m: re.Match) -> str:
        if m[2].lower() in _EMPHASIS_TAGS:
            return "*"
        return nh3.clean(m[0], tags=set())  # any other tag: its text only (usually nothing)

    return re.sub(r"<(/?)([A-Za-z][\w-]*)[^>]*>", tag, text)


def clean_table(text: str) -> str:
    """Rows broken over lines (`name |` then `desc | ... |`) are joined back to full rows."""
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    width = len(rows[0].strip("|").split("|"))
    out, pending = [], ""
    for row in rows:
        pending = f"{pending} {row}".strip() if pending else row
        if len(pending.strip("|").split("|")) >= width or re.fullmatch(r"[-:| ]+", pending):
            out.append(pending if pending.startswith("|") else "| " + pending)
            pending = ""
    if pending:
        out.append(pending if pending.startswith("|") else "| " + pending)
    return "\n".join(ln if ln.endswith("|") else ln + " |" for ln in out)


def clean_text(text: str) -> str:
    return "\n".join(line.rstrip() for line in strip_images(text).splitlines())


def host(url: str) -> str:
    return urlparse(url).netloc or url[:40]


def dead(url: str) -> bool:
    return url.strip() in ("", "#")
