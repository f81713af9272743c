"""A message as it travels to the page (docs/host-protocol.md §7, "The page's form").

A view in the page's form carries the record's text and the save's text, the
save being the record's text spliced into the save's other fields, so the
record is written out once (``save_text``). On the wire the view's JSON comes
first with ``record`` and ``save`` null, then the record's text and the save's
other fields, each on a line of its own (compact JSON holds no raw newline):
MicroPython does not parse the long texts as escaped strings, and the record
travels once; the page joins them back (ui/common/wire.py). Any other message,
a view in the whole form included, is one JSON text.
"""

import json

SAVE_START = '{"record": '


def save_text(record_text, rest):
    """The save's JSON text: ``{"record": <record_text>, <rest's fields>}``, the record
    written out already (``json.dumps`` of the whole save gives the same text)."""
    others = json.dumps(rest, ensure_ascii=False)
    return SAVE_START + record_text + (", " + others[1:] if rest else "}")


def _others(save, record):
    """The save's other fields as a JSON object's text, when ``save`` is ``save_text(record, ...)``."""
    if not save.startswith(SAVE_START) or not save.startswith(record, len(SAVE_START)):
        return None
    tail = save[len(SAVE_START) + len(record):]
    return "{" + tail[2:] if tail.startswith(", ") else "{}"


def encode(message):
    """The text to post: the message's JSON; for a view with its texts, they follow."""
    view = message.get("view") if message.get("type") == "view" else None
    save = view.get("save") if view is not None else None
    record = view.get("record") if view is not None else None
    others = _others(save, record) if isinstance(save, str) and isinstance(record, str) else None
    if others is None:
        return json.dumps(message, ensure_ascii=False)
    head = json.dumps(dict(message, view=dict(view, save=None, record=None)), ensure_ascii=False)
    return "\n".join((head, record, others))
