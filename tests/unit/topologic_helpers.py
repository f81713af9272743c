"""Shared by the Topologic seeker tests: a policy plays every secret of a fresh board legally."""

from spielstube.ai.topologic.bench import fresh_boards
from spielstube.ai.topologic.evaluate import walk
from spielstube.ai.topologic.seeker import tables_for
from spielstube.games.topologic import build_board


def assert_finds_every_secret(make_policy, seed, seekers, shape, longest):
    """``make_policy(tables, seekers)`` on board ``seed`` of ``shape``: 60 rounds of 2..``longest`` hints."""
    code = fresh_boards(1, seed, shape)[0]
    tables = tables_for(build_board(code))
    result = walk(make_policy(tables, seekers), tables, seekers)  # walk checks every turn
    assert sorted(result.hints) == list(range(60))
    assert all(2 <= h <= longest for h in result.hints.values())
