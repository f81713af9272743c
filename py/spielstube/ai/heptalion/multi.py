"""Information-set MCTS for 3-4 player Heptalion, on bitmasks.

The tree is the generic one of ai/search/mcts.py, specialised to Heptalion's
bitmask positions (occupied fields, one tile mask per seat) so that an
iteration costs a few dictionary look-ups instead of engine states. A leaf is
scored by a playout to the end of the game (multi_playout.py); with ``duel``,
the solver's exact result once two players are left.

Hidden hands: every iteration re-deals the hands the searching seat cannot
see (as ``HeptalionState.determinize`` does: the draw depends only on what
that seat sees), and a child's chances are counted by how often its move was
available (single-observer ISMCTS). Open hands: one tree over the real deal.
"""

import gc
import math

from ...core.game import TERMINAL
from ..clock import now
from .multi_playout import advance, leaf_value, urgent_move  # noqa: F401 (callers)
from .position import moves_of

CHECK_EVERY = 8  # iterations between clock reads


class _Node:
    # No parent link: the tree has no reference cycles, so it is freed at once
    # when the search returns (backpropagation walks the iteration's path).
    __slots__ = ("player", "children", "untried", "visits", "value", "avail", "amaf")

    def __init__(self, player):
        self.player = player  # who made the move into this node
        self.children = {}
        self.untried = None
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.amaf = {}  # move of the player to move here -> [count, value] (RAVE)


def redeal(hands, seat, rng):
    """Hands with every tile ``seat`` cannot see re-dealt at random (sizes kept)."""
    unseen = []
    sizes = []
    for other, hand in enumerate(hands):
        if other != seat:
            h = hand
            while h:
                low = h & -h
                h ^= low
                unseen.append(low.bit_length() - 1)
            sizes.append(hand.bit_count())
    unseen.sort()
    rng.shuffle(unseen)
    out = list(hands)
    pos = 0
    k = 0
    for other in range(len(hands)):
        if other != seat:
            mask = 0
            for t in unseen[pos:pos + sizes[k]]:
                mask |= 1 << t
            out[other] = mask
            pos += sizes[k]
            k += 1
    return out


def winning_move(positions, occ, hands, alive, seat):
    """A placement after which no other player can place (the game is won at
    once), or None. The search would find it too, but RAVE's blend of values
    is slow to trust a move that only wins when made now."""
    for t, mask in moves_of(occ, hands[seat], positions):
        after = list(hands)
        after[seat] &= ~(1 << t)
        if advance(occ | mask, after, list(alive), seat, positions) == TERMINAL:
            return t, mask
    return None


def _amaf_update(node, moves, value):
    amaf = node.amaf
    for move in moves:
        entry = amaf.get(move)
        if entry is None:
            amaf[move] = [1, value]
        else:
            entry[0] += 1
            entry[1] += value


