"""German and English texts for the frame, from static/i18n.json's table.

Pure (no browser): the frame hands in the table it fetched. Reason codes of
refused intents are translated as ``reason.<code>`` with their parameters;
English sentences are never parsed. Whole numbers of four digits or more
are grouped as each language writes them (1,000 / 1.000).
"""

LANGUAGES = ("de", "en")
THOUSANDS = {"de": ".", "en": ","}


class Texts:
    def __init__(self, table, lang):
        self.table = table or {}
        self.lang = lang if lang in LANGUAGES else "en"

    def has(self, key):
        return key in self.table

    def t(self, text_key, **params):
        entry = self.table.get(text_key)
        if not entry:
            return text_key
        text = entry.get(self.lang) or entry.get("en") or text_key
        if not params:
            return text
        try:
            return text.format(**_text_params(params, self.lang))
        except (KeyError, IndexError, ValueError):
            return text  # a text that names a parameter the sender left out

    def reason(self, code, params=None, message=""):
        """A refusal in words: ``reason.<code>``, else the host's own sentence."""
        entry = self.table.get("reason." + str(code))
        if entry:
            text = entry.get(self.lang) or entry.get("en") or ""
            try:
                return text.format(**_text_params(params, self.lang))
            except (KeyError, IndexError, ValueError):
                pass  # the host left out a parameter this text names: its own sentence then
        return message or self.t("reason.unknown", code=code)

    def status(self, status):
        """A view's ``{"key", "params"}`` status line."""
        if not status:
            return ""
        return self.t(status.get("key", ""), **_text_params(status.get("params"), self.lang))


def _text_params(params, lang):
    """Parameters as format() takes them: string keys, lists joined, numbers grouped
    (not inside a list, where "1,000, 7" would read as three numbers)."""
    out = {}
    for key, value in (params or {}).items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        out[str(key)] = _shown(value, lang)
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
