// The language menu keeps the reader's place: when clicked, its link gets the anchor of
// the section being read (the URL's, else the last heading scrolled past). Section and
// sub-section ids are the same in both languages (torchkb/render/headings.py).
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
    if (link) link.href = link.href.split("#")[0] + anchor()
  }, true)
})()
