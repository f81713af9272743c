"""The page's side of host/wire.py: a message as the worker posts it (MicroPython).

A view in the page's form (``open`` with ``moves_tail``) is followed by the
record's text and the save's other fields, each on a line of its own: cutting
them off at the newlines is far cheaper than MicroPython parsing them as
escaped strings (84 KB each at the move cap), and the record travels once.
They go back into the view, the save as the text the page stores, before
anything reads it.

Pure (no browser): runs on CPython and MicroPython.
"""

import json


def joined_save(record, others):
    """The save's text: the record's text and the save's other fields (a JSON object's text)."""
    return '{"record": ' + record + (", " + others[1:] if others != "{}" else "}")


def decode(text):
    """The message in ``text`` (ValueError if it is not one), its texts back in the view."""
    head, _, tail = text.partition("\n")
    message = json.loads(head)
    view = message.get("view") if isinstance(message, dict) else None
    if tail and isinstance(view, dict):
        record, _, others = tail.partition("\n")
        view["record"] = record
        view["save"] = joined_save(record, others)
    return message
