"""The page's review (ui/common/review.py), its panel and the marks in the move
list. Plain asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import move_entries, review, widgets
from spielstube.ui.common.review import Review
from spielstube.ui.common.texts import Texts

TEXTS = Texts({
    "review.button": {"en": "Review the game"},
    "review.button_so_far": {"en": "Review the game so far"},
    "review.round_you_open": {"en": "Round {round}, {hints|no hints|# hint|# hints} so far (you)"},
    "review.seen": {"en": "Reviewed from what you see."},
    "review.left_out.secret": {"en": "The secret stays hidden."},
    "review.working": {"en": "Reviewing: {done} of {total|no moves|# move|# moves}"},
    "review.steps": {"en": "Step"},
    "review.summary_for": {"en": "Review: {name}", "params": {"name": "seat"},
                           "you": {"en": "Review of your moves"}},
    "review.count.blunder": {"en": "{n|no blunders|# blunder|# blunders}"},
    "review.count.best": {"en": "{n|no best moves|# best move|# best moves}"},
    "review.count.good": {"en": "{n|no good moves|# good move|# good moves}"},
    "review.round_you": {"en": "Round {round}, hints: {hints} (you), the strong seeker: {strong}"},
    "review.round": {"en": "Round {round}, hints: {hints} ({name}), the strong seeker: {strong}"},
    "review.mark.blunder": {"en": "Blunder"}, "review.mark.best": {"en": "Best move"},
    "review.mark.good": {"en": "Good move"}, "review.better": {"en": "Better:"},
    "you": {"en": "You"}, "computer": {"en": "Computer"},
    "step.first": {"en": "First"}, "step.back": {"en": "Back"}, "step.forward": {"en": "Forward"},
    "step.last": {"en": "Last"}, "frame.past_steps": {"en": "Through the game"},
    "frame.viewing_start": {"en": "Start position"}, "frame.viewing_move": {"en": "After move {n}"},
    "frame.back_to_present": {"en": "Back"},
}, "en")

VIEW = {"version": 9, "can_review": True, "result": {"winner": 1}, "viewer": None,
        "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}
LINES = [{"index": 0, "player": 0, "mark": "best", "better": [], "better_entries": []},
         {"index": 1, "player": 1, "mark": "good", "better": [], "better_entries": []},
         {"index": 2, "player": 0, "mark": "blunder", "better": [{"player": 0}],
          "better_entries": [{"seat": 0, "text_key": "x", "params": {}}]}]
SUMMARY = {"marks": {"0": {"blunder": 1, "mistake": 0, "good": 0, "best": 1, "undecided": 0},
                     "1": {"blunder": 0, "mistake": 0, "good": 1, "best": 0, "undecided": 0}}}


def done(version, lines=LINES, summary=SUMMARY):
    return {"type": "review", "version": version, "state": "done", "done": len(lines),
            "total": len(lines), "lines": lines, "summary": summary}


def test_marks_come_for_the_version_asked_and_go_with_another():
    r = Review()
    assert r.may_ask(VIEW) and not r.may_ask({"version": 9, "can_review": False})
    r.asked(9)
    assert not r.may_ask(VIEW) and r.mark(0) is None
    assert r.take({"type": "review", "version": 9, "state": "working", "done": 1, "total": 3})
    assert (r.done, r.total) == (1, 3)
    assert not r.take(done(8))  # a late answer for another version
    assert r.take(done(9))
    assert r.shows(VIEW) and [r.mark(k) for k in range(3)] == ["best", "good", "blunder"]
    assert r.better_entries(2) == LINES[2]["better_entries"] and r.better_entries(0) == []
    r.view(9)
    assert r.shows(VIEW)
    r.view(10)  # an undo or a new game
    assert not r.shows(dict(VIEW, version=10)) and r.mark(0) is None
    r.asked(10)
    r.refused()
    assert r.may_ask(dict(VIEW, version=10))


# (action, past shown: None the present, -1 the start, k after move k; moves) -> where it goes
STEPS = [
    (("step-first", None, 5), ("past", -1)),  # the start, before any move
    (("step-first", 2, 5), ("past", -1)),
    (("step-first", -1, 5), None),  # there already
    (("step-back", None, 5), ("past", 3)),  # the position before the last move
    (("step-back", 0, 5), ("past", -1)),
    (("step-back", -1, 5), None),
    (("step-back", None, 1), ("past", -1)),  # one move: back is the start
    (("step-forward", -1, 5), ("past", 0)),
    (("step-forward", 1, 5), ("past", 2)),
    (("step-forward", 3, 5), ("present", None)),  # the last move's position is the present
    (("step-forward", None, 5), None),
    (("step-last", -1, 5), ("present", None)),
    (("step-last", 1, 5), ("present", None)),
    (("step-last", None, 5), None),
    (("step-first", None, 0), None),  # no move: the start is the present
    (("step-back", None, 0), None),
    (("rotate", 1, 5), None),  # not a step
]


def test_steps_walk_from_the_start_to_the_present():
    for (action, past, count), expected in STEPS:
        assert review.step(action, past, count) == expected, (action, past, count)
    for past, count, at in ((None, 5, 5), (2, 5, 3), (-1, 5, 0), (None, 0, 0)):
        assert review.position(past, count) == at


def test_a_games_past_position_has_the_stepping_control_from_the_start():
    start = widgets.past_steps(TEXTS, -1, 5)
    assert 'data-past-steps' in start and 'data-step="0"' in start and 'data-steps="5"' in start
    assert 'data-action="step-first" aria-label="First" title="First" disabled' in start
    assert 'data-action="step-last" aria-label="Last" title="Last">' in start
    assert 'data-step="4"' in widgets.past_steps(TEXTS, 3, 5)  # after move 4 of 5
    assert "Start position" in widgets.past_banner(TEXTS, -1) and "After move 1" in widgets.past_banner(TEXTS, 0)


def test_the_panel_asks_then_works_then_sums_up_the_persons_moves():
    r = Review()
    html = widgets.review_panel(TEXTS, VIEW, r, None, 3, True)
    assert 'data-action="review"' in html and "disabled" not in html
    assert widgets.review_panel(TEXTS, dict(VIEW, result=None), r, None, 0, True) == ""  # no move yet
    assert widgets.review_panel(TEXTS, dict(VIEW, can_review=None), r, None, 3, True) == ""
    r.asked(9)
    r.take({"type": "review", "version": 9, "state": "working", "done": 1, "total": 3})
    html = widgets.review_panel(TEXTS, VIEW, r, None, 3, True)
    assert 'data-review-state="working"' in html and "Reviewing: 1 of 3 moves" in html
    r.take(done(9))
    html = widgets.review_panel(TEXTS, VIEW, r, 1, 3, True)
    assert 'data-review-state="done"' in html and 'data-review-seat="0"' in html
    assert 'data-review-seat="1"' not in html  # the person's seat only
    assert "Review of your moves: ?? 1 blunder, ! 1 best move" in html
    # the position after move 1 (index 1): two moves made of three
    assert 'data-action="step-first"' in html and 'data-step="2"' in html and 'data-steps="3"' in html


def test_topologic_rounds_are_set_against_the_strong_seeker():
    r = Review()
    r.asked(9)
    r.take(done(9, summary=dict(SUMMARY, rounds=[{"round": 0, "seeker": 0, "hints": 7, "strong_hints": 5},
                                                 {"round": 1, "seeker": 1, "hints": 4, "strong_hints": 6}])))
    html = widgets.review_panel(TEXTS, VIEW, r, None, 3, True)
    assert "Round 1, hints: 7 (you), the strong seeker: 5" in html
    assert 'data-review-round="1"' in html and "hints: 4 (" in html


def test_reviewed_entries_carry_their_mark_and_the_viewed_one_its_better_move():
    entries = [{"seat": 0}, {"seat": 1}, {"seat": 0}]

    def reviewed(index):
        mark = ["best", "good", "blunder"][index]
        return mark, widgets.review_mark(TEXTS, mark, "<i>better</i>" if index == 2 else "")

    html = move_entries.move_list(TEXTS, None, lambda entry: "m", 2, 0, entries, None, 0, None, reviewed)
    assert html.count("data-review=") == 3 and 'data-review="blunder"' in html
    assert '<span class="sr-only">Blunder</span>' in html and "??" in html
    assert "data-review-better" in html and "Better: <i>better</i>" in html
    assert "data-review=" not in move_entries.move_list(TEXTS, None, lambda entry: "m", None, 0, entries)


def test_a_game_under_way_is_reviewed_so_far_from_what_the_person_sees():
    r = Review()
    running = dict(VIEW, result=None, viewer=0)
    html = widgets.review_panel(TEXTS, running, r, None, 3, True)
    assert "Review the game so far" in html and "disabled" not in html
    r.asked(9)
    r.take(done(9, summary=dict(SUMMARY, viewer=0, left_out=["secret", "unknown"],
                                rounds=[{"round": 0, "seeker": 0, "hints": 3, "strong_hints": None}])))
    assert r.seen() == ["secret"]
    html = widgets.review_panel(TEXTS, running, r, None, 3, True)
    assert "Round 1, 3 hints so far (you)" in html
    assert 'data-review-seen="secret"' in html and "Reviewed from what you see. The secret stays hidden." in html
    r.take(done(9))  # a finished game's review says nothing of the sort
    assert r.seen() is None and "data-review-seen" not in widgets.review_panel(TEXTS, VIEW, r, None, 3, True)
