"""Schlangennest through the host: forced passes played by the Session and
shown in the move list, watch mode with four computers, areas from the URL,
and undo over passes."""

from host_helpers import Bench, pushes

from spielstube.core.record import parse_record, replay
from spielstube.games import get_rules


def _watch(players, seed=7, area="5x7"):
    bench = Bench(seed=seed)
    view = bench.open("schlangennest", {"players": players, "seats": ["ai:easy"] * players, "first": 0,
                                        "options": {"area": area}})
    return bench, view, pushes(bench.run(limit=5000))


def test_watch_mode_with_four_computers_plays_to_the_end_with_every_pass_in_the_move_list():
    bench, view, pushed = _watch(4, area="6x8")
    assert view["watching"] and view["options"]["area"] == [6, 8]
    final = pushed[-1]
    assert final["result"] is not None and final["seat"] is None
    kinds = [entry["kind"] for entry in final["moves"]]
    assert "pass" in kinds and "place" in kinds
    # Each push is one computer decision; forced passes come along in the same view.
    assert len(pushed) == kinds.count("place") + kinds.count("turn") + kinds.count("swap")
    replay(parse_record(final["record"]), get_rules)


def test_a_person_never_gets_a_turn_with_nothing_legal():
    bench = Bench(seed=3)
    view = bench.open("schlangennest", {"players": 3, "seats": ["human", "ai:easy", "ai:easy"], "first": 0,
                                        "options": {"area": "4x6"}})
    turns = 0
    while view["result"] is None and turns < 60:
        assert view["seat"] == 0 and view["legal"], view["status"]
        view = bench.move(view["legal"][0])[-1]["view"]
        bench.run(limit=500)
        view = bench.view()
        turns += 1
    assert view["result"] is not None
    kinds = [entry["kind"] for entry in view["moves"]]
    assert "pass" in kinds  # passes happened, none of them asked of the person


def test_undo_takes_back_the_persons_move_with_the_computer_moves_and_passes_after_it():
    bench = Bench(seed=5)
    view = bench.open("schlangennest", {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    before = None
    for _ in range(40):
        if view["result"] is not None:
            break
        before = view
        bench.move(view["legal"][0])
        bench.run(limit=500)
        view = bench.view()
    undone = bench.send("undo", game="schlangennest", version=view["version"])[-1]["view"]
    assert undone["moves"] == before["moves"] and undone["seat"] == 0 and undone["can_redo"]


def test_a_bad_area_is_refused_with_its_option_name():
    bench = Bench()
    answer = bench.send("new", game="schlangennest", settings={"options": {"area": "5by7"}})
    assert answer[0]["code"] == "settings.option_value" and answer[0]["params"]["name"] == "area"
    answer = bench.send("new", game="schlangennest", settings={"options": {"difficulty": "custom"}})
    assert answer[0]["code"] == "settings.options" and "area" in answer[0]["params"]["detail"]


def test_an_option_that_does_not_apply_is_left_out():
    view = Bench().open("schlangennest", {"options": {"difficulty": "recommended", "area": None}})
    assert view["options"]["difficulty"] == "recommended" and view["options"]["area"] == [5, 7]
    custom = Bench().open("schlangennest", {"options": {"difficulty": "custom", "area": "4x9"}})
    assert custom["options"]["area"] == [4, 9]


def _computer_moves_once(options, players):
    """A game of the given variant with a person at seat 0 who has moved once,
    then the computer's reply: (view before the reply, view after it)."""
    bench = Bench(seed=11)
    view = bench.open("schlangennest", {"players": players, "seats": ["human"] + ["ai:easy"] * (players - 1),
                                        "first": 0, "options": options})
    assert view["seat"] == 0 and view["legal"], view["status"]
    bench.move(view["legal"][0])
    before = bench.view()
    pushed = pushes(bench.run(limit=500))
    assert pushed, "the computer answered"
    return before, pushed[-1]


def test_a_neutral_snake_game_starts_with_its_neutral_cards_and_the_computer_moves():
    before, after = _computer_moves_once({"extra": "neutral", "difficulty": "recommended"}, 3)
    assert after["options"]["extra"] == "neutral"
    neutral = [card for card in after["board"]["cards"] if card["colour"] == 3]
    assert neutral, "the neutral snake lies on the table in its own colour"
    assert {"colour": 3, "seat": None} in after["board"]["colours"]
    computer_moves = after["moves"][len(before["moves"]):]
    assert [entry["seat"] for entry in computer_moves] == [1, 2]  # both computers, then the person again
    assert after["seat"] == 0
    replay(parse_record(after["record"]), get_rules)


def test_a_two_snake_game_names_colours_in_moves_and_the_computer_moves():
    before, after = _computer_moves_once({"snakes": 2, "two_snake_turn": "both"}, 2)
    assert after["options"]["snakes"] == 2 and after["options"]["tail_first"] is True
    assert after["board"]["seat_colours"] == [[0, 2], [1, 3]]
    assert all("colour" in move for move in after["legal"]), "two-snake moves name their colour"
    entry = after["moves"][-1]
    assert entry["seat"] == 1 and entry["colour"] in (1, 3)
    replay(parse_record(after["record"]), get_rules)


def test_a_variant_that_does_not_combine_is_refused_with_the_rules_reason():
    answer = Bench().send("new", game="schlangennest",
                          settings={"players": 3, "seats": ["human"] * 3, "options": {"extra": "frame"}})
    assert answer[0]["code"] == "settings.options" and "2 players" in answer[0]["params"]["detail"]


def test_a_computer_move_reports_the_depth_its_search_completed():
    bench = Bench(seed=9)
    view = bench.open("schlangennest", {"players": 2, "seats": ["human", "ai:normal"], "first": 0})
    depths = []
    for _ in range(6):
        bench.move(view["legal"][0])
        depths += [v["think_depth"] for v in pushes(bench.run(limit=500))]
        view = bench.view()
        if view["result"] is not None:
            break
    assert depths[0] == 1  # the first card: one ply
    assert all(isinstance(d, int) and 0 <= d <= 3 for d in depths) and max(depths) >= 2
