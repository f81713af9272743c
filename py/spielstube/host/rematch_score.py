"""The score across rematches (docs/host-protocol.md §7, "Score across rematches").

A run is the games of one kind played one after another with the same seats
and the same options: a rematch, or a new game whose players and options are
those of the game before (the board or who starts may differ). Other seats or
options, a loaded record or a shared link start a new run.

Each finished game of the run scores: first place alone 1 for its seat; a
first place shared ½ for each seat sharing it (a draw of two is ½ : ½);
every other place nothing. A score is ``{"games": n, "wins": [per seat],
"shared": [per seat]}`` (``shared``: the first places a seat shared; its
points are ``wins + shared / 2``), or None while no game of the run has
finished.

A slot keeps the score of the run's games before it (``GameSlot.rematch_score``,
saved with the game); its own result is added while it is finished
(``total``), so undoing the last move takes it off again and a restored
finished game is not counted twice. A saved score that does not fit the
game's seats is ignored (the game restores, its run starts afresh).
"""

# More games than anyone plays in a run: a saved score above it is not believed.
MAX_GAMES = 1_000_000


def added(score, ranking, seats):
    """``score`` (or None) with one finished game of ``ranking`` (places as lists of seats) added."""
    wins = list(score["wins"]) if score else [0] * seats
    shared = list(score["shared"]) if score else [0] * seats
    first = list(ranking[0]) if ranking else []
    if len(first) == 1:
        wins[first[0]] += 1
    else:
        for seat in first:
            shared[seat] += 1
    return {"games": (score["games"] if score else 0) + 1, "wins": wins, "shared": shared}


def total(slot):
    """The run's score with ``slot``'s own game in it once it is finished (None: nothing finished)."""
    score = slot.rematch_score
    result = slot.rules.result_json(slot.state)
    if result is None:
        return score
    return added(score, result.get("ranking"), len(slot.session.seats))


def carried(before, session):
    """The score a new game of ``session`` starts with: ``before``'s (its result in it)
    when ``before`` is a game of the same run, else None."""
    if before is None or before.lesson is not None or before.replay is not None:
        return None
    if before.session.seats != session.seats or before.session.options != session.options:
        return None
    return total(before)


def _count(value):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_GAMES


def from_save(value, seats):
    """A saved score if it is one for ``seats`` seats, else None (a damaged one is ignored)."""
    if not isinstance(value, dict):
        return None
    games, wins, shared = value.get("games"), value.get("wins"), value.get("shared")
    if not (_count(games) and games > 0 and isinstance(wins, list) and isinstance(shared, list)
            and len(wins) == seats and len(shared) == seats and all(_count(n) for n in wins + shared)):
        return None
    if sum(wins) > games or any(n > games for n in shared):
        return None
    return {"games": games, "wins": list(wins), "shared": list(shared)}
