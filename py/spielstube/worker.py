"""The AI worker's message layer: JSON in, JSON out, no game logic here.

A request names the game, carries the record so far and the level; the
worker replays the record (so it trusts nothing it is sent), asks the agent
and answers with the move in record notation.
"""

import json
import time

from .ai.agent import make_agent
from .core.errors import SpielstubeError
from .core.record import record_from_dict, replay
from .core.rng import Rng
from .games import get_rules

_agents = {}


def _agent(game, level, options):
    key = (game, level, json.dumps(options, sort_keys=True))
    agent = _agents.get(key)
    if agent is None:
        agent = _agents[key] = make_agent(game, level, options)
    return agent


def choose_move(request):
    record = record_from_dict(request["record"])
    replayed = replay(record, get_rules)
    state = replayed.final
    if state.is_terminal():
        raise SpielstubeError("the game is already over")
    seat = state.current_player
    agent = _agent(record.game, request.get("level", "normal"), replayed.options)
    rng = Rng(int(request.get("seed", 0)))
    # The record holds every secret (hands, hidden locations); the agent sees
    # only the player's view: what it may not know is re-drawn at random.
    view = state.determinize(seat, rng)
    start = time.perf_counter()
    move = agent.choose_move(view, rng)
    think = time.perf_counter() - start
    # Applied to the true state: checks the move and completes it as a record
    # stores it (a Topologic move gets its hint, which the agent cannot know).
    move = state.apply(move).last_move or move
    data = replayed.rules.move_to_json(move)
    if isinstance(data, dict) and "player" not in data:
        data = {"player": seat, **data}
    return {"move": data, "think_ms": round(think * 1000, 1)}


def make_setup(request):
    rules = get_rules(request["game"])
    options = rules.normalize_options(request.get("options", {}))
    return {"options": options, "setup": rules.random_setup(options, Rng(int(request.get("seed", 0))))}


_HANDLERS = {"move": choose_move, "setup": make_setup}


def handle(text):
    """Answers one JSON request; errors come back as messages, never raise."""
    request_id = None
    try:
        request = json.loads(text)
        request_id = request.get("id")
        handler = _HANDLERS[request["kind"]]
        reply = {"id": request_id, "ok": True, **handler(request)}
    except SpielstubeError as exc:
        reply = {"id": request_id, "ok": False, "error": str(exc)}
    except Exception as exc:  # a bug must reach the page as a message, not kill the worker
        reply = {"id": request_id, "ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return json.dumps(reply)
