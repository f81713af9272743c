"""``python -m spielstube legal FILE``: one JSON line of the legal moves."""

import json

from spielstube.__main__ import main
from spielstube.core.record import make_record
from spielstube.core.rng import Rng
from spielstube.games import get_rules


def write_record(tmp_path, game, plies, seed=3, options=None):
    """A record of ``plies`` moves (sampled where moves are too many to list)."""
    rules = get_rules(game)
    options = rules.normalize_options(options or {})
    setup = rules.random_setup(options, Rng(seed))
    state = rules.initial_state(options, setup)
    rng = Rng(seed + 1)
    moves = []
    for _ in range(plies):
        choices = state.sample_moves() if hasattr(state, "sample_moves") else state.legal_moves()
        move = choices[rng.below(len(choices))]
        state = state.apply(move)
        moves.append(state.last_move or move)
    record = make_record(rules, options, setup, moves, state)
    path = tmp_path / f"{game}.json"
    path.write_text(record.to_json())
    return path, state


def legal_output(path, capsys):
    assert main(["legal", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return json.loads(out)


def test_heptalion_prints_every_placement_once_with_sorted_cells(tmp_path, capsys):
    path, state = write_record(tmp_path, "heptalion", 5)
    listed = legal_output(path, capsys)
    expected = {(m.tile, m.cells) for m in state.legal_moves()}
    assert len(listed) == len(expected)
    assert {(m["tile"], tuple(map(tuple, m["cells"]))) for m in listed} == expected
    assert all(m["cells"] == sorted(m["cells"]) for m in listed)


def test_schlangennest_prints_every_action(tmp_path, capsys):
    path, state = write_record(tmp_path, "schlangennest", 4)
    listed = legal_output(path, capsys)
    rules = get_rules("schlangennest")
    assert [rules.move_from_json(m) for m in listed] == state.legal_moves()


def test_topologic_prints_hides_then_each_seekers_fields(tmp_path, capsys):
    path, state = write_record(tmp_path, "topologic", 0)
    hides = legal_output(path, capsys)
    assert len(hides) == 60 and {m["action"] for m in hides} == {"hide"}
    assert {m["player"] for m in hides} == {state.game_master}
    path, state = write_record(tmp_path, "topologic", 1)
    entry = legal_output(path, capsys)
    assert entry == {"seekers": [sorted(map(list, state.board.border))] * 5}
    path, state = write_record(tmp_path, "topologic", 2)
    later = legal_output(path, capsys)
    for here, fields in zip(state.positions, later["seekers"]):
        assert list(here) in fields


def test_a_bad_record_exits_1_naming_the_move(tmp_path, capsys):
    path, _ = write_record(tmp_path, "heptalion", 3)
    data = json.loads(path.read_text())
    data["moves"][1]["tile"] = data["moves"][0]["tile"]
    path.write_text(json.dumps(data))
    assert main(["legal", str(path)]) == 1
    assert "move 1:" in capsys.readouterr().err
