"""Schlangennest options: defaults, the area table, and which variants combine.

See shared/design/rulings.md ("Schlangennest variants with extra snakes"):
the neutral snake with 2-3 players and a bounded area; the frame with 2
players and a bounded area; two snakes per player with 2 players, no extra
snakes, tails first.
"""

from ...core.errors import RecordError
from . import layouts

# Area sizes from the rules' table, per number of players (a <= b); the
# table's alternatives are offered by name too.
AREAS = {
    2: {"easy": (6, 6), "recommended": (5, 7), "hard": (4, 8)},
    3: {"easy": (7, 7), "recommended": (6, 8), "hard": (4, 10), "alternative": (5, 9)},
    4: {"easy": (8, 8), "recommended": (7, 9), "hard": (5, 11), "alternative": (6, 10)},
}
DIFFICULTIES = ("easy", "recommended", "hard", "alternative", "custom", "unlimited")
EXTRAS = ("none", "neutral", "frame")
TWO_SNAKE_TURNS = ("both", "one")
MAX_SIDE = 40  # a custom area larger than this is as good as unlimited


def table_for(players, snakes):
    """The area table that applies: two snakes per player play on the 4-player table."""
    return AREAS[4] if snakes == 2 else AREAS[players]


def _area(options, players, snakes):
    """(difficulty, size or None) from the options' area and difficulty."""
    table = table_for(players, snakes)
    has_area = "area" in options
    size = options.get("area")
    if size is not None:
        size = (min(size), max(size))
    difficulty = options.get("difficulty")
    if difficulty is None:
        if not has_area:
            difficulty = "recommended"
        elif size is None:
            difficulty = "unlimited"
        else:
            difficulty = next((d for d, s in table.items() if s == size), "custom")
    if difficulty == "unlimited":
        if size is not None:
            raise RecordError("an unlimited game has no area")
    elif difficulty == "custom":
        if size is None:
            raise RecordError("a custom difficulty needs an area [a, b]")
    else:
        if difficulty not in table:
            raise RecordError(f"the rules' table names no {difficulty} area for {players} players")
        if has_area and size != table[difficulty]:
            a, b = table[difficulty]
            raise RecordError(f"{difficulty} with {players} players is {a}x{b}")
        size = table[difficulty]
    return difficulty, size


def check_options(options):
    """The options given (each of its declared type and range, core/options.py) made
    complete: the area from the difficulty's table or the difficulty from the area,
    tails first with two snakes per player; RecordError for variants that do not combine."""
    players = options.get("players", 2)
    snakes = options.get("snakes", 1)
    extra = options.get("extra", "none")
    tail_first = options.get("tail_first", snakes == 2)
    difficulty, size = _area(options, players, snakes)
    out = {"players": players, "difficulty": difficulty,
           "area": list(size) if size is not None else None, "tail_first": tail_first,
           "extra": extra, "snakes": snakes}
    if snakes == 2:
        if players != 2:
            raise RecordError("two snakes per player is a variant for 2 players")
        if extra != "none":
            raise RecordError("with two snakes per player all four colours are in play: "
                              "no neutral snake or frame is left")
        if not tail_first:
            raise RecordError("with two snakes per player the tails come first (tail_first true)")
        out["two_snake_turn"] = options.get("two_snake_turn", "both")
    elif "two_snake_turn" in options:
        raise RecordError("two_snake_turn needs two snakes per player (snakes 2)")
    if extra != "none":
        if size is None:
            raise RecordError(f"the {extra} variant needs a bounded area, not an unlimited one")
        if extra == "neutral" and players not in (2, 3):
            raise RecordError("the neutral snake is a variant for 2 or 3 players")
        if extra == "frame" and players != 2:
            raise RecordError("the frame is a variant for 2 players")
        problem = layouts.why_no_layout(extra, size)
        if problem:
            raise RecordError(problem)
    return out
