/* Search worker behind Material's search box (see README, "Search").
 *
 * Speaks Material's worker protocol (SETUP 0 -> READY 1, QUERY 2 -> RESULT 3) so the
 * search box and result list stay Material's; what changes is the engine:
 * - one index per language (search/kb-<lang>/, written by torchkb/site/search.py), so a
 *   reader's results stay in the reader's language; it is split into small gzipped files
 *   (torchkb/search/index.py, shard_index): a small meta file up front, postings files by
 *   sorted term range, the Chinese words by range, section texts in blocks; a query
 *   fetches only what it needs (a small index is whole in its meta file: one fetch);
 * - the query is tokenised the way torchkb/search/index.py tokenised the index: Chinese typed
 *   without spaces is segmented against the index's own words, code
 *   names match whole and by parts, pasted errors lose paths, line numbers, addresses;
 * - spoken Chinese verbs reach the written words the notes use (notes/search/colloquial.txt:
 *   涨 -> 增长, 不动 -> 冻结);
 * - query-side synonyms (notes/search/synonyms.txt); the last word, as the box sends it
 *   on every keystroke, also matches as a prefix (below whole words); a word the index
 *   lacks matches its spelling neighbours (one or two edits away), or, typed run together
 *   (batchsize), the sections holding both its halves;
 * - BM25 (computed at build time, one score per posting) where a section must cover the
 *   query's distinctive terms (so the section on 锁页内存 beats one merely dense in 内存)
 *   and verbatim phrases count, and a Chinese query's neighbouring words found close
 *   together on the page.
 * Every result is one section, shown with its page as a breadcrumb.
 */
"use strict"

const LANG = new URL(self.location.href).searchParams.get("lang") || "zh"
const HAN = /[\u3400-\u9fff]+/g
const NAME = /[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*/g
const WORD = /[a-z0-9]+/g
// a section's kind, bits (torchkb/search/index.py, PLACE, ENTRY and LENT)
const PLACE = 1, ENTRY = 2, LENT = 4
const UNIT = /[\u3400-\u9fff]+|[a-z0-9]+/g  // a Chinese run or a word, in query order
// query settings and stop words, from the meta file: torchkb/search/index.py (QueryTuning)
// writes them there and says what each is for
let Q = null
let STOP = new Set()
let meta = null  // { N, ids (section ids are below it), block, chunks: [first term of
                 // each postings file], words: [same, for the Chinese words files], syn,
                 // query: settings and stop words }
let synonyms = null // [RegExp of the typed phrases, Map typed phrase -> replacement]
let colloquial = new Map()  // spoken Chinese verb -> the written words it also searches for
let hidden = new Set()  // words only sections' reader phrasings hold, no page
const files = new Map()  // name -> Promise of its parsed JSON
let sums = null, best = null  // per-section accumulators of search(), reused
const words = new Map()  // section -> " word word ... " for the words a result holds
const numberless = new Map()  // section -> the same, numbers as "#", for phrase matching

/* ---- fetching the split index ---------------------------------------------------- */

/* A fetched file's bytes: gzipped on disk; a host may already have inflated it
 * (Content-Encoding: gzip). The bytes are written straight into the DecompressionStream
 * and its output read back: wrapping them in a Blob and a Response first costs the worker
 * several times the inflating itself (a Blob's bytes are handed to the browser's blob
 * store), per file, and a query at scale fetches a dozen files */
async function inflate(response) {
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.buffer
  const stream = new DecompressionStream("gzip")
  const writer = stream.writable.getWriter()
  // a corrupt file fails the reads below; these promises fail with it, unheeded
  writer.write(bytes).catch(() => {})
  writer.close().catch(() => {})
  const reader = stream.readable.getReader(), chunks = []
  let size = 0
  for (let chunk; !(chunk = await reader.read()).done; size += chunk.value.length)
    chunks.push(chunk.value)
  if (chunks.length === 1 && chunks[0].byteLength === chunks[0].buffer.byteLength)
    return chunks[0].buffer
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) { out.set(chunk, at); at += chunk.length }
  return out.buffer
}

/* A postings file (torchkb/search/index.py, _postings_file): {term: Int32Array of flat
 * [section gap, score, ...]}, each a view of the file's bytes, nothing parsed but its
 * short list of terms */
function postingsFile(buffer) {
  const length = new DataView(buffer).getUint32(0, true)
  const terms = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, length)))
  const chunk = Object.create(null), start = 4 + length
  for (const [term, count, offset] of terms)
    chunk[term] = new Int32Array(buffer, start + 4 * offset, 2 * count)
  return chunk
}

/* A file's name on the host: every file but meta is named by its content
 * (torchkb/search/index.py, index_files), as meta lists: a browser's cache can never
 * combine two deploys' files. Meta keeps its name and is revalidated on every fetch */
function url(name) {
  const base = `../../search/kb-${LANG}/`
  if (name === "meta") return new URL(`${base}meta.json.gz`, self.location.href)
  const hash = name[0] === "d" ? meta.files.d : meta.files[name[0]][+name.slice(1)]
  const kind = name[0] === "t" ? "bin" : "json"
  return new URL(`${base}${name}.${hash}.${kind}.gz`, self.location.href)
}

/* A file of the index, parsed: fetched once, or taken from the meta file where the whole
 * index is in it (a small index: meta.whole) */
function load(name) {
  if (!files.has(name)) {
    const file = name !== "meta" && meta.whole
      ? Promise.resolve(meta.whole[name])
      : fetch(url(name), name === "meta" ? { cache: "no-cache" } : {})
        .then(r => r.ok ? inflate(r) : Promise.reject(new Error(`${name}: ${r.status}`)))
        .then(buffer => name[0] === "t" ? postingsFile(buffer)
          : JSON.parse(new TextDecoder().decode(buffer)))
    // a failed fetch is forgotten, so the next query (or the retry below) fetches again
    file.catch(() => { if (files.get(name) === file) files.delete(name) })
    files.set(name, file)
  }
  return files.get(name)
}

/* The file of a sorted range (`starts`: the first term of each) a term is in: the last
 * whose first term sorts at or before it */
