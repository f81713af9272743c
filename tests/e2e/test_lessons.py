"""Lessons on index.html (#<game>/learn, docs/host-protocol.md §7 "Lessons"): every
lesson of every game, found from the host (the landing page's lesson ids), completed
by tapping only what carries [data-lesson-target], on a desktop and on a 360x640
touch phone; a wrong legal move explained and the lesson going on after a right one;
the progress shown and kept over a reload; leaving a lesson gives back the game in
play with its moves. One page per size: the lessons follow each other by their
addresses, without reloads."""

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, learner_fixture, record, wait_ready

MAX_TAPS = 80  # a lesson that needs more is broken (its targets lead nowhere)
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}}


learner = learner_fixture(SIZES)


# What belongs to a game and not to a lesson: Heptalion's "confirm each move", its analysis,
# puzzle and workshop links; Topologic's board link and new board.
OFF_LESSON = ", ".join("[data-lesson] " + part for part in (
    "[data-action='toggle-confirm']", "[data-action='analysis-toggle']", "[data-game-link]",
    "[data-page-link]", "[data-action='share']", "[data-action='new-board']"))


def lesson_ids(page):
    """{game: [lesson ids]} as the host named them to the landing page."""
    page.wait_for_function("() => { const p = JSON.parse(localStorage.getItem('spielstube.lessons') || '{}');"
                           " return p.ids && Object.keys(p.ids).length > 0; }", timeout=BOOT_TIMEOUT_MS)
    return json.loads(page.evaluate("localStorage.getItem('spielstube.lessons')"))["ids"]


def go(page, address):
    page.evaluate("address => { location.hash = address; }", address)


def lesson_shown(page, game, n):
    page.wait_for_selector(f"[data-lesson='{game}/{n}'] [data-lesson-panel]", timeout=BOOT_TIMEOUT_MS)


def tap(page, size, locator):
    if size == "phone":
        locator.tap()
    else:
        locator.click()


def next_target(page):
    """Waits until the board offers what to tap next (or the lesson is done); the target or None."""
    page.wait_for_selector("[data-lesson-done], [data-lesson-target]")
    if page.locator("[data-lesson-done]").count():
        return None
    return page.locator("[data-lesson-target]").first


def complete(page, size, game, n):
    """Lesson ``n`` of ``game``: tapping only the marked elements until it is done."""
    go(page, f"#{game}/learn/{n}")
    lesson_shown(page, game, n)
    for _ in range(MAX_TAPS):
        target = next_target(page)
        if target is None:
            break
        tap(page, size, target)
    else:
        pytest.fail(f"{game} lesson {n} is not done after {MAX_TAPS} taps")
    assert page.locator("[data-lesson-done] [data-action='next-lesson'][data-lesson-target]").count() == 1
    assert page.get_attribute("[data-lesson-panel]", "data-lesson-step") == "done"
    # A lesson leads nowhere but back: no game settings, links or aids beside it.
    assert page.locator(OFF_LESSON).count() == 0, page.locator(OFF_LESSON).first.evaluate("e => e.outerHTML")


def test_leaving_a_lesson_gives_back_the_game_in_play(learner):
    page, size = learner
    go(page, "#heptalion?players=2&seats=human,ai:easy&first=0")
    page.wait_for_selector("[data-game='heptalion'][data-turn='0'][data-ai-thinking='false'] [data-piece].legal")
    tap(page, size, page.locator("[data-piece].legal").first)
    tap(page, size, page.locator("[data-cell].legal").first)
    tap(page, size, page.locator("[data-cell].legal").first)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 2 && "
                           "document.querySelector(\"[data-game='heptalion']\").dataset.aiThinking === 'false'")
    game = record(page)
    saved = page.evaluate("localStorage.getItem('spielstube.play.heptalion')")
    go(page, "#heptalion/learn/1")
    lesson_shown(page, "heptalion", 1)
    for action in ("new-game", "suggest", "review", "share-game", "export", "undo"):
        assert page.locator(f"[data-action='{action}']").count() == 0, action
    tap(page, size, page.locator("[data-action='leave-lesson']"))
    page.wait_for_function("!document.querySelector('[data-lesson]') && location.hash === '#heptalion' && "
                           "document.querySelector(\"[data-game='heptalion'][data-board='live']\")")
    assert record(page) == game
    assert page.locator("[data-move-index]").count() == len(game["moves"])
    # A lesson never took the game's place in storage.
    assert json.loads(page.evaluate("localStorage.getItem('spielstube.play.heptalion')"))["record"] == \
        json.loads(saved)["record"]


