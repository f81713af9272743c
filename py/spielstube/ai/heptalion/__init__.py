"""Heptalion computer players: make_agent(level, options, seconds=None).

Modules: position (bitmask helpers), solver (exact 2-player win/loss),
search (alpha-beta with evaluation), playout (random playouts for MCTS),
multi_agent, multi and multi_playout (the 3-4 player search),
agents (the levels; ``mcts``, plain MCTS with uniform playouts, is the
baseline for benchmarks).
"""

from .agents import (
    BASELINE, BUDGET_SECONDS, MULTI_BUDGET_SECONDS, PYODIDE_SCALE, EasyAgent, MctsAgent, MultiAgent,
    TwoPlayerAgent, agent_for, budget_seconds, make_agent,
)

__all__ = ["BASELINE", "BUDGET_SECONDS", "MULTI_BUDGET_SECONDS", "PYODIDE_SCALE", "EasyAgent",
           "MctsAgent", "MultiAgent", "TwoPlayerAgent", "agent_for", "budget_seconds", "make_agent"]
