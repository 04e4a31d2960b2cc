"""One-off (issue 16): build snippets/<topic>/comments.en.yml from the <name>.py /
<name>.en.py pairs, and prove every pair round-trips before the .en files are deleted.

    .venv/bin/python migration/extract_comment_maps.py          # dry run: report only
    .venv/bin/python migration/extract_comment_maps.py --write  # write maps, delete .en files
"""

import sys
from pathlib import Path

import yaml

from torchkb import comments, snippets

ROOT = Path(__file__).resolve().parent.parent / "snippets"


def text_of(line: str) -> str:
    return line[comments.MARKER.match(line).end() :]


def dump_entry(key: str, value: str) -> str:
    if "\n" not in key and "\n" not in value:
        return yaml.safe_dump(
            {key: value}, allow_unicode=True, width=10**6, default_flow_style=False
        )

    def block(text: str) -> str:
        indicator = "|2-" if text[:1] == " " else "|-"
        return (
            indicator + "\n" + "".join(f"  {line}\n" if line else "\n" for line in text.split("\n"))
        )

    if "\n" not in key:
        return yaml.safe_dump({key: "X"}, allow_unicode=True, width=10**6)[:-2] + block(value)
    return "? " + block(key) + ": " + block(value)


def main(write: bool) -> int:
    failures = 0
    maps: dict[str, dict[str, tuple[str, str]]] = {}  # topic -> key -> (value, first file)
    pairs = []
    for snip in snippets.load_all(ROOT):
        en_path = snip.path.with_name(f"{snip.path.stem}.en{snip.path.suffix}")
        if not en_path.exists():
            continue
        zh, en = snip.path.read_text(encoding="utf-8"), en_path.read_text(encoding="utf-8")
        pairs.append((snip, en_path, zh, en))
        zc = comments.find_comments(zh, snip.kind, snip.path)
        ec = comments.find_comments(en, snip.kind, en_path)
        if len(zc) != len(ec):
            print(f"{en_path}: {len(zc)} comments vs {len(ec)}")
            failures += 1
            continue
        topic = maps.setdefault(snip.path.parent.name, {})
        for z, e in zip(zc, ec, strict=True):
            if z.lines == e.lines:
                continue
            if len(z.lines) == len(e.lines):  # line by line
                found = [
                    (text_of(a), text_of(b))
                    for a, b in zip(z.lines, e.lines, strict=True)
                    if a != b
                ]
            else:  # re-wrapped: the whole run is one entry
                found = [(z.key, "\n".join(text_of(line) for line in e.lines))]
            for key, value in found:
                old = topic.get(key)
                if old and old[0] != value:
                    print(f"{en_path}:{e.line}: {key!r} translated twice: {old[0]!r} / {value!r}")
                    failures += 1
                topic.setdefault(key, (value, snip.path.name))
    texts = {}
    for topic, entries in maps.items():
        out, last_file = [], None
        for key, (value, first_file) in entries.items():
            if first_file != last_file:
                out.append(f"{'' if last_file is None else chr(10)}# {first_file}\n")
                last_file = first_file
            out.append(dump_entry(key, value))
        texts[topic] = "".join(out)
        loaded = yaml.safe_load(texts[topic])
        if loaded != {k: v for k, (v, _) in entries.items()}:
            print(f"{topic}: the written map does not read back as extracted")
            failures += 1
    # the round trip: every .en file is exactly its .py rendered through the map
    for snip, en_path, zh, en in pairs:
        folder = snip.path.parent
        node = yaml.safe_load(texts.get(folder.name, "")) or {}
        cmap = comments.CommentMap(folder / comments.MAP_NAME, node, dict.fromkeys(node, 0))
        try:
            got = comments.translate(zh, snip.kind, cmap, snip.path)
        except Exception as err:  # report every pair, not only the first
            print(f"{en_path}: {err}")
            failures += 1
            continue
        if got != en:
            print(f"{en_path}: does not round-trip")
            failures += 1
    entries = sum(len(e) for e in maps.values())
    print(f"{len(pairs)} pairs, {entries} entries in {len(maps)} maps, {failures} failures")
    if write and not failures:
        for topic, text in texts.items():
            (ROOT / topic / comments.MAP_NAME).write_text(text, encoding="utf-8")
        for _, en_path, _, _ in pairs:
            en_path.unlink()
        print("maps written, .en files deleted")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main("--write" in sys.argv))
