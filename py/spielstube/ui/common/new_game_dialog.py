"""The new-game dialog, built from the option schema the game declares
(``view.schema``); ui/ repeats no option list. Seats and who starts are the
frame's own fields. Pure: markup in, form values (a dict) out.
"""

from .widgets import esc

# Computer levels offered when the host's view names none (``view.levels``).
DEFAULT_LEVELS = ("easy", "normal", "strong")


def levels_of(view):
    return list((view or {}).get("levels") or DEFAULT_LEVELS)


def _players_range(schema, fixed=2):
    """The players the dialog may choose; ``fixed`` when the game has no players option
    (the Heptalion puzzle is for one)."""
    for field in schema:
        if field.get("name") == "players":
            return field.get("min", 2), field.get("max", 2)
    return fixed, fixed


def _label(texts, field):
    return texts.t(field.get("label") or "option." + field["name"])


def _label_key(field):
    return field.get("label") or "option." + field["name"]


def _value_label(texts, field, value, options=None):
    key = _label_key(field) + "." + str(value)
    label = texts.t(key) if texts.has(key) else str(value)
    size = _sizes(field, options or {}).get(value)
    return label + (f" ({size[0]} × {size[1]})" if size else "")


def _sizes(field, options):
    """A choice's sizes where the schema declares them (Schlangennest's nests by players):
    the first table whose ``when`` holds."""
    for table in field.get("sizes") or []:
        if _applies(table, options):
            return table.get("sizes") or {}
    return {}


def _about(texts, key):
    """The one-line explanation of an option or value (text ``<label>.about``), or ""."""
    return f'<span class="about">{esc(texts.t(key))}</span>' if texts.has(key) else ""


def _radio(name, value, checked, label, about=""):
    return (f'<label class="choice"><input type="radio" name="{esc(name)}" value="{esc(value)}"'
            f'{" checked" if checked else ""}> {esc(label)}{about}</label>')


def _seat_select(texts, seat, current, levels):
    options = [("human", texts.t("frame.person"))]
    options += [("ai:" + level, texts.t("computer_level", level=texts.t("level_" + level)))
                for level in levels]
    items = "".join(f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(text)}</option>'
                    for v, text in options)
    label = esc(texts.t("frame.player_n", n=seat + 1))
    return (f'<label class="seat-row">{label} <select name="seat-{seat}" data-seat-choice="{seat}">'
            f'{items}</select></label>')


def _offered(field, options):
    """The values of a choice offered under ``options``: ``value_when`` names the
    options a single value needs (Schlangennest's frame needs 2 players), or a
    list of such conditions of which one must hold."""
    conditions = field.get("value_when") or {}
    return [v for v in field.get("values") or [] if _any_applies(conditions.get(v), options)]


def _any_applies(conditions, options):
    alternatives = conditions if isinstance(conditions, list) else [conditions]
    return any(_applies({"when": when}, options) for when in alternatives)


def others_depend_on(schema, name):
    """Whether a field shows only for some values of option ``name`` (the dialog redraws)."""
    return any(name in (field.get("when") or {}) for field in schema)


def area_text(value):
    return f"{value[0]}x{value[1]}" if isinstance(value, (list, tuple)) and len(value) == 2 else ""


def parse_area(text):
    """"6x8" (or "6×8", "6 8") -> [6, 8]; None when it is not two whole numbers."""
    cleaned = str(text).replace("×", "x").replace("*", "x").replace(" ", "x").lower()
    pieces = [p for p in cleaned.split("x") if p]
    if len(pieces) != 2 or not all(p.isdigit() for p in pieces):
        return None
    return [int(pieces[0]), int(pieces[1])]


def _option_field(texts, field, value, options):
    name = field["name"]
    kind = field.get("type")
    about = _about(texts, _label_key(field) + ".about")
    if kind == "area":
        return (f'<label>{esc(_label(texts, field))} <input name="{esc(name)}" value="{esc(area_text(value))}" '
                f'placeholder="6x8" inputmode="numeric" pattern="[0-9]+ *[x×] *[0-9]+">{about}</label>')
    if kind == "bool":
        return (f'<label class="check"><input type="checkbox" name="{esc(name)}" value="1"'
                f'{" checked" if value else ""}> {esc(_label(texts, field))}{about}</label>')
    if kind == "choice":
        radios = "".join(_radio(name, v, v == value, _value_label(texts, field, v, options),
                                _about(texts, _label_key(field) + "." + str(v) + ".about"))
                         for v in _offered(field, options))
        return f'<fieldset><legend>{esc(_label(texts, field))}</legend>{about}{radios}</fieldset>'
    if kind == "int":
        # A whole number typed (the numeric keyboard on a phone); its range said under it,
        # marked when the value is outside it (mark_invalid, input.py).
        return (f'<p class="field" data-field="{esc(name)}"><label>{esc(_label(texts, field))} '
                f'<input name="{esc(name)}" type="text" inputmode="numeric" autocomplete="off" '
                f'value="{esc(value if value is not None else "")}" aria-describedby="range-{esc(name)}"></label> '
                f'<span class="field-range" id="range-{esc(name)}">'
                f'{esc(texts.t("dialog.allowed_range", min=field.get("min", 0), max=field.get("max", 0)))}</span>{about}</p>')
    return (f'<label>{esc(_label(texts, field))} <input name="{esc(name)}" '
            f'value="{esc(value if value is not None else "")}">{about}</label>')