function fileOf(term, starts = meta.chunks) {
  let lo = 0, hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid] <= term) lo = mid
    else hi = mid - 1
  }
  return lo
}
const chunkOf = term => fileOf(term)

/* Files holding the terms starting with `prefix` (at most `limit`, nearest first) */
function chunksOf(prefix, limit = Infinity, starts = meta.chunks) {
  const first = fileOf(prefix, starts)
  const last = Math.min(fileOf(prefix + "\uffff", starts), first + limit - 1)
  const out = []
  for (let k = first; k <= last; k++) out.push(k)
  return out
}

/* The Chinese index words starting with any of `chars`, as a Set */
const wordSets = new Map()  // words file -> Set of its words
async function wordsFor(chars) {
  const ks = [...new Set([...chars].flatMap(c => chunksOf(c, Infinity, meta.words)))]
  await Promise.all(ks.filter(k => !wordSets.has(k)).map(async k => {
    wordSets.set(k, new Set(await load(`w${k}`)))
  }))
  return t => { const set = wordSets.get(fileOf(t, meta.words)); return !!set && set.has(t) }
}

async function loadChunks(ks) {
  const unique = [...new Set(ks)]
  const loaded = await Promise.all(unique.map(k => load(`t${k}`)))
  return new Map(unique.map((k, i) => [k, loaded[i]]))
}

/* ---- tokenising: mirrors torchkb/search/index.py ------------------------------------- */

/* A light English stemmer: the same rules as normalise_word() in torchkb/search/index.py */
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

/* Fewest pieces that are index words (`has`), ties: longer first piece; then, like
 * jieba's search mode, the index words inside each longer piece. Returns [piece, sure,
 * of the segmentation itself (not a word inside one of its pieces)]:
 * a piece is unsure where another segmentation as good cuts across it (涨不下来: 不下|来
 * or 不|下来): such a fragment may exist only across a word boundary of the query, so it
 * must not outweigh the query's certain words. */
function segmentHan(run, has) {
  const n = run.length
  const costOf = (i, len) => has(run.slice(i, i + len)) ? 1 : len === 1 ? 3 : Infinity
  const cost = new Array(n + 1).fill(Infinity), next = new Array(n + 1)
  const before = new Array(n + 1).fill(Infinity)  // best cost of run[0, i)
  cost[n] = 0
  before[0] = 0
  for (let i = n - 1; i >= 0; i--)
    for (let len = Math.min(Q.longest_word, n - i); len >= 1; len--) {
      const c = costOf(i, len)
      if (c + cost[i + len] < cost[i]) { cost[i] = c + cost[i + len]; next[i] = i + len }
    }
  for (let j = 1; j <= n; j++)
    for (let len = 1; len <= Math.min(Q.longest_word, j); len++)
      before[j] = Math.min(before[j], before[j - len] + costOf(j - len, len))
  // the pieces of every best segmentation, as [start, end)
  const best = []
  for (let i = 0; i < n; i++)
    for (let len = 2; len <= Math.min(Q.longest_word, n - i); len++)
      if (costOf(i, len) === 1 && before[i] + 1 + cost[i + len] === cost[0]) best.push([i, i + len])
  const crossed = (a, b) => best.some(([s, e]) => (s < a && e > a && e < b) || (s > a && s < b && e > b))
  const out = []
  for (let i = 0; i < n; i = next[i]) {
    const piece = run.slice(i, next[i])
    if (!has(piece)) continue
    out.push([piece, !crossed(i, next[i]), true])  // [piece, sure, of the segmentation]
    for (let len = 2; len < piece.length; len++)
      for (let j = 0; j + len <= piece.length; j++)
        if (has(piece.slice(j, j + len))) out.push([piece.slice(j, j + len), true])
  }
  return out
}

/* The words of each CamelCase name, as torchkb/search/index.py (camel_parts) indexes
 * them: torch.OutOfMemoryError -> out of memory error. Read before lowercasing. */
