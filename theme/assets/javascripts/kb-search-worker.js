/* Search worker behind Material's search box (see README, "Search").
 *
 * Speaks Material's worker protocol (SETUP 0 -> READY 1, QUERY 2 -> RESULT 3) so the
 * search box and result list stay Material's; what changes is the engine:
 * - one index per language (search/kb-<lang>/, written by torchkb/search_hooks.py), so a
 *   reader's results stay in the reader's language; it is split into small files, and a
 *   query fetches only the postings of its terms and the texts of its best candidates;
 * - the query is tokenised the way torchkb/search.py tokenised the index: Chinese typed
 *   without spaces is segmented against the index's own jieba vocabulary, code names
 *   match whole and by parts, pasted errors lose paths, line numbers and addresses;
 * - BM25 scoring where a section must cover the query's distinctive terms (so the
 *   section on 锁页内存 beats one merely dense in 内存) and verbatim phrases count.
 * Every result is one section, shown with its page as a breadcrumb.
 */
"use strict"

const LANG = new URL(self.location.href).searchParams.get("lang") || "zh"
const HAN = /[\u3400-\u9fff]+/g
const NAME = /[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*/g
const WORD = /[a-z0-9]+/g
const STOP = new Set(("a an and are as at be by can do does for from how i in is it of on or " +
  "the this that to was what when why with you your 的 了 是 在 吗 呢 怎么 如何 什么 为什么 " +
  "怎样 时 时候 会 要 和 与 及 一个 " +
  // function and question words a reader adds around the terms that matter
  "都 被 把 也 就 还 又 很 吧 啊 呀 么 得 地 着 过 这 那 这个 那个 这样 那样 哪 哪些 哪个 " +
  "我 你 他 它 我们 有 有没有 能 能不能 可以 应该 需要 一下 一直 总是 老是 东西 " +
  // the same in English: pronouns, modals, pieces of contractions (don't -> don t)
  "my me we our they their its there which where who should would could will need " +
  "t s don doesn didn isn aren wasn").split(" "))
// ten results, as many as Material's list shows before "more": each costs a fetch of its
// section's text at 100x the content, so fetching twenty doubled a query's time (measured)
const K1 = 1.2, B = 0.75, TITLE_WEIGHT = 3, MAX_RESULTS = 10

const RERANK = 10  // candidates whose text is fetched for phrase scoring and teasers
// (20 instead of 10 changed no query's top 3 in either query set; measured)

/* The index is split (torchkb/search.py, shard_index): meta.json up front (numbers per
 * section, the Chinese vocabulary); postings files by term hash and section documents in
 * blocks, fetched as queries need them. */
let meta = null   // { N, avg, shards, block, len: [n], page: [p], intro: [d], weight: {d: w}, vocab }
let vocab = null  // Chinese words of the index: the query is segmented against them
let maxWord = 1
let weight = null, intro = null  // per section: BM25 weight (boost, intro), is a page's intro
const files = new Map()  // name -> Promise of its JSON
const words = new Map()  // document -> " word word ... " for phrase matching

/* ---- tokenising: mirrors torchkb/search.py ------------------------------------- */

/* A light English stemmer: the same rules as normalise_word() in torchkb/search.py */
function normaliseWord(w) {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w
  if (/(ies|ied)$/.test(w) && w.length > 4) return w.slice(0, -3) + "y"
  if (/(sses|xes|zes|ches|shes)$/.test(w)) w = w.slice(0, -2)
  else if (w.endsWith("s") && !"suia".includes(w[w.length - 2])) w = w.slice(0, -1)
  for (const suffix of ["isation", "ization", "ation", "ing", "ed"]) {
    const stem = w.slice(0, -suffix.length)
    if (w.endsWith(suffix) && stem.length >= 3 && /[aeiouy]/.test(stem)) {
      w = stem.length >= 4 ? stem.replace(/([b-df-hj-kmnp-rtv-y])\1$/, "$1") : stem
      if (suffix === "isation" || suffix === "ization") w += "iz"
      break
    }
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1)
  if (w.endsWith("at") && w.length > 6) w = w.slice(0, -2)
  if (w.endsWith("is") && w.length > 5 && w[w.length - 3] !== "s") w = w.slice(0, -2) + "iz"
  return w
}

function nameParts(name) {
  const parts = name.split(".")
  const out = parts.map((_, i) => parts.slice(i).join("."))
  for (const part of parts) out.push(...part.split("_").filter(Boolean))
  return out
}

/* Fewest pieces from the index vocabulary (ties: longer first piece); then, like jieba's
 * search mode, the vocabulary words inside each longer piece. */
function segmentHan(run) {
  const n = run.length
  const cost = new Array(n + 1).fill(Infinity), next = new Array(n + 1)
  cost[n] = 0
  for (let i = n - 1; i >= 0; i--)
    for (let len = Math.min(maxWord, n - i); len >= 1; len--) {
      const piece = run.slice(i, i + len)
      const c = vocab.has(piece) ? 1 : len === 1 ? 3 : Infinity
      if (c + cost[i + len] < cost[i]) { cost[i] = c + cost[i + len]; next[i] = i + len }
    }
  const out = []
  for (let i = 0; i < n; i = next[i]) {
    const piece = run.slice(i, next[i])
    if (!vocab.has(piece)) continue
    out.push(piece)
    for (let len = 2; len < piece.length; len++)
      for (let j = 0; j + len <= piece.length; j++)
        if (vocab.has(piece.slice(j, j + len))) out.push(piece.slice(j, j + len))
  }
  return out
}

/* Paths, line numbers, addresses and traceback boilerplate of a pasted error are noise */
function clean(query) {
  return query.toLowerCase()
    .replace(/traceback \(most recent call last\):/g, " ")
    .replace(/file "[^"]*", line \d+(, in [^\s]+)?/g, " ")
    .replace(/(?:[a-z]:)?(?:[\\/][\w.\-]+)+\.(?:py|pyx|cu|cuh|cpp|cc|h|c|so)(?::\d+)*/g, " ")
    .replace(/\b0x[0-9a-f]+\b/g, " ")
}

function queryTerms(text) {
  const terms = []
  for (const run of text.match(HAN) || []) terms.push(...segmentHan(run))
  for (const name of text.match(NAME) || [])
    if (name.includes(".") || name.includes("_")) terms.push(...nameParts(name))
  for (const w of text.match(WORD) || []) if (!STOP.has(w)) terms.push(normaliseWord(w))
  return [...new Set(terms)].filter(t => !STOP.has(t))
}

/* ---- scoring ------------------------------------------------------------------- */

function wordsOf(text) {
  return " " + text.toLowerCase().replace(/[^a-z0-9\u3400-\u9fff]+/g, " ").trim() + " "
}

/* Share of the query's 4-word windows (or Chinese runs of 3+ characters) that occur
 * verbatim in a document: what makes a pasted error message land on its section. */
function phrases(text) {
  const ws = wordsOf(text).trim().split(" ").filter(w => w && !/^[\u3400-\u9fff]/.test(w))
  const out = []
  for (let i = 0; i + 4 <= ws.length; i++) out.push(" " + ws.slice(i, i + 4).join(" ") + " ")
  for (const run of text.match(HAN) || []) if (run.length >= 3) out.push(run)
  return out
}

function idf(df) {
  return Math.log(1 + (meta.N - df + 0.5) / (df + 0.5))
}

function load(name) {
  if (!files.has(name))
    files.set(name, fetch(new URL(`../../search/kb-${LANG}/${name}`, self.location.href))
      .then(r => r.ok ? r.json() : Promise.reject(new Error(`${name}: ${r.status}`))))
  return files.get(name)
}

/* 32-bit string hash, the same as shard_of() in torchkb/search.py */
function shardOf(term) {
  let h = 0
  for (const ch of term) h = (Math.imul(h, 31) + ch.codePointAt(0)) >>> 0
  return h % meta.shards
}

/* Packed postings [doc gap, in title, in text, ...] (pack_postings in torchkb/search.py) */
async function postingsOf(terms) {
  const shards = await Promise.all(terms.map(t => load(`t${shardOf(t)}.json`)))
  return terms.map((t, i) => Object.hasOwn(shards[i], t) ? shards[i][t] : undefined)
}

/* document -> [location, title, page title, text], for the given documents */
async function docsOf(ds) {
  const blocks = [...new Set(ds.map(d => Math.floor(d / meta.block)))]
  const loaded = await Promise.all(blocks.map(b => load(`d${b}.json`)))
  const out = new Map()
  blocks.forEach((b, i) => loaded[i].forEach((doc, j) => out.set(b * meta.block + j, doc)))
  return out
}

async function search(raw) {
  const query = clean(raw.slice(0, 2000))
  const terms = queryTerms(query)
  if (!terms.length) return { items: [] }
  const lists = await postingsOf(terms)
  const scores = new Map(), covered = new Map()
  let total = 0
  lists.forEach(postings => {
    if (!postings) return  // a word no document has: don't let it sink every result
    const w = idf(postings.length / 3)
    total += w
    for (let i = 0, d = 0; i < postings.length; i += 3) {
      d += postings[i]
      const tf = postings[i + 2] + TITLE_WEIGHT * postings[i + 1]
      const norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * meta.len[d] / meta.avg))
      scores.set(d, (scores.get(d) || 0) + w * norm)
      covered.set(d, (covered.get(d) || 0) + w)
    }
  })
  // BM25 where a section must cover the query's distinctive terms, times the section's
  // weight (a page's intro, which only summarises its sections, and `search: boost`)
  const pre = []
  for (const [d, score] of scores) {
    const coverage = covered.get(d) / total
    pre.push([d, (weight.get(d) ?? 1) * score * (0.1 + coverage * coverage)])
  }
  pre.sort((a, b) => b[1] - a[1])
  // verbatim phrases rerank the best candidates: what lands a pasted error on its section
  const top = pre.slice(0, RERANK)
  const docs = await docsOf(top.map(([d]) => d))
  const wanted = phrases(query)
  const ranked = top.map(([d, s]) => {
    const x = docs.get(d)[3]
    if (!words.has(d)) words.set(d, wordsOf(x))
    let found = 0
    for (const p of wanted) if ((p.startsWith(" ") ? words.get(d) : x).includes(p)) found++
    return [d, s * (1 + 2 * (wanted.length ? found / wanted.length : 0))]
  }).sort((a, b) => b[1] - a[1])
  // where one of a page's sections matches too, show that section, not the page's summary
  const withSection = new Set(ranked.filter(([d]) => !intro.has(d)).map(([d]) => meta.page[d]))
  const shown = ranked.filter(([d]) => !intro.has(d) || !withSection.has(meta.page[d]))
  // the words as typed (not their stems) go to the teaser marks and to Material's `?h=`
  // highlight of the page the reader opens
  const typed = new Map()
  for (const w of (query.match(WORD) || []).reverse()) typed.set(normaliseWord(w), w)
  const matched = Object.fromEntries(terms.map((t, i) => [typed.get(t) || t, lists[i] !== undefined]))
  return { items: shown.slice(0, MAX_RESULTS).map(([d, s]) => {
    const [l, t, p, x] = docs.get(d)
    return group({ l, t, p, x }, s, matched)
  }) }
}

