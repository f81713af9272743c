"""Short partizan games in canonical form (combinatorial game theory).

Under normal play (who cannot move loses) a position that falls apart into
independent regions is the sum of those regions as games, and a sum is
decided by the regions' values alone. So each region's value is worked out
once, however many other regions it is later played beside, instead of
searching every interleaving of moves in the regions.

A game is an int id into one GameTable. Forms are interned by their sorted
option tuples, and every form this table hands out is canonical (no
dominated, no reversible options), so two games are equal exactly when
their ids are. Left is the player the values are measured for: positive
values are Left's, and Left wins G moving first iff not G <= 0.
"""

ZERO = 0


class GameTable:
    """Canonical forms, their comparisons and sums, all memoised."""

    def __init__(self):
        self._left = [()]
        self._right = [()]
        self._ids = {((), ()): ZERO}
        self._le = {}
        self._sums = {}
        self._negatives = {ZERO: ZERO}
        self._integers = {0: ZERO}
        self._integer_of = {ZERO: 0}  # id -> n for the integers, a fast path for sums

    def __len__(self):
        """How many forms the table holds."""
        return len(self._left)

    def entries(self):
        """Everything it keeps (forms, comparisons, sums): for a memory cap."""
        return len(self._left) + len(self._le) + len(self._sums)

    def options(self, g):
        """(Left's options, Right's options) of ``g``, canonical ids."""
        return self._left[g], self._right[g]

    def _intern(self, left, right):
        key = (left, right)
        g = self._ids.get(key)
        if g is None:
            g = len(self._left)
            self._ids[key] = g
            self._left.append(left)
            self._right.append(right)
        return g

    def integer(self, n):
        """The integer n: n = {n - 1 | } and -n = { | -n + 1}."""
        g = self._integers.get(n)
        if g is None:
            below = self.integer(n - 1 if n > 0 else n + 1)
            g = self._intern((below,), ()) if n > 0 else self._intern((), (below,))
            self._integers[n] = g
            self._integer_of[g] = n
        return g

    def le(self, g, h):
        """g <= h: no Left option of g is >= h, no Right option of h is <= g."""
        if g == h:
            return True
        key = (g, h)
        known = self._le.get(key)
        if known is None:
            known = True
            for gl in self._left[g]:
                if self.le(h, gl):
                    known = False
                    break
            else:
                for hr in self._right[h]:
                    if self.le(hr, g):
                        known = False
                        break
            self._le[key] = known
        return known

    def left_wins_first(self, g):
        """Whether Left, moving first in ``g``, wins (g > 0 or g fuzzy with 0)."""
        return not self.le(g, ZERO)

    def game(self, lefts, rights):
        """The canonical id of {lefts | rights} (ids of canonical games)."""
        left, right = set(lefts), set(rights)
        le = self.le
        while True:
            # Dominated options go: Left keeps only maximal ones, Right minimal
            # ones (distinct canonical ids are distinct values, so no ties).
            left = [a for a in left if not any(b != a and le(a, b) for b in left)]
            right = [a for a in right if not any(b != a and le(b, a) for b in right)]
            g = self._intern(tuple(sorted(left)), tuple(sorted(right)))
            # Reversible options are replaced by what they reverse to.
            changed = False
            new_left = set()
            for gl in left:
                for glr in self._right[gl]:
                    if le(glr, g):
                        new_left.update(self._left[glr])
                        changed = True
                        break
                else:
                    new_left.add(gl)
            new_right = set()
            for gr in right:
                for grl in self._left[gr]:
                    if le(g, grl):
                        new_right.update(self._right[grl])
                        changed = True
                        break
                else:
                    new_right.add(gr)
            if not changed:
                if g not in self._integer_of:
                    self._note_integer(g)
                return g
            left, right = new_left, new_right

    def _note_integer(self, g):
        # n + 1 = {n | } for n >= 0 and -n - 1 = { | -n}: found integers take
        # the fast path in sums too.
        left, right = self._left[g], self._right[g]
        if len(left) == 1 and not right and self._integer_of.get(left[0], -1) >= 0:
            n = self._integer_of[left[0]] + 1
        elif len(right) == 1 and not left and self._integer_of.get(right[0], 1) <= 0:
            n = self._integer_of[right[0]] - 1
        else:
            return
        self._integer_of[g] = n
        self._integers[n] = g

    def integer_value(self, g):
        """n when ``g`` is the integer n, else None."""
        return self._integer_of.get(g)

    def negative(self, g):
        """-g: the roles of Left and Right swapped."""
        n = self._negatives.get(g)
        if n is None:
            n = self._intern(tuple(sorted(self.negative(r) for r in self._right[g])),
                             tuple(sorted(self.negative(l) for l in self._left[g])))
            self._negatives[g] = n
            self._negatives[n] = g
            whole = self._integer_of.get(g)
            if whole is not None:
                self._integer_of[n] = -whole
        return n

    def add(self, g, h):
        """g + h: either player moves in either game."""
        if g == ZERO:
            return h
        if h == ZERO:
            return g
        if g > h:
            g, h = h, g
        key = (g, h)
        s = self._sums.get(key)
        if s is None:
            m, n = self._integer_of.get(g), self._integer_of.get(h)
            if m is not None and n is not None:
                s = self.integer(m + n)
            else:
                add = self.add
                s = self.game([add(gl, h) for gl in self._left[g]] + [add(g, hl) for hl in self._left[h]],
                              [add(gr, h) for gr in self._right[g]] + [add(g, hr) for hr in self._right[h]])
            self._sums[key] = s
        return s