function camelParts(text) {
  return (text.match(/\b[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g) || [])
    .flatMap(m => m.match(/[A-Z]?[a-z0-9]+/g)).map(p => p.toLowerCase())
}

/* A message copied from a log or a repr() keeps its line breaks and tabs as the two
 * characters \n and \t: they are spaces ("...for Net:\n\tMissing key(s)"); not where a
 * lowercase letter follows, as in a Windows path (C:\new\train.py) */
const ESCAPED_SPACE = /\\[ntr](?![a-z])/g

/* Paths, line numbers, addresses and traceback boilerplate of a pasted error are noise */
function clean(query) {
  return query.toLowerCase()
    .replace(/traceback \(most recent call last\):/g, " ")
    .replace(/file "[^"]*", line \d+(, in [^\s]+)?/g, " ")
    .replace(/(?:[a-z]:)?(?:[\\/][\w.\-]+)+\.(?:py|pyx|cu|cuh|cpp|cc|h|c|so)(?::\d+)*/g, " ")
    .replace(/\b0x[0-9a-f]+\b/g, " ")
}

/* ---- a pasted error ------------------------------------------------------------ */

/* `RuntimeError: `, `torch.OutOfMemoryError: `, `UserWarning: `: where an error's message
 * starts (a paste into the box arrives as one line: its line breaks became spaces) */
const ERROR_TYPE = /(?:^|[\s:])((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)): */g

/* The heads of a pasted error, as typed: per `SomethingError: message` (a traceback's last
 * line, each exception of a chain), the first sentence of its message, at most
 * Q.head_words words. The head names the error; the rest of the paste describes this
 * one occurrence (allocator statistics, process lists, hints, frames, assertion lines)
 * or is common to many (the type: RuntimeError raises most of them, and it changes from
 * release to release), so it weighs less (Q.tail_weight), and no section need quote it
 * for the error to count as explained. */
function errorHeads(raw) {
  const found = [...raw.matchAll(ERROR_TYPE)]
  return found.map((m, i) => {
    const end = i + 1 < found.length ? found[i + 1].index : raw.length
    // a sentence ends at . ! or ? before a capital letter, and at a colon before one after
    // four words or more ("Error(s) in loading state_dict for Net: Missing key(s) ..."; not
    // "Input Error: Only 3D, 4D and 5D input Tensors supported")
    const message = raw.slice(m.index + m[0].length, end)
      .split(/\n|(?<=[.!?])\s+(?=[A-Z])|(?<=(?:\S+\s+){3}\S+):\s+(?=[A-Z])/)[0]
    return message.trim().split(/\s+/).slice(0, Q.head_words).join(" ").replace(/[.:]+$/, "")
  }).filter(Boolean)
}

/* A query pasted rather than typed: an error message or many words. Its
 * words the index lacks are the message's, not the reader's: none is listed as missing */
function isPasted(raw, heads) {
  return heads.length > 0 || (raw.match(/\S+/g) || []).length > Q.head_words
}

/* The word windows of a text that a section quoting it would hold verbatim: 4 words at a
 * time (the whole text if shorter), numbers as "#" (sizes and indices differ from run to
 * run: "tensor a (4)" quotes "tensor a (2)") */
function windowsOf(text) {
  const ws = phraseWords(text).trim().split(" ").filter(w => w && !/^[\u3400-\u9fff]/.test(w))
  const k = Math.min(4, ws.length), out = []
  if (k < 2) return out
  for (let i = 0; i + k <= ws.length; i++) out.push(" " + ws.slice(i, i + k).join(" ") + " ")
  return out
}

/* notes/search/synonyms.txt, as meta.syn: [[typed phrases], this language's words] */
function setupSynonyms(entries) {
  const target = new Map()
  for (const [typed, words] of entries) for (const t of typed) target.set(t, words)
  const phrases = [...target.keys()].sort((a, b) => b.length - a.length)
  if (!phrases.length) return [null, target]
  const pattern = phrases.map(p => {
    const literal = p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    // Latin phrases match whole words only; Chinese has no word boundaries to match
    return /^[a-z0-9]/.test(p) ? `(?<![a-z0-9_])${literal}(?![a-z0-9_])` : literal
  })
  return [new RegExp(pattern.join("|"), "g"), target]
}

function applySynonyms(query) {
  const [re, target] = synonyms
  return re ? query.replace(re, m => ` ${target.get(m)} `) : query
}

/* The query's terms, given `has` (is this Chinese piece an index word?); the Chinese
 * pieces that are unsure (segmentHan); and the query's words in order, a Chinese run as the
 * pieces of its segmentation */
function queryTerms(text, has, camel = []) {
  const terms = [], unsure = new Set(), sure = new Set(), order = []
  for (const unit of text.match(UNIT) || []) {
    if (!/^[\u3400-\u9fff]/.test(unit)) { if (!STOP.has(unit)) order.push(unit); continue }
    for (const [piece, ok, main] of segmentHan(unit, has)) {
      terms.push(piece);
      (ok ? sure : unsure).add(piece)
      if (main && piece.length > 1 && !STOP.has(piece)) order.push(piece)
    }
  }
  for (const name of text.match(NAME) || [])
    if (name.includes(".") || name.includes("_")) terms.push(...nameParts(name))
  for (const w of text.match(WORD) || []) if (!STOP.has(w)) terms.push(normaliseWord(w))
  for (const w of camel) if (!STOP.has(w)) terms.push(normaliseWord(w))
  for (const t of sure) unsure.delete(t)
  return [[...new Set(terms)].filter(t => !STOP.has(t)), unsure, order]
}

/* The word being typed: the query's last word or code name, unless a space follows */
function lastToken(text) {
  const m = text.match(/([a-z0-9_][a-z0-9_.]*)$/)
  if (!m) return null
  const name = m[1].replace(/\.+$/, "")
  const word = (name.match(WORD) || []).pop() || ""
  return { name, word }
}

/* Damerau-Levenshtein distance, up to `max` (more is returned as max + 1) */
function distance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev2 = null, prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2] + 1)
      row.push(d)
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    prev2 = prev; prev = row
  }
  return prev[b.length]
}

/* ---- the query: terms, their alternatives, their postings ------------------------ */

/* Each query term becomes a group of alternatives [term, weight, postings]: the term
 * itself (1), and for the word being typed its completions (Q.prefix_weight), for a word
 * the index lacks its spelling neighbours (Q.typo_weight). A section scores a group by
 * its best alternative. */
