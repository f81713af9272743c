"""Fast random playouts on bitmasks, for MCTS with any number of players."""

from ...core.game import TERMINAL
from .position import has_move, moves_of, tables_for


def random_playout(state, rng):
    """Plays random legal placements to the end; returns per-seat results.

    Follows the engine's rules: after each move the turn passes in seat
    order, and a player with no placement at the start of their turn is
    eliminated; the last player left wins.
    """
    positions = tables_for(state.board).positions
    occ = state.occupied
    hands = list(state.hands)
    alive = list(state.alive)
    n = len(hands)
    seat = state.current_player
    remaining = alive.count(True)
    while seat != TERMINAL:
        moves = moves_of(occ, hands[seat], positions)
        t, mask = moves[rng.below(len(moves))]
        occ |= mask
        hands[seat] &= ~(1 << t)
        nxt = seat
        while True:
            if remaining == 1:
                seat = TERMINAL
                break
            nxt = (nxt + 1) % n
            if not alive[nxt]:
                continue
            if has_move(occ, hands[nxt], positions):
                seat = nxt
                break
            alive[nxt] = False
            remaining -= 1
    return [1.0 if a else 0.0 for a in alive]
