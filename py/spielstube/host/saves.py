"""The page's saves, trusted for nothing (docs/host-protocol.md §7, "Saves").

A save arrives as the JSON text the page stored (or, from older pages, as
an object). The text is checked for size and depth before it is parsed (a
100,000-deep JSON must never reach the parser), a save of the page before
the frame (``spielstube.<game>``) keeps only what still means the same (its
record, seats and redo moves), and stored settings that would not start a
new game are replaced by the restored game's own. Anything else wrong is a
RecordError: the host starts fresh and the page sets the save aside.
"""

from ..core.errors import RecordError
from ..core.limits import checked_json
from ..core.record import record_from_dict
from . import games, settings as settings_mod
from .refusal import Refusal
from .seats import parse_seat


def save_object(save):
    """The save as a dict; RecordError for text that is too large, too deep, not JSON or not an object."""
    if isinstance(save, str):
        save = checked_json(save, "save")
    if not isinstance(save, dict):
        raise RecordError("the save is not an object")
    return save


def from_old_page(save, game, rng):
    """A save in the legacy page format as a current save: record, seats, redo.

    Its seats are kept when they fit the record's players, else the game's
    default seats for that many players; its settings (another shape) are not."""
    record = record_from_dict(save.get("record"))
    if record.game != game:
        raise RecordError(f"the save holds a {record.game} game, not {game}")
    rules = games.rules_for(game)
    players = rules.normalize_options(record.options).get("players", rules.min_players)
    seats = save.get("seats")
    if not (isinstance(seats, list) and len(seats) == players and all(_valid_seat(s) for s in seats)):
        seats = default_seats(rules, players, rng)
    redo = save.get("redo")
    return {"record": record.to_dict(), "seats": seats, "redo": redo if isinstance(redo, list) else []}


def _valid_seat(spec):
    try:
        parse_seat(spec)
    except Refusal:
        return False
    return True


def default_seats(rules, players, rng):
    return settings_mod.resolve(rules, {"players": players}, rng)[1]


def settings_of(session, first):
    """The settings a game was evidently started with (for a record or a save without usable ones)."""
    seats = list(session.seats)
    return {"players": len(seats), "seats": seats, "first": first, "options": session.options}


def checked_settings(rules, stored, session, rng):
    """``stored`` if it would start a new game of this kind, else the session's own settings."""
    first = rules.first_seat(session.setup)
    if isinstance(stored, dict) and not stored.get("setup"):
        try:
            settings_mod.resolve(rules, stored, rng.fork())
            return stored
        except (Refusal, TypeError, ValueError, KeyError, AttributeError):
            pass
    return settings_of(session, first)
