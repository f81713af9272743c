"""Topologic's reviewer (ai/review.py): each seeker turn against the strong
seeker's turn from the same position.

A hide is ``undecided``: the game master's choice is not judged (the
computer itself hides uniformly at random).

A seeker turn is judged by the places still possible after it, expected
over the places possible before it (each equally likely: the turn is judged,
not the luck of the hint): a turn that sorts the m possible places into
groups by the hint each would give leaves sum(size^2) / m places, the group
of the hint that ends the round leaving none. The strong seeker (seeker.py,
with the budget per move) chooses its turn from the same fields and the
same possible places; with ``played`` and ``strong`` the two expectations:
- ``best``: played <= strong + 0.5 (``BEST_MARGIN``; a turn may beat the
  strong one, which minimises the hints still to come, not the places);
- ``mistake``: played >= 2 x strong + 2 (``MISTAKE_FACTOR``, ``MISTAKE_MARGIN``);
- ``blunder``: a turn after which every possible place would give the same
  hint (it tells nothing) while the strong turn tells something;
- ``good`` otherwise.
With one place left the search is over and the seekers gather: the turn is
judged by the hints the gathering still needs (the farthest seeker's queen
moves to the place): ``best`` if no more than after the strong turn, else
``mistake``.

The summary gives per round the hints the seeker needed and the hints the
strong seeker needs from the same start, board and secret (played through
with the budget per turn).

Reviewed from a seeker's knowledge (an unfinished round, ``viewer`` its
seeker) the round's secret is a draw: the marks need only the hints (public),
but the hint the strong turn would earn and the strong seeker's round need
the secret, so the strong turn in ``better`` comes without its hint
(``"secret_hidden": true`` in ``detail``) and the round's ``strong_hints``
is None (``left_out`` says ``"secret"``).
"""

from ...core.rng import Rng
from ...games.topologic.deduction import hint_partition
from ...games.topologic.moves import Hide
from ...games.topologic.views import secret_visible
from ..review import GameReviewer
from . import LEVEL_SETTINGS
from .evaluate import LONGEST_ROUND
from .seeker import Seeker, tables_for

BEST_MARGIN = 0.5
MISTAKE_FACTOR = 2.0
MISTAKE_MARGIN = 2.0


def expected_left(board, candidates, seekers, full):
    """Places still possible after a turn with the seekers on ``seekers``, expected
    over ``candidates`` (cells), each equally likely."""
    groups = hint_partition(board, candidates, seekers)
    return sum(len(group) ** 2 for hint, group in groups.items() if hint != full) / len(candidates)


def gathering(board, seekers, target):
    """Hints still needed to gather every seeker on ``target`` (0: all are on it)."""
    distance = tables_for(board).distance
    idx = board.index
    return max(distance[idx[cell]][idx[target]] for cell in seekers)


class TopologicReviewer(GameReviewer):
    def __init__(self, options):
        self.options = options
        self._seekers = {}  # (board code, seconds) -> the strong Seeker

    def strong_seeker(self, board, count, seconds):
        key = (board.code, count, seconds)
        if key not in self._seekers:
            self._seekers[key] = Seeker(tables_for(board), count, budget=seconds, **LEVEL_SETTINGS["strong"])
        return self._seekers[key]

    def strong_turn(self, state, seconds, rng):
        """The strong seeker's fields (cells) from ``state``, a seeker turn."""
        board = state.board
        seeker = self.strong_seeker(board, state.seeker_count, seconds)
        idx = board.index
        positions = None if state.in_entry else tuple(idx[cell] for cell in state.positions)
        turn = seeker.choose(positions, [idx[cell] for cell in state.candidates], rng)
        return tuple(board.cells[i] for i in turn)

    def hidden_rounds(self, final):
        """The rounds begun whose secret the viewer does not see in ``final`` (a draw in the states)."""
        if self.viewer is None:
            return set()
        return {round_index for round_index in range(len(final.rounds))
                if final.secrets[round_index] is not None and not secret_visible(final, round_index, self.viewer)}

    def left_out(self, rules, states):
        return ["secret"] if self.hidden_rounds(states[-1]) else []

    def review(self, rules, states, moves, indices, seconds):
        hidden = self.hidden_rounds(states[-1])
        for index in indices:
            before, move = states[index], moves[index]
            if isinstance(move, Hide):
                yield index, "undecided", [], {"hide": True}
                continue
            yield (index,) + self.judge(rules, before, move, seconds, Rng(f"topologic/review/{index}"),
                                        before.round_index in hidden)

    def judge(self, rules, before, move, seconds, rng, secret_hidden=False):
        """(mark, better, detail) of the seeker turn ``move`` from ``before``; ``secret_hidden``:
        the round's secret in ``before`` is a draw, so the strong turn goes without its hint."""
        board, full = before.board, before.full_hint
        candidates = before.candidates
        strong = self.strong_turn(before, seconds, rng)
        better_move = before.apply(before.make_move(strong)).last_move  # with the hint it would earn
        better = [rules.move_json_of(before, better_move)]
        played_group = hint_partition(board, candidates, move.seekers).get(move.hint, ())
        detail = {"possible_before": len(candidates),
                  "possible_after": 0 if move.hint == full else len(played_group)}
        if secret_hidden:
            del better[0]["hint"]
            detail["secret_hidden"] = True
        if len(candidates) == 1:
            (target,) = candidates
            played, by_strong = gathering(board, move.seekers, target), gathering(board, strong, target)
            detail.update(gathering_left=played, strong_gathering_left=by_strong)
            if played <= by_strong:
                return "best", [], detail
            return "mistake", better, detail
        played = expected_left(board, candidates, move.seekers, full)
        by_strong = expected_left(board, candidates, strong, full)
        detail.update(expected_after=round(played, 3), strong_expected_after=round(by_strong, 3))
        if played <= by_strong + BEST_MARGIN:
            return "best", [], detail
        if played == len(candidates) and by_strong < len(candidates):
            return "blunder", better, detail
        if played >= MISTAKE_FACTOR * by_strong + MISTAKE_MARGIN:
            return "mistake", better, detail
        return "good", better, detail

    def summary(self, rules, states, moves, seconds):
        final = states[-1]
        hidden = self.hidden_rounds(final)
        rounds = []
        for round_index, notebook in enumerate(final.rounds):
            secret = final.secrets[round_index]
            if secret is None:
                continue
            finished = bool(notebook) and notebook[-1].hint == final.full_hint
            strong = None if round_index in hidden else self.strong_round(final, secret, seconds, round_index)
            rounds.append({"round": round_index, "seeker": final.seeker_of_round(round_index),
                           "hints": len(notebook), "finished": finished, "strong_hints": strong})
        return {"rounds": rounds}

    def strong_round(self, state, secret, seconds, round_index):
        """The hints the strong seeker needs on ``state``'s board to find ``secret``."""
        board = state.board
        tables = tables_for(board)
        seeker = self.strong_seeker(board, state.seeker_count, seconds)
        rng = Rng(f"topologic/review/round/{round_index}")
        target = board.index[board.cell_of[secret]]
        full = state.full_hint
        positions, candidates = None, list(range(tables.size))
        for hints in range(1, LONGEST_ROUND + 1):
            turn = seeker.choose(positions, candidates, rng)
            hint = sum(tables.score[p][target] for p in turn)
            if hint == full:
                return hints
            candidates = [c for c in candidates if sum(tables.score[p][c] for p in turn) == hint]
            positions = turn
        raise RuntimeError(f"the strong seeker did not finish on board {board.code}")


def make_reviewer(options):
    return TopologicReviewer(options)
