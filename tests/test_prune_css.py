"""torchkb.site.prune_css: the notebook pages' stylesheet keeps what they can use, drops
the rest."""

from torchkb.site.prune_css import Used, prune, selector_can_match

PAGE = (
    '<div class="jp-Cell jp-CodeCell" id="cell-1"><pre><span class="k">import</span></pre>'
    '<table><tr><td style="color: var(--jp-inline)">1</td></tr></table></div>'
)


def used() -> Used:
    u = Used()
    u.add_html(PAGE)
    return u


def test_selectors_need_their_classes_ids_and_elements() -> None:
    u = used()
    assert selector_can_match(".jp-Cell .k", u)
    assert selector_can_match(".jp-Cell.jp-CodeCell > pre", u)
    assert selector_can_match("#cell-1 td:hover::before", u)
    assert selector_can_match(".jp-Cell:not(.jp-mod-active) pre", u)  # :not narrows only
    assert selector_can_match("[data-jp-theme-light='true'] .jp-Cell", u)
    assert selector_can_match("body", u) and selector_can_match(":root", u)
    assert selector_can_match(":is(.jp-Dialog, .jp-Cell)", u)  # can't judge: kept
    assert selector_can_match(".jp-Cell .md-typeset__scrollwrap", u)  # Material's script adds it
    assert not selector_can_match(".jp-Dialog", u)
    assert not selector_can_match(".jp-Cell.jp-MarkdownCell", u)
    assert not selector_can_match("#cell-2", u)
    assert not selector_can_match(".jp-Cell select", u)


def test_prune_keeps_used_rules_and_their_variables() -> None:
    css = """
    :root { --jp-a: red; --jp-b: var(--jp-c); --jp-c: 2px; --jp-unused: blue; --jp-inline: 0 }
    .jp-Cell, .jp-Dialog { color: var(--jp-a); border-width: var(--jp-b) }
    .jp-Dialog { color: green }
    @media (max-width: 600px) { .jp-Menu { display: none } pre { margin: 0 } }
    @media print { .jp-Toolbar { display: none } }
    @keyframes spin { to { transform: rotate(1turn) } }
    @keyframes fade { to { opacity: 0 } }
    .jp-Cell .k { animation: spin 1s; font-weight: bold !important }
    """
    out = prune(css, used())
    assert ".jp-Cell { color:var(--jp-a); border-width:var(--jp-b) }" in out
    assert ".jp-Dialog" not in out and ".jp-Menu" not in out and ".jp-Toolbar" not in out
    assert "pre { margin:0 }" in out and "@media (max-width: 600px)" in out
    assert "@media print" not in out
    # variables: used directly, through another, from a style attribute; not the unused
    assert "--jp-a:red" in out and "--jp-b:var(--jp-c)" in out and "--jp-c:2px" in out
    assert "--jp-inline:0" in out and "--jp-unused" not in out
    assert "@keyframes spin" in out and "fade" not in out
    assert "font-weight:bold !important" in out
