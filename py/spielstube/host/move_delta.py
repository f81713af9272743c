"""Move-list entries sent once, and only the newest at first (docs/host-protocol.md §7,
"Move-list deltas" and "Move-list windows").

A page that opens a game with ``moves_delta: true`` holds the entries it was
sent; every later view of that game carries only the entries it does not
have yet: ``moves`` from index ``moves_from`` on, of ``moves_count`` in
all. At the move cap a full view is about 170 KB of entries, which
MicroPython parsed again for every move. Entries are described once and
kept (view.move_entries), so an unchanged entry is the same object as the
one sent before: the first entry that is not tells where the page's list
must be cut. Without the flag views carry every entry, as before.

With ``moves_tail: N`` as well the page holds a window, the entries from
``first`` on: a view that would bring more than N entries (the first view of
a loaded record at the cap: 1,000) or cuts before the window starts brings
the newest N only, with ``moves_first`` the index of the first (the page
drops what it held). Older entries come on request (``earlier``, intent
``earlier-moves``), so the first view of a record at the cap is as small as
that of a short game.
"""


class MoveDeltas:
    def __init__(self):
        self.sent = {}  # game -> the entries the page was sent (the objects), for pages that asked
        self.first = {}  # game -> the index of the first entry the page holds
        self.tail = {}  # game -> at most this many entries start a page's window (None: all)

    def start(self, game, tail=None):
        """The page holds none of ``game``'s entries now (it opened it, or asked for all again);
        ``tail``: the most entries a view brings when the page starts afresh."""
        self.sent[game] = []
        self.first[game] = 0
        self.tail[game] = tail

    def restart(self, game):
        """As ``start``, keeping the window size the page asked for at ``open``."""
        self.start(game, self.tail.get(game))

    def stop(self, game):
        for held in (self.sent, self.first, self.tail):
            held.pop(game, None)

    def apply(self, messages):
        """``messages`` with each view's entries cut to what its page lacks (in place; returned)."""
        for message in messages:
            view = message.get("view") if message.get("type") == "view" else None
            if view is None or view.get("game") not in self.sent:
                continue
            game = view["game"]
            entries = view["moves"]
            sent = self.sent[game]
            same = 0
            limit = min(len(sent), len(entries))
            while same < limit and sent[same] is entries[same]:
                same += 1
            self.sent[game] = list(entries)
            count = len(entries)
            tail = self.tail.get(game)
            if tail is not None and (same < self.first[game] or count - same > tail):
                first = self.first[game] = max(same, count - tail)
                message["view"] = dict(view, moves=entries[first:], moves_from=first, moves_first=first,
                                       moves_count=count)
            else:
                message["view"] = dict(view, moves=entries[same:], moves_from=same, moves_count=count)
        return messages

    def earlier(self, game, before, count):
        """(first index, entries): up to ``count`` entries just before ``before``, the first the
        page holds, which then holds them too; None when ``before`` is not where its window starts
        (a view that moved it crossed the request: the page drops the answer)."""
        if game not in self.sent or before != self.first[game]:
            return None
        first = max(0, before - count)
        self.first[game] = first
        return first, self.sent[game][first:before]
