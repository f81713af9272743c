"""How likely each player is to be the last one left, from one position.

Every tile belongs to one player, so a player's future is the tiles they can
still place: a *safe* tile has a free position no other live tile touches (a
sure move), a *private* one a free position no other player's tile touches
(only the owner can spoil it), the rest are contested. Each player gets a
score in logits from those counts, free positions and the fields only they
cover; the chances are the softmax of the scores over the players still in.
With two players this is the 2-player evaluation's logistic model (search.py
STRONG, fitted to solved positions), so the weights come from there.
"""

import math

SAFE = 1.13
PRIVATE = 0.36
CONTESTED = 0.07
POSITION = 0.28
EXCLUSIVE = 0.48
TEMPO = 0.25  # the player to move decides first


def scores(occ, hands, alive, seat, positions):
    """Per seat its score in logits (None for players out)."""
    n = len(hands)
    tiles = [None] * n  # per seat: [(tile, union of its free positions)]
    seen = [0] * n
    counts = [0] * n
    cover_all = 0  # fields covered by some free position
    multi = 0  # fields covered by free positions of two different live tiles
    for p in range(n):
        if not alive[p]:
            continue
        mine = []
        p_seen = 0
        count = 0
        hand = hands[p]
        while hand:
            low = hand & -hand
            hand ^= low
            t = low.bit_length() - 1
            union = 0
            for mask in positions[t]:
                if not occ & mask:
                    union |= mask
                    count += 1
            if union:
                mine.append((t, union))
                multi |= cover_all & union
                cover_all |= union
                p_seen |= union
        tiles[p] = mine
        seen[p] = p_seen
        counts[p] = count
    out = [None] * n
    for p in range(n):
        if not alive[p]:
            continue
        others_seen = 0  # fields another player's live tiles cover
        for q in range(n):
            if q != p and alive[q]:
                others_seen |= seen[q]
        safe = private = 0
        for t, union in tiles[p]:
            if not union & multi:
                safe += 1
                continue
            for mask in positions[t]:
                if not occ & mask:
                    if not mask & multi:
                        safe += 1
                        break
                    if not mask & others_seen:
                        private += 1
                        break
        live = len(tiles[p])
        out[p] = (SAFE * safe + PRIVATE * private + CONTESTED * (live - safe - private)
                  + POSITION * counts[p] + EXCLUSIVE * (seen[p] & ~others_seen).bit_count()
                  + (TEMPO if p == seat else 0.0))
    return out


def evaluate(occ, hands, alive, seat, positions):
    """Per seat the chance of winning (0 for players out; they sum to 1)."""
    s = scores(occ, hands, alive, seat, positions)
    top = max(v for v in s if v is not None)
    weights = [0.0 if v is None else math.exp(v - top) for v in s]
    total = sum(weights)
    return [w / total for w in weights]
