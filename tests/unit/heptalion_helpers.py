"""Shared helpers for the Heptalion tests: positions built by hand, random play."""

from spielstube.core.rng import Rng
from spielstube.games.heptalion import ORIGINAL_BOARD, RULES, TILE_INDEX, HeptalionState

NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def symbol(rows, cell):
    r, c = cell
    if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
        return rows[r][c]
    return "-"


def adjacent_pairs(rows):
    """Every unordered pair of edge-adjacent fields, counted from the text alone."""
    pairs = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "-":
                continue
            for dr, dc in ((0, 1), (1, 0)):
                if symbol(rows, (r + dr, c + dc)) != "-":
                    pairs.append(((r, c), (r + dr, c + dc)))
    return pairs


def tile_of(a, b):
    return "".join(sorted(a + b))


def positions_by_tile(rows):
    out = {}
    for a, b in adjacent_pairs(rows):
        out.setdefault(tile_of(symbol(rows, a), symbol(rows, b)), []).append((a, b))
    return out


def new_game(players=2, seed=1, hidden=False, board="original"):
    options = RULES.normalize_options({"players": players, "hidden_hands": hidden, "board": board})
    setup = RULES.random_setup(options, Rng(seed))
    return options, setup, RULES.initial_state(options, setup)


def covered_state(hands, covered_tiles=(), to_move=0):
    """A position on the original board with the given hands (tile codes) where
    every position of ``covered_tiles`` is blocked, built by covering one field of each."""
    board = ORIGINAL_BOARD
    occupied = 0
    for code in covered_tiles:
        for mask, a, _ in board.positions[TILE_INDEX[code]]:
            occupied |= 1 << a
    masks = tuple(sum(1 << TILE_INDEX[c] for c in hand) for hand in hands)
    return HeptalionState(board, masks, occupied, (True,) * len(hands), to_move)


def first_position(code, occupied=0):
    """The first free position of a tile on the original board, as cells."""
    board = ORIGINAL_BOARD
    for mask, a, b in board.positions[TILE_INDEX[code]]:
        if not occupied & mask:
            return board.cells[a], board.cells[b]
    return None


def play_random(state, rng, limit=100):
    moves = []
    while not state.is_terminal() and len(moves) < limit:
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = state.apply(move)
    return state, moves

