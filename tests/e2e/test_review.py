"""[data-action=review] on index.html: in each game a loaded finished game is
reviewed by the host, every move-list entry gets its mark (data-review), and
the one stepping control walks through the game; a game under way is
reviewed so far from what the person sees (a Topologic round, its secret
hidden from the seeker)."""

import json
import os

import pytest

from conftest import open_app

DATA = os.path.join(os.path.dirname(__file__), "data")
# A whole game at 0.5 s per move (host/review.py), the worker's Python slower than CPython.
REVIEW_TIMEOUT_MS = 120_000
MARKS = {"blunder", "mistake", "good", "best", "undecided"}


def load(page, game, moves=None):
    """Loads the game's record (its first ``moves`` moves only, unfinished, if given)."""
    with open(os.path.join(DATA, f"review-{game}.json"), encoding="utf-8") as handle:
        data = json.load(handle)
    if moves is not None:
        data.update(moves=data["moves"][:moves], result=None)
    assert page.evaluate("t => window.spielstube.load(t)", json.dumps(data)) is True
    return len(data["moves"])


@pytest.mark.parametrize("game", ["heptalion", "topologic", "schlangennest"])
def test_a_loaded_finished_game_is_reviewed_and_stepped_through(page, base_url, game):
    open_app(page, base_url, f"#{game}")
    count = load(page, game)
    page.wait_for_selector(f"[data-game='{game}'][data-game-over='true'] [data-action='review']:not([disabled])")
    page.click("[data-action='review']")
    page.wait_for_selector("[data-review-state='done']", timeout=REVIEW_TIMEOUT_MS)
    marks = page.eval_on_selector_all("[data-move-index]", "els => els.map(e => e.dataset.review)")
    assert len(marks) == count and set(marks) <= MARKS, marks
    assert page.locator("[data-move-index] .review-mark .sr-only").count() == count
    assert page.locator("[data-review-summary] li").count() >= 1
    if game == "topologic":
        assert page.locator("[data-review-round]").count() == 2
    # Step: to the start (before the first move), forward one, back to the end (the game's present).
    page.click("[data-action='step-first']")
    page.wait_for_selector("[data-game][data-viewing='-1']")
    assert page.get_attribute(".steps", "data-step") == "0"
    assert page.locator("[data-past-steps]").count() == 0  # the review's own control steps
    page.click("[data-action='step-forward']")
    page.wait_for_selector("[data-game][data-viewing='0']")
    assert page.get_attribute(".steps", "data-step") == "1"
    page.click("[data-action='step-last']")
    page.wait_for_function("() => !document.querySelector('[data-game]').hasAttribute('data-viewing')")
    assert page.locator("[data-action='step-forward'][disabled]").count() == 1
    # A move with a better one says it when viewed.
    better = page.eval_on_selector_all("[data-move-index]", "els => els.filter(e => ['blunder', 'mistake']"
                                       ".includes(e.dataset.review)).map(e => e.dataset.moveIndex)")
    if better:
        page.click(f"[data-move-index='{better[0]}']")
        page.wait_for_selector(f"[data-move-index='{better[0]}'] [data-review-better]")


def test_a_topologic_round_under_way_is_reviewed_from_what_the_seeker_sees(page, base_url):
    open_app(page, base_url, "#topologic")
    count = load(page, "topologic", moves=3)  # the hide and two of the person's seeking turns
    button = "[data-game='topologic'][data-game-over='false'] [data-action='review']:not([disabled])"
    page.wait_for_selector(button)
    assert "so far" in page.inner_text(button)
    page.click(button)
    page.wait_for_selector("[data-review-state='done']", timeout=REVIEW_TIMEOUT_MS)
    marks = page.eval_on_selector_all("[data-move-index]", "els => els.map(e => e.dataset.review)")
    assert len(marks) == count and marks[0] == "undecided" and set(marks) <= MARKS, marks
    assert page.locator("[data-review-seen='secret']").count() == 1
    assert page.locator("[data-review-round]").count() == 1
    # A better turn is shown without the hint it would earn: the secret stays hidden.
    better = page.eval_on_selector_all("[data-move-index]", "els => els.filter(e => ['blunder', 'mistake', "
                                       "'good'].includes(e.dataset.review)).map(e => e.dataset.moveIndex)")
    if better:
        page.click(f"[data-move-index='{better[0]}']")
        text = page.inner_text(f"[data-move-index='{better[0]}'] [data-review-better]")
        assert "hint" not in text.lower(), text
