"""Topologic's match: two rounds on one board, seekers against a secret.

In each round one seat seeks and the other is the game master. The seeker's
first turn of a round is the entry (every seeker onto a border field); each
later turn moves any number of seekers, each at most one queen move. After
every turn the app computes the hint; a hint of 2 x seekers ends the round.
The seat that needed fewer hints as seeker wins the match.

Moves carry the player, the round, the seekers' new fields and the hint.
An agent leaves ``hint`` as None; ``apply`` computes it, and a state keeps
the annotated moves (``state.moves``), which are what a record stores.

Hiding a round's secret is the game master's move (``Hide``) at the start of
the round, unless the setup already holds it (records written before the
hide move: ``setup["secrets"]``); until it is hidden the game master is to act.
"""

from ...core.errors import IllegalMove, RecordError, SettingsError, TooManyMoves
from ...core.game import TERMINAL, GameRules, State
from .board import (
    LOCATIONS, build_board, decode_board_code, parse_location,
    random_board_code,
)
from .deduction import consistent_candidates, hint_for
from .moves import DEFAULT_OPTIONS, ROUNDS, SEEKER_COUNTS, Hide, Move  # noqa: F401 (SEEKER_COUNTS: for callers)


class TopologicState(State):
    """A position of the match. Immutable; ``apply`` returns a new state.

    What the UI reads:
      board           the Board: cells, border, tiles, queen moves
      seeker_count    3, 4 or 5
      round_index     0 or 1 (stays 1 when the match is over)
      current_player  the seat to act: the game master while the round's
                      secret is not hidden, else the seeker; TERMINAL when over
      seeker          the seat seeking this round (None when over)
      game_master     the other seat (None when over)
      in_entry        True before the entry turn of a round
      positions       seekers' fields (tuple of cells), None before the entry
      secret          this round's secret (colour, pips), None if not hidden yet
      secret_cell     the field of that secret
      notebook        this round's annotated moves; hint n is notebook[n - 1]
      rounds          the notebooks of every round begun, round 0 first
      candidates      fields consistent with every hint of this round
      counts          hints per seat as seeker so far, (seat 0, seat 1)
      moves           every annotated move of the match, for records
    """

    num_players = 2

    def __init__(self, board, seeker_count, secrets, first_seeker,
                 round_index=0, positions=None, rounds=((),), candidates=None, over=False,
                 last=None):
        self.board = board
        self.seeker_count = seeker_count
        self.secrets = tuple(secrets)
        self.first_seeker = first_seeker
        self.round_index = round_index
        self.positions = positions
        self.rounds = rounds
        self.candidates = board.cell_set if candidates is None else candidates
        self.over = over
        self.last = last  # the move that led here (a Move with its hint, or a Hide)

    # --- whose turn and what is known -------------------------------------

    @property
    def current_player(self):
        if self.over:
            return TERMINAL
        if self.secret is None:
            return 1 - self.seeker_of_round(self.round_index)
        return self.seeker_of_round(self.round_index)

    @property
    def seeker(self):
        return None if self.over else self.seeker_of_round(self.round_index)

    def seeker_of_round(self, round_index):
        return (self.first_seeker + round_index) % 2

    @property
    def game_master(self):
        return None if self.over else 1 - self.seeker

    @property
    def in_entry(self):
        return not self.over and self.positions is None

    @property
    def secret(self):
        return self.secrets[self.round_index]

    @property
    def secret_cell(self):
        secret = self.secret
        return None if secret is None else self.board.cell_of[secret]

    @property
    def awaiting_secret(self):
        """The game master of this round has not hidden the secret yet."""
        return not self.over and self.secret is None

    @property
    def notebook(self):
        return self.rounds[self.round_index]

    @property
    def full_hint(self):
        return 2 * self.seeker_count

    @property
    def counts(self):
        """Hints each seat needed (or has needed so far) as seeker."""
        counts = [0, 0]
        for round_index, notebook in enumerate(self.rounds):
            counts[self.seeker_of_round(round_index)] = len(notebook)
        return tuple(counts)

    @property
    def moves(self):
        """Every seeker turn of the match with its hint (hides not included)."""
        return tuple(move for notebook in self.rounds for move in notebook)

    @property
    def last_move(self):
        return self.last

    @property
    def undo_barrier(self):
        """Right after a confirmed seeker turn: a hint once given stands (shared/design/
        rulings.md), so undo never takes back that turn, its hint or anything before it
        (a later round's start included). Only a game master's hiding before the
        round's first hint may be taken back."""
        return isinstance(self.last, Move)

    # --- moves ------------------------------------------------------------

    def seeker_destinations(self, seeker):
        """Fields seeker ``seeker`` may end this turn on (its own field included)."""
        if self.over:
            return ()
        if self.positions is None:
            return tuple(sorted(self.board.border))
        here = self.positions[seeker]
        return tuple(sorted(self.board.queen_destinations(here) + (here,)))

    def make_move(self, seekers):
        """The move of the player to act that puts the seekers on ``seekers``."""
        return Move(self.current_player, self.round_index, tuple(tuple(c) for c in seekers))

    def hide_move(self, location):
        """The game master's move hiding this round's secret at ``location``."""
        return Hide(self.game_master, tuple(location), self.round_index)

    def legal_moves(self):
        """The game master's hides (all 60); TooManyMoves on a seeker turn.

        All seeker turns are too many to list (border fields ** seekers in the
        entry, about 20 ** seekers later): ``seeker_destinations`` gives each
        seeker's full choice, ``sample_moves`` a representative set.
        """
        if self.over:
            return []
        if self.secret is None:
            return [self.hide_move(location) for location in LOCATIONS]
        raise TooManyMoves("a Topologic seeker turn has too many moves to list: "
                           "use seeker_destinations (or sample_moves)")

    def sample_moves(self):
        """A representative set of legal moves, for tests and simple players.

        On a seeker turn: every entry with all seekers on one border field,
        and later every turn that moves a single seeker (plus the turn moving
        none). On the game master's turn: every hide. ``apply`` checks any
        move exactly.
        """
        if self.over or self.secret is None:
            return self.legal_moves()
        n = self.seeker_count
        if self.positions is None:
            return [self.make_move((cell,) * n) for cell in sorted(self.board.border)]
        moves = [self.make_move(self.positions)]
        for i, here in enumerate(self.positions):
            for dest in self.board.queen_destinations(here):
                seekers = self.positions[:i] + (dest,) + self.positions[i + 1:]
                moves.append(self.make_move(seekers))
        return moves

    def check_move(self, move):
        """Raises IllegalMove with a reason code unless ``move`` is legal here."""
        if self.over:
            raise IllegalMove("the match is over", "topologic.game_over")
        if not isinstance(move, (Move, Hide)):
            raise IllegalMove(f"not a Topologic move: {move!r}", "topologic.not_a_move")
        if isinstance(move, Hide):
            return self._check_hide(move)
        if self.secret is None:
            raise IllegalMove(f"the game master has not hidden the secret of round {self.round_index} yet",
                              "topologic.secret_not_hidden", round=self.round_index)
        if move.player != self.current_player:
            raise IllegalMove(f"player {self.current_player} seeks now, not player {move.player}",
                              "topologic.not_your_turn", seat=move.player, to_move=self.current_player)
        if move.round != self.round_index:
            raise IllegalMove(f"this is round {self.round_index}, not round {move.round}",
                              "topologic.wrong_round", round=move.round, current=self.round_index)
        if len(move.seekers) != self.seeker_count:
            raise IllegalMove(f"{len(move.seekers)} seekers given, the match uses {self.seeker_count}",
                              "topologic.seeker_count", given=len(move.seekers), expected=self.seeker_count)
        board = self.board
        for i, cell in enumerate(move.seekers):
            if cell not in board.cell_set:
                raise IllegalMove(f"seeker {i}: there is no field at {list(cell)}",
                                  "topologic.no_field", seeker=i, cell=list(cell))
            if self.positions is None:
                if cell not in board.border:
                    raise IllegalMove(f"seeker {i} must enter on a border field, {list(cell)} is not one",
                                      "topologic.not_border", seeker=i, cell=list(cell))
            else:
                here = self.positions[i]
                if cell != here and cell not in board.queen_destinations(here):
                    raise IllegalMove(
                        f"seeker {i} cannot reach {list(cell)} from {list(here)} in one queen move",
                        "topologic.unreachable", seeker=i, cell=list(cell), start=list(here))
        if move.hint is not None:
            computed = hint_for(board, move.seekers, self.secret_cell)
            if move.hint != computed:
                raise IllegalMove(f"the recorded hint {move.hint} differs from the computed hint {computed}",
                                  "topologic.wrong_hint", hint=move.hint, computed=computed)

    def _check_hide(self, move):
        if self.secret is not None:
            raise IllegalMove("the secret of this round is already hidden",
                              "topologic.secret_already_hidden", round=self.round_index)
        if move.player != self.current_player:
            raise IllegalMove(f"player {self.current_player} hides the secret now, not player {move.player}",
                              "topologic.not_your_turn", seat=move.player, to_move=self.current_player)
        if move.round is not None and move.round != self.round_index:
            raise IllegalMove(f"this is round {self.round_index}, not round {move.round}",
                              "topologic.wrong_round", round=move.round, current=self.round_index)
        if tuple(move.secret) not in self.board.cell_of:
            raise IllegalMove(f"no location {move.secret!r}", "topologic.unknown_location",
                              secret=repr(move.secret))

    def apply(self, move):
        self.check_move(move)
        if isinstance(move, Hide):
            secrets = list(self.secrets)
            secrets[self.round_index] = tuple(move.secret)
            return self._replace(secrets=tuple(secrets), last=Hide(move.player, tuple(move.secret), self.round_index))
        hint = hint_for(self.board, move.seekers, self.secret_cell)
        move = move.with_hint(hint)
        notebook = self.notebook + (move,)
        rounds = self.rounds[:self.round_index] + (notebook,)
        if hint == self.full_hint:
            if self.round_index + 1 < ROUNDS:
                return self._replace(round_index=self.round_index + 1, positions=None,
                                     rounds=rounds + ((),), candidates=self.board.cell_set, last=move)
            return self._replace(positions=move.seekers, rounds=rounds,
                                 candidates=frozenset((self.secret_cell,)), over=True, last=move)
        candidates = consistent_candidates(self.board, self.candidates, move.seekers, hint)
        return self._replace(positions=move.seekers, rounds=rounds, candidates=candidates, last=move)

    def _replace(self, **changes):
        fields = {
            "board": self.board, "seeker_count": self.seeker_count, "secrets": self.secrets,
            "first_seeker": self.first_seeker, "round_index": self.round_index,
            "positions": self.positions, "rounds": self.rounds,
            "candidates": self.candidates, "over": self.over, "last": self.last,
        }
        fields.update(changes)
        return TopologicState(**fields)

    # --- outcome and hidden information -----------------------------------

    def returns(self):
        if not self.over:
            return [0.0, 0.0]
        a, b = self.counts
        if a == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if a < b else [0.0, 1.0]

    def winner(self):
        """The seat with fewer hints, None for a draw or a match not over."""
        if not self.over:
            return None
        a, b = self.counts
        return None if a == b else (0 if a < b else 1)

    def key(self):
        return (self.round_index, self.positions, self.rounds, self.secrets, self.over)

    def determinize(self, seat, rng):
        """The secrets ``seat`` cannot know replaced by draws consistent with the hints.

        A round's secret is hidden from that round's seeker until the round
        ends: the current one is drawn from the candidates, a later one from
        all locations.
        """
        if self.over:
            return self
        secrets = list(self.secrets)
        for round_index in range(self.round_index, ROUNDS):
            if self.seeker_of_round(round_index) != seat:
                continue
            secrets[round_index] = self.draw_secret(round_index, rng)
        return self._replace(secrets=tuple(secrets))

    def draw_secret(self, round_index, rng):
        """A secret for ``round_index`` as its seeker may guess it: the current round's from
        the places its hints leave, a later one's from all locations."""
        if round_index == self.round_index:
            cells = sorted(self.candidates)
            return self.board.tiles[cells[rng.below(len(cells))]]
        return LOCATIONS[rng.below(len(LOCATIONS))]

    def player_view(self, seat):
        from .views import player_view
        return player_view(self, seat)

    def __repr__(self):
        where = "over" if self.over else f"round {self.round_index}, seat {self.current_player} to act"
        return f"<Topologic {self.board.code} {where}, hints {self.counts}>"


