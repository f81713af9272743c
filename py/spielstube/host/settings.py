"""New-game settings, checked: ``{"players", "seats", "first", "options", "setup"}``.

``setup`` (optional) fixes parts of the random setup, e.g. Topologic's
``{"board": "6x10.k3j9az"}`` for a shared board or a rematch on it; only
keys the game's random setup has are taken, and the rules check the values.

They come from the URL or the new-game dialog, so every value is suspect: a
bad one is refused with a reason code and its params (``settings.*``), never a
traceback. Option values are checked against the game's declared schema
first (so the page can name the option), then by the rules themselves.
"""

from ..core.errors import RecordError
from . import games
from .refusal import Refusal
from .seats import parse_seat

KEYS = ("players", "seats", "first", "options", "setup")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _check_option(entry, name, value):
    """The value in its declared type (URL booleans arrive as 0/1, areas as "5x7")."""
    kind = entry.get("type")
    if kind == "bool":
        if value in (0, 1) and not isinstance(value, float):
            return bool(value)
        raise Refusal("settings.option_value", f"option {name} must be 0 or 1, not {value!r}",
                      name=name, value=_jsonable(value))
    if kind == "choice" and value not in entry.get("values", ()):
        raise Refusal("settings.option_value",
                      f"option {name} must be one of {', '.join(map(str, entry['values']))}, not {value!r}",
                      name=name, value=_jsonable(value), values=list(entry["values"]))
    if kind == "area" and isinstance(value, str):
        sides = value.lower().split("x")
        if len(sides) != 2 or not all(side.isdigit() for side in sides):
            raise Refusal("settings.option_value", f"option {name} must be like 5x7, not {value!r}",
                          name=name, value=value)
        return [int(side) for side in sides]
    if kind == "int":
        low, high = entry.get("min"), entry.get("max")
        if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
            raise Refusal("settings.option_value", f"option {name} must be a whole number from {low} to {high}",
                          name=name, value=_jsonable(value), min=low, max=high)
    return value


def _jsonable(value):
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)


def _check_options(rules, options):
    if not isinstance(options, dict):
        raise Refusal("settings.options", "options must be an object", detail="not an object")
    schema = {entry["name"]: entry for entry in games.option_schema(rules)}
    checked = {}
    for name, value in options.items():
        entry = schema.get(name)
        if entry is None:
            raise Refusal("settings.unknown_option", f"{rules.name} has no option {name!r}",
                          name=_jsonable(name), known=sorted(schema))
        checked[name] = _check_option(entry, name, value)
    # An option whose "when" is contradicted by another option given (an area with a
    # table difficulty, as a dialog sends it) is left out; the rules infer the rest.
    return {name: value for name, value in checked.items() if _applies(schema[name], checked)}


def _applies(entry, chosen):
    for other, wanted in (entry.get("when") or {}).items():
        if other in chosen and chosen[other] not in (wanted if isinstance(wanted, list) else [wanted]):
            return False
    return True


def resolve(rules, settings, rng):
    """(options, seats, first seat, settings as stored) for a new game; Refusal if bad.

    ``settings`` None means the game's defaults; missing keys take defaults.
    """
    defaults = games.default_settings(rules.name)
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise Refusal("settings.not_object", "settings must be an object")
    unknown = sorted(set(settings) - set(KEYS))
    if unknown:
        raise Refusal("settings.unknown", f"unknown setting(s): {', '.join(map(str, unknown))}",
                      names=[_jsonable(name) for name in unknown])
    options = _check_options(rules, settings.get("options", {}))
    seats = settings.get("seats")
    players = settings.get("players")
    if players is None:
        players = options.get("players", len(seats) if isinstance(seats, list) else len(defaults["seats"]))
    if not _is_int(players) or not rules.min_players <= players <= rules.max_players:
        raise Refusal("settings.players", f"players must be {rules.min_players} to {rules.max_players}",
                      value=_jsonable(players), min=rules.min_players, max=rules.max_players)
    if "players" in options and options["players"] != players:
        raise Refusal("settings.players", "players and options.players disagree",
                      value=_jsonable(players), min=rules.min_players, max=rules.max_players)
    if games.has_players_option(rules):
        options["players"] = players
    if seats is None:
        seats = (list(defaults["seats"]) + ["ai:normal"] * players)[:players]
    if not isinstance(seats, list) or len(seats) != players:
        raise Refusal("settings.seats_count", f"seats must list {players} seats",
                      players=players, count=len(seats) if isinstance(seats, list) else None)
    seats = [parse_seat(spec, i) for i, spec in enumerate(seats)]
    first = settings.get("first", defaults["first"])
    if first == "random":
        first_seat = rng.below(players)
    elif _is_int(first) and 0 <= first < players:
        first_seat = first
    else:
        raise Refusal("settings.first", f"first must be a seat from 0 to {players - 1} or 'random'",
                      value=_jsonable(first), players=players)
    try:
        options = rules.normalize_options(options)
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