async function analyse(typed) {
  const raw = typed.replace(ESCAPED_SPACE, " ")
  const typedQuery = clean(raw.slice(0, 2000))
  const query = applySynonyms(typedQuery)
  const heads = errorHeads(raw.slice(0, 2000))
  // a paste arrives whole and as printed: no word of it is half-typed, misspelt or run
  // together, so none gets completions, spelling neighbours or halves (each would cost
  // fetches: a traceback holds dozens of words)
  const pasted = isPasted(raw, heads)
  // Chinese: the index words (their own small files, by range) segment the query
  // (and the spoken verbs: 不动 is one word, not 不|动)
  const isWord = await wordsFor(new Set((query.match(HAN) || []).join("")))
  const has = t => isWord(t) || colloquial.has(t)
  const camel = camelParts(raw.slice(0, 2000))
  const [terms, unsure, order] = queryTerms(query, has, camel)
  // the terms of a pasted error's heads; the others, its tail, weigh Q.tail_weight
  const headText = heads.join(" ")
  const inHead = new Set(heads.length
    ? queryTerms(applySynonyms(clean(headText)), has, camelParts(headText))[0] : terms)
  // ... nor is its tail looked up: at Q.tail_weight its words would barely move a section
  // (its verbatim phrases still count, on the candidates' texts), and a long paste's
  // tail holds most of its words, each a postings file to fetch
  const looked = heads.length ? terms.filter(t => inHead.has(t) && !/^\d+$/.test(t)) : terms
  // an inflected English word (deleting, freed) reaches the code token it starts with
  // (del, free): its stem less one or two letters, where that is an index term
  const stems = new Map()
  for (const w of pasted ? [] : typedQuery.match(WORD) || []) {
    const n = normaliseWord(w)
    if (n === w || n.length < 5 || STOP.has(w) || !/^[a-z]+$/.test(n)) continue
    stems.set(n, [n.slice(0, -1), n.slice(0, -2)].filter(t => t.length >= 3))
  }
  // the word being typed (Material searches on every keystroke): its completions
  const last = pasted ? null : lastToken(typedQuery)
  const prefixes = []
  if (last && last.word.length >= Q.prefix_min && !STOP.has(last.word)) {
    prefixes.push(last.word, normaliseWord(last.word))
    if (last.name !== last.word && last.name.length >= Q.prefix_min) prefixes.push(last.name)
  }
  const written = looked.flatMap(t => colloquial.get(t) || [])
  const chunks = await loadChunks([...looked.map(chunkOf), ...written.map(chunkOf),
    ...prefixes.flatMap(p => chunksOf(p, 4)), ...[...stems.values()].flat().map(chunkOf)])
  const postingsOf = t => {
    const chunk = chunks.get(chunkOf(t))
    return chunk && Object.hasOwn(chunk, t) ? chunk[t] : undefined
  }
  const single = t => t.length === 1 && /[\u3400-\u9fff]/.test(t)
  const groups = terms.map(t => ({ typed: t,
    alts: [[t, single(t) || unsure.has(t) ? Q.single_han_weight : 1, postingsOf(t)]] }))
  for (const g of groups)
    for (const t of stems.get(g.typed) || []) {
      // not a common word that merely starts the same (allocated -> all): the code
      // token is no commoner than the word itself
      const own = (postingsOf(g.typed) || []).length, p = postingsOf(t)
      if (p && p.length <= 2 * Math.max(own, 20)) g.alts.push([t, Q.stem_weight, p])
    }
  // a word no page uses (the index lacks it, or only reader phrasings hold it)
  const unused = g => !g.alts[0]?.[2] || hidden.has(g.typed)
  // a spoken verb the notes never use also matches the written words for it (a piece
  // another segmentation cuts across at the weight of a single character, as the piece
  // itself); one the notes use (占, 跑) is found as it is
  for (const g of groups)
    for (const t of unused(g) ? colloquial.get(g.typed) || [] : []) {
      const p = postingsOf(t)
      if (p && !g.alts.some(([a]) => a === t))
        g.alts.push([t, Q.colloquial_weight * (unsure.has(g.typed) ? Q.single_han_weight : 1), p])
    }
  if (prefixes.length) {
    const key = normaliseWord(last.word)
    let group = groups.find(g => g.typed === key)
    if (!group) groups.push(group = { typed: key, alts: [] })
    const seen = new Set(group.alts.map(([t]) => t))
    const found = []
    for (const p of new Set(prefixes))
      for (const k of chunksOf(p, 4))
        for (const t of Object.keys(chunks.get(k) || {}))
          if (t.startsWith(p) && t !== p && !seen.has(t)) { seen.add(t); found.push(t) }
    found.sort((a, b) => chunks.get(chunkOf(b))[b].length - chunks.get(chunkOf(a))[a].length)
    // completions rank, but are shown (marked, highlighted) only for a word that is
    // not yet a word of its own
    if (group.alts.some(([, , p]) => p)) group.completions = new Set(found)
    for (const t of found.slice(0, Q.prefix_max))
      group.alts.push([t, Q.prefix_weight, postingsOf(t)])
  }
  // spelling neighbours of the words the index lacks
  // (words and snake_case names; a dotted name's parts are terms of their own)
  const unknown = pasted ? [] : groups.filter(g => !g.alts.some(([, , p]) => p)
    && g.typed.length >= Q.typo_min && /^[a-z0-9_]+$/.test(g.typed))
  if (unknown.length) {
    const near = await loadChunks(unknown.flatMap(g => chunksOf(g.typed.slice(0, 2), 4)))
    for (const g of unknown) {
      const max = g.typed.length >= 8 ? 2 : 1
      let found = []
      for (const k of chunksOf(g.typed.slice(0, 2), 4))
        for (const [t, p] of Object.entries(near.get(k) || {})) {
          const d = distance(g.typed, t, max)
          if (d <= max) found.push([d, -p.length, t, p])
        }
      found.sort((a, b) => a[0] - b[0] || a[1] - b[1])
      found = found.filter(f => f[0] === found[0][0]).slice(0, Q.typo_max)
      for (const [, , t, p] of found) g.alts.push([t, Q.typo_weight, p])
    }
  }
  // a word typed run together (batchsize, numworkers) that no page uses: the sections
  // holding both its halves, where each is an index word
  const typedWords = new Map((typedQuery.match(WORD) || []).map(w => [normaliseWord(w), w]))
  const cuts = w => Array.from({ length: w.length - 2 * Q.split_min + 1 }, (_, k) =>
    [w.slice(0, Q.split_min + k), w.slice(Q.split_min + k)]).filter(h => !h.some(x => STOP.has(x)))
  const joined = (pasted ? [] : groups).map(g => [g, typedWords.get(g.typed) || ""])
    .filter(([g, w]) => unused(g) && /^[a-z]+$/.test(w) && w.length >= 2 * Q.split_min)
    .map(([g, w]) => [g, cuts(w)])
  if (joined.length) {
    const halves = await loadChunks(joined.flatMap(([, c]) => c.flat().map(h => chunkOf(normaliseWord(h)))))
    halves.forEach((chunk, k) => chunks.set(k, chunk))
    for (const [g, c] of joined) {
      let best = null
      for (const [a, b] of c) {
        const both = intersect(postingsOf(normaliseWord(a)), postingsOf(normaliseWord(b)))
        if (both.length && (!best || both.length > best[2].length)) best = [`${a} ${b}`, 1, both]
      }
      if (best) g.alts.push(best)
    }
  }
  // pieces of what was typed rather than words of it, not shown as found words (nor
  // highlighted): a CamelCase name's words (the name is), a single Chinese character or
  // an unsure piece cut from a longer run (涨不下来: 不下, 来)
  const han = (query.match(HAN) || []).join("")
  const pieces = new Set([...camel.map(normaliseWord), ...unsure,
    ...terms.filter(t => single(t) && t !== han)])
  // neighbouring query words (a Chinese run's pieces): found close together in a section,
  // they count as a phrase of it
  const near = []
  for (let i = 0; i + 1 < order.length; i++)
    if (/[\u3400-\u9fff]/.test(order[i] + order[i + 1])) near.push([order[i], order[i + 1]])
  // (a number is a run's own: a size, an index, a version)
  const scale = g =>
    inHead.has(g.typed) && !(heads.length && /^\d+$/.test(g.typed)) ? 1 : Q.tail_weight
  return { query, pieces, near, heads, pasted,
    groups: groups.map(g => ({ typed: g.typed, completions: g.completions, head: scale(g) === 1,
      alts: g.alts.filter(([, , p]) => p).map(([t, f, p]) => [t, f * scale(g), p]) })) }
}

