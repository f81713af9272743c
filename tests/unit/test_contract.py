"""The game interface, checked the same way for every game (docs/host-protocol.md §1-2).

Complete legal moves (Heptalion and Topologic against independent brute
force read from the player view), apply never mutates, records round-trip,
replay names the bad move, views leak nothing (and the computer decides the
same from equal views), undo/redo and forced passes through the Session.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spielstube.ai.agent import make_agent
from spielstube.ai.heptalion.agents import MctsAgent
from spielstube.core import options as option_checker
from spielstube.core.errors import IllegalMove, RecordError, SettingsError
from spielstube.core.game import GameRules
from spielstube.core.record import parse_record, record_from_dict, replay
from spielstube.core.rng import Rng
from spielstube.core.session import Session
from spielstube.games import GAME_NAMES, get_rules
from spielstube.host.seats import parse_seat

GAME_OPTIONS = {
    "heptalion": [{"players": 2}, {"players": 3, "hidden_hands": True}, {"players": 4, "hidden_hands": True}],
    "topologic": [{"seekers": 3, "shape": "6x10"}, {"seekers": 5, "shape": "random"}],
    "schlangennest": [{"players": 2}, {"players": 3, "tail_first": True}, {"players": 2, "difficulty": "hard"},
                      {"players": 3, "extra": "neutral"}, {"players": 2, "extra": "frame"},
                      {"players": 2, "snakes": 2}, {"players": 2, "snakes": 2, "two_snake_turn": "one"},
                      {"players": 4, "difficulty": "alternative"}],
    "heptalion-puzzle": [{"board": "original"}, {"board": "random"}],
}
# Every configuration of every game, so each variant is played by each check below.
CONFIGS = [(game, index) for game in GAME_NAMES for index in range(len(GAME_OPTIONS[game]))]
SCHLANGENNEST_CONFIGS = range(len(GAME_OPTIONS["schlangennest"]))
EXAMPLES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def choices(state):
    """Moves to pick at random: Topologic seeker turns through its documented sampler."""
    if hasattr(state, "sample_moves"):
        return state.sample_moves()
    return state.legal_moves()


def new_state(game, options_index, seed):
    rules = get_rules(game)
    options = rules.normalize_options(GAME_OPTIONS[game][options_index % len(GAME_OPTIONS[game])])
    return rules, rules.initial_state(options, rules.random_setup(options, Rng(seed)))


def random_walk(game, options_index, seed, plies):
    """(rules, states, moves) of a random game of at most ``plies`` moves."""
    rules, state = new_state(game, options_index, seed)
    rng = Rng(seed + 7)
    states, moves = [state], []
    for _ in range(plies):
        if state.is_terminal():
            break
        options = choices(state)
        move = options[rng.below(len(options))]
        state = state.apply(move)
        states.append(state)
        moves.append(state.last_move or move)
    return rules, states, moves


def snapshot(rules, state):
    views = [state.player_view(seat) for seat in [None] + list(range(state.num_players))]
    return json.dumps([views, rules.legal_json(state), rules.result_json(state)], sort_keys=True, default=str)


# --- complete legal moves --------------------------------------------------------------

def heptalion_brute_force(view):
    """Every (tile, cells) the mover may lay, from the drawn rows and its hand alone."""
    rows, seat = view["rows"], view["to_move"]
    hand = set(view["hands"][seat]["tiles"])
    free = {(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line) if ch not in "-#"}
    found = set()
    for (r, c), a in free.items():
        for other in ((r, c + 1), (r + 1, c)):
            b = free.get(other)
            if b is not None and "".join(sorted(a + b)) in hand:
                found.add(("".join(sorted(a + b)), ((r, c), other)))
    return found


def topologic_brute_force(view):
    """Each seeker's fields: border fields on entry, else itself and every queen line over fields."""
    tiles = view["tiles"]
    fields = {(r, c) for r, line in enumerate(tiles) for c, tile in enumerate(line) if tile is not None}
    if view["positions"] is None:
        border = sorted(cell for cell in fields
                        if any((cell[0] + dr, cell[1] + dc) not in fields
                               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))))
        return [border] * view["seekers"]
    out = []
    for here in map(tuple, view["positions"]):
        reach = {here}
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                step = 1
                while (dr or dc) and (here[0] + dr * step, here[1] + dc * step) in fields:
                    reach.add((here[0] + dr * step, here[1] + dc * step))
                    step += 1
        out.append(sorted(reach))
    return out