/* ---- results in Material's shape ------------------------------------------------ */

function escapeHTML(text) {
  return text.replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;",
    "\"": "&quot;", "'": "&#39;" })[c])
}

/* A typed word as a pattern: English words match whole words sharing their stem (device ~
 * devices, triggered ~ trigger), never a piece of another word; Chinese and code names
 * match as they are. */
function markPattern(word) {
  const literal = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  if (!/^[a-z0-9]+$/.test(word)) return literal
  const stem = normaliseWord(word)
  return word.startsWith(stem) ? `\\b${stem}[a-z0-9]*` : `\\b(?:${literal}|${stem}[a-z0-9]*)`
}

function teaser(text, terms) {
  const words = terms.filter(t => t.length > 1)
  if (!words.length) return escapeHTML(text.slice(0, 220) + (text.length > 220 ? " …" : ""))
  const re = new RegExp(words.sort((a, b) => b.length - a.length).map(markPattern).join("|"),
    "gi")
  // the 220 characters that show the most different query words, from a little before
  // the first of them
  const hits = [...text.matchAll(re)].slice(0, 200).map(m => [m.index, m[0].toLowerCase()])
  let first = 0, best = 0
  for (const [i] of hits) {
    const seen = new Set(hits.filter(([j]) => j >= i && j < i + 200).map(([, w]) => w)).size
    if (seen > best) { best = seen; first = i }
  }
  const at = first > 60 ? first - 60 : 0
  const shown = (at ? "… " : "") + text.slice(at, at + 220) + (text.length > at + 220 ? " …" : "")
  // mark the raw text, then escape each piece: marking escaped text would cut `&lt;` apart
  let out = "", last = 0
  for (const m of shown.matchAll(re)) {
    out += escapeHTML(shown.slice(last, m.index)) + `<mark>${escapeHTML(m[0])}</mark>`
    last = m.index + m[0].length
  }
  return out + escapeHTML(shown.slice(last))
}

