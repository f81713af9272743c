"""Suggestions (intent ``suggest``, docs/host-protocol.md §7): the move the
computer at ai.jobs.SUGGEST_LEVEL would make for the person to act.

A suggestion is a computer turn thought for a person's seat: the same
decision as host/turns.py makes for a computer seat, from
``state.determinize(seat, rng)`` (what that seat may see, never another's
hand or a secret), searched by the driver in slices when no computer is to
move. It belongs to one version: any change of the game drops it, and the
page asks again. Each one asked counts in the record's ``aids``.
"""

from ..ai import jobs as ai_jobs
from .refusal import Refusal
from .seats import level_of
from .turns import Think


class SuggestJob(Think):
    """A think at the suggesting level for the person to act, valid for one version."""

    def __init__(self, slot, seat, asked, seed):
        super().__init__(slot, seat, ai_jobs.SUGGEST_LEVEL, seed)
        self.version = slot.version
        self.asked = asked  # the id of the intent that asked for it

    def key(self):
        return (self.game, self.version)


def message(job, status, suggestion=None, reply_to=None):
    return {"type": "suggestion", "reply_to": reply_to, "asked": job.asked, "game": job.game,
            "version": job.version, "state": status, "suggestion": suggestion}


def refusal(slot):
    """Why no suggestion may be asked for now: a Refusal (``host.no_suggestion``), or None."""
    seat = slot.seat_to_act()
    if not ai_jobs.offers(slot.game, ai_jobs.SUGGEST):
        return Refusal("host.no_suggestion", f"{slot.game} has no computer player", reason="game")
    if (seat is None or level_of(slot.session.seats[seat]) is not None or slot.handover_to() is not None
            or slot.at_move_cap() or slot.session.state.forced_move() is not None):
        return Refusal("host.no_suggestion", "no person is to act", reason="person")
    if not slot.rules.suggests(slot.state):
        return Refusal("host.no_suggestion", "there is nothing to suggest here", reason="choice")
    return None


def offered(slot, past):
    """The view's ``can_suggest``: None where the game has no computer player, else
    whether the person to act in the present view may ask now."""
    if not ai_jobs.offers(slot.game, ai_jobs.SUGGEST):
        return None
    return past is None and refusal(slot) is None


class Suggester:
    """Holds the suggestion asked for and the last one made."""

    def __init__(self):
        self.job = None
        self.done = None  # (key, suggestion) of the last one made

    def ask(self, slot, asked, seed):
        """The answer to ``suggest`` (Refusal when none may be asked): the suggestion at
        once if this position's is known, else "working" (the driver then thinks)."""
        why = refusal(slot)
        if why is not None:
            raise why
        job = SuggestJob(slot, slot.seat_to_act(), asked, seed)
        if self.done is not None and self.done[0] == job.key():
            self.job = None
            return message(job, "done", self.done[1], reply_to=asked)
        if self.job is None or self.job.key() != job.key():
            slot.session.note_aid("suggestions")  # one per position, however often asked
        else:
            job.seed = self.job.seed
        self.job = job
        return message(job, "working", reply_to=asked)

    def stop(self):
        self.job = None

    def finish(self, job, move, rules):
        """The pushed answer of a finished job, marked as its game's ``rules`` say."""
        if self.job is job:
            self.job = None
        suggestion = rules.suggestion_json(job.state, move)
        self.done = (job.key(), suggestion)
        return message(job, "done", suggestion)
