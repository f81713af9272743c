"""Heptalion's rules object: options, the random setup, record notation and
results (RULES, the core.game.GameRules the host and the commands use)."""

from ...core.errors import RecordError
from ...core.game import GameRules
from . import layouts, own_boards, views
from .board import HAND_SIZES, SYMBOLS, TILE_INDEX, TILES, Placement
from .state import initial_state


class HeptalionRules(GameRules):
    name = "heptalion"
    min_players = 2
    max_players = 4

    first_seat_key = "first"

    def check_options(self, options):
        """No option combines with another: the defaults, in the record's order."""
        return {"players": options.get("players", 2), "hidden_hands": options.get("hidden_hands", False),
                "board": options.get("board", "original")}

    def keeps_secrets(self, options):
        return bool(options.get("hidden_hands"))

    def setup_from_settings(self, options, rng, fixed=None):
        """A board of one's own (option board "custom") from the settings' setup."""
        return own_boards.setup_from_settings(self, options, rng, fixed)

    def kept_setup(self, options, fixed, held):
        return own_boards.kept_setup(options, fixed, held)

    def lessons(self):
        from .lessons import LESSONS
        return LESSONS

    def board_report(self, data):
        """The board workshop's report on a board (own_boards.board_report)."""
        return own_boards.board_report(data)

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

    def suggestion_json(self, state, move):
        """The tile in hand and its two fields."""
        data = self.move_json_of(state, move)
        return {"move": data, "pieces": [{"piece": move.tile, "colour": None}],
                "cells": data["cells"]}

    def option_schema(self):
        return views.option_schema()


RULES = HeptalionRules()
