"""Schlangennest as a GameRules: options, setup, record notation, result."""

from ...core.errors import RecordError
from ...core.game import GameRules
from . import layouts, options as option_rules, validate
from .cards import KINDS, STRAIGHT, normalize_rotation
from .options import MAX_SIDE  # noqa: F401 (the old page reads it from here)
from .state import Pass, Place, SwapTail, TurnCurve, initial_state
from .turns import Config

MAX_COLOURS = 4


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _cell(data):
    cell = data.get("cell")
    if not (isinstance(cell, list) and len(cell) == 2 and all(_is_int(v) for v in cell)):
        raise RecordError('"cell" must be [x, y] with two integers')
    return (cell[0], cell[1])


class SchlangennestRules(GameRules):
    name = "schlangennest"
    min_players = 2
    max_players = 4

    default_first = "random"
    first_seat_key = "first"

    def check_options(self, options):
        """The area and difficulty, the tails with two snakes, the variants that combine
        (options.check_options)."""
        return option_rules.check_options(options)

    def random_setup(self, options, rng):
        """Who starts, and with extra snakes the area and the neutral cards, all from ``rng``."""
        options = self.normalize_options(options)
        setup = {"first": rng.below(options["players"])}
        extra = options["extra"]
        if extra != "none":
            size = tuple(options["area"])
            colours = validate.neutral_colours(extra, options["players"])
            if extra == "neutral":
                cards, (width, height) = layouts.neutral_layout(size, colours[0], rng)
            else:
                cards, (width, height) = layouts.frame_layout(size, colours, rng)
            setup["area"] = {"x": [0, width - 1], "y": [0, height - 1]}
            setup["neutral"] = [{"colour": colour, "card": kind, "cell": list(cell), "rot": rot}
                                for cell, (kind, colour, rot) in sorted(cards.items())]
        return setup

    def config(self, options, setup):
        options = self.normalize_options(options)
        extra = options["extra"] != "none"
        keys = {"first", "area", "neutral"} if extra else {"first"}
        if not isinstance(setup, dict) or set(setup) != keys:
            raise RecordError('the setup must be {"first": seat, "area": {...}, "neutral": [...]}' if extra
                              else 'the setup must be {"first": seat}')
        first = setup["first"]
        if not _is_int(first) or not 0 <= first < options["players"]:
            raise RecordError("setup.first must be a seat index")
        size = tuple(options["area"]) if options["area"] is not None else None
        neutral, ranges = (), None
        if extra:
            cards, ranges = validate.read_layout(options["extra"], options["players"], size, setup)
            neutral = tuple(sorted(cards.items()))
        return Config(options["players"], size, options["tail_first"], first, options["snakes"],
                      options.get("two_snake_turn", "both"), neutral, ranges)

    def initial_state(self, options, setup):
        return initial_state(self.config(options, setup))

    def move_to_json(self, move):
        data = self._move_json(move)
        if move.colour is not None:
            data["colour"] = move.colour
        return data

    def _move_json(self, move):
        if isinstance(move, Place):
            return {"player": move.player, "action": "place", "card": move.kind,
                    "cell": list(move.cell), "rot": move.rot}
        if isinstance(move, TurnCurve):
            return {"player": move.player, "action": "turn", "cell": list(move.cell),
                    "dir": move.direction}
        if isinstance(move, SwapTail):
            return {"player": move.player, "action": "swap", "card": "tail",
                    "cell": list(move.cell), "rot": move.rot}
        if isinstance(move, Pass):
            return {"player": move.player, "action": "pass"}
        raise TypeError(f"not a Schlangennest move: {move!r}")

    def suggestion_json(self, state, move):
        """A card laid: the card in hand (with its colour, two snakes each) and its field; a
        ring's turn or the tail swap: the card on the board that changes."""
        data = self.move_json_of(state, move)
        pieces = [{"piece": move.kind, "colour": move.colour}] if isinstance(move, Place) else []
        return {"move": data, "pieces": pieces, "cells": [data["cell"]] if "cell" in data else []}

    def move_from_json(self, data):
        if not isinstance(data, dict):
            raise RecordError("a move must be a JSON object")
        player = data.get("player")
        if not _is_int(player) or not 0 <= player < self.max_players:
            raise RecordError('"player" must be a seat index')
        colour = data.get("colour")
        if colour is not None and (not _is_int(colour) or not 0 <= colour < MAX_COLOURS):
            raise RecordError(f'"colour" must be a colour 0..{MAX_COLOURS - 1}')
        action = data.get("action")
        if action == "pass":
            return Pass(player, colour)
        if action == "place":
            kind = data.get("card")
            if kind not in KINDS:
                raise RecordError(f'"card" must be one of {", ".join(KINDS)}')
            return Place(player, kind, _cell(data), self._rot(data, kind), colour)
        if action == "turn":
            direction = data.get("dir")
            if direction not in (1, -1) or isinstance(direction, bool):
                raise RecordError('"dir" of a turn must be 1 (clockwise) or -1')
            return TurnCurve(player, _cell(data), direction, colour)
        if action == "swap":
            if data.get("card", "tail") != "tail":
                raise RecordError("only the tail card can be swapped in")
            return SwapTail(player, _cell(data), self._rot(data, "tail"), colour)
        raise RecordError('"action" must be place, turn, swap or pass')

    @staticmethod
    def _rot(data, kind):
        rot = data.get("rot")
        if not _is_int(rot) or not 0 <= rot <= 3:
            raise RecordError('"rot" must be 0, 1, 2 or 3')
        return normalize_rotation(kind, rot) if kind == STRAIGHT else rot

    def result_json(self, state):
        if not state.is_terminal():
            return None
        lengths = list(state.lengths)
        order = sorted(set(lengths), reverse=True)
        ranking = [[s for s, v in enumerate(lengths) if v == value] for value in order]
        winner = ranking[0][0] if len(ranking[0]) == 1 else None
        result = {"winner": winner, "lengths": lengths, "ranking": ranking}
        if state.cfg.snakes == 2:
            result["snake_lengths"] = list(state.snake_lengths)
        return result

    def lessons(self):
        """Seven lessons, from the first card to the special cases (lessons.py)."""
        from .lessons import LESSONS
        return LESSONS

    def describe_json(self, state_before, move, viewer):
        from .views import describe_json
        return describe_json(state_before, move, viewer)

    def check_json(self, state, data):
        """The host's ``check`` intent: why a move is refused, or a preview of it (explain.py)."""
        from .explain import check_json
        return check_json(self, state, data)

    def option_schema(self):
        from .views import option_schema
        return option_schema()

    def describe_move(self, move):
        prefix = "" if move.colour is None else f"c{move.colour} "
        if isinstance(move, Place):
            return f"{prefix}{move.kind} {move.cell[0]},{move.cell[1]} r{move.rot}"
        if isinstance(move, TurnCurve):
            return f"{prefix}turn {move.cell[0]},{move.cell[1]} {'+' if move.direction > 0 else '-'}"
        if isinstance(move, SwapTail):
            return f"{prefix}swap {move.cell[0]},{move.cell[1]} r{move.rot}"
        return f"{prefix}pass"


RULES = SchlangennestRules()