/* Sections in both postings lists (flat [section gap, score, ...]), as one such list:
 * each scores the mean of its two scores */
function intersect(p, q) {
  if (!p || !q) return []
  const first = new Map()
  for (let i = 0, d = 0; i < p.length; i += 2) { d += p[i]; first.set(d, p[i + 1]) }
  const out = []
  for (let i = 0, d = 0, last = 0; i < q.length; i += 2) {
    d += q[i]
    if (first.has(d)) { out.push(d - last, Math.round((first.get(d) + q[i + 1]) / 2)); last = d }
  }
  return out
}

/* ---- scoring ------------------------------------------------------------------- */

/* A term's postings (flat [section gap, score, ...]) added into `sums`, per section
 * [score, covered query weight]. The hot loop at scale: a pasted error's common words each
 * hold a good share of the sections. Both numbers of a section sit side by side, one memory
 * read a posting, and no list of the sections touched is kept (a branch a posting): the
 * top sections are found by one pass over the array */
function addPostings(postings, weight, sums) {
  const k = weight / Q.scale
  for (let i = 0, d = 0; i < postings.length; i += 2) {
    d += postings[i]
    sums[2 * d] += k * postings[i + 1]
    sums[2 * d + 1] += weight
  }
}

/* The same for one alternative of a group: each section keeps its best score and weight.
 * Returns the last section of the postings */
function bestPostings(postings, weight, best) {
  const k = weight / Q.scale
  let d = 0
  for (let i = 0; i < postings.length; i += 2) {
    d += postings[i]
    const s = k * postings[i + 1]
    if (s > best[2 * d]) best[2 * d] = s
    if (weight > best[2 * d + 1]) best[2 * d + 1] = weight
  }
  return d
}

function wordsOf(text) {
  return " " + text.toLowerCase().replace(/[^a-z0-9\u3400-\u9fff]+/g, " ").trim() + " "
}

/* wordsOf, every number as "#": a pasted message's sizes and indices are its run's */
function phraseWords(text) {
  return wordsOf(text).replace(/ \d+(?= )/g, " #")
}

/* Share of the query's 4-word windows (or Chinese runs of 3+ characters) that occur
 * verbatim in a document: what makes a pasted error message land on its section. */
function phrases(text) {
  const ws = phraseWords(text).trim().split(" ").filter(w => w && !/^[\u3400-\u9fff]/.test(w))
  const out = []
  for (let i = 0; i + 4 <= ws.length; i++) out.push(" " + ws.slice(i, i + 4).join(" ") + " ")
  for (const run of text.match(HAN) || []) if (run.length >= 3) out.push(run)
  return out
}

/* Does `b` follow `a` in `text` within Q.near_chars characters? */
function closeTogether(text, a, b) {
  for (let i = text.indexOf(a); i >= 0; i = text.indexOf(a, i + 1)) {
    const j = text.indexOf(b, i + a.length)
    if (j >= 0 && j - i - a.length <= Q.near_chars) return true
    if (j < 0) return false
  }
  return false
}

/* The share of a heading's words (an English word, stemmed; a pair of Chinese characters)
 * the query holds: a heading the query covers is about what was asked, one that shares a
 * word with it may be about something beside it */
function headingCover(title, words, pairs) {
  const ws = (title.toLowerCase().match(WORD) || []).filter(w => !STOP.has(w))
  const ps = hanPairs(title)
  const held = ws.filter(w => words.has(normaliseWord(w))).length
    + ps.filter(p => pairs.has(p)).length
  return ws.length + ps.length ? held / (ws.length + ps.length) : 0
}

/* A text's pairs of neighbouring Chinese characters, in order */
function hanPairs(text) {
  const pairs = []
  for (const run of text.match(HAN) || [])
    for (let i = 0; i + 1 < run.length; i++) pairs.push(run.slice(i, i + 2))
  return pairs
}

function idf(df) {
  return Math.log(1 + (meta.N - df + 0.5) / (df + 0.5))
}

/* The largest share of a pasted error's head words that one of the sections `ds` shows
 * (its title and text: a section's reader phrasings are words a reader would type, not
 * an explanation of the error), each word by its idf; a word no section holds counts as
 * the rarest. An error no section quotes is still answered where a section holds most of
 * what names it ("Can't call numpy() on Tensor that requires grad": the section on
 * detach()) */
function headCoverage(groups, ds, docs) {
  const shown = new Map(ds.map(d => {
    const [, t, , x] = docs.get(d), text = `${t} ${x}`
    return [d, [wordsOf(text), text.toLowerCase()]]
  }))
  // an English term is a word or a word's stem (expected -> expect); a code name, a
  // Chinese word, as written
  const shows = ([ws, low], term) =>
    /^[a-z0-9]+$/.test(term) ? ws.includes(` ${term}`) : low.includes(term)
  const held = new Map(ds.map(d => [d, 0]))
  let total = 0
  for (const g of groups.filter(g => g.head)) {
    const weights = g.alts.map(([, , p]) => idf(p.length / 2))
    total += weights.length ? Math.max(...weights) : idf(0)
    for (const d of ds) {
      const found = g.alts.map(([t], i) => shows(shown.get(d), t) ? weights[i] : 0)
      held.set(d, held.get(d) + Math.max(0, ...found))
    }
  }
  return total ? Math.max(...held.values()) / total : 1
}

/* section -> [location, title, page title, text], for the given sections */
async function docsOf(ds) {
  const blocks = [...new Set(ds.map(d => Math.floor(d / meta.block)))]
  const loaded = await Promise.all(blocks.map(b => load(`d${b}`)))
  const out = new Map()
  blocks.forEach((b, i) => loaded[i].forEach((doc, j) => out.set(b * meta.block + j, doc)))
  return out
}

