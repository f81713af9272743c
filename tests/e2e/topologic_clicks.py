"""Clicking through Topologic on index.html (fields are [data-cell] with
.legal/.candidate, seekers [data-piece=s<i>] with data-at). A seeker plays from public knowledge only."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
from spielstube.games.topologic import hint_partition  # noqa: E402


def cells(page, selector):
    return [tuple(int(v) for v in text.split(","))
            for text in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.cell)")]


def seeker_fields(page):
    return [tuple(int(v) for v in text.split(",")) if text else None
            for text in page.eval_on_selector_all("[data-piece^='s']", "els => els.map(e => e.dataset.at)")]


def seeks(data):
    """A record's seeker turns (the game master's hide moves left out)."""
    return [move for move in data["moves"] if move.get("action") != "hide"]


def hides(data):
    return [move for move in data["moves"] if move.get("action") == "hide"]


def place_seekers(page):
    """Puts every seeker on border fields spread around the board (not confirmed)."""
    border = cells(page, "[data-cell].legal")
    count = page.locator("[data-piece^='s']").count()
    for i in range(count):
        target = border[(i * len(border)) // count]
        page.click(f"[data-cell='{target[0]},{target[1]}']")
    assert None not in seeker_fields(page)


def choose_seek_turn(page, board):
    """One turn's seekers from the board, the helper's shaded candidates and the
    marked destinations (not confirmed): each seeker in turn takes the field
    that splits the candidates most finely by the hint they would give, else
    the one closest to a candidate; with one left, all close in."""
    candidates = cells(page, "[data-cell].candidate")
    assert candidates, "the helper shades at least the secret's field"
    positions = seeker_fields(page)
    for i, here in enumerate(positions):
        page.click(f"[data-piece='s{i}']")
        legal = set(cells(page, "[data-cell].legal"))
        assert legal == set(board.queen_destinations(here))  # exactly the queen moves light up

        def cost(field):
            if len(candidates) == 1:
                return board.queen_distance(field, candidates[0]), field
            trial = positions[:i] + [field] + positions[i + 1:]
            groups = hint_partition(board, candidates, trial).values()
            return (sum(len(g) ** 2 for g in groups),
                    min(board.queen_distance(field, c) for c in candidates), field)

        target = min(legal | {here}, key=cost)
        positions[i] = target
        if target == here:
            page.click(f"[data-piece='s{i}']")  # chosen again: dropped, it stays
        else:
            page.click(f"[data-cell='{target[0]},{target[1]}']")
    assert page.locator("[data-cell].legal").count() == 0  # nothing left selected
