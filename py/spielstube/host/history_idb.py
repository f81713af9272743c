"""The history's backend in the worker: IndexedDB through static/history-store.js
(``self.spielstubeHistory``, handed in by worker_entry: no other host module touches js). Writes and deletes are sent and not waited for; a write
that fails comes back as the intent ``history-stored``, a read's records as
``history-read`` (host/history_intents.py)."""

import json


class IdbBackend:
    def __init__(self, store):
        """``store``: the worker's ``self.spielstubeHistory`` (worker_entry hands it in)."""
        self.store = store
        failed = str(self.store.failed or "")  # "" when it opened
        self.failed = failed or None

    def load_entries(self):
        try:
            entries = json.loads(str(self.store.entries))
        except ValueError:
            return []
        return entries if isinstance(entries, list) else []

    def load_dropped(self):
        dropped = getattr(self.store, "dropped", 0)
        return dropped if isinstance(dropped, int) and dropped > 0 else 0

    def save_dropped(self, count):
        self.store.setDropped(count)

    def put(self, entry, record_text):
        self.store.put(entry["id"], json.dumps(entry, ensure_ascii=False), record_text)
        return None  # known later: a failure comes as history-stored

    def delete(self, ids):
        self.store.remove(json.dumps(list(ids)))

    def read(self, ids, request):
        self.store.read(request, json.dumps(list(ids)))
        return None
