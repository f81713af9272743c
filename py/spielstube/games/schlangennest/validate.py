"""The static check of a setup's neutral cards (setup["area"], setup["neutral"]).

Not the placement rules (which forbid straights and curves outside the area):
this checks a laid-out neutral snake or frame for what the rulings demand of
it, so a record with a hand-made or broken layout is refused before play.
"""

from ...core.errors import RecordError
from .cards import AREA_KINDS, CURVE, DX, DY, EDGE_PART, FULL_HAND, KINDS, STRAIGHT, normalize_rotation
from .layouts import board_error, passages_for
from .snakes import CLOSED, component


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def neutral_colours(extra, players):
    """The colours no player has that the variant's layout uses."""
    if extra == "neutral":
        return (players,)
    if extra == "frame":
        return (2, 3)
    return ()


def read_area(data, size):
    """((x_lo, x_hi), (y_lo, y_hi)) from setup["area"], which must be ``size`` either way round."""
    if not isinstance(data, dict) or set(data) != {"x", "y"}:
        raise RecordError('setup.area must be {"x": [lo, hi], "y": [lo, hi]}')
    ranges = []
    for axis in ("x", "y"):
        r = data[axis]
        if not (isinstance(r, list) and len(r) == 2 and all(_is_int(v) for v in r) and r[0] <= r[1]):
            raise RecordError(f"setup.area.{axis} must be [lo, hi] with two integers, lo <= hi")
        ranges.append((r[0], r[1]))
    dims = sorted(hi - lo + 1 for lo, hi in ranges)
    if tuple(dims) != tuple(size):
        raise RecordError(f"setup.area is {ranges[0][1] - ranges[0][0] + 1}x{ranges[1][1] - ranges[1][0] + 1},"
                          f" the options say {size[0]}x{size[1]}")
    return tuple(ranges)


def read_cards(data, colours):
    """{cell: (kind, colour, rot)} from setup["neutral"]."""
    if not isinstance(data, list) or not data:
        raise RecordError('setup.neutral must be a list of {"colour", "card", "cell", "rot"}')
    cards = {}
    for i, entry in enumerate(data):
        if not isinstance(entry, dict) or set(entry) != {"colour", "card", "cell", "rot"}:
            raise RecordError(f'setup.neutral[{i}] must be {{"colour", "card", "cell", "rot"}}')
        colour, kind, cell, rot = entry["colour"], entry["card"], entry["cell"], entry["rot"]
        if colour not in colours or not _is_int(colour):
            raise RecordError(f"setup.neutral[{i}]: colour must be one of {list(colours)}")
        if kind not in KINDS:
            raise RecordError(f"setup.neutral[{i}]: card must be one of {', '.join(KINDS)}")
        if not (isinstance(cell, list) and len(cell) == 2 and all(_is_int(v) for v in cell)):
            raise RecordError(f"setup.neutral[{i}]: cell must be [x, y]")
        if not _is_int(rot) or not 0 <= rot <= 3:
            raise RecordError(f"setup.neutral[{i}]: rot must be 0..3")
        if tuple(cell) in cards:
            raise RecordError(f"setup.neutral[{i}]: two cards on {cell}")
        cards[tuple(cell)] = (kind, colour, normalize_rotation(kind, rot))
    for colour in colours:
        for kind in KINDS:
            count = sum(1 for k, c, _ in cards.values() if c == colour and k == kind)
            if count > FULL_HAND[kind]:
                raise RecordError(f"setup.neutral: colour {colour} has {count} {kind} cards, the set {FULL_HAND[kind]}")
    return cards


def _inside(cell, ranges):
    (xl, xh), (yl, yh) = ranges
    return xl <= cell[0] <= xh and yl <= cell[1] <= yh


