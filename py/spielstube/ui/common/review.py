"""The review of a game on the page (a finished one, or the moves so far from what
the person knows) (``[data-action=review]``,
docs/host-protocol.md §7): what was asked for which version, the host's
progress, and the marks the move list shows.

The host reviews in the background (the page stays usable) and answers with
one line per move (``mark``, ``better`` moves and ``better_entries``, the
same moves as the move list says them) and a summary. A view of another
version drops the review, so a late answer for a game that went is never
shown. Stepping through the reviewed game is the move list's own past-move
viewing, driven by the one stepping control.

Pure (no browser): runs on CPython and MicroPython.
"""

WORKING = "working"
DONE = "done"
MARKS = ("blunder", "mistake", "good", "best", "undecided")
# What each mark shows beside an entry (its words are the texts "review.mark.<mark>").
SIGNS = {"blunder": "??", "mistake": "?", "good": "✓", "best": "!", "undecided": "·"}
# What a review from the person's knowledge may leave out (its words: "review.left_out.<what>").
LEFT_OUT = ("hands", "secret")


class Review:
    def __init__(self):
        self.clear()

    def clear(self):
        self.version = None  # the version asked for (None: nothing asked)
        self.state = None  # WORKING, DONE or None
        self.done = 0  # moves judged so far
        self.total = 0
        self.lines = {}  # move index -> the host's line
        self.summary = None

    def view(self, version):
        """A view of the game: a review of another version goes."""
        if self.version is not None and version != self.version:
            self.clear()

    def may_ask(self, view):
        """Whether the button asks now: the host offers it and nothing is asked for this version."""
        return bool(view.get("can_review")) and self.version != view.get("version")

    def asked(self, version):
        self.clear()
        self.version, self.state = version, WORKING

    def take(self, message):
        """The host's ``review`` message; -> True if it changed what is shown."""
        if self.version is None or message.get("version") != self.version:
            return False
        if message.get("state") == DONE and isinstance(message.get("lines"), list):
            self.state = DONE
            self.lines = {}
            for line in message["lines"]:
                self.lines[line.get("index")] = line
            self.summary = message.get("summary") or {}
            self.done = self.total = len(message["lines"])
            return True
        if message.get("state") == WORKING and self.state == WORKING:
            done, total = message.get("done") or 0, message.get("total") or 0
            if (done, total) == (self.done, self.total):
                return False
            self.done, self.total = done, total
            return True
        return False

    def refused(self):
        """The host refused the ask: the button may ask again."""
        self.clear()

    def shows(self, view):
        """Whether the marks belong to ``view`` (the present or a past position of that version)."""
        return self.state == DONE and view is not None and view.get("version") == self.version

    def key(self):
        """What the move list's marks depend on (it is drawn again when this changes)."""
        return (self.version, self.state)

    def mark(self, index):
        line = self.lines.get(index) if self.state == DONE else None
        return line.get("mark") if line is not None and line.get("mark") in MARKS else None

    def better_entries(self, index):
        line = self.lines.get(index) if self.state == DONE else None
        return (line.get("better_entries") or []) if line is not None else []

    def seats_counted(self, view):
        """The seats the summary counts: the person's (the viewer, else the one person seated),
        every seat when no single person plays."""
        seats = view.get("seats") or []
        persons = [k for k, seat in enumerate(seats) if (seat or {}).get("kind") == "human"]
        if view.get("viewer") is not None:
            return [view["viewer"]]
        return persons if len(persons) == 1 else list(range(len(seats)))

    def counts(self, seat):
        """[(mark, count), ...] of ``seat``'s moves, the marks it got only, in MARKS' order."""
        marks = ((self.summary or {}).get("marks") or {}).get(str(seat)) or {}
        return [(mark, marks[mark]) for mark in MARKS if marks.get(mark)]

    def seen(self):
        """What a review of an unfinished game left out ([] none; the summary's ``left_out``:
        "hands", "secret"), or None for a review of the whole game."""
        summary = self.summary or {}
        if summary.get("viewer") is None:
            return None
        return [what for what in summary.get("left_out") or [] if what in LEFT_OUT]

    def rounds(self):
        """Topologic's rounds: [(round, seeker, hints, strong_hints)], else []."""
        out = []
        for entry in (self.summary or {}).get("rounds") or []:
            out.append((entry.get("round", 0), entry.get("seeker"), entry.get("hints"), entry.get("strong_hints")))
        return out


def position(past, count):
    """The stepping control's place: how many moves the position shown has (0 the start,
    ``past`` = -1; ``past`` + 1 for a past position; ``count``, every move, for the present)."""
    return count if past is None else past + 1


def step(action, past, count):
    """Where ``[data-action=step-...]`` goes from the position shown: ("past", k) views the
    position after move k (-1: the start, before any move), ("present", None) the game as
    it is; None: nowhere to go."""
    if count <= 0:
        return None
    at = position(past, count)
    target = {"step-first": 0, "step-back": at - 1, "step-forward": at + 1,
              "step-last": count}.get(action)
    if target is None or target < 0 or target == at:
        return None
    if target >= count:
        return None if past is None else ("present", None)
    return ("past", target - 1)
