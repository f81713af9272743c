"""Lessons (``#<game>/learn``): a game taught on its own board, one position at
a time. A lesson is data its game declares (``GameRules.lessons()``, from
games/<game>/lessons.py); the host plays it (host/lessons.py) and the page
only shows what the host says (ui/ stays free of rules).

A lesson::

    {"id": "first-tile",             # stable: the page keeps progress by it
     "record": {...},                # a record (docs/records.md): the position it starts from
     "seat": 0,                      # the seat the person plays
     "steps": [
         {"expect": [move, ...],     # the moves that reach the step's goal (record notation), or
          "goal": callable,          # goal(rules, before, move, after) -> bool, for goals with many moves
          "show": move,              # the move marked to tap (default: expect[0]); it must reach the goal
          "reply": [move, ...]},     # the other seats' moves, scripted (never the computer's search)
         ...]}

Its texts (i18n/lessons-<game>.json), ``k`` counting steps from 1:
``lesson.<game>.<id>.title``, ``.step<k>`` (the goal of step k in one or two
sentences), ``.wrong<k>`` (one line on why a legal move that misses it does
not do) and ``.done`` (what the player just learned).

A legal move that misses the goal is not played: the host answers with the
step's ``wrong`` text, and the person tries again from the same position.

Pure (no browser); ``check`` is what the unit tests run over every lesson.
"""

from .errors import IllegalMove, RecordError
from .record import record_from_dict, replay

STEP_KEYS = ("expect", "goal", "show", "reply")
LESSON_KEYS = ("id", "record", "seat", "steps")


class LessonError(ValueError):
    """A lesson whose data does not hold together (a unit test's failure message)."""


def start_state(rules, lesson, rules_for):
    """The state the lesson starts from: its record replayed (RecordError if it does not)."""
    record = record_from_dict(lesson["record"])
    if record.game != rules.name:
        raise RecordError(f"the lesson's record is a {record.game} game, not {rules.name}")
    return replay(record, rules_for)


def normal(rules, state, data):
    """``data`` (record notation) as the rules write that move in ``state``: two spellings
    of one move compare equal. RecordError/IllegalMove when it is no legal move there."""
    move = rules.move_from_json(data)
    after = state.apply(move)
    return rules.move_to_json(after.last_move or move)


def show_move(step):
    """The move the page marks for this step."""
    if "show" in step:
        return step["show"]
    return step["expect"][0]


def reaches(rules, step, state, move):
    """Whether ``move`` (a move object, legal in ``state``) reaches the step's goal."""
    after = state.apply(move)
    played = rules.move_to_json(after.last_move or move)
    if "expect" in step:
        return any(normal(rules, state, data) == played for data in step["expect"])
    return bool(step["goal"](rules, state, move, after))


def play_replies(rules, step, state):
    """The state after the step's scripted replies."""
    for data in step.get("reply", ()):
        state = state.apply(rules.move_from_json(data))
    return state


def text_keys(game, lesson):
    """Every text key the lesson needs."""
    base = f"lesson.{game}.{lesson['id']}"
    keys = [base + ".title", base + ".done"]
    for k in range(1, len(lesson["steps"]) + 1):
        keys += [f"{base}.step{k}", f"{base}.wrong{k}"]
    return keys


def check(rules, lesson, rules_for):
    """LessonError naming what is wrong with ``lesson``, else None: its record replays,
    the person's seat is to act at every step, each step's shown move is legal and
    reaches its goal, each scripted reply is legal and made by another seat."""
    name = f"{rules.name} lesson {lesson.get('id')!r}"
    unknown = [key for key in lesson if key not in LESSON_KEYS]
    if unknown or not isinstance(lesson.get("id"), str) or not lesson.get("steps"):
        raise LessonError(f"{name}: needs id, record, seat and steps (unknown keys: {unknown})")
    try:
        state = start_state(rules, lesson, rules_for).final
    except RecordError as exc:
        raise LessonError(f"{name}: its record does not replay: {exc}") from None
    seat = lesson["seat"]
    for k, step in enumerate(lesson["steps"], 1):
        where = f"{name}, step {k}"
        unknown = [key for key in step if key not in STEP_KEYS]
        if unknown or ("expect" in step) == ("goal" in step):
            raise LessonError(f"{where}: needs exactly one of expect and goal (unknown keys: {unknown})")
        if state.is_terminal() or state.current_player != seat:
            raise LessonError(f"{where}: seat {seat} is not to act")
        try:
            move = rules.move_from_json(show_move(step))
            if not reaches(rules, step, state, move):
                raise LessonError(f"{where}: the shown move does not reach the step's goal")
            for data in step.get("expect", ()):
                normal(rules, state, data)
            state = state.apply(move)
        except (RecordError, IllegalMove) as exc:
            raise LessonError(f"{where}: the shown or an expected move is not legal: {exc}") from None
        for data in step.get("reply", ()):
            if state.is_terminal() or state.current_player == seat:
                raise LessonError(f"{where}: a reply {data} comes when no other seat is to act")
            try:
                state = state.apply(rules.move_from_json(data))
            except (RecordError, IllegalMove) as exc:
                raise LessonError(f"{where}: the reply {data} is not legal: {exc}") from None
    return None
