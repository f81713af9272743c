"""URL settings: ``#heptalion?players=2&seats=human,ai:easy&first=0&board=random``.

Parsed against the game's option schema (from the host's view), so the page
repeats no option list. A bad value gives an error (i18n key and params) that
the frame shows before it opens the new-game dialog. Pure; runs on MicroPython.
"""

from .lessons import GAMES as LEARNING

SEAT_KEYS = ("players", "seats", "first")
# Pages of a game besides its rules: ``#heptalion/workshop?board=<code>``.
SUBPAGES = {"heptalion": ("workshop",)}
HISTORY = "history"


class SettingsError(Exception):
    def __init__(self, text_key, **params):
        super().__init__(text_key)
        self.key = text_key
        self.params = params


def split_hash(hash_text):
    """``#game?a=1&b=2`` -> ("game", {"a": "1", "b": "2"}); the query is None without "?"."""
    text = (hash_text or "").lstrip("#")
    if "?" not in text:
        return text, None
    game, query = text.split("?", 1)
    pairs = {}
    for part in query.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        pairs[unquote(key)] = unquote(value)
    return game, pairs


def route_of(hash_text, games):
    """index.html's address -> (page, game, pairs): ``#`` the landing page,
    ``#g`` / ``#g?a=1`` a game (pairs None without "?"), ``#g/rules`` its rules,
    ``#heptalion/workshop`` (with pairs) the board workshop, ``#g/learn`` its first
    lesson not yet done and ``#g/learn/<n>`` lesson n ("learn", g, the text of n or None);
    ``#history`` the games played here ("history", None, pairs), ``#g/replay/<id>`` one of
    them replayed ("replay", g, id);
    anything else ("unknown", the text, None)."""
    path, pairs = split_hash(hash_text)
    name, _, sub = path.partition("/")
    if not name and pairs is None:
        return "landing", None, None
    if name == HISTORY and not sub:
        return HISTORY, None, pairs  # the games played on this device
    if name in games and sub.startswith("replay/") and len(sub) > len("replay/") and pairs is None:
        return "replay", name, sub[len("replay/"):]  # a game of the history replayed
    if name in games and not sub:
        return "game", name, pairs
    if name in games and sub == "rules" and pairs is None:
        return "rules", name, None
    if name in LEARNING and name in games and pairs is None and (sub == "learn" or sub.startswith("learn/")):
        return "learn", name, sub[len("learn/"):] if sub.startswith("learn/") else None
    if sub in SUBPAGES.get(name, ()):
        return sub, name, pairs  # a page of its own (Heptalion's board workshop)
    return "unknown", (hash_text or "").lstrip("#"), None


def unquote(text):
    """Percent-decoding for the few characters URL settings use (no urllib on mpy)."""
    text = text.replace("+", " ")
    out = bytearray()
    i = 0
    raw = text.encode()
    while i < len(raw):
        if raw[i] == 37 and _is_hex(raw[i + 1:i + 3]):  # %xx
            out.append(int(raw[i + 1:i + 3].decode(), 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode()


def _is_hex(pair):
    return len(pair) == 2 and all(c in b"0123456789abcdefABCDEF" for c in pair)


def _players_field(schema):
    for field in schema:
        if field.get("name") == "players":
            return field
    return None


def parse_settings(pairs, schema, levels, defaults=None):
    """Query pairs -> host settings ``{"players", "seats", "first", "options"}``.

    ``defaults`` (the current game's settings) fill what the URL leaves out.
    Raises SettingsError naming the key and the bad value.
    """
    defaults = defaults or {}
    by_name = {}
    for field in schema:
        by_name[field["name"]] = field
    options = dict(defaults.get("options") or {})
    for key, value in pairs.items():
        if key in SEAT_KEYS:
            continue
        field = by_name.get(key)
        if field is None:
            raise SettingsError("url.unknown_key", key=key)
        options[key] = option_value(field, value)
    players_field = _players_field(schema) or {"name": "players", "type": "int", "min": 2, "max": 2}
    if "seats" in pairs:
        seats = [s.strip() for s in pairs["seats"].split(",")]
        players = len(seats)
    else:
        seats = list(defaults.get("seats") or [])
        players = defaults.get("players") or players_field.get("default") or len(seats) or 2
    if "players" in pairs:
        players = option_value(players_field, pairs["players"])
    for seat in seats:
        if seat != "human" and not (seat.startswith("ai:") and seat[3:] in levels):
            raise SettingsError("url.bad_seat", value=seat, levels=", ".join(levels))
    if "seats" not in pairs:
        # Fewer or more players than now: persons stay, new seats copy the last one.
        seats = seats[:players]
        while len(seats) < players:
            seats.append(seats[-1] if len(seats) > 1 else ("ai:" + levels[len(levels) // 2]
                                                            if seats else "human"))
    if len(seats) != players:
        raise SettingsError("url.seats_count", players=players, seats=len(seats))
    if "players" in by_name:
        options["players"] = players
    first = defaults.get("first", 0)
    if first != "random" and not (isinstance(first, int) and 0 <= first < players):
        first = 0
    if "first" in pairs:
        first = pairs["first"]
        if first != "random":
            if not first.isdigit() or int(first) >= players:
                raise SettingsError("url.bad_value", key="first", value=first)
            first = int(first)
    return {"players": players, "seats": seats, "first": first, "options": options}


def option_value(field, text):
    """One URL value as the schema types it: choice, bool (0/1), int in range, area (5x7)."""
    kind = field.get("type")
    name = field.get("name")
    if kind == "bool":
        if text not in ("0", "1"):
            raise SettingsError("url.bad_bool", key=name, value=text)
        return text == "1"
    if kind == "int":
        if not text.isdigit():
            raise SettingsError("url.bad_value", key=name, value=text)
        value = int(text)
        low = field.get("min", value)
        high = field.get("max", value)
        if not low <= value <= high:
            raise SettingsError("url.out_of_range", key=name, value=text, min=low, max=high)
        return value
    if kind == "choice":
        values = field.get("values") or []
        for value in values:
            if str(value) == text:  # the declared value keeps its type (Topologic: seekers 3, 4, 5)
                return value
        raise SettingsError("url.bad_choice", key=name, value=text, values=", ".join(str(v) for v in values))
    if kind == "area":
        rows, _, cols = text.partition("x")
        if not (rows.isdigit() and cols.isdigit()):
            raise SettingsError("url.bad_value", key=name, value=text)
        return text
    return text
