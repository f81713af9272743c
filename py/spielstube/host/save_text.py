"""The view's ``save`` as JSON text (docs/host-protocol.md §7, "Save as text").

The page stores the save untouched and hands it back at ``open``; it never
reads it. A page that opens a game with ``save_text: true`` gets it as the
text to store, so MicroPython neither parses it (a record at the move cap:
76 KB of objects) nor writes it out again (``json.dumps`` there is about
ten times slower than CPython's). Without the flag it stays an object.
"""

import json

from .per_game import PerGameChoice


class SaveAsText(PerGameChoice):
    """Per game: the view's save as JSON text."""

    def apply(self, messages):
        """``messages`` with each view's save as text where its page asked (in place; returned)."""
        for message in messages:
            view = message.get("view") if message.get("type") == "view" else None
            if view is not None and view.get("game") in self.games and isinstance(view.get("save"), dict):
                view["save"] = json.dumps(view["save"], ensure_ascii=False)
        return messages
