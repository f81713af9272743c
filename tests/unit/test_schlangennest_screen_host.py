"""The Schlangennest screen on real host views (CPython only: it drives the
host): whole games laid by the turn builder's choices, every offered field
really legal, forced passes in the move list, a ring turned, the kept view."""

import json
import pathlib
import random
import re

from host_helpers import Bench

from spielstube.ui.schlangennest import turn as st
from spielstube.ui.common.texts import Texts
from spielstube.ui.schlangennest.screen import SchlangennestScreen

# A record whose last position has seat 0's snake closed into a ring (2 players);
# the unit and end-to-end tests share it.
RING_RECORD = json.loads((pathlib.Path(__file__).parents[1] / "data" / "schlangennest-ring-closed.json").read_text())


def texts(lang="en"):
    table = {}
    for name in ("common", "frame", "interface", "schlangennest", "schlangennest-frame"):
        with open(f"i18n/{name}.json", encoding="utf-8") as handle:
            table.update(json.load(handle))
    return Texts(table, lang)


def cells_marked(markup, cls):
    found = re.findall(r'<g class="[^"]*\b' + cls + r'\b[^"]*"[^>]*data-cell="(-?\d+),(-?\d+)"', markup)
    return set((int(x), int(y)) for x, y in found)


def drawn(screen, view, lang="en"):
    screen.show(view, True)
    words = texts(lang)
    return (screen.status(words, view) + screen.board(words, view) + screen.panels(words, view)
            + "".join(screen.entry(words, e) for e in view["moves"]))


def choose(screen, view, rng):
    """A person's taps: a kind (or a ring card), a field, maybe Rotate; the move Lay card sends."""
    turn = screen.turn
    if not turn.ring:
        assert screen.tap_piece(rng.choice(sorted(turn.pieces())))[0] is None
    markup = drawn_again(screen, view)
    offered = cells_marked(markup, "legal")
    assert offered == turn.legal_cells() and offered
    cell = rng.choice(sorted(offered))
    assert screen.tap_cell(cell) == (None, None)
    if turn.can_rotate() and rng.random() < 0.5:
        screen.act("rotate", view)
    assert "preview" in drawn_again(screen, view)
    notice, request = screen.act("confirm", view)
    assert notice is None and request[0] == "move"
    assert request[1] in view["legal"]
    return request[1]


def drawn_again(screen, view):
    words = texts()
    return screen.board(words, view)