async function search(raw) {
  if (!meta) await setup()  // setup's fetch failed: this query tries again
  const { query, pieces, near, heads, pasted, groups } = await analyse(raw)
  const live = groups.filter(g => g.alts.length)  // a word no section has sinks no result
  if (!live.length) return { items: heads.length && meta.uncovered ? [notCovered()] : [] }
  // per section [score, covered query weight] (`sums`), and the same for the best of a
  // group's alternatives (`best`): reused from query to query
  if (!sums || sums.length < 2 * meta.ids) {
    sums = new Float64Array(2 * meta.ids)
    best = new Float64Array(2 * meta.ids)
  }
  const S = sums, B = best
  let total = 0
  for (const { alts } of live) {
    if (alts.length === 1) {
      const [, factor, postings] = alts[0]
      const w = factor * idf(postings.length / 2)
      total += w
      addPostings(postings, w, S)
      continue
    }
    // several alternatives (completions, spellings): a section scores the best of them
    let weight = 0, last = 0
    for (const [, factor, postings] of alts) {
      const w = factor * idf(postings.length / 2)
      weight = Math.max(weight, w)
      last = Math.max(last, bestPostings(postings, w, B))
    }
    total += weight
    for (let j = 0; j <= 2 * last; j += 2)
      if (B[j + 1] !== 0) {
        S[j] += B[j]; S[j + 1] += B[j + 1]
        B[j] = 0; B[j + 1] = 0
      }
  }
  // BM25 where a section must cover the query's distinctive terms; the Q.rerank best kept
  // (a pass over every section: at 1000x the content, it runs once per query over
  // hundreds of thousands, so the bar a section must clear is a local, not top's last)
  const top = [], keep = Q.rerank
  let bar = -Infinity  // once `keep` are kept, the score a section must beat
  for (let d = 0, n = meta.ids; d < n; d++) {
    const covered = S[2 * d + 1]
    if (covered === 0) continue
    const coverage = covered / total
    const s = S[2 * d] * (0.1 + coverage * coverage)
    if (s <= bar) continue
    let i = Math.min(top.length, keep - 1)
    while (i > 0 && top[i - 1][1] < s) i--
    top.splice(i, 0, [d, s])
    if (top.length > keep) top.pop()
    if (top.length === keep) bar = top[keep - 1][1]
  }
  // verbatim phrases rerank the best candidates: what lands a pasted error on its section
  // (their texts are asked for first: the sums are cleared while they are on their way)
  const texts = docsOf(top.map(([d]) => d))
  S.fill(0)
  const docs = await texts
  // a pasted error's head windows count whole, its tail's at Q.tail_weight
  const headWindows = new Set(heads.flatMap(h => phrases(applySynonyms(clean(h)))))
  const wanted = phrases(query)
    .map(p => [p, !heads.length || headWindows.has(p) ? 1 : Q.tail_weight])
  const wantedWeight = wanted.reduce((sum, [, w]) => sum + w, 0)
  // whether a text (phraseWords) quotes a pasted error: Q.quoted of a head's windows
  const quoted = text => heads.some(h => {
    const ws = windowsOf(applySynonyms(clean(h)))
    return !ws.length || ws.filter(w => text.includes(w)).length >= Q.quoted * ws.length
  })
  // a claim card whose text, not its claim, quotes a pasted error: it quotes it in passing,
  // as one consequence of its claim (Q.card_paste_weight)
  const inPassing = d => pasted && docs.get(d)[6] && !quoted(phraseWords(docs.get(d)[1]))
  // a typed query (not a paste) prefers the section whose heading it covers, but not an
  // error entry, whose heading is the message: the section explaining it comes first
  const queryWords = new Set((query.match(WORD) || []).map(normaliseWord))
  const queryPairs = new Set(hanPairs(query))
  const cover = d => pasted || docs.get(d)[5] & ENTRY
    ? 0 : headingCover(docs.get(d)[1], queryWords, queryPairs)
  const scored = top.map(([d, s]) => {
    // the section's heading is part of it: a phrase there counts as in its text
    const [, t, , text] = docs.get(d), x = `${t} ${text}`
    if (!words.has(d)) words.set(d, wordsOf(text))
    if (!numberless.has(d)) numberless.set(d, phraseWords(x))
    let found = 0
    for (const [p, w] of wanted)
      if ((p.startsWith(" ") ? numberless.get(d) : x).includes(p)) found += w
    const low = near.length ? x.toLowerCase() : ""
    const close = near.filter(([a, b]) => closeTogether(low, a, b)).length
    return [d, s * (1 + 2 * (wantedWeight ? found / wantedWeight : 0))
      * (1 + Q.near_weight * (near.length ? close / near.length : 0))
      * (1 + Q.heading_weight * cover(d)) * (inPassing(d) ? Q.card_paste_weight : 1)]
  }).sort((a, b) => b[1] - a[1])
  // two entries of one page whose headings are sentences that differ only in their numbers
  // (the error index: the same error raised with other shapes) are one answer, shown once,
  // in the better one's place: the entry whose heading holds more of the numbers typed.
  // Short headings that differ in a number ("Step 1", "Step 2") are different sections.
  const typedNumbers = new Set(query.match(/\d+/g) || [])
  const numbersHeld = d => (docs.get(d)[1].match(/\d+/g) || []).filter(n => typedNumbers.has(n)).length
  const ranked = [], entryAt = new Map()
  for (const candidate of scored) {
    const [id, t] = docs.get(candidate[0]), sentence = phraseWords(t)
    const key = /\d/.test(t) && sentence.trim().split(" ").length >= Q.entry_words
      ? `${id.split("#")[0]} ${sentence}` : null
    if (key === null || !entryAt.has(key)) {
      if (key !== null) entryAt.set(key, ranked.length)
      ranked.push(candidate)
    } else if (numbersHeld(candidate[0]) > numbersHeld(ranked[entryAt.get(key)][0])) {
      ranked[entryAt.get(key)] = candidate
    }
  }
  // a pasted error that no candidate quotes (Q.quoted: the share of a head's windows a
  // section must hold, title or text): no section explains it, and the reader is told so
  const quotes = d => {
    const [, t, , x] = docs.get(d)
    return quoted(phraseWords(`${t} ${x}`))
  }
  const uncovered = heads.length > 0 && !ranked.some(([d]) => quotes(d))
    && headCoverage(groups, ranked.map(([d]) => d), docs) < Q.answered
  // a claim card (the editor's word on one claim of a section) comes after its section,
  // for a typed query wherever the section ranks (where a card answers the question, its
  // section does too); a pasted error's card may only quote it (below, Q.card_section)
  const answers = pasted ? ranked : await cardsAfterSections(ranked, docs)
  // where one of a page's sections matches too, show that section, not the page's
  // summary; but the intro of a page of entries (the error index, the claims) that ranks
  // above them is the answer: the page as a place ("pytorch 常见报错汇总")
  const pageOf = d => docs.get(d)[0].split("#")[0]
  const isIntro = d => !docs.get(d)[0].includes("#")
  const isPlace = d => (docs.get(d)[5] & PLACE) !== 0
  const isLent = d => (docs.get(d)[5] & LENT) !== 0
  const withSection = new Set(answers.filter(([d]) => !isIntro(d)).map(([d]) => pageOf(d)))
  const above = new Set()
  // a heading with no text of its own right above its first subheading lends that
  // subsection's text (torchkb/search/index.py, index_files): the two are one answer,
  // shown once, in the better one's place
  const textOf = d => `${pageOf(d)} ${docs.get(d)[3]}`
  const lent = new Set(answers.filter(([d]) => isLent(d)).map(([d]) => textOf(d)))
  const shownLent = new Set()
  const shown = answers.filter(([d]) => {
    const text = textOf(d)
    if (lent.has(text)) {
      if (shownLent.has(text)) return false
      shownLent.add(text)
    }
    if (!isIntro(d)) above.add(pageOf(d))
    return !isIntro(d) || !(isPlace(d) ? above : withSection).has(pageOf(d))
  })
  // a pasted error's claim card shown above the section it belongs to, where that section
  // is among the first Q.card_section results, follows it: the lesson first, the card on
  // it next. Asked about the claim itself, the card is still among the first of them.
  const rankOf = new Map(shown.map(([d], i) => [docs.get(d)[0], i]))
  const order = shown.map(([d], i) => {
    const j = rankOf.get(docs.get(d)[6])
    return j !== undefined && j > i && j < Q.card_section ? j + 0.5 : i
  })
  const listed = shown.map((r, i) => [order[i], r]).sort((a, b) => a[0] - b[0]).map(([, r]) => r)
  // per result, `terms` is what Material shows and links with: a word false there is
  // listed as "Missing:", the true ones form the `?h=` highlight of the page opened. So:
  // the words as typed (not their stems), false only where nothing matched them (not
  // where a spelling neighbour or completion did); and of the completions, spellings and
  // code tokens that stood in for a word, only those this section holds as a word
  const typed = new Map()
  for (const w of (query.match(WORD) || []).reverse()) typed.set(normaliseWord(w), w)
  // a typed code name (pin_memory) is marked whole, not by its parts (pin, memory); nor
  // are a CamelCase name's words or a Chinese run's fragments (analyse, pieces)
  const parts = new Set([...pieces].filter(p => !typed.has(p)))
  for (const name of query.match(NAME) || [])
    if (/[._]/.test(name)) for (const p of nameParts(name)) if (p !== name) parts.add(p)
  const isTyped = g => typed.has(g.typed) || query.includes(g.typed)
  const resultTerms = d => {
    const terms = {}, x = docs.get(d)[3], text = words.get(d) || wordsOf(x)
    const holds = t => /^[a-z0-9]+$/.test(t) ? text.includes(` ${t} `) : x.toLowerCase().includes(t)
    for (const g of groups) {
      if (parts.has(g.typed)) continue
      const key = typed.get(g.typed) || g.typed
      if (!g.alts.length) { if (isTyped(g) && !pasted) terms[key] = false; continue }
      // of a pasted error, only its head's words (no numbers) are marked and highlighted
      if (pasted && (!g.head || /^\d+$/.test(g.typed))) continue
      if (isTyped(g) || holds(g.typed)) terms[key] = true
      for (const [t] of g.alts)
        if (t !== g.typed && !(t in terms) && !g.completions?.has(t) && holds(t)) terms[t] = true
    }
    return terms
  }
  const items = listed.slice(0, Q.max_results).map(([d, s]) => {
    const [l, t, p, x, a] = docs.get(d)
    return group({ l, t, p, x, a }, s, resultTerms(d))
  })
  return { items: uncovered && meta.uncovered ? [notCovered(), ...items] : items }
}

