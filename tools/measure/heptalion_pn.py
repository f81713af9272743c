"""Proof-number search over the top of the tree, the exact solver at its
leaves: a measuring tool (docs/benchmarks.md, "the exact solver from ply 0,
proof-number search"), not shipped: on the ply-0 deals it
needs more solver nodes than the plain solver, not fewer.

The idea measured: the alpha-beta solver (ai.heptalion.solver.Solver) tries
the mover's moves in a fixed order; proof-number search keeps the top of the
tree in memory and always works on the leaf that most cheaply proves or
disproves the root (the *most proving node*). Each new leaf is handed to
``Solver.decide`` with a small node budget (its table shared, so what a leaf
proves helps every later one); a leaf the budget does not decide starts with
proof and disproof numbers from the strong evaluation and is expanded when
it is most proving.

Negamax form: a node's ``pn`` is the work to prove that the mover wins,
``dn`` the work to prove that the mover loses; pn = min over the children's
dn, dn = the sum of their pn. Moves only add tiles, so the tree has no cycles.

    PYTHONPATH=py python3 tools/measure/bench_heptalion_exact.py solve --search pn --leaf-budget 256 ...
"""

import math

from spielstube.ai import clock
from spielstube.ai.heptalion.position import moves_of, survey
from spielstube.ai.heptalion.search import STRONG, WIN, AlphaBeta
from spielstube.ai.heptalion.solver_moves import candidate_moves

INF = 1 << 60


class _OutOfBudget(Exception):
    pass


class _Node:
    __slots__ = ("occ", "me", "opp", "move", "pn", "dn", "children", "parent")

    def __init__(self, occ, me, opp, move, parent):
        self.occ = occ
        self.me = me
        self.opp = opp
        self.move = move
        self.parent = parent
        self.children = None
        self.pn = 1
        self.dn = 1


def _dn(node):
    return node.dn


class ProofNumberSearch:
    """PN search at the top, ``solver.decide`` at the leaves.

    leaf_budget: solver nodes a new leaf gets before it counts as open.
    init: "eval" (open leaves' numbers from the strong evaluation, scaled by
    ``temperature`` hundredths of a logit) or "uniform" (1 and 1).
    """

    def __init__(self, solver, leaf_budget=256, init="eval", temperature=100.0):
        self.solver = solver
        self.leaf_budget = leaf_budget
        self.init = init
        self.temperature = temperature
        self._evaluator = AlphaBeta(solver.positions, STRONG, max_entries=0)
        self._evaluator._deadline = float("inf")
        self.nodes = 0  # solver nodes, over every leaf
        self.expanded = 0

    def run(self, occ, me, opp, deadline=None, node_budget=None, every=False):
        """(value, winning, losing, undecided) for the side to move holding ``me``.

        value: True / False once proven, None when the deadline (ai.clock
        seconds) or the node budget ran out first. With ``every`` each root
        move is decided (as Solver.analyse); else the search stops at the
        first winning move (as Solver.solve) and a lost root lists every move.
        """
        self.nodes = self.expanded = 0
        root = _Node(occ, me, opp, None, None)
        limit = INF if node_budget is None else node_budget
        try:
            self._expand(root, every)
            while not self._done(root, every):
                if deadline is not None and clock.now() > deadline or self.nodes > limit:
                    raise _OutOfBudget()
                if every:
                    # The open root move closest to being decided, either way.
                    node = min((c for c in root.children if c.pn and c.dn),
                               key=lambda c: min(c.pn, c.dn))
                else:
                    node = root
                while node.children is not None:
                    node = min(node.children, key=_dn)
                self._expand(node)
                self._back_up(node.parent)
        except _OutOfBudget:
            pass
        children = root.children or []
        winning = [c.move for c in children if c.dn == 0]
        losing = [c.move for c in children if c.pn == 0]
        undecided = [c.move for c in children if c.pn and c.dn]
        if root.children is None:
            undecided = moves_of(occ, me, self.solver.positions)
        if winning:
            return True, winning, losing, undecided
        if undecided:
            return None, winning, losing, undecided
        # Lost: the dominated root moves left out lose as well.
        return False, [], (losing if every else moves_of(occ, me, self.solver.positions)), []

    @staticmethod
    def _done(root, every):
        if every:
            return all(c.pn == 0 or c.dn == 0 for c in root.children)
        return root.pn == 0 or root.dn == 0

    def _back_up(self, node):
        while node is not None:
            pn, dn = node.pn, node.dn
            self._update(node)
            if node.pn == pn and node.dn == dn:
                return
            if (node.pn == 0 or node.dn == 0) and node.parent is not None:
                node.children = ()  # decided: its subtree is never visited again
            node = node.parent

    def _moves(self, node, every):
        """(score, move) of the moves worth trying, the likeliest winners
        first: by the strong evaluation of the position each leaves, from
        the opponent's side (as Solver's root order)."""
        positions = self.solver.positions
        occ, me, opp = node.occ, node.me, node.opp
        if every:
            moves = moves_of(occ, me, positions)
        else:
            _, my_tiles, _, _, my_multi, _, _ = survey(occ, me, positions)
            _, _, _, opp_seen, _, _, _ = survey(occ, opp, positions)
            moves = candidate_moves(positions, occ, my_tiles, my_multi, opp_seen)
        evaluate = self._evaluator._negamax
        scored = []
        for t, mask in moves:
            score = evaluate(occ | mask, opp, me & ~(1 << t), 0, -WIN - 1, WIN + 1)
            scored.append((score, len(scored), (t, mask)))
        scored.sort()
        return [(score, move) for score, _, move in scored]

    def _expand(self, node, every=False):
        self.expanded += 1
        occ, me, opp = node.occ, node.me, node.opp
        children = []
        for score, (t, mask) in self._moves(node, every):
            child = _Node(occ | mask, opp, me & ~(1 << t), (t, mask), node)
            self._evaluate(child, score)
            children.append(child)
            if child.dn == 0 and not every:
                break  # a child lost for its mover: this node is won
        node.children = children
        self._update(node)

    def _evaluate(self, node, score):
        solver = self.solver
        result = solver.decide(node.occ, node.me, node.opp, self.leaf_budget)
        self.nodes += solver.nodes
        if result is True:
            node.pn, node.dn = 0, INF
        elif result is False:
            node.pn, node.dn = INF, 0
        elif self.init == "eval":
            x = max(-20.0, min(20.0, score / self.temperature))
            node.pn = max(1, int(10 * math.exp(-x)))
            node.dn = max(1, int(10 * math.exp(x)))
        else:
            node.pn = node.dn = 1

    @staticmethod
    def _update(node):
        pn, dn = INF, 0
        for child in node.children:
            if child.dn < pn:
                pn = child.dn
            dn += child.pn
        node.pn, node.dn = pn, min(dn, INF)
