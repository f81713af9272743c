"""Accessibility helpers for the e2e tests: axe-core injected into the page
(node_modules only, never part of dist/), and the sizes of what a finger taps."""

import json
import os

AXE = os.path.join(os.path.dirname(__file__), "..", "..", "node_modules", "axe-core", "axe.min.js")
BLOCKING = ("serious", "critical", "moderate")
WIDTHS = (1280, 360)
HEIGHTS = {1280: 900, 360: 740}
MIN_TAP_PX = 44
# A field of a board fitted to the screen: fields stand 28 px apart or more (issue 21), their
# faces 90 % of that; WCAG 2.5.8 asks 24 px.
MIN_FIELD_PX = 24
# What a player taps on a board or in a hand, in every game.
FIELDS = "[data-cell][tabindex='0']"
PIECES = "[data-piece]:not([aria-disabled='true'])"
TAP_TARGETS = FIELDS + ", " + PIECES


def axe_findings(page):
    """axe's violations at least moderate, as (rule id, impact, first targets) tuples."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    found = page.evaluate("""async () => {
        const result = await window.axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => [v.id, v.impact,
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')]);
    }""")
    return [tuple(v) for v in found if v[1] in BLOCKING]


# The frame makes the pan box a tab stop on the resize event that follows a new viewport
# size; axe must look after that event, as a person pressing Tab always would.
PAN_BOX_SETTLED = """() => { const box = document.querySelector('[data-board-pan]');
    if (!box) return true;
    const pans = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    return pans === box.hasAttribute('tabindex'); }"""


def assert_no_findings(page, where):
    page.wait_for_function(PAN_BOX_SETTLED)
    found = axe_findings(page)
    assert found == [], f"axe at {where}: " + "; ".join(f"{rule} ({impact}): {nodes}"
                                                       for rule, impact, nodes in found)


def tap_sizes(page, selector=TAP_TARGETS):
    """(width, height, what) of every visible tap target."""
    return [tuple(box) for box in page.evaluate("""sel => [...document.querySelectorAll(sel)]
        .filter(e => e.getClientRects().length > 0)
        .map(e => { const r = e.getBoundingClientRect();
                    return [r.width, r.height, e.outerHTML.slice(0, 60)]; })""", selector)]


def too_small(page, selector=TAP_TARGETS, minimum=MIN_TAP_PX):
    return [box for box in tap_sizes(page, selector) if box[0] < minimum - 0.5 or box[1] < minimum - 0.5]


def lay_first_card_by_taps(page, check_taps):
    """Schlangennest by touch: the first legal card, the first field offered for it, Lay card;
    ``check_taps(page, where)`` judges the tap targets at the cards and at the fields."""
    check_taps(page, "schlangennest cards")
    page.click("[data-piece].legal >> nth=0")
    check_taps(page, "schlangennest fields")
    before = len(json.loads(page.evaluate("window.spielstube.record()"))["moves"])
    page.click(".board [data-cell][tabindex='0'] >> nth=0")
    page.click("[data-action='confirm']")
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length > n", arg=before)
