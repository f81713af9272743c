"""A progress push drawn in part (ui/heptalion_analysis_live.py) and the status
bar's analysis line (ui/heptalion_analysis.py ``summary``). Plain asserts:
tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.analysis import TOGGLE
from spielstube.ui.heptalion.screen import HeptalionScreen
from test_heptalion_analysis_ui import CT_ACROSS, CT_DOWN, DT_ACROSS, DT_DOWN, TEXTS, message, progress, view

SUMMARY_TEXTS = {
    "analysis_summary.working": {"en": "Analysis: working"},
    "analysis_summary.counting": {"en": "Analysis: working, {decided} of {total} decided"},
    "analysis_summary.win_checking": {"en": "Analysis: won for {name}, {decided} of {total} decided"},
    "analysis_summary.win": {"en": "Analysis: won for {name}, {n} marked"},
    "analysis_summary.loss": {"en": "Analysis: lost for {name}"},
    "analysis_summary.unknown": {"en": "Analysis: not proven, {decided} of {total} decided"},
    "analysis_summary.refused": {"en": "Analysis: not possible here"},
    "analysis_summary.winning_list": {"en": "Winning placements"}}
TABLE = dict(TEXTS.table)
TABLE.update(SUMMARY_TEXTS)
T = Texts(TABLE, "en")


def drawn_screen():
    """A screen with the panel on, drawn once as the frame draws it (status line, board, panel)."""
    screen = HeptalionScreen()
    shown = view()
    screen.show(shown, True)
    screen.act(TOGGLE, shown)
    screen.analysis_request(shown)
    screen.take_analysis(message(shown))
    screen.status_extra(T, shown)
    screen.board(T, shown)
    screen.panels(T, shown)
    return screen, shown


def test_the_status_bar_says_how_far_the_analysis_is():
    screen, shown = drawn_screen()
    assert screen.status_extra(T, shown).endswith(">Analysis: working</p>")
    screen.take_analysis(message(shown, partial=progress(losing=[CT_ACROSS], undecided=[CT_DOWN, DT_ACROSS])))
    line = screen.status_extra(T, shown)
    assert "Analysis: working, 1 of 3 decided" in line and '<progress max="3" value="1"' in line
    screen.take_analysis(message(shown, partial=progress(winning=[DT_DOWN], undecided=[CT_DOWN])))
    assert "Analysis: won for Player 1, 1 of 2 decided" in screen.status_extra(T, shown)
    result = progress(winning=[DT_DOWN], losing=[CT_ACROSS, CT_DOWN, DT_ACROSS])
    screen.take_analysis(message(shown, "done", result=result))
    line = screen.status_extra(T, shown)
    assert 'data-analysis-summary="win"' in line and "Analysis: won for Player 1, 1 marked" in line
    assert "<progress" not in line
    lost = progress(losing=[CT_ACROSS, CT_DOWN, DT_ACROSS, DT_DOWN])
    lost["value"] = "loss"
    screen.take_analysis(message(shown, "done", result=lost))
    assert "Analysis: lost for Player 1" in screen.status_extra(T, shown)
    screen.act(TOGGLE, shown)  # off: no line at all
    assert screen.status_extra(T, shown) == ""


def test_a_push_changes_only_the_parts_it_concerns():
    screen, shown = drawn_screen()
    assert screen.analysis_patch(T, shown)["cells"] == []  # nothing new: no field to touch
    screen.take_analysis(message(shown, partial=progress(losing=[CT_ACROSS, CT_DOWN],
                                                          undecided=[DT_ACROSS, DT_DOWN], nodes=900)))
    patch = screen.analysis_patch(T, shown)
    attrs = dict(patch["attrs"])
    assert attrs["data-analysis"] == "working" and attrs["data-decided"] == 2 and attrs["data-searched"] == 900
    assert attrs["data-nodes"] is None  # no result yet: the attribute goes
    assert patch["line"] is None  # "working out …" as drawn
    assert "2 of 4 decided: 2 lose." in patch["more"] and "900 positions" in patch["more"]
    assert "Analysis: working, 2 of 4 decided" in patch["summary"]
    assert [c[:2] for c in patch["cells"]] == [("4,5", "losing")]
    assert patch["cells"][0][2].endswith(", 5/6, every placement here loses")
    # The same push again: the parts drawn stay, nothing to redraw.
    again = screen.analysis_patch(T, shown)
    assert again["more"] is None and again["summary"] is None and again["cells"] == []
    # A winning placement: its fields change from losing (or nothing) to winning.
    screen.take_analysis(message(shown, partial=progress(winning=[DT_DOWN], losing=[CT_ACROSS, CT_DOWN],
                                                          undecided=[DT_ACROSS])))
    patch = screen.analysis_patch(T, shown)
    assert patch["line"] == "Won for Player 1 so far: 1"
    assert sorted(c[:2] for c in patch["cells"]) == [("4,6", "winning"), ("5,6", "winning")]
    assert "data-winning" in patch["more"]


def test_marks_that_go_are_taken_off():
    screen, shown = drawn_screen()
    screen.take_analysis(message(shown, partial=progress(losing=[CT_ACROSS, CT_DOWN],
                                                          undecided=[DT_ACROSS, DT_DOWN])))
    screen.analysis_patch(T, shown)
    screen.turn.choose_tile("DT")  # the losing marks are now of DT's placements: none decided
    patch = screen.analysis_patch(T, shown)
    assert [c[:2] for c in patch["cells"]] == [("4,5", None)]
    assert ", every placement here loses" not in patch["cells"][0][2]


def test_a_push_the_screen_cannot_draw_in_part_asks_for_all():
    screen = HeptalionScreen()
    shown = view()
    assert screen.analysis_patch(T, shown) is None  # off
    screen.act(TOGGLE, shown)
    screen.analysis_request(shown)
    assert screen.analysis_patch(T, shown) is None  # on, but the panel not drawn yet
