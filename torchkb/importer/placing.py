"""Which topic a new section joins: the one whose vocabulary it matches best.

A topic's vocabulary is the words of its titles, tags and section titles (Chinese
segmented with jieba, identifiers also split at `._`), weighted by how few topics use the
word. Below `MIN_SCORE` a section goes to the inbox topic.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from dataclasses import dataclass

from torchkb.importer.sections import NoteSection
from torchkb.sources.canonical import Topic

INBOX = "inbox"
MIN_SCORE = 3.0  # below this a section goes to the inbox (see TopicIndex.ranking)
Ranking = list[tuple[str, float]]  # (topic id, score), best first

# fmt: off
_STOP = {
    "的", "了", "是", "在", "和", "与", "或", "及", "一个", "这个", "我们", "可以", "使用", "如果",
    "就是", "那么", "进行", "需要", "没有", "什么", "因为", "所以", "但是", "之后", "时候", "一下",
    "the", "a", "an", "and", "or", "of", "to", "in", "is", "for", "on", "with", "by", "as",
    "it", "be", "this", "that", "are", "from", "at", "not", "you", "can", "py", "import",
    "pytorch", "torch", "python", "self", "none", "true", "false", "print",
}
# fmt: on


def words(text: str) -> list[str]:
    """The words of a text that can tell topics apart (stop words and short ones left out)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)  # its "Building prefix dict" chatter is not a report
    out = []
    for tok in jieba.lcut_for_search(text.lower()):
        tok = tok.strip()
        parts = (
            [tok, *(p for p in re.split(r"[._]", tok) if p)] if re.search(r"[._]", tok) else [tok]
        )
        out += [word for word in parts if _telling(word)]
    return out


def _telling(word: str) -> bool:
    if word in _STOP or not re.search(r"\w", word):
        return False
    if word.isascii():
        return len(word) >= 3 and not word.isdigit()
    return len(word) >= 2


def _vocabulary(topic: Topic) -> Counter:
    bag: Counter = Counter()
    for lang_title in topic.title.values():
        bag.update({w: 3 for w in words(lang_title)})
    for tags in topic.tags.values():
        bag.update({w: 3 for tag in tags for w in words(str(tag))})
    for section in topic.sections:
        for part in section.text.values():
            bag.update(words(part.get("title", "")))
    return bag


@dataclass
class TopicIndex:
    weights: dict[str, Counter]  # topic id -> word weights
    idf: dict[str, float]

    @classmethod
    def build(cls, topics: list[Topic]) -> TopicIndex:
        weights = {topic.id: _vocabulary(topic) for topic in topics}
        df = Counter(w for bag in weights.values() for w in bag)
        n = max(len(weights), 1)
        return cls(weights, {w: math.log(1 + n / c) for w, c in df.items()})

    def ranking(self, query: Counter) -> Ranking:
        """Topics by score, best first: the sum over shared words of query weight x idf x
        log weight."""
        scores = {
            tid: sum(q * self.idf[w] * (1 + math.log(bag[w])) for w, q in query.items() if w in bag)
            for tid, bag in self.weights.items()
            if tid != INBOX
        }
        return sorted(scores.items(), key=lambda ts: (-ts[1], ts[0]))

    def best(self, query: Counter) -> tuple[str, float]:
        """The best topic, or the inbox when no topic reaches MIN_SCORE."""
        ranked = self.ranking(query)
        if not ranked:
            return INBOX, 0.0
        tid, score = ranked[0]
        return (tid, score) if score >= MIN_SCORE else (INBOX, score)

    def place(self, section: NoteSection) -> tuple[str, Ranking]:
        """The topic a section joins, and the ranking it was chosen from."""
        query = section_query(section)
        return self.best(query)[0], self.ranking(query)


def section_query(section: NoteSection) -> Counter:
    """A section's words: its title counts most, then its chapters', code and output least."""
    q: Counter = Counter()
    for w in words(section.title):
        q[w] += 3
    for title in section.context:
        for w in words(title):
            q[w] += 2
    for block in section.blocks:
        weight = 0.5 if block.kind in ("code", "output") else 1
        for w in words(block.text):
            q[w] += weight
    return Counter({w: math.log(1 + c) + 1 for w, c in q.items()})
