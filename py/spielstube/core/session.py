"""A game in progress: the move log with undo and redo, for any game.

Like boardgame.io's log: the rules, the options and setup, the states after
every move, and the moves taken back (for redo). Seats are "human" or
"ai:<level>". The game declares its flow and the Session carries it out:
forced moves (``State.forced_move``, a pass) are played by the Session
itself; undo takes back the last move a person made, together with every
computer move and forced move after it, and never goes back past a state
whose ``undo_barrier`` is set (Topologic: a later round's start).
"""

from .errors import IllegalMove, RecordError, SpielstubeError
from .record import AIDS, Record, make_record, record_from_dict, replay


class Session:
    def __init__(self, rules, options, setup, seats):
        options = rules.normalize_options(options)
        self._begin(rules, options, setup, seats, [rules.initial_state(options, setup)])
        self.play_forced_moves()

    def _begin(self, rules, options, setup, seats, states):
        self.rules = rules
        self.options = options
        self.setup = setup
        self.seats = list(seats)
        self.states = states
        self.moves = []
        self.movers = []  # seat that made each move
        self.redo_stack = []  # (move, seat), last undone on top
        self.aids = {}  # what help a person used (the record's ``aids``): note_aid

    def note_aid(self, name):
        """A person used help ``name`` (core.record.AIDS): a count grows, a flag is set."""
        if AIDS[name] is bool:
            self.aids[name] = True
        else:
            self.aids[name] = self.aids.get(name, 0) + 1

    def aids_json(self):
        """The record's ``aids``: every kind of help named once any was used, else None."""
        if not self.aids:
            return None
        return {name: self.aids.get(name, False if kind is bool else 0) for name, kind in AIDS.items()}

    @classmethod
    def from_record(cls, record, rules_for, seats):
        replayed = replay(record, rules_for)
        session = cls.__new__(cls)
        session._begin(replayed.rules, replayed.options, replayed.setup, seats, list(replayed.states))
        session.moves = [state.last_move or move for state, move in zip(replayed.states[1:], replayed.moves)]
        session.movers = [state.current_player for state in replayed.states[:-1]]
        session.aids = dict(record.aids or {})
        session.play_forced_moves()
        return session

    @property
    def state(self):
        return self.states[-1]

    def is_human(self, seat):
        return isinstance(seat, int) and 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    def human_to_move(self):
        state = self.state
        return not state.is_terminal() and self.is_human(state.current_player)

    def person_to_act(self):
        """A person must decide now: their turn, and not a forced move."""
        return self.human_to_move() and self.state.forced_move() is None

    # -- playing ---------------------------------------------------------------------
    def play(self, move, forced=True):
        """Applies a move (IllegalMove if it is not legal), clears redo, plays forced moves
        (``forced`` False: not them; a lesson's script names each move, core/lessons.py)."""
        self._append(move)
        self.redo_stack.clear()
        if forced:
            self.play_forced_moves()
        return self.state

    def _append(self, move):
        seat = self.state.current_player
        new_state = self.state.apply(move)
        self.states.append(new_state)
        self.moves.append(new_state.last_move or move)
        self.movers.append(seat)

    def play_forced_moves(self):
        """Plays every forced move from here on (a pass nobody chooses)."""
        while not self.state.is_terminal():
            forced = self.state.forced_move()
            if forced is None:
                return
            self._append(forced)

    def made_by_person(self, index):
        """Whether move ``index`` was a person's decision (not a computer's, not forced)."""
        return self.is_human(self.movers[index]) and self.states[index].forced_move() is None

    # -- undo and redo -------------------------------------------------------------------
    def _undo_target(self, sent_at=None):
        """How many moves stay after one undo, or None if nothing may be taken back.
        ``sent_at``: the moves there were when the person asked; a barrier a later
        (computer's) move raised does not hold against that request."""
        for index in range(len(self.moves) - 1, -1, -1):
            if self.states[index + 1].undo_barrier and (sent_at is None or index < sent_at):
                return None
            if self.made_by_person(index):
                return index
        return None

    def can_undo(self):
        return self._undo_target() is not None

    def undo(self, sent_at=None):
        """Takes back the last person's move and everything after it; False if none.
        ``sent_at``: as in _undo_target."""
        target = self._undo_target(sent_at)
        if target is None:
            return False
        while len(self.moves) > target:
            move, seat = self.moves.pop(), self.movers.pop()
            self.states.pop()
            self.redo_stack.append((move, seat))
        return True

    def can_redo(self):
        return bool(self.redo_stack)

    def redo(self):
        """Replays undone moves up to the next position where a person acts."""
        if not self.redo_stack:
            return False
        while self.redo_stack:
            move, _ = self.redo_stack.pop()
            self._append(move)
            if self.person_to_act() or self.state.is_terminal():
                break
        self.play_forced_moves()
        return True

    # -- records and saves ----------------------------------------------------------------
    def record(self):
        """The record so far; every move names the seat that made it."""
        record = make_record(self.rules, self.options, self.setup, self.moves, self.state)
        moves = []
        for data, seat in zip(record.moves, self.movers):
            if isinstance(data, dict) and "player" not in data:
                data = {"player": seat, **data}
            moves.append(data)
        return Record(record.game, record.options, record.setup, moves, record.result, self.aids_json())

    def to_save(self, record=None):
        """JSON-ready: the record, the seats and the redo moves (next to redo first);
        ``record``: ``self.record().to_dict()`` when the caller has made it already."""
        redo = []
        for move, seat in reversed(self.redo_stack):
            data = self.rules.move_to_json(move)
            if isinstance(data, dict) and "player" not in data:
                data = {"player": seat, **data}
            redo.append(data)
        if record is None:
            record = self.record().to_dict()
        return {"record": record, "seats": list(self.seats), "redo": redo}

    @classmethod
    def from_save(cls, data, rules_for):
        """The session a save holds; RecordError if it does not replay (redo included)."""
        if not isinstance(data, dict):
            raise RecordError("the save is not an object")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("the save's seats must be a list of strings")
        redo = data.get("redo") or []
        if not isinstance(redo, list):
            raise RecordError("the save's redo moves must be a list")
        session = cls.from_record(record_from_dict(data.get("record")), rules_for, seats)
        probe = session.state
        stack = []
        for index, item in enumerate(redo):
            try:
                move = session.rules.move_from_json(item)
                seat = probe.current_player
                probe = probe.apply(move)
            except (IllegalMove, RecordError) as exc:
                raise RecordError(f"redo move {index} does not replay: {exc}") from None
            except (SpielstubeError, TypeError, ValueError, KeyError) as exc:
                raise RecordError(f"redo move {index} is malformed: {exc}") from None
            stack.append((probe.last_move or move, seat))
        session.redo_stack = list(reversed(stack))
        return session
