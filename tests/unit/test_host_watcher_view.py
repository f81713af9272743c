"""The watcher's view: with every seat a computer nobody is there to hide a
hand from, so Heptalion's hidden hands show face up; as soon as one person
is seated, no hand but the viewer's own shows before the end."""

from host_helpers import Bench
from test_host_table import _play_to_the_end


def _views_of_a_hidden_game(seats, seed):
    """Every view the host posted, answers and pushes, while the game was played to its end."""
    bench = Bench(seed=seed)
    bench.open("heptalion", {"players": len(seats), "seats": seats, "first": 0,
                             "options": {"hidden_hands": True}})
    _play_to_the_end(bench)
    return [m["view"] for m in bench.posted if m["type"] == "view"]


def test_a_watcher_of_computers_sees_every_hidden_hand_the_whole_game():
    for players in (2, 3, 4):
        views = _views_of_a_hidden_game(["ai:easy"] * players, seed=10 + players)
        playing = [view for view in views if view["result"] is None]
        assert playing and all(view["watching"] for view in playing)
        for view in playing:
            assert view["viewer"] is None and view["legal"] == []
            hands = view["board"]["hands"]
            assert all(hand["tiles"] is not None and len(hand["tiles"]) == hand["count"] for hand in hands)


def test_with_a_person_seated_no_other_hand_shows_before_the_end():
    for seats in (["human", "ai:easy", "ai:easy"], ["ai:easy", "human", "human"],
                  ["human", "human"], ["ai:easy", "human"]):
        views = _views_of_a_hidden_game(seats, seed=len(seats))
        playing = [view for view in views if view["result"] is None]
        assert playing
        for view in playing:
            assert not view["watching"]
            for hand in view["board"]["hands"]:
                if hand["seat"] != view["viewer"]:
                    assert hand["tiles"] is None, (seats, view["viewer"], hand)
