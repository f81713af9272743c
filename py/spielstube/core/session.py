"""A game in progress: the move log with undo and redo, for any game.

Like boardgame.io's log: the rules, the options and setup, the states after
every move, and the moves taken back (for redo). Seats are "human" or
"ai:<level>"; undo returns to the last position where a person was to move,
taking back the computer's replies together with the person's own move.
"""

from .record import Record, make_record, replay


class Session:
    def __init__(self, rules, options, setup, seats):
        self.rules = rules
        self.options = rules.normalize_options(options)
        self.setup = setup
        self.seats = list(seats)
        self.states = [rules.initial_state(self.options, setup)]
        self.moves = []
        self.movers = []  # seat that made each move
        self.redo_stack = []  # (move, seat), last undone on top

    @classmethod
    def from_record(cls, record, rules_for, seats):
        replayed = replay(record, rules_for)
        session = cls(replayed.rules, replayed.options, replayed.setup, seats)
        session.states = list(replayed.states)
        session.moves = list(replayed.moves)
        session.movers = [state.current_player for state in replayed.states[:-1]]
        return session

    @property
    def state(self):
        return self.states[-1]

    def is_human(self, seat):
        return 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    def human_to_move(self):
        state = self.state
        return not state.is_terminal() and self.is_human(state.current_player)

    def play(self, move):
        """Applies a move (IllegalMove if it is not legal) and clears redo."""
        seat = self.state.current_player
        new_state = self.state.apply(move)
        self.states.append(new_state)
        self.moves.append(new_state.last_move or move)
        self.movers.append(seat)
        self.redo_stack.clear()
        return new_state

    def replace_setup(self, setup):
        """The same moves on a changed setup (a secret chosen during play, say).

        Raises what replay raises if the moves no longer fit; then nothing changes.
        """
        states = [self.rules.initial_state(self.options, setup)]
        for move in self.moves:
            states.append(states[-1].apply(move))
        self.setup = setup
        self.states = states

    def can_undo(self):
        return any(self.is_human(seat) for seat in self.movers)

    def undo(self):
        """Back to the last position where a person moved; False if none."""
        if not self.can_undo():
            return False
        while self.moves:
            move, seat = self.moves.pop(), self.movers.pop()
            self.states.pop()
            self.redo_stack.append((move, seat))
            if self.is_human(seat):
                break
        return True

    def can_redo(self):
        return bool(self.redo_stack)

    def redo(self):
        """Replays undone moves up to the next position where a person is to move."""
        if not self.redo_stack:
            return False
        while self.redo_stack:
            move, seat = self.redo_stack.pop()
            self.states.append(self.state.apply(move))
            self.moves.append(move)
            self.movers.append(seat)
            if self.human_to_move() or self.state.is_terminal():
                break
        return True

    def record(self):
        """The record so far; every move names the seat that made it."""
        record = make_record(self.rules, self.options, self.setup, self.moves, self.state)
        moves = []
        for data, seat in zip(record.moves, self.movers):
            if isinstance(data, dict) and "player" not in data:
                data = {"player": seat, **data}
            moves.append(data)
        return Record(record.game, record.options, record.setup, moves, record.result)
