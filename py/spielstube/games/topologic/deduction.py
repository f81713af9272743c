"""Hints and what they reveal: scoring seekers and tracking candidate secrets.

A seeker scores 2 on the secret location, 1 when its field shares the
secret's colour or its pips (never both: locations are unique), else 0. The
game master announces only the sum. The candidates of a round are the fields
whose location would have produced every hint announced so far.
"""


def score(location, secret):
    """What one seeker on ``location`` scores against ``secret`` (both (colour, pips))."""
    if location == secret:
        return 2
    if location[0] == secret[0] or location[1] == secret[1]:
        return 1
    return 0


def hint_for(board, positions, secret_cell):
    """The hint the seekers on ``positions`` earn when the secret lies on ``secret_cell``."""
    secret = board.tiles[secret_cell]
    return sum(score(board.tiles[cell], secret) for cell in positions)


def consistent_candidates(board, candidates, positions, hint):
    """The candidates (cells) that would have given ``hint`` for ``positions``."""
    locations = [board.tiles[cell] for cell in positions]
    return frozenset(
        cell for cell in candidates
        if sum(score(location, board.tiles[cell]) for location in locations) == hint
    )


def candidates_after(board, notebook):
    """The fields consistent with every (positions, hint) entry of a round's notebook."""
    candidates = frozenset(board.cells)
    for positions, hint in notebook:
        candidates = consistent_candidates(board, candidates, positions, hint)
    return candidates


def hint_partition(board, candidates, positions):
    """hint -> cells among ``candidates`` that would give that hint for ``positions``."""
    locations = [board.tiles[cell] for cell in positions]
    groups = {}
    for cell in candidates:
        secret = board.tiles[cell]
        hint = sum(score(location, secret) for location in locations)
        groups.setdefault(hint, []).append(cell)
    return groups