def _check_neutral_snake(cards, ranges):
    (xl, xh), (yl, yh) = ranges
    if not all(_inside(c, ranges) for c in cards):
        raise RecordError("setup.neutral: every card of the neutral snake lies inside the area")
    body = [c for c, card in cards.items() if card[0] in AREA_KINDS]
    xs, ys = [c[0] for c in body], [c[1] for c in body]
    if (min(xs), max(xs), min(ys), max(ys)) != (xl, xh, yl, yh):
        raise RecordError("setup.neutral: the neutral snake's straights and curves must touch all four sides")
    mid_x = {(xl + xh) // 2, (xl + xh + 1) // 2}
    mid_y = {(yl + yh) // 2, (yl + yh + 1) // 2}
    if not any(c[0] in mid_x and c[1] in mid_y for c in body):
        raise RecordError("setup.neutral: the neutral snake must pass through the middle of the area")
    straights = sum(1 for c in body if cards[c][0] == STRAIGHT)
    if 2 * straights < len(body):
        raise RecordError("setup.neutral: at least half of the neutral snake's body cards are straights")


def _ring_distance(cell, ranges):
    (xl, xh), (yl, yh) = ranges
    return max(xl - cell[0], cell[0] - xh, yl - cell[1], cell[1] - yh, 0)


def _sides(ranges):
    """Per side: the fields just outside it, in order."""
    (xl, xh), (yl, yh) = ranges
    return {
        "west": [(xl - 1, y) for y in range(yl, yh + 1)],
        "east": [(xh + 1, y) for y in range(yl, yh + 1)],
        "north": [(x, yl - 1) for x in range(xl, xh + 1)],
        "south": [(x, yh + 1) for x in range(xl, xh + 1)],
    }


def _passages(cards, ranges, side_cells):
    """Grey paths that leave the area into these frame fields and come back onto it."""
    found = set()
    for cell in side_cells:
        for e in range(4):
            n = (cell[0] + DX[e], cell[1] + DY[e])
            if not _inside(n, ranges):
                continue
            kind, _c, rot = cards[cell]
            members, terms = component(cards, cell, EDGE_PART[kind][rot][e])
            if len(terms) == 2 and all(t is not CLOSED and _inside(
                    (t[0][0] + DX[t[1]], t[0][1] + DY[t[1]]), ranges) for t in terms):
                found.add(frozenset(members))
    return len(found)


def _check_frame(cards, ranges, colours):
    if any(_ring_distance(c, ranges) == 0 for c in cards):
        raise RecordError("setup.neutral: frame cards lie outside the area")
    if any(_ring_distance(c, ranges) > 2 for c in cards):
        raise RecordError("setup.neutral: frame cards lie on the ring just outside the area (a passage one further)")
    for (x, y), (_k, colour, _r) in cards.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = cards.get((x + dx, y + dy))
            if other is not None and other[1] != colour:
                raise RecordError("setup.neutral: the two frame colours never touch")
    (xl, xh), (yl, yh) = ranges
    long_sides = ("west", "east") if yh - yl >= xh - xl else ("north", "south")
    square = yh - yl == xh - xl
    sides = _sides(ranges)
    covered = {}
    for name, cells in sides.items():
        owners = {cards[c][1] for c in cells if c in cards}
        if all(c in cards for c in cells) and len(owners) == 1:
            covered[name] = owners.pop()
    pairs = (("west", "east"), ("north", "south")) if square else (long_sides,)
    pair = next((p for p in pairs if all(s in covered for s in p)), None)
    if pair is None or covered[pair[0]] == covered[pair[1]]:
        raise RecordError("setup.neutral: each frame colour covers one long side of the area")
    for name in pair:
        colour = covered[name]
        own = {c: card for c, card in cards.items() if card[1] == colour}
        side = sides[name]
        want = passages_for(len(side))
        if _passages(own, ranges, side) != want:
            raise RecordError(f"setup.neutral: the frame on the {name} side needs {want} passage(s)")
        outer = [c for c in own if _ring_distance(c, ranges) == 2]
        if any(own[c][0] != CURVE for c in outer):
            raise RecordError("setup.neutral: only a passage's curves lie beyond the ring")


def read_layout(extra, players, size, setup):
    """(cards, fixed ranges) of a setup's neutral cards; RecordError if the layout is not as ruled."""
    colours = neutral_colours(extra, players)
    ranges = read_area(setup.get("area"), size)
    cards = read_cards(setup.get("neutral"), colours)
    if {c for _k, c, _r in cards.values()} != set(colours):
        raise RecordError(f"setup.neutral must lay a snake of each colour {list(colours)}")
    reason = board_error(cards)
    if reason:
        raise RecordError(f"setup.neutral breaks a laydown rule: {reason}")
    if extra == "neutral":
        _check_neutral_snake(cards, ranges)
    else:
        _check_frame(cards, ranges, colours)
    return cards, ranges
