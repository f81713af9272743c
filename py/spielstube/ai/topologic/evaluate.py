"""Exact evaluation of a seeker policy on a board: every secret at once.

A seeker's turn depends only on what it has seen (its fields and the hints),
so the rounds for all 60 possible secrets form one tree: a node is a turn,
its children are the groups of candidates that give each hint. Walking that
tree once gives the number of hints for every secret, i.e. the exact mean
over a uniformly random secret, at a fraction of the cost of 60 rounds.
Each node's random draws come from a generator seeded by the board, the
seeker count and the hints so far, so a node's turn is the same whichever
secret led there (the policy cannot depend on the secret).

Every turn is checked against the board's queen moves (entry: border
fields), so an illegal policy fails here as it would in the rules engine.
"""

import time
from collections import Counter

from ...core.rng import Rng

LONGEST_ROUND = 40  # hints; a round this long means the policy is broken


class BoardResult:
    """Hints per secret (cell index) and think times per turn of one board."""

    def __init__(self, code, seekers):
        self.code = code
        self.seekers = seekers
        self.hints = {}  # cell index of the secret -> hints the round took
        self.thinks = []  # (seconds, share of the secrets that reach this turn)
        self.cpu_thinks = []  # the same with this process's CPU seconds (robust to a busy machine)

    @property
    def mean(self):
        return sum(self.hints.values()) / len(self.hints)


def walk(policy, tables, seekers, seed_text="", nodes=None):
    """BoardResult of ``policy`` (an object with ``choose``) on ``tables``' board.

    ``nodes``, a list, collects every turn's (positions before, candidates,
    hints so far) for calibration.
    """
    board = tables.board
    result = BoardResult(board.code, seekers)
    full = 2 * seekers
    total = tables.size
    border = set(tables.border)
    reach = [set(r) for r in tables.reach]
    score = tables.score
    # (positions, candidates, hints so far)
    stack = [(None, tuple(range(total)), ())]
    while stack:
        positions, candidates, hints = stack.pop()
        if nodes is not None:
            nodes.append((positions, candidates, len(hints)))
        rng = Rng(f"{seed_text}{board.code}/{seekers}/{','.join(map(str, hints))}")
        start, cpu_start = time.perf_counter(), time.process_time()
        turn = tuple(policy.choose(positions, candidates, rng))
        share = len(candidates) / total
        result.thinks.append((time.perf_counter() - start, share))
        result.cpu_thinks.append((time.process_time() - cpu_start, share))
        if len(turn) != seekers:
            raise RuntimeError(f"{board.code}: the policy moved {len(turn)} seekers, not {seekers}")
        for i, cell in enumerate(turn):
            legal = cell in border if positions is None else (cell == positions[i] or cell in reach[positions[i]])
            if not legal:
                raise RuntimeError(f"{board.code}: illegal turn {turn} from {positions}")
        groups = {}
        for c in candidates:
            groups.setdefault(sum(score[p][c] for p in turn), []).append(c)
        depth = len(hints) + 1
        if depth > LONGEST_ROUND:
            raise RuntimeError(f"{board.code}: the round did not end after {LONGEST_ROUND} hints")
        for h, group in groups.items():
            if h == full:
                result.hints[group[0]] = depth
            else:
                stack.append((turn, tuple(group), hints + (h,)))
    return result


class Summary:
    """Many boards' results: exact means per board, sampled secrets, think times."""

    def __init__(self):
        self.board_means = []
        self.exact = Counter()  # hints -> number of (board, secret) pairs
        self.sampled = Counter()  # hints -> boards, one uniformly drawn secret each
        self.thinks = []  # (seconds, weight): weight = share of a round's turns
        self.cpu_thinks = []

    def add(self, result, secret):
        self.board_means.append(result.mean)
        self.exact.update(result.hints.values())
        self.sampled[result.hints[secret]] += 1
        self.thinks.extend(result.thinks)
        self.cpu_thinks.extend(result.cpu_thinks)

    def merge(self, other):
        """Adds another Summary's boards (e.g. another process's part of a row)."""
        self.board_means.extend(other.board_means)
        self.exact.update(other.exact)
        self.sampled.update(other.sampled)
        self.thinks.extend(other.thinks)
        self.cpu_thinks.extend(other.cpu_thinks)

    @property
    def boards(self):
        return len(self.board_means)

    def mean_interval(self):
        """Exact mean over boards (uniform secret) and its 95 % half-width."""
        return mean_and_half_width(self.board_means)

    def sampled_interval(self):
        values = [h for h, n in self.sampled.items() for _ in range(n)]
        return mean_and_half_width(values)

    def think_percentile(self, q, cpu=False):
        """The think time below which a share ``q`` of the played turns stay."""
        ordered = sorted(self.cpu_thinks if cpu else self.thinks)
        total = sum(w for _, w in ordered)
        running = 0.0
        for seconds, weight in ordered:
            running += weight
            if running >= q * total:
                return seconds
        return ordered[-1][0]

    @property
    def think_max(self):
        return max(s for s, _ in self.thinks)


def mean_and_half_width(values):
    """Mean and the half-width of its 95 % normal interval (1.96 standard errors)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * (variance / n) ** 0.5


def distribution(counter):
    return "  ".join(f"{h}: {n}" for h, n in sorted(counter.items()))
