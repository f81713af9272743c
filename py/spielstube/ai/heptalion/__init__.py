"""Heptalion computer players: make_agent(level, options, seconds=None).

Modules: position (bitmask helpers), solver (exact 2-player win/loss),
search (alpha-beta with evaluation), playout (random playouts for MCTS),
agents (the levels).
"""

from .agents import (
    BUDGET_SECONDS, PYODIDE_SCALE, EasyAgent, MctsAgent, TwoPlayerAgent, budget_seconds, make_agent,
)

__all__ = ["BUDGET_SECONDS", "PYODIDE_SCALE", "EasyAgent", "MctsAgent", "TwoPlayerAgent",
           "budget_seconds", "make_agent"]
