"""Best-reply search (Schadd and Winands) for three or more players.

Between two moves of the root seat only the one rival reply that hurts it
most is searched, whichever rival makes it, so the search looks further
ahead at its own moves than paranoid alpha-beta can. The game says who may
reply: ``replies(state, root, mine)`` lists the child states in which the
root seat acts (``mine``) or any rival acts (empty: nobody of them can).
"""

from .alphabeta import INF, AlphaBeta


class BestReply(AlphaBeta):
    def __init__(self, evaluate, final, replies, **options):
        super().__init__(evaluate, final, **options)
        self.replies = replies

    def _root_search(self, ranked, depth):
        alpha = -INF
        best = ranked[0][2]
        first = None
        for _, _, move, child in ranked:
            value = self.reply_value(child, depth - 1, alpha, INF, False)
            if first is None:
                first = value
            if value > alpha:
                alpha, best = value, move
        return alpha, best, first

    def reply_value(self, state, depth, alpha, beta, mine):
        """The root seat's value when the root (``mine``) or the rivals act next."""
        self.nodes += 1
        self.budget.check()
        if depth <= 0:
            return self.evaluate(state, self.root)
        children = self.replies(state, self.root, mine)
        if not children:
            if not self.replies(state, self.root, not mine):
                return self.final(state, self.root)  # nobody can act: the game is over
            return self.reply_value(state, depth - 1, alpha, beta, not mine)

        if depth == 1:
            return self.best_leaf(children, mine, alpha, beta)

        def next_value(child, d, a, b):
            return self.reply_value(child, d, a, b, not mine)

        return self.bounded((self.root, mine, state.key()), depth, alpha, beta, mine,
                            lambda: self.ordered(children, depth, mine), next_value)