@EXAMPLES
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 30), options_index=st.integers(0, 2))
def test_heptalion_legal_moves_are_every_placement(seed, plies, options_index):
    rules, states, _ = random_walk("heptalion", options_index, seed, plies)
    state = states[-1]
    if state.is_terminal():
        assert rules.legal_json(state) == [] and state.legal_moves() == []
        return
    # The brute force reads the mover's own view: it must show the mover's hand.
    view = state.player_view(state.current_player)
    listed = rules.legal_json(state)
    keys = [(m["tile"], tuple(map(tuple, m["cells"]))) for m in listed]
    assert len(keys) == len(set(keys)), "each placement once"
    assert set(keys) == heptalion_brute_force(view)
    assert all(m["player"] == state.current_player for m in listed)


@EXAMPLES
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 12), options_index=st.integers(0, 1))
def test_topologic_legal_moves_are_each_seekers_fields_or_every_hide(seed, plies, options_index):
    rules, states, _ = random_walk("topologic", options_index, seed, plies)
    state = states[-1]
    listed = rules.legal_json(state)
    if state.is_terminal():
        assert listed == []
        return
    view = state.player_view(state.current_player)
    if view["phase"] == "hide":
        assert len(listed) == 60
        assert sorted(tuple(m["secret"]) for m in listed) == sorted(
            tuple(map(int, tile.split("/"))) for line in view["tiles"] for tile in line if tile)
        assert {m["player"] for m in listed} == {state.game_master}
        return
    expected = topologic_brute_force(view)
    assert listed == {"seekers": [[list(c) for c in cells] for cells in expected]}
    # Any choice per seeker is one legal turn; a field outside them is refused.
    rng = Rng(seed)
    pick = [cells[rng.below(len(cells))] for cells in expected]
    state.apply(state.make_move(pick))
    fields = {(r, c) for r, line in enumerate(view["tiles"]) for c, tile in enumerate(line) if tile}
    outside = sorted(fields - set(expected[0]))
    if outside:
        with pytest.raises(IllegalMove) as info:
            state.apply(state.make_move([outside[0]] + pick[1:]))
        assert info.value.code in ("topologic.not_border", "topologic.unreachable")


@pytest.mark.parametrize("options_index", SCHLANGENNEST_CONFIGS)
@EXAMPLES
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_schlangennest_legal_moves_apply_and_passes_are_forced(seed, plies, options_index):
    rules, states, _ = random_walk("schlangennest", options_index, seed, plies)
    state = states[-1]
    listed = rules.legal_json(state)
    moves = [rules.move_from_json(m) for m in listed]
    assert moves == state.legal_moves() and len(set(moves)) == len(moves)
    for move in moves:
        state.apply(move)
    forced = state.forced_move()
    if len(listed) == 1 and listed[0]["action"] == "pass":
        assert forced == moves[0]
    else:
        assert forced is None
        assert all(m["action"] != "pass" for m in listed)


# --- apply never mutates; the interface's JSON ------------------------------------------

