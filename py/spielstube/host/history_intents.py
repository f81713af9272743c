"""The history's intents (docs/host-protocol.md §7, "History"): a page of entries, delete,
replay, play on from a position, export and import; and the storage's own answers
(``history-stored``, ``history-read``) that the worker's IndexedDB glue sends as intents.

An answer that needs records (replay, export) may come after the intent's own turn: the
records are read by the backend, and the answer is posted when they are there.
"""

import json

from ..core.errors import RecordError
from ..core import history_stats
from ..core.history_entry import GAMES, HistoryError
from ..core.record import record_from_dict, replay
from ..core.session import Session
from . import games, history as history_mod, saves
from .refusal import Refusal
from .replays import ReplaySlot
from .slot import GameSlot

MAX_PAGE = 200


def _count(value, default, least=0, most=None):
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or value < least or most is not None and value > most:
        raise Refusal("host.bad_intent", f"{value!r} is not a count from {least}")
    return value


def seat_specs(entry):
    return ["human" if seat["kind"] == "person" else "ai:" + seat["level"] for seat in entry["seats"]]


def check_record(entry, data):
    """HistoryError unless ``data`` replays and is the game ``entry`` says."""
    try:
        record = record_from_dict(data)
        rules = games.rules_for(record.game)
        replayed = replay(record, games.rules_for)
    except RecordError as exc:
        raise HistoryError(f"its record does not replay: {exc}") from None
    if rules.history_game != entry["game"] or len(replayed.moves) != entry["moves"]:
        raise HistoryError("its record is not the game its entry names")
    if len(seat_specs(entry)) != replayed.final.num_players:
        raise HistoryError("its seats do not fit its record")


