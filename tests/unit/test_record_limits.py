"""What a record may hold: size in bytes, nesting, moves, keys; checked before parsing."""

import json
import re

import pytest

from spielstube.core import limits
from spielstube.core.errors import RecordError
from spielstube.core.record import parse_record, replay
from spielstube.games import get_rules
from test_project import documented_records


def example(game):
    for _, block in documented_records():
        data = json.loads(block)
        if data["game"] == game:
            return data
    raise LookupError(game)


def refused(text):
    with pytest.raises(RecordError) as err:
        parse_record(text)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_a_100000_deep_json_is_refused_before_the_parser_sees_it(monkeypatch):
    def no_parsing(*args, **kwargs):
        raise AssertionError("json.loads was reached")

    monkeypatch.setattr("spielstube.core.record.json.loads", no_parsing)
    for deep in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000, "[" * 100_000,
                 "[[]," * 100_000 + "]" * 100_000):  # never two openers in a row
        assert "not valid JSON" in refused(deep)
        assert "not valid JSON" in refused(deep.encode())


def test_nesting_depth_counts_brackets_outside_strings_only():
    assert limits.nesting_depth('[{"a": [1, "]]]", "\\"[[["]}]') == 3
    assert limits.nesting_depth('"[[[["') == 0
    assert limits.nesting_depth("{}") == 1
    assert limits.nesting_depth("") == 0


def test_the_limit_of_depth_is_exact():
    at_limit = "[" * limits.MAX_DEPTH + "]" * limits.MAX_DEPTH
    assert "JSON object" in refused(at_limit)  # parsed: a list, not a record
    assert "nested more than" in refused("[" + at_limit + "]")


def test_every_documented_record_stays_far_inside_the_limits():
    for _, block in documented_records():
        assert limits.nesting_depth(block) <= limits.MAX_DEPTH // 4
        assert len(json.loads(block)["moves"]) <= limits.MAX_MOVES // 10


def test_the_size_limit_counts_bytes_not_characters():
    data = example("heptalion")
    text = json.dumps(data, ensure_ascii=False)
    # Pad with a 3-byte character: fewer characters than the limit, more bytes.
    padding = (limits.MAX_RECORD_BYTES - len(text.encode())) // 3 + 10
    data["setup"]["note"] = "€" * padding
    big = json.dumps(data, ensure_ascii=False)
    assert len(big) < limits.MAX_RECORD_BYTES < len(big.encode())
    assert "too large" in refused(big)
    assert "too large" in refused(big.encode())
    data["setup"]["note"] = "€" * (padding - 20)
    fits = json.dumps(data, ensure_ascii=False)
    assert len(fits.encode()) <= limits.MAX_RECORD_BYTES
    parse_record(fits.encode())  # within the limit: parsed (the game may refuse the note later)


def test_a_utf8_byte_order_mark_is_accepted():
    text = json.dumps(example("heptalion"))
    assert parse_record(b"\xef\xbb\xbf" + text.encode()).game == "heptalion"
    assert parse_record("\ufeff" + text).game == "heptalion"


def test_unknown_top_level_keys_are_refused_by_name_on_one_line():
    data = example("heptalion")
    data["com\nment"] = "x"
    message = refused(json.dumps(data))
    assert "unknown keys" in message and '"com\\nment"' in message


def stretched_topologic(count):
    """The documented Topologic match, its first round's first seeking turn
    repeated (the seekers stay put) to ``count`` moves in all."""
    data = example("topologic")
    moves = data["moves"]
    seek = next(i for i, move in enumerate(moves) if "seekers" in move)
    data["moves"] = moves[:seek] + [moves[seek]] * (count - seek)
    data["result"] = None
    return data


def test_more_moves_than_a_record_may_hold_are_refused_before_replay():
    data = stretched_topologic(limits.MAX_MOVES + 1)
    assert f"at most {limits.MAX_MOVES:,}" in refused(json.dumps(data))
    data["moves"] = data["moves"][:limits.MAX_MOVES]
    replay(parse_record(json.dumps(data)), get_rules)  # the largest record allowed still replays


def test_a_record_of_20000_topologic_turns_is_refused_at_once():
    text = json.dumps(stretched_topologic(20_000))
    assert re.search(r"20,000 moves", refused(text))
