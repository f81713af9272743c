"""Lessons on the page (``#<game>/learn``, docs/host-protocol.md §7 "Lessons"): the
progress kept, and the markup of the lesson panel, of the progress and of the
way to the lessons.

The host plays a lesson and says in each view's ``lesson`` where it stands; the
page keeps, in one localStorage key (``KEY``), the ids of the lessons done per
game and each game's lesson ids as the host last named them (the count the
progress is said against, before the host is ready). A value that is not what
it should be is ignored.

Pure (no browser): the frame hands in the stored text and stores what
``Progress.text()`` gives. Runs on CPython and MicroPython.
"""

import json

from .widgets import esc

KEY = "spielstube.lessons"
# The games with lessons (``#<game>/learn``): the host holds the lessons, the page only routes.
GAMES = ("topologic", "heptalion", "schlangennest")


def _id_list(value):
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, str)]


class Progress:
    """The lessons done per game, and each game's lesson ids."""

    def __init__(self, text=None):
        self.done = {}  # game -> ids done, in the order done
        self.ids = {}  # game -> the game's lesson ids (the host's)
        try:
            data = json.loads(text) if text else None
        except (ValueError, TypeError):
            data = None
        if not isinstance(data, dict):
            return
        for name, target in (("done", self.done), ("ids", self.ids)):
            part = data.get(name)
            if isinstance(part, dict):
                for game, value in part.items():
                    if isinstance(game, str):
                        target[game] = _id_list(value)

    def text(self):
        return json.dumps({"done": self.done, "ids": self.ids})

    def know(self, game, ids):
        """The host named ``game``'s lesson ids; -> True if they were not known so."""
        ids = _id_list(ids)
        if self.ids.get(game) == ids:
            return False
        self.ids[game] = ids
        return True

    def finished(self, game, lesson_id):
        """Lesson ``lesson_id`` of ``game`` is done; -> True if it was not before."""
        done = self.done.setdefault(game, [])
        if lesson_id in done:
            return False
        done.append(lesson_id)
        return True

    def merge(self, text):
        """The lessons done in another progress (its stored text, a backup's) joined to these;
        -> True if any was new."""
        other = Progress(text)
        new = False
        for game, ids in other.done.items():
            for lesson_id in ids:
                new = self.finished(game, lesson_id) or new
        for game, ids in other.ids.items():
            self.ids.setdefault(game, ids)
        return new

    def done_ids(self, game):
        return list(self.done.get(game) or [])

    def counts(self, game):
        """(lessons done, lessons) of ``game`` as the host last named them, or None if unknown."""
        ids = self.ids.get(game)
        if not ids:
            return None
        done = self.done.get(game) or []
        return sum(1 for lesson_id in ids if lesson_id in done), len(ids)


def lesson_number(text):
    """The ``n`` of ``#<game>/learn/<n>``: a whole number from 1, else None."""
    if text is None or not text.isdigit():
        return None
    n = int(text)
    return n if n >= 1 else None


def progress_text(texts, progress, game):
    counts = progress.counts(game)
    if counts is None:
        return ""
    return texts.t("lessons.progress", done=counts[0], n=counts[1])


def progress_markup(texts, progress, game):
    """``[data-lesson-progress]`` ("2 of 6 lessons done"), "" while the count is unknown."""
    text = progress_text(texts, progress, game)
    if not text:
        return ""
    return f'<span class="lesson-progress" data-lesson-progress="{esc(game)}">{esc(text)}</span>'


def learn_link(texts, progress, game):
    """"Learn to play" to ``#<game>/learn`` with the progress beside it ("" for a game without lessons)."""
    if game not in GAMES:
        return ""
    return (f'<span class="learn"><a class="learn-link" href="#{esc(game)}/learn" data-learn-link="{esc(game)}">'
            f'{esc(texts.t("lessons.learn"))}</a>' + progress_markup(texts, progress, game) + '</span>')


def address(game, n=None):
    return "#" + game + "/learn" + ("" if n is None else "/" + str(n))


def panel(texts, lesson):
    """Where the status is (the frame's status line gives way to it), above the board:
    "Lesson n of N: <title>", the step's goal, after a wrong move why (role=status; on a
    phone in the goal's place), once done what was learned and the way on."""
    base = "lesson." + str(lesson.get("game")) + "." + str(lesson.get("id"))
    n, count = lesson.get("n") or 1, lesson.get("count") or 1
    done = bool(lesson.get("done"))
    head = texts.t("lessons.heading", n=n, count=count, title=texts.t(base + ".title"))
    steps = lesson.get("steps") or 1
    step_text = "" if done or steps < 2 else texts.t("lessons.step", step=lesson.get("step") or 1, steps=steps)
    parts = [f'<section class="lesson-panel" data-lesson-panel data-lesson-step="{"done" if done else lesson.get("step")}" '
             f'data-lesson-count="{count}" aria-label="{esc(head)}">'
             f'<h2 class="lesson-title">{esc(head)}</h2>']
    if done:
        last = n >= count
        parts.append(f'<div class="lesson-done" data-lesson-done role="status">'
                     f'<p>{esc(texts.t(base + ".done"))}</p>'
                     f'<button type="button" class="primary" data-action="next-lesson" data-lesson-target>'
                     f'{esc(texts.t("lessons.back_to_game" if last else "lessons.next"))}</button></div>')
    else:
        key = base + ".step" + str(lesson.get("step") or 1)
        parts.append(f'<p class="lesson-goal" role="status">'
                     + (f'<span class="lesson-step">{esc(step_text)}</span> ' if step_text else "")
                     + f'{esc(texts.t(key))}</p>')
        if lesson.get("wrong"):
            wrong = base + ".wrong" + str(lesson.get("step") or 1)
            parts.append(f'<p class="lesson-wrong" data-lesson-wrong role="status">{esc(texts.t(wrong))}</p>')
    parts.append('</section>')
    return "".join(parts)


def controls(texts):
    """A lesson's only control beside the board's: back to the game in play."""
    return ('<div class="controls lesson-controls"><button type="button" data-action="leave-lesson">'
            f'{esc(texts.t("lessons.leave"))}</button></div>')
