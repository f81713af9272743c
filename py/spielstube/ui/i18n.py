"""German and English from one table (static/i18n.json, shared with boot.js)."""

import json

import js

from . import dom

LANGUAGES = ("de", "en")


class Texts:
    def __init__(self, table, lang):
        self.table = table
        self.lang = lang if lang in LANGUAGES else "en"

    def t(self, key, **values):
        entry = self.table.get(key)
        if entry is None:
            return key
        text = entry.get(self.lang) or entry.get("en") or key
        return text.format(**values) if values else text

    def apply(self, root=None):
        """Fills every [data-i18n] element below root in the current language."""
        js.document.documentElement.lang = self.lang
        for element in dom.query_all("[data-i18n]", root):
            element.textContent = self.t(element.dataset.i18n)
        for element in dom.query_all("[data-i18n-title]", root):
            element.title = self.t(element.dataset.i18nTitle)


async def load_texts():
    table = await js.window.spielstubeTexts
    table = json.loads(js.JSON.stringify(table))
    lang = str(js.window.spielstubeBoot.lang)
    return Texts(table, lang)
