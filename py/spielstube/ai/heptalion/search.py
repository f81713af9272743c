"""Depth-limited alpha-beta for 2-player Heptalion, with iterative deepening.

Negamax over bitmask positions ``(occ, me, opp)`` (``me`` = the mover's
tiles), a transposition table keyed like the solver's, and an evaluation that
estimates how many more moves each side will get. Normal play decides the
game: the mover needs strictly more moves than the other side, so the
evaluation is "expected own moves minus expected opponent moves". Proven
results (no move; or the safe/live bounds decide) score +-WIN.
"""

from .. import clock

from .position import TILE_SHIFT, survey

WIN = 1_000_000
OPP_SHIFT = 2 * TILE_SHIFT
EXACT, LOWER, UPPER = 0, 1, 2


class Weights:
    """Evaluation weights, in hundredths of a logit of "the mover wins".

    The strong weights were fitted (logistic regression) to positions that
    the exact solver labelled, from plies 4 to 13 of games on the original
    board: they score what each side can still count on.
    """

    __slots__ = ("safe", "private", "contested", "position", "single", "exclusive", "tempo",
                 "bounds")

    def __init__(self, safe=113, private=36, contested=7, position=28, single=15, exclusive=48,
                 tempo=25, bounds=True):
        self.safe = safe  # per tile with a position no other live tile touches: a sure move
        self.private = private  # per tile with a position the opponent cannot touch
        self.contested = contested  # per other live tile
        self.position = position  # per free position (mobility)
        self.single = single  # per live tile down to one free position
        self.exclusive = exclusive  # per field only own free positions cover
        self.tempo = tempo  # being the one to move
        self.bounds = bounds  # use the exact safe/live cutoffs


# Plain mobility: free positions of own live tiles minus the opponent's.
SIMPLE = Weights(safe=0, private=0, contested=0, position=100, single=0, exclusive=0, tempo=0,
                 bounds=False)
STRONG = Weights()


class TimeUp(Exception):
    pass


