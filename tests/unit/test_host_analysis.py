"""The host's analyses (intent analyse, stop) and the board workshop (intent board),
and the Heptalion puzzle and custom boards as host games (docs/host-protocol.md §7)."""

import json

from host_helpers import Bench, pause_at_every_clock_read

from spielstube.ai.heptalion.analysis import Analysis
from spielstube.ai.heptalion.maximum import maximum_placement
from spielstube.core.record import parse_record
from spielstube.core.rng import Rng
from spielstube.core.session import Session
from spielstube.games import get_rules
from spielstube.games.heptalion import ORIGINAL_BOARD, ORIGINAL_ROWS
from spielstube.games.heptalion.codes import board_code
from spielstube.games.heptalion.layouts import perfect_board_rows

TWO_PERSONS = {"players": 2, "seats": ["human", "human"], "first": 0}


def analyses(messages):
    return [m for m in messages if m["type"] == "analysis"]


def late_heptalion(bench, moves_played=18, seed=3):
    """A 2-person open-hands game on the original board, ``moves_played`` placements in."""
    view = bench.open("heptalion", TWO_PERSONS)
    rng = Rng(seed)
    for _ in range(moves_played):
        legal = view["legal"]
        if not legal:
            break
        bench.move(legal[rng.below(len(legal))])
        view = bench.view()
    return view


def test_the_puzzle_opens_with_one_person_and_all_28_tiles():
    view = Bench().open("heptalion-puzzle")
    assert view["seats"] == [{"kind": "human"}] and view["seat"] == 0
    assert len(view["board"]["tiles"]) == 28 and view["board"]["count"] == 0
    assert view["legal"] and view["options"] == {"board": "original"}
    assert json.loads(view["record"])["game"] == "heptalion-puzzle"


def test_the_puzzle_analysis_proves_the_maximum_and_draws_a_solution():
    bench = Bench()
    view = bench.open("heptalion-puzzle")
    asked = bench.send("analyse", game="heptalion-puzzle", version=view["version"], past=None)
    assert analyses(asked)[0]["state"] == "working"
    result = analyses(bench.run())[-1]
    assert result["state"] == "done" and result["version"] == view["version"]
    found = result["result"]
    assert found["max"] == maximum_placement(ORIGINAL_BOARD).max == 24 and found["proven"]
    assert found["reachable"] == 24 and found["placed"] == 0
    # The solution is a legal puzzle game of max placements.
    rules = get_rules("heptalion-puzzle")
    state = rules.initial_state({"board": "original"}, {"board": list(ORIGINAL_ROWS)})
    for move in found["solution"]:
        state = state.apply(rules.move_from_json(move))
    assert len(found["solution"]) == 24 and state.is_terminal()


def test_a_puzzle_move_that_loses_the_maximum_says_so_and_asking_again_answers_at_once():
    bench = Bench()
    view = bench.open("heptalion-puzzle")
    bench.move(view["legal"][0])
    view = bench.view()
    bench.send("analyse", game="heptalion-puzzle", version=view["version"], past=None)
    done = analyses(bench.run())[-1]["result"]
    assert done["placed"] == 1 and done["max"] == 24 and done["reachable"] <= 24
    again = bench.send("analyse", game="heptalion-puzzle", version=view["version"], past=None)
    assert analyses(again)[0]["state"] == "done" and analyses(again)[0]["result"] == done
    if done["reachable"] == 24:
        assert done["solution"][0]["tile"] == view["board"]["placed"][0]["tile"]


def test_the_exact_analysis_agrees_with_the_solver_for_now_and_a_past_move():
    bench = Bench()
    view = late_heptalion(bench)
    bench.send("analyse", game="heptalion", version=view["version"], past=None)
    result = analyses(bench.run())[-1]
    session = bench.host.slots["heptalion"].session
    expected = Analysis().run(session.state)
    assert result["result"]["value"] == expected["value"] != "unknown"
    assert sorted(map(json.dumps, result["result"]["winning_moves"])) == sorted(
        map(json.dumps, expected["winning_moves"]))
    past = len(view["moves"]) - 2
    bench.send("analyse", game="heptalion", version=view["version"], past=past)
    result = analyses(bench.run())[-1]
    assert result["past"] == past
    assert result["result"]["value"] == Analysis().run(session.states[past + 1])["value"]


