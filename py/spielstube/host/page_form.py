"""What a page holds of one game's views, so that each view is built in the page's
form (docs/host-protocol.md §7, "The page's form").

A page that opens a game with ``moves_tail: N`` keeps what it is sent: of the
move list it holds a window, the entries from ``first`` on, and every view
brings only what the window lacks. Entries are described once and kept
(view.move_entries), so an unchanged entry is the same object as the one
sent before: the first entry that is not tells where the page's list must be
cut. A view that would bring more than N entries (the first view of a record
at the move cap: 1,000) or cuts before the window starts brings the newest N
only, with ``moves_first`` the index of the first (the page drops what it
held); older entries come on request (``earlier-moves``).
"""


class PageForm:
    def __init__(self, tail):
        self.tail = tail  # at most this many entries start a window
        self.sent = []  # the entries the page was sent (the objects)
        self.first = 0  # the index of the first entry the page holds

    def start(self):
        """The page holds none of the entries (it opened the game, or asked for all again)."""
        self.sent = []
        self.first = 0

    def moves(self, entries):
        """The move-list fields of a view whose entries are ``entries``: those the page lacks
        (``moves`` from ``moves_from`` on, of ``moves_count``), or a new window (``moves_first``).
        The page holds them once the view is sent."""
        sent = self.sent
        same = 0
        limit = min(len(sent), len(entries))
        while same < limit and sent[same] is entries[same]:
            same += 1
        self.sent = list(entries)
        count = len(entries)
        if same < self.first or count - same > self.tail:
            first = self.first = max(same, count - self.tail)
            return {"moves": entries[first:], "moves_from": first, "moves_first": first, "moves_count": count}
        return {"moves": entries[same:], "moves_from": same, "moves_count": count}

    def earlier(self, before, count):
        """(first index, entries): up to ``count`` entries just before ``before``, the first the
        page holds, which then holds them too; None when ``before`` is not where its window starts
        (a view that moved it crossed the request: the page drops the answer)."""
        if before != self.first:
            return None
        first = max(0, before - count)
        self.first = first
        return first, self.sent[first:before]
