"""German and English texts for the frame, from static/i18n.json's table.

Pure (no browser): the frame hands in the table it fetched. Reason codes of
refused intents are translated as ``reason.<code>`` with their parameters;
English sentences are never parsed.
"""

LANGUAGES = ("de", "en")


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
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text  # a text that names a parameter the sender left out

    def reason(self, code, params=None, message=""):
        """A refusal in words: ``reason.<code>``, else the host's own sentence."""
        entry = self.table.get("reason." + str(code))
        if entry:
            text = entry.get(self.lang) or entry.get("en") or ""
            try:
                return text.format(**_text_params(params))
            except (KeyError, IndexError, ValueError):
                pass  # the host left out a parameter this text names: its own sentence then
        return message or self.t("reason.unknown", code=code)

    def status(self, status):
        """A view's ``{"key", "params"}`` status line."""
        if not status:
            return ""
        return self.t(status.get("key", ""), **_text_params(status.get("params")))


def _text_params(params):
    """Parameters as format() takes them: string keys, lists joined."""
    out = {}
    for key, value in (params or {}).items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        out[str(key)] = value
    return out
