"""A raw note's text, decoded: what the site's other stages read of the raw notes (no
Markdown parser needed, so the verify stage can load the sources without one)."""

from __future__ import annotations

from pathlib import Path

from torchkb.errors import SourceError


def read_text(path: Path) -> str:
    """A raw note's text (BOM dropped, line endings as \\n). Bytes that are not UTF-8 are
    a SourceError naming the line, and the likely encoding when it is GBK."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        problem = f"not valid UTF-8 (byte 0x{data[err.start]:02x}){_gbk_hint(path, data)}"
        raise SourceError(path, line, problem) from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _gbk_hint(path: Path, data: bytes) -> str:
    try:
        data.decode("gb18030")
    except UnicodeDecodeError:
        return ""
    return (
        "; it decodes as GBK/GB18030: convert it with "
        f"`iconv -f GB18030 -t UTF-8 {path.name} > {path.stem}.utf8{path.suffix}`"
    )
