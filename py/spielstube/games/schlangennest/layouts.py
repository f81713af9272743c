"""Neutral snakes laid before the first move: the neutral snake and the frame.

See shared/design/rulings.md ("Schlangennest variants with extra snakes").
The area lies at x 0..W-1, y 0..H-1. A layout is built in a canonical
orientation, then turned and mirrored from the game's seed (every card's
mirror image is a rotation of the same kind, so this keeps the cards real).

- Neutral snake: a staircase of body cards from one corner field to the
  opposite one (a + b - 1 cards, the fewest that span the area), tail and head
  on the corner fields' free neighbours, through a central field, at least
  half straights, within the colour's 7 straights and 9 curves: so a + b <= 15.
- Frame: per unused colour one long side, on the ring just outside it, tail
  and head beyond the corners, straights along the side and one passage (two
  on sides of 10 or more fields): four curves bulging one field outward.
"""

from functools import lru_cache

from .cards import CURVE, FULL_HAND, HEAD, STRAIGHT, TAIL
from .snakes import BoardError, analyse_board

N, E, S, W = 0, 1, 2, 3
MAX_NEUTRAL_SUM = FULL_HAND[STRAIGHT] * 2 + 1  # a + b - 1 body cards, at least half straights


def rot_for(kind, edges):
    """The rotation at which a card's own part leaves by ``edges``."""
    if kind == STRAIGHT:
        return 0 if set(edges) == {N, S} else 1
    if kind == CURVE:
        return next(r for r in range(4) if {r, (r + 1) % 4} == set(edges))
    return edges[0]


# ----- transformations of an abstract layout: [(cell, kind, own edges, colour)] -------------

def _mirror_x(layout, width):
    swap = {E: W, W: E, N: N, S: S}
    return [((width - 1 - x, y), k, tuple(swap[e] for e in es), col) for (x, y), k, es, col in layout]


def _mirror_y(layout, height):
    swap = {N: S, S: N, E: E, W: W}
    return [((x, height - 1 - y), k, tuple(swap[e] for e in es), col) for (x, y), k, es, col in layout]


def _transpose(layout):
    swap = {N: W, W: N, E: S, S: E}
    return [((y, x), k, tuple(swap[e] for e in es), col) for (x, y), k, es, col in layout]


def _reverse(layout):
    """The same snake run the other way: its tail and head change places."""
    other = {TAIL: HEAD, HEAD: TAIL}
    return [(c, other.get(k, k), es, col) for c, k, es, col in layout]


def _orient(layout, width, height, rng):
    """Random mirror images, then maybe x and y swapped. Returns (layout, w, h)."""
    if rng.below(2):
        layout = _mirror_x(layout, width)
    if rng.below(2):
        layout = _mirror_y(layout, height)
    if rng.below(2):
        layout, width, height = _transpose(layout), height, width
    return layout, width, height


def to_cards(layout):
    return {cell: (kind, colour, rot_for(kind, edges)) for cell, kind, edges, colour in layout}


def board_error(cards):
    """Why the cards break a laydown rule or are not finished snakes, or None."""
    try:
        _labels, snakes = analyse_board(cards)
    except BoardError as exc:
        return str(exc)
    for colour in sorted({card[1] for card in cards.values()}):
        if snakes[colour].closed != 2:
            return f"the snake of colour {colour} is not closed by its tail and head"
    return None


# ----- the neutral snake -------------------------------------------------------------------

