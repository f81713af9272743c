"""TEMPORARY: the view-based determinization of docs/host-protocol.md §1
("the computer decides from rules.determinize(view, rng)"), until the
interface branch lands it. Delete this module then.
"""


def decision_state(state, seat, rng):
    """What the computer in ``seat`` searches: a state drawn for what that seat may know.

    Today ``State.determinize``; every game's draw depends only on what
    ``seat`` can see (Heptalion sorts the unseen tiles first, Topologic draws
    from the candidates the hints leave).
    """
    return state.determinize(seat, rng)
