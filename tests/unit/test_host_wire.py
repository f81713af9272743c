"""A view's save and record after its JSON (host/wire.py, docs/host-protocol.md §7
"Texts apart"): only for a page that asked at open; what the page decodes
(ui/wire.py) is the view it would have had."""

import json

from host_helpers import Bench
from test_record_limits import stretched_topologic

from spielstube.core.limits import MAX_MOVES
from spielstube.host.wire import encode
from spielstube.ui.common.wire import decode


def load_at_the_cap(apart):
    bench = Bench()
    bench.send("open", game="topologic", settings=None, save=None, moves_delta=True, moves_tail=60, save_text=True,
               texts_apart=apart)
    return bench.send("load", record=json.dumps(stretched_topologic(MAX_MOVES)), seats=["human", "ai:easy"])[-1]


def test_the_texts_come_after_the_json_and_decode_to_the_same_view():
    plain, apart = load_at_the_cap(False), load_at_the_cap(True)
    assert "texts" not in plain and plain["view"]["record"]
    assert apart["view"]["save"] is None and apart["view"]["record"] is None and apart["view"]["texts_apart"]
    text = encode(apart)
    head = text.partition("\n")[0]
    assert len(head) < len(encode(plain)) // 2  # the long texts are not in the JSON the page parses
    view = decode(text)["view"]
    assert view["save"] == plain["view"]["save"] and view["record"] == plain["view"]["record"]
    assert json.loads(view["record"])["moves"] == stretched_topologic(MAX_MOVES)["moves"]
    assert decode(encode(plain)) == json.loads(json.dumps(plain))


def test_without_the_flag_messages_are_plain_json():
    message = load_at_the_cap(False)
    assert json.loads(encode(message)) == json.loads(json.dumps(message))
