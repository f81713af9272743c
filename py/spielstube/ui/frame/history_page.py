"""The history page (``#history``, MicroPython): asks the host for the games kept on
this device a page at a time, filters them by game, deletes one (asked first), saves
and loads a backup, and asks the browser to keep the storage for good. The markup is
common/history_page.py's; replaying an entry is replaying.py's (``#<game>/replay/<id>``).
"""

import json

import js

from ..common import bridge, history_page
from . import learning

ROOT_ID = "history-screen"
BACKUP_NAME = "spielstube-history.json"
# Entries asked for at a time: a page of them is drawn in one task (docs/benchmarks.md).
PAGE = 25


def local_time(lang, iso):
    """An entry's time in the page's language ``lang`` and the device's time zone (the
    list's rows and a replay's heading)."""
    try:
        return str(js.Date.new(iso).toLocaleString(lang, bridge.js_object(
            '{"dateStyle": "medium", "timeStyle": "short"}')))
    except Exception:  # noqa: BLE001 (a browser without these options: the plain time)
        return history_page.iso_minutes(iso)


class HistoryPage:
    def __init__(self, frame, frame_input):
        self.frame = frame
        self.root = bridge.by_id(ROOT_ID)
        self.installed = False
        self.filter = None
        self.entries = []
        self.total = 0
        self.stats = None  # core/history_stats.py's counts over every kept game, from the host
        self.asking = None  # the entry whose deletion is asked about
        self.messages = []
        self.loading = True
        self.persisted = None  # what navigator.storage.persist() answered, once asked
        self.rows = {}  # (id, updated, asked about, language) -> an entry's markup drawn

    def open(self, pairs):
        if not self.installed and self.root is not None:
            bridge.listen(self.root, "click", self.on_click)
            bridge.listen(self.root, "change", self.on_change)
            self.installed = True
        self.messages, self.asking, self.loading, self.entries = [], None, True, []
        self.ask(0)
        self.persist()
        self.draw()

    def t(self, key, **params):
        return self.frame.t(key, **params)

    def say(self, text):
        """A message over the list: only its place is drawn again."""
        self.messages.append(text)
        place = bridge.query("[data-history-messages]", self.root) if self.root is not None else None
        if place is None:
            self.draw()
        else:
            bridge.set_html(place, history_page.messages_markup(self.messages))

    def ask(self, start):
        """A page of entries from ``start`` (0: the list anew)."""
        def answered(message):
            if message.get("type") != "history" or message.get("filter") != self.filter:
                return
            entries = message.get("entries") or []
            self.entries = entries if start == 0 else self.entries + entries
            self.total = message.get("total") or 0
            self.stats = message.get("stats")
            self.loading = False
            if message.get("dropped"):
                self.messages.append(self.t("history.dropped", n=message["dropped"]))
            if message.get("failed"):
                self.messages.append(self.t("history.no_storage", detail=message["failed"]))
            self.draw()
        self.frame.send("history", {"filter": self.filter, "start": start, "count": PAGE}, answered, versioned=False)

    def persist(self):
        """Asks the browser to keep this site's storage for good; says what it answered."""
        try:
            storage = js.navigator.storage
            if bridge.missing(storage) or bridge.missing(storage.persist):
                return
        except AttributeError:  # a browser without the storage manager (an old one, a plain http origin)
            return

        def answered(*args):
            granted = bool(args[0]) if args else False
            self.persisted = granted
            text = self.t("history.persisted" if granted else "history.not_persisted")
            if text not in self.messages:
                self.say(text)
        storage.persist().then(bridge.proxy(answered))

    def when(self, iso):
        return local_time(self.frame.texts.lang, iso)

    def draw(self):
        if self.root is None:
            return
        state = {"entries": self.entries, "total": self.total, "filter": self.filter, "asking": self.asking,
                 "messages": self.messages, "loading": self.loading, "stats": self.stats}
        bridge.set_html(self.root, history_page.page_markup(self.frame.texts, state, self.when, self.row))

    def row(self, entry, asking):
        key = (entry.get("id"), entry.get("updated"), asking, self.frame.texts.lang)
        markup = self.rows.get(key)
        if markup is None:
            markup = self.rows[key] = history_page.entry_markup(self.frame.texts, entry, self.when, asking)
        return markup

    # -- events -------------------------------------------------------------------
    def on_click(self, event):
        target = bridge.closest(event.target, "[data-action]")
        if target is None:
            return
        action = bridge.data(target, "action")
        ident = bridge.data(target, "entry")
        if action == "delete-history-entry":
            self.asking = ident
            self.draw()
            button = bridge.query('[data-action="keep-history-entry"]', self.root)
            if button is not None:
                button.focus()
        elif action == "keep-history-entry":
            self.asking = None
            self.draw()
        elif action == "confirm-delete-history-entry":
            self.delete(ident)
        elif action == "more-history":
            self.ask(len(self.entries))
        elif action == "export-history":
            self.export()
        elif action == "import-history":
            chooser = bridge.query("[data-history-file]", self.root)
            if chooser is not None:
                chooser.value = ""
                chooser.click()

    def on_change(self, event):
        target = event.target
        if bridge.data(target, "history-filter") is not None:
            value = str(target.value)
            self.filter = value or None
            self.loading, self.asking = True, None
            self.ask(0)
            self.draw()
        elif bridge.data(target, "history-file") is not None:
            files = target.files
            if files.length:
                def read(*args):  # not a lambda: MicroPython calls a proxied one with extra arguments
                    self.load_backup(str(args[0]))
                files.item(0).text().then(bridge.proxy(read))

    def delete(self, ident):
        def answered(message):
            if message.get("type") == "history-deleted" and message.get("deleted"):
                self.entries = [e for e in self.entries if e.get("id") != ident]
                self.total = max(0, self.total - 1)
                self.asking = None
                self.messages.append(self.t("history.deleted"))
                self.draw()
        self.frame.send("history-delete", {"entry": ident}, answered, versioned=False)

    def export(self):
        def answered(message):
            if message.get("type") != "history-export":
                return
            bridge.download(BACKUP_NAME, message.get("text") or "")
            self.say(self.t("history.exported", n=message.get("count") or 0))
        lessons = json.loads(self.frame.progress.text())
        self.frame.send("history-export", {"lessons": lessons}, answered, versioned=False)
        self.persist()

    def load_backup(self, text):
        """A backup file chosen: the host checks all of it before it writes anything."""
        frame = self.frame

        def answered(message):
            if message.get("type") == "history-imported":
                if frame.progress.merge(json.dumps(message.get("lessons") or {})):
                    learning.keep_progress(frame)
                self.messages = [self.t("history.imported", added=message.get("added") or 0,
                                        known=message.get("known") or 0)]
                self.ask(0)
            elif message.get("type") == "error":
                reason = frame.texts.reason(message.get("code"), message.get("params"), message.get("message", ""))
                self.say(self.t("history.refused", reason=reason))
        frame.send("history-import", {"text": text}, answered, versioned=False)