/* One section per result: Material renders the last item of a group as its header (the
 * page › section breadcrumb) and the others, at or above the first's score, with text. */
function group(doc, score, terms) {
  const words = Object.keys(terms).filter(t => terms[t])
  const body = { location: doc.l, title: escapeHTML(doc.t), text: teaser(doc.x, words),
    score, terms }
  if (!doc.l.includes("#")) return [body]
  const crumb = doc.p ? `${escapeHTML(doc.p)} › ${escapeHTML(doc.t)}` : escapeHTML(doc.t)
  return [body, { location: doc.l, title: crumb, text: "", score, terms }]
}

/* ---- protocol ------------------------------------------------------------------ */

async function setup() {
  meta = await load("meta.json")
  vocab = new Set(meta.vocab)
  weight = new Map(Object.entries(meta.weight).map(([d, w]) => [Number(d), w]))
  intro = new Set(meta.intro)
  for (const t of vocab) maxWord = Math.max(maxWord, t.length)
}

/* Queries are answered in order; one overtaken by a newer query is not answered at all */
let queue = Promise.resolve(), latest = 0
addEventListener("message", ev => {
  const message = ev.data
  if (message.type === 0) {
    queue = queue.then(setup).catch(err => console.warn("search setup failed:", err))
      .then(() => postMessage({ type: 1 }))
  } else if (message.type === 2) {
    const id = ++latest
    queue = queue.then(async () => {
      if (id !== latest) return
      let data = { items: [] }
      try {
        data = await search(String(message.data))
      } catch (err) {
        console.warn("search failed:", err)
      }
      if (id === latest) postMessage({ type: 3, data })
    })
  }
})
