"""One game held by the host: its Session, the settings it was started with,
the version the page's intents must name, who holds a shared device, and
the state of its computer turns (stuck, paused, pace)."""

from ..core.game import WATCHER
from ..core.limits import MAX_MOVES
from .seats import level_of, persons

# ``stuck`` of a game restored after the host before ended during a computer's turn.
RESTARTED = "the game engine was restarted"


class GameSlot:
    lesson = None  # a lesson's data on a host.lessons.LessonSlot: no game, no computer thinks
    rematch_score = None  # the score of the run's games before this one (host/rematch_score.py)
    replay = None  # the history entry a host.replays.ReplaySlot replays: no game either

    def __init__(self, game, session, settings, version):
        self.game = game
        self.session = session
        self.settings = settings
        self.version = version
        self.epoch = 0  # grows whenever a running think must be dropped
        self.holder = None  # the person holding a shared device (confirmed hand-over)
        self.stuck = None  # why the last computer move failed, or None
        self.paused = False
        self.pace = None  # watch mode: seconds a computer move stays at least
        self.skipped = None  # the part of the game whose computer turns play without pause (skip)
        self.entries = {}  # viewer -> [(state before, move, move-list entry)] (view.move_entries)
        # Versions an undo may still name, each with the moves the game held then: since
        # each, only computer moves were added, so the person's last move is still the last
        # one a person made (undo_still_means, undo_sent_at).
        self.undo_versions = {}
        self.moves_now = len(session.moves)  # the moves the game holds at ``version``
        # The game in the history (host/history.py): {"id", "origin", "started"}; None: not kept.
        self.history = None
        self.noted = None  # what of it the history has (version, aids)

    @property
    def rules(self):
        return self.session.rules

    @property
    def state(self):
        return self.session.state

    def changed(self, computer_moved=False):
        """The game changed: old intents are stale, a running think is dropped.
        ``computer_moved``: the change was only a computer's move (with forced passes)."""
        if computer_moved:
            self.undo_versions[self.version] = self.moves_now
        else:
            self.undo_versions = {}
        self.version += 1
        self.epoch += 1
        self.moves_now = len(self.session.moves)

    def undo_still_means(self, version):
        """Whether an undo sent for ``version`` takes back the same person's move now: the
        computer's reply may land before the undo is read (an engine that cannot answer
        intents during a think), and the person's Undo must not be lost to it."""
        return version in self.undo_versions

    def undo_sent_at(self, version):
        """The moves the game held when an undo for ``version`` was sent (None: it names
        the position now). A computer's move that landed after the click does not
        bar that undo: the person asked before it was made."""
        return None if version == self.version else self.undo_versions.get(version)

    def seat_to_act(self):
        state = self.state
        return None if state.is_terminal() else state.current_player

    def at_move_cap(self):
        """The game goes on but holds core.limits.MAX_MOVES moves: no move may follow
        (it could no longer be saved, shared or loaded again); undo and redo still work."""
        return self.seat_to_act() is not None and len(self.session.moves) >= MAX_MOVES

    def computer_to_act(self):
        """The computer seat to move now, or None (also at the move cap: it must not think)."""
        seat = self.seat_to_act()
        if seat is None or self.at_move_cap():
            return None
        return seat if level_of(self.session.seats[seat]) is not None else None

    def watching(self):
        return not persons(self.session.seats)

    def shared_and_hidden(self):
        """Two or more persons at one device in a game where a person sees what others may not."""
        people = persons(self.session.seats)
        if len(people) < 2:
            return False
        if self.rules.keeps_secrets(self.session.options):
            return True
        state = self.state
        public = state.player_view(None)
        return any(state.player_view(seat) != public for seat in people)

    def handover_to(self):
        """The person the device must be handed to before they may act, or None."""
        seat = self.seat_to_act()
        if seat is None or seat not in persons(self.session.seats):
            return None
        if seat == self.holder or not self.shared_and_hidden():
            return None
        return seat

    def viewer(self):
        """Whose view the page may show now (None: the public view)."""
        people = persons(self.session.seats)
        seat = self.seat_to_act()
        if self.shared_and_hidden():
            if self.handover_to() is not None:
                return None
            return self.holder
        if seat in people:
            return seat
        if len(people) == 1:
            return people[0]
        return self.holder

    def shown_to(self):
        """Whose view the board shows: the watcher's when nobody is seated, else ``viewer``."""
        return WATCHER if self.watching() else self.viewer()

    def save_data(self, record=None):
        """What the page stores (``record``: the record's dict when the view has made it)."""
        data = self.session.to_save(record)
        data.update(settings=self.settings, version=self.version, holder=self.holder,
                    rematch_score=self.rematch_score)
        if self.history is not None:
            data["history"] = self.history
        return data
