"""One search toolkit for every game's computer players; each search takes the
game's evaluation.

- alphabeta: paranoid alpha-beta with iterative deepening, a time budget read
  through ai/clock.now() (deepening may stop early when the next iteration
  would not fit: ``growth``), a transposition table and an optional memo of
  evaluations (``memo``);
- best_reply: best-reply search for three or more players, on the same engine;
- mcts: UCT with random (or the game's own) playouts (determinized for
  hidden information).
"""

from .alphabeta import INF, AlphaBeta, Budget, TimeUp, all_children
from .best_reply import BestReply
from .mcts import best_move, mcts_search

__all__ = ["INF", "AlphaBeta", "BestReply", "Budget", "TimeUp", "all_children", "best_move",
           "mcts_search"]
