"""The host says it is alive (core.pause.beat) from work that passes no search clock:
importing and building a computer player the first time, with the worker's event loop
blocked (the page restarts a host silent for 6 s, ui/host_link.py)."""

from host_helpers import Bench

from spielstube.host import turns


def test_building_a_computer_player_beats_before_and_after(monkeypatch):
    beats = []
    bench = Bench()
    ticks = iter(range(10 ** 7))
    bench.driver.beat = lambda: beats.append(1)
    bench.driver.beat_clock = lambda: float(next(ticks))  # every reading is due a beat
    built = []
    real = turns.make_agent

    def make_agent(*args):
        built.append(len(beats))
        agent = real(*args)
        built.append(len(beats))
        return agent

    monkeypatch.setattr(turns, "make_agent", make_agent)
    bench.open("heptalion", settings={"players": 2, "seats": ["ai:easy", "human"], "first": 0})
    beats.clear()
    think = bench.host.next_think()
    bench.host.compute(think)
    assert len(built) == 2 and built[0] >= 1  # a beat before the build
    assert len(beats) > built[1]  # and one after it, before the search
    built.clear()
    bench.host.compute(bench.host.next_think())
    assert built == []  # built once per game, level and options
