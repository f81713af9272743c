"""The one game interface every rules engine implements and every AI uses.

Modelled on OpenSpiel: a ``State`` knows whose turn it is, its legal moves,
how to apply one (returning a new state, the old one unchanged), whether it is
over and what each seat gets. A ``GameRules`` object turns options and a
setup (everything random, fixed up front) into the initial state and converts
moves to and from their JSON record notation.
"""

from abc import ABC, abstractmethod

from . import options as option_checker
from .history_entry import places_of
from .errors import IllegalMove, SettingsError

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
    """A game's definition: options, setup, initial state, move notation, and
    what the host and the command line ask of a game (its seats, its secrets,
    its fixed boards, how its moves are paced): each a declaration here with a
    neutral default, which a game overrides where it differs. The host looks
    no game up by name: it asks these."""

    name = ""
    min_players = 2
    max_players = 2
    # How the history names a game of these rules (core/history_entry.py GAMES) and the
    # origin every game of them has there (None: how it was started).
    history_origin = None

    @property
    def history_game(self):
        return self.name

    # -- options ---------------------------------------------------------------------
    def normalize_options(self, options):
        """Options with defaults filled in; RecordError on bad values (a SettingsError,
        with the host's reason code, where the schema tells what is wrong).

        The declared ``option_schema`` is checked first (core/options.py: types,
        ranges, ``when``, ``value_when``), then the game's ``check_options``.
        """
        schema = self.option_schema()
        given = option_checker.check(schema, options, self.name)
        complete = self.check_options(dict(given))
        option_checker.confirm(schema, complete, given)
        return complete

    def check_options(self, options):
        """The rules that combine options, which a schema cannot declare, and the
        options made complete.

        ``options`` holds the options given, each already of its declared type and
        range. Returns every option the game records, with the ones not given set
        (default: each declared default, in the schema's order); RecordError with a
        sentence a player can read for a combination the game does not play.
        """
        return {**option_checker.defaults(self.option_schema()), **options}

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

    # -- what the host asks of a game --------------------------------------------------
    def default_seats(self, players):
        """The seats of a new game whose settings name none: a person first, then
        the computer at level normal (seat specs as core/session.py keeps them)."""
        return (["human"] + ["ai:normal"] * players)[:players]

    @property
    def default_first(self):
        """Who starts a new game whose settings do not say: a seat index or "random"."""
        return 0

    @property
    def first_seat_key(self):
        """The key of ``random_setup``'s setup that names the seat moving first, which
        the host sets from the settings' ``first`` (None: the setup names none)."""
        return None

    def first_seat(self, setup):
        """The seat a setup lets move first (0 where it names none)."""
        key = self.first_seat_key
        return setup.get(key, 0) if key is not None and isinstance(setup, dict) else 0

    def keeps_secrets(self, options):
        """Whether persons sharing one device must not see each other's screen in a game
        with these options, even where the views do not differ yet (a secret still to be
        hidden). The host also compares the views themselves."""
        return False

    def setup_from_settings(self, options, rng, fixed=None):
        """A new game's setup from the host's settings: drawn from ``rng``, with the keys
        of ``fixed`` (the settings' ``setup``: a shared board, say) in place of the drawn
        ones and the seat moving first still to be set.

        SettingsError (``settings.setup_key``) for a key the setup has not or that names
        the first seat; a game whose fixed keys stand for more (a board code for its
        board) derives the rest here.
        """
        setup = dict(self.random_setup(options, rng))
        self.check_fixed_keys(setup, fixed)
        setup.update(fixed or {})
        return setup

    def check_fixed_keys(self, setup, fixed):
        """SettingsError (``settings.setup_key``) unless each key of ``fixed`` is one of
        ``setup`` and none names the first seat."""
        first = self.first_seat_key
        for key in fixed or {}:
            if key not in setup or key == first:
                raise SettingsError(f"{self.name} cannot fix {key!r} in its setup", "settings.setup_key",
                                    name=str(key), known=sorted(k for k in setup if k != first))

    def kept_setup(self, options, fixed, held):
        """The keys a new game fixes, with what it keeps of the game ``held`` (a
        core.session.Session, or None) when its settings ask for that without naming
        it (a rematch on one's own board). Default: ``fixed`` as it is."""
        return fixed

    def person_move(self, state, data):
        """A person's move from the page (record notation) in ``state``; RecordError if
        malformed. A game whose record notation holds what the page cannot know (a hint
        the move earns) completes it here or in ``apply``."""
        return self.move_from_json(data)

    def check_json(self, state, data):
        """The host's ``check`` intent: would a person's move ``data`` be legal in
        ``state``, and if not, why: ``{"legal": True, "move", "preview"}`` or
        ``{"legal": False, "code", "params", "message"}``. RecordError if malformed.
        A game whose page asks before a move is whole overrides it."""
        move = self.person_move(state, data)
        try:
            after = state.apply(move)
        except IllegalMove as exc:
            return {"legal": False, "code": exc.code, "params": dict(exc.params), "message": str(exc)}
        return {"legal": True, "move": self.move_to_json(after.last_move or move), "preview": None}

    def seen_positions(self, states, seat, rng):
        """The positions of a game (``states``: before each move, then the last) as ``seat``
        can tell them from what it sees in the last one, for a review of an unfinished game:
        nothing in them depends on what ``states[-1].player_view(seat)`` hides (the draws
        depend only on what it shows), and each move still leads from one to the next where
        the game overrides this. Default: each position determinized on its own (open games:
        the positions themselves)."""
        return [state.determinize(seat, rng) for state in states]

    def suggests(self, state):
        """Whether a person to act in ``state`` may ask for the computer's suggestion (the
        host also needs a person to act and a computer player of the game). A game says
        no where a choice is no judgement (a secret hidden at random)."""
        return not state.is_terminal()

    def suggestion_json(self, state, move):
        """A suggested ``move`` in ``state`` as the page marks it: ``{"move": the move as a
        person's page sends it, "pieces": [{"piece": data-piece code, "colour": data-colour
        or None}, ...], "cells": [[a, b], ...] (data-cell)}``. ``move`` was decided on a
        determinized state: nothing of it may tell what the seat cannot see."""
        return {"move": self.move_json_of(state, move), "pieces": [], "cells": []}

    def places(self, state):
        """The history entry's ``places`` of a finished game: per seat, 1 first, tied seats
        sharing a place (core/history_entry.py); None while it goes on. Default: from the
        result's ``ranking``, and a game without one (a puzzle alone) puts every seat first."""
        result = self.result_json(state)
        if result is None:
            return None
        ranking = result.get("ranking")
        if not ranking:
            return [1] * state.num_players
        return places_of(ranking, state.num_players)

    def history_extra(self, state):
        """What the history entry keeps beyond the places for this game's statistics
        (``extra``, core/history_entry.py); default none."""
        return {}

    def lessons(self):
        """The game's lessons (core/lessons.py: data the host plays, ``#<game>/learn``),
        in the order they are taught."""
        return ()

    def min_show_seconds(self, state):
        """At least how long a computer's move made in ``state`` stays in view before the
        next one, so that a person can follow it (0: the host's own minimum). A page's
        ``skip`` drops it for the rest of ``skip_scope``."""
        return 0.0

    def skip_scope(self, state):
        """The part of the game a ``skip`` in ``state`` covers: the host plays the
        computer's moves without ``min_show_seconds`` while this stays the same.
        Default: the whole game. Never None."""
        return 0

    def board_report(self, data):
        """The answer to the page's ``board`` intent (a board workshop): what the game
        makes of a board shown to it outside any game, as a JSON-ready dict; RecordError
        for one that is no board. None: the game has no such page."""
        return None
