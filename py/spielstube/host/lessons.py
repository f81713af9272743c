"""Lessons in the host (intents ``lesson`` and ``lessons``, docs/host-protocol.md §7
"Lessons"): a game's lesson (core/lessons.py) played on a slot of its own.

Opening a lesson sets the game's slot aside (``Lessons.aside``: never lost; its
computer's think is dropped as at any new slot) and installs a ``LessonSlot``:
the lesson's record replayed, the person at the lesson's seat, the other seats
shown as computers, but no computer ever thinks for it (``computer_to_act`` is
always None): the other seats' moves are the step's scripted ``reply``, played
by the host right after the person's move that reaches the step's goal. A
legal move that misses it is not played (``wrong``). ``open`` of the game (the
page leaving the lesson) puts the game set aside back as it was.

A lesson is no game: its view carries no ``save`` or ``record`` (the page never
stores it over the game's save), no undo, suggestion or review, and counts no aids.
"""

from ..core import lessons as core_lessons
from ..core.record import record_from_dict
from ..core.session import Session
from . import games
from .refusal import Refusal
from .seats import HUMAN
from .slot import GameSlot

# How a lesson's other seats are shown (as computers); none of them ever thinks.
SHOWN_AS = "ai:normal"


def lessons_of(rules):
    """The lessons of a game (its rules) as a list."""
    return list(rules.lessons())


def ids_of(rules):
    return [lesson["id"] for lesson in lessons_of(rules)]


class LessonSlot(GameSlot):
    """A lesson in play: the game's slot while it lasts (``lesson``: its data)."""

    def __init__(self, game, session, lesson, n, count, version):
        super().__init__(game, session, {}, version)
        self.lesson = lesson
        self.n = n  # counted from 1
        self.count = count  # the game's lessons
        self.step = 0  # the index of the step to take (len(steps): done)
        self.wrong = False  # the last move tried missed the step's goal

    def computer_to_act(self):
        return None  # the other seats' moves are the lesson's own, never a search

    @property
    def steps(self):
        return self.lesson["steps"]

    def done(self):
        return self.step >= len(self.steps)

    def shown_move(self):
        """The step's move as a person's page sends it (the form of ``legal`` and of a
        suggestion's move), or None when the lesson is done."""
        if self.done():
            return None
        rules, state = self.rules, self.state
        move = rules.move_from_json(core_lessons.show_move(self.steps[self.step]))
        if rules.suggests(state):
            return rules.suggestion_json(state, move)["move"]
        return rules.move_json_of(state, move)

    def view_json(self):
        """The view's ``lesson``."""
        return {"game": self.game, "id": self.lesson["id"], "n": self.n, "count": self.count,
                "step": min(self.step + 1, len(self.steps)), "steps": len(self.steps),
                "show": self.shown_move(), "wrong": self.wrong, "done": self.done()}

    def try_move(self, move):
        """A person's legal ``move`` (a move object): played with the step's replies if it
        reaches the step's goal (-> True), else nothing is played and ``wrong`` is set."""
        step = self.steps[self.step]
        if not core_lessons.reaches(self.rules, step, self.state, move):
            self.wrong = True
            return False
        session = self.session
        session.play(move, forced=False)  # a forced pass is in the script, as core.lessons.check plays it
        for data in step.get("reply", ()):
            session.play(self.rules.move_from_json(data), forced=False)
        self.step += 1
        self.wrong = False
        if self.done():
            session.play_forced_moves()
        return True


class Lessons:
    """The games set aside while a lesson is shown: game -> GameSlot."""

    def __init__(self):
        self.aside = {}

    def start(self, rules, game, intent, held, version):
        """A LessonSlot for the ``lesson`` intent (``n`` from 1, or ``done``: the ids done,
        the first lesson not in them, all done: the first); Refusal ``host.no_lesson``.
        ``held``: the game's slot now, set aside unless it is a lesson itself."""
        lessons = lessons_of(rules)
        if not lessons:
            raise Refusal("host.no_lesson", f"{game} has no lessons", reason="none", count=0)
        n = intent.get("n")
        if n is None and isinstance(intent.get("done"), list):
            done = intent["done"]
            n = next((k for k, lesson in enumerate(lessons, 1) if lesson["id"] not in done), 1)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(lessons):
            raise Refusal("host.no_lesson", f"there is no lesson {n!r}; there are {len(lessons)}",
                          reason="range", count=len(lessons),
                          n=n if isinstance(n, int) and not isinstance(n, bool) else None)
        lesson = lessons[n - 1]
        record = record_from_dict(lesson["record"])
        players = rules.normalize_options(record.options).get("players", rules.min_players)
        seats = [HUMAN if seat == lesson["seat"] else SHOWN_AS for seat in range(players)]
        session = Session.from_record(record, games.rules_for, seats)
        session.aids = {}  # a lesson counts no help
        if held is not None and held.lesson is None and held.replay is None:
            self.aside[game] = held
        return LessonSlot(game, session, lesson, n, len(lessons), version)

    def leave(self, game):
        """The slot set aside for ``game`` (taken back), or None."""
        return self.aside.pop(game, None)
