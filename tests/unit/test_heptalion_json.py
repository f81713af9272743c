"""Heptalion's host interface: reason codes, the player view, legal moves as JSON."""

import json

import pytest

from spielstube.core.errors import IllegalMove
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import TILE_INDEX, Placement

RULES = get_rules("heptalion")


def start(players=2, hidden=False, seed=1):
    options = RULES.normalize_options({"players": players, "hidden_hands": hidden})
    return RULES.initial_state(options, RULES.random_setup(options, Rng(seed)))


def code_of(state, move):
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    json.dumps(info.value.params)  # JSON-ready
    return info.value.code, info.value.params


def test_every_refusal_names_its_reason():
    state = start()
    seat = state.current_player
    other_tile = state.hand(1 - seat)[0]
    legal = state.legal_moves()[0]
    assert code_of(state, "PT") == ("heptalion.not_a_placement", {})
    assert code_of(state, Placement("QQ", legal.cells))[0] == "heptalion.unknown_tile"
    assert code_of(state, Placement(other_tile, legal.cells)) == (
        "heptalion.tile_not_in_hand", {"tile": other_tile, "seat": seat})
    assert code_of(state, Placement(legal.tile, ((0, 0), (0, 1))))[0] == "heptalion.not_board_fields"
    wrong = next(t for t in state.hand(seat) if Placement.make(t, *legal.cells) not in state.legal_moves())
    assert code_of(state, Placement(wrong, legal.cells)) == (
        "heptalion.tile_does_not_fit", {"tile": wrong, "cells": [list(c) for c in legal.cells]})


def test_covered_fields_refuse_with_their_code():
    state = start()
    after = state.apply(state.legal_moves()[0])
    seat = after.current_player
    board = after.board
    refused = 0
    # Every position of the mover's tiles that overlaps a covered field.
    for tile in after.hand(seat):
        for mask, a, b in board.positions[TILE_INDEX[tile]]:
            if after.occupied & mask:
                cells = (board.cells[a], board.cells[b])
                assert code_of(after, Placement(tile, cells)) == (
                    "heptalion.field_covered", {"cells": [list(c) for c in cells]})
                refused += 1
    assert refused


def test_hidden_hands_show_only_the_viewers_tiles():
    state = start(players=3, hidden=True)
    view = state.player_view(1)
    assert [h["tiles"] is None for h in view["hands"]] == [True, False, True]
    assert view["hands"][1]["tiles"] == state.hand(1)
    assert [h["count"] for h in view["hands"]] == [9, 9, 9]
    assert view["discard"] == state.discard
    assert all(h["tiles"] is None for h in state.player_view(None)["hands"])
    assert all(h["tiles"] is not None for h in start(players=3).player_view(None)["hands"])


def test_view_marks_covered_fields_and_lists_placements_in_order():
    state = start()
    played = []
    for _ in range(4):
        move = state.legal_moves()[-1]
        played.append((state.current_player, move))
        state = state.apply(move)
    view = state.player_view(0)
    json.dumps(view)
    assert sum(line.count("#") for line in view["rows"]) == 8
    assert [(p["seat"], p["tile"]) for p in view["placed"]] == [(s, m.tile) for s, m in played]
    for p in view["placed"]:
        for r, c in p["cells"]:
            assert view["rows"][r][c] == "#"


def test_out_names_why_a_seat_left():
    state = start(players=3, seed=4)
    rng = Rng(2)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    view = state.player_view(None)
    assert view["to_move"] is None
    for seat, alive in enumerate(view["alive"]):
        if alive:
            assert view["out"][seat] is None
        else:
            assert view["out"][seat] == {"key": "heptalion.out_no_fit",
                                         "params": {"seat": seat, "count": len(state.hand(seat))}}


def test_legal_json_is_every_move_once_with_sorted_cells():
    state = start(players=4)
    listed = RULES.legal_json(state)
    assert len(listed) == len(state.legal_moves())
    assert len({json.dumps(m) for m in listed}) == len(listed)
    for data in listed:
        assert data["player"] == state.current_player
        assert data["cells"] == sorted(data["cells"])
        assert RULES.move_from_json(data) in state.legal_moves()


def test_describe_json_names_the_tile_fields_and_eliminations():
    state = start()
    move = state.legal_moves()[0]
    entry = RULES.describe_json(state, move, 1 - state.current_player)
    assert entry["seat"] == state.current_player and entry["kind"] == "place"
    assert entry["params"]["tile"] == move.tile
    assert entry["cells"] == [list(c) for c in move.cells]
    assert entry["params"]["out"] == []


def test_option_schema_declares_the_normalized_options():
    schema = {item["name"]: item for item in RULES.option_schema()}
    defaults = {name: item["default"] for name, item in schema.items()}
    assert RULES.normalize_options({}) == defaults
    assert schema["board"]["values"] == ["original", "random", "perfect"]
