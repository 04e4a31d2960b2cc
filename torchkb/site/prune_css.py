"""Drop the CSS rules a set of pages cannot use (as PurgeCSS does, in Python, at build time).

mkdocs-jupyter ships JupyterLab's whole stylesheet (~590 kB: every widget, dialog and
menu of the IDE) for pages that use a few dozen of its classes. `prune` keeps a selector
when every class, id and element name it requires occurs in the pages, then drops the
custom properties (`--jp-...`), `@keyframes` and `@font-face` rules nothing kept refers
to. It errs on the side of keeping: selectors it cannot judge (`:is()`, `:where()`,
`:has()`, escapes) stay.
"""

import functools
import re
from dataclasses import dataclass, field

import tinycss2
from tinycss2 import ast

_CLASS = re.compile(r'\bclass\s*=\s*(?:"([^"]*)"|\'([^\']*)\')', re.I)
_ID = re.compile(r'\bid\s*=\s*(?:"([^"]*)"|\'([^\']*)\')', re.I)
_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)")
_VAR = re.compile(r"var\(\s*(--[\w-]+)")
# always in a page around the content
_PAGE_TAGS = {"html", "head", "body"}


@dataclass
class Used:
    """Class names, ids and element names that occur in some page. Classes starting with
    one of `runtime` count as present: scripts add them (Material wraps tables in
    `md-typeset__scrollwrap`, which mkdocs-jupyter's CSS styles)."""

    runtime: tuple[str, ...] = ("md-",)
    classes: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    tags: set[str] = field(default_factory=lambda: set(_PAGE_TAGS))
    variables: set[str] = field(default_factory=set)  # var(--x) in style attributes

    def add_html(self, html: str) -> None:
        for m in _CLASS.finditer(html):
            self.classes.update((m.group(1) or m.group(2) or "").split())
        for m in _ID.finditer(html):
            self.ids.add(m.group(1) or m.group(2) or "")
        self.tags.update(t.lower() for t in _TAG.findall(html))
        self.variables.update(_VAR.findall(html))


# parts of a selector that require nothing of the page: attribute tests, pseudo-classes
# that only narrow (:hover, :not(...)), pseudo-elements
_ATTR = re.compile(r"\[[^\]]*\]")
_NEGATION = re.compile(r":not\((?:[^()]|\([^()]*\))*\)")
_PSEUDO = re.compile(r"::?[a-zA-Z-]+(?:\((?:[^()]|\([^()]*\))*\))?")
_NEEDS = re.compile(r"([.#]?)(-?[_a-zA-Z][_a-zA-Z0-9-]*)")
_UNSURE = re.compile(r":(?:is|where|has|matches|-webkit-any|-moz-any)\(|\\")


def selector_can_match(selector: str, used: Used) -> bool:
    if _UNSURE.search(selector):
        return True
    rest = _PSEUDO.sub(" ", _NEGATION.sub(" ", _ATTR.sub(" ", selector)))
    rest = re.sub(r"[>+~*]", " ", rest)
    for kind, name in _NEEDS.findall(rest):
        if kind == "." and name not in used.classes and not name.startswith(used.runtime):
            return False
        if kind == "#" and name not in used.ids:
            return False
        if not kind and name.lower() not in used.tags:
            return False
    return True


def _split_selectors(prelude: list) -> list[str]:
    """A rule's selector list, split at its top-level commas."""
    parts, current = [], []
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            parts.append(tinycss2.serialize(current).strip())
            current = []
        else:
            current.append(token)
    parts.append(tinycss2.serialize(current).strip())
    return [p for p in parts if p]


def _prune_rules(rules: list, used: Used) -> list:
    kept = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = [s for s in _split_selectors(rule.prelude) if selector_can_match(s, used)]
            if selectors:
                kept.append((", ".join(selectors), rule.content))
        elif rule.type == "at-rule":
            name = rule.lower_at_keyword
            if name in {"media", "supports", "layer", "container"} and rule.content is not None:
                inner = _prune_rules(tinycss2.parse_rule_list(rule.content, True, True), used)
                if inner:
                    kept.append((f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}", inner))
            else:
                kept.append(rule)
    return kept


_ANIMATION = re.compile(r"^(?:-webkit-)?animation(?:-name)?$")


def _declarations(content: list) -> list:
    return [
        d for d in tinycss2.parse_blocks_contents(content, True, True) if d.type == "declaration"
    ]


@functools.lru_cache(maxsize=1)
def _parsed(css: str) -> list:
    """tinycss2's rules of `css`, parsed once per process (each language's notebook pages
    prune the same stylesheet; parsing is most of the cost). _prune_rules only reads them."""
    return tinycss2.parse_stylesheet(css, True, True)


def prune(css: str, used: Used) -> str:
    """The rules of `css` that can apply to pages holding only `used`, serialised."""
    rules = _prune_rules(_parsed(css), used)
    # which custom properties, animations and fonts the kept declarations refer to, and
    # through them (a property defined from another), until nothing new
    flat = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, tuple) and isinstance(item[1], list) and item[0].startswith("@"):
                walk(item[1])
            elif isinstance(item, tuple):
                flat.extend(_declarations(item[1]))

    walk(rules)
    defined: dict[str, list[str]] = {}
    wanted: set[str] = set(used.variables)
    animations: set[str] = set()
    fonts: set[str] = set()
    for decl in flat:
        value = tinycss2.serialize(decl.value)
        refs = _VAR.findall(value)
        if decl.name.startswith("--"):
            defined.setdefault(decl.name, []).extend(refs)
        else:
            wanted.update(refs)
            if _ANIMATION.match(decl.lower_name):
                animations.update(re.findall(r"[\w-]+", value))
            if decl.lower_name in {"font-family", "font"}:
                fonts.update(f.strip().strip("'\"") for f in value.split(","))
    todo = list(wanted)
    while todo:
        for ref in defined.get(todo.pop(), []):
            if ref not in wanted:
                wanted.add(ref)
                todo.append(ref)
    return _serialise(rules, wanted, animations, fonts)


def _serialise(
    rules: list, wanted: set[str], animations: set[str], fonts: set[str], indent: str = ""
) -> str:
    out = []
    for item in rules:
        if isinstance(item, ast.AtRule):
            name = item.lower_at_keyword
            if name == "keyframes" or name.endswith("-keyframes"):
                if tinycss2.serialize(item.prelude).strip() not in animations:
                    continue
            if name == "font-face":
                family = re.search(
                    r"font-family\s*:\s*['\"]?([^;'\"]+)", tinycss2.serialize(item.content or [])
                )
                if family and family.group(1).strip() not in fonts:
                    continue
            out.append(indent + item.serialize())
            continue
        prelude, content = item
        if isinstance(content, list) and prelude.startswith("@"):
            inner = _serialise(content, wanted, animations, fonts, indent + "  ")
            if inner:
                out.append(f"{indent}{prelude} {{\n{inner}\n{indent}}}")
            continue
        decls = [
            d for d in _declarations(content) if not d.name.startswith("--") or d.name in wanted
        ]
        if decls:
            body = "; ".join(
                f"{d.name}:{tinycss2.serialize(d.value).strip()}"
                + (" !important" if d.important else "")
                for d in decls
            )
            out.append(f"{indent}{prelude} {{ {body} }}")
    return "\n".join(out)