/* `ranked` ([section, score]) with each claim card after its section: where neither the
 * section nor a subsection of it (an anchor under the section's) ranks above the card, the
 * section comes right before it, moved up from further down or, not among the candidates,
 * fetched (into `docs`). A heading that lends its text and that subsection are one result:
 * the lent excerpt is shown once where the results are listed. */
async function cardsAfterSections(ranked, docs) {
  const sectionOf = d => docs.get(d)[6]
  const at = l => ranked.find(([c]) => docs.get(c)[0] === l)
  const missing = ranked.filter(([d]) => sectionOf(d) && docs.get(d)[7] >= 0 && !at(sectionOf(d)))
  if (missing.length)
    (await docsOf(missing.map(([d]) => docs.get(d)[7]))).forEach((doc, d) => docs.set(d, doc))
  const within = (d, of) => { const l = docs.get(d)[0]; return l === of || l.startsWith(`${of}-`) }
  const out = []
  const add = r => { if (!out.some(([c]) => c === r[0])) out.push(r) }
  for (const [d, score] of ranked) {
    const of = sectionOf(d)
    if (of && !out.some(([c]) => within(c, of))) {
      const fetched = docs.get(d)[7]
      const section = at(of) || (docs.has(fetched) ? [fetched, score] : null)
      if (section) add(section)
    }
    add([d, score])
  }
  return out
}

