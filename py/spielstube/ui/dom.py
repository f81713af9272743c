"""The few DOM operations the screens need, over Pyodide's js bridge."""

import html

import js
from pyodide.ffi import create_proxy

try:  # JS null arrives as jsnull (not None) in current Pyodide
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide converted null to None
    jsnull = None

document = js.document
_proxies = []  # keep event proxies alive for the page's lifetime


def missing(value):
    """True for JS null and undefined."""
    return value is None or value is jsnull


def data(element, name):
    """The data-<name> attribute of an element, or None."""
    if missing(element):
        return None
    value = element.getAttribute(f"data-{name}")
    return None if missing(value) else str(value)


def closest(element, selector):
    if missing(element) or not hasattr(element, "closest"):
        return None
    found = element.closest(selector)
    return None if missing(found) else found


def by_id(element_id):
    return document.getElementById(element_id)


def query(selector, root=None):
    return (root or document).querySelector(selector)


def query_all(selector, root=None):
    return list((root or document).querySelectorAll(selector))


def set_html(element, markup):
    element.innerHTML = markup


def listen(target, event_name, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event_name, proxy)
    return proxy


def esc(text):
    """Text for HTML and SVG markup."""
    return html.escape(str(text), quote=True)


def attrs(**values):
    """ key="value" pairs; data_x becomes data-x; None and False are left out."""
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return " ".join(parts)


def download(filename, text, mime="application/json"):
    blob = js.Blob.new([text], js.Object.fromEntries([["type", mime]]))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


class Storage:
    """localStorage that tolerates being blocked (private modes, quotas)."""

    def get(self, key):
        try:
            value = js.localStorage.getItem(key)
        except Exception:
            return None
        return None if missing(value) else str(value)

    def set(self, key, value):
        try:
            js.localStorage.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key):
        try:
            js.localStorage.removeItem(key)
        except Exception:
            pass


storage = Storage()
