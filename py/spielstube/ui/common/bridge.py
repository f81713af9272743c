"""The DOM for the MicroPython page (index.html): pyscript's document and
window, event proxies, localStorage, timers.

Only the frame's browser-facing modules import this; the pure ui modules
(turn builders, widgets, texts) never do, so they run under plain CPython.
"""

import html

import js
from pyscript import document, window
from pyscript.ffi import create_proxy

_proxies = []  # proxies stay alive as long as the page


def missing(value):
    """JS null and undefined (both arrive as None in MicroPython)."""
    return value is None or str(type(value)) == "<class 'JsNull'>"


def data(element, name):
    """The data-<name> attribute of an element, or None."""
    if missing(element):
        return None
    value = element.getAttribute("data-" + name)
    return None if missing(value) else str(value)


def closest(element, selector):
    if missing(element) or missing(getattr(element, "closest", None)):
        return None
    found = element.closest(selector)
    return None if missing(found) else found


def by_id(element_id):
    found = document.getElementById(element_id)
    return None if missing(found) else found


def query(selector, root=None):
    found = (root or document).querySelector(selector)
    return None if missing(found) else found


def query_all(selector, root=None):
    found = (root or document).querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def set_html(element, markup):
    element.innerHTML = markup


def proxy(handler):
    made = create_proxy(handler)
    _proxies.append(made)
    return made


def listen(target, event_name, handler):
    target.addEventListener(event_name, proxy(handler))


def now():
    return js.performance.now()


def later(seconds, handler):
    """Calls handler once after ``seconds``; returns the timer id."""
    return js.setTimeout(proxy(handler), int(seconds * 1000))


def call_soon(made_proxy):
    """Runs a proxy (made once with ``proxy``) in a task of its own, soon."""
    return js.setTimeout(made_proxy, 0)


def cancel(timer):
    if timer is not None:
        js.clearTimeout(timer)


def esc(text):
    return html.escape(str(text), True)


def js_object(text="{}"):
    return js.JSON.parse(text)


def download(filename, text, mime="application/json"):
    blob = js.Blob.new([text], js_object('{"type": "%s"}' % mime))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    later(1, lambda: js.URL.revokeObjectURL(url))


class Storage:
    """localStorage that tolerates being full or blocked; a missing key is None.

    The calls are made in JS and caught there: an exception thrown by setItem
    (QuotaExceededError) escaped MicroPython's try as an uncaught page error."""

    def __init__(self):
        self._get = js.Function.new("k", "try { return localStorage.getItem(k); } catch (e) { return null; }")
        self._set = js.Function.new("k", "v", "try { localStorage.setItem(k, v); return true; } "
                                    "catch (e) { return false; }")
        self._remove = js.Function.new("k", "try { localStorage.removeItem(k); } catch (e) { }")

    def get(self, key):
        value = self._get(key)
        return None if missing(value) else str(value)

    def set(self, key, value):
        return bool(self._set(key, value))

    def remove(self, key):
        self._remove(key)


storage = Storage()
__all__ = ["document", "window", "storage"]


_choosers = {}  # accept -> the hidden file input made for it (one each, reused)


def choose_text_file(accept, then):
    """Opens the browser's file chooser; ``then(text)`` with the chosen file's text."""
    element = _choosers.get(accept)
    if element is None:
        element = document.createElement("input")
        element.type = "file"
        element.accept = accept
        element.hidden = True
        document.body.appendChild(element)
        _choosers[accept] = element
    element.onchange = proxy(lambda event: _read_chosen(element, then))
    element.value = ""
    element.click()


def _read_chosen(element, then):
    files = element.files
    if files.length == 0:
        return

    def read(*args):  # not a lambda: MicroPython calls a proxied one with extra arguments
        then(args[0])
    files.item(0).text().then(proxy(read))
