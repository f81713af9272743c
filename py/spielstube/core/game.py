"""The one game interface every rules engine implements and every AI uses.

Modelled on OpenSpiel: a ``State`` knows whose turn it is, its legal moves,
how to apply one (returning a new state, the old one unchanged), whether it is
over and what each seat gets. A ``GameRules`` object turns options and a
setup (everything random, fixed up front) into the initial state and converts
moves to and from their JSON record notation.
"""

from abc import ABC, abstractmethod

TERMINAL = -1

# The viewer of ``State.player_view`` when no person is seated (watch mode): nobody
# is there to hide anything from, so a game may show what every seat sees.
WATCHER = "watcher"


class State(ABC):
    """A position. Treat it as immutable: ``apply`` returns a new state."""

    num_players = 2

    @property
    @abstractmethod
    def current_player(self):
        """Seat index to act, or TERMINAL when the game is over."""

    @abstractmethod
    def legal_moves(self):
        """Every legal move, in a stable order. The one source of truth.

        Where they are too many to list (a Topologic seeker turn) this raises
        core.errors.TooManyMoves instead of returning a sample.
        """

    @abstractmethod
    def apply(self, move):
        """The state after ``move``; raises IllegalMove if it is not legal."""

    @abstractmethod
    def returns(self):
        """Per seat: 1.0 win, 0.0 loss, shares in between for shared ranks.

        Only meaningful when the state is terminal.
        """

    @property
    def last_move(self):
        """The move that led here, as a record stores it (None at the start).

        Games whose ``apply`` completes a move (Topologic adds the hint)
        return the completed move, so logs record what really happened.
        """
        return None

    def is_terminal(self):
        return self.current_player == TERMINAL

    def key(self):
        """A hashable identity of the position, for transposition tables."""
        raise NotImplementedError

    def determinize(self, seat, rng):
        """A full state consistent with what ``seat`` can see.

        Games with hidden information override this to re-deal what ``seat``
        cannot know; open games return themselves. The draw must depend only
        on what ``player_view(seat)`` shows, so the computer's move does too.
        """
        return self

    def player_view(self, seat):
        """A JSON-ready dict of everything ``seat`` may see (None: a spectator;
        WATCHER: the one looking on when every seat is a computer).

        Two states that differ only in what ``seat`` cannot see give equal
        views. Each game documents its view in docs/host-protocol.md.
        """
        raise NotImplementedError

    def forced_move(self):
        """The move the seat to act must make as its only one (a pass), else None.

        The Session plays forced moves itself; a person is never asked.
        """
        return None

    @property
    def undo_barrier(self):
        """True when no undo may go back past this state (a new round, say)."""
        return False


class GameRules(ABC):
    """A game's definition: options, setup, initial state, move notation."""

    name = ""
    min_players = 2
    max_players = 2

    @abstractmethod
    def normalize_options(self, options):
        """Options with defaults filled in; RecordError on bad values."""

    @abstractmethod
    def random_setup(self, options, rng):
        """A JSON-ready setup dict drawn from ``rng`` (a core.rng.Rng)."""

    @abstractmethod
    def initial_state(self, options, setup):
        """The state a setup starts from; RecordError on a bad setup."""

    @abstractmethod
    def move_to_json(self, move):
        """A move's record form (JSON-ready)."""

    @abstractmethod
    def move_from_json(self, data):
        """A move from its record form; RecordError if malformed."""

    @abstractmethod
    def result_json(self, state):
        """The record's ``result`` for a terminal state, else None."""

    def describe_move(self, move):
        """Short human notation for move lists."""
        return str(self.move_to_json(move))

    def move_json_of(self, state, move):
        """A move's record form naming the seat that makes it in ``state``."""
        data = self.move_to_json(move)
        if isinstance(data, dict) and "player" not in data:
            data = {"player": state.current_player, **data}
        return data

    def legal_json(self, state):
        """The legal moves of ``state`` in record notation (what ``legal`` prints)."""
        return [self.move_json_of(state, move) for move in state.legal_moves()]

    def describe_json(self, state_before, move, viewer):
        """A move-list entry for ``move`` made in ``state_before``, as ``viewer`` sees it.

        ``{"seat", "kind", "text_key", "params", "cells"}``; ``cells`` are the
        fields the board highlights for the entry.
        """
        return {"seat": state_before.current_player, "kind": "move",
                "text_key": f"{self.name}.move", "params": {"text": self.describe_move(move)},
                "cells": []}

    def option_schema(self):
        """The new-game options the game declares, for the dialog (docs/host-protocol.md)."""
        return [{"name": "players", "type": "int", "min": self.min_players,
                 "max": self.max_players, "default": self.min_players, "label": "option.players"}]
