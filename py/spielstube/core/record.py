"""Game records: one JSON object that replays a game exactly.

``{"format": "spielstube/1", "game": ..., "options": {...}, "setup": {...},
"moves": [...], "result": {...} | null}``. The setup holds everything random,
so a record replays with no seed. An optional ``"aids"`` object says what help
a person used (suggestions, undos, analysis); replay ignores it. See
docs/records.md.
"""

import json
from dataclasses import dataclass, field

from . import pause
from .errors import IllegalMove, RecordError
from .limits import check_moves, check_size, checked_json

FORMAT = "spielstube/1"
KEYS = ("format", "game", "options", "setup", "moves", "result", "aids")
# What ``aids`` may hold (what a person used, never a move): counts and a flag.
AIDS = {"suggestions": int, "undos": int, "analysis": bool}
BOM = "\ufeff"


@dataclass
class Record:
    game: str
    options: dict
    setup: dict
    moves: list = field(default_factory=list)
    result: dict = None
    aids: dict = None  # what help a person used; None: none (the key is left out)

    def to_dict(self):
        data = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "setup": self.setup,
            "moves": self.moves,
            "result": self.result,
        }
        if self.aids:
            data["aids"] = self.aids
        return data

    def to_json(self, indent=None):
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def parse_record(text):
    """A Record from JSON text (str or UTF-8 bytes, a byte-order mark allowed);
    RecordError on anything malformed. Size and nesting are checked before
    the JSON is parsed (see limits.py)."""
    if isinstance(text, (bytes, bytearray)):
        check_size(text)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text") from None
    if not isinstance(text, str):
        raise RecordError("the record must be JSON text")
    if text.startswith(BOM):
        text = text[len(BOM):]
    return record_from_dict(checked_json(text))


def record_from_dict(data):
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        names = ", ".join(json.dumps(key, ensure_ascii=False) for key in unknown[:3])
        raise RecordError(f"the record has unknown keys: {names}; a record holds {', '.join(KEYS)}")
    if data.get("format") != FORMAT:
        raise RecordError(f'unknown record format {data.get("format")!r}, expected "{FORMAT}"')
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError('the record has no "game" name')
    options = data.get("options", {})
    setup = data.get("setup")
    moves = data.get("moves", [])
    result = data.get("result")
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    if not isinstance(setup, dict):
        raise RecordError('"setup" must be an object')
    if not isinstance(moves, list):
        raise RecordError('"moves" must be a list')
    check_moves(moves)
    if result is not None and not isinstance(result, dict):
        raise RecordError('"result" must be an object or null')
    return Record(game, options, setup, moves, result, _aids(data.get("aids")))


def _aids(data):
    """The record's ``aids`` as far as they mean something (replay ignores them: a record
    with odd aids still replays); None when there are none."""
    if not isinstance(data, dict):
        return None
    aids = {}
    for name, kind in AIDS.items():
        value = data.get(name)
        if isinstance(value, kind) and (kind is bool or not isinstance(value, bool) and value >= 0):
            aids[name] = value
    return aids or None


@dataclass
class Replay:
    """A replayed record: the rules, options, and every state in order."""

    rules: object
    options: dict
    setup: dict
    moves: list
    states: list

    @property
    def final(self):
        return self.states[-1]


def replay(record, rules_for):
    """Check every move of ``record``; RecordError names the first bad one.

    ``rules_for(name)`` returns the GameRules of a game (games.get_rules).
    """
    rules = rules_for(record.game)
    options = rules.normalize_options(record.options)
    state = rules.initial_state(options, record.setup)
    states = [state]
    moves = []
    for index, data in enumerate(record.moves):
        pause.beat()
        if state.is_terminal():
            raise RecordError("the game was already over", index)
        # A move that names its player must be that player's turn.
        if isinstance(data, dict) and "player" in data and data["player"] != state.current_player:
            raise RecordError(
                f"it is player {state.current_player}'s turn, not player {data['player']!r}'s", index)
        try:
            move = rules.move_from_json(data)
        except RecordError as exc:
            raise RecordError(exc.reason, index) from None
        try:
            state = state.apply(move)
        except IllegalMove as exc:
            raise RecordError(f"illegal move: {exc}", index) from None
        moves.append(move)
        states.append(state)
    computed = rules.result_json(state)
    if record.result is not None and computed is not None and record.result != computed:
        raise RecordError(
            f"the recorded result {json.dumps(record.result)} differs from the "
            f"replayed one {json.dumps(computed)}"
        )
    if record.result is not None and computed is None:
        raise RecordError("the record claims a result but the game is not over")
    return Replay(rules, options, record.setup, moves, states)


def make_record(rules, options, setup, moves, final_state):
    return Record(
        game=rules.name,
        options=options,
        setup=setup,
        moves=[rules.move_to_json(m) for m in moves],
        result=rules.result_json(final_state),
    )
