"""The page's one wait indicator (index.html ``#boot-status``), from Python (MicroPython).

It shows while the page waits for the host: from the start until the game's
first view (``data-app-state`` loading), and again while a host that died is
started anew (``data-host-wait`` on the body). Its text says what the page
waits for; its bar (static/boot.js) moves with the bytes and steps the
worker reports (``{"type": "progress"}``, static/host-worker.js).
"""

from ..common import bridge


def _call(name, *args):
    """A boot.js function, if boot.js ran (a page without it still plays)."""
    boot = bridge.window.spielstubeBoot
    function = None if bridge.missing(boot) else getattr(boot, name, None)
    if not bridge.missing(function):
        function(*args)


def say(text):
    element = bridge.by_id("boot-text")
    if element is not None:
        element.textContent = text


def page_started():
    _call("pageStarted")


def host_progress(value):
    """The worker's own start-up progress (0..1)."""
    if isinstance(value, (int, float)):
        _call("hostProgress", value)


def restarting(text):
    """A host is started again: the indicator shows anew, its bar from the start."""
    say(text)
    bridge.document.body.setAttribute("data-host-wait", "restart")
    _call("restartProgress")


def failed(text):
    """The host failed for good: the indicator stays with ``text``, without a bar."""
    say(text)
    bridge.document.body.setAttribute("data-host-wait", "failed")


def over():
    """The host's first view is drawn: the indicator goes (with the bar full)."""
    _call("advance", 100)
    bridge.document.body.removeAttribute("data-host-wait")
