"""The page's side of a message (ui/wire.py): the save and record that follow a
view's JSON go back into the view. Plain asserts: tests/mpy/run.mjs runs this
file under MicroPython too."""

import json

from spielstube.ui.common.wire import decode


def test_a_plain_message_is_its_json():
    assert decode('{"type": "alive"}') == {"type": "alive"}
    assert decode(json.dumps({"type": "view", "view": {"save": "s", "record": "r"}}))["view"]["save"] == "s"


def test_the_texts_after_a_view_go_back_into_it():
    save = json.dumps({"record": {"moves": ["a\nb"]}, "seats": ["human"]})  # escaped: no raw newline
    record = json.dumps({"moves": [1, 2], "note": "x\ny"})
    head = json.dumps({"type": "view", "reply_to": 3, "view": {"save": None, "record": None, "texts_apart": True}})
    message = decode(head + "\n" + save + "\n" + record)
    assert message["reply_to"] == 3
    assert message["view"]["save"] == save and message["view"]["record"] == record
    assert json.loads(message["view"]["record"])["note"] == "x\ny"


def test_a_damaged_message_is_refused():
    try:
        decode("{not json\n{}")
    except ValueError:
        return
    raise AssertionError("decoded a damaged message")
