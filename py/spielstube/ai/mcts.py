"""Moved to ai/search/mcts.py; this name stays for the Heptalion players that import it."""

from .search.mcts import best_move, mcts_search  # noqa: F401