def _forced_field(texts, field, options):
    """An option the others fix (two snakes per player lay their tails first): shown set,
    not to be changed, with why; it sends nothing (the host infers it)."""
    for forced in field.get("forced") or []:
        if _applies(forced, options) and field.get("type") == "bool":
            checked = " checked" if forced.get("value") else ""
            return (f'<label class="check forced"><input type="checkbox" disabled{checked}> '
                    f'{esc(_label(texts, field))}{_about(texts, forced.get("why") or "")}</label>')
    return ""


def _levels_about(texts, game, levels):
    """What each computer level does and roughly how strong it is, in this game."""
    items = []
    for level in levels:
        key = "level_about." + str(game) + "." + level
        if texts.has(key):
            items.append(f'<li><strong>{esc(texts.t("level_" + level))}</strong>: {esc(texts.t(key))}</li>')
    note = "level_about." + str(game) + ".note"
    if items and texts.has(note):
        items.append(f'<li>{esc(texts.t(note))}</li>')
    return f'<ul class="levels-about">{"".join(items)}</ul>' if items else ""


def dialog_markup(texts, title, schema, levels, settings, game=None):
    """The dialog's form for ``settings`` (the host's settings shape); ``game`` names the
    game for its own words (who starts, what the levels do)."""
    low, high = _players_range(schema, settings.get("players") or 2)
    players = settings.get("players") or low
    seats = list(settings.get("seats") or [])
    while len(seats) < players:
        seats.append("human" if not seats else "ai:" + levels[len(levels) // 2])
    options = settings.get("options") or {}
    parts = [f'<form method="dialog" class="setup" data-new-game-form><h2>{esc(title)}</h2>']
    if high > low:
        choices = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{n}</option>'
                          for n in range(low, high + 1))
        parts.append(f'<label class="players">{esc(texts.t("option.players"))} '
                     f'<select name="players">{choices}</select></label>')
    else:
        parts.append(f'<input type="hidden" name="players" value="{players}">')
    if players > 1:  # a solitaire has one person and nobody else to start
        parts.append('<fieldset class="seats"><legend>' + esc(texts.t("frame.seats")) + '</legend>'
                     + "".join(_seat_select(texts, s, seats[s], levels) for s in range(players))
                     + _levels_about(texts, game, levels) + '</fieldset>')
        first = settings.get("first", 0)
        radios = [_radio("first", s, first == s, texts.t("frame.player_n", n=s + 1)) for s in range(players)]
        radios.append(_radio("first", "random", first == "random", texts.t("random")))
        starts = "who_starts." + str(game)  # Topologic: who seeks first
        legend = texts.t(starts if texts.has(starts) else "who_starts")
        parts.append(f'<fieldset><legend>{esc(legend)}</legend>{"".join(radios)}</fieldset>')
    for field in schema:
        if field["name"] == "players":
            continue
        if _applies(field, options):
            parts.append(_option_field(texts, field, options.get(field["name"], field.get("default")), options))
        else:
            parts.append(_forced_field(texts, field, options))
    parts.append(
        '<div class="dialog-buttons">'
        f'<button type="button" data-action="cancel-dialog">{esc(texts.t("cancel"))}</button>'
        f'<button type="button" class="primary" data-action="start-game">{esc(texts.t("start"))}</button>'
        '</div></form>')
    return "".join(parts)


def out_of_range(values, schema):
    """The names of the typed whole-number fields in ``values`` (form texts) that hold no
    whole number in their field's range: the dialog marks them and stays open."""
    bad = []
    for field in schema:
        name = field["name"]
        if field.get("type") != "int" or name == "players" or name not in values:
            continue
        try:
            number = int(values[name].strip())
        except ValueError:
            bad.append(name)
            continue
        if number < field.get("min", number) or number > field.get("max", number):
            bad.append(name)
    return bad


def _applies(field, options):
    """A field with ``when: {name: value}`` shows only while those options hold."""
    for name, wanted in (field.get("when") or {}).items():
        have = options.get(name)
        if isinstance(wanted, list) and have not in wanted:
            return False
        if not isinstance(wanted, list) and have != wanted:
            return False
    return True


def _declared(field, text):
    """A choice as the schema declares it (a form gives text; Topologic's seekers are 3, 4, 5)."""
    for value in field.get("values") or []:
        if str(value) == text:
            return value
    return field.get("default")


def settings_from_form(values, schema, levels):
    """Form values (name -> text; checked boxes only) -> host settings."""
    given = values.get("players") or ""
    low, high = _players_range(schema, int(given) if given.isdigit() else 2)
    players = int(values.get("players") or low)
    players = max(low, min(high, players))
    seats = []
    for seat in range(players):
        spec = values.get("seat-" + str(seat)) or ("human" if seat == 0 else "ai:" + levels[0])
        seats.append(spec)
    first = values.get("first", "0")
    first = "random" if first == "random" else min(int(first), players - 1)
    options = {}
    for field in schema:
        name = field["name"]
        kind = field.get("type")
        if name == "players":
            options[name] = players
        elif kind == "bool":
            options[name] = values.get(name) == "1"
        elif kind == "int":
            try:
                options[name] = int(values.get(name))
            except (TypeError, ValueError):
                options[name] = field.get("default")
        elif kind == "choice" and name in values:
            options[name] = _declared(field, values[name])
        elif kind == "area" and name in values:
            area = parse_area(values[name])
            options[name] = area if area is not None else values[name]  # the host says what is wrong
        elif name in values:
            options[name] = values[name]
        else:
            options[name] = field.get("default")
    return {"players": players, "seats": seats, "first": first, "options": options}
