"""The history of games played on this device (docs/records.md, "History").

Every game the host plays (never a lesson, never a replay) is kept as two
things apart: its entry (core/history_entry.py, a small index row) and its
record (JSON text, up to ~84 KB at the move cap). The entries are all held in
memory, read once when the host starts; a list of games pages through them
and never parses a record. Records are read only for a replay or an export.

Writing is per game, after each change of it (``note``): its entry and its
record, nothing else. The backend does the storing: ``MemoryBackend`` here
(CPython, tests) or the worker's IndexedDB (host/history_idb.py over
static/history-store.js), whose answers come later as intents
(``history-stored``, ``history-read``). A write refused for a full storage
drops the oldest entries first (never a game held by the host: the game in
play) and is tried again. The page is told how many went: at once beside the game
whose write made room, else by the next list (``dropped``, kept by the backend until
told, so a reload does not lose it).
"""

import json
import random
import time

from ..core import history_stats
from ..core.history_entry import HistoryError, check
from ..core.limits import MAX_DEPTH, nesting_depth

PAGE = 50
FORMAT = "spielstube-history/1"
MAX_BACKUP_CHARS = 200_000_000  # 500 games at the move cap are ~42 MB


class StorageFull(Exception):
    """The backend refused a write for want of space."""


class MemoryBackend:
    """Entries and records in dicts; ``limit``: the bytes of record text it holds at most
    (a full storage, for tests). Reads answer at once."""

    def __init__(self, limit=None):
        self.entries = {}
        self.records = {}
        self.limit = limit
        self.writes = 0  # entries and records written (tests count them)
        self.dropped = 0  # entries dropped for space that no page was told of yet

    def load_dropped(self):
        return self.dropped

    def save_dropped(self, count):
        self.dropped = count

    def load_entries(self):
        return [json.loads(text) for text in self.entries.values()]

    def put(self, entry, record_text):
        """Stores one game; False when the storage is full (nothing written)."""
        used = sum(len(text) for key, text in self.records.items() if key != entry["id"])
        if self.limit is not None and used + len(record_text) > self.limit:
            return False
        self.entries[entry["id"]] = json.dumps(entry)
        self.records[entry["id"]] = record_text
        self.writes += 1
        return True

    def delete(self, ids):
        for ident in ids:
            self.entries.pop(ident, None)
            self.records.pop(ident, None)

    def read(self, ids, request):
        """The records of ``ids`` (id -> text or None) now; a backend that reads later
        returns None and answers with the intent ``history-read`` naming ``request``."""
        return {ident: self.records.get(ident) for ident in ids}


def utc_now(clock=time.time):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock()))


def new_id(clock=time.time):
    """Unique per game on a device: the time in ms and 48 random bits."""
    return "%x-%012x" % (int(clock() * 1000), random.SystemRandom().getrandbits(48))


def entry_of(session, ident, origin, started, updated):
    """The history entry of a game (a core.session.Session) now; the game named as the
    history groups it (``GameRules.history_game``)."""
    rules, state = session.rules, session.state
    seats = []
    for spec in session.seats:
        level = spec[3:] if spec.startswith("ai:") else None
        seats.append({"kind": "person" if level is None else "computer", "level": level})
    places = rules.places(state)
    return {"id": ident, "game": rules.history_game, "started": started, "updated": max(updated, started),
            "seats": seats, "finished": places is not None, "places": places, "origin": origin,
            "watched": all(seat["kind"] == "computer" for seat in seats),
            "aids": session.aids_json() or {}, "moves": len(session.moves),
            "extra": rules.history_extra(state)}


def stats_line(history, slot):
    """What the game-over panel says of ``slot``'s finished game against this level:
    {"key": "<game>/<level>", "with_help": bool, "stats": {key: its counts}}, or None
    when the game does not count (core/history_stats.py)."""
    entry = history.entries.get((slot.history or {}).get("id"))
    key = history_stats.key_of(entry)
    if key is None:
        return None
    counts = history_stats.stats([e for e in history.entries.values() if history_stats.key_of(e) == key])
    return {"key": key, "with_help": history_stats.helped(entry), "stats": counts}


