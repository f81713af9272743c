"""German and English texts for the frame, from static/i18n.json's table.

Pure (no browser): the frame hands in the table it fetched. Reason codes of
refused intents are translated as ``reason.<code>`` with their parameters;
English sentences are never parsed. Whole numbers of four digits or more
are grouped as each language writes them (1,000 / 1.000).

An entry is ``{"de": ..., "en": ..., "params": {name: kind}}`` (the kinds:
tools/build/merge_i18n.py). ``{n}`` is a parameter; ``{n|one|other}`` or
``{n|zero|one|other}`` the form a count asks for, ``#`` in it the number
("{n|# tile|# tiles}"). An entry whose parameter of kind ``seat`` can name
the person playing alone has ``"you": {"de": ..., "en": ...}``, the sentence
said to them ("You are seeking", "Du suchst"), used when that seat's name is
the text ``you``.
"""

LANGUAGES = ("de", "en")
THOUSANDS = {"de": ".", "en": ","}


# Texts kept once made (a board names every field on every redraw: on MicroPython most of
# a watched game's redraw went into the same sentences again); emptied when this many.
MADE_MAX = 5000


class Texts:
    def __init__(self, table, lang):
        self.table = table or {}
        self.lang = lang if lang in LANGUAGES else "en"
        self._made = {}
        self._made_from = self.table

    def has(self, key):
        return key in self.table

    def _text(self, entry, fallback):
        return entry.get(self.lang) or entry.get("en") or fallback

    def _sentence(self, entry, params):
        """The entry's text, or its "you" form when a seat it names is the person playing alone."""
        you = entry.get("you")
        if you and params:
            name = self.t("you")
            for param, kind in (entry.get("params") or {}).items():
                if kind == "seat" and params.get(param) == name:
                    return self._text(you, "")
        return self._text(entry, "")

    def t(self, text_key, **params):
        if self._made_from is not self.table or len(self._made) >= MADE_MAX:
            self._made, self._made_from = {}, self.table  # another table (the page's, once read)
        try:
            key = (self.lang, text_key, tuple(sorted((k, type(v), v) for k, v in params.items())))
            hash(key)
        except TypeError:  # a list among the parameters: made each time
            return self._make(text_key, params)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._make(text_key, params)
        return made

    def _make(self, text_key, params):
        entry = self.table.get(text_key)
        if not entry:
            return text_key
        text = self._sentence(entry, params) or text_key
        if not params:
            return text
        try:
            return fill(text, _text_params(params, self.lang))
        except (KeyError, IndexError, ValueError):
            return text  # a text that names a parameter the sender left out

    def reason(self, code, params=None, message=""):
        """A refusal in words: ``reason.<code>``, else the host's own sentence."""
        entry = self.table.get("reason." + str(code))
        if entry:
            text = self._sentence(entry, params or {})
            try:
                return fill(text, _text_params(params, self.lang))
            except (KeyError, IndexError, ValueError):
                pass  # the host left out a parameter this text names: its own sentence then
        return message or self.t("reason.unknown", code=code)

    def status(self, status):
        """A view's ``{"key", "params"}`` status line."""
        if not status:
            return ""
        return self.t(status.get("key", ""), **(status.get("params") or {}))


def form(forms, value):
    """The form of ``forms`` (one, other; or zero, one, other) a count asks for."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0 and len(forms) > 2:
            return forms[0]
        if value == 1:
            return forms[-2]
    return forms[-1]


def fill(text, params):
    """``text`` with its parameters and count forms filled in; KeyError if one is missing."""
    out = []
    at = 0
    while True:
        start = text.find("{", at)
        end = text.find("}", start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            out.append(text[at:])
            return "".join(out)
        out.append(text[at:start])
        parts = text[start + 1:end].split("|")
        shown = params[parts[0]]
        if len(parts) == 1:
            out.append(str(shown))
        else:
            raw = params.get("#" + parts[0], shown)
            out.append(form(parts[1:], raw).replace("#", str(shown)))
        at = end + 1


def _text_params(params, lang):
    """Parameters as they are shown: string keys, lists joined, numbers grouped
    (not inside a list, where "1,000, 7" would read as three numbers); "#name"
    keeps a grouped number's value for its count forms."""
    out = {}
    for key, value in (params or {}).items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        shown = _shown(value, lang)
        out[str(key)] = shown
        if shown is not value:
            out["#" + str(key)] = value
    return out


def _shown(value, lang):
    """An int of four digits or more with its thousands grouped; anything else as it is.

    By hand: MicroPython's format() has no "," option."""
    if not isinstance(value, int) or isinstance(value, bool) or -1000 < value < 1000:
        return value
    digits = str(abs(value))
    groups = []
    while digits:
        groups.append(digits[-3:])
        digits = digits[:-3]
    return ("-" if value < 0 else "") + THOUSANDS.get(lang, ",").join(reversed(groups))
