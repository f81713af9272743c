"""Schlangennest computer players: make_agent(level, options).

Modules: agents (the levels and their evaluation), territory (the room each
snake claims before a rival does, strong's leaf score).
"""

from .agents import BUDGET_SECONDS, PYODIDE_SCALE, agent_for, budget_seconds, make_agent

__all__ = ["BUDGET_SECONDS", "PYODIDE_SCALE", "agent_for", "budget_seconds", "make_agent"]
