"""The host says it is alive (core.pause.beat) from work that passes no search clock:
importing and building a computer player the first time, with the worker's event loop
blocked (the page restarts a host silent for 6 s, ui/frame/host_link.py)."""

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
    think = bench.host.turns.next_think()
    bench.host.turns.compute(think)
    assert len(built) == 2 and built[0] >= 1  # a beat before the build
    assert len(beats) > built[1]  # and one after it, before the search
    built.clear()
    bench.host.turns.compute(bench.host.turns.next_think())
    assert built == []  # built once per game, level and options


def test_a_computer_player_is_built_while_the_person_thinks_not_inside_its_first_move(monkeypatch):
    built = []
    real = turns.make_agent

    def make_agent(game, level, options):
        built.append((game, level, bench.host.turns.next_think() is not None))
        return real(game, level, options)

    monkeypatch.setattr(turns, "make_agent", make_agent)
    bench = Bench()
    bench.open("heptalion", settings={"players": 3, "seats": ["human", "ai:easy", "ai:normal"], "first": 0})
    bench.run()
    # Both levels built, each once, while the person is to move and nothing else is due.
    assert sorted(built) == [("heptalion", "easy", False), ("heptalion", "normal", False)]
    bench.move(bench.view()["legal"][0])
    bench.run()
    assert len(built) == 2  # the computers' moves reuse them
    assert bench.view()["seat"] == 0 and len(bench.view()["moves"]) >= 2


def test_a_computer_player_that_cannot_be_built_ahead_leaves_the_host_answering(monkeypatch):
    def broken(game, level, options):
        raise RuntimeError("no such computer")

    monkeypatch.setattr(turns, "make_agent", broken)
    bench = Bench()
    bench.open("heptalion", settings={"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    assert bench.driver.step() is None  # nothing built, nothing due: the host waits for the person
    assert bench.view()["seat"] == 0
