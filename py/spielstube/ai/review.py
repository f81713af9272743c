"""The review of a game: a mark for every move, for the command line
(``review``) and, through the host, for the page (one code path).

Marks (``MARKS``), the same in every game: ``blunder``, ``mistake``,
``good``, ``best`` and ``undecided`` (no judgement). A move without a choice
(the only legal move, such as a pass) is ``best`` here, for every game;
every other move goes to its game's reviewer, which says what its marks
mean (docs/records.md, "Reviewing a game").

The driver knows no game by name: a game's ai package offers a reviewer
when the registry below names its module, which holds
``make_reviewer(options)`` returning a ``GameReviewer``. Modules are
imported only when their game is reviewed; the host's bundle
(tools/build/bundle.py REGISTRIES) lists this registry so the worker has them.

``review_game`` returns one line per move, ``{"index", "player", "mark",
"better", "detail"}`` (``better``: moves in record notation that the
reviewer would rather have seen; ``detail``: what the mark rests on), and a
summary line ``{"summary": true, "game", "moves", "marks", "seconds", ...}``
(``marks``: per seat, how many moves got each mark), to which the game's
reviewer adds its own figures.

An unfinished game is reviewed from what one seat knows (``viewer``): the
positions handed to the reviewer are those that seat can tell from what it
sees now (``GameRules.seen_positions``: a hidden hand or a secret it does
not see replaced by a draw that depends only on what it sees), the reviewer
knows the seat (``GameReviewer.viewer``) and leaves out what needs the
hidden part, and the summary adds ``viewer`` and ``left_out`` (what was
guessed or not judged: ``"hands"``, ``"secret"``).
"""

import importlib
from abc import ABC, abstractmethod

from ..core.errors import SpielstubeError, TooManyMoves
from ..core.rng import Rng
from . import clock

MARKS = ("blunder", "mistake", "good", "best", "undecided")
# Seconds a reviewer may think per move unless told otherwise (``review --seconds``).
DEFAULT_SECONDS = 1.0

# game name -> module with make_reviewer(options) -> GameReviewer
_REVIEW_MODULES = {
    "heptalion": "spielstube.ai.heptalion.review",
    "topologic": "spielstube.ai.topologic.review",
    "schlangennest": "spielstube.ai.schlangennest.review",
}


class GameReviewer(ABC):
    """Judges the moves of one game with a choice; made per game reviewed, so
    what it proved or searched for one move serves the next ones."""

    # The seat whose knowledge bounds the review (None: the whole record); set by review_game.
    viewer = None

    @abstractmethod
    def review(self, rules, states, moves, indices, seconds):
        """Yields ``(index, mark, better, detail)`` for each move index in ``indices``
        (in any order): ``moves[k]`` leads from ``states[k]`` to ``states[k + 1]``;
        ``better`` is a list of moves in record notation, ``detail`` a JSON-ready dict.
        ``seconds``: the budget per move, read through ai.clock."""

    def summary(self, rules, states, moves, seconds):
        """The game's own figures for the summary line (a JSON-ready dict)."""
        return {}

    def left_out(self, rules, states):
        """What a review from ``viewer``'s knowledge guessed or did not judge (the summary's
        ``left_out``): ``"hands"``, ``"secret"``; [] when the seat sees all that counts."""
        return []


def offers(game):
    """Whether ``game``'s ai package reviews games."""
    return game in _REVIEW_MODULES


def make_reviewer(game, options):
    """The GameReviewer of ``game``; SpielstubeError where the game has none."""
    module_name = _REVIEW_MODULES.get(game)
    if module_name is None:
        raise SpielstubeError(f"{game} games cannot be reviewed")
    return importlib.import_module(module_name).make_reviewer(options)


def line(index, player, mark, better=(), detail=None):
    """One move's review line."""
    if mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r}")
    return {"index": index, "player": player, "mark": mark, "better": list(better),
            "detail": dict(detail or {})}


def has_choice(state):
    """False when the player to act has one legal move only (a pass, a forced placement)."""
    try:
        return len(state.legal_moves()) > 1
    except TooManyMoves:
        return True


def seen_positions(rules, states, viewer):
    """The positions as ``viewer`` can tell them from the last one (``GameRules.seen_positions``),
    drawn alike every time, so the host describes the better moves on the same ones."""
    return rules.seen_positions(states, viewer, Rng(f"review/seen/{viewer}"))


def review_game(rules, options, states, moves, seconds=DEFAULT_SECONDS, progress=None, viewer=None):
    """(move lines in index order, summary line) of a replayed game.

    ``states[k]`` is the position before ``moves[k]`` (core.record.Replay's
    lists); ``progress(line)``, if given, gets each move's line when it is done.
    ``viewer``: review from what that seat knows in the last position (an unfinished
    game), never from what it does not see; None: from the whole record.
    """
    reviewer = make_reviewer(rules.name, options)
    if viewer is not None:
        states = seen_positions(rules, states, viewer)
        # The moves as they lead through those positions (a hidden choice as drawn).
        moves = [after.last_move or move for after, move in zip(states[1:], moves)]
        reviewer.viewer = viewer
    start = clock.now()
    lines = {}

    def done(entry):
        lines[entry["index"]] = entry
        if progress is not None:
            progress(entry)

    judged = []
    for index, before in enumerate(states[:len(moves)]):
        if has_choice(before):
            judged.append(index)
        else:
            done(line(index, before.current_player, "best", detail={"forced": True}))
    for index, mark, better, detail in reviewer.review(rules, states, moves, judged, seconds):
        done(line(index, states[index].current_player, mark, better, detail))
    missing = [k for k in judged if k not in lines]
    if missing:
        raise RuntimeError(f"the {rules.name} reviewer left moves {missing} unjudged")
    ordered = [lines[k] for k in range(len(moves))]
    marks = {str(seat): {mark: 0 for mark in MARKS} for seat in range(states[0].num_players)}
    for entry in ordered:
        marks[str(entry["player"])][entry["mark"]] += 1
    summary = {"summary": True, "game": rules.name, "moves": len(moves), "marks": marks}
    summary.update(reviewer.summary(rules, states, moves, seconds))
    if viewer is not None:
        summary.update(viewer=viewer, left_out=reviewer.left_out(rules, states))
    summary["seconds"] = round(clock.now() - start, 3)
    return ordered, summary
