"""End-to-end fixtures: the built dist/ served on localhost, real Chromium.

Every page is watched: a console error or a request that leaves the page's
origin fails the test that caused it.
"""

import functools
import json
import http.server
import os
import socket
import sys
import threading

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
from spielstube.ui.common.move_window import WINDOW  # noqa: E402 (pure: the page's move-list window)

DIST = os.environ.get("SPIELSTUBE_DIST", os.path.join(os.path.dirname(__file__), "..", "..", "dist"))
CHROMIUM = os.environ.get("CHROMIUM") or None
BOOT_TIMEOUT_MS = 90_000
DEFAULT_TIMEOUT_MS = 60_000
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A page that goes mid-download (a test's end, an offline reload) resets its
        # connection: not the test's failure, and no traceback in the suite's output.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def base_url():
    if not os.path.isfile(os.path.join(DIST, "index.html")):
        pytest.fail(f"no built page in {DIST}: run ./build.sh dist (./build.sh test does)")
    port = _free_port()
    handler = functools.partial(_QuietHandler, directory=DIST)
    server = _QuietServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield browser
        browser.close()


class PageWatch:
    """What a page did that a test must not allow."""

    def __init__(self, origin):
        self.origin = origin
        self.console_errors = []
        self.foreign_requests = []

    def assert_clean(self):
        assert self.foreign_requests == [], f"requests left the origin: {self.foreign_requests}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"


def watched_page(browser, base_url, **context_options):
    """(context, page, watch): a new context's page, watched for console errors and for
    requests that leave the origin (those are aborted). ``context_options`` add to or
    replace the defaults (viewport, locale, touch)."""
    # bypass_csp: Playwright evaluates string predicates with eval, which the
    # page's policy refuses; test_security.py plays under the policy itself.
    options = dict(viewport={"width": 1200, "height": 900}, locale="en-US",
                   service_workers="block", bypass_csp=True)
    options.update(context_options)
    context = browser.new_context(**options)
    page, watch = watch_context(context, base_url)
    return context, page, watch


def watch_context(context, base_url):
    """(page, watch): ``context``'s page, watched as watched_page's are."""
    watch = PageWatch(base_url.rstrip("/"))

    def guard(route):
        url = route.request.url
        if url.startswith(watch.origin) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            watch.foreign_requests.append(url)
            route.abort()

    context.route("**/*", guard)
    # Every wait is for a state; the bound only matters when a state never comes, and a
    # loaded two-core machine (the suite beside other work) can take long for the host.
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.pages[0] if context.pages else context.new_page()  # (a persistent one has one)
    page.on("console", lambda msg: msg.type == "error" and watch.console_errors.append(msg.text))
    page.on("pageerror", lambda exc: watch.console_errors.append(f"page error: {exc}"))
    return page, watch


@pytest.fixture
def page_and_watch(browser, base_url):
    context, page, watch = watched_page(browser, base_url)
    yield page, watch
    context.close()


def learner_fixture(sizes):
    """A module-wide fixture (page, size name) with one watched page per size of ``sizes``
    (name -> context options), opened on the landing page: lessons follow each other by
    their addresses, without a boot per test."""
    @pytest.fixture(scope="module", params=list(sizes))
    def learner(request, browser, base_url):
        context, page, watch = watched_page(browser, base_url, **sizes[request.param])
        page.goto(base_url)
        wait_ready(page)
        yield page, request.param
        context.close()
        watch.assert_clean()
    return learner


@pytest.fixture
def page(page_and_watch):
    page, watch = page_and_watch
    yield page
    watch.assert_clean()


def wait_ready(page):
    # body is null for a moment while a reload navigates: a predicate that throws ends the wait
    page.wait_for_function("document.body && ['ready', 'error'].includes(document.body.dataset.appState)",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.appState") == "ready"


def open_app(page, base_url, route=""):
    page.goto(base_url + route)
    wait_ready(page)


def record(page):
    """The current game record, parsed."""
    return json.loads(page.evaluate("window.spielstube.record()"))


def finished_in_history(page, base_url, game, winner):
    """Opens #history: the finished games of ``game`` listed there are exactly one, with
    the result a game won by seat ``winner`` (None: a draw) has for the person in seat 0."""
    page.goto(base_url + "#history")
    page.wait_for_selector("[data-history-list], [data-history-empty]")
    results = page.eval_on_selector_all(
        f"[data-history-entry][data-history-game='{game}']",
        "rows => rows.map(r => r.dataset.historyResult).filter(r => r !== 'unfinished')")
    assert results == ["drawn" if winner is None else "won" if winner == 0 else "lost"], results


def check_move_list(page, count):
    """The move list of a game of ``count`` moves: the newest entries are drawn (ui/move_window.py
    WINDOW), the earlier ones behind [data-action=earlier-moves], every one reachable."""
    page.wait_for_selector(f"[data-move-index='{count - 1}']")
    entries = page.locator("[data-move-index]")
    assert entries.count() == min(count, WINDOW)
    while page.locator("[data-action='earlier-moves']").count():
        page.click("[data-action='earlier-moves']")
    page.wait_for_selector("[data-move-index='0']")
    assert entries.count() == count
    assert entries.last.inner_text().startswith(f"{count}.")


def check_undo_takes_back_the_reply(page, wait_for_person):
    """Undo returns to the person's last turn, the computer's reply taken back
    too (so two moves fewer); redo brings both back."""
    before = record(page)["moves"]
    page.click("[data-action='undo']")
    assert record(page)["moves"] == before[:-2]
    assert page.get_attribute("[data-game]", "data-turn") == "0"
    page.click("[data-action='redo']")
    wait_for_person(page)
    assert record(page)["moves"] == before
