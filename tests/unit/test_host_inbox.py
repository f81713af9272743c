"""host/inbox.py: intents that come two ways (the worker's messages and the
service worker's channel) are handed on once each, in the page's order."""

from spielstube.host.inbox import Inbox


def test_each_numbered_intent_is_handed_on_once_whichever_way_it_came_first():
    inbox = Inbox()
    assert inbox.arrive([(1, "a"), (2, "b")]) == ["a", "b"]
    assert inbox.arrive([(1, "a"), (2, "b"), (3, "c")]) == ["c"]  # the channel's copies of 1, 2
    assert inbox.arrive([(3, "c")]) == []


def test_an_intent_ahead_of_a_gap_waits_for_the_one_before_it():
    inbox = Inbox()
    assert inbox.arrive([(1, "a")]) == ["a"]
    assert inbox.arrive([(3, "c"), (4, "d")]) == []  # 2 was lost on the channel's way
    assert inbox.arrive([(3, "c")]) == []  # a second copy while waiting
    assert inbox.arrive([(2, "b")]) == ["b", "c", "d"]  # its message came
    assert inbox.expected == 5 and inbox.held == {}


def test_the_order_is_the_pages_whatever_the_order_of_arrival():
    inbox = Inbox()
    arrivals = [(5, "e"), (2, "b"), (4, "d"), (1, "a"), (3, "c"), (2, "b"), (5, "e")]
    handed = []
    for item in arrivals:
        handed += inbox.arrive([item])
    assert handed == ["a", "b", "c", "d", "e"]


def test_intents_with_no_number_are_handed_on_as_they_come():
    inbox = Inbox()
    assert inbox.arrive(['{"id": 1}', '{"id": 2}']) == ['{"id": 1}', '{"id": 2}']
    assert inbox.arrive([[1, "x"], '{"id": 3}']) == ["x", '{"id": 3}']  # a JS array is a pair too
