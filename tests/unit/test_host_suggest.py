"""Suggestions (intent ``suggest``): the strong computer's move for the person
to act, decided from that person's view only, marked for the page, dropped
with its position, and counted in the record's ``aids`` (which replay ignores)."""

import json

import pytest

from spielstube.core.game import WATCHER
from spielstube.core.record import parse_record, replay
from spielstube.core.rng import Rng
from spielstube.core.session import Session
from spielstube.games import get_rules
from spielstube.host import turns

from host_helpers import Bench, ask_job

HUMAN_FIRST = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}


def suggest(bench):
    """Asks for a suggestion of the view shown and runs the host: (answer, pushed suggestion)."""
    answer, pushed, done = ask_job(bench, "suggest", "suggestion")
    return answer, done["suggestion"]


def seeker_turn(bench, game_options=None):
    """A Topologic game where the person (seat 0) seeks now, the computer having hidden."""
    bench.open("topologic", dict(HUMAN_FIRST, options=game_options or {}))
    bench.run()
    assert bench.view()["seat"] == 0 and bench.view()["legal"]


@pytest.mark.parametrize("game,options", [
    ("heptalion", {}),
    ("heptalion", {"players": 3, "hidden_hands": True}),
    ("schlangennest", {}),
    ("topologic", {}),
])
def test_a_suggestion_is_a_legal_move_marked_on_its_piece_and_fields_and_plays(game, options):
    bench = Bench(seed=11)
    players = options.pop("players", 2)
    seats = ["human"] + ["ai:easy"] * (players - 1)
    bench.open(game, {"players": players, "seats": seats, "first": 0, "options": options})
    bench.run()
    view = bench.view()
    assert view["seat"] == 0 and view["can_suggest"] is True
    _, suggestion = suggest(bench)
    move, legal = suggestion["move"], view["legal"]
    if game == "topologic":
        assert move == {"player": 0, "seekers": suggestion["cells"]}  # no hint: it would tell
        for seeker, cell in enumerate(move["seekers"]):
            assert cell in legal["seekers"][seeker]
    else:
        assert move in legal
        piece = {"heptalion": "tile", "schlangennest": "card"}[game]
        assert suggestion["pieces"] == [{"piece": move[piece], "colour": move.get("colour")}]
        assert suggestion["cells"] == (move["cells"] if game == "heptalion" else [move["cell"]])
    played = bench.move(move)
    assert played[-1]["type"] == "view" and len(played[-1]["view"]["moves"]) > len(view["moves"])


def test_no_suggestion_while_the_computer_acts_for_the_hide_or_the_puzzle():
    bench = Bench(seed=3)
    view = bench.open("topologic", {"players": 2, "seats": ["ai:easy", "human"], "first": 0})
    assert view["seat"] == 1 and view["can_suggest"] is False  # the person hides: no judgement
    refused = bench.send("suggest", game="topologic", version=view["version"])
    assert refused[0]["code"] == "host.no_suggestion" and refused[0]["params"] == {"reason": "choice"}
    bench = Bench(seed=3)
    view = bench.open("heptalion", {"players": 2, "seats": ["human", "ai:easy"], "first": 1})
    assert view["seat"] == 1 and view["can_suggest"] is False
    refused = bench.send("suggest", game="heptalion", version=view["version"])
    assert refused[0]["params"] == {"reason": "person"}
    assert bench.open("heptalion-puzzle")["can_suggest"] is None  # no computer player there
    stale = bench.send("suggest", game="heptalion-puzzle", version=0)
    assert stale[0]["code"] == "host.stale"


class Recorder:
    """Stands in for the computer: keeps the state it is handed, plays its first move."""

    def __init__(self, seen):
        self.seen = seen

    def choose_move(self, state, rng):
        self.seen.append(state)
        return state.sample_moves()[0] if hasattr(state, "sample_moves") else state.legal_moves()[0]


def handed_to_computer(record, seats, monkeypatch):
    """The state a suggestion hands the computer for the record's last position."""
    seen = []
    monkeypatch.setattr(turns, "make_agent", lambda game, level, options: Recorder(seen))
    bench = Bench(seed=5)
    loaded = bench.send("load", record=json.dumps(record), seats=seats)
    assert loaded[-1]["type"] == "view", loaded
    suggest(bench)
    assert len(seen) == 1
    return seen[0]


