"""Statistics per game and computer level from the history's entries.

An entry is one game on this device as the history store keeps it: ``game``,
``seats`` (``{"kind": "person"|"computer", "level"}``), ``finished``,
``places`` (per seat, 1 = first, ties share), ``origin``, ``watched``,
``aids``, ``updated`` (ISO-8601 UTC), ``extra``.

What counts: a finished game of exactly one person against computers,
started new or as a rematch (not from a loaded record, a shared link, "play
from here" or a puzzle), not watched. It counts under ``"<game>/<level>"``,
the computers' level, or ``"<game>/mixed"`` when they differ. A win is first
place alone; a draw a first place shared with a computer; anything else is
lost. A game where the person used help (a suggestion, an undo, the
analysis: ``aids`` with a count above 0 or ``analysis`` true) is counted
apart, under ``with_help``; the rest is the clean record.

The streak is the run of equal results, wins or losses, that ends with the
newest clean game (by ``updated``, then ``id``): ``{"result": "won"|"lost",
"games": n}``, or None when there is no clean game or the newest is a draw
(a draw ends a streak and starts none).

Topologic's ``seeker_hints`` (``extra.seeker_hints``: the hints each seat
needed as seeker) compare the person with the computer on the same boards:
the mean of each over the counted matches in which both sought.

An entry that is not of this shape counts nowhere; the statistics never
raise on what storage hands them.
"""

ORIGINS = ("new", "rematch")
MIXED = "mixed"


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _level_key(entry):
    """``"<game>/<level>"`` if ``entry`` counts, else None."""
    if not isinstance(entry, dict) or entry.get("finished") is not True or entry.get("watched") is not False:
        return None
    if entry.get("origin") not in ORIGINS or not isinstance(entry.get("game"), str):
        return None
    seats = entry.get("seats")
    places = entry.get("places")
    if not isinstance(seats, list) or not isinstance(places, list) or len(seats) != len(places) or len(seats) < 2:
        return None
    if not all(isinstance(seat, dict) for seat in seats) or not all(_whole(p) and p >= 1 for p in places):
        return None
    kinds = [seat.get("kind") for seat in seats]
    if kinds.count("person") != 1 or kinds.count("computer") != len(seats) - 1:
        return None
    levels = set(seat.get("level") for seat in seats if seat.get("kind") == "computer")
    if not all(isinstance(level, str) and level for level in levels):
        return None
    level = levels.pop() if len(levels) == 1 else MIXED
    return entry["game"] + "/" + level


def key_of(entry):
    """``"<game>/<level>"`` under which ``entry`` counts, or None when it does not count."""
    return _level_key(entry)


def result_of(entry):
    """The person's result in a counted entry: "won", "drawn" or "lost"."""
    seats, places = entry["seats"], entry["places"]
    mine = places[[seat.get("kind") for seat in seats].index("person")]
    if mine != 1:
        return "lost"
    return "won" if places.count(1) == 1 else "drawn"


def helped(entry):
    """Whether the person used help: a count above 0 or ``analysis`` true in ``aids``."""
    aids = entry.get("aids")
    if not isinstance(aids, dict):
        return False
    for value in aids.values():
        if value is True or (_whole(value) and value > 0):
            return True
    return False


def _hints(entry):
    """(the person's hints, the computers' mean hints) as seekers, or None when not both sought."""
    extra = entry.get("extra")
    hints = extra.get("seeker_hints") if isinstance(extra, dict) else None
    if not isinstance(hints, list) or len(hints) != len(entry["seats"]):
        return None
    if not all(h is None or (_whole(h) and h >= 0) for h in hints):
        return None
    kinds = [seat.get("kind") for seat in entry["seats"]]
    mine = hints[kinds.index("person")]
    theirs = [h for h, kind in zip(hints, kinds) if kind == "computer"]
    if mine is None or any(h is None for h in theirs):
        return None
    return mine, sum(theirs) / len(theirs)


def _tally():
    return {"played": 0, "won": 0, "lost": 0, "drawn": 0}


def _count(tally, hints_sums, entry):
    result = result_of(entry)
    tally["played"] += 1
    tally[result] += 1
    hints = _hints(entry)
    if hints is not None:
        hints_sums[0] += 1
        hints_sums[1] += hints[0]
        hints_sums[2] += hints[1]


def _seeker_hints(sums):
    """``{"matches", "person", "computer"}`` (means), or None when no match had both seek."""
    matches, person, computer = sums
    if not matches:
        return None
    return {"matches": matches, "person": person / matches, "computer": computer / matches}


def _order(entry):
    updated = entry.get("updated")
    ident = entry.get("id")
    return (updated if isinstance(updated, str) else "", ident if isinstance(ident, str) else "")


def streak(results):
    """The streak ending with the last of ``results`` (oldest first): see the module's doc."""
    if not results or results[-1] == "drawn":
        return None
    last = results[-1]
    games = 0
    for result in reversed(results):
        if result != last:
            break
        games += 1
    return {"result": last, "games": games}


def stats(entries):
    """``{"<game>/<level>": {"played", "won", "lost", "drawn", "streak", "seeker_hints",
    "with_help": {"played", "won", "lost", "drawn", "seeker_hints"}}}`` of the entries that
    count (``seeker_hints`` None where no counted Topologic match had both seek)."""
    counted = {}
    for entry in entries if isinstance(entries, list) else []:
        key = _level_key(entry)
        if key is not None:
            counted.setdefault(key, []).append(entry)
    out = {}
    for key, group in counted.items():
        group.sort(key=_order)
        clean, help_tally = _tally(), _tally()
        clean_hints, help_hints = [0, 0, 0], [0, 0, 0]
        results = []
        for entry in group:
            if helped(entry):
                _count(help_tally, help_hints, entry)
            else:
                _count(clean, clean_hints, entry)
                results.append(result_of(entry))
        clean["streak"] = streak(results)
        clean["seeker_hints"] = _seeker_hints(clean_hints)
        help_tally["seeker_hints"] = _seeker_hints(help_hints)
        clean["with_help"] = help_tally
        out[key] = clean
    return out
