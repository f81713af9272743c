"""The exact solver's static bounds: positions decided by counting moves,
without a search.

A side's *sure* moves are tiles with a free position no other live tile
touches, sharpened to the most positions the other side cannot touch that
fit at once (an exact packing); its *possible* moves are at most one per
live tile and one per field of either checkerboard colour, sharpened near
the edge to the most of its tiles that fit at once. The mover wins when its
sure moves exceed the other side's possible ones, and loses when its own
possible moves do not exceed the other's sure ones. One or more moves short
of that, free moves (solver_free: moves that spoil no sure one) make up the
difference. Spare moves (net moves elsewhere, negative for the other side)
count on top.
"""

from .solver_free import free_moves, has_free_moves, unspoilt

PACKING_GAP = 2  # bounds this close are worth an exact packing of the other side's tiles


def safe_moves(positions, occ, tiles, multi):
    """How many tiles of a (tile, union) list have a free position that no
    other live tile touches (``multi``: the fields two or more cover)."""
    safe = 0
    for t, union in tiles:
        if not union & multi:
            safe += 1
            continue
        for mask in positions[t]:
            if not occ & mask and not mask & multi:
                safe += 1
                break
    return safe


class Bounds:
    """The bounds on one board; packings (solver_packing.Packings) cached."""

    def __init__(self, positions, dark, packings):
        self.positions = positions
        self.dark = dark  # the fields of one checkerboard colour
        self.packing = packings.count
        self.private_packing = packings.private

    def decide(self, occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, spare):
        """1 when the mover surely wins, 0 when it surely loses, None when
        the bounds do not decide. ``multi``: the fields two or more live
        tiles (of either side) compete for."""
        positions = self.positions
        dark = self.dark
        mine_extra = spare if spare > 0 else 0
        theirs_extra = -spare if spare < 0 else 0
        # Guaranteed moves (a free position no other live tile touches)
        # against possible moves (live tiles), spare moves added.
        my_safe = mine_extra + safe_moves(positions, occ, my_tiles, multi)
        # At most one move per live tile, and a move covers one field of each
        # checkerboard colour.
        opp_possible = min(len(opp_tiles), (opp_seen & dark).bit_count(),
                           (opp_seen & ~dark).bit_count()) + theirs_extra
        if my_safe > opp_possible:
            return 1
        # Tighter: the most of my positions the opponent cannot touch
        # (guaranteed), against the most the opponent could ever fit.
        my_sure = mine_extra + self.private_packing(occ | opp_seen, my_tiles,
                                                    opp_possible - PACKING_GAP - mine_extra)
        if my_sure > opp_possible:
            return 1
        if opp_possible - my_sure <= PACKING_GAP:
            opp_most = theirs_extra + self.packing(occ, opp_tiles)
            if my_sure > opp_most:
                return 1
            # Short of that: free moves that spoil none of the sure ones, and
            # of which each move of the other side spoils at most one: moving
            # first, I get at least half of them (rounded up).
            if has_free_moves(positions, occ, occ | opp_seen, my_tiles, opp_tiles,
                              2 * (opp_most - my_sure) + 1):
                return 1
        opp_safe = theirs_extra + safe_moves(positions, occ, opp_tiles, multi)
        my_possible = min(len(my_tiles), (my_seen & dark).bit_count(),
                          (my_seen & ~dark).bit_count()) + mine_extra
        if my_possible <= opp_safe:
            return 0
        opp_sure = theirs_extra + self.private_packing(occ | my_seen, opp_tiles,
                                                       my_possible - PACKING_GAP - theirs_extra)
        if my_possible <= opp_sure:
            return 0
        if my_possible - opp_sure <= PACKING_GAP:
            my_most = mine_extra + self.packing(occ, my_tiles)
            if my_most <= opp_sure:
                return 0
            # The other side's free moves: I move first, so it gets at least
            # half of its independent ones (rounded down), and one whenever
            # no single move of mine spoils them all.
            if has_free_moves(positions, occ, occ | my_seen, opp_tiles, my_tiles,
                              2 * (my_most - opp_sure)):
                return 0
            if my_most == opp_sure + 1 and unspoilt(positions, occ, my_tiles,
                                                     free_moves(positions, occ, occ | my_seen, opp_tiles)):
                return 0
        return None
