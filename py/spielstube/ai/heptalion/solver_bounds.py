"""The exact solver's static bounds: positions decided by counting moves,
without a search.

A side's *sure* moves are the most of its positions the other side cannot
touch that fit at once (an exact packing; never fewer than its tiles with a
free position no other live tile touches, so that count is not worked out
on its own); its *possible* moves are at most one per
live tile and one per field of either checkerboard colour, sharpened near
the edge to the most of its tiles that fit at once. The mover wins when its
sure moves exceed the other side's possible ones, and loses when its own
possible moves do not exceed the other's sure ones. One or more moves short
of that, free moves (solver_free: moves that spoil no sure one) make up the
difference. Spare moves (net moves elsewhere, negative for the other side)
count on top.
"""

from .solver_free import free_moves_beside, has_free_moves, unspoilt
from .position import TILE_SHIFT
from .solver_moves import tiles_after

PACKING_GAP = 2  # bounds this close are worth an exact packing of the other side's tiles


class Bounds:
    """The bounds on one board; packings (solver_packing.Packings) cached."""

    def __init__(self, positions, dark, packings):
        self.positions = positions
        self.dark = dark  # the fields of one checkerboard colour
        self.packing = packings.count_keyed
        self.private_packing = packings.private_of

    def decide(self, occ, my_tiles, opp_tiles, my_seen, opp_seen, my_live, opp_live, spare):
        """1 when the mover surely wins, 0 when it surely loses, None when
        the bounds do not decide. ``my_seen``, ``my_live``: the fields the
        mover's free positions cover, its live tiles (tile mask); the
        same of the other side's."""
        positions = self.positions
        dark = self.dark
        mine_extra = spare if spare > 0 else 0
        theirs_extra = -spare if spare < 0 else 0
        # Possible moves: at most one per live tile, and a move covers one
        # field of each checkerboard colour; spare moves added.
        opp_possible = min(len(opp_tiles), (opp_seen & dark).bit_count(),
                           (opp_seen & ~dark).bit_count()) + theirs_extra
        # Sure moves: the most of my positions the opponent cannot touch
        # (guaranteed), against the most the opponent could ever fit. (A
        # count of my tiles with a free position no other live tile touches
        # decides no more: those positions are in the packing.) My tiles'
        # positions clear of the other side serve the free moves below too.
        blocked = occ | opp_seen
        my_clear = tiles_after(positions, my_tiles, blocked, blocked)  # = solver_packing.clear_tiles
        my_sure = mine_extra + self.private_packing(blocked, my_clear,
                                                    opp_possible - PACKING_GAP - mine_extra)
        if my_sure > opp_possible:
            return 1
        if opp_possible - my_sure <= PACKING_GAP:
            opp_most = theirs_extra + self.packing(occ, opp_tiles, opp_seen | opp_live << TILE_SHIFT)
            if my_sure > opp_most:
                return 1
            # Short of that: free moves that spoil none of the sure ones, and
            # of which each move of the other side spoils at most one: moving
            # first, I get at least half of them (rounded up).
            if has_free_moves(positions, occ, free_moves_beside(positions, occ, my_tiles, my_clear),
                              opp_tiles, 2 * (opp_most - my_sure) + 1):
                return 1
        my_possible = min(len(my_tiles), (my_seen & dark).bit_count(),
                          (my_seen & ~dark).bit_count()) + mine_extra
        blocked = occ | my_seen
        opp_clear = tiles_after(positions, opp_tiles, blocked, blocked)
        opp_sure = theirs_extra + self.private_packing(blocked, opp_clear,
                                                       my_possible - PACKING_GAP - theirs_extra)
        if my_possible <= opp_sure:
            return 0
        if my_possible - opp_sure <= PACKING_GAP:
            my_most = mine_extra + self.packing(occ, my_tiles, my_seen | my_live << TILE_SHIFT)
            if my_most <= opp_sure:
                return 0
            # The other side's free moves: I move first, so it gets at least
            # half of its independent ones (rounded down), and one whenever
            # no single move of mine spoils them all.
            opp_free = free_moves_beside(positions, occ, opp_tiles, opp_clear)
            if has_free_moves(positions, occ, opp_free, my_tiles, 2 * (my_most - opp_sure)):
                return 0
            if my_most == opp_sure + 1 and unspoilt(positions, occ, my_tiles, opp_free):
                return 0
        return None