# A computer's seeking turn stays at least this long (seconds), so a person can follow the hints.
SEEKING_SECONDS = 1.0


class TopologicRules(GameRules):
    name = "topologic"
    min_players = 2
    max_players = 2

    default_first = 0
    first_seat_key = "first_seeker"  # the seat that seeks in the first round

    def default_seats(self, players):
        """A person against the strong seeker (the computer's game master only hides)."""
        return ["human", "ai:strong"]

    def check_options(self, options):
        """Always 2 players, which records do not name: the seekers and the shape."""
        return {"seekers": options.get("seekers", DEFAULT_OPTIONS["seekers"]),
                "shape": options.get("shape", DEFAULT_OPTIONS["shape"])}

    def keeps_secrets(self, options):
        """The game master's secret, also while it is still to be hidden."""
        return True

    def setup_from_settings(self, options, rng, fixed=None):
        """A board code fixed by the settings brings its tiles along."""
        setup = super().setup_from_settings(options, rng, fixed)
        if fixed and "board" in fixed:
            try:
                board = build_board(fixed["board"])
            except (RecordError, ValueError, TypeError) as exc:
                raise SettingsError(str(exc), "settings.setup", detail=str(exc), name="board",
                                    value=str(fixed["board"])) from None
            setup.update(board=board.code, tiles=board.tiles_json())
        return setup

    def person_move(self, state, data):
        """A seeker turn from the page comes without its hint (the page cannot know it):
        the true state computes it when the move is played."""
        if isinstance(data, dict) and "seekers" in data and "hint" not in data and "action" not in data:
            full = {"player": state.current_player, "round": state.round_index, **data, "hint": 0}
            return self.move_from_json(full).with_hint(None)
        return self.move_from_json(data)

    def seen_positions(self, states, seat, rng):
        """Every secret ``seat`` does not see in the last position (views.secret_visible)
        replaced in every position by one draw (``draw_secret``; a hide's move too). Hints
        and the places they leave are public and stay; a hint a turn not made would earn
        follows the draw."""
        from .views import secret_visible
        final = states[-1]
        drawn = {}
        for round_index, secret in enumerate(final.secrets):
            if secret is None or secret_visible(final, round_index, seat):
                continue
            drawn[round_index] = final.draw_secret(round_index, rng)
        if not drawn:
            return list(states)
        seen = []
        for state in states:
            last = state.last
            if isinstance(last, Hide) and last.round in drawn:
                last = Hide(last.player, drawn[last.round], last.round)
            seen.append(state._replace(secrets=tuple(None if secret is None else drawn.get(r, secret)
                                                     for r, secret in enumerate(state.secrets)), last=last))
        return seen

    def history_extra(self, state):
        """The hints each seat needed as seeker (so far, in a round under way; None for a
        seat whose round has not begun): the statistics compare them."""
        hints = [None, None]
        for round_index, notebook in enumerate(state.rounds):
            hints[state.seeker_of_round(round_index)] = len(notebook)
        return {"seeker_hints": hints}

    def suggests(self, state):
        """Not the hide: the computer hides at random, so it has nothing to suggest."""
        return not state.over and not state.awaiting_secret

    def suggestion_json(self, state, move):
        """Every seeker's destination, as the page sends a seeker turn: without the hint,
        which the suggester's drawn secret made and the true one may not share."""
        seekers = [list(cell) for cell in move.seekers]
        return {"move": {"player": move.player, "seekers": seekers},
                "pieces": [], "cells": seekers}

    def lessons(self):
        """The lessons of games/topologic/lessons.py, in teaching order."""
        from .lessons import LESSONS
        return LESSONS

    def min_show_seconds(self, state):
        """A computer's seeking turn stays SEEKING_SECONDS, so a person can follow the hints."""
        return 0.0 if state.awaiting_secret else SEEKING_SECONDS

    def skip_scope(self, state):
        """A ``skip`` covers the rest of the round."""
        return state.round_index

    def random_setup(self, options, rng):
        options = self.normalize_options(options)
        board = build_board(random_board_code(options["shape"], rng))
        # No secrets: each round's game master hides one by a move.
        return {"board": board.code, "tiles": board.tiles_json(), "first_seeker": rng.below(2)}

    def initial_state(self, options, setup):
        options = self.normalize_options(options)
        if not isinstance(setup, dict):
            raise RecordError("the setup must be an object")
        unknown = set(setup) - {"board", "tiles", "secrets", "first_seeker"}
        if unknown:
            raise RecordError(f"unknown setup field(s): {', '.join(sorted(map(str, unknown)))}")
        code = setup.get("board")
        shape, _ = decode_board_code(code)
        if shape != options["shape"]:
            raise RecordError(f"the board code {code!r} is a {shape} board, the options say {options['shape']}")
        board = build_board(code)
        tiles = setup.get("tiles")
        if tiles is not None and tiles != board.tiles_json():
            raise RecordError(f"the tiles in the setup are not the board {board.code}")
        secrets = setup.get("secrets", [None, None])
        if not isinstance(secrets, list) or len(secrets) != ROUNDS:
            raise RecordError('"secrets" must be a list of two locations (or nulls)')
        secrets = tuple(None if s is None else parse_location(s) for s in secrets)
        first = setup.get("first_seeker")
        if first not in (0, 1) or isinstance(first, bool):
            raise RecordError('"first_seeker" must be 0 or 1')
        return TopologicState(board, options["seekers"], secrets, first)

    def setup_for(self, board, first_seeker, secrets=(None, None)):
        """A setup dict for a given board (e.g. rebuilt from a shared code).

        Secrets given here are the older form; new games hide them by moves.
        """
        setup = {"board": board.code, "tiles": board.tiles_json(), "first_seeker": first_seeker}
        if any(s is not None for s in secrets):
            setup["secrets"] = [None if s is None else list(s) for s in secrets]
        return setup

    def move_to_json(self, move):
        if isinstance(move, Hide):
            return {"player": move.player, "action": "hide", "secret": list(move.secret)}
        if move.hint is None:
            raise ValueError("a Topologic move is recorded with its hint: record state.moves, "
                             "the moves as applied")
        return {
            "player": move.player,
            "round": move.round,
            "seekers": [list(cell) for cell in move.seekers],
            "hint": move.hint,
        }

    def move_from_json(self, data):
        if not isinstance(data, dict):
            raise RecordError("a Topologic move must be an object")
        if "action" in data:
            return self._hide_from_json(data)
        if set(data) != {"player", "round", "seekers", "hint"}:
            raise RecordError('a Topologic move has exactly "player", "round", "seekers" and "hint"')

        def small_int(name, low, high):
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RecordError(f'"{name}" must be an integer from {low} to {high}, got {value!r}')
            return value

        player = small_int("player", 0, 1)
        round_index = small_int("round", 0, ROUNDS - 1)
        hint = small_int("hint", 0, 2 * max(SEEKER_COUNTS))
        seekers = data["seekers"]
        if not isinstance(seekers, list) or not 1 <= len(seekers) <= max(SEEKER_COUNTS):
            raise RecordError('"seekers" must be a list of [row, col] fields, one per seeker')
        cells = []
        for cell in seekers:
            if (not isinstance(cell, list) or len(cell) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
                raise RecordError(f"a field must be [row, col], got {cell!r}")
            cells.append((cell[0], cell[1]))
        return Move(player, round_index, tuple(cells), hint)

    @staticmethod
    def _hide_from_json(data):
        """A hide move; its round is the one whose game master is to act."""
        if data.get("action") != "hide" or set(data) != {"player", "action", "secret"}:
            raise RecordError('a hide move has exactly "player", "action": "hide" and "secret"')
        player = data["player"]
        if player not in (0, 1) or isinstance(player, bool):
            raise RecordError(f'"player" must be 0 or 1, got {player!r}')
        return Hide(player, parse_location(data["secret"]))

    def result_json(self, state):
        if not state.is_terminal():
            return None
        winner = state.winner()
        return {
            "winner": winner,
            "counts": list(state.counts),
            "ranking": [[0, 1]] if winner is None else [[winner], [1 - winner]],
        }

    def legal_json(self, state):
        from .views import legal_json
        return legal_json(self, state)

    def describe_json(self, state_before, move, viewer):
        from .views import describe_json
        return describe_json(state_before, move, viewer)

    def option_schema(self):
        from .views import option_schema
        return option_schema()

    def describe_move(self, move):
        if isinstance(move, Hide):
            return f"R{'?' if move.round is None else move.round + 1}: player {move.player} hides"
        fields = " ".join(f"{r},{c}" for r, c in move.seekers)
        hint = "?" if move.hint is None else move.hint
        return f"R{move.round + 1}: {fields} -> {hint}"


RULES = TopologicRules()
