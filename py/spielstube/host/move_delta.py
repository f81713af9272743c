"""Move-list entries sent once (docs/host-protocol.md §7, "Move-list deltas").

A page that opens a game with ``moves_delta: true`` holds the entries it was
sent; every later view of that game carries only the entries it does not
have yet: ``moves`` from index ``moves_from`` on, of ``moves_count`` in
all. At the move cap a full view is about 170 KB of entries, which
MicroPython parsed again for every move. Entries are described once and
kept (view.move_entries), so an unchanged entry is the same object as the
one sent before: the first entry that is not tells where the page's list
must be cut. Without the flag views carry every entry, as before.
"""


class MoveDeltas:
    def __init__(self):
        self.sent = {}  # game -> the entries the page holds (the objects sent), for pages that asked

    def start(self, game):
        """The page holds none of ``game``'s entries now (it opened it, or asked for all again)."""
        self.sent[game] = []

    def stop(self, game):
        self.sent.pop(game, None)

    def apply(self, messages):
        """``messages`` with each view's entries cut to what its page lacks (in place; returned)."""
        for message in messages:
            view = message.get("view") if message.get("type") == "view" else None
            if view is None or view.get("game") not in self.sent:
                continue
            entries = view["moves"]
            sent = self.sent[view["game"]]
            same = 0
            limit = min(len(sent), len(entries))
            while same < limit and sent[same] is entries[same]:
                same += 1
            self.sent[view["game"]] = list(entries)
            message["view"] = dict(view, moves=entries[same:], moves_from=same, moves_count=len(entries))
        return messages
