"""A message as it travels to the page: JSON text, and for a page that asked
(``open`` with ``texts_apart: true``) a view's two long texts after it, each
on a line of its own (docs/host-protocol.md §7, "Texts apart").

The save and the record are JSON texts inside the view: at the move cap
84 KB each, which MicroPython parsed as escaped strings in the task that
draws the first view (about half of it), although the page only stores the
one and hands out the other. Sent after the view's JSON, the page cuts them
off at the newlines instead (compact JSON holds no raw newline). The view
then has ``save`` and ``record`` null and ``texts_apart`` true; the page
puts the texts back before anything reads the view (ui/wire.py).
"""

import json

from .per_game import PerGameChoice


class TextsApart(PerGameChoice):
    """Per game: the view's save and record sent after its JSON."""

    def apply(self, messages):
        """``messages`` with each view's save and record moved to ``texts`` where its page
        asked (in place; returned). ``encode`` writes them after the JSON."""
        for message in messages:
            view = message.get("view") if message.get("type") == "view" else None
            if view is None or view.get("game") not in self.games or view.get("save") is None:
                continue
            save = view["save"]
            save = save if isinstance(save, str) else json.dumps(save, ensure_ascii=False)
            message["texts"] = [save, view.get("record") or ""]
            message["view"] = dict(view, save=None, record=None, texts_apart=True)
        return messages


def encode(message):
    """The text to post: the message's JSON, then its ``texts`` if any, one per line."""
    texts = message.get("texts")
    if texts is None:
        return json.dumps(message, ensure_ascii=False)
    head = json.dumps({key: value for key, value in message.items() if key != "texts"}, ensure_ascii=False)
    return "\n".join([head] + texts)

