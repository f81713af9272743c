"""Reviews (intent ``review``, docs/host-protocol.md §7): a mark for every move
of a game, made by ai/review.py's ``review_game`` (the code path of
``python -m spielstube review``), each game's reviewer looked up there.

A finished game (or one of computers only, watched: the watcher sees every
seat) is reviewed from the whole record. An unfinished one is reviewed from
what the viewing seat knows (``knowledge``): review_game gets that seat and
hands its reviewer only positions the seat can tell from what it sees, so no
hidden hand, no secret it seeks, no other person's hand on a shared device
goes in; the better moves are described on those positions too.

A review is long (a budget per move, REVIEW_SECONDS), so the driver runs it
like a think: in slices through ai.clock's pause hook, answering intents
meanwhile, and only while its game is the one shown and unchanged (a new
game, a load or an undo drops it). Progress is pushed as moves are judged;
the last review made is kept, so asking again for the same version answers
at once.
"""

from ..ai import clock, review as ai_review
from .refusal import Refusal

# Seconds per move a page's review may think: a game of 60-100 moves within about a minute.
REVIEW_SECONDS = 0.5
# Without slicing nothing is answered while a review runs: keep it short.
UNSLICED_REVIEW_SECONDS = 0.1
# Progress is pushed at most this often (host clock seconds).
PROGRESS_EVERY = 0.25


# ``knowledge``: the review sees the whole record.
WHOLE = "whole"


def knowledge(slot):
    """Whose knowledge bounds a review now: WHOLE (a finished game, or computers watched),
    the viewing seat, or None (nobody's view: a hand-over is waiting)."""
    if slot.rules.result_json(slot.state) is not None or slot.watching():
        return WHOLE
    return slot.viewer()


class ReviewJob:
    """The review of one version of a game; its positions are taken when asked."""

    def __init__(self, slot, asked):
        self.game = slot.game
        self.version = slot.version
        self.asked = asked  # the id of the intent that asked for it
        self.rules = slot.rules
        self.options = slot.session.options
        self.states = list(slot.session.states)
        self.moves = list(slot.session.moves)
        seen = knowledge(slot)
        self.viewer = None if seen == WHOLE else seen  # review_game's viewer (None: the whole record)

    def key(self):
        return (self.game, self.version)


def message(job, status, reply_to=None, done=0, lines=None, summary=None):
    return {"type": "review", "reply_to": reply_to, "asked": job.asked, "game": job.game,
            "version": job.version, "state": status, "done": done, "total": len(job.moves),
            "lines": lines, "summary": summary}


def refusal(slot):
    """Why the game may not be reviewed now: a Refusal (``host.no_review``), or None."""
    if not ai_review.offers(slot.game):
        return Refusal("host.no_review", f"{slot.game} games cannot be reviewed", reason="game")
    if not slot.session.moves:
        return Refusal("host.no_review", "the game has no moves", reason="empty")
    seen = knowledge(slot)
    if seen is None:
        return Refusal("host.no_review", "nobody's view is shown (a hand-over waits)", reason="handover")
    if slot.computer_to_act() is not None and slot.stuck is None and not slot.paused:
        # Its move would come first and drop the review (a new version).
        return Refusal("host.no_review", "a computer is about to move", reason="computer")
    return None


def offered(slot):
    """The view's ``can_review``: None where the game has no reviewer, else whether it may be asked."""
    if not ai_review.offers(slot.game):
        return None
    return refusal(slot) is None


def page_lines(job, lines):
    """review_game's lines with each ``better`` move also as the move list says it
    (``better_entries``: describe_json entries for the job's viewer, on the positions
    its reviewer saw: an unfinished game's better moves tell nothing the viewer may not see)."""
    states = job.states if job.viewer is None else ai_review.seen_positions(job.rules, job.states, job.viewer)
    out = []
    for entry in lines:
        before = states[entry["index"]]
        described = [job.rules.describe_json(before, job.rules.person_move(before, move), job.viewer)
                     for move in entry["better"]]
        out.append(dict(entry, better_entries=described))
    return out


class Reviewer:
    """Holds the review asked for and the last one made."""

    def __init__(self):
        self.job = None
        self.seconds = REVIEW_SECONDS
        self.done = None  # (key, lines, summary) of the last review made

    def ask(self, slot, asked):
        """The answer to ``review``: the marks at once if this version's are known, else
        "working" (the driver then reviews)."""
        why = refusal(slot)
        if why is not None:
            raise why
        job = ReviewJob(slot, asked)
        if self.done is not None and self.done[0] == job.key():
            self.job = None
            return message(job, "done", asked, len(job.moves), self.done[1], self.done[2])
        if self.job is not None and self.job.key() == job.key():
            self.job.asked = asked  # the one running goes on
            return message(self.job, "working", asked)
        self.job = job
        return message(job, "working", asked)

    def stop(self):
        self.job = None

    def run(self, job, post_progress):
        """The messages pushed at the end of ``job``; ``post_progress(message)`` gets its
        progress (ai.clock.ThinkCancelled may unwind it, as a think's)."""
        judged = []
        due = [None]

        def progress(entry):
            judged.append(entry)
            now = clock.seconds_source()()
            if due[0] is None or now >= due[0]:
                due[0] = now + PROGRESS_EVERY
                post_progress(message(job, "working", done=len(judged)))

        lines, summary = ai_review.review_game(job.rules, job.options, job.states, job.moves,
                                               self.seconds, progress, job.viewer)
        lines = page_lines(job, lines)
        if self.job is job:
            self.job = None
        self.done = (job.key(), lines, summary)
        return [message(job, "done", None, len(lines), lines, summary)]
