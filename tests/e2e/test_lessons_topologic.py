"""Topologic's lessons on index.html beyond tests/e2e/test_lessons.py (which completes
every lesson by its marks): a wrong but legal seeker turn and a wrong hide are explained
with the step's own line and the lesson goes on by its marks from the turn the person
built; one thing is marked at a time, and on an upright phone a marked field lies on the
screen (the board is drawn turned, its fields keep their record names)."""

import pytest

from conftest import BOOT_TIMEOUT_MS, learner_fixture

MAX_TAPS = 40
SIZES = {"phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
         "sideways": {"viewport": {"width": 740, "height": 360}, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}


learner = learner_fixture(SIZES)


def tap(page, size, locator):
    if size == "desktop":
        locator.click()
    else:
        locator.tap()


def open_lesson(page, n):
    page.evaluate("address => { location.hash = address; }", f"#topologic/learn/{n}")
    page.wait_for_selector(f"[data-lesson='topologic/{n}'] [data-lesson-panel]", timeout=BOOT_TIMEOUT_MS)


def step(page):
    return page.get_attribute("[data-lesson-panel]", "data-lesson-step")


def marked(page, size):
    """The one element marked to tap next, or None when the lesson is done."""
    page.wait_for_selector("[data-lesson-done], [data-lesson-target]")
    if page.locator("[data-lesson-done]").count():
        return None
    targets = page.locator("[data-lesson-target]")
    assert targets.count() == 1
    target = targets.first
    if size == "phone" and target.get_attribute("data-cell") is not None:
        box = target.bounding_box()  # the whole board is on the screen, its marked field too
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 640, box
    return target


def finish(page, size):
    for _ in range(MAX_TAPS):
        target = marked(page, size)
        if target is None:
            return
        tap(page, size, target)
    pytest.fail(f"the lesson is not done after {MAX_TAPS} taps")


def wrong_explained(page, was):
    page.wait_for_selector("[data-lesson-wrong]")
    assert step(page) == was
    return page.locator("[data-lesson-wrong]").inner_text().strip()


def test_an_entry_on_one_colour_is_explained_then_the_marks_lead_on(learner):
    page, size = learner
    open_lesson(page, 2)  # enter: three border fields of three colours
    was = step(page)
    marked(page, size)
    field = page.locator("[data-cell].legal:not([data-lesson-target])").first
    for _ in range(3):  # all three on one field: one colour
        tap(page, size, field)
    tap(page, size, page.locator("[data-action=confirm]"))
    assert wrong_explained(page, was) == "Two seekers on the same colour: choose three different colours."
    finish(page, size)  # from the seekers the person placed
    assert step(page) == "done"


def test_a_hide_on_the_border_is_explained_then_the_marks_lead_on(learner):
    page, size = learner
    open_lesson(page, 6)  # hide: the person is the game master
    was = step(page)
    marked(page, size)
    tap(page, size, page.locator("[data-cell='0,0']"))  # a corner: a border field
    tap(page, size, page.locator("[data-action=confirm]"))
    assert wrong_explained(page, was).startswith("That is a border field.")
    finish(page, size)
    assert step(page) == "done"
