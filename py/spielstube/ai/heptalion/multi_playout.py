"""The playouts of the 3-4 player search (multi.py): from a leaf of the tree
to the end of the game, with the placement policy and the exact duel values.

A placement of a playout is, in this order:
- with ``decisive``, one that leaves the next player no placement, if there
  is one (they are out at once: a player who sees it plays it);
- else, with chance ``urgent``, a placement of a tile with the fewest free
  positions (urgent_move), else one at random;
- with ``decisive``, not one that leaves the mover itself no placement for
  its next turn while another keeps one (nobody walks into that).
"""

from ...core.game import TERMINAL
from .position import has_move, moves_of

# Kills are looked for only while the next player has at most this many free
# positions (collecting more costs a third of the playout's time): in 5,000
# states of random 3-player games every kill had 1 or 2 (a placement can
# touch up to 7 positions, but 3 or more of one hand hardly ever).
DECISIVE_FREE = 3


def advance(occ, hands, alive, seat, positions):
    """The next seat to move after ``seat`` (TERMINAL if one is left); marks
    players without a placement as out in ``alive`` (a list), as the engine does."""
    n = len(hands)
    remaining = alive.count(True)
    nxt = seat
    while True:
        if remaining == 1:
            return TERMINAL
        nxt = (nxt + 1) % n
        if not alive[nxt]:
            continue
        if has_move(occ, hands[nxt], positions):
            return nxt
        alive[nxt] = False
        remaining -= 1


def urgent_move(occ, hand, positions, rng):
    """A placement of one of the tiles with the fewest free positions (the
    ones a neighbour's move may soon make useless), at random among them."""
    best = []
    fewest = 99
    while hand:
        low = hand & -hand
        hand ^= low
        t = low.bit_length() - 1
        free = [mask for mask in positions[t] if not occ & mask]
        k = len(free)
        if k and k <= fewest:
            if k < fewest:
                fewest = k
                best = []
            for mask in free:
                best.append((t, mask))
    return best[rng.below(len(best))]


def urgent_among(moves, rng):
    """urgent_move's choice (the same draw) from the mover's ``moves`` as
    moves_of lists them, tile by tile: no second pass over the hand."""
    best = []
    fewest = 99
    i, n = 0, len(moves)
    while i < n:
        t = moves[i][0]
        j = i + 1
        while j < n and moves[j][0] == t:
            j += 1
        if j - i < fewest:
            fewest = j - i
            best = moves[i:j]
        elif j - i == fewest:
            best.extend(moves[i:j])
        i = j
    return best[rng.below(len(best))]


def _free_positions(occ, hand, positions, limit):
    """The free positions of ``hand`` (field masks), or None past ``limit``."""
    out = []
    while hand:
        low = hand & -hand
        hand ^= low
        for mask in positions[low.bit_length() - 1]:
            if not occ & mask:
                if len(out) == limit:
                    return None
                out.append(mask)
    return out


def killing_moves(occ, hands, alive, seat, moves, positions):
    """The placements of ``moves`` after which the next player still in has
    no placement (so is out at once), if they have at most DECISIVE_FREE
    free positions; else, or if they have none already, none."""
    n = len(hands)
    nxt = (seat + 1) % n
    while not alive[nxt]:
        nxt = (nxt + 1) % n
    if nxt == seat:
        return []
    free = _free_positions(occ, hands[nxt], positions, DECISIVE_FREE)
    if not free:
        return []
    return [move for move in moves if all(f & move[1] for f in free)]


def keeps_a_move(move, moves):
    """Whether the mover, with ``moves`` its placements now, still has one
    after ``move`` (another tile on fields ``move`` leaves free)."""
    t, mask = move
    for t2, m2 in moves:
        if t2 != t and not m2 & mask:
            return True
    return False


def playout_move(occ, hands, alive, seat, positions, rng, urgent, decisive):
    """One placement of the playout policy (the module's docstring)."""
    if not decisive:
        if urgent and rng.random() < urgent:
            return urgent_move(occ, hands[seat], positions, rng)
        moves = moves_of(occ, hands[seat], positions)
        return moves[rng.below(len(moves))]
    moves = moves_of(occ, hands[seat], positions)
    kills = killing_moves(occ, hands, alive, seat, moves, positions)
    if kills:
        return kills[rng.below(len(kills))]
    if urgent and rng.random() < urgent:
        move = urgent_among(moves, rng)
    else:
        move = moves[rng.below(len(moves))]
    if keeps_a_move(move, moves):
        return move
    safe = [m for m in moves if keeps_a_move(m, moves)]
    return safe[rng.below(len(safe))] if safe else move


def duel_value(occ, hands, alive, seat, duel):
    """Per-seat values once two players are left: the exact result from
    ``duel(occ, mover's tiles, other's tiles)`` (True: the mover wins), or
    None when it cannot decide in its budget."""
    other = seat
    for p, a in enumerate(alive):
        if a and p != seat:
            other = p
    won = duel(occ, hands[seat], hands[other])
    if won is None:
        return None
    out = [0.0] * len(alive)
    out[seat if won else other] = 1.0
    return out


def leaf_value(occ, hands, alive, seat, positions, rng, urgent, played, duel=None,
               decisive=False):
    """Per-seat values: the real result at the end of a playout of
    playout_move's placements. Appends (seat, move) to ``played``. With
    ``duel``, a playout stops once two players are left and takes the exact
    result: a random end of a duel is mostly noise, and the duel right after
    the first elimination is nearly always decided by the solver's bounds at
    once."""
    while seat != TERMINAL:
        if duel is not None and alive.count(True) == 2:
            value = duel_value(occ, hands, alive, seat, duel)
            if value is not None:
                return value
            duel = None  # undecided: play it out
        move = playout_move(occ, hands, alive, seat, positions, rng, urgent, decisive)
        played.append((seat, move))
        t, mask = move
        occ |= mask
        hands[seat] &= ~(1 << t)
        seat = advance(occ, hands, alive, seat, positions)
    return [1.0 if a else 0.0 for a in alive]
