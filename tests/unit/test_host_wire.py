"""A view on the wire (host/wire.py, docs/host-protocol.md §7 "The page's form"): for a
page that keeps what it is sent, the record and the save's other fields follow the view's
JSON, the record once; what the page decodes (ui/common/wire.py) is the view the host built.
Any other message is plain JSON."""

import json

from host_helpers import Bench
from test_record_limits import stretched_topologic

from spielstube.core.limits import MAX_MOVES
from spielstube.host.wire import encode
from spielstube.ui.common.wire import decode


def load_at_the_cap(page):
    bench = Bench()
    fields = {"moves_tail": 60} if page else {}
    bench.send("open", game="topologic", settings=None, save=None, **fields)
    return bench.send("load", record=json.dumps(stretched_topologic(MAX_MOVES)), seats=["human", "ai:easy"])[-1]


def marked_as(save, other):
    """``save`` with the history mark of ``other`` (two runs' games have their own ids and times)."""
    return dict(save, history=other["history"])


def test_the_texts_come_after_the_json_and_decode_to_the_same_view():
    whole, page = load_at_the_cap(False), load_at_the_cap(True)
    text = encode(page)
    head = text.partition("\n")[0]
    assert json.loads(head)["view"]["save"] is None and json.loads(head)["view"]["record"] is None
    assert len(head) < len(encode(whole)) // 2  # the long texts are not in the JSON the page parses
    view = decode(text)["view"]
    # Compared first: pytest would take minutes to tell two texts of 84 KB apart.
    same = view["save"] == page["view"]["save"] and view["record"] == page["view"]["record"]
    assert same
    kept = json.loads(view["save"])
    same = kept == marked_as(whole["view"]["save"], kept) and view["record"] == whole["view"]["record"]
    assert same
    assert json.loads(view["record"])["moves"] == stretched_topologic(MAX_MOVES)["moves"]
    assert decode(encode(whole)) == json.loads(json.dumps(whole))


def test_the_save_is_the_text_of_the_whole_save_and_the_record_travels_once():
    whole, page = load_at_the_cap(False), load_at_the_cap(True)
    kept = json.loads(page["view"]["save"])
    same = page["view"]["save"] == json.dumps(marked_as(whole["view"]["save"], kept), ensure_ascii=False)
    assert same  # (compared first: pytest would take minutes to tell two long texts apart)
    record = page["view"]["record"]
    text = encode(page)
    assert text.count(record) == 1
    assert len(text) < len(encode(whole)) - len(record) // 2  # the whole form carries it twice


def test_without_the_flag_messages_are_plain_json():
    message = load_at_the_cap(False)
    assert json.loads(encode(message)) == json.loads(json.dumps(message))
