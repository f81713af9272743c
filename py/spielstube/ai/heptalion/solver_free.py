"""Free moves, for the exact solver's bounds one or two moves short.

A side's *private packing* is the most of its tiles that fit on positions
the other side cannot touch (clear of every field the other's free positions
cover): moves it is sure of. A *free move* is a free position of one of its
tiles that has no such private position (so the tile is in no private
packing) and covers none of the fields private positions cover: played, it
leaves every private packing intact, so it is one move on top of them, if
it is still free when its side gets to it.

Independent free moves (distinct tiles, disjoint, and no free position of
the other side touches two of them) are spoilt one per move at most: the
side to move plays one first and so gets at least half of them rounded up,
the other side at least half rounded down.
"""


from .solver_packing import clear_tiles


def free_moves(positions, occ, blocked, tiles):
    """The free moves (field masks) of a (tile, union) list; ``blocked``:
    the covered fields and every field the other side can reach."""
    return free_moves_beside(positions, occ, tiles, clear_tiles(positions, blocked, tiles))


def free_moves_beside(positions, occ, tiles, clear):
    """As free_moves, on ``clear``: clear_tiles(positions, blocked, tiles)."""
    private = 0
    with_private = 0
    for t, union in clear:
        private |= union
        with_private |= 1 << t
    return [(t, mask) for t, _ in tiles if not with_private >> t & 1 for mask in positions[t]
            if not occ & mask and not mask & private]


def has_free_moves(positions, occ, moves, other_tiles, need):
    """Whether the free moves ``moves`` (free_moves) hold at least ``need``
    independent ones (picked greedily, so a False may be wrong, a True
    never is); ``other_tiles``: the other side's (tile, union) list."""
    if len(moves) < need:
        return False
    if need <= 1:
        return True  # any one free move is independent on its own
    spoilers = [mask for t, _ in other_tiles for mask in positions[t] if not occ & mask]
    used_tiles = 0
    used_fields = 0
    touched = set()  # the other side's positions that touch a chosen move
    count = 0
    for t, mask in moves:
        if used_tiles >> t & 1 or mask & used_fields:
            continue
        hits = [spoiler for spoiler in spoilers if spoiler & mask]
        if any(spoiler in touched for spoiler in hits):
            continue
        touched.update(hits)
        used_tiles |= 1 << t
        used_fields |= mask
        count += 1
        if count >= need:
            return True
    return False


def unspoilt(positions, occ, tiles, moves):
    """Whether, whatever free position of ``tiles`` is covered next, one of
    the (tile, mask) ``moves`` stays free."""
    if not moves:
        return False
    for t, _ in tiles:
        for mask in positions[t]:
            if not occ & mask:
                for _, move in moves:
                    if not move & mask:
                        break
                else:
                    return False
    return True
