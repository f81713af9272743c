"""The page's side of a message (ui/wire.py): the record and the save's other fields
that follow a view's JSON go back into the view. Plain asserts: tests/mpy/run.mjs runs
this file under MicroPython too."""

import json

from spielstube.ui.common.wire import decode


def test_a_plain_message_is_its_json():
    assert decode('{"type": "alive"}') == {"type": "alive"}
    assert decode(json.dumps({"type": "view", "view": {"save": "s", "record": "r"}}))["view"]["save"] == "s"


def test_the_texts_after_a_view_go_back_into_it():
    record = json.dumps({"moves": [1, 2], "note": "x\ny"})  # escaped: no raw newline
    others = json.dumps({"seats": ["human"], "redo": []})
    head = json.dumps({"type": "view", "reply_to": 3, "view": {"save": None, "record": None}})
    message = decode(head + "\n" + record + "\n" + others)
    assert message["reply_to"] == 3
    assert message["view"]["record"] == record
    assert json.loads(message["view"]["record"])["note"] == "x\ny"
    save = json.loads(message["view"]["save"])
    assert save["record"] == json.loads(record) and save["seats"] == ["human"] and save["redo"] == []
    alone = decode(head + "\n" + record + "\n{}")["view"]["save"]  # a save of the record only
    assert json.loads(alone) == {"record": json.loads(record)}


def test_a_damaged_message_is_refused():
    try:
        decode("{not json\n{}")
    except ValueError:
        return
    raise AssertionError("decoded a damaged message")
