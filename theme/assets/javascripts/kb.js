// The head's hreflang alternates back (theme/main.html hid them from Material, which reads
// them when the page is ready): this script is deferred after Material's bundle (also
// deferred: torchkb/site/pages.py), so its listener runs after Material's.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("head link[rel=kb-alternate]").forEach(function (l) {
    l.setAttribute("rel", "alternate")
  })
});

// The language menu keeps the reader's place: a click on one of its links goes to that
// page at the section being read (the URL's anchor, else the last heading scrolled past).
// Section and sub-section ids are the same in both languages (torchkb/render/headings.py).
// Material's link is read, not changed: the page goes there itself. A click with a
// modifier key (a new tab or window) is the browser's, to the link as it is.
(function () {
  function anchor() {
    if (location.hash) return location.hash
    var found = ""
    document.querySelectorAll("article h2[id], article h3[id]").forEach(function (h) {
      if (h.getBoundingClientRect().top < 120) found = "#" + h.id
    })
    return found
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".md-select a[hreflang]")
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey
        || event.altKey) return
    event.preventDefault()
    location.assign(link.href.split("#")[0] + anchor())
  }, true)
})()

// The search result opened marks the words it was found by (`?h=`, set by the search
// worker): whole words only, never part of a longer one ("Error" in SyntaxError, also
// where a <wbr> splits the name) nor of a file name, and not in the code blocks' name and
// output labels or the checks folded under them. Material's own `search.highlight` (off
// in mkdocs.yml) marks any text that starts with a typed word.
;(function () {
  var h = new URLSearchParams(location.search).get("h")
  var root = document.querySelector("article.md-content__inner")
  if (!h || !root) return
  var LATIN = /^[a-z0-9_.]+$/
  var words = h.toLowerCase().split(/\s+/).filter(Boolean)
    .sort(function (a, b) { return b.length - a.length })
  var escape = function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") }
  var latin = words.filter(function (w) { return LATIN.test(w) }).map(escape)
  var other = words.filter(function (w) { return !LATIN.test(w) }).map(escape)
  var parts = []
  // a Latin word, or with the endings the search folds (tensor ~ tensors); whether it is
  // a whole word is checked below, across the text nodes of its block
  if (latin.length) parts.push("(?:" + latin.join("|") + ")(?:s|es|ed|d|ing)?")
  if (other.length) parts.push(other.join("|"))
  if (!parts.length) return
  var pattern = new RegExp(parts.join("|"), "gi")
  var NAME_CHAR = /[\w.\/-]/, WORD_CHAR = /\w/
  var FILE = /\.(?:py|ipynb|md|txt|json|ya?ml|pth?|pt|sh|toml|cfg)$/i
  var SKIP = ".kb-code-name, .kb-output-name, .kb-foot, .kb-badges, .kb-provenance, " +
    ".headerlink, .md-tags, .md-source-file, mark, script, style"
  var BLOCK = "p, li, td, th, pre, h1, h2, h3, h4, h5, h6, dt, dd, summary, div"
  var nodes = []
  var it = document.createNodeIterator(root, NodeFilter.SHOW_TEXT)
  for (var node = it.nextNode(); node; node = it.nextNode())
    nodes.push({ node: node, block: node.parentElement && node.parentElement.closest(BLOCK) })
  // the text next to node i in its block, `n` characters before (-1) or after (+1) it
  function beside(i, step) {
    var j = i + step
    while (nodes[j] && nodes[j].block === nodes[i].block && !nodes[j].node.textContent) j += step
    return nodes[j] && nodes[j].block === nodes[i].block ? nodes[j].node.textContent : ""
  }
  var edits = []
  nodes.forEach(function (entry, i) {
    var node = entry.node, text = node.textContent
    if (!node.parentElement || node.parentElement.closest(SKIP)) return
    var before = beside(i, -1), after = beside(i, 1)
    var last = 0, out = null, m
    pattern.lastIndex = 0
    while ((m = pattern.exec(text))) {
      var start = m.index, end = m.index + m[0].length
      if (LATIN.test(m[0].toLowerCase())) {
        var prev = start ? text[start - 1] : before.slice(-1)
        var next = end < text.length ? text[end] : after.slice(0, 1)
        if (WORD_CHAR.test(prev) || WORD_CHAR.test(next)) continue
      }
      // the run of name characters around the match: a file name is not marked
      var a = start, b = end
      while (a > 0 && NAME_CHAR.test(text[a - 1])) a--
      while (b < text.length && NAME_CHAR.test(text[b])) b++
      if (FILE.test(text.slice(a, b))) continue
      out = out || document.createDocumentFragment()
      out.appendChild(document.createTextNode(text.slice(last, start)))
      var mark = document.createElement("mark")
      mark.setAttribute("data-kb-highlight", "")
      mark.textContent = m[0]
      out.appendChild(mark)
      last = end
    }
    if (!out) return
    out.appendChild(document.createTextNode(text.slice(last)))
    edits.push([node, out])
  })
  // replaced once all are read: a replaced node would change its neighbours' text
  edits.forEach(function (e) { e[0].replaceWith(e[1]) })
})()

// A paste with no keystroke searches. Material runs a search when the box fires `keyup`
// (or gains focus); a paste from the context menu, a phone's long-press or a dictation
// changes the box with an `input` event alone and would leave the query unsearched. After
// each `input`, the box gets the `keyup` Material listens to; Material searches only for
// a value it has not searched, so a typed key's own keyup that follows costs nothing.
document.addEventListener("input", function (event) {
  var box = event.target
  if (event.isComposing || !box.matches || !box.matches(".md-search__input")) return
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }))
})
