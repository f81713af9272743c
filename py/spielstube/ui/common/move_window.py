"""The page's copy of the move list and the part of it that is drawn (MicroPython).

The host sends each entry once (docs/host-protocol.md §7, "The page's
form"): a view's ``moves`` start at ``moves_from``; ``merge`` puts them
after the entries held. The page holds a window, the entries from ``offset``
on: the host sends the newest WINDOW at first (``open``'s ``moves_tail``; a
view with ``moves_first`` starts a new window), and older ones when asked
(``earlier-moves``, ``prepend``): a record at the move cap has 1,000, which
MicroPython parsed in one 55-61 ms task. Only the newest WINDOW entries are
drawn at first; ``[data-action=earlier-moves]`` shows MORE at a time, and a
past move chosen from further back is always drawn.
Each entry's markup is made once and kept until the entry changes, so a
redraw joins strings instead of describing every move again.

Pure (no browser): runs on CPython and MicroPython.
"""

from .widgets import person_seat

WINDOW = 60  # entries drawn at first, the newest
MORE = 100  # entries "show earlier moves" adds


def merge(held, view, offset=0):
    """(entries, cut, ok): the list held after ``view`` (entry 0 being move ``offset``), the
    first position in it that changed, and whether the delta fitted what was held (else the
    page asks for every entry again)."""
    moves = view.get("moves") or []
    start = view.get("moves_from")
    if start is None:  # a view with every entry (a host that sends them all, a kept view)
        return list(moves), 0, True
    count = view.get("moves_count", start + len(moves))
    if start < offset or start > offset + len(held):
        return list(held), len(held), False
    merged = held[:start - offset] + moves
    return merged, start - offset, offset + len(merged) == count


def count_of(view):
    """How many moves the game of ``view`` has: its entries are the newest, from ``moves_first``
    on (the frame sets it on every view it takes; a kept view's is its ``moves_from``)."""
    return (view.get("moves_first") or 0) + len(view.get("moves") or [])


def reference_seat(view):
    """The person whose "since your last turn" the marks mean: the viewer, else the one
    person seated; without one (watching, a hand-over) the seat to act."""
    viewer = person_seat(view)
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


def kept_part(entries, offset=0):
    """(the newest WINDOW entries, the index of the first): what a kept view holds of the
    entries held (entry 0 being move ``offset``). It is only a picture drawn until the host
    answers; the whole list at the cap took MicroPython half a second to write out as JSON."""
    first = max(0, len(entries) - WINDOW)
    return entries[first:], offset + first


# Keys on a focused move-list entry: one move back or on, the start, the present.
STEP_KEYS = {"ArrowUp": -1, "ArrowLeft": -1, "ArrowDown": 1, "ArrowRight": 1}


def stepped(index, key, count):
    """Where a key on entry ``index`` of ``count`` moves: ("past", k) views the position
    after move k (-1: the start, before the first move, which has no entry), ("present",
    k) goes back to the game with entry k (the newest) focused, None: not a step key.
    Past the newest move the present follows, as in a game viewer."""
    if key == "Home":
        target = -1
    elif key == "End":
        target = count - 1
    elif key in STEP_KEYS:
        target = min(max(index + STEP_KEYS[key], -1), count - 1)
    else:
        return None
    if count <= 0:
        return None
    return ("present", count - 1) if target >= count - 1 else ("past", target)


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
        self.offset = 0  # index of entries[0] (the host sends the newest first; a kept view holds those)
        self.picture = False  # the entries are a kept view's: nothing to ask the host for
        self.shown = WINDOW
        self.markup = []  # entry markup made so far, aligned with entries
        self.look = None  # what the markup was made for (language, the screen's choices)
        self.generation = 0  # grows whenever an entry changes
        self.lineage = 0  # grows whenever entries change other than by new ones after the newest

    def reset(self):
        """Nothing held (an open, another game); the generation goes on growing."""
        self.entries = []
        self.offset = 0
        self.picture = False
        self.shown = WINDOW
        self.markup = []
        self.generation += 1
        self.lineage += 1

    def take(self, view):
        """Merges a host view's entries; False when they did not fit (ask for all again)."""
        first = view.get("moves_first")
        if first is not None:  # a new window: the newest entries, from move ``first`` on
            self.entries = list(view.get("moves") or [])
            self.offset = first
            self.picture = False
            self.markup = []
            self.generation += 1
            self.lineage += 1
            return first + len(self.entries) == view.get("moves_count", first + len(self.entries))
        if self.picture and view.get("moves_from"):
            return True  # a kept picture is held: only a whole list or a window (open's answer) replaces it
        if self.picture:
            self.entries, self.offset, self.markup = [], 0, []
        entries, cut, ok = merge(self.entries, view, self.offset)
        if cut < len(self.entries) or len(entries) != len(self.entries) or self.picture:
            self.generation += 1
        if cut < len(self.entries) or self.picture:
            self.lineage += 1
        del self.markup[cut:]
        self.entries = entries
        self.picture = False
        return ok

    def hold(self, entries, offset):
        """A kept view's entries (the newest of them, entry 0 being move ``offset``)."""
        self.entries = list(entries)
        self.offset = offset
        self.picture = True
        self.markup = []
        self.generation += 1
        self.lineage += 1

    def wanted(self, viewing=None):
        """(before, count) of the entries to ask the host for so that the newest ``shown`` (and
        the move viewed) are held, or None: all held, or a picture (nothing to ask)."""
        want = max(0, self.count() - self.shown)
        if viewing is not None and 0 <= viewing < want:
            want = viewing
        if self.picture or want >= self.offset:
            return None
        return self.offset, self.offset - want

    def prepend(self, answer):
        """The host's ``moves`` answer to earlier-moves joins the window at its start; False
        when it does not fit (a view moved the window meanwhile: the host said so too)."""
        before = answer.get("before")
        if self.picture or not answer.get("fitted") or before != self.offset:
            return False
        entries = answer.get("moves") or []
        if answer.get("from", before) + len(entries) != before:
            return False
        self.entries = list(entries) + self.entries
        self.markup = [None] * len(entries) + self.markup
        self.offset = before - len(entries)
        self.generation += 1
        self.lineage += 1
        return True

    def entry(self, index):
        """Entry ``index`` (the record's move index) if it is held, else None."""
        at = index - self.offset
        return self.entries[at] if 0 <= at < len(self.entries) else None

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
