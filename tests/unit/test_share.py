"""Share links: a record to URL-fragment text and back; damaged text is refused."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core import limits
from spielstube.core.errors import RecordError
from spielstube.core.record import make_record, parse_record, replay
from spielstube.core.rng import Rng
from spielstube.core.share import PREFIX, record_from_share, share_text
from spielstube.games import get_rules
from test_project import documented_records

FRAGMENT_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


def random_record(game, seed, count):
    """The record of ``count`` random legal moves from a random setup."""
    rules = get_rules(game)
    rng = Rng(seed)
    options = rules.normalize_options({})
    setup = rules.random_setup(options, rng)
    state = rules.initial_state(options, setup)
    moves = []
    for _ in range(count):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        state = state.apply(move)
        moves.append(state.last_move or move)
    return make_record(rules, options, setup, moves, state)


def refused(text):
    with pytest.raises(RecordError) as err:
        record_from_share(text)
    assert "\n" not in str(err.value)
    return str(err.value)


def test_every_documented_record_survives_a_link():
    for _, block in documented_records():
        record = parse_record(block)
        text = share_text(record)
        assert set(text) <= FRAGMENT_SAFE and text.startswith(PREFIX)
        assert record_from_share(text).to_dict() == record.to_dict()
        # deflate pays: the link is shorter than the compact JSON
        assert len(text) < len(json.dumps(record.to_dict(), separators=(",", ":")))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["heptalion", "schlangennest"]), st.integers(0, 10**6), st.integers(0, 40))
def test_random_playouts_round_trip_and_replay(game, seed, count):
    record = random_record(game, seed, count)
    back = record_from_share(share_text(record))
    assert back.to_dict() == record.to_dict()
    replayed = replay(back, get_rules)
    assert len(replayed.moves) == len(record.moves)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_a_changed_or_cut_link_is_refused(seed, data):
    record = random_record("heptalion", seed, 6)
    text = share_text(record)
    body = text[len(PREFIX):]
    where = data.draw(st.integers(0, len(body) - 2), label="where")  # the last character carries padding bits
    other = data.draw(st.sampled_from(sorted(FRAGMENT_SAFE - {".", body[where]})), label="other")
    changed = PREFIX + body[:where] + other + body[where + 1:]
    try:
        opened = record_from_share(changed)
    except RecordError as err:
        assert "\n" not in str(err)
    else:
        # Only the unused bits that end the deflate stream can change unseen
        # (zlib ignores them); such a link still opens exactly the shared game.
        assert opened.to_dict() == record.to_dict()
    cut = data.draw(st.integers(1, len(body) - 1), label="cut")
    refused(PREFIX + body[:cut])


def test_text_that_is_no_link_is_refused_with_a_clear_message():
    good = share_text(random_record("heptalion", 3, 4))
    assert "does not hold" in refused("heptalion")
    assert "does not hold" in refused("")
    assert "never holds" in refused(good + "!")
    assert "never holds" in refused(good[:10] + " " + good[10:])
    assert "never holds" in refused(good + "\n")


def test_a_link_that_unpacks_to_more_than_a_record_may_hold_is_refused():
    import base64
    import hashlib
    import zlib

    bomb = b"[" + b" " * (limits.MAX_RECORD_BYTES * 3) + b"]"
    packed = zlib.compress(bomb, 9) + hashlib.sha256(bomb).digest()[:8]
    text = PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert len(text) < 20_000
    assert "too large" in refused(text)


def test_a_link_to_an_illegal_game_is_refused_by_replay_like_a_file():
    record = random_record("heptalion", 5, 4)
    data = record.to_dict()
    data["moves"][1] = data["moves"][0]
    back = record_from_share(share_text(parse_record(json.dumps(data))))
    with pytest.raises(RecordError, match="move 1"):
        replay(back, get_rules)
