"""Cross-engine smoke fixtures: dist/ on a server a test can stop, and one
fresh browser (its own profile) per test, Firefox or WebKit."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from engines import Firefox, StoppableServer, WebKit, Xvfb  # noqa: E402

DIST = os.environ.get("SPIELSTUBE_DIST", os.path.join(os.path.dirname(__file__), "..", "..", "dist"))
# SPIELSTUBE_ENGINES=firefox (or webkit) runs one engine: build.sh runs each in its own pytest.
ENGINES = tuple(os.environ.get("SPIELSTUBE_ENGINES", "firefox,webkit").split(","))


@pytest.fixture
def server():
    if not os.path.isfile(os.path.join(DIST, "index.html")):
        pytest.fail(f"no built page in {DIST}: run ./build.sh dist (./build.sh test --engines does)")
    server = StoppableServer(DIST)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def display():
    xvfb = Xvfb()
    yield xvfb.display
    xvfb.stop()


@pytest.fixture(params=ENGINES)
def engine(request, server):
    if request.param == "firefox":
        engine = Firefox(server.url.rstrip("/"))
    else:
        engine = WebKit(request.getfixturevalue("display"))
    yield engine
    try:
        foreign, errors = engine.foreign_requests(), engine.console_errors()
    finally:
        engine.quit()
    # Firefox: every request of the page and its workers passes the BiDi
    # interception. WebKit's classic WebDriver reports none: the document's Resource Timing
    # entries are checked instead (engines.WebKit._note_foreign), its workers' stay unseen.
    if foreign is not None:
        assert foreign == [], f"{engine.name}: requests left the origin: {foreign}"
    # Console errors: Firefox reports them over BiDi; WebKitWebDriver has no log to read.
    if errors is not None:
        assert errors == [], f"{engine.name}: console errors: {errors}"


def pytest_configure(config):
    # selenium's own use of its deprecated RemoteConnection argument, not ours
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")
