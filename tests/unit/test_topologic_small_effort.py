"""Strong's extra effort on turns with few candidates left (Seeker small_limit / small_effort)."""

from hypothesis import given, settings, strategies as st

from spielstube.ai.topologic import LEVEL_SETTINGS, policy_for
from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import build_board
from topologic_helpers import assert_finds_every_secret


class CountingSeeker(Seeker):
    """Records the starts of every search and the reply starts of every re-score."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.starts_seen = []
        self.reply_starts_seen = []

    def local_searches(self, options, positions, candidates, rng, starts):
        self.starts_seen.append(starts)
        return super().local_searches(options, positions, candidates, rng, starts)

    def deep_value(self, turn, candidates, rng, reply_starts):
        self.reply_starts_seen.append(reply_starts)
        return super().deep_value(turn, candidates, rng, reply_starts)


def a_turn_after_the_entry(tables, seekers, wanted):
    """Positions after a quick entry and the largest group of 2..``wanted`` candidates it leaves."""
    entry = Seeker(tables, seekers, starts=1, lookahead=1, entry_starts=1, entry_lookahead=1).choose(
        None, range(tables.size), Rng(1))
    groups = {}
    for c in range(tables.size):
        groups.setdefault(sum(tables.score[p][c] for p in entry), []).append(c)
    return entry, max((g for g in groups.values() if 2 <= len(g) <= wanted), key=len)


def test_few_candidates_get_the_small_effort_and_many_the_usual_one():
    tables = tables_for(build_board("6x10.5"))
    positions, few = a_turn_after_the_entry(tables, 5, 12)
    seeker = CountingSeeker(tables, 5, starts=3, lookahead=2, reply_starts=2,
                            small_limit=len(few), small_effort=(5, 4, 3))
    seeker.choose(positions, few, Rng(2))
    assert seeker.starts_seen[0] == 5
    assert set(seeker.reply_starts_seen) == {3} and len(seeker.reply_starts_seen) <= 4
    seeker.starts_seen.clear()
    seeker.reply_starts_seen.clear()
    seeker.choose(positions, range(tables.size), Rng(2))
    assert seeker.starts_seen[0] == 3
    assert set(seeker.reply_starts_seen) == {2} and len(seeker.reply_starts_seen) <= 2


def test_small_limit_zero_is_the_seeker_without_it():
    tables = tables_for(build_board("6x10.5"))
    positions, few = a_turn_after_the_entry(tables, 4, 12)
    plain = Seeker(tables, 4, starts=2, lookahead=2, reply_starts=2)
    off = Seeker(tables, 4, starts=2, lookahead=2, reply_starts=2, small_limit=0, small_effort=(9, 9, 9))
    assert plain.choose(positions, few, Rng(5)) == off.choose(positions, few, Rng(5))


def test_strong_has_the_small_effort_and_normal_not():
    tables = tables_for(build_board("6x10.5"))
    assert policy_for("strong", tables, 5, timed=False).small_limit == LEVEL_SETTINGS["strong"]["small_limit"] > 0
    assert policy_for("normal", tables, 5, timed=False).small_limit == 0


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10 ** 9), seekers=st.sampled_from([3, 4, 5]),
       shape=st.sampled_from(["6x10", "random"]))
def test_strong_finishes_every_secret_with_legal_turns(seed, seekers, shape):
    assert_finds_every_secret(lambda tables, n: policy_for("strong", tables, n, timed=False), seed, seekers, shape,
                              longest=15)