def test_a_move_during_the_analysis_drops_it_and_the_host_answers_from_inside_it(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    view = late_heptalion(bench, moves_played=4)
    bench.send("analyse", game="heptalion", version=view["version"], past=None)
    move_id = bench.queue("move", game="heptalion", version=view["version"], move=view["legal"][0])
    messages = bench.run()
    answer = next(m for m in messages if m.get("reply_to") == move_id)
    assert answer["type"] == "view" and answer.get("during_analysis")
    assert not [m for m in analyses(messages) if m["state"] == "done"]


def test_stop_ends_the_analysis():
    bench = Bench()
    view = late_heptalion(bench, moves_played=4)
    bench.send("analyse", game="heptalion", version=view["version"], past=None)
    assert analyses(bench.send("stop", game="heptalion"))[0]["state"] == "stopped"
    assert not analyses(bench.run())


def test_analysis_is_refused_where_it_cannot_be_exact():
    bench = Bench()
    view = bench.open("heptalion", {"players": 3, "seats": ["human"] * 3, "first": 0})
    refused = bench.send("analyse", game="heptalion", version=view["version"], past=None)
    assert refused[0]["code"] == "host.no_analysis" and refused[0]["params"]["reason"] == "players"
    view = bench.open("heptalion", dict(TWO_PERSONS, options={"hidden_hands": True}))
    refused = bench.send("analyse", game="heptalion", version=view["version"], past=None)
    assert refused[0]["params"]["reason"] == "hidden"
    view = bench.open("schlangennest")
    refused = bench.send("analyse", game="schlangennest", version=view["version"], past=None)
    assert refused[0]["params"]["reason"] == "game"
    stale = bench.send("analyse", game="schlangennest", version=view["version"] - 1, past=None)
    assert stale[0]["code"] == "host.stale"


def test_a_board_code_plays_that_board_in_the_game_and_the_puzzle():
    rows = perfect_board_rows(Rng(5))
    code = board_code(rows)
    for game, extra in (("heptalion", TWO_PERSONS), ("heptalion-puzzle", {})):
        bench = Bench()
        view = bench.open(game, dict(extra, options={"board": "custom"}, setup={"board": code}))
        record = parse_record(view["record"])
        assert record.options["board"] == "custom" and board_code(record.setup["board"]) == code
        session = Session.from_record(record, get_rules, ["human"] * len(view["seats"]))
        assert session.state.board.rows == tuple(record.setup["board"])


def test_bad_custom_boards_are_refused_with_a_reason():
    bench = Bench()
    code = board_code(list(ORIGINAL_ROWS))
    cases = [({"board": "custom"}, None, "settings.custom_board"),
             ({"board": "custom"}, {"board": code[:-1] + ("0" if code[-1] != "0" else "1")}, "settings.board_code"),
             ({"board": "original"}, {"board": code}, "settings.setup"),
             ({"board": "custom"}, {"board": ["-" * 11] * 11}, "settings.setup")]
    for options, setup, reason in cases:
        settings = {"options": options, **({"setup": setup} if setup else {})}
        answer = bench.send("new", game="heptalion-puzzle", settings=settings)
        assert answer[0]["type"] == "error" and answer[0]["code"] == reason, (options, setup, answer)


def test_the_workshop_reports_a_board_from_rows_or_a_code():
    bench = Bench()
    answer = bench.send("board", game="heptalion", rows=list(ORIGINAL_ROWS))[0]
    assert answer["type"] == "board" and answer["report"]["original"] and answer["report"]["perfect"]
    assert answer["game"] == "heptalion"
    code = answer["report"]["code"]
    again = bench.send("board", game="heptalion-puzzle", code=code.upper())[0]
    assert again["report"]["code"] == code and len(again["rows"]) == 11
    refused = bench.send("board", game="heptalion", code=code[:-2] + code[-1] + code[-2])[0]
    assert refused["type"] == "error" and refused["code"] == "host.bad_board"
    # The game answers: one without a board workshop says so, an unknown game is refused.
    none = bench.send("board", game="schlangennest", rows=list(ORIGINAL_ROWS))[0]
    assert none["type"] == "error" and none["code"] == "host.bad_board"
    assert bench.send("board", rows=list(ORIGINAL_ROWS))[0]["code"] == "host.unknown_game"


def test_a_finished_puzzle_still_gets_its_best_possible():
    bench = Bench()
    view = bench.open("heptalion-puzzle")
    while view["legal"]:
        bench.move(view["legal"][0])
        view = bench.view()
    assert view["result"] is not None
    bench.send("analyse", game="heptalion-puzzle", version=view["version"], past=None)
    done = analyses(bench.run())[-1]["result"]
    assert done["max"] == 24 and done["reachable"] == done["placed"] == view["result"]["placed"]


def test_a_new_game_asking_for_a_custom_board_without_one_keeps_the_own_board():
    rows = perfect_board_rows(Rng(8))
    bench = Bench()
    bench.open("heptalion", dict(TWO_PERSONS, options={"board": "custom"}, setup={"board": board_code(rows)}))
    first = parse_record(bench.view()["record"]).setup["board"]
    again = bench.send("new", game="heptalion", settings=dict(TWO_PERSONS, options={"board": "custom"}))
    assert again[0]["type"] == "view" and parse_record(again[0]["view"]["record"]).setup["board"] == first
