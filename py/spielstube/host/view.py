"""The view: everything the page draws, built for one viewer
(docs/host-protocol.md §4). Nothing a viewer may not see goes in, except
``save`` and ``record``, which the page stores but never shows.

A view is built once, in the form its reader asked for at ``open``: whole
(every entry, the save an object) or the page's (host/page_form.py: the
entries the page lacks, the save as the text to store).
"""

import json

from ..core import pause
from ..core.limits import MAX_MOVES
from . import rematch_score, review
from .seats import seat_json
from .slot import RESTARTED
from .suggest import offered
from .wire import save_text


def _status(slot, handover, thinking):
    state = slot.state
    if state.is_terminal():
        return {"key": "status.over", "params": {"result": slot.rules.result_json(state)}}
    seat = state.current_player
    if slot.at_move_cap():
        return {"key": "status.move_cap", "params": {"seat": seat, "max": MAX_MOVES}}
    if slot.stuck is not None:
        key = "status.engine_restarted" if slot.stuck == RESTARTED else "status.stuck"
        return {"key": key, "params": {"seat": seat, "detail": slot.stuck}}
    if handover is not None:
        return {"key": "status.handover", "params": {"to": handover}}
    if slot.computer_to_act() is not None:
        key = "status.paused" if slot.paused else "status.thinking"
        return {"key": key, "params": {"seat": seat}}
    return {"key": "status.turn", "params": {"seat": seat}}


def move_entries(slot, viewer):
    """Every move as ``viewer`` sees it, each described once: an entry depends only on the
    state before, the move and the viewer, so it is kept while those stay the same objects
    (a move can cost about 1 ms to describe; at the move cap every view did 1,000)."""
    session = slot.session
    kept = slot.entries.setdefault(viewer, [])
    entries = []
    for index, (before, move) in enumerate(zip(session.states, session.moves)):
        if index < len(kept) and kept[index][0] is before and kept[index][1] is move:
            entries.append(kept[index][2])
            continue
        del kept[index:]
        pause.beat()  # describing replays the move: 1,000 of them take seconds in the page
        entry = slot.rules.describe_json(before, move, viewer)
        kept.append((before, move, entry))
        entries.append(entry)
    del kept[len(entries):]
    return entries


def build(slot, page=None, past=None, think_ms=None, notice=None, think_depth=None):
    """The view of ``slot`` now, or (``past`` = k) of the position after move k, read-only;
    ``page``: the PageForm of a page that keeps what it is sent, else None (the whole view)."""
    session = slot.session
    rules = slot.rules
    state = session.state
    handover = slot.handover_to()
    viewer = slot.viewer()
    thinking = slot.computer_to_act() if slot.stuck is None and not slot.paused else None
    shown = state if past is None else session.states[past + 1]
    lesson = slot.view_json() if slot.lesson is not None else None
    legal = []
    if (past is None and handover is None and viewer is not None and viewer == slot.seat_to_act()
            and not (lesson and lesson["done"])):
        legal = rules.legal_json(state)
    result = rules.result_json(state)
    entries = move_entries(slot, viewer)
    replay = slot.replay
    if replay is not None:
        legal = []
    if lesson is not None or replay is not None or (page is not None and past is not None):
        # The page takes both from the present's view only; a lesson is no game to keep.
        save = record_text = None
    else:
        record = session.record().to_dict()
        record_text = json.dumps(record, ensure_ascii=False)
        save = slot.save_data(record)
        if page is not None:
            del save["record"]
            save = save_text(record_text, save)
    view = {
        "game": slot.game,
        "version": slot.version,
        "seat": slot.seat_to_act(),
        "seats": [seat_json(spec) for spec in session.seats],
        "viewer": viewer,
        "handover": None if handover is None else {"to": handover},
        "thinking": thinking,
        "getting_ready": False,
        # Nobody seated to hide from: the watcher sees what every seat sees.
        "board": shown.player_view(slot.shown_to()),
        "legal": legal,
        "moves": entries,
        "status": _status(slot, handover, thinking),
        "result": result,
        "ranking": None if result is None else result.get("ranking"),
        "can_undo": past is None and lesson is None and replay is None and session.can_undo(),
        "can_redo": past is None and lesson is None and replay is None and session.can_redo(),
        "can_suggest": offered(slot, past) and lesson is None and replay is None,
        "can_review": review.offered(slot) and lesson is None and replay is None,
        "stuck": slot.stuck is not None,
        "paused": slot.paused,
        "watching": slot.watching(),
        "pace": slot.pace,
        "options": session.options,
        "schema": rules.option_schema(),
        "settings": slot.settings,
        "save": save,
        "record": record_text,
        "past": past,
        "think_ms": think_ms,
        "think_depth": think_depth,
        "notice": notice,
        "lesson": lesson,
        # the score across rematches, this game's result in it once it is over (None: none yet)
        "rematch_score": None if lesson is not None or replay is not None else rematch_score.total(slot),
        # the history entry replayed and whether an unfinished game is set aside
        # (host/replays.py), else None
        "replay": None if replay is None else slot.replay_json(),
    }
    if page is not None:
        view.update(page.moves(entries))
    return view
