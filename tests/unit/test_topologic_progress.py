"""The seeker never repeats turns that tell nothing (a case from a random shape)."""

from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import build_board

# On this board, with these five seekers and two candidates left, the search
# finds no turn that tells the two apart: turns whose hint is 0 for both
# candidates score best, and a seeker that kept playing them would never end.
BOARD = "random.52aspmtd"
STUCK_AT = [(7, 6), (0, 2), (3, 2), (7, 6), (9, 8)]
LEFT = [(0, 0), (7, 10)]


def test_two_candidates_left_each_turn_informs_or_closes_in():
    board = build_board(BOARD)
    tables = tables_for(board)
    seeker = Seeker(tables, 5)
    positions = tuple(board.index[c] for c in STUCK_AT)
    candidates = [board.index[c] for c in LEFT]
    for seed in range(5):
        turn = seeker.choose(positions, candidates, Rng(seed))
        hints = {sum(tables.score[p][c] for p in turn) for c in candidates}
        if len(hints) > 1:
            continue  # the hint tells the two candidates apart
        before = min(max(tables.distance[p][c] for p in positions) for c in candidates)
        after = min(max(tables.distance[p][c] for p in turn) for c in candidates)
        assert after < before, "an uninformative turn must bring the seekers closer"


def test_uninformative_check():
    board = build_board(BOARD)
    tables = tables_for(board)
    seeker = Seeker(tables, 5)
    positions = tuple(board.index[c] for c in STUCK_AT)
    candidates = [board.index[c] for c in LEFT]
    assert seeker._uninformative(positions, candidates)
    on_first = (candidates[0],) * 5
    assert not seeker._uninformative(on_first, candidates)