class AlphaBeta:
    def __init__(self, positions, weights=STRONG, max_entries=200_000):
        self.positions = positions
        self.w = weights
        self.table = {}
        self.max_entries = max_entries
        self.nodes = 0
        self._deadline = None
        self._clock = clock.now

    # -- public -------------------------------------------------------------
    def search(self, occ, me, opp, deadline, max_depth=64, exclude=()):
        """Iterative deepening until ``deadline``.

        Returns (best (tile, mask), score, completed depth). Moves in
        ``exclude`` (already proven losing) are searched last and only
        chosen when every move is excluded.
        """
        if len(self.table) > self.max_entries:
            self.table.clear()
        self.nodes = 0
        self._deadline = deadline
        moves = self._root_moves(occ, me, opp)
        if exclude and len(exclude) < len(moves):
            moves = [m for m in moves if m not in exclude]
        best, best_score, depth_done = moves[0], -WIN - 1, 0
        for depth in range(1, max_depth + 1):
            try:
                score, move, ordered = self._root(occ, me, opp, moves, depth)
            except TimeUp:
                break
            if score <= -WIN and depth_done:
                # Proven lost whatever we do: keep the heuristic choice of the
                # last depth that still saw a chance.
                best_score, depth_done = score, depth
                break
            best, best_score, depth_done = move, score, depth
            moves = ordered
            if score >= WIN:
                break  # proven: deeper search cannot change it
            if self._clock() > deadline:
                break
        return best, best_score, depth_done

    # -- internals ------------------------------------------------------------
    def _root_moves(self, occ, me, opp):
        moves = []
        positions = self.positions
        h = me
        while h:
            low = h & -h
            h ^= low
            t = low.bit_length() - 1
            for mask in positions[t]:
                if not occ & mask:
                    moves.append((t, mask))
        return moves

    def _root(self, occ, me, opp, moves, depth):
        alpha, beta = -WIN - 1, WIN + 1
        scored = []
        best = None
        for i, (t, mask) in enumerate(moves):
            if i == 0:
                score = -self._negamax(occ | mask, opp, me & ~(1 << t), depth - 1, -beta, -alpha)
            else:
                # Null window first: most moves only need to be shown worse.
                score = -self._negamax(occ | mask, opp, me & ~(1 << t), depth - 1, -alpha - 1, -alpha)
                if alpha < score < beta:
                    score = -self._negamax(occ | mask, opp, me & ~(1 << t), depth - 1, -beta, -score)
            scored.append((score, i, (t, mask)))
            if score > alpha:
                alpha = score
                best = (t, mask)
        scored.sort(key=lambda item: (-item[0], item[1]))
        return alpha, best, [m for _, _, m in scored]

    def _negamax(self, occ, me, opp, depth, alpha, beta):
        self.nodes += 1
        if self.nodes & 255 == 0 and self._clock() > self._deadline:
            raise TimeUp()
        positions = self.positions
        w = self.w
        # Survey both hands (see solver.py): live tiles, per-tile unions.
        my_live, my_tiles, my_count, my_seen, my_multi, _, my_single = survey(occ, me, positions)
        if not my_live:
            return -WIN
        (opp_live, opp_tiles, opp_count, opp_seen, opp_multi,
         opp_single, opp_single_count) = survey(occ, opp, positions)
        seen = my_seen | opp_seen
        multi = my_multi | opp_multi | (my_seen & opp_seen)
        key = seen | my_live << TILE_SHIFT | opp_live << OPP_SHIFT
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_value, tt_move = entry
            if e_depth >= depth or abs(e_value) >= WIN:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        if depth <= 0 or w.bounds:
            # Per tile: safe (no other live tile touches a free position),
            # private (the opponent touches none), else contested.
            my_safe = my_private = 0
            for t, union in my_tiles:
                if not union & multi:
                    my_safe += 1
                    continue
                for mask in positions[t]:
                    if not occ & mask:
                        if not mask & multi:
                            my_safe += 1
                            break
                        if not mask & opp_seen:
                            my_private += 1
                            break
            opp_safe = opp_private = 0
            for t, union in opp_tiles:
                if not union & multi:
                    opp_safe += 1
                    continue
                for mask in positions[t]:
                    if not occ & mask:
                        if not mask & multi:
                            opp_safe += 1
                            break
                        if not mask & my_seen:
                            opp_private += 1
                            break
            if w.bounds:
                if my_safe > len(opp_tiles):
                    self.table[key] = (99, EXACT, WIN, None)
                    return WIN
                if len(my_tiles) <= opp_safe:
                    self.table[key] = (99, EXACT, -WIN, None)
                    return -WIN
            if depth <= 0:
                my_contested = len(my_tiles) - my_safe - my_private
                opp_contested = len(opp_tiles) - opp_safe - opp_private
                return (w.safe * (my_safe - opp_safe) + w.private * (my_private - opp_private)
                        + w.contested * (my_contested - opp_contested)
                        + w.position * (my_count - opp_count)
                        + w.single * (my_single - opp_single_count)
                        + w.exclusive * ((my_seen & ~opp_seen).bit_count()
                                         - (opp_seen & ~my_seen).bit_count())
                        + w.tempo)
        moves = []
        for t, union in my_tiles:
            for mask in positions[t]:
                if not occ & mask:
                    moves.append(((mask & multi & my_seen).bit_count()
                                  - 2 * (mask & opp_seen).bit_count()
                                  - 4 * (mask & opp_single).bit_count(), t, mask))
        moves.sort()
        if tt_move is not None:
            moves.insert(0, (0,) + tt_move)
        alpha0 = alpha
        best = -WIN - 1
        best_move = None
        first = True
        for _, t, mask in moves:
            child_occ = occ | mask
            child_me = my_live & ~(1 << t)
            if first:
                score = -self._negamax(child_occ, opp_live, child_me, depth - 1, -beta, -alpha)
                first = False
            else:
                score = -self._negamax(child_occ, opp_live, child_me, depth - 1, -alpha - 1, -alpha)
                if alpha < score < beta:
                    score = -self._negamax(child_occ, opp_live, child_me, depth - 1, -beta, -score)
            if score > best:
                best = score
                best_move = (t, mask)
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best <= alpha0:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, flag, best, best_move)
        return best
