"""Facts the exact solver uses about boards and moves: the board's two
colours, which positions of a tile are worth trying, tiles that are worth
one spare move, and the live tiles after a move."""


def checkerboard(positions):
    """The fields of one colour of the board's 2-colouring (fields as bits),
    found from the positions alone: every position joins two colours."""
    neighbours = {}
    for plist in positions:
        for mask in plist:
            a = (mask & -mask).bit_length() - 1
            b = mask.bit_length() - 1
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
    colour = {}
    for start in neighbours:
        if start in colour:
            continue
        colour[start] = 1
        todo = [start]
        while todo:
            field = todo.pop()
            for other in neighbours[field]:
                if other not in colour:
                    colour[other] = 1 - colour[field]
                    todo.append(other)
    return sum(1 << field for field, c in colour.items() if c)


def most_positions_on_a_field(positions):
    """The most positions (of all tiles) any one field lies in."""
    counts = {}
    for plist in positions:
        for mask in plist:
            for field in (mask & -mask, mask & (mask - 1)):
                counts[field] = counts.get(field, 0) + 1
    return max(counts.values(), default=0)


def undominated(free, my_multi, opp_seen):
    """The free positions of one tile worth trying: a position is left out
    when another one of the same tile blocks no more of the mover's other
    positions (fields in ``my_multi``) and at least as many of the
    opponent's (fields in ``opp_seen``); of equal ones the first stays.

    Sound: with the same tiles left, a position where the mover's free
    positions are a superset and the opponent's a subset is at least as good
    for the mover (any strategy of the worse position works in it), so if
    the dominating move loses, the dominated one loses too.
    """
    return [mask for i, mask in enumerate(free) if not _dominated_at(free, i, my_multi, opp_seen)]


def dominated(tile_positions, occ, mask, my_multi, opp_seen):
    """Whether undominated leaves out the free position ``mask`` of a tile
    (``tile_positions``: all its positions), judged alone."""
    free = [other for other in tile_positions if not occ & other]
    return _dominated_at(free, free.index(mask), my_multi, opp_seen)


def _dominated_at(free, i, my_multi, opp_seen):
    mask = free[i]
    mine = mask & my_multi
    theirs = mask & opp_seen
    for j, other in enumerate(free):
        if j == i:
            continue
        other_mine = other & my_multi
        other_theirs = other & opp_seen
        if other_mine & ~mine or theirs & ~other_theirs:
            continue  # other is not at least as good
        if j < i or other_mine != mine or other_theirs != theirs:
            return True  # dominated (or equal to an earlier one)
    return False


def lone_tiles(positions, occ, tiles, other_seen, multi, region):
    """The tiles (a bit mask) of a (tile, union) list, within the fields
    ``region``, that are each worth exactly one spare move: no free position
    of the other side touches them (``other_seen``: the fields it covers)
    and one of their free positions no other live tile touches (``multi``:
    the fields two or more live tiles cover).

    Sound: played there, such a tile blocks nothing, and its other
    positions block none of the other side's and no fewer of its own side's
    (dominated, see undominated); nobody else can take that position, so
    the tile is one move its side can make at any time, touching nothing.
    """
    lone = 0
    for t, union in tiles:
        if not union & other_seen and union & region:
            for mask in positions[t]:
                if not occ & mask and not mask & multi:
                    lone |= 1 << t
                    break
    return lone


def tiles_after(positions, tiles, occ, mask, skip=-1):
    """A (tile, union of free positions) list after ``mask`` is covered
    (``occ`` includes it): only tiles whose free positions touch ``mask``
    are looked at again; tile ``skip`` (the one placed) and dead tiles go."""
    out = []
    for tile in tiles:
        t, union = tile
        if union & mask:
            if t == skip:
                continue
            union = 0
            for position in positions[t]:
                if not occ & position:
                    union |= position
            if union:
                out.append((t, union))
        else:
            out.append(tile)
    return out


def candidate_moves(positions, occ, tiles, my_multi, opp_seen):
    """The (tile, field mask) moves of a (tile, union) list worth trying:
    every free position of each tile, dominated ones left out (undominated)."""
    out = []
    for t, _ in tiles:
        free = [mask for mask in positions[t] if not occ & mask]
        if len(free) > 1:
            free = undominated(free, my_multi, opp_seen)
        for mask in free:
            out.append((t, mask))
    return out


def ordered_positions(positions, occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, opp_single):
    """Every free position of the mover's (tile, union) list as (order, tile,
    mask, the tile's union), sorted, dominated ones (undominated) included:
    moves that take the most of the opponent's free positions (above all an
    opponent tile's last one, ``opp_single``) first, for small refutation
    trees; moves that spoil own tiles (``multi``: fields two or more live
    tiles cover) later; moves that touch none of the opponent's fields last.
    The solver's hottest loop."""
    # Per field, how many of the opponent's free positions cover it (two
    # different tiles never share a position, so a move takes the sum over
    # its two fields): a 3-bit count per field, bit-sliced into three field
    # masks (the Solver checks that no field lies in more than 7 positions).
    count1 = count2 = count4 = 0
    for t, union in opp_tiles:
        if union & my_seen:
            for mask in positions[t]:
                if not occ & mask:
                    carry = count1 & mask
                    count1 ^= mask
                    count4 ^= count2 & carry
                    count2 ^= carry
    moves = []
    for t, union in my_tiles:
        for mask in positions[t]:
            if occ & mask:
                continue
            if mask & opp_seen:
                order = ((mask & multi & my_seen).bit_count() - 4 * (mask & opp_single).bit_count()
                         - 3 * (mask & count1).bit_count() - 6 * (mask & count2).bit_count()
                         - 12 * (mask & count4).bit_count())
            else:
                order = (mask & multi).bit_count()
            moves.append((order, t, mask, union))
    moves.sort()  # (order, t, mask) are distinct: unions are never compared
    return moves