@pytest.mark.parametrize("game, options_index", CONFIGS)
@EXAMPLES
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 25))
def test_apply_never_mutates_and_everything_is_json(game, seed, plies, options_index):
    rules, states, moves = random_walk(game, options_index, seed, plies)
    before = [snapshot(rules, state) for state in states]
    # Apply everything again, and a few refused moves, from every state.
    for index, (state, move) in enumerate(zip(states, moves)):
        state.apply(move)
        for viewer in [None] + list(range(state.num_players)):
            entry = rules.describe_json(state, move, viewer)
            json.dumps(entry)
            assert entry["seat"] == state.current_player
            assert entry["kind"] in ("place", "hide", "pass", "turn", "swap", "seek")
            assert all(isinstance(cell, list) and len(cell) == 2 for cell in entry["cells"])
        try:
            state.apply("not a move")
        except IllegalMove as exc:
            # A game's variants (the Heptalion puzzle) share its codes.
            assert exc.code.startswith(game.split("-")[0] + ".")
            json.dumps(exc.params)
    assert [snapshot(rules, state) for state in states] == before


@pytest.mark.parametrize("game", GAME_NAMES)
def test_option_schema_declares_the_defaults(game):
    rules = get_rules(game)
    schema = rules.option_schema()
    json.dumps(schema)
    names = [item["name"] for item in schema]
    assert len(names) == len(set(names))
    if rules.max_players > 1:
        assert "players" in names
    defaults = {item["name"]: item["default"] for item in schema if item["default"] is not None}
    # A default whose "when" the other defaults contradict is not sent (as the host drops it).
    defaults = {name: value for name, value in defaults.items()
                if all(defaults.get(other) in (wanted if isinstance(wanted, list) else [wanted])
                       for other, wanted in (next(i for i in schema if i["name"] == name).get("when") or {}).items()
                       if other in defaults)}
    assert rules.normalize_options(defaults) == rules.normalize_options({})
    for item in schema:
        assert item["type"] in ("int", "choice", "bool", "area")
        if item["type"] == "choice":
            for value in item["values"]:
                # A value another option depends on ("when") needs that option too.
                needs = [other for other in schema if other.get("when") == {item["name"]: value}]
                if not needs:
                    # The conditions declared for the field and the value come along.
                    conditions = dict(item.get("when") or {})
                    needed = (item.get("value_when") or {}).get(value, {})
                    # Of several conditions (any one suffices) the first.
                    conditions.update(needed[0] if isinstance(needed, list) else needed)
                    options = {name: wanted[0] if isinstance(wanted, list) else wanted
                               for name, wanted in conditions.items()}
                    options[item["name"]] = value
                    rules.normalize_options(options)
        if item["type"] == "int":
            assert item["min"] <= item["default"] <= item["max"]


# --- records ------------------------------------------------------------------------------

def break_move(game, data):
    """The same move made illegal in a way the game must refuse."""
    data = copy.deepcopy(data)
    if game.startswith("heptalion"):
        data["cells"] = [[0, 0], [0, 1]]  # no fields there
    elif game == "topologic" and data.get("action") == "hide":
        data["secret"] = [3, 7]  # no tile has 7 pips
    elif game == "topologic":
        data["seekers"] = [[-1, -1]] * len(data["seekers"])
    elif data["action"] == "pass":
        data = {"player": data["player"], "action": "place", "card": "head", "cell": [90, 90], "rot": 0}
    else:
        data["cell"] = [90, 90]
    return data


def new_session(game, options_index, seed, seats=None):
    rules = get_rules(game)
    options = GAME_OPTIONS[game][options_index % len(GAME_OPTIONS[game])]
    normalized = rules.normalize_options(options)
    setup = rules.random_setup(normalized, Rng(seed))
    seats = seats or ["human"] * normalized.get("players", 2)
    return Session(rules, options, setup, seats)


def play_random(session, seed, plies):
    rng = Rng(seed + 7)
    for _ in range(plies):
        if session.state.is_terminal():
            break
        assert session.state.forced_move() is None, "the Session plays forced moves itself"
        options = choices(session.state)
        session.play(options[rng.below(len(options))])
    return session