def search(positions, occ, hands, alive, seat, rng, *, hidden, seconds=None, iterations=None,
           exploration=0.5, urgent=0.0, rave=0.0, duel=None, decisive=False, clock=now, stats=None):
    """The search below with the cyclic garbage collector paused: the tree
    allocates thousands of objects a move, and the full collections that
    triggers made some moves overrun a 50 ms budget by up to 60 ms. The tree
    has no cycles, so nothing piles up meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _search(positions, occ, hands, alive, seat, rng, hidden=hidden, seconds=seconds,
                       iterations=iterations, exploration=exploration, urgent=urgent, rave=rave,
                       duel=duel, decisive=decisive, clock=clock, stats=stats)
    finally:
        if was_enabled:
            gc.enable()


def _search(positions, occ, hands, alive, seat, rng, *, hidden, seconds, iterations,
            exploration, urgent, rave, duel, decisive, clock, stats):
    """Visit counts per root move (tile index, field mask) and the iteration count.

    ``stats``, a dict, gets per root move (visits, mean value for the searching
    seat): what a review judges a move by (left empty when a placement wins at once).

    ``rave`` > 0 blends in all-moves-as-first values (RAVE): a placement
    keeps most of its worth whenever it is made, so every later move of the
    same player in an iteration counts for it too; the weight of those
    values falls as sqrt(rave / (3 visits + rave)). Untried moves are then
    expanded best first by that value.
    """
    if iterations is None and seconds is None:
        iterations = 1000
    # Open hands only: whether others can still place depends on their tiles.
    winning = None if hidden else winning_move(positions, occ, hands, alive, seat)
    if winning is not None:
        return {winning: 1}, 0
    root = _Node(None)
    deadline = None if seconds is None else clock() + seconds
    hands = tuple(hands)
    alive = tuple(alive)
    n = len(hands)
    done = 0
    log = math.log
    sqrt = math.sqrt
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done % CHECK_EVERY == 0 and done and clock() >= deadline:
            break
        done += 1
        h = redeal(hands, seat, rng) if hidden else list(hands)
        a = list(alive)
        o = occ
        s = seat
        node = root
        path = []  # (node, move, mover, child) of the moves made in the tree
        while s != TERMINAL:
            if duel is not None and path and a.count(True) == 2:
                break  # the leaf takes the duel's exact result (below the root: it needs a move)
            children = node.children
            if hidden:
                moves = moves_of(o, h[s], positions)
                for move in moves:
                    child = children.get(move)
                    if child is not None:
                        child.avail += 1
                untried = [m for m in moves if m not in children]
            else:
                untried = node.untried
                if untried is None:
                    untried = node.untried = moves_of(o, h[s], positions)
            if untried:
                i = rng.below(len(untried))
                if rave and node.amaf:
                    amaf = node.amaf
                    best_value = -1.0
                    k = len(untried)
                    for j in range(i, i + k):
                        entry = amaf.get(untried[j % k])
                        value = entry[1] / entry[0] if entry else 0.5
                        if value > best_value:
                            best_value, i = value, j % k
                move = untried[i]
                if not hidden:
                    untried[i] = untried[-1]
                    untried.pop()
                child = children[move] = _Node(s)
                path.append((node, move, s, child))
                node = child
                t, mask = move
                o |= mask
                h[s] &= ~(1 << t)
                s = advance(o, h, a, s, positions)
                break
            best, best_score = None, -1.0
            amaf = node.amaf
            if hidden:
                candidates = [(move, children[move]) for move in moves]
            else:
                candidates = children.items()
                c_log = log(node.visits)
            for move, child in candidates:
                q = child.value / child.visits
                if rave:
                    entry = amaf.get(move)
                    if entry is not None:
                        beta = sqrt(rave / (3 * child.visits + rave))
                        q = (1 - beta) * q + beta * entry[1] / entry[0]
                if hidden:
                    c_log = log(child.avail)
                score = q + exploration * sqrt(c_log / child.visits)
                if score > best_score:
                    best, best_score, best_move = child, score, move
            path.append((node, best_move, s, best))
            node = best
            t, mask = best_move
            o |= mask
            h[s] &= ~(1 << t)
            s = advance(o, h, a, s, positions)
        played = []
        if s == TERMINAL:
            returns = [1.0 if x else 0.0 for x in a]
        else:
            returns = leaf_value(o, h, a, s, positions, rng, urgent, played, duel, decisive)
        if rave:
            after = [[] for _ in range(n)]  # per seat: its moves from here on
            for p, move in played:
                after[p].append(move)
            if s != TERMINAL:
                _amaf_update(node, after[s], returns[s])
            for parent, move, p, _ in reversed(path):
                after[p].append(move)
                _amaf_update(parent, after[p], returns[p])
        root.visits += 1
        for _, _, p, child in path:
            child.visits += 1
            child.value += returns[p]
    if stats is not None:
        stats.update((move, (child.visits, child.value / child.visits)) for move, child in root.children.items())
    return {move: child.visits for move, child in root.children.items()}, done