class History:
    """The store: entries in memory (id -> entry), the backend behind them."""

    def __init__(self, backend=None, clock=time.time, entries=None):
        self.backend = backend if backend is not None else MemoryBackend()
        self.clock = clock
        self.entries = {}
        self.dropped = 0  # entries dropped for space that no page was told of yet (kept by the backend)
        self.forgotten = set()  # ids deleted by the person: a game still held is not written again
        self.waiting = {}  # request -> what to do with the records read
        self.next_request = 1
        self.failed = None  # why the storage could not be opened, if it could not
        self.held = lambda: set()  # the ids of the games the host holds (never dropped)
        for entry in self.backend.load_entries() if entries is None else entries:
            try:
                self.entries[entry["id"]] = check(entry)
            except (HistoryError, TypeError, KeyError):
                continue  # a damaged row is left out of the list, never a reason to fail
        self.dropped = self.backend.load_dropped()

    # -- writing ----------------------------------------------------------------------
    def note(self, slot, record_text):
        """A game changed: its entry and record written (a game of no moves is not kept)."""
        mark = slot.history
        if mark is None or record_text is None or mark["id"] in self.forgotten:
            return
        session = slot.session
        if not session.moves and mark["id"] not in self.entries:
            return
        entry = entry_of(session, mark["id"], mark["origin"], mark["started"], utc_now(self.clock))
        self.write(entry, record_text)

    def write(self, entry, record_text):
        self.entries[entry["id"]] = entry
        while self.backend.put(entry, record_text) is False:
            if not self.make_room(entry["id"]):
                return False
        return True

    def make_room(self, keep):
        """Drops the oldest entry that is neither ``keep`` nor a game held; False if none."""
        spare = self.held() | {keep}
        oldest = sorted((e for e in self.entries.values() if e["id"] not in spare),
                        key=lambda e: (e["updated"], e["id"]))
        if not oldest:
            return False
        self.entries.pop(oldest[0]["id"])
        self.backend.delete([oldest[0]["id"]])
        self.dropped += 1
        self.backend.save_dropped(self.dropped)
        return True

    def stored(self, ident, ok, record_text=None):
        """The backend's later answer to a write (``history-stored``): a full storage makes
        room and the write is tried again with the record it sends back."""
        if ok or ident not in self.entries or record_text is None:
            return
        if self.make_room(ident):
            self.write(self.entries[ident], record_text)

    def delete(self, ident):
        if ident not in self.entries:
            return False
        del self.entries[ident]
        self.forgotten.add(ident)
        self.backend.delete([ident])
        return True

    # -- reading ----------------------------------------------------------------------
    def page(self, game=None, start=0, count=PAGE):
        """(entries newest first from ``start``, how many there are) of ``game`` (None: all)."""
        chosen = [e for e in self.entries.values() if game is None or e["game"] == game]
        chosen.sort(key=lambda e: (e["updated"], e["started"], e["id"]), reverse=True)
        return chosen[start:start + count], len(chosen)

    def take_dropped(self):
        """How many entries a full storage dropped since a page was last told (then 0)."""
        dropped, self.dropped = self.dropped, 0
        if dropped:
            self.backend.save_dropped(0)
        return dropped

    def read(self, ids, then):
        """``then(records)`` with id -> record text (None: not stored) once they are read:
        now (its messages returned) or when the backend's ``history-read`` comes ([] now)."""
        request = self.next_request
        self.next_request += 1
        self.waiting[request] = then
        records = self.backend.read(list(ids), request)
        if records is not None:
            return self.were_read(request, records)
        return []

    def were_read(self, request, records):
        """The backend's ``history-read``: the messages of what waited for it."""
        then = self.waiting.pop(request, None)
        return [] if then is None else then(records if isinstance(records, dict) else {})

    # -- backup -----------------------------------------------------------------------
    def export_text(self, entries, records, lessons, now):
        """The backup file: each of ``entries`` (as they were when their records were asked
        for: a game played on meanwhile is written as it was then) with its record (one
        without a stored record is left out), and the lesson progress the page keeps."""
        items = []
        for entry in entries:
            text = records.get(entry["id"])
            if text is not None:
                items.append({"entry": entry, "record": json.loads(text)})
        return json.dumps({"format": FORMAT, "exported": now, "entries": items,
                           "lessons": lessons if isinstance(lessons, dict) else {}}, ensure_ascii=False)


def parse_backup(text, check_record):
    """(items [(entry, record text)], lessons) of a backup file; HistoryError for a foreign
    or damaged one. ``check_record(entry, record)`` raises for a record that does not replay
    or does not fit its entry. Nothing is written here."""
    if not isinstance(text, str) or len(text) > MAX_BACKUP_CHARS:
        raise HistoryError("the file is no text or too large")
    if nesting_depth(text) > MAX_DEPTH:
        raise HistoryError(f"the file is nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise HistoryError(f"the file is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError(f'the file is not a Spielstube history (format "{FORMAT}")')
    items = data.get("entries")
    lessons = data.get("lessons", {})
    if not isinstance(items, list) or not isinstance(lessons, dict):
        raise HistoryError("entries must be a list, lessons an object")
    out = []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or set(item) != {"entry", "record"}:
            raise HistoryError(f"entry {index + 1} must hold an entry and its record")
        try:
            entry = check(item["entry"])
            check_record(entry, item["record"])
        except HistoryError as exc:
            raise HistoryError(f"entry {index + 1}: {exc}") from None
        out.append((entry, json.dumps(item["record"], ensure_ascii=False)))
    return out, lessons


def kept_mark(data):
    """A save's ``history`` ({"id", "origin", "started"}) if it is one, else None."""
    from ..core.history_entry import ID_FORM, ISO_UTC, MAX_ID, ORIGINS
    if not isinstance(data, dict):
        return None
    ident, origin, started = data.get("id"), data.get("origin"), data.get("started")
    if not (isinstance(ident, str) and 0 < len(ident) <= MAX_ID and ID_FORM.match(ident)):
        return None
    if origin not in ORIGINS or not isinstance(started, str) or not ISO_UTC.match(started):
        return None
    return {"id": ident, "origin": origin, "started": started}
