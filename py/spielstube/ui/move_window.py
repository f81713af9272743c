"""The page's copy of the move list and the part of it that is drawn (MicroPython).

The host sends each entry once (docs/host-protocol.md §7, "Move-list
deltas"): a view's ``moves`` start at ``moves_from``; ``merge`` puts them
after the entries held. Only the newest WINDOW entries are drawn at first
(a record at the move cap has 1,000); ``[data-action=earlier-moves]`` shows
MORE at a time, and a past move chosen from further back is always drawn.
Each entry's markup is made once and kept until the entry changes, so a
redraw joins strings instead of describing every move again.

Pure (no browser): runs on CPython and MicroPython.
"""

WINDOW = 60  # entries drawn at first, the newest
MORE = 100  # entries "show earlier moves" adds


def merge(held, view):
    """(entries, cut, ok): the full list after ``view``, the first index that changed, and
    whether the delta fitted what was held (else the page asks for every entry again)."""
    moves = view.get("moves") or []
    start = view.get("moves_from")
    if start is None:  # a view with every entry (a host that sends them all, a kept view)
        return list(moves), 0, True
    count = view.get("moves_count", start + len(moves))
    if start > len(held):
        return list(held), len(held), False
    merged = held[:start] + moves
    return merged, start, len(merged) == count


def reference_seat(view):
    """The person whose "since your last turn" the marks mean: the viewer, else the one
    person seated; without one (watching, a hand-over) the seat to act."""
    viewer = view.get("viewer")
    if viewer is None:
        kinds = [seat.get("kind") for seat in view.get("seats") or []]
        viewer = kinds.index("human") if kinds.count("human") == 1 else None
    alive = (view.get("board") or {}).get("alive") or []
    if viewer is None or (viewer < len(alive) and not alive[viewer]):
        viewer = view.get("seat")  # a Heptalion seat that is out never moves again
    return viewer


def recent_from(view, entries, offset=0):
    """The index of the first entry made since the reference seat's last one (all of them
    when it has not moved yet); len when none is (the game is over, or nobody to refer to)."""
    count = offset + len(entries)
    if view.get("result"):
        return count
    seat = reference_seat(view)
    if seat is None:
        return count
    for index in range(len(entries) - 1, -1, -1):
        if entries[index].get("seat") == seat:
            return offset + index + 1
    return offset


def kept_part(entries):
    """(the newest WINDOW entries, the index of the first): what a kept view holds. It is only
    a picture drawn until the host answers; the whole list at the cap took MicroPython half a
    second to write out as JSON."""
    first = max(0, len(entries) - WINDOW)
    return entries[first:], first


def window_start(count, offset, shown, viewing=None):
    """The first entry drawn: the newest ``shown`` of ``count``, back to a chosen past move."""
    start = max(offset, count - shown)
    if viewing is not None and offset <= viewing < start:
        start = viewing
    return start


class MoveWindow:
    """One game's entries as the page holds them, the markup made of each, how many are drawn."""

    def __init__(self):
        self.entries = []
        self.offset = 0  # index of entries[0] (a kept view holds only the newest)
        self.shown = WINDOW
        self.markup = []  # entry markup made so far, aligned with entries
        self.look = None  # what the markup was made for (language, the screen's choices)
        self.generation = 0  # grows whenever an entry changes

    def reset(self):
        """Nothing held (an open, another game); the generation goes on growing."""
        self.entries = []
        self.offset = 0
        self.shown = WINDOW
        self.markup = []
        self.generation += 1

    def take(self, view):
        """Merges a host view's entries; False when they did not fit (ask for all again)."""
        if self.offset and view.get("moves_from"):
            return True  # a kept picture is held: only a whole list (open's answer) replaces it
        entries, cut, ok = merge(self.entries, view)
        if cut < len(self.entries) or len(entries) != len(self.entries):
            self.generation += 1
        del self.markup[cut:]
        self.entries = entries
        self.offset = 0
        return ok

    def hold(self, entries, offset):
        """A kept view's entries (the newest of them, entry 0 being move ``offset``)."""
        self.entries = list(entries)
        self.offset = offset
        self.markup = []
        self.generation += 1

    def count(self):
        return self.offset + len(self.entries)

    def show_more(self):
        self.shown += MORE

    def drawn(self, viewing=None):
        """(first index drawn, its entries)."""
        start = window_start(self.count(), self.offset, self.shown, viewing)
        return start, self.entries[start - self.offset:]

    def missing(self, start, look):
        """How many of the entries drawn from ``start`` on have no markup yet."""
        if look != self.look:
            return self.count() - start
        made = self.markup
        return sum(1 for at in range(start - self.offset, len(self.entries)) if at >= len(made) or made[at] is None)

    def entry_markup(self, index, look, make):
        """The markup of entry ``index``, made with ``make(entry)`` once per look."""
        if look != self.look:
            self.look = look
            self.markup = []
        at = index - self.offset
        while len(self.markup) <= at:
            self.markup.append(None)
        if self.markup[at] is None:
            self.markup[at] = make(self.entries[at])
        return self.markup[at]