@pytest.mark.parametrize("game, options_index", CONFIGS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(1, 30))
def test_records_round_trip_and_replay_names_the_bad_move(game, options_index, seed, plies):
    session = play_random(new_session(game, options_index, seed), seed, plies)
    record = session.record()
    parsed = parse_record(record.to_json())
    assert parsed.moves == record.moves
    again = replay(parsed, get_rules)
    assert again.final.key() == session.state.key()
    assert Session.from_record(parsed, get_rules, session.seats).record().to_dict() == record.to_dict()
    if not record.moves:
        return
    index = seed % len(record.moves)
    data = record.to_dict()
    data["moves"][index] = break_move(game, data["moves"][index])
    data["result"] = None
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(data), get_rules)
    assert info.value.move_index == index
    assert f"move {index}:" in str(info.value)


# --- views leak nothing ----------------------------------------------------------------------

def decide(game, agent, state, seed):
    """The worker's path: the computer sees a determinization of its seat's view."""
    rng = Rng(seed)
    return agent.choose_move(state.determinize(state.current_player, rng), rng)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 12), players=st.sampled_from([2, 3, 4]))
def test_heptalion_hidden_hands_views_and_moves_depend_on_the_view_only(seed, plies, players):
    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": players, "hidden_hands": True})
    state = rules.initial_state(options, rules.random_setup(options, Rng(seed)))
    rng = Rng(seed + 1)
    for _ in range(plies):
        if state.is_terminal():
            return
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    if state.is_terminal():
        return
    seat = state.current_player
    # Another deal of every tile ``seat`` cannot see: the same view, the same decision.
    other = state.determinize(seat, Rng(seed + 2))
    assert other.hands[seat] == state.hands[seat]
    assert state.player_view(seat) == other.player_view(seat)
    assert state.player_view(None) == other.player_view(None)
    agents = [make_agent("heptalion", "easy", options), MctsAgent("normal", None, iterations=60)]
    for agent in agents:
        assert decide("heptalion", agent, state, seed) == decide("heptalion", agent, other, seed)
    public = state.player_view(None)
    assert all(hand["tiles"] is None for hand in public["hands"])


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 4), old_form=st.booleans())
def test_topologic_views_and_moves_hide_the_secret_from_the_seeker(seed, turns, old_form):
    rules = get_rules("topologic")
    options = rules.normalize_options({"seekers": 4})
    rng = Rng(seed)
    setup = rules.random_setup(options, rng)
    if old_form:  # the secrets in the setup, as records before the hide move hold them
        setup["secrets"] = [[rng.below(10), 1 + rng.below(6)] for _ in range(2)]
    state = rules.initial_state(options, setup)
    if state.awaiting_secret:
        state = state.apply(state.hide_move((rng.below(10), 1 + rng.below(6))))
    agent = make_agent("topologic", "normal", options)
    for _ in range(turns):
        if state.round_index > 0:
            break
        state = state.apply(decide("topologic", agent, state, seed))
    if state.round_index > 0 or state.is_terminal():
        return
    seeker = state.current_player
    other = state.determinize(seeker, Rng(seed + 3))  # another secret the hints allow
    assert state.player_view(seeker) == other.player_view(seeker)
    assert state.player_view(None) == other.player_view(None)
    assert state.player_view(seeker)["rounds"][0]["secret"] is None
    assert state.player_view(state.game_master)["rounds"][0]["secret"] == list(state.secret)
    for level in ("easy", "normal"):
        agent = make_agent("topologic", level, options)
        assert decide("topologic", agent, state, seed) == decide("topologic", agent, other, seed)
    # The hide entry never shows the secret to the seeker or a spectator.
    hide_state = rules.initial_state(options, rules.random_setup(options, Rng(seed)))
    hide = hide_state.hide_move((2, 2))
    for viewer in (hide_state.seeker, None):
        entry = rules.describe_json(hide_state, hide, viewer)
        assert entry["params"]["secret"] is None and entry["cells"] == []
    assert rules.describe_json(hide_state, hide, hide_state.game_master)["params"]["secret"] == [2, 2]


