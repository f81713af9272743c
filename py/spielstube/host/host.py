"""The host: answers the page's intents with views (docs/host-protocol.md §3).

It holds one GameSlot per game opened, checks every intent against the
current version (an old one is refused with ``host.stale``), and owns the
part that tells the driver when a computer is to move (``turns``,
host/turns.py). It never waits: the driver owns time, thinking and pacing.
Every answer is a list of messages; each view in it is built once, in the
form its page asked for at ``open`` (``pages``, host/page_form.py).
"""

import random

from ..core.errors import IllegalMove, RecordError, SpielstubeError
from ..core.limits import MAX_MOVES
from ..core.record import parse_record
from ..core.share import record_from_share
from ..core.rng import Rng
from ..core.session import Session
from . import check, games, jobs, lessons, rematch_score, review, saves, settings as settings_mod, sharing, suggest, view
from . import history as history_mod
from .history_intents import HistoryIntents
from .page_form import PageForm
from .refusal import Refusal
from .seats import level_of, parse_seat, persons
from .slot import RESTARTED, GameSlot
from .turns import Turns

INTENTS = ("open", "new", "move", "undo", "redo", "handover-done", "load", "view-past",
           "computer-again", "pause", "resume", "pace", "skip", "share", "rematch", "analyse", "stop",
           "board", "check", "resend-moves", "earlier-moves", "suggest", "review", "lesson", "lessons",
           "history", "history-delete", "history-replay", "play-from-here", "history-export",
           "history-import", "history-stored", "history-read")
# Intents a lesson has no use for (host/lessons.py): it is no game to undo, judge or share.
NOT_IN_LESSONS = {"undo", "redo", "rematch", "analyse", "share", "suggest", "review"}
# Nor a replay (host/replays.py): nobody acts in it.
NOT_IN_REPLAYS = NOT_IN_LESSONS | {"move", "handover-done", "computer-again", "skip"}
# Intents that act on a position must name the version they were sent for.
VERSIONED = {"move", "undo", "redo", "handover-done", "computer-again", "rematch", "analyse", "check",
             "suggest", "review"}


def _saved_version(save):
    """The version a save was written at (0 if unknown). A restored game continues at it: the
    view the page kept with the save names it, so a move made on that kept view before this host
    was ready is current here (the page sends it only once this host shows the same position)."""
    version = save.get("version") if isinstance(save, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) and version >= 0 else 0