def test_whole_games_laid_by_the_turn_builder():
    for seed in (1, 2):
        bench = Bench(seed=seed)
        bench.open("schlangennest", {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
        screen = SchlangennestScreen()
        rng = random.Random(seed)
        for _ in range(60):
            bench.run()
            view = bench.view()
            markup = drawn(screen, view)
            if view["result"]:
                break
            assert view["seat"] == 0 and view["legal"]
            bench.move(choose(screen, view, rng))
        view = bench.view()
        assert view["result"] is not None
        markup = drawn(screen, view)
        assert 'data-piece' not in markup  # nothing left to lay
        # every entry names its card and field (or the pass and why)
        for entry in view["moves"]:
            text = screen.entry(texts(), entry)
            if entry["kind"] == "place":
                x, y = entry["params"]["cell"]
                assert f"{x},{y}".replace("-", "\u2212") in text.replace(", ", ",")
            elif entry["kind"] == "pass":
                assert "passes" in text


def test_only_computers_draw_no_hand_and_the_game_runs_to_its_end():
    bench = Bench(seed=3)
    bench.open("schlangennest", {"players": 4, "seats": ["ai:easy"] * 4, "first": 0})
    bench.run(limit=2000)
    view = bench.view()
    assert view["result"] is not None and view["watching"]
    screen = SchlangennestScreen()
    markup = drawn(screen, view)
    assert "data-piece" not in markup and 'class="sn-card-btn' not in markup
    placed = sum(1 for e in view["moves"] if e["kind"] == "place")
    assert screen.board(texts(), view).count('class="sn-card ') == placed


def test_a_closed_ring_offers_its_curves_and_the_turn_is_sent():
    bench = Bench(seed=4)
    bench.open("schlangennest", {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    bench.send("load", record=json.dumps(RING_RECORD))
    view = bench.view()
    screen = SchlangennestScreen()
    markup = drawn(screen, view)
    assert screen.turn.ring_kind == "turn"
    assert "ring" in screen.status(texts(), view)
    assert cells_marked(markup, "legal") == screen.turn.legal_cells()
    assert screen.tap_piece("curve") == (st.NO_LAYING_NOW, None)
    cell = sorted(screen.turn.legal_cells())[0]
    screen.tap_cell(cell)
    notice, (kind, move) = screen.act("confirm", view)
    assert move["action"] == "turn" and tuple(move["cell"]) == cell
    answer = bench.move(move)
    assert answer[-1]["type"] == "view"


def test_german_words_and_a_frozen_view_offers_nothing():
    bench = Bench(seed=5)
    view = bench.open("schlangennest", {"players": 3, "seats": ["human", "human", "ai:easy"], "first": 0})
    screen = SchlangennestScreen()
    markup = drawn(screen, view, "de")
    assert "Blau" in markup and "Rot" in markup and "Grün" in markup
    assert "Blau:" in screen.status(texts("de"), view)  # two persons: the colour says whose turn
    screen.frozen = True
    assert cells_marked(screen.board(texts(), view), "legal") == set()
    frozen = screen.board(texts(), view)
    assert "legal" not in frozen and frozen.count("data-piece") == frozen.count("disabled aria-label")


VARIANTS = [({"players": 2}, 2, []), ({"players": 3}, 3, []), ({"players": 2, "extra": "neutral"}, 2, [2]),
            ({"players": 3, "extra": "neutral"}, 3, [3]), ({"players": 2, "extra": "frame"}, 2, [2, 3]),
            ({"players": 2, "snakes": 2, "two_snake_turn": "both"}, 2, []),
            ({"players": 2, "snakes": 2, "two_snake_turn": "one"}, 2, [])]


def test_the_view_names_the_neutral_colours_and_every_snakes_owner_in_every_variant():
    """The page draws a snake as neutral only where the view says so (never a player's second
    snake), and names whose each snake is: panels, cards and the tail-first note."""
    words = texts()
    words.table.update(json.load(open("i18n/schlangennest-more.json", encoding="utf-8")))
    words.table.update(json.load(open("i18n/access.json", encoding="utf-8")))
    for options, players, neutral in VARIANTS:
        bench = Bench(seed=11)
        seats = ["human"] + ["ai:easy"] * (players - 1)
        bench.open("schlangennest", {"players": players, "seats": seats, "first": 0,
                                     "options": dict((k, v) for k, v in options.items() if k != "players")})
        for _ in range(4 * players):  # every snake laid: the computers' and the person's
            bench.run()
            view = bench.view()
            if view["result"] or view["seat"] != 0:
                break
            bench.move(view["legal"][0])
        bench.run()
        view = bench.view()
        board = view["board"]
        snakes = options.get("snakes", 1)
        assert board["neutral_colours"] == neutral, options
        owners = dict((entry["colour"], entry["seat"]) for entry in board["colours"])
        for colour in range(players * snakes):
            assert owners[colour] == colour % players
        assert all(owners[colour] is None for colour in neutral)
        laid = set(card["colour"] for card in board["cards"])
        assert laid >= set(range(players * snakes)) | set(neutral), options  # every snake on the table
        screen = SchlangennestScreen()
        screen.show(view, True)
        markup = screen.board(words, view)
        for card in board["cards"]:
            x, y = card["cell"]
            drawn_card = re.search(r'<g class="sn-card [^"]*"[^>]*data-cell="%d,%d"' % (x, y), markup).group(0)
            assert ("neutral" in drawn_card) == (card["colour"] in neutral), (options, card)
        panels = screen.panels(words, view)
        if snakes == 2:
            assert "Green: your second snake" in panels and "Purple: second snake of Computer (easy)" in panels
            assert 'data-colour="2" data-owner="0"' in panels and 'data-colour="3" data-owner="1"' in panels
            assert "Green: your second snake" in markup  # the cards say whose they are too
            assert "every snake starts with its tail" in markup
        assert "Neutral" not in panels
