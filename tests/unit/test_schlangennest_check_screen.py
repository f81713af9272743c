"""The Schlangennest screen asks the host (``check``) why a field refuses the
chosen card and what the selected card brings, and says it in the person's
words (CPython only: it drives the host)."""

import json

from host_helpers import Bench

from spielstube.ui.schlangennest import turn as st
from spielstube.ui.common.texts import Texts
from spielstube.ui.schlangennest.screen import FIELD_REFUSED, SchlangennestScreen


def texts(lang):
    table = {}
    for name in ("common", "frame", "interface", "schlangennest", "schlangennest-frame", "schlangennest-more"):
        with open(f"i18n/{name}.json", encoding="utf-8") as handle:
            table.update(json.load(handle))
    return Texts(table, lang)


def _ask(bench, view, screen):
    data = screen.take_check()
    assert data is not None
    [answer] = bench.send("check", game="schlangennest", version=view["version"], move=data)
    return screen.checked(answer)


def _game():
    bench = Bench(seed=4)
    view = bench.open("schlangennest", {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    screen = SchlangennestScreen()
    screen.show(view, True)
    return bench, view, screen


def test_a_refused_field_is_explained_with_the_rule_it_breaks():
    bench, view, screen = _game()
    screen.tap_piece("curve")
    assert screen.tap_cell([3, 2])[0] == st.FIELD_DOES_NOT_FIT
    assert _ask(bench, view, screen) == FIELD_REFUSED
    for lang in ("en", "de"):
        words = texts(lang)
        text = screen.notice_text(words, FIELD_REFUSED)
        assert words.t("reason.schlangennest.first_cell") in text, text
        assert words.t("snake_kind_curve") in text
    assert screen.take_check() is None  # asked once


def test_the_selected_card_shows_the_length_it_brings():
    bench, view, screen = _game()
    screen.tap_piece("curve")
    screen.tap_cell([0, 0])
    assert _ask(bench, view, screen) is None
    tray = screen.board(texts("en"), view)
    assert 'data-preview-length="1"' in tray and "now 0" in tray
    assert screen.take_check() is None  # the same card again: nothing new to ask
    if screen.turn.can_rotate():
        screen.turn.rotate()
        assert 'data-preview-length' not in screen.board(texts("en"), view)  # not yet asked for this one
        assert _ask(bench, view, screen) is None
        assert 'data-preview-length="1"' in screen.board(texts("en"), view)