@pytest.mark.parametrize("options_index", SCHLANGENNEST_CONFIGS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 20))
def test_schlangennest_is_open_so_every_seat_sees_the_same(options_index, seed, plies):
    rules, states, _ = random_walk("schlangennest", options_index, seed, plies)
    state = states[-1]
    views = [state.player_view(seat) for seat in [None] + list(range(state.num_players))]
    assert all(view == views[0] for view in views)
    # A hand per player colour (two snakes: two per seat); neutral colours hold none.
    colours = [c for c in views[0]["colours"] if c["seat"] is not None]
    assert len(views[0]["hands"]) == len(colours) == state.num_players * state.cfg.snakes
    assert [sum(hand.values()) for hand in views[0]["hands"]] == [
        18 - sum(1 for card in views[0]["cards"] if card["colour"] == c["colour"]) for c in colours]


# --- what the host asks of a game: declared on its rules ---------------------------------------

class BareRules(GameRules):
    """Only what every game must write: the declarations take their neutral defaults."""

    name = "bare"

    def random_setup(self, options, rng):
        return {}

    def initial_state(self, options, setup):
        return None

    def move_to_json(self, move):
        return move

    def move_from_json(self, data):
        return data

    def result_json(self, state):
        return None


HOOKS = ("check_options", "default_seats", "default_first", "first_seat_key", "first_seat",
         "keeps_secrets", "setup_from_settings", "check_fixed_keys", "kept_setup", "person_move",
         "check_json", "min_show_seconds", "skip_scope", "board_report")


def test_every_hook_has_a_docstring_and_a_neutral_default():
    for name in HOOKS:
        assert (getattr(GameRules, name).__doc__ or "").strip(), name
    bare = BareRules()
    assert bare.normalize_options({}) == {"players": 2} and bare.normalize_options({"players": 2}) == {"players": 2}
    with pytest.raises(RecordError):
        bare.normalize_options({"players": 3})
    assert bare.default_seats(2) == ["human", "ai:normal"] and bare.default_seats(1) == ["human"]
    assert bare.default_first == 0 and bare.first_seat_key is None and bare.first_seat({"first": 1}) == 0
    assert bare.keeps_secrets({"players": 2}) is False
    assert bare.setup_from_settings({}, Rng(1), {}) == {}
    with pytest.raises(SettingsError) as info:
        bare.setup_from_settings({}, Rng(1), {"board": "x"})
    assert info.value.code == "settings.setup_key" and info.value.params == {"name": "board", "known": []}
    assert bare.kept_setup({}, {"a": 1}, None) == {"a": 1}
    assert bare.person_move(None, {"to": 3}) == {"to": 3}
    assert bare.min_show_seconds(None) == 0 and bare.skip_scope(None) == 0
    assert bare.board_report({}) is None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_declares_its_seats_and_where_its_first_seat_goes(game):
    rules = get_rules(game)
    for players in range(rules.min_players, rules.max_players + 1):
        seats = rules.default_seats(players)
        assert len(seats) == players and "human" in seats
        assert [parse_seat(spec, i) for i, spec in enumerate(seats)] == seats
    first = rules.default_first
    assert first == "random" or (isinstance(first, int) and 0 <= first < rules.min_players)
    key = rules.first_seat_key
    assert (key is None) == (rules.max_players == 1)
    options = rules.normalize_options({})
    setup = rules.random_setup(options, Rng(3))
    if key is None:
        assert rules.first_seat(setup) == 0
        return
    assert key in setup
    for seat in range(rules.min_players):
        placed = dict(setup, **{key: seat})
        assert rules.first_seat(placed) == seat
        rules.initial_state(options, placed)


