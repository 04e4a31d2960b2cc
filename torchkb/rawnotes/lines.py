"""What one line (or a few) of a raw note is: prose, an output marker, code, a table, a heading.

Classifiers only; nothing here knows about blocks or files.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings

import yaml

from torchkb.cjk import HAN

_SENTENCE_PUNCT = re.compile(r"[。，；！？、]")
_OUTPUT_MARKER = re.compile(
    r"^(?:(?:(?:运行|打印|执行|程序)?(?:输出|结果)(?:结果)?(?:为|如下|是)?"
    r"|(?i:outputs?|results?|out\s*\[\d*\]|prints?))\s*[:：]|>{3,}\s*[:：]?)$"
)
STRONG_START = re.compile(
    r"^(?:import\s+\w|from\s+[\w.]+\s+import\s|def\s+\w+\s*\(|class\s+\w+\s*[(:]|@\w"
    r"|async\s+def\s|with\s.+:\s*(#.*)?$|for\s.+\sin\s.+:\s*(#.*)?$|if\s+__name__)"
)
_ASSIGN = re.compile(r"^[A-Za-z_][\w.\[\], ]*?\s*(?:[-+*/%@&|^]|//|\*\*)?=(?!=)")
_CALL = re.compile(r"\b[A-Za-z_][\w.]*\s*\(")
_CALL_STATEMENT = re.compile(r"^[A-Za-z_][\w.]*(?:\[[^\]]*\])*\s*\(.*\)\s*(?:#.*)?$")
YAML_KEY = re.compile(r"^[A-Za-z_][\w.-]*:\s*$")
_SHELL = re.compile(
    r"^(?:\$\s|sudo\s|pip3?\s|conda\s|apt(?:-get)?\s|cd\s|ls\b|rm\s|mv\s|cp\s|mkdir\s"
    r"|export\s|source\s|git\s|wget\s|curl\s|nvidia-smi\b|watch\s|ps\s|kill\s|fuser\s"
    r"|python3?\s|bash\s|sh\s|chmod\s|echo\s|[A-Z_][A-Z0-9_]*=\S*\s+\S)"
)
_TABLE_LINE = re.compile(r"^\s*(?:\|.*|.*\|\s*|[-=+|─═┼\s]{3,})$")
_LIST_OR_QUOTE = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s")


def is_prose(line: str) -> bool:
    """Chinese prose, as opposed to code or program output."""
    s = line.strip()
    if not s or s.startswith("#"):
        return False
    if _SENTENCE_PUNCT.search(s):
        return True
    cjk = len(HAN.findall(s))
    return cjk >= 6 and cjk > 0.5 * len(s.replace(" ", ""))


def is_output_marker(line: str) -> bool:
    return bool(_OUTPUT_MARKER.match(line.strip()))


def _ascii_names(src: str) -> bool:
    """Pasted code uses ASCII identifiers; Chinese prose like `显存 = 参数 + 变量` parses too."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type == tokenize.NAME and not tok.string.isascii():
                return False
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return False
    return True


def parses_as_python(src: str) -> bool:
    if not src.strip():
        return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escape sequences in pasted strings
        try:
            ast.parse(src)
        except (SyntaxError, ValueError):
            return False
    return _ascii_names(src)


def code_start(line: str) -> bool:
    """A line that may start pasted code: a statement keyword, an assignment or a call."""
    return bool(STRONG_START.match(line) or _ASSIGN.match(line) or _CALL_STATEMENT.match(line))


def stands_alone(line: str) -> bool:
    """A one-line run is code only when it is clearly a statement, not a formula or a name."""
    return bool(STRONG_START.match(line) or (_ASSIGN.match(line) and _CALL.search(line)))


def looks_like_printed_table(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) < 3 or parses_as_python(text):
        return False
    return sum(bool(_TABLE_LINE.match(ln)) for ln in lines) >= 0.6 * len(lines)


def detect_lang(text: str) -> str:
    """Language of a code block that has no info string."""
    if parses_as_python(text) and any(code_start(ln.strip()) for ln in text.splitlines()):
        return "python"
    commands = [ln.strip() for ln in text.splitlines() if ln.strip()]
    commands = [ln for ln in commands if not ln.startswith("#")]
    if commands and sum(bool(_SHELL.match(ln)) for ln in commands) * 2 >= len(commands):
        return "sh"
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    if YAML_KEY.match(first) and yaml_mapping(text):
        return "yaml"
    if any(code_start(ln) or "torch." in ln for ln in text.splitlines()):
        return "python"  # a fragment that does not parse yet: still Python to the reader
    return "text"


def yaml_mapping(text: str) -> bool:
    """YAML whose top level is a mapping with at least one nested value (config, not prose)."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and any(isinstance(v, dict | list) for v in data.values())


def plain_heading(line: str) -> bool:
    """A short line of its own with no sentence punctuation: a heading of a web-page paste."""
    s = line.strip()
    if not s or len(s) > 40 or len(HAN.findall(s)) > 20:
        return False
    if re.search(r"[。，,；;！!？?：:]", s) or s.endswith((".", "…")):
        return False
    if _LIST_OR_QUOTE.match(line) or s.startswith(("|", "<", "[", "![", "#", "`", "http")):
        return False
    return " = " not in s and not (code_start(s) and parses_as_python(s))
