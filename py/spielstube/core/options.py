"""Game options checked against the schema the game declares (``GameRules.option_schema``).

One checker for every game and every way options arrive: records (replay and
saves), the command line (``selfplay --options``) and the host's new-game
settings (an address, the dialog). It checks what a schema declares:

- types and ranges: ``int`` (a whole number from ``min`` to ``max``, never a
  bool), ``bool``, ``choice`` (one of ``values``), ``area`` (``[a, b]`` with
  sides from ``min`` to ``max``, kept as ``a <= b``; null: unbounded);
- ``when`` ``{option: wanted | [wanted, ...]}``: the option is a choice only
  where each named option has a wanted value. Elsewhere the game sets it
  (its ``check_options``), and a value given there must be the one it sets;
  settings leave such a value out instead (a dialog sends every field);
- ``value_when`` ``{value: conditions | [conditions, ...]}`` on a choice: the
  value may be chosen only where its conditions (any one of a list) hold.

What a schema cannot declare (an area too small for a layout, say) the game's
``check_options`` checks. Every refusal is a core.errors.SettingsError with
the host's reason code: ``settings.options`` (``detail``),
``settings.unknown_option`` (``name``, ``known``), ``settings.option_value``
(``name``, ``value`` and ``values`` or ``min`` and ``max``).
"""

from .errors import SettingsError

TYPES = ("int", "bool", "choice", "area")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def jsonable(value):
    """``value`` if JSON has it as a scalar, else its repr (for a refusal's params)."""
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)


def wanted_values(wanted):
    return wanted if isinstance(wanted, list) else [wanted]


def _same(value, wanted):
    """Equal and of one type (True is not 1, 3.0 not 3)."""
    return type(value) is type(wanted) and value == wanted


def holds(conditions, options):
    """Whether ``options`` contradict none of ``conditions`` ({option: wanted}); an
    option they do not hold contradicts nothing."""
    return all(name not in options or any(_same(options[name], w) for w in wanted_values(wanted))
               for name, wanted in (conditions or {}).items())


def applies(entry, options):
    """Whether the option of ``entry`` is a choice under ``options`` (its ``when``)."""
    return holds(entry.get("when"), options)


def value_applies(entry, value, options):
    """Whether a choice's ``value`` may be chosen under ``options`` (its ``value_when``)."""
    needed = (entry.get("value_when") or {}).get(value)
    if needed is None:
        return True
    return any(holds(conditions, options) for conditions in wanted_values(needed))


def defaults(schema):
    """Each declared option's default, in the schema's order."""
    return {entry["name"]: entry.get("default") for entry in schema}


def _conditions_text(conditions):
    return " and ".join(f"{name} {' or '.join(map(_text, wanted_values(wanted)))}"
                        for name, wanted in conditions.items())


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def check_value(entry, value, from_settings=False):
    """``value`` of the option ``entry`` declares, in its type; SettingsError if it does not fit.

    ``from_settings``: as an address gives it too (a bool as 0 or 1, an area as "5x7").
    """
    name, kind = entry["name"], entry.get("type")
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if from_settings and value in (0, 1) and not isinstance(value, float):
            return bool(value)
        wanted = "0 or 1" if from_settings else "true or false"
        raise SettingsError(f"option {name} must be {wanted}, not {value!r}", "settings.option_value",
                            name=name, value=jsonable(value))
    if kind == "choice":
        values = list(entry.get("values", ()))
        if not any(_same(value, v) for v in values):
            raise SettingsError(f"option {name} must be one of {', '.join(map(_text, values))}, not {value!r}",
                                "settings.option_value", name=name, value=jsonable(value), values=values)
        return value
    low, high = entry.get("min"), entry.get("max")
    if kind == "area":
        if value is None:
            return None
        if from_settings and isinstance(value, str):
            sides = value.lower().split("x")
            if len(sides) != 2 or not all(side.isdigit() for side in sides):
                raise SettingsError(f"option {name} must be like 5x7, not {value!r}", "settings.option_value",
                                    name=name, value=value)
            value = [int(side) for side in sides]
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)
                and all((low is None or v >= low) and (high is None or v <= high) for v in value)):
            raise SettingsError(f"option {name} must be [a, b] with sides {low}..{high}, or null for unbounded",
                                "settings.option_value", name=name, value=jsonable(value), min=low, max=high)
        return sorted(value)
    if kind == "int":
        if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
            raise SettingsError(f"option {name} must be a whole number from {low} to {high}",
                                "settings.option_value", name=name, value=jsonable(value), min=low, max=high)
        return value
    raise SettingsError(f"option {name} has a type no checker knows: {kind!r}", "settings.options",
                        detail=f"unknown type {kind!r}")


def check(schema, options, game="", from_settings=False):
    """The options given, each checked against its declaration and in its type.

    ``None`` is no options. ``from_settings``: new-game settings (an address, the
    dialog): values as check_value takes them there, and an option whose ``when``
    the other options given contradict is left out (a dialog sends every field).
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise SettingsError("options must be an object", "settings.options", detail="not an object")
    declared = {entry["name"]: entry for entry in schema}
    checked = {}
    for name, value in options.items():
        entry = declared.get(name)
        if entry is None:
            raise SettingsError(f"{game or 'the game'} has no option {name!r}", "settings.unknown_option",
                                name=jsonable(name), known=sorted(declared))
        checked[name] = check_value(entry, value, from_settings)
    if from_settings:
        checked = {name: value for name, value in checked.items() if applies(declared[name], checked)}
    return checked


def confirm(schema, options, given):
    """The complete ``options`` (after the game's check_options) keep to the schema's
    ``when`` and ``value_when``: an option given outside its ``when`` has the value the
    game gives it there, and each choice's value may be chosen. SettingsError if not."""
    for entry in schema:
        name = entry["name"]
        if name in given and not applies(entry, options):
            conditions = {other: wanted for other, wanted in entry["when"].items()
                          if not holds({other: wanted}, options)}
            where = _conditions_text(conditions)
            if name not in options:
                raise _combination(f"option {name} is chosen only with {where}")
            if not _same(given[name], options[name]):
                raise _combination(f"option {name} is {_text(options[name])} here (it is chosen only with "
                                   f"{where}), not {_text(given[name])}")
        if entry.get("type") == "choice" and name in options and not value_applies(entry, options[name], options):
            needed = wanted_values(entry["value_when"][options[name]])
            where = " or ".join(_conditions_text(conditions) for conditions in needed)
            raise _combination(f"option {name} {_text(options[name])} needs {where}")


def _combination(message):
    return SettingsError(message, "settings.options", detail=message)
