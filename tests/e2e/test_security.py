"""The Content-Security-Policy: present, strict, and never violated in play.

These pages run without Playwright's CSP bypass, so every wait below is a
function (Playwright evaluates a string predicate with eval, which the
policy refuses)."""

import re

import pytest

from conftest import BOOT_TIMEOUT_MS

COLLECT = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""
MOVE_COUNT = "JSON.parse(window.spielstube.record()).moves.length"


@pytest.fixture
def strict_page(browser, base_url):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-US",
                                  service_workers="allow")
    context.add_init_script(COLLECT)
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    yield page, errors
    context.close()


def policy(page):
    content = page.evaluate(
        "() => document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content ?? null")
    assert content, "index.html has no Content-Security-Policy meta tag"
    directives = {}
    for part in content.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def open_strict(page, base_url, route):
    page.goto(base_url + route)
    page.wait_for_function("() => document.body.dataset.appState !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => document.body.dataset.appState") == "ready"


def wait_moves(page, count, timeout=180_000):  # generous: the machine may be busy
    page.wait_for_function(f"() => {MOVE_COUNT} >= {count} || "
                           "document.querySelector('[data-game]')?.dataset.gameOver === 'true'",
                           timeout=timeout)


def play_heptalion(page):
    for _ in range(2):
        page.wait_for_function(
            """() => { const g = document.querySelector("[data-game='heptalion']");
                       return g && g.dataset.aiThinking === 'false'
                         && (g.dataset.turn === '0' || g.dataset.gameOver === 'true'); }""", timeout=60_000)
        if page.get_attribute("[data-game]", "data-game-over") == "true":
            return
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    wait_moves(page, 3)


def play_schlangennest(page):
    # Two computers: watch mode draws a board after every move.
    page.goto(page.url.split("#")[0] + "#schlangennest?players=2&seats=ai:easy,ai:easy&first=0")
    wait_moves(page, 6)


def play_topologic(page):
    page.goto(page.url.split("#")[0] + "#topologic?seats=ai:easy,ai:easy&first=0&seekers=3")
    wait_moves(page, 3)  # the hide, the entry and one seeking turn: each draws the board


def test_the_policy_allows_only_the_pages_own_origin(strict_page, base_url):
    page, _ = strict_page
    open_strict(page, base_url, "")
    directives = policy(page)
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]
    for name, sources in directives.items():
        for source in sources:
            # keywords, never a host, a scheme (data:, blob:, https:) or a wildcard
            assert re.fullmatch(r"'[a-z-]+'", source), f"{name} allows {source}"
        assert "'unsafe-inline'" not in sources or name == "style-src-attr", f"{name} allows inline code"


@pytest.mark.parametrize("game, play", [
    ("heptalion", play_heptalion), ("schlangennest", play_schlangennest), ("topologic", play_topologic)])
def test_no_violation_while_playing(strict_page, base_url, game, play):
    page, errors = strict_page
    open_strict(page, base_url, "#" + game)
    page.wait_for_selector(f"[data-game='{game}']")
    play(page)
    assert page.evaluate("() => window.__cspViolations") == []
    assert [e for e in errors if "Content Security Policy" in e] == []
