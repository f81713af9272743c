"""The Topologic screen on real host views (CPython only: it drives the host):
a person enters, seeks with the helper's shading, finds the secret, reads the
round's end, hides the next secret and rematches on the same board."""

import json
import re

from host_helpers import Bench

from spielstube.ui.common.texts import Texts
from spielstube.ui.topologic.screen import TopologicScreen

SETTINGS = {"seats": ["human", "ai:easy"], "first": 0, "options": {"seekers": 3, "shape": "6x10"}}


def texts():
    table = {}
    for name in ("common", "frame", "topologic", "topologic-frame"):
        with open(f"i18n/{name}.json", encoding="utf-8") as handle:
            table.update(json.load(handle))
    return Texts(table, "en")


def marked(markup, cls):
    return set(tuple(int(v) for v in m.split(",")) for m in
               re.findall(r'<g class="[^"]*\b' + cls + r'\b[^"]*" data-tile="[^"]*"[^>]*data-cell="(\d+,\d+)"', markup))


def drawn(screen, view):
    screen.show(view, True)
    return screen.board(texts(), view) + screen.panels(texts(), view)


def test_a_person_seeks_a_round_then_hides_and_rematches_on_the_same_board():
    bench = Bench()
    bench.open("topologic", SETTINGS)
    bench.run()  # the computer hides
    screen = TopologicScreen()
    view = bench.view()
    markup = drawn(screen, view)
    assert screen.phase(view) == "entry" and 'data-phase="entry"' in markup
    border = set(tuple(c) for c in view["legal"]["seekers"][0])
    assert marked(markup, "legal") == border
    assert "topo-secret" not in markup  # the seeker never sees the secret
    for cell in sorted(border)[:3]:
        assert screen.tap_cell(cell) == (None, None)
    notice, request = screen.act("confirm", view)
    assert notice is None and request[0] == "move"
    bench.move(request[1])
    screen.act("toggle-helper", view)
    for _turn in range(25):
        view = bench.view()
        if view["board"]["round"] == 1:
            break
        markup = drawn(screen, view)
        candidates = sorted(marked(markup, "candidate"))
        assert candidates and marked(markup, "ruled-out").isdisjoint(candidates)
        target = candidates[0]
        for i in range(3):  # every seeker that can reach the first candidate goes there
            screen.tap_piece(f"s{i}")
            if target in screen.seek.legal_cells():
                screen.tap_cell(target)
            else:
                screen.tap_piece(f"s{i}")
        notice, request = screen.act("confirm", view)
        bench.move(request[1])
        bench.run()
    else:
        raise AssertionError("the secret was not found")
    view = bench.view()
    bench.run()  # the computer's hide of round 2 would come here if it were the game master
    markup = drawn(screen, view)
    assert screen.phase(view) == "round-end" and "topo-secret" in markup and "topo-round-end" in markup
    screen.act("next-round", view)
    assert screen.phase(view) == "secret"
    assert screen.act("confirm", view) == ("topo_choose_secret_first", None)
    screen.tap_cell((2, 3))
    notice, request = screen.act("confirm", view)
    assert request[1]["action"] == "hide"
    assert request[1]["secret"] == [int(v) for v in view["board"]["tiles"][2][3].split("/")]
    after = bench.move(request[1])[-1]["view"]
    markup = drawn(screen, after)
    assert screen.phase(after) == "watch" and "topo-secret" in markup  # the game master sees it
    assert 'data-action="skip"' in markup
    notice, request = screen.act("rematch-same-board", after)
    assert request[0] == "new" and request[1]["setup"] == {"board": after["board"]["board"]}
    assert request[1]["first"] == 1
    again = bench.send("new", game="topologic", settings=request[1])[-1]["view"]
    assert again["board"]["board"] == after["board"]["board"] and again["board"]["first_seeker"] == 1


def test_a_computer_seeker_that_waits_is_not_said_to_be_seeking():
    bench = Bench()
    bench.open("topologic", dict(SETTINGS, first=1))  # the person hides, the computer seeks
    bench.run()
    screen = TopologicScreen()
    bench.move(bench.view()["legal"][0])
    view = bench.view()
    screen.show(view, True)
    assert screen.phase(view) == "watch"
    seeking = screen.status(texts(), view)
    for key, expected in (("status.stuck", "Computer found no move."), ("status.paused", "Paused")):
        halted = dict(view, status={"key": key, "params": {"seat": "Computer"}}, thinking=None)
        said = screen.status(texts(), halted)
        assert said.startswith(expected) and said != seeking
