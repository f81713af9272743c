"""ai/topologic/entry.py: entries with the relaxation's best first split."""

import itertools
import os
import sys
from collections import Counter

import pytest

from spielstube.ai.topologic import policy_for
from spielstube.ai.topologic.entry import BEST_SPLITS, entry_turns
from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import build_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

from topologic_bound import Bound, first_splits  # noqa: E402


def split_of(tables, turn):
    tiles = [tables.board.tiles[tables.board.cells[cell]] for cell in turn]
    colours = tuple(sorted(Counter(c for c, _ in tiles).values(), reverse=True))
    pips = tuple(sorted(Counter(p for _, p in tiles).values(), reverse=True))
    return colours, pips


@pytest.mark.parametrize("seekers", sorted(BEST_SPLITS))
def test_the_table_holds_exactly_the_relaxations_best_first_splits(seekers):
    bound = Bound(seekers)
    best, exact = bound.solve()
    splits = first_splits(bound, best + 1e-9)
    assert exact and all(abs(value - best) < 1e-9 for value, _, _ in splits)
    optimal = {(colours, pips) for _, colours, pips in splits}
    assert set(BEST_SPLITS[seekers]) == optimal


@pytest.mark.parametrize("code", ["6x10.5", "random.3k9", "4x15.7"])
@pytest.mark.parametrize("seekers", [3, 4])
def test_every_border_entry_with_a_best_split_is_found_once(code, seekers):
    tables = tables_for(build_board(code))
    wanted = set(BEST_SPLITS[seekers])
    brute = {turn for turn in itertools.combinations_with_replacement(tables.border, seekers)
             if split_of(tables, turn) in wanted}
    found = entry_turns(tables, seekers)
    assert len(found) == len(set(found))
    assert set(found) == brute and brute


def test_no_split_is_forced_with_five_seekers():
    assert entry_turns(tables_for(build_board("6x10.5")), 5) == []


@pytest.mark.parametrize("level", ["strong", "normal"])
@pytest.mark.parametrize("seekers", [3, 4])
def test_strong_and_normal_enter_with_a_best_split(seekers, level):
    tables = tables_for(build_board("6x10.11"))
    entry = policy_for(level, tables, seekers, timed=False).choose(None, range(60), Rng(5))
    assert all(cell in tables.border for cell in entry)
    assert split_of(tables, entry) in set(BEST_SPLITS[seekers])


def test_long_borders_score_an_even_spread_of_the_split_entries():
    tables = tables_for(build_board("random.3k9"))
    every = entry_turns(tables, 3)
    scored = [turn for _, turn in Seeker(tables, 3, entry_split=True, entry_scored=10).split_entries(list(range(60)))]
    assert 5 <= len(scored) <= 10 and len(every) > 100
    positions = [every.index(turn) for turn in scored]
    assert positions[0] == 0 and positions[-1] > len(every) * 0.8


def test_normal_scores_fewer_split_entries_than_strong():
    tables = tables_for(build_board("6x10.11"))
    every = entry_turns(tables, 4)
    normal = policy_for("normal", tables, 4, timed=False).split_entries(list(range(60)))
    strong = policy_for("strong", tables, 4, timed=False).split_entries(list(range(60)))
    assert len(normal) <= 300 < len(every) == len(strong)
