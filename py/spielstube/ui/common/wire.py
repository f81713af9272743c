"""The page's side of host/wire.py: a message as the worker posts it (MicroPython).

A view's save and record may follow the JSON, each on a line of its own
(``open`` with ``texts_apart``): cutting them off at the newlines is far
cheaper than MicroPython parsing them as escaped strings (170 KB at the
move cap). They go back into the view before anything reads it.

Pure (no browser): runs on CPython and MicroPython.
"""

import json


def decode(text):
    """The message in ``text`` (ValueError if it is not one), its texts back in the view."""
    head, _, tail = text.partition("\n")
    message = json.loads(head)
    view = message.get("view") if isinstance(message, dict) else None
    if tail and isinstance(view, dict) and view.get("texts_apart"):
        save, _, record = tail.partition("\n")
        view["save"] = save
        view["record"] = record
    return message
