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


# Sets root's content to markup whose one [data-move-slot] stands for ``kept``, an element under
# root that stays on the page: the elements on the way down to it stay too (taking the new
# ones' attributes), everything beside that way is replaced. Taken off the page and put back,
# a large element's style and layout would be made again. -> false when the markup's way
# down differs from the page's: then all is set anew and ``kept`` put in the slot.
_AROUND = """
const made = document.createElement("template");
made.innerHTML = markup;
const fresh = made.content, slot = fresh.querySelector("[data-move-slot]");
const pairs = [];
let mine = slot, theirs = kept;
while (slot && mine.parentNode !== fresh) {
  mine = mine.parentNode;
  theirs = theirs.parentNode;
  if (!theirs || theirs === root || theirs.tagName !== mine.tagName) { theirs = null; break; }
  pairs.push([mine, theirs]);
}
if (!slot || !theirs || theirs.parentNode !== root) {
  root.replaceChildren(fresh);
  const put = root.querySelector("[data-move-slot]");
  if (put) put.replaceWith(kept);
  return false;
}
pairs.push([fresh, root]);
let newChild = slot, oldChild = kept;
for (const [next, now] of pairs) {
  if (next !== fresh) {
    for (const name of now.getAttributeNames()) if (!next.hasAttribute(name)) now.removeAttribute(name);
    for (const name of next.getAttributeNames()) {
      const value = next.getAttribute(name);
      if (now.getAttribute(name) !== value) now.setAttribute(name, value);
    }
  }
  while (now.firstChild !== oldChild) now.firstChild.remove();
  while (oldChild.nextSibling) oldChild.nextSibling.remove();
  const before = [], after = [];
  for (let c = next.firstChild; c !== newChild; c = c.nextSibling) before.push(c);
  for (let c = newChild.nextSibling; c; c = c.nextSibling) after.push(c);
  oldChild.before(...before);
  oldChild.after(...after);
  newChild = next;
  oldChild = now;
}
return true;
"""
_around = []


def set_html_around(root, markup, kept):
    """root's content made ``markup`` with ``kept`` in its slot, never taken off the page;
    -> False if it was (the way down to it differed)."""
    if not _around:
        _around.append(js.Function.new("root", "markup", "kept", _AROUND))
    return bool(_around[0](root, markup, kept))


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
