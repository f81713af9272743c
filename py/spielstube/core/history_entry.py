"""A history entry: the small index row kept for every game played on this device
(docs/records.md, "History"), apart from the game's record, so a list of games never
parses records. The host builds entries (host/history.py); the statistics read them.

``{"id", "game", "started", "updated", "seats": [{"kind", "level"}], "finished",
"places", "origin", "watched", "aids", "moves", "extra"}``. Pure: ``check`` raises
HistoryError naming the first thing wrong.
"""

import re

GAMES = ("heptalion", "topologic", "schlangennest")
ORIGINS = ("new", "rematch", "loaded", "link", "from-here", "puzzle")
KINDS = ("person", "computer")
KEYS = ("id", "game", "started", "updated", "seats", "finished", "places", "origin", "watched",
        "aids", "moves", "extra")
AIDS = {"suggestions": int, "undos": int, "analysis": bool}
MAX_ID = 64
ID_FORM = re.compile(r"^[A-Za-z0-9_.:-]+$")
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


class HistoryError(ValueError):
    """An entry that is not one (the import refuses the file)."""


def _whole(value, least=0):
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _check_seats(seats):
    if not isinstance(seats, list) or not 1 <= len(seats) <= 4:
        raise HistoryError("seats must be a list of 1 to 4 seats")
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"kind", "level"} or seat["kind"] not in KINDS:
            raise HistoryError(f"seat {index} must be {{kind: person|computer, level}}")
        level = seat["level"]
        if (seat["kind"] == "person") != (level is None) or level is not None and not isinstance(level, str):
            raise HistoryError(f"seat {index}: a computer has a level, a person none")


def _check_places(places, seats, finished):
    if places is None:
        if finished:
            raise HistoryError("a finished game has places")
        return
    if not finished:
        raise HistoryError("an unfinished game has no places")
    if not isinstance(places, list) or len(places) != len(seats):
        raise HistoryError("places must name one place per seat")
    if not all(_whole(place, 1) and place <= len(seats) for place in places) or 1 not in places:
        raise HistoryError("places run from 1, one seat at least first")


def _check_aids(aids):
    if not isinstance(aids, dict):
        raise HistoryError("aids must be an object")
    for name, value in aids.items():
        kind = AIDS.get(name)
        if kind is None:
            raise HistoryError(f"unknown aid {name!r}")
        if kind is bool and not isinstance(value, bool) or kind is int and not _whole(value):
            raise HistoryError(f"aid {name} must be a {'flag' if kind is bool else 'count'}")


def _check_extra(extra, seats):
    if not isinstance(extra, dict):
        raise HistoryError("extra must be an object")
    for name, value in extra.items():
        if name != "seeker_hints":
            raise HistoryError(f"unknown extra {name!r}")
        if not isinstance(value, list) or len(value) != len(seats) or not all(
                hint is None or _whole(hint) for hint in value):
            raise HistoryError("seeker_hints names a count or null per seat")


def check(entry):
    """``entry`` if it is a history entry, else HistoryError."""
    if not isinstance(entry, dict):
        raise HistoryError("an entry must be an object")
    if set(entry) != set(KEYS):
        missing = sorted(set(KEYS) - set(entry))
        raise HistoryError(f"missing keys: {', '.join(missing)}" if missing else
                           f"unknown keys: {', '.join(sorted(set(entry) - set(KEYS)))}")
    ident = entry["id"]
    if not isinstance(ident, str) or not 0 < len(ident) <= MAX_ID or not ID_FORM.match(ident):
        raise HistoryError("id must be a short text of letters, digits and -_.:")
    if entry["game"] not in GAMES:
        raise HistoryError(f"unknown game {entry['game']!r}")
    for key in ("started", "updated"):
        if not isinstance(entry[key], str) or not ISO_UTC.match(entry[key]):
            raise HistoryError(f"{key} must be an ISO-8601 UTC time")
    if entry["updated"] < entry["started"]:
        raise HistoryError("updated lies before started")
    _check_seats(entry["seats"])
    for key in ("finished", "watched"):
        if not isinstance(entry[key], bool):
            raise HistoryError(f"{key} must be true or false")
    if entry["watched"] != all(seat["kind"] == "computer" for seat in entry["seats"]):
        raise HistoryError("watched means no person is seated")
    _check_places(entry["places"], entry["seats"], entry["finished"])
    if entry["origin"] not in ORIGINS:
        raise HistoryError(f"unknown origin {entry['origin']!r}")
    _check_aids(entry["aids"])
    if not _whole(entry["moves"]):
        raise HistoryError("moves must be a count")
    _check_extra(entry["extra"], entry["seats"])
    return entry


def places_of(ranking, seats):
    """Places per seat from a result's ranking (``[[seat], [seat, seat]]``, best first):
    tied seats share a place, the next place counts those before it (1, 2, 2, 4)."""
    places = [None] * seats
    place = 1
    for group in ranking:
        for seat in group:
            places[seat] = place
        place += len(group)
    if None in places:
        raise HistoryError("the ranking leaves a seat out")
    return places
