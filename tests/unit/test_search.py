"""The search toolkit (ai/search) on a toy game whose values are known by brute force."""

import pytest

from spielstube.ai.search import AlphaBeta, BestReply, Budget, best_move, mcts_search
from spielstube.core.game import TERMINAL, State
from spielstube.core.rng import Rng


class Take(State):
    """N players in turn take 1-3 stones from a pile; whoever takes the last one wins."""

    def __init__(self, pile, player=0, players=2, winner=None):
        self.pile, self.player, self.num_players, self.winner = pile, player, players, winner

    @property
    def current_player(self):
        return TERMINAL if self.winner is not None else self.player

    def legal_moves(self):
        return [] if self.winner is not None else [k for k in (1, 2, 3) if k <= self.pile]

    def apply(self, move):
        assert move in self.legal_moves()
        left = self.pile - move
        nxt = (self.player + 1) % self.num_players
        return Take(left, nxt, self.num_players, self.player if left == 0 else None)

    def returns(self):
        return [1.0 if s == self.winner else 0.0 for s in range(self.num_players)]

    def key(self):
        return (self.pile, self.player, self.winner)

    def to_move(self, seat):
        return Take(self.pile, seat, self.num_players, self.winner)


def final(state, root):
    return 1.0 if state.winner == root else -1.0


def neutral(state, root):
    return 0.0


def paranoid(state, root, depth):
    """Plain minimax, the root maximising and every other seat minimising."""
    if state.winner is not None:
        return final(state, root)
    if depth == 0:
        return 0.0
    values = [paranoid(state.apply(m), root, depth - 1) for m in state.legal_moves()]
    return max(values) if state.player == root else min(values)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("pile", range(1, 11))
def test_alpha_beta_equals_minimax(players, pile):
    state = Take(pile, 0, players)
    for depth in (1, 3, 12):
        search = AlphaBeta(neutral, final)
        move, value, done = search.search(state, Budget(None), depth)
        assert done == depth and value == paranoid(state, 0, depth)
        assert paranoid(state.apply(move), 0, depth - 1) == value
        # The table keeps what it learnt: a second search gives the same answer.
        assert search.search(state, Budget(None), depth)[1] == value


def test_two_players_leave_a_multiple_of_four():
    for pile in (5, 6, 7, 9, 10, 11):
        move, value, _ = AlphaBeta(neutral, final).search(Take(pile), Budget(None), 12)
        assert move == pile % 4 and value == 1.0


def test_no_time_keeps_the_best_ranked_move():
    def prefer_two(state, root):
        return 1.0 if state.pile == 8 else 0.0

    move, _value, done = AlphaBeta(prefer_two, final).search(Take(10), Budget(-1.0), 6)
    assert done == 0 and move == 2


def best_reply_value(state, root, depth, mine):
    """Brute-force best-reply search: the root's moves, or any one rival's."""
    if state.winner is not None:
        return final(state, root)
    if depth == 0:
        return 0.0
    if mine:
        return max(best_reply_value(state.to_move(root).apply(m), root, depth - 1, False)
                   for m in state.to_move(root).legal_moves())
    rivals = [s for s in range(state.num_players) if s != root]
    return min(best_reply_value(state.to_move(s).apply(m), root, depth - 1, True)
               for s in rivals for m in state.to_move(s).legal_moves())


def replies(state, root, mine):
    if state.winner is not None:
        return []
    seats = [root] if mine else [s for s in range(state.num_players) if s != root]
    return [state.to_move(s).apply(m) for s in seats for m in state.to_move(s).legal_moves()]


@pytest.mark.parametrize("pile", range(2, 10))
def test_best_reply_equals_its_brute_force(pile):
    state = Take(pile, 0, 3)
    for depth in (2, 4):
        move, value, _ = BestReply(neutral, final, replies).search(state, Budget(None), depth)
        assert value == best_reply_value(state.apply(move), 0, depth - 1, False)
        assert value == max(best_reply_value(state.apply(m), 0, depth - 1, False) for m in state.legal_moves())