@pytest.mark.parametrize("game, options_index", CONFIGS)
def test_settings_draw_the_random_setup_and_fix_only_its_keys(game, options_index):
    rules = get_rules(game)
    options = rules.normalize_options(GAME_OPTIONS[game][options_index])
    assert rules.setup_from_settings(options, Rng(5), {}) == rules.random_setup(options, Rng(5))
    assert rules.kept_setup(options, {}, None) == {}
    wrong = ["no such key"] + ([rules.first_seat_key] if rules.first_seat_key else [])
    for key in wrong:
        with pytest.raises(SettingsError) as info:
            rules.setup_from_settings(options, Rng(5), {key: 0})
        assert info.value.code == "settings.setup_key" and info.value.params["name"] == key
        assert rules.first_seat_key not in info.value.params["known"]


@pytest.mark.parametrize("game, options_index", CONFIGS)
def test_options_normalize_once_for_good(game, options_index):
    """normalize_options is a fixed point whose values keep to the declared schema; no game
    checks options its own way (core/options.py, then its check_options)."""
    rules = get_rules(game)
    assert type(rules).normalize_options is GameRules.normalize_options
    options = rules.normalize_options(GAME_OPTIONS[game][options_index])
    assert rules.normalize_options(options) == options
    assert rules.normalize_options(json.loads(json.dumps(options))) == options
    schema = {item["name"]: item for item in rules.option_schema()}
    for name, value in options.items():
        assert option_checker.check_value(schema[name], value) == value


@pytest.mark.parametrize("game, options_index", CONFIGS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 25))
def test_what_the_host_asks_along_a_game(game, options_index, seed, plies):
    rules, states, moves = random_walk(game, options_index, seed, plies)
    options = rules.normalize_options(GAME_OPTIONS[game][options_index])
    for index, (state, move) in enumerate(zip(states, moves)):
        # Secrets: where a seat sees more than the public, the game says it keeps secrets.
        views = [state.player_view(seat) for seat in range(state.num_players)]
        if any(view != state.player_view(None) for view in views):
            assert rules.keeps_secrets(options)
        seconds = rules.min_show_seconds(state)
        assert isinstance(seconds, (int, float)) and 0 <= seconds <= 5
        assert rules.skip_scope(state) is not None
        hash(rules.skip_scope(state))
        # A person's move from the page (what it can know of it) plays as the move itself.
        data = rules.move_json_of(state, states[index + 1].last_move or move)
        page = {key: value for key, value in data.items() if key != "hint"} if isinstance(data, dict) else data
        played = state.apply(rules.person_move(state, page))
        assert played.key() == state.apply(move).key()
        checked = rules.check_json(state, page)
        assert checked["legal"] is True
        json.dumps(checked)
        try:
            refused = rules.check_json(state, break_move(game, data))
        except RecordError:
            continue
        assert refused["legal"] is False and refused["code"].startswith(game.split("-")[0] + ".")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_board_report_is_json_or_none(game):
    rules = get_rules(game)
    report = rules.board_report({})
    if report is not None:
        json.dumps(report)
        assert rules.board_report({"rows": report["rows"]}) == report
        with pytest.raises(RecordError):
            rules.board_report({"code": "not a board"})


# --- the Session: undo, redo, forced passes, saves ------------------------------------------

def person_moves(session):
    return [i for i in range(len(session.moves)) if session.made_by_person(i)]


