"""The error-message index: every error a snippet raised in a real run, its cause in one
line, and a link to the section that explains it."""

import re

import torchkb
from torchkb import snippets as snippet_store
from torchkb.canonical import load_topics

TEXT = {
    "zh": {"title": "错误信息索引", "lead": "下面每条错误信息都来自本站代码片段的真实运行"
           "（torch 2.13，CPU），复制报错即可搜索到对应的解释。",
           "cause": "原因", "where": "解释与修复", "snippet": "触发它的片段",
           "pending": "只在 GPU 上出现（尚未在本站运行）"},
    "en": {"title": "Error message index", "lead": "Every error message below was printed by a "
           "real run of a snippet on this site (torch 2.13, CPU); paste an error into the "
           "search box to land on its explanation.",
           "cause": "Cause", "where": "Explanation and fix", "snippet": "Raised by",
           "pending": "Only on a GPU (not yet run here)"},
}
_ERROR_LINE = re.compile(r"^(?:[\w.]+\.)?\w*(?:Error|Exception)\b[^\n]*", re.M)


def raised_error(recorded: str, type_name: str) -> str | None:
    """The exception part of a recorded output: from its `Type: message` line to the end."""
    starts = [m.start() for m in _ERROR_LINE.finditer(recorded)
              if type_name in m.group(0).split(":", 1)[0] or ":" in m.group(0)]
    return recorded[starts[-1]:].strip() if starts else None


def error_index_page(lang: str) -> str:
    ui = TEXT[lang]
    where: dict[str, tuple[str, str, str]] = {}  # snippet id -> (topic, section id, title)
    for topic in load_topics(torchkb.TOPICS):
        for section in topic.sections:
            for kind, arg in section.directives("zh"):
                if kind == "snippet":
                    title = section.text.get(lang, section.text["zh"])["title"]
                    where.setdefault(arg.rsplit(".", 1)[0], (topic.id, section.id, title))
    lines = ["---", f'title: "{ui["title"]}"', "---", "", f"# {ui['title']}", "", ui["lead"], ""]
    pending = []
    for snip in snippet_store.load_all():
        expected = snip.meta.get("expect_exception")
        if not expected or snip.id not in where:
            continue
        topic, section_id, section_title = where[snip.id]
        recorded = snippet_store.load_output(snip.id)
        message = raised_error(recorded, expected["type"]) if recorded else None
        cause = snip.meta.get("title", {}).get(lang, "")
        link = f"[{section_title}]({topic}.md#{section_id})"
        if message is None:
            pending.append(f"- `{expected['type']}` · {cause} · {link}")
            continue
        first = message.splitlines()[0]
        heading = first if len(first) <= 90 else first[:87] + "..."
        lines += [f"## {heading}", "", "```text", message, "```", "",
                  f"**{ui['cause']}**: {cause}  ", f"**{ui['where']}**: {link}  ",
                  f"**{ui['snippet']}**: `snippets/{snip.id}.py`", ""]
    if pending:
        lines += [f"## {ui['pending']}", "", *pending, ""]
    return "\n".join(lines)