def test_a_wrong_legal_move_is_explained_and_the_lesson_goes_on(learner):
    page, size = learner
    go(page, "#heptalion/learn/1")
    lesson_shown(page, "heptalion", 1)
    for _ in range(MAX_TAPS):
        step = page.get_attribute("[data-lesson-panel]", "data-lesson-step")
        assert step != "done", "no legal move missed any step's goal"
        other = page.locator("[data-piece].legal:not([data-lesson-target])")
        next_target(page)
        tap(page, size, other.first)
        tap(page, size, page.locator("[data-cell].legal").first)
        tap(page, size, page.locator("[data-cell].legal").first)
        page.wait_for_function(
            "step => document.querySelector('[data-lesson-wrong]') || document.querySelector("
            "'[data-lesson-panel]').dataset.lessonStep !== step", arg=step)
        if page.locator("[data-lesson-wrong]").count():
            break
    wrong = page.locator("[data-lesson-wrong]")
    assert wrong.get_attribute("role") == "status" and wrong.inner_text().strip()
    assert page.get_attribute("[data-lesson-panel]", "data-lesson-step") == step
    target = next_target(page)  # the right move now: the explanation goes, the lesson goes on
    while target is not None and page.get_attribute("[data-lesson-panel]", "data-lesson-step") == step:
        tap(page, size, target)
        page.wait_for_function("step => document.querySelector('[data-lesson-panel]').dataset.lessonStep !== step"
                               " || document.querySelector('[data-lesson-target]')", arg=step)
        target = next_target(page)
    assert page.locator("[data-lesson-wrong]").count() == 0


def test_every_lesson_is_completed_by_its_marks_and_the_progress_is_kept(learner):
    page, size = learner
    go(page, "")
    ids = lesson_ids(page)
    assert "heptalion" in ids
    for game, lessons in ids.items():
        for n in range(1, len(lessons) + 1):
            complete(page, size, game, n)
        tap(page, size, page.locator("[data-action='next-lesson']"))  # the last one: back to the game
        page.wait_for_function("game => location.hash === '#' + game && !document.querySelector('[data-lesson]')",
                               arg=game)
        count = len(lessons)
        words = f"{count} of {count} lesson{'' if count == 1 else 's'} done"
        page.wait_for_selector(f"[data-lesson-progress='{game}']:has-text('{words}')")
    if size == "desktop":  # a reload on a lesson's address starts it again; the progress stays
        go(page, "#heptalion/learn/1")
        lesson_shown(page, "heptalion", 1)
        page.reload()
        wait_ready(page)
        lesson_shown(page, "heptalion", 1)
        assert page.get_attribute("[data-lesson-panel]", "data-lesson-step") == "1"
        go(page, "")
        for game, lessons in ids.items():
            count = len(lessons)
            words = f"{count} of {count} lesson{'' if count == 1 else 's'} done"
            page.wait_for_selector(f"#landing [data-lesson-progress='{game}']:has-text('{words}')")


def test_a_lesson_is_played_from_the_keyboard_alone(learner):
    """Each game's first lesson by Tab-reachable focus and Enter only: what is marked is
    what the keyboard reaches and acts on, as for a person who does not tap."""
    page, size = learner
    if size != "desktop":
        pytest.skip("the keyboard is the desktop's")
    for game in ("heptalion", "topologic", "schlangennest"):
        go(page, f"#{game}/learn/1")
        lesson_shown(page, game, 1)
        for _ in range(MAX_TAPS):
            target = next_target(page)
            if target is None:
                break
            assert target.evaluate("e => e.tabIndex >= 0"), target.evaluate("e => e.outerHTML.slice(0, 120)")
            target.focus()
            page.keyboard.press("Enter")
        else:
            pytest.fail(f"{game} lesson 1 is not done after {MAX_TAPS} key presses")
        assert page.get_attribute("[data-lesson-panel]", "data-lesson-step") == "done"