def _whole_number(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class Host:
    def __init__(self, seed=None, history=None):
        if seed is None:
            seed = random.SystemRandom().getrandbits(62)
        self.rng = Rng(seed)
        self.slots = {}
        self.active = None  # the game the page shows; only it gets computer turns
        self.pages = {}  # game -> PageForm of a page that keeps what it is sent (else views are whole)
        self.analyst = jobs.Analyst()
        self.suggester = suggest.Suggester()
        self.reviewer = review.Reviewer()
        self.lessons = lessons.Lessons()  # the games set aside while their lesson is shown
        self._floor = {}  # game -> the least version its next slot takes (a lesson left with nothing aside)
        self.history = history if history is not None else history_mod.History()
        self.history.held = self._held_ids
        self.history_intents = HistoryIntents(self)
        self.turns = Turns(self.slots, lambda: self.active, self.rng, self.analyst,
                           lambda slot, **extra: self._view_message(None, slot, **extra), self.suggester,
                           self.reviewer)

    def _view_message(self, reply_to, slot, **extra):
        """A view of ``slot`` built in the form its page asked for; a game that changed is
        written to the history with the record the view made."""
        built = view.build(slot, self.pages.get(slot.game), **extra)
        if extra.get("past") is None:
            self._note(slot, built.get("record"))
            if built.get("result") and slot.history is not None:
                built["stats_line"] = history_mod.stats_line(self.history, slot)
        return {"type": "view", "reply_to": reply_to, "view": built}

    def _note(self, slot, record_text):
        if slot.history is None or slot.lesson is not None or slot.replay is not None:
            return
        noted = (slot.version, repr(sorted(slot.session.aids.items())))
        if slot.noted == noted:
            return
        slot.noted = noted
        try:
            self.history.note(slot, record_text)
        except Exception:  # noqa: BLE001 (the history never costs the game in play)
            pass

    def _held_ids(self):
        """The history ids of the games the host holds (in play or set aside): never dropped."""
        held = list(self.slots.values()) + list(self.lessons.aside.values())
        return {slot.history["id"] for slot in held if slot.history is not None}

    def mark(self, slot, origin, started=None, ident=None):
        """``slot`` is a game of the history from now on (origin: how it began)."""
        if slot.lesson is not None or slot.replay is not None:
            return slot
        origin = slot.rules.history_origin or origin
        slot.history = {"id": ident or history_mod.new_id(self.history.clock), "origin": origin,
                        "started": started or history_mod.utc_now(self.history.clock)}
        return slot

    # -- intents ---------------------------------------------------------------
    def handle(self, intent):
        """The messages answering one intent (a dict); never raises."""
        reply_to = intent.get("id") if isinstance(intent, dict) else None
        try:
            if not isinstance(intent, dict):
                raise Refusal("host.bad_intent", "an intent must be a JSON object")
            name = intent.get("intent")
            if name not in INTENTS:
                raise Refusal("host.unknown_intent", f"unknown intent {name!r}", intent=str(name))
            if name.startswith("history") or name == "play-from-here":
                handler = getattr(self.history_intents, "on_" + name.replace("-", "_"))
            else:
                handler = getattr(self, "_on_" + name.replace("-", "_"))
            if name in VERSIONED:
                self._check_version(intent)
            if name in NOT_IN_LESSONS and self._slot(intent).lesson is not None:
                raise Refusal("host.in_lesson", f"{name} is not part of a lesson", intent=name)
            if name in NOT_IN_REPLAYS and self._slot(intent).replay is not None:
                raise Refusal("host.in_replay", f"{name} is not part of a replay", intent=name)
            return handler(intent, reply_to)
        except Refusal as refusal:
            messages = [refusal.to_message(reply_to)]
            if refusal.code == "host.stale":
                messages.append(self._view_message(reply_to, self.slots[intent["game"]]))
            return messages
        except Exception as exc:  # a bug reaches the page as a message, and the host goes on
            return [{"type": "error", "reply_to": reply_to, "code": "host.internal",
                     "params": {"detail": f"{type(exc).__name__}: {exc}"}, "message": str(exc)}]

    def _slot(self, intent):
        game = intent.get("game")
        slot = self.slots.get(game) if isinstance(game, str) else None
        if slot is None:
            raise Refusal("host.no_game", f"no game {game!r} is open", game=game if isinstance(game, str) else None)
        return slot

    def _check_version(self, intent):
        slot = self._slot(intent)
        if intent.get("intent") == "undo" and slot.undo_still_means(intent.get("version")):
            return
        if intent.get("version") != slot.version:
            raise Refusal("host.stale", "that was sent for a position that is no longer current",
                          version=slot.version)

    def _rules(self, game):
        if not isinstance(game, str) or not games.known(game):
            raise Refusal("host.unknown_game", f"unknown game {game!r}", game=game if isinstance(game, str) else None)
        return games.rules_for(game)

    def _start(self, game, settings, version, origin="new"):
        """A new slot from settings (Refusal if they are bad); the old one stays until this succeeds."""
        rules = self._rules(game)
        options, seats, first, stored = settings_mod.resolve(rules, settings, self.rng)
        before = self.slots.get(game)
        fixed = games.kept_setup(rules, options, settings_mod.fixed_setup(settings), before)
        setup = games.make_setup(rules, options, first, self.rng.fork(), fixed)
        if self.slots.get(game) is not before:
            # A newer new game, open or load of this game was answered while the
            # board was made (the driver serves intents then): that one stands.
            raise Refusal("host.stale", "a newer game was started meanwhile", version=self.slots[game].version)
        try:
            session = Session(rules, options, setup, seats)
        except RecordError as exc:  # a fixed setup value the rules refuse (a board of another shape)
            name = ", ".join(sorted(fixed)) or "setup"
            raise Refusal("settings.setup", str(exc), detail=exc.reason, name=name,
                          value=", ".join(str(fixed[key]) for key in sorted(fixed))) from None
        slot = GameSlot(game, session, stored, version)
        slot.rematch_score = rematch_score.carried(before, session)
        self.mark(slot, origin)
        self._install(slot)
        return slot

    def _install(self, slot):
        old = self.slots.get(slot.game)
        if old is not None:
            old.epoch += 1  # a think on the old game is dropped
            slot.epoch = old.epoch  # and does not match the new slot either (both would be 0)
            slot.version = max(slot.version, old.version + 1)
            slot.pace = old.pace
        slot.version = max(slot.version, self._floor.pop(slot.game, 0))
        self.slots[slot.game] = slot
        self.active = slot.game

    def _restore(self, game, save, old_page=False):
        rules = self._rules(game)
        save = saves.save_object(save)
        if old_page:
            save = saves.from_old_page(save, game, self.rng)
        session = Session.from_save(save, games.rules_for)
        if session.rules.name != game:
            raise RecordError(f"the save holds a {session.rules.name} game, not {game}")
        if len(session.seats) != session.state.num_players:
            raise RecordError("the save's seats do not fit the game")
        for index, spec in enumerate(session.seats):
            try:
                parse_seat(spec, index)
            except Refusal as refusal:
                raise RecordError(str(refusal)) from None
        stored = saves.checked_settings(rules, save.get("settings"), session, self.rng)
        slot = GameSlot(game, session, stored, _saved_version(save))
        slot.rematch_score = rematch_score.from_save(save.get("rematch_score"), len(session.seats))
        holder = save.get("holder")
        if holder in persons(session.seats):
            slot.holder = holder
        kept = history_mod.kept_mark(save.get("history"))
        self.mark(slot, kept["origin"], kept["started"], kept["id"]) if kept else self.mark(slot, "new")
        self._install(slot)
        return slot

    def _on_open(self, intent, reply_to):
        game = intent.get("game")
        self._rules(game)
        tail = intent.get("moves_tail")
        if _whole_number(tail):
            self.pages[game] = PageForm(tail)  # the page holds nothing of this game yet
        else:
            self.pages.pop(game, None)
        settings, save = intent.get("settings"), intent.get("save")
        current = self._leave_lesson(game)
        refused = []
        if settings is not None:
            try:
                slot = self._start(game, settings, current.version + 1 if current else 1)
                return [self._view_message(reply_to, slot)]
            except Refusal as refusal:
                # A bad URL: say why, and go on with the game there is (or its default).
                refused = [refusal.to_message(reply_to)]
        slot, notice = self._resume(game, save, current, intent.get("save_from") == "old-page")
        if intent.get("after_restart") and current is None and slot.computer_to_act() is not None:
            # The host before this one ended during the computer's turn, perhaps because of
            # it: the person asks again ("computer-again") rather than the host looping.
            slot.stuck = RESTARTED
        return refused + [self._view_message(reply_to, slot, notice=notice)]

    def _resume(self, game, save, current, old_page=False):
        """(slot, notice) for an open without settings: the game held, else the save, else a fresh default."""
        if current is not None:
            self.active = game
            current.epoch += 1  # its computer, if to act, thinks afresh
            return current, None
        notice = None
        if save is not None:
            try:
                return self._restore(game, save, old_page), None
            except (SpielstubeError, ValueError, TypeError, KeyError, AttributeError, IndexError,
                    RecursionError) as exc:
                notice = {"key": "host.save_unreadable", "params": {"detail": str(exc)}}
        version = _saved_version(save) if isinstance(save, dict) else 0
        return self._start(game, None, version + 1), notice

    def _leave_lesson(self, game):
        """The game's slot once a lesson or replay shown for it ended: the game set aside
        back as it was, else None (the lesson's slot is dropped; the next slot's version is
        above it)."""
        slot = self.slots.get(game)
        if slot is None or slot.lesson is None and slot.replay is None:
            return slot
        aside = self.lessons.leave(game)
        if aside is not None:
            self._install(aside)
            return aside
        del self.slots[game]
        self._floor[game] = slot.version + 1
        return None

    def _on_lesson(self, intent, reply_to):
        """Lesson ``n`` (from 1; or the first not in ``done``) of ``game``: the game's slot is
        set aside and the lesson's installed (host/lessons.py)."""
        game = intent.get("game")
        rules = self._rules(game)
        current = self.slots.get(game)
        version = current.version + 1 if current else self._floor.get(game, 1)
        slot = self.lessons.start(rules, game, intent, current, version)
        self._install(slot)
        return [self._view_message(reply_to, slot)]

    def _on_lessons(self, intent, reply_to):
        """The lessons' ids of each game named in ``games`` (default: every game), for the
        page's progress; a game without lessons is left out."""
        names = intent.get("games")
        if names is None:
            names = list(games.GAME_NAMES)
        if not isinstance(names, list):
            raise Refusal("host.bad_intent", "games must be a list of game names")
        found = {}
        for game in names:
            ids = lessons.ids_of(self._rules(game))
            if ids:
                found[game] = ids
        return [{"type": "lessons", "reply_to": reply_to, "lessons": found}]

    def _on_new(self, intent, reply_to):
        game = intent.get("game")
        current = self._leave_lesson(game)
        slot = self._start(game, intent.get("settings"), current.version + 1 if current else 1)
        return [self._view_message(reply_to, slot)]

    def _on_rematch(self, intent, reply_to):
        """The same settings again; a seat of the lowest rank starts (at random among equals)."""
        slot = self._slot(intent)
        result = slot.rules.result_json(slot.state)
        if result is None:
            raise Refusal("host.not_over", "a rematch follows a finished game")
        ranking = result.get("ranking") or [list(range(len(slot.session.seats)))]
        lowest = ranking[-1]
        settings = dict(slot.settings, first=lowest[self.rng.below(len(lowest))])
        kept_first = slot.settings.get("first", settings["first"])
        new = self._start(slot.game, settings, slot.version + 1, "rematch")
        new.settings = dict(new.settings, first=kept_first)  # the dialog keeps the person's choice
        return [self._view_message(reply_to, new)]

    def _on_move(self, intent, reply_to):
        slot = self._slot(intent)
        if slot.lesson is not None and slot.done():
            raise Refusal("host.lesson_done", "the lesson is over")
        seat = slot.seat_to_act()
        if seat is None:
            raise Refusal("host.game_over", "the game is over")
        if level_of(slot.session.seats[seat]) is not None:
            raise Refusal("host.not_your_turn", "it is the computer's turn", seat=seat)
        if slot.handover_to() is not None:
            raise Refusal("host.handover_pending", "hand the device over first", to=seat)
        if len(slot.session.moves) >= MAX_MOVES:
            # Past it the game could not be saved, shared or loaded again (core/limits.py).
            raise Refusal("host.move_cap", f"a game may have at most {MAX_MOVES:,} moves", max=MAX_MOVES)
        data = intent.get("move")
        if isinstance(data, dict) and "player" in data and data["player"] != seat:
            raise Refusal("host.not_your_turn", f"it is seat {seat}'s turn", seat=seat)
        try:
            move = slot.rules.person_move(slot.state, data)
            if slot.lesson is not None:
                return self._lesson_move(slot, move, reply_to)
            slot.session.play(move)
        except IllegalMove as exc:
            raise Refusal(exc.code, str(exc), **exc.params) from None
        except RecordError as exc:
            raise Refusal("host.bad_move", str(exc), detail=exc.reason) from None
        slot.holder = seat
        slot.stuck = None
        slot.changed()
        return [self._view_message(reply_to, slot)]

    def _lesson_move(self, slot, move, reply_to):
        """A move in a lesson: played with the step's scripted replies if it reaches the
        step's goal, else not (the view's ``lesson.wrong``); a new version either way."""
        slot.try_move(move)
        slot.holder = slot.lesson["seat"]
        slot.changed()
        return [self._view_message(reply_to, slot)]

    def _on_check(self, intent, reply_to):
        return [check.answer(self._slot(intent), intent.get("move"), reply_to)]

    def _on_undo(self, intent, reply_to):
        return self._take_step(intent, reply_to, "undo", "there is nothing to take back")

    def _on_redo(self, intent, reply_to):
        return self._take_step(intent, reply_to, "redo", "there is nothing to redo")

    def _take_step(self, intent, reply_to, name, nothing):
        """Undo or redo in the Session (it knows how far one step goes)."""
        slot = self._slot(intent)
        if name == "undo":
            done = slot.session.undo(slot.undo_sent_at(intent.get("version")))
        else:
            done = slot.session.redo()
        if not done:
            raise Refusal(f"host.nothing_to_{name}", nothing)
        if name == "undo":
            self._note_aid(slot, "undos")
        slot.stuck = None
        slot.changed()
        return [self._view_message(reply_to, slot)]

    def _on_handover_done(self, intent, reply_to):
        slot = self._slot(intent)
        to = slot.handover_to()
        if to is None:
            raise Refusal("host.no_handover", "no hand-over is waiting")
        slot.holder = to
        slot.changed()
        return [self._view_message(reply_to, slot)]

    def _on_load(self, intent, reply_to):
        """A record (``record``: JSON text, or ``share``: a share link's text) replaces its game.
        ``game`` (optional) is the game the page expects; ``seats`` (optional) seat the players."""
        try:
            if intent.get("share") is not None:
                record = record_from_share(intent.get("share"))
            else:
                record = parse_record(intent.get("record"))
            rules = self._rules(record.game)
            expected = intent.get("game")
            if expected is not None and expected != record.game:
                raise RecordError(f"it holds a {record.game} game, not {expected}")
            held = self._leave_lesson(record.game)
            players = rules.normalize_options(record.options).get("players", rules.min_players)
            seats = intent.get("seats")
            if seats is not None:
                seats = self._load_seats(seats, players)
            elif held is not None and len(held.session.seats) == players:
                seats = list(held.session.seats)
            else:
                seats = saves.default_seats(rules, players, self.rng)
            session = Session.from_record(record, games.rules_for, seats)
        except RecordError as exc:
            params = {"detail": exc.reason}
            if exc.move_index is not None:
                params["move_index"] = exc.move_index
            raise Refusal("host.bad_record", str(exc), **params) from None
        stored = saves.settings_of(session, rules.first_seat(record.setup))
        slot = GameSlot(record.game, session, stored, held.version + 1 if held else 1)
        self.mark(slot, "link" if intent.get("share") is not None else "loaded")
        self._install(slot)
        return [self._view_message(reply_to, slot)]

    @staticmethod
    def _load_seats(seats, players):
        if not isinstance(seats, list) or len(seats) != players:
            raise Refusal("settings.seats_count", f"seats must list {players} seats",
                          players=players, count=len(seats) if isinstance(seats, list) else None)
        return [parse_seat(spec, i) for i, spec in enumerate(seats)]

    def _on_resend_moves(self, intent, reply_to):
        """A page whose move list lost step: the view with every entry (the newest, in a window)."""
        slot = self._slot(intent)
        page = self.pages.get(slot.game)
        if page is not None:
            page.start()
        return [self._view_message(reply_to, slot)]

    def _on_earlier_moves(self, intent, reply_to):
        """Entries before the page's window (``before``: its first index, ``count``: how many)."""
        slot = self._slot(intent)
        before, count = intent.get("before"), intent.get("count")
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (before, count)):
            raise Refusal("host.bad_intent", "earlier-moves needs before and count, whole numbers")
        page = self.pages.get(slot.game)
        found = page.earlier(before, count) if page is not None else None
        first, entries = found if found is not None else (before, [])
        return [{"type": "moves", "reply_to": reply_to, "game": slot.game, "from": first, "before": before,
                 "moves": entries, "fitted": found is not None}]

    def _on_share(self, intent, reply_to):
        return [sharing.share_message(self._slot(intent), reply_to)]

    def _on_view_past(self, intent, reply_to):
        """The position after move ``index`` (-1: the start, before any move); the present
        (the last move's) is the game's own view, not a past one."""
        slot = self._slot(intent)
        index = intent.get("index")
        return [self._view_message(reply_to, slot, past=_past_index(slot, index, len(slot.session.moves) - 1))]

    def _on_computer_again(self, intent, reply_to):
        slot = self._slot(intent)
        if slot.stuck is None:
            raise Refusal("host.not_stuck", "the computer is not stuck")
        slot.stuck = None
        slot.changed()
        return [self._view_message(reply_to, slot)]

    def _on_pause(self, intent, reply_to):
        slot = self._slot(intent)
        slot.paused = True
        slot.epoch += 1
        return [self._view_message(reply_to, slot)]

    def _on_resume(self, intent, reply_to):
        slot = self._slot(intent)
        slot.paused = False
        return [self._view_message(reply_to, slot)]

    def _on_pace(self, intent, reply_to):
        slot = self._slot(intent)
        seconds = intent.get("seconds")
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= 10:
            raise Refusal("host.pace", "pace must be 0 to 10 seconds", value=seconds if isinstance(seconds, (int, float)) else None)
        slot.pace = float(seconds)
        return [self._view_message(reply_to, slot)]

    def _on_skip(self, intent, reply_to):
        """The computer's turns without the game's readable pause, for the rest of the
        part of the game it says a skip covers (``GameRules.skip_scope``)."""
        slot = self._slot(intent)
        slot.skipped = slot.rules.skip_scope(slot.state)
        return [self._view_message(reply_to, slot)]

    def _on_analyse(self, intent, reply_to):
        """An analysis of the position shown (``past``: a move index, or None for now)."""
        slot = self._slot(intent)
        past = intent.get("past")
        if past is not None:
            _past_index(slot, past, len(slot.session.moves))
        answer = self.analyst.ask(slot, past, reply_to)
        return [answer] + self._note_aid(slot, "analysis", reply_to)

    def _on_suggest(self, intent, reply_to):
        """The strong computer's move for the person to act, from that person's view."""
        slot = self._slot(intent)
        aids = slot.session.aids_json()
        answer = self.suggester.ask(slot, reply_to, self.rng.next_u64())
        # A suggestion counts in the record: the page stores the save the view brings.
        changed = slot.session.aids_json() != aids
        return [answer] + ([self._view_message(reply_to, slot)] if changed else [])

    def _on_review(self, intent, reply_to):
        """Marks for every move of a finished game, worked out in slices (host/review.py)."""
        return [self.reviewer.ask(self._slot(intent), reply_to)]

    def _note_aid(self, slot, name, reply_to=None):
        """Notes help a person used in the record's ``aids`` (a game of one seat, a puzzle,
        records none); -> the view carrying the new save when a flag changed only now
        (``reply_to`` given: no view follows the intent's own answer otherwise)."""
        if len(slot.session.seats) < 2:
            return []
        before = slot.session.aids_json()
        slot.session.note_aid(name)
        if reply_to is None or slot.session.aids_json() == before:
            return []
        return [self._view_message(reply_to, slot)]

    def _on_stop(self, intent, reply_to):
        self.analyst.stop()
        return [{"type": "analysis", "reply_to": reply_to, "state": "stopped"}]

    def _on_board(self, intent, reply_to):
        """A board workshop: what the game ``game`` makes of a board (its rows or code)."""
        game = intent.get("game")
        rules = self._rules(game)
        try:
            report = rules.board_report(intent)
        except RecordError as exc:
            raise Refusal("host.bad_board", str(exc), detail=exc.reason) from None
        if report is None:
            raise Refusal("host.bad_board", f"{game} has no board workshop", detail="no board workshop")
        return [dict(report, type="board", reply_to=reply_to, game=game)]


def _past_index(slot, index, below):
    """``index`` if it names a past position of ``slot``: -1 (the start) up to ``below`` - 1."""
    if not isinstance(index, int) or isinstance(index, bool) or not -1 <= index < below:
        count = len(slot.session.moves)
        raise Refusal("host.past_index", f"there is no past position after move {index!r}",
                      index=index if isinstance(index, int) else None, count=count)
    return index
