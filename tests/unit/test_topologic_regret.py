"""tools/measure/topologic_regret.py: a seeker's hints split into the bound, information lost and gathering."""

import os
import sys

from spielstube.ai.topologic import policy_for
from spielstube.ai.topologic.evaluate import walk
from spielstube.ai.topologic.seeker import tables_for
from spielstube.games.topologic import build_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

from topologic_bound import Bound  # noqa: E402
from topologic_regret import regret  # noqa: E402


def test_the_parts_add_up_to_the_seekers_own_mean():
    tables = tables_for(build_board("6x10.5"))
    bound = Bound(3)
    for level in ("greedy", "normal"):
        mean, optimum, lost, gathering = regret(policy_for(level, tables, 3, timed=False), tables, 3, bound, "7/")
        played = walk(policy_for(level, tables, 3, timed=False), tables, 3, "7/").mean
        assert abs(mean - played) < 1e-9
        assert abs(optimum - 250 / 60) < 1e-9
        assert all(value >= -1e-9 for value in lost.values()) and gathering >= 0
        assert abs(optimum + sum(lost.values()) + gathering - mean) < 1e-9
