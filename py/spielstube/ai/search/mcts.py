"""Monte Carlo tree search over core.game.State, for any game.

UCT with random playouts (or the game's own ``playout``). For hidden information each iteration searches a
fresh determinization (``state.determinize``) of the root, so the search
never reads what the player to move cannot know; the tree is keyed by moves,
which are shared across determinizations (single-observer ISMCTS).
"""

import math
from ..clock import now


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "value", "player", "avail")

    def __init__(self, move, parent, player):
        self.move = move
        self.parent = parent
        self.player = player  # who made ``move`` (whose value this node stores)
        self.children = {}
        self.untried = None
        self.visits = 0
        self.value = 0.0
        self.avail = 0


def _default_playout(state, rng):
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state.returns()


def mcts_search(state, rng, *, iterations=None, seconds=None, exploration=0.7,
                playout=None, clock=now):
    """Visit counts per root move after the search; pick the most visited.

    Stops after ``iterations`` or ``seconds`` (whichever is given first).
    ``playout(state, rng) -> returns`` may replace random playouts.
    """
    if iterations is None and seconds is None:
        iterations = 1000
    playout = playout or _default_playout
    root_player = state.current_player
    root = _Node(None, None, None)
    # Open games return the state itself: then one tree over the real state.
    hidden = state.determinize(root_player, rng.fork()) is not state
    deadline = None if seconds is None else clock() + seconds
    done = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done % 8 == 0 and clock() >= deadline and done > 0:
            break
        done += 1
        sample = state.determinize(root_player, rng) if hidden else state
        node = root
        # Selection: descend while every legal move here has a child.
        while not sample.is_terminal():
            moves = sample.legal_moves()
            if hidden:
                for move in moves:
                    child = node.children.get(move)
                    if child is not None:
                        child.avail += 1
            unexplored = [m for m in moves if m not in node.children]
            if unexplored:
                move = unexplored[rng.below(len(unexplored))]
                child = _Node(move, node, sample.current_player)
                node.children[move] = child
                sample = sample.apply(move)
                node = child
                break
            best, best_score = None, -1.0
            for move in moves:
                child = node.children[move]
                # ISMCTS counts a child's chances by how often it was available.
                parent_visits = child.avail if hidden else node.visits
                score = child.value / child.visits + exploration * math.sqrt(
                    math.log(max(parent_visits, 1)) / child.visits
                )
                if score > best_score:
                    best, best_score = child, score
            sample = sample.apply(best.move)
            node = best
        returns = playout(sample, rng) if not sample.is_terminal() else sample.returns()
        while node is not None:
            node.visits += 1
            if node.player is not None:
                node.value += returns[node.player]
            node = node.parent
    return {move: child.visits for move, child in root.children.items()}, done


def best_move(visits):
    """The most visited move (ties broken by first seen, stable)."""
    return max(visits.items(), key=lambda item: item[1])[0]