def test_with_hidden_hands_the_computer_gets_the_same_state_whatever_the_others_hold(monkeypatch):
    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": 3, "hidden_hands": True})
    setup = rules.random_setup(options, Rng(21))
    setup["first"] = 0
    other = json.loads(json.dumps(setup))
    other["hands"][1][0], other["hands"][2][0] = setup["hands"][2][0], setup["hands"][1][0]
    states = []
    for deal in (setup, other):
        record = Session(rules, options, deal, ["human", "ai:easy", "ai:easy"]).record().to_dict()
        states.append(handed_to_computer(record, ["human", "ai:easy", "ai:easy"], monkeypatch))
    first, second = states
    assert first.player_view(WATCHER) == second.player_view(WATCHER)
    assert first.hands == second.hands
    assert rules.initial_state(options, setup).hands != rules.initial_state(options, other).hands


def _seeking_record(secret):
    """Topologic: the computer (seat 1) hid ``secret``, the person (seat 0) entered once."""
    rules = get_rules("topologic")
    options = rules.normalize_options({})
    setup = rules.random_setup(options, Rng(8))
    setup["first_seeker"] = 0
    session = Session(rules, options, setup, ["human", "ai:easy"])
    session.play(session.state.hide_move(secret))
    border = sorted(session.state.board.border)
    entry = {"player": 0, "seekers": [list(border[i * 7 % len(border)]) for i in range(5)]}
    session.play(rules.person_move(session.state, entry))
    return session.record().to_dict(), session.state


def test_the_topologic_suggestion_never_depends_on_the_secret(monkeypatch):
    record, state = _seeking_record((0, 1))
    board = state.board
    other_cell = next(cell for cell in sorted(state.candidates) if board.tiles[cell] != (0, 1))
    other, other_state = _seeking_record(board.tiles[other_cell])
    assert other["moves"][1]["hint"] == record["moves"][1]["hint"]  # the same public history
    assert other["moves"][0]["secret"] != record["moves"][0]["secret"]
    seats = ["human", "ai:easy"]
    first = handed_to_computer(record, seats, monkeypatch)
    second = handed_to_computer(other, seats, monkeypatch)
    seen = [(s.secrets, s.candidates, s.positions, s.rounds, s.round_index) for s in (first, second)]
    assert seen[0] == seen[1]


def test_suggestions_undo_and_analysis_count_in_the_record_and_replay_ignores_them():
    bench = Bench(seed=13)
    bench.open("heptalion", HUMAN_FIRST)
    bench.run()
    answer = bench.send("suggest", game="heptalion", version=bench.view()["version"])
    assert [m["type"] for m in answer] == ["suggestion", "view"]  # the save with the count
    assert answer[1]["view"]["version"] == answer[0]["version"]  # the suggestion stays current
    bench.run()
    again = bench.send("suggest", game="heptalion", version=bench.view()["version"])
    assert [m["state"] for m in again] == ["done"]  # the same position: no second count
    record = json.loads(bench.view()["record"])
    assert record["aids"] == {"suggestions": 1, "undos": 0, "analysis": False}
    bench.move(bench.view()["legal"][0])
    bench.run()
    suggest(bench)
    view = bench.view()
    bench.send("undo", game="heptalion", version=view["version"])
    analysed = bench.send("analyse", game="heptalion", version=bench.view()["version"], past=None)
    assert [m["type"] for m in analysed] == ["analysis", "view"]
    record = json.loads(bench.view()["record"])
    assert record["aids"] == {"suggestions": 2, "undos": 1, "analysis": True}
    # Replay ignores them: the same states as without; a save and a load keep them.
    parsed = parse_record(json.dumps(record))
    plain = parse_record(json.dumps({k: v for k, v in record.items() if k != "aids"}))
    assert [s.key() for s in replay(parsed, get_rules).states] == [s.key() for s in replay(plain, get_rules).states]
    odd = parse_record(json.dumps(dict(record, aids={"suggestions": "many", "undos": -1, "analysis": 1})))
    assert odd.aids is None and len(replay(odd, get_rules).states) == len(record["moves"]) + 1
    restored = Session.from_save(json.loads(json.dumps(bench.host.slots["heptalion"].save_data())), get_rules)
    assert restored.record().to_dict()["aids"] == record["aids"]
    assert "aids" not in Session.from_record(plain, get_rules, ["human", "ai:easy"]).record().to_dict()


def test_a_move_drops_the_suggestion_being_thought(monkeypatch):
    from host_helpers import pause_at_every_clock_read
    pause_at_every_clock_read(monkeypatch)
    bench = Bench(seed=17)
    bench.open("heptalion", HUMAN_FIRST)
    bench.run()
    view = bench.view()
    bench.send("suggest", game="heptalion", version=view["version"])
    bench.queue("move", game="heptalion", version=view["version"], move=view["legal"][0])
    pushed = bench.run()
    assert not [m for m in pushed if m["type"] == "suggestion"]  # its position went: dropped
    assert len(bench.view()["moves"]) >= 1