def _central(length):
    return {(length - 1) // 2, length // 2}


@lru_cache(maxsize=64)
def _staircases(width, height):
    """Step strings (E/S) from (0, 0) to (width-1, height-1) that make a legal neutral snake
    (a tuple: options checks the area on every normalisation, so it is remembered)."""
    body = width + height - 1
    out = []
    centre = {(x, y) for x in _central(width) for y in _central(height)}

    def walk(x, y, steps, straights, curves, through):
        if (x, y) in centre:
            through = True
        if x == width - 1 and y == height - 1:
            if through and 2 * straights >= body:
                out.append("".join(steps))
            return
        for step, nx, ny in (("E", x + 1, y), ("S", x, y + 1)):
            if nx >= width or ny >= height:
                continue
            s, c = straights, curves
            if steps:  # the cell (x, y) lies between steps[-1] and this step
                if steps[-1] == step:
                    s += 1
                else:
                    c += 1
            if s > FULL_HAND[STRAIGHT] or c + 2 > FULL_HAND[CURVE]:
                continue
            steps.append(step)
            walk(nx, ny, steps, s, c, through)
            steps.pop()

    walk(0, 0, [], 0, 0, False)
    return tuple(out)


def _staircase_layout(width, height, steps, colour):
    move = {"E": (1, 0, E), "S": (0, 1, S)}
    back = {E: W, S: N}
    first_tail = (0, 1) if steps[0] == "E" else (1, 0)
    layout = [(first_tail, TAIL, (N if steps[0] == "E" else W,), colour)]
    x, y = 0, 0
    entry = S if steps[0] == "E" else E  # the first cell is entered from its tail
    for step in steps:
        dx, dy, out_edge = move[step]
        kind = STRAIGHT if (entry + 2) % 4 == out_edge else CURVE
        layout.append(((x, y), kind, (entry, out_edge), colour))
        x, y, entry = x + dx, y + dy, back[out_edge]
    last = steps[-1]
    head_cell = (x, y - 1) if last == "E" else (x - 1, y)
    head_edge = S if last == "E" else E
    layout.append(((x, y), CURVE, (entry, N if last == "E" else W), colour))
    layout.append((head_cell, HEAD, (head_edge,), colour))
    return layout


def _neutral_problem(size):
    a, b = size
    if a + b > MAX_NEUTRAL_SUM:
        return (f"the neutral snake needs a + b <= {MAX_NEUTRAL_SUM}: spanning {a}x{b} takes "
                f"{a + b - 1} body cards, at least half of them straights, and a colour has "
                f"{FULL_HAND[STRAIGHT]} straights")
    if a < 2 or not _staircases(a, b):
        return f"no neutral snake fits the area {a}x{b} (it must span it, pass its middle and be at least half straights)"
    return None


def neutral_layout(size, colour, rng):
    """{cell: (kind, colour, rot)} and (width, height) of a neutral snake across ``size``."""
    a, b = size
    width, height = (a, b) if rng.below(2) else (b, a)
    options = list(_staircases(width, height))
    rng.shuffle(options)
    for steps in options:
        layout = _staircase_layout(width, height, steps, colour)
        if rng.below(2):
            layout = _reverse(layout)
        layout, w, h = _orient(layout, width, height, rng)
        cards = to_cards(layout)
        if board_error(cards) is None:
            return cards, (w, h)
    raise ValueError(_neutral_problem(size) or f"no legal neutral snake for {a}x{b}")


# ----- the frame -----------------------------------------------------------------------------

def passages_for(side):
    """Passages a frame colour makes along a side of ``side`` fields."""
    return 1 if side - 2 <= FULL_HAND[STRAIGHT] else 2


def _frame_problem(size):
    long_side = size[1]
    if long_side < 2:
        return "the frame needs a long side of at least 2 fields (a passage spans two)"
    count = passages_for(long_side)
    if long_side - 2 * count > FULL_HAND[STRAIGHT] or 4 * count > FULL_HAND[CURVE]:
        return (f"the frame needs a long side of at most 11 fields: a colour has "
                f"{FULL_HAND[STRAIGHT]} straights and {FULL_HAND[CURVE]} curves, and {size[0]}x{size[1]} "
                f"has sides of {long_side}")
    return None


def _west_side(height, starts, colour):
    """One frame colour along x = -1, tail north of the area, passages at ``starts``."""
    layout = [((-1, -1), TAIL, (S,), colour)]
    inner_top = set(starts)
    inner_bottom = {p + 1 for p in starts}
    for y in range(height):
        if y in inner_top:
            layout += [((-1, y), CURVE, (N, W), colour), ((-2, y), CURVE, (E, S), colour)]
        elif y in inner_bottom:
            layout += [((-2, y), CURVE, (N, E), colour), ((-1, y), CURVE, (W, S), colour)]
        else:
            layout.append(((-1, y), STRAIGHT, (N, S), colour))
    layout.append(((-1, height), HEAD, (N,), colour))
    return layout


def _passage_starts(height, count):
    if count == 1:
        return [(p,) for p in range(height - 1)]
    return [(p, q) for p in range(height - 1) for q in range(p + 2, height - 1)]


def frame_layout(size, colours, rng):
    """{cell: card} of the two frame colours around ``size`` and (width, height)."""
    width, height = size  # canonical: the long sides run north-south
    choices = _passage_starts(height, passages_for(height))
    for _ in range(4 * len(choices)):
        west = _west_side(height, rng.choice(choices), colours[0])
        east = _mirror_x(_west_side(height, rng.choice(choices), colours[1]), width)
        if rng.below(2):
            west = _reverse(west)
        if rng.below(2):
            east = _reverse(east)
        layout, w, h = _orient(west + east, width, height, rng)
        cards = to_cards(layout)
        if board_error(cards) is None:
            return cards, (w, h)
    raise ValueError(_frame_problem(size) or f"no legal frame for {size[0]}x{size[1]}")


def why_no_layout(extra, size):
    """The reason an area cannot hold the variant's layout, or None."""
    return _neutral_problem(size) if extra == "neutral" else _frame_problem(size)
