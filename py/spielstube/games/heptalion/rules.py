"""Heptalion's rules object: options, the random setup, record notation and
results (RULES, the core.game.GameRules the host and the commands use)."""

from ...core.errors import RecordError
from ...core.game import GameRules
from . import layouts, views
from .board import BOARD_KINDS, HAND_SIZES, SYMBOLS, TILE_INDEX, TILES, Placement
from .state import initial_state


class HeptalionRules(GameRules):
    name = "heptalion"
    min_players = 2
    max_players = 4

    def normalize_options(self, options):
        options = dict(options or {})
        unknown = set(options) - {"players", "hidden_hands", "board"}
        if unknown:
            raise RecordError(f"unknown Heptalion option(s): {', '.join(sorted(unknown))}")
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or players not in HAND_SIZES:
            raise RecordError("players must be 2, 3 or 4")
        hidden = options.get("hidden_hands", False)
        if not isinstance(hidden, bool):
            raise RecordError("hidden_hands must be true or false")
        board = options.get("board", "original")
        if board not in BOARD_KINDS:
            raise RecordError(f"board must be one of {', '.join(BOARD_KINDS)}")
        return {"players": players, "hidden_hands": hidden, "board": board}

    def random_setup(self, options, rng, first=None, custom=None):
        """``custom``: the 11 rows of an own board (option "board": "custom")."""
        options = self.normalize_options(options)
        players = options["players"]
        rows = layouts.setup_board_rows(options["board"], rng, custom)
        tiles = list(TILES)
        rng.shuffle(tiles)
        size = HAND_SIZES[players]
        hands = [sorted(tiles[i * size:(i + 1) * size]) for i in range(players)]
        discard = tiles[players * size] if players * size < len(TILES) else None
        if first is None:
            first = rng.below(players)
        return {"board": rows, "hands": hands, "discard": discard, "first": first}

    def initial_state(self, options, setup):
        options = self.normalize_options(options)
        if not isinstance(setup, dict):
            raise RecordError("setup must be an object")
        players = options["players"]
        board = layouts.checked_board(options["board"], setup.get("board"))
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise RecordError(f"setup must deal {players} hands")
        seen = set()
        for hand in hands:
            if not isinstance(hand, list) or len(hand) != HAND_SIZES[players]:
                raise RecordError(f"each hand must hold {HAND_SIZES[players]} tiles")
            for code in hand:
                if not isinstance(code, str) or code not in TILE_INDEX:
                    raise RecordError(f"{code!r} is not a tile code (two letters of {SYMBOLS}, sorted)")
                if code in seen:
                    raise RecordError(f"tile {code} is dealt twice")
                seen.add(code)
        discard = setup.get("discard")
        if players == 3:
            if not isinstance(discard, str) or discard not in TILE_INDEX or discard in seen:
                raise RecordError("with 3 players the setup names the one discarded tile")
        elif discard is not None:
            raise RecordError("only a 3-player game has a discarded tile")
        first = setup.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise RecordError("first must be a seat index")
        return initial_state(board, hands, first=first, discard=discard, hidden=options["hidden_hands"])

    def move_to_json(self, move, player=None):
        data = {"tile": move.tile, "cells": [list(move.cells[0]), list(move.cells[1])]}
        if player is not None:
            data = {"player": player, **data}
        return data

    def move_from_json(self, data):
        if not isinstance(data, dict):
            raise RecordError("a move must be an object")
        tile = data.get("tile")
        cells = data.get("cells")
        if not isinstance(tile, str) or tile not in TILE_INDEX:
            raise RecordError(f"{tile!r} is not a tile code")
        if (not isinstance(cells, list) or len(cells) != 2
                or not all(isinstance(c, list) and len(c) == 2
                           and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                           for c in cells)):
            raise RecordError('"cells" must be two [row, col] pairs')
        return Placement.make(tile, cells[0], cells[1])

    def result_json(self, state):
        if not state.is_terminal():
            return None
        winner = state.winner()
        others = [seat for seat in range(state.num_players) if seat != winner]
        return {"winner": winner, "ranking": [[winner], others]}

    def describe_move(self, move):
        (r1, c1), (r2, c2) = move.cells
        return f"{move.tile} {r1},{c1}-{r2},{c2}"

    def describe_json(self, state_before, move, viewer):
        return views.describe_json(state_before, move, viewer)

    def option_schema(self):
        return views.option_schema()


RULES = HeptalionRules()
