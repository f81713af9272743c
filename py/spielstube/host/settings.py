"""New-game settings, checked: ``{"players", "seats", "first", "options", "setup"}``.

``setup`` (optional) fixes parts of the random setup, e.g. ``{"board": <code>}``
for a shared board or a rematch on it; only keys the game's random setup has
are taken, and the rules check the values (``GameRules.setup_from_settings``).

They come from the URL or the new-game dialog, so every value is suspect: a
bad one is refused with a reason code and its params (``settings.*``), never a
traceback. Option values are checked against the game's declared schema
first (so the page can name the option), then by the rules themselves.
"""

from ..core import options as option_checker
from ..core.errors import RecordError, SettingsError
from . import games
from .refusal import Refusal
from .seats import parse_seat

KEYS = ("players", "seats", "first", "options", "setup")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


_jsonable = option_checker.jsonable


def check_options(rules, options):
    """The options as settings give them, checked against the game's schema
    (core/options.py: URL booleans arrive as 0/1, areas as "5x7"); an option whose
    ``when`` another option given contradicts is left out. Refusal if one is bad."""
    try:
        return option_checker.check(rules.option_schema(), options, rules.name, from_settings=True)
    except SettingsError as exc:
        raise games.refused(exc) from None


def resolve(rules, settings, rng):
    """(options, seats, first seat, settings as stored) for a new game; Refusal if bad.

    ``settings`` None means the game's defaults; missing keys take defaults.
    """
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise Refusal("settings.not_object", "settings must be an object")
    unknown = sorted(set(settings) - set(KEYS))
    if unknown:
        raise Refusal("settings.unknown", f"unknown setting(s): {', '.join(map(str, unknown))}",
                      names=[_jsonable(name) for name in unknown])
    options = check_options(rules, settings.get("options", {}))
    seats = settings.get("seats")
    players = settings.get("players")
    if players is None:
        players = options.get("players", len(seats) if isinstance(seats, list) else rules.min_players)
    if not _is_int(players) or not rules.min_players <= players <= rules.max_players:
        raise Refusal("settings.players", f"players must be {rules.min_players} to {rules.max_players}",
                      value=_jsonable(players), min=rules.min_players, max=rules.max_players)
    if "players" in options and options["players"] != players:
        raise Refusal("settings.players", "players and options.players disagree",
                      value=_jsonable(players), min=rules.min_players, max=rules.max_players)
    if any(entry["name"] == "players" for entry in rules.option_schema()):
        options["players"] = players
    if seats is None:
        seats = rules.default_seats(players)
    if not isinstance(seats, list) or len(seats) != players:
        raise Refusal("settings.seats_count", f"seats must list {players} seats",
                      players=players, count=len(seats) if isinstance(seats, list) else None)
    seats = [parse_seat(spec, i) for i, spec in enumerate(seats)]
    first = settings.get("first", rules.default_first)
    if first == "random":
        first_seat = rng.below(players)
    elif _is_int(first) and 0 <= first < players:
        first_seat = first
    else:
        raise Refusal("settings.first", f"first must be a seat from 0 to {players - 1} or 'random'",
                      value=_jsonable(first), players=players)
    try:
        options = rules.normalize_options(options)
    except SettingsError as exc:
        raise games.refused(exc) from None
    except RecordError as exc:
        raise Refusal("settings.options", str(exc), detail=exc.reason) from None
    stored = {"players": players, "seats": seats, "first": first, "options": options}
    return options, seats, first_seat, stored


def fixed_setup(settings):
    """The setup keys a new game's settings fix (``{}`` if none); Refusal if not an object."""
    wanted = (settings or {}).get("setup") if isinstance(settings, dict) else None
    if wanted is None:
        return {}
    if not isinstance(wanted, dict):
        raise Refusal("settings.setup", "setup must be an object", detail="not an object")
    return wanted
