"""Schlangennest strong's evaluation memo: evaluations and CPU seconds of the
same fixed-depth searches with and without it, and whether they choose the
same moves (docs/benchmarks.md).

Usage: PYTHONPATH=py python tools/snake_memo_check.py [GAMES]
Each game: normal lays 8 cards from a seeded setup, then strong (depth 6,
no time limit) chooses 3 moves.
"""

import sys
import time

from spielstube.ai.schlangennest import agents as sn
from spielstube.core.rng import Rng
from spielstube.games.schlangennest import RULES


def run(memo, games):
    calls = [0]

    def counted(state, seat):
        calls[0] += 1
        return sn.territory_value(state, seat)

    options = RULES.normalize_options({})
    seconds, moves = 0.0, []
    for game in range(games):
        state = RULES.initial_state(options, RULES.random_setup(options, Rng(500 + game)))
        normal, rng = sn.make_agent("normal", options), Rng(game)
        for _ in range(8):
            state = state.apply(normal.choose_move(state, rng))
        strong = sn.SearchAgent("strong", depth=6, seconds=None, width=8, full_width=3, evaluate=counted)
        if not memo:
            strong.engine.values = None
        for _ in range(3):
            start = time.process_time()
            move = strong.choose_move(state, rng)
            seconds += time.process_time() - start
            moves.append(move)
            state = state.apply(move)
    return calls[0], seconds, moves


def main(argv):
    games = int(argv[0]) if argv else 3
    (plain, plain_s, plain_moves), (memo, memo_s, memo_moves) = run(False, games), run(True, games)
    print(f"{3 * games} searches: evaluations {plain} -> {memo}, CPU {plain_s:.2f} -> {memo_s:.2f} s, "
          f"same moves: {plain_moves == memo_moves}")


if __name__ == "__main__":
    main(sys.argv[1:])
