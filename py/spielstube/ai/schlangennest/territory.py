"""Schlangennest's territory evaluation (the strong level's).

The plain evaluation (agents.py) counts, for every snake, the free
fields its open ends can reach, so two snakes in one open region both count
all of it. Here one breadth-first fill starts from every playing colour's
open ends at once and each empty field goes to the colour that reaches it
first (a field reached by two at the same step goes to nobody, and so do the
fields behind it): a snake's growth is the room it can claim before a rival
does, at most the body cards in its hand. Neutral snakes do not grow and
claim nothing; fields outside the area's extent are walls.
"""

from ...games.schlangennest.cards import DX, DY
from ...games.schlangennest.turns import seat_colours

GROWTH_WEIGHT = 0.8
CLOSER_WEIGHT = 0.5  # an open end one's own head or tail card can still close
UNSTARTED = GROWTH_WEIGHT * 8  # a snake yet to start has everything ahead
MARGIN = 4  # an axis the area does not bound yet: the fill keeps this close to the cards
FREE, WALL, NOBODY = -2, -3, -1


def _bounds(state):
    xr, yr = state.extent()
    if xr is None or yr is None:
        xs = [c[0] for c in state.cards] or [0]
        ys = [c[1] for c in state.cards] or [0]
        xr = xr or (min(xs) - MARGIN, max(xs) + MARGIN)
        yr = yr or (min(ys) - MARGIN, max(ys) + MARGIN)
    return xr, yr


def territory(state, colours):
    """Per colour (an index of ``state.snakes``): the empty fields it reaches first."""
    (xlo, xhi), (ylo, yhi) = _bounds(state)
    w, h = xhi - xlo + 3, yhi - ylo + 3  # a ring of walls around the extent
    owner = [FREE] * (w * h)
    for i in range(w):
        owner[i] = owner[(h - 1) * w + i] = WALL
    for j in range(h):
        owner[j * w] = owner[j * w + w - 1] = WALL
    ox, oy = 1 - xlo, 1 - ylo
    for x, y in state.cards:
        if xlo <= x <= xhi and ylo <= y <= yhi:
            owner[x + ox + (y + oy) * w] = WALL
    step_of = [0] * (w * h)
    frontier = []
    snakes = state.snakes
    for colour in colours:
        snake = snakes[colour]
        for (cx, cy), e in (snake.open_ends if snake is not None else ()):
            x, y = cx + DX[e], cy + DY[e]
            if not (xlo <= x <= xhi and ylo <= y <= yhi):
                continue
            i = x + ox + (y + oy) * w
            if owner[i] == FREE:
                owner[i] = colour
                step_of[i] = 1
                frontier.append(i)
            elif owner[i] >= 0 and owner[i] != colour:
                owner[i] = NOBODY
    counts = [0] * len(snakes)
    moves = (1, -1, w, -w)
    step = 1
    while frontier:
        step += 1
        reached = []
        for i in frontier:
            o = owner[i]
            if o >= 0:
                counts[o] += 1
            for d in moves:
                n = i + d
                m = owner[n]
                if m == FREE:
                    owner[n] = o
                    step_of[n] = step
                    reached.append(n)
                elif m != o and m >= NOBODY and step_of[n] == step:
                    owner[n] = NOBODY  # two colours get there at the same step
        frontier = reached
    return counts


def territory_value(state, seat):
    """Own score minus the best rival's; a colour scores its length, the room it
    claims (up to its body cards) and its ends that can still be closed."""
    cfg = state.cfg
    seats = [seat_colours(cfg, s) for s in range(state.num_players)]
    room = territory(state, [c for colours in seats for c in colours])
    snakes, hands = state.snakes, state.hands_tuple
    scores = []
    for colours in seats:
        total = 0.0
        for colour in colours:
            snake = snakes[colour]
            if snake is None:
                total += UNSTARTED
            elif not snake.open_ends:
                total += snake.length
            else:
                hand = hands[colour]
                total += (snake.length + GROWTH_WEIGHT * min(room[colour], hand[0] + hand[1])
                          + CLOSER_WEIGHT * min(hand[2] + hand[3], len(snake.open_ends)))
        scores.append(total)
    return scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
