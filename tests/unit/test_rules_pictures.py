"""The pictures on the rules pages (ui/<game>/rules_pictures.py): every one is
well-formed SVG with a caption in both languages, every rules text names only
pictures its game draws, and each picture shows what its caption says (the
hint's sum, the queen's reach, snakes whose cards join as the rules join them).
CPython only (xml.etree); tests/mpy/run.mjs compiles the picture modules."""

import xml.etree.ElementTree as ET

from spielstube.ui.common import rules_page
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion import rules_pictures as hept
from spielstube.ui.schlangennest import rules_pictures as snake
from spielstube.ui.topologic import rules_pictures as topo

PICTURES = {"heptalion": hept.PICTURES, "topologic": topo.PICTURES, "schlangennest": snake.PICTURES}
TEXTS = Texts({"snake_kind_straight": {"en": "Straight"}}, "en")


def test_every_picture_is_well_formed_svg():
    for game, pictures in PICTURES.items():
        for name, draw in pictures.items():
            markup = draw(TEXTS)
            ET.fromstring(markup.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
            assert 'aria-hidden="true"' in markup, (game, name)  # the caption says it


def test_a_rules_line_places_the_picture_with_its_caption():
    texts = Texts({"rules_topologic": {"en": "Text.\n[picture: hint]\n[picture: missing]"},
                   "rules_picture.topologic.hint": {"en": "The sum is told."}, "rules": {"en": "Rules"}}, "en")
    page = rules_page.render_rules("topologic", texts, topo.PICTURES)
    assert page.count('data-rules-picture="hint"') == 1 and "<figcaption>The sum is told.</figcaption>" in page
    assert "missing" not in page and "[picture" not in page


def test_the_hint_picture_adds_up():
    secret = topo.HINT_BOARD[topo.SECRET[0]][topo.SECRET[1]]
    points = [topo.score(topo.HINT_BOARD[r][c], secret) for r, c in topo.SEEKERS]
    assert sorted(points) == [0, 1, 2] and ">= 3<" in topo.hint(TEXTS)
    places = [location for row in topo.HINT_BOARD for location in row]
    assert len(set(places)) == len(places)  # every place once, as on a real board


def test_the_queen_stops_at_a_gap_and_the_edge():
    moves = topo.queen_moves()
    assert moves[(-1, 1)] == [] and moves[(1, -1)] == []  # a gap right beside it
    assert moves[(0, 1)] == [(2, 3), (2, 4), (2, 5)] and moves[(-1, -1)] == [(1, 1), (0, 0)]


# Edges of a card's own part (0 north, 1 east, 2 south, 3 west) at rotation 0; a turn adds 1.
OWN_EDGES = {"straight": (0, 2), "curve": (0, 1), "tail": (0,), "head": (0,)}
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def joins(cards):
    """{cell: (colour, own edges)} and every own edge that meets another card's edge."""
    at = {}
    for kind, colour, rot, cell in cards:
        at[cell] = (colour, set((edge + rot) % 4 for edge in OWN_EDGES[kind]))
    met = []
    for cell, (colour, edges) in at.items():
        for edge in edges:
            dx, dy = STEP[edge]
            other = at.get((cell[0] + dx, cell[1] + dy))
            if other is not None:
                met.append((colour, other[0], (edge + 2) % 4 in other[1]))
    return at, met


def test_the_snake_pictures_join_as_the_rules_join_cards():
    for cards in (snake.LAYDOWN, snake.SPECIAL, snake.NEST_ROW, snake.CLOSED):
        _at, met = joins(cards)
        # an own part meets only its own colour's own part: no two colours joined
        assert all(mine == theirs and own for mine, theirs, own in met), cards
    at, _met = joins(snake.SPECIAL)
    into = [(colour, cell) for cell, (colour, edges) in at.items() for edge in edges
            if (cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]) == (1, 1)]
    assert sorted(colour for colour, _cell in into) == [0, 0, 1, 1]  # both ends of both snakes
    xs = [cell[0] for kind, _c, _r, cell in snake.NEST_ROW if kind == "straight"]
    assert len(xs) == 7 and max(xs) - min(xs) + 1 == 7  # the long side of 5 x 7, spanned
    kinds = [kind for kind, _c, _r, _cell in snake.CLOSED]
    assert kinds[0] == "tail" and kinds[-1] == "head"