/* The answer to an error no section quotes, above the nearest sections: a result of its
 * own (Material renders what the worker sends), linking to the error index, in the
 * reader's language (torchkb/sources/ui, `search`, through the meta file) */
function notCovered() {
  const { location, title, text } = meta.uncovered
  // its class marks it as a note (theme/assets/stylesheets/kb.css)
  return [{ location, title: `<span class="kb-uncovered">${escapeHTML(title)}</span>`,
    text: escapeHTML(text), score: 0, terms: {} }]
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
  const hits = []
  for (const m of text.matchAll(re)) {
    hits.push([m.index, m[0].toLowerCase()])
    if (hits.length === 200) break
  }
  // a window sliding from hit to hit: the words from it to 200 characters on, counted
  let first = 0, best = 0
  const inWindow = new Map()
  for (let a = 0, b = 0; a < hits.length; a++) {
    for (; b < hits.length && hits[b][0] < hits[a][0] + 200; b++)
      inWindow.set(hits[b][1], (inWindow.get(hits[b][1]) || 0) + 1)
    if (inWindow.size > best) { best = inWindow.size; first = hits[a][0] }
    const word = hits[a][1], left = inWindow.get(word) - 1
    if (left) inWindow.set(word, left)
    else inWindow.delete(word)
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

/* One section per result. Material renders a group's item without "#" in its location
 * as the group's header, or else its last item, and the others, at or above the first's
 * score, as sections with their excerpt. So a section comes as [section, header]: the
 * header names the page, the section its heading (under the heading above it where it
 * is a subheading), each once; the excerpt is the section's. */
function group(doc, score, terms) {
  const words = Object.keys(terms).filter(t => terms[t])
  const title = doc.a ? `${escapeHTML(doc.a)} › ${escapeHTML(doc.t)}` : escapeHTML(doc.t)
  const location = highlightLink(doc.l, words)
  const body = { location, title, text: teaser(doc.x, words), score, terms }
  if (!doc.l.includes("#")) return [body]
  return [body, { location, title: escapeHTML(doc.p || doc.t), text: "", score, terms }]
}

/* The section's address with `?h=` the words found: theme/assets/javascripts/kb.js marks
 * them on the page opened, as whole words (Material's own `search.highlight`, off in
 * mkdocs.yml, marks any text that starts with a word: "Error" in SyntaxError) */
function highlightLink(location, words) {
  if (!words.length) return location
  const [path, fragment] = location.split("#")
  const h = `?h=${encodeURIComponent(words.join(" ")).replace(/%20/g, "+")}`
  return fragment === undefined ? path + h : `${path}${h}#${fragment}`
}

/* ---- protocol ------------------------------------------------------------------ */

function configure(m) {
  meta = m
  Q = m.query
  STOP = new Set(Q.stop)
  synonyms = setupSynonyms(m.syn)
  colloquial = new Map((m.colloq || []).flatMap(([spoken, written]) => spoken.map(s => [s, written])))
  hidden = new Set(m.hidden || [])
}

async function setup() {
  configure(await load("meta"))
}

/* After a failed query: if the site was deployed again meanwhile (a file named by the
 * meta file this worker read is gone), start over from the new meta file */
async function reloadIfDeployed() {
  files.delete("meta")
  const fresh = await load("meta")
  if (meta && fresh.version === meta.version) return
  const kept = files.get("meta")
  files.clear(); wordSets.clear(); words.clear(); numberless.clear()
  files.set("meta", kept)
  configure(fresh)
}

/* What every query needs, fetched as soon as the worker runs, before Material sends SETUP
 * (it does once it has fetched its own, empty, search_index.json): the meta file, with a
 * small index whole in it, or else the Chinese words a typed phrase is segmented against
 * (a file or two). A query typed as the page loads then waits for nothing more.
 * A failed fetch is forgotten and fetched again when a query needs it; a context with no
 * fetch (the tokenizer's node tests) fetches nothing */
function prefetch() {
  return load("meta").then(m => {
    configure(m)
    if (m.whole) return
    return Promise.all(m.words.length <= 4 ? m.words.map((_, k) => load(`w${k}`)) : [])
  })
}
if (typeof fetch === "function") prefetch().catch(() => {})

/* Queries are answered in order; one overtaken by a newer query is not answered at all.
 * An empty query (the box's value as the worker becomes ready, or a cleared box) has no
 * results: it is answered at once, not after the queries before it, so its answer cannot
 * arrive once the reader has begun typing and read "no results" for what was typed */
let queue = Promise.resolve(), latest = 0
let asked = false  // a reader's query has come: it compiles the engine's code itself
const WARM_UP_AFTER_MS = 50
addEventListener("message", ev => {
  const message = ev.data
  if (message.type === 0) {
    queue = queue.then(setup).catch(err => console.warn("search setup failed:", err))
      .then(() => postMessage({ type: 1 }))
    // a small index, in memory: one query answered unseen compiles the engine's code, so
    // the reader's first query costs what any later one does. It waits a moment after
    // READY: a reader who typed as the page loaded has a query on its way (Material sends
    // it on READY), and that query, answered first, compiles the code itself. A split
    // index gets none: its files would hold up a query typed as the page loads
    // (benchmarks/search_scale.py), and a query's own files dwarf compiling
    queue.then(() => new Promise(resolve => setTimeout(resolve, WARM_UP_AFTER_MS)))
      .then(() => meta.whole && !asked
        && search(LANG === "zh" ? "显存 pin_memory" : "gpu memory pin_memory"))
      .catch(() => {})
  } else if (message.type === 2) {
    const id = ++latest
    if (!String(message.data).trim()) {
      postMessage({ type: 3, data: { items: [] } })
      return
    }
    asked = true
    queue = queue.then(async () => {
      if (id !== latest) return
      let data = { items: [] }
      try {
        data = await search(String(message.data))
      } catch (err) {
        console.warn("search failed, trying once more:", err)
        try {
          await reloadIfDeployed().catch(() => {})
          data = await search(String(message.data))  // a file fetch that failed once
        } catch (again) {
          console.warn("search failed:", again)
        }
      }
      if (id === latest) postMessage({ type: 3, data })
    })
  }
})
