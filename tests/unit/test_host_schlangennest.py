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
