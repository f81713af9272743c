"""Schlangennest as a GameRules: options, setup, record notation, result."""

from ...core.errors import RecordError
from ...core.game import GameRules
from .cards import KINDS, STRAIGHT, normalize_rotation
from .state import Config, Pass, Place, SwapTail, TurnCurve, initial_state

# Area sizes from the rules' table, per number of players (a <= b).
AREAS = {
    2: {"easy": (6, 6), "recommended": (5, 7), "hard": (4, 8)},
    3: {"easy": (7, 7), "recommended": (6, 8), "hard": (4, 10)},
    4: {"easy": (8, 8), "recommended": (7, 9), "hard": (5, 11)},
}
DIFFICULTIES = ("easy", "recommended", "hard", "custom", "unlimited")
MAX_SIDE = 40  # a custom area larger than this is as good as unlimited
OPTION_NAMES = {"players", "area", "difficulty", "tail_first"}


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

    def normalize_options(self, options):
        options = dict(options or {})
        unknown = set(options) - OPTION_NAMES
        if unknown:
            raise RecordError(f"unknown Schlangennest option(s): {', '.join(sorted(unknown))}")
        players = options.get("players", 2)
        if not _is_int(players) or players not in AREAS:
            raise RecordError("players must be 2, 3 or 4")
        tail_first = options.get("tail_first", False)
        if not isinstance(tail_first, bool):
            raise RecordError("tail_first must be true or false")
        has_area = "area" in options
        size = options.get("area")
        if size is not None:
            if not (isinstance(size, (list, tuple)) and len(size) == 2 and all(_is_int(v) for v in size)
                    and all(1 <= v <= MAX_SIDE for v in size)):
                raise RecordError(f"area must be [a, b] with sides 1..{MAX_SIDE}, or null for unlimited")
            size = (min(size), max(size))
        difficulty = options.get("difficulty")
        if difficulty is None:
            if not has_area:
                difficulty = "recommended"
            elif size is None:
                difficulty = "unlimited"
            else:
                difficulty = next((d for d, s in AREAS[players].items() if s == size), "custom")
        if difficulty not in DIFFICULTIES:
            raise RecordError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        if difficulty == "unlimited":
            if size is not None:
                raise RecordError("an unlimited game has no area")
        elif difficulty == "custom":
            if size is None:
                raise RecordError("a custom difficulty needs an area [a, b]")
        else:
            table = AREAS[players][difficulty]
            if has_area and size != table:
                raise RecordError(f"{difficulty} with {players} players is {table[0]}x{table[1]}")
            size = table
        return {"players": players, "difficulty": difficulty,
                "area": list(size) if size is not None else None, "tail_first": tail_first}

    def random_setup(self, options, rng):
        options = self.normalize_options(options)
        return {"first": rng.below(options["players"])}

    def config(self, options, setup):
        options = self.normalize_options(options)
        if not isinstance(setup, dict) or set(setup) != {"first"}:
            raise RecordError('the setup must be {"first": seat}')
        first = setup["first"]
        if not _is_int(first) or not 0 <= first < options["players"]:
            raise RecordError("setup.first must be a seat index")
        size = tuple(options["area"]) if options["area"] is not None else None
        return Config(options["players"], size, options["tail_first"], first)

    def initial_state(self, options, setup):
        return initial_state(self.config(options, setup))

    def move_to_json(self, move):
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

    def move_from_json(self, data):
        if not isinstance(data, dict):
            raise RecordError("a move must be a JSON object")
        player = data.get("player")
        if not _is_int(player) or not 0 <= player < self.max_players:
            raise RecordError('"player" must be a seat index')
        action = data.get("action")
        if action == "pass":
            return Pass(player)
        if action == "place":
            kind = data.get("card")
            if kind not in KINDS:
                raise RecordError(f'"card" must be one of {", ".join(KINDS)}')
            return Place(player, kind, _cell(data), self._rot(data, kind))
        if action == "turn":
            direction = data.get("dir")
            if direction not in (1, -1) or isinstance(direction, bool):
                raise RecordError('"dir" of a turn must be 1 (clockwise) or -1')
            return TurnCurve(player, _cell(data), direction)
        if action == "swap":
            if data.get("card", "tail") != "tail":
                raise RecordError("only the tail card can be swapped in")
            return SwapTail(player, _cell(data), self._rot(data, "tail"))
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
        return {"winner": winner, "lengths": lengths, "ranking": ranking}

    def describe_json(self, state_before, move, viewer):
        from .json_views import describe_json
        return describe_json(state_before, move, viewer)

    def option_schema(self):
        from .json_views import option_schema
        return option_schema()

    def describe_move(self, move):
        if isinstance(move, Place):
            return f"{move.kind} {move.cell[0]},{move.cell[1]} r{move.rot}"
        if isinstance(move, TurnCurve):
            return f"turn {move.cell[0]},{move.cell[1]} {'+' if move.direction > 0 else '-'}"
        if isinstance(move, SwapTail):
            return f"swap {move.cell[0]},{move.cell[1]} r{move.rot}"
        return "pass"


RULES = SchlangennestRules()