class HistoryIntents:
    def __init__(self, host):
        self.host = host

    @property
    def history(self):
        return self.host.history

    def on_history(self, intent, reply_to):
        """A page of entries, newest first: ``game`` (None: every game), ``start``, ``count``."""
        game = intent.get("filter")
        if game is not None and game not in GAMES:
            raise Refusal("host.unknown_game", f"unknown game {game!r}", game=str(game))
        start = _count(intent.get("start"), 0)
        count = _count(intent.get("count"), history_mod.PAGE, 1, MAX_PAGE)
        entries, total = self.history.page(game, start, count)
        return [{"type": "history", "reply_to": reply_to, "filter": game, "start": start, "total": total,
                 "entries": entries, "stats": history_stats.stats(list(self.history.entries.values())),
                 "dropped": self.history.take_dropped(),
                 "held": sorted(self.host._held_ids()), "failed": self.history.failed}]

    def on_history_delete(self, intent, reply_to):
        ident = intent.get("entry")
        return [{"type": "history-deleted", "reply_to": reply_to, "entry": ident,
                 "deleted": isinstance(ident, str) and self.history.delete(ident)}]

    def _entry(self, intent):
        entry = self.history.entries.get(intent.get("entry"))
        if entry is None:
            raise Refusal("host.no_history_entry", "there is no such game in the history", id=str(intent.get("entry")))
        return entry

    def on_history_replay(self, intent, reply_to):
        """The game of entry ``id`` replayed on the slot of ``game`` (the game set aside);
        the answer is its view (at its end), now or once the record is read."""
        entry = self._entry(intent)
        game = intent.get("game")
        self.host._rules(game)
        return self.history.read([entry["id"]], lambda records: self._replay(
            game, entry, records.get(entry["id"]), reply_to))

    def _replay(self, game, entry, text, reply_to):
        host = self.host
        try:
            if text is None:
                raise Refusal("host.no_history_record", "the game's record is not stored", id=entry["id"])
            try:
                record = record_from_dict(json.loads(text))
                if record.game != game:
                    raise RecordError(f"it holds a {record.game} game, not {game}")
                session = Session.from_record(record, games.rules_for, seat_specs(entry))
            except (RecordError, ValueError) as exc:
                raise Refusal("host.bad_record", str(exc), detail=getattr(exc, "reason", str(exc))) from None
            held = host._leave_lesson(game)
            version = held.version + 1 if held is not None else host._floor.get(game, 1)
            if held is not None:
                host.lessons.aside[game] = held
            slot = ReplaySlot(game, session, entry, version, held)
            host._install(slot)
            return [host._view_message(reply_to, slot)]
        except Refusal as refusal:
            return [refusal.to_message(reply_to)]

    def on_play_from_here(self, intent, reply_to):
        """A new game (origin "from-here", the same seats) from the position after the first
        ``moves`` moves of the game shown (a replay or the game in play)."""
        host = self.host
        slot = host._slot(intent)
        if slot.lesson is not None:
            raise Refusal("host.in_lesson", "play-from-here is not part of a lesson", intent="play-from-here")
        moves = _count(intent.get("moves"), len(slot.session.moves), 0, len(slot.session.moves))
        data = slot.session.record().to_dict()
        data.update(moves=data["moves"][:moves], result=None)
        data.pop("aids", None)
        try:
            session = Session.from_record(record_from_dict(data), games.rules_for, list(slot.session.seats))
        except RecordError as exc:
            raise Refusal("host.bad_record", str(exc), detail=exc.reason) from None
        seats = list(slot.session.seats)
        game = slot.game
        if slot.replay is not None:
            host.lessons.leave(game)  # the game in play gives way to the new one (it is in the history)
        stored = saves.settings_of(session, slot.rules.first_seat(session.setup))
        stored["seats"] = seats
        new = GameSlot(game, session, stored, slot.version + 1)
        host.mark(new, "from-here")
        host._install(new)
        return [host._view_message(reply_to, new)]

    def on_history_export(self, intent, reply_to):
        """The backup file's text (``lessons``: the page's lesson progress), once every
        record is read."""
        lessons = intent.get("lessons")
        entries = self.history.page(None, 0, len(self.history.entries))[0]

        def answer(records):
            text = self.history.export_text(entries, records, lessons, history_mod.utc_now(self.history.clock))
            return [{"type": "history-export", "reply_to": reply_to, "text": text, "count": len(entries)}]
        return self.history.read([entry["id"] for entry in entries], answer)

    def on_history_import(self, intent, reply_to):
        """A backup file's text: every entry and record checked (each record replayed) before
        anything is written; then the entries not kept yet are added (by id)."""
        try:
            items, lessons = history_mod.parse_backup(intent.get("text"), check_record)
        except HistoryError as exc:
            raise Refusal("host.bad_backup", str(exc), detail=str(exc)) from None
        added = known = 0
        for entry, record_text in items:
            if entry["id"] in self.history.entries:
                known += 1
                continue
            self.history.forgotten.discard(entry["id"])
            self.history.write(entry, record_text)
            added += 1
        return [{"type": "history-imported", "reply_to": reply_to, "added": added, "known": known,
                 "lessons": lessons}]

    def on_history_stored(self, intent, reply_to):
        """The storage's answer to a write (worker glue): a full storage makes room."""
        ident = intent.get("entry")
        if not isinstance(ident, str):
            return []
        full = intent.get("reason") == "QuotaExceededError"
        before = self.history.dropped
        self.history.stored(ident, bool(intent.get("ok")) or not full, intent.get("record"))
        slot = next((s for s in self.host.slots.values() if (s.history or {}).get("id") == ident), None)
        if slot is None or self.history.dropped <= before:
            return []
        # Said at once beside the game that needed the room (and not again by the next list).
        notice = {"key": "history.dropped", "params": {"n": self.history.take_dropped()}}
        return [self.host._view_message(None, slot, notice=notice)]

    def on_history_read(self, intent, reply_to):
        """The storage's answer to a read (worker glue): what waited for it."""
        return self.history.were_read(intent.get("request"), intent.get("records"))