def test_width_keeps_the_best_few_replies():
    search = AlphaBeta(lambda s, root: -s.pile, final, width=1)
    move, _value, _ = search.search(Take(9), Budget(None), 4)
    assert move in (1, 2, 3)


def test_mcts_with_random_playouts():
    visits, done = mcts_search(Take(5), Rng(1), iterations=3000)
    assert done == 3000 and sum(visits.values()) == 3000 and best_move(visits) == 1


def test_full_width_iterations_see_every_reply():
    # Keeping one reply misjudges a pile of 4 (it overlooks the reply that takes the rest);
    # full width up to three plies gives the full search's value.
    def misleading(state, root):
        return -state.pile if state.player == root else state.pile

    for pile in (4, 6, 7):
        full = AlphaBeta(misleading, final).search(Take(pile), Budget(None), 4)[1]
        wide = AlphaBeta(misleading, final, width=1, full_width=4).search(Take(pile), Budget(None), 4)[1]
        narrow = AlphaBeta(misleading, final, width=1).search(Take(pile), Budget(None), 4)[1]
        assert wide == full != narrow


class TickClock:
    """A clock that advances one second whenever it is read (one per node and check)."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 1.0
        return self.t


def test_growth_stops_deepening_before_an_iteration_that_would_not_finish(monkeypatch):
    import spielstube.ai.search.alphabeta as alphabeta

    budget_ticks = 2000
    runs = {}
    for growth in (None, 3.0):
        clock = TickClock()
        monkeypatch.setattr(alphabeta, "now", clock)
        budget = Budget(budget_ticks)
        _move, _value, done = AlphaBeta(neutral, final).search(Take(40), budget, 30, growth=growth)
        runs[growth] = done, clock.t - (budget.deadline - budget_ticks)
    # Without growth the last iteration runs into the deadline and is thrown away;
    # with it the search ends early, at the same completed depth or one less.
    (done_plain, used_plain), (done_growth, used_growth) = runs[None], runs[3.0]
    assert used_plain > budget_ticks > used_growth
    assert 2 <= done_growth <= done_plain <= done_growth + 1


def test_budget_remaining():
    assert Budget(None).remaining() == float("inf")
    assert 0 < Budget(5.0).remaining() <= 5.0


def test_memo_scores_each_position_once_and_changes_no_result():
    calls = []

    def counted(state, root):
        calls.append(state.key())
        return -state.pile if state.player == root else state.pile

    results = {}
    for memo in (False, True):
        calls.clear()
        search = AlphaBeta(counted, final, memo=memo)
        results[memo] = search.search(Take(14), Budget(None), 7), len(calls), len(set(calls))
        search.clear()
        assert not search.table and not search.values
    (plain, plain_calls, distinct), (memoised, memo_calls, memo_distinct) = results[False], results[True]
    assert memoised == plain
    # Every deepening iteration orders the last one's nodes again: without the memo
    # they are scored again, with it once each.
    assert plain_calls > memo_calls == memo_distinct == distinct


def engine_for(players):
    return AlphaBeta(neutral, final) if players == 2 else BestReply(neutral, final, replies)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("pile", range(2, 11))
def test_judge_gives_the_value_of_any_move_beside_the_best(players, pile):
    """A review's question: what the move played is worth against the best, from one search."""
    state = Take(pile, 0, players)
    for depth in (2, 4, 12):
        for move in state.legal_moves():
            best, best_value, value, done = engine_for(players).judge(state, move, Budget(None), depth)
            # The best value is search's (of equal moves the one played may be named).
            assert (best_value, done) == engine_for(players).search(state, Budget(None), depth)[1:]
            if players == 2:
                exact = [paranoid(state.apply(m), 0, depth - 1) for m in (move, best)]
            else:
                exact = [best_reply_value(state.apply(m), 0, depth - 1, False) for m in (move, best)]
            assert [value, best_value] == exact
            assert value <= best_value
