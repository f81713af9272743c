"""Topologic as the host shows it: player views, legal moves, move-list entries.

A round's secret shows only to that round's game master until the round
ends; everything else (fields, seekers, hints, the candidates the hints
leave) is public. Documented in docs/host-protocol.md ("Per-game views").
"""

from ...core.game import TERMINAL
from .board import SHAPES
from .moves import DEFAULT_OPTIONS, SEEKER_COUNTS, Hide


def _cells(cells):
    return [list(cell) for cell in cells]


def secret_visible(state, round_index, viewer):
    """Whether ``viewer`` may see the secret of ``round_index`` in ``state``."""
    ended = state.over or round_index < state.round_index
    master = 1 - state.seeker_of_round(round_index)
    return ended or (viewer is not None and viewer == master)


def _phase(state):
    if state.over:
        return "over"
    if state.secret is None:
        return "hide"
    return "entry" if state.positions is None else "seek"


def player_view(state, seat):
    """What ``seat`` (None: a spectator) may see of ``state``."""
    rounds = []
    for round_index, notebook in enumerate(state.rounds):
        secret = state.secrets[round_index]
        shown = secret is not None and secret_visible(state, round_index, seat)
        rounds.append({
            "seeker": state.seeker_of_round(round_index),
            "hints": [{"seekers": _cells(move.seekers), "hint": move.hint} for move in notebook],
            "hidden": secret is not None,
            "secret": list(secret) if shown else None,
        })
    to_move = state.current_player
    return {
        "board": state.board.code,
        "tiles": state.board.tiles_json(),
        "seekers": state.seeker_count,
        "round": state.round_index,
        "phase": _phase(state),
        "seeker": state.seeker,
        "game_master": state.game_master,
        "to_move": None if to_move == TERMINAL else to_move,
        "first_seeker": state.first_seeker,
        "positions": None if state.positions is None else _cells(state.positions),
        "rounds": rounds,
        "candidates": _cells(sorted(state.candidates)),
        "counts": list(state.counts),
        "full_hint": state.full_hint,
    }


def legal_json(rules, state):
    """Seeker turn: each seeker's fields; game master: every hide; over: []."""
    if state.over:
        return []
    if state.secret is None:
        return [rules.move_to_json(move) for move in state.legal_moves()]
    return {"seekers": [_cells(state.seeker_destinations(i)) for i in range(state.seeker_count)]}


def describe_json(state_before, move, viewer):
    """A hide shows its location only to the game master who hid it. A seeker turn not
    made (a review's better turn, given without its hint) shows its hint only to a
    viewer who sees the round's secret (``hint`` None otherwise)."""
    seat = state_before.current_player
    after = state_before.apply(move)
    done = after.last_move
    if isinstance(move, Hide):
        master = viewer is not None and viewer == seat
        secret = list(done.secret) if master else None
        cells = [list(state_before.board.cell_of[done.secret])] if master else []
        return {"seat": seat, "kind": "hide", "text_key": "topologic.entry_hide",
                "params": {"round": done.round, "secret": secret}, "cells": cells}
    hint = done.hint
    if move.hint is None and not secret_visible(state_before, state_before.round_index, viewer):
        hint = None
    entry = state_before.positions is None
    moved = len(done.seekers) if entry else sum(
        1 for old, new in zip(state_before.positions, done.seekers) if old != new)
    return {"seat": seat, "kind": "seek",
            "text_key": "topologic.entry_enter" if entry else "topologic.entry_seek",
            "params": {"round": done.round, "hint": hint, "moved": moved,
                       "round_over": after.round_index != state_before.round_index or after.over},
            "cells": _cells(done.seekers)}


def option_schema():
    return [
        {"name": "players", "type": "int", "min": 2, "max": 2, "default": 2, "label": "option.players"},
        {"name": "seekers", "type": "choice", "values": list(SEEKER_COUNTS),
         "default": DEFAULT_OPTIONS["seekers"], "label": "topologic.option_seekers"},
        {"name": "shape", "type": "choice", "values": list(SHAPES),
         "default": DEFAULT_OPTIONS["shape"], "label": "topologic.option_shape"},
    ]