@pytest.mark.parametrize("game, options_index", CONFIGS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 40), human=st.integers(0, 1))
def test_undo_redo_and_forced_moves_through_the_session(game, options_index, seed, plies, human):
    players = new_session(game, options_index, seed).state.num_players
    human %= players
    seats = ["ai:easy"] * players
    seats[human] = "human"
    session = play_random(new_session(game, options_index, seed, seats), seed, plies)
    full = session.record().to_dict()
    # A save carries the record, the seats and the redo stack.
    assert Session.from_save(json.loads(json.dumps(session.to_save())), get_rules).record().to_dict() == full
    persons = person_moves(session)
    barrier = max([i for i, s in enumerate(session.states) if s.undo_barrier], default=0)
    allowed = [i for i in persons if i >= barrier]
    assert session.can_undo() == bool(allowed)
    if not allowed:
        assert not session.undo()
        return
    target = allowed[-1]
    assert session.undo()
    assert len(session.moves) == target
    assert session.state.current_player == human and session.state.forced_move() is None
    undone = len(full["moves"]) - target
    assert len(session.redo_stack) == undone
    # The redo stack survives a save.
    restored = Session.from_save(json.loads(json.dumps(session.to_save())), get_rules)
    assert restored.redo_stack == session.redo_stack
    assert restored.record().to_dict() == session.record().to_dict()
    # Redo goes forward to the next place a person decides, and on to the end again.
    while session.can_redo():
        assert session.redo()
        assert session.person_to_act() or not session.can_redo() or session.state.is_terminal()
    assert session.record().to_dict() == full
    # A new move clears redo.
    session.undo()
    if not session.state.is_terminal():
        options = choices(session.state)
        session.play(options[0])
        assert not session.can_redo()


def test_the_session_plays_schlangennest_passes_and_undo_skips_them():
    rules = get_rules("schlangennest")
    for seed in range(40):
        setup = rules.random_setup({"players": 2, "difficulty": "hard"}, Rng(seed))
        session = Session(rules, {"players": 2, "difficulty": "hard"}, setup, ["human", "ai:easy"])
        rng = Rng(seed)
        while not session.state.is_terminal():
            moves = session.state.legal_moves()
            session.play(moves[rng.below(len(moves))])
        passes = [i for i, m in enumerate(session.moves) if type(m).__name__ == "Pass"]
        if not passes:
            continue
        # Every pass was played by the Session (no seat was ever asked to pass).
        for i in passes:
            assert session.states[i].forced_move() == session.moves[i]
            assert not session.made_by_person(i)
        while session.undo():
            assert session.state.forced_move() is None
            assert session.state.current_player == 0
        assert all(not session.made_by_person(i) for i in range(len(session.moves)))
        return
    pytest.fail("no game of 40 had a pass")


def test_topologic_undo_stays_inside_a_round():
    rules = get_rules("topologic")
    options = rules.normalize_options({"seekers": 3})
    setup = rules.random_setup(options, Rng(4))
    session = Session(rules, options, setup, ["human", "human"])
    agent = make_agent("topologic", "normal", options)
    while session.state.round_index == 0:
        session.play(decide("topologic", agent, session.state, 9))
    assert session.state.undo_barrier and not session.can_undo()
    session.play(session.state.hide_move((1, 1)))
    # shared/design/rulings.md: a hide before the round's first hint may be taken back,
    # a confirmed seeker turn never (a hint once given stands)
    assert session.can_undo(), "a hide before the first hint goes back"
    session.play(choices(session.state)[0])
    assert not session.can_undo() and not session.undo(), "a hint once given stands"
    assert session.state.round_index == 1 and len(session.state.notebook) == 1


def test_a_save_that_does_not_replay_is_a_record_error():
    rules = get_rules("heptalion")
    setup = rules.random_setup({}, Rng(1))
    session = Session(rules, {}, setup, ["human", "human"])
    session.play(session.state.legal_moves()[0])
    session.play(session.state.legal_moves()[0])
    session.undo()
    data = session.to_save()
    bad = copy.deepcopy(data)
    bad["redo"][0]["tile"] = data["record"]["moves"][0]["tile"]
    with pytest.raises(RecordError, match="redo move 0"):
        Session.from_save(bad, get_rules)
    bad = copy.deepcopy(data)
    bad["record"]["moves"][0]["cells"] = [[0, 0], [0, 1]]
    with pytest.raises(RecordError):
        Session.from_save(bad, get_rules)
    with pytest.raises(RecordError):
        Session.from_save({"record": data["record"], "seats": "human"}, get_rules)
