"""One small API over Firefox and WebKit, for the cross-engine smoke tests.

Firefox: Debian has no geckodriver, so puppeteer-core (npm, no browser
download) drives /usr/bin/firefox-esr over WebDriver BiDi from
firefox_driver.mjs, one JSON line per command on its stdin and stdout.
WebKit: selenium's WebKitGTK driver talks to WebKitWebDriver (classic
WebDriver, WebKitGTK has no BiDi) on an Xvfb display started here.

Every wait is for a state, read by polling a JS predicate; the bound only
matters when the state never comes, and the failure names what was awaited.
"""

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIREFOX = os.environ.get("FIREFOX") or shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
POLL_SECONDS = 0.1
CLICK_ATTEMPTS = 5


class EngineError(AssertionError):
    pass


class Engine:
    """What a test does with a browser; subclasses speak the driver's protocol."""

    name = "?"
    # True where the driver sees every request the page and its workers make.
    sees_requests = False

    def evaluate(self, expression):
        raise NotImplementedError

    def wait_for(self, predicate, timeout, what=None):
        """Polls the JS expression ``predicate`` until it is truthy.
        A throwing predicate (a page mid-navigation) counts as not yet."""
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                if self.evaluate(f"!!({predicate})"):
                    return
            except EngineError as exc:
                last_error = exc
            if time.monotonic() > deadline:
                state = self._state()
                raise AssertionError(f"{self.name}: waited {timeout} s for {what or predicate}; "
                                     f"the page: {state}; last error: {last_error}")
            time.sleep(POLL_SECONDS)

    def _state(self):
        try:
            return self.evaluate(
                "JSON.stringify({app: document.body && document.body.dataset.appState,"
                " game: Object.assign({}, (document.querySelector('[data-game]') || {}).dataset),"
                " toast: (document.querySelector('#toast') || {}).textContent,"
                " bootError: (document.getElementById('boot-error-detail') || {}).textContent,"
                " moves: window.spielstube && JSON.parse(window.spielstube.record()).moves.length})")
        except Exception as exc:  # the state is only for the failure message
            return f"unreadable ({exc})"

    def foreign_requests(self):
        """Requests that left the page's origin, or None where the driver cannot see them."""
        return None

    def console_errors(self):
        return None


class Firefox(Engine):
    name = "firefox"
    sees_requests = True

    def __init__(self, origin):
        self._proc = subprocess.Popen(
            ["node", os.path.join(os.path.dirname(__file__), "firefox_driver.mjs"), FIREFOX, origin],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._next = 0
        self.version = self._call("version")

    def _call(self, cmd, **args):
        self._next += 1
        self._proc.stdin.write(json.dumps({"id": self._next, "cmd": cmd, "args": args}) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise AssertionError(f"firefox driver ended (exit {self._proc.poll()}) during {cmd}")
        reply = json.loads(line)
        if not reply["ok"]:
            raise EngineError(f"firefox {cmd} {args}: {reply['error']}")
        return reply["value"]

    def open(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def evaluate(self, expression):
        return self._call("evaluate", expression=expression)

    def click(self, selector):
        # The page may redraw the element between finding and clicking it (a think
        # starting redraws the buttons): found again, clicked again.
        for attempt in range(CLICK_ATTEMPTS):
            try:
                return self._call("click", selector=selector)
            except EngineError as exc:
                # redrawn: detached, or for a moment without a box ("not clickable")
                if not any(word in str(exc) for word in ("detached", "not clickable")) \
                        or attempt == CLICK_ATTEMPTS - 1:
                    raise

    def foreign_requests(self):
        return self._call("foreign")

    def console_errors(self):
        return self._call("console_errors")

    def quit(self):
        try:
            self._call("quit")
        except AssertionError:
            pass
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()


class Xvfb:
    """A private X display for WebKitGTK, on a free display number Xvfb picks."""

    def __init__(self):
        read, write = os.pipe()
        self._proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as handle:
            number = handle.readline().strip()
        if not number:
            raise AssertionError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self):
        self._proc.terminate()
        self._proc.wait(timeout=10)


class WebKit(Engine):
    name = "webkit"

    def __init__(self, display):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self._profile = tempfile.mkdtemp(prefix="spielstube-webkit-")
        env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=self._profile,
                   XDG_DATA_HOME=self._profile, XDG_CONFIG_HOME=self._profile)
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        options = webdriver.WebKitGTKOptions()
        self._driver = webdriver.WebKitGTK(service=service, options=options)
        self._driver.set_window_size(1200, 900)
        self._driver.set_script_timeout(60)
        self.version = self._driver.capabilities.get("browserVersion")
        self.dispatched_clicks = 0
        self._foreign = []

    def open(self, url):
        self._note_foreign()
        self._driver.get(url)

    def reload(self):
        self._note_foreign()
        self._driver.refresh()

    def _note_foreign(self):
        """WebKitWebDriver reports no network traffic; the document's own Resource
        Timing entries are read before each navigation (its workers' are out of reach)."""
        try:
            origin = self.evaluate("location.origin")
            names = self.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        except EngineError:
            return
        if origin and origin.startswith("http"):
            self._foreign += [name for name in names or []
                              if not name.startswith((origin, "data:", "blob:"))]

    def foreign_requests(self):
        self._note_foreign()
        return list(self._foreign)

    def evaluate(self, expression):
        from selenium.common.exceptions import WebDriverException

        try:
            return self._driver.execute_script(f"return ({expression});")
        except WebDriverException as exc:
            raise EngineError(f"webkit evaluate: {exc.msg}") from None

    def click(self, selector):
        from selenium.common.exceptions import StaleElementReferenceException

        # The page may redraw the element between finding and clicking it (a think
        # starting redraws the buttons): found again, clicked again.
        for attempt in range(CLICK_ATTEMPTS):
            try:
                return self._click_once(selector)
            except StaleElementReferenceException:
                if attempt == CLICK_ATTEMPTS - 1:
                    raise

    def _click_once(self, selector):
        from selenium.common.exceptions import ElementClickInterceptedException, ElementNotInteractableException
        from selenium.webdriver.common.by import By

        element = self._driver.find_element(By.CSS_SELECTOR, selector)
        try:
            element.click()
        except (ElementNotInteractableException, ElementClickInterceptedException):
            # WebKitWebDriver finds no in-view point on the board's SVG fields, or one that
            # another part of the drawing covers ("not interactable", "click intercepted"):
            # the same click event, from a script.
            self.dispatched_clicks += 1
            self._driver.execute_script(
                "arguments[0].dispatchEvent(new MouseEvent('click',"
                " {bubbles: true, cancelable: true, view: window}));", element)

    def quit(self):
        try:
            self._driver.quit()
        finally:
            shutil.rmtree(self._profile, ignore_errors=True)


class StoppableServer:
    """dist/ on one fixed port (the origin a service worker belongs to), which a
    test may stop (the site offline) and start again; counts what it served."""

    def __init__(self, directory):
        import functools
        import http.server
        import socket

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def log_request(handler, code="-", size="-"):
                self.served.append((handler.path, code))

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self._handler = functools.partial(Handler, directory=directory)
        self._http = http.server
        self.served = []
        self.url = f"http://127.0.0.1:{self.port}/"
        self._server = None
        self.start()

    def start(self):
        server_class = type("Server", (self._http.ThreadingHTTPServer,), {"allow_reuse_address": True})
        self._server = server_class(("127.0.0.1", self.port), self._handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self):
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def running(self):
        return self._server is not None
