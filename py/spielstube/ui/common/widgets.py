"""What every game's screen shows alike, as markup from a host view: player
panels, the game-over panel, the controls, the hand-over screen and the banner
of a past position (the move list: move_entries.py).

Pure (no browser): ``texts`` is a texts.Texts, ``view`` the host's view
(docs/host-protocol.md section 4). Runs on CPython and MicroPython.
"""

import html

from . import review

# A shape per seat as well as a colour, so seats stay apart without colour.
SEAT_SHAPES = ("●", "■", "▲", "◆")


def esc(text):
    return html.escape(str(text), True)


def seat_kinds(view):
    return [seat.get("kind") for seat in view.get("seats") or []]


def person_seat(view):
    """Whom "you" means: the device's holder (viewer), else the one person seated, else None."""
    if view.get("viewer") is not None:
        return view["viewer"]
    return seat_kinds(view).index("human") if seat_kinds(view).count("human") == 1 else None


def computer_number(seats, seat):
    """Which computer ``seat`` is (1, 2, ...) when two computers share a level, else None:
    the numbers keep two "Computer (strong)" apart, and count every computer alike."""
    levels = [spec.get("level") for spec in seats if spec.get("kind") == "ai"]
    if len(set(levels)) == len(levels):
        return None
    return sum(1 for spec in seats[:seat] if spec.get("kind") == "ai") + 1


def seat_name(texts, view, seat):
    """"You" when one person plays, "Player 2" among persons, "Computer (easy)",
    "Computer 2 (easy)" when two computers have one level."""
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return ""
    spec = seats[seat]
    if spec.get("kind") == "ai":
        level = texts.t("level_" + str(spec.get("level")))
        number = computer_number(seats, seat)
        if number is None:
            return texts.t("computer_level", level=level)
        return texts.t("seat_names.computer_n_level", n=number, level=level)
    if seat_kinds(view).count("human") == 1:
        return texts.t("you")
    return texts.t("frame.player_n", n=seat + 1)


def seat_mark(seat):
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    return f'<span class="seat-mark seat-{seat}" aria-hidden="true">{shape}</span>'


# What a computer's panel says while it is at work: (data-indicator, text key).
INDICATORS = (("thinking", "frame.thinking"), ("getting-ready", "frame.getting_ready"))


def thinking_indicator(texts, view, seat):
    """"thinking" or "getting ready" in a computer seat's head; kept hidden, as wide as the longer
    word, while it waits, so nothing under the panel (Undo) moves under a tap as turns pass."""
    seats = view.get("seats") or []
    computer = seat < len(seats) and seats[seat].get("kind") == "ai"
    at_work = view.get("thinking") == seat
    if not (computer or at_work):
        return ""
    shown = ("getting-ready" if view.get("getting_ready") else "thinking") if at_work else None
    words = "".join("<span" + ("" if kind == shown else ' aria-hidden="true"') + ">" + esc(texts.t(key))
                    + "</span>" for kind, key in INDICATORS)
    marks = ' class="indicator idle" aria-hidden="true"' if shown is None else \
        f' class="indicator {shown}" data-indicator="{shown}"'
    return (f'<span{marks}><span class="spinner" aria-hidden="true"></span>'
            f'<span class="indicator-words">{words}</span></span>')


def player_panel(texts, view, seat, body, out=None, count_text=""):
    """One seat's panel: mark, name, start star, thinking or getting ready, out."""
    board = view.get("board") or {}
    active = view.get("seat") == seat and not view.get("result")
    classes = "player seat-" + str(seat) + (" active" if active else "")
    head = [seat_mark(seat), f'<span class="name">{esc(seat_name(texts, view, seat))}</span>']
    if board.get("first") == seat:
        # said beside the star, not only in the rules (Topologic: who seeks first)
        key = "start_player." + str(view.get("game"))
        label = esc(texts.t(key if texts.has(key) else "start_player"))
        head.append(f'<span class="star" title="{label}"><span aria-hidden="true">★</span>'
                    f'<span class="star-note">{label}</span></span>')
    head.append(thinking_indicator(texts, view, seat))
    if out:
        # The game's reason says "out" itself ("Out: none of the 3 tiles fitted").
        reason = texts.t(out.get("key", ""), **(out.get("params") or {})) if out.get("key") else ""
        head.append(f'<span class="out" data-out="{seat}">{esc(reason or texts.t("eliminated"))}</span>')
    if count_text:
        head.append(f'<span class="count">{esc(count_text)}</span>')
    return (f'<section class="{classes}" data-seat="{seat}">'
            f'<h2 class="player-head">{"".join(head)}</h2>{body}</section>')


def ranking_lines(texts, view):
    ranking = (view.get("result") or {}).get("ranking") or view.get("ranking") or []
    lines = []
    for place, seats in enumerate(ranking, 1):
        names = ", ".join(seat_name(texts, view, s) for s in seats)
        lines.append(f'<li data-rank="{place}"><span class="rank">{place}.</span> {esc(names)}</li>')
    return lines


def result_text(texts, view):
    result = view.get("result") or {}
    winner = result.get("winner")
    if winner is None:
        return texts.t("frame.draw")
    kinds = seat_kinds(view)
    if kinds.count("human") == 1 and kinds[winner] == "human":
        return texts.t("you_win")
    if kinds.count("human") == 1 and kinds.count("ai") == 1:
        return texts.t("computer_wins")
    return texts.t("frame.wins", name=seat_name(texts, view, winner))  # which of the others


def game_over_panel(texts, view):
    if not view.get("result"):
        return ""
    return ('<div class="game-over" role="alert">'
            f'<p class="result">{esc(result_text(texts, view))}</p>'
            f'<ol class="ranking">{"".join(ranking_lines(texts, view))}</ol>'
            f'<button type="button" class="primary" data-action="rematch">'
            f'{esc(texts.t("rematch_loser_starts"))}</button></div>')


def _button(texts, action, key, enabled=True, extra=""):
    return (f'<button type="button" data-action="{action}"{extra}'
            f'{"" if enabled else " disabled"}>{esc(texts.t(key))}</button>')


# Watch mode (only computers seated): seconds a computer move stays at least.
PACES = (("calm", 1.5), ("normal", 0.8), ("fast", 0.15))


def watch_controls(texts, view, live):
    """Pause / resume and the pace, while only computers play and the game goes on."""
    if not view.get("watching") or view.get("result"):
        return ""
    if view.get("paused"):
        toggle = _button(texts, "resume", "frame.resume", live, ' class="primary"')
    else:
        toggle = _button(texts, "pause", "frame.pause", live)
    pace = view.get("pace")
    chosen = PACES[1][1] if pace is None else pace
    paces = "".join(
        _button(texts, "pace", "frame.pace_" + name, live,
                f' data-pace="{seconds}" aria-pressed="{"true" if seconds == chosen else "false"}"')
        for name, seconds in PACES)
    return (f'<div class="watch" role="group" aria-label="{esc(texts.t("frame.watching"))}">'
            f'<span>{esc(texts.t("frame.watching"))}</span>{toggle}'
            f'<span class="paces" role="group" aria-label="{esc(texts.t("frame.pace"))}">{paces}</span></div>')


def controls(texts, view, live):
    """The buttons; ``live`` is False while the view is read-only (host not ready)."""
    view = view or {}
    thinking = view.get("thinking") is not None
    parts = [watch_controls(texts, view, live), '<div class="controls">']
    if view.get("stuck"):
        parts.append(_button(texts, "computer-again", "computer_again", live))
    parts.append(_button(texts, "new-game", "new_game", live))
    parts.append(_button(texts, "undo", "undo", live and bool(view.get("can_undo")),
                         ' aria-keyshortcuts="Control+Z"'))
    parts.append(_button(texts, "redo", "redo", live and bool(view.get("can_redo")) and not thinking,
                         ' aria-keyshortcuts="Control+Y"'))
    parts.append(_button(texts, "export", "save_record", bool(view.get("record"))))
    parts.append(_button(texts, "import", "load_record", live))
    parts.append(_button(texts, "share-game", "share.button", live and bool(view.get("record"))))
    parts.append("</div>")
    return "".join(parts)


def suggest_button(texts, view, live, suggestion):
    """[data-action=suggest] in the side column under the players' panels (on a phone under the hand),
    in every game with a computer player and a person seated, always there, so nothing moves
    when it may ask; ``suggestion``: the frame's common/suggestion.Suggestion."""
    view = view or {}
    if view.get("can_suggest") is None or view.get("watching"):
        return ""
    state = suggestion.state if suggestion.version == view.get("version") else None
    extra = f' data-suggest-state="{state or "none"}"' + (' aria-busy="true"' if state == "working" else "")
    return ('<p class="suggest-row">' + _button(texts, "suggest", suggestion.button_key() if state else "suggest.button",
                                                live and suggestion.may_ask(view), extra) + "</p>")


def review_mark(texts, mark, better=""):
    """A reviewed entry's mark: its sign, its word for screen readers (and as a tooltip),
    and ``better`` (the better moves' markup) when the entry is the one viewed."""
    word = esc(texts.t("review.mark." + mark))
    out = (f'<span class="review-mark review-{mark}" title="{word}"><span aria-hidden="true">'
           f'{esc(review.SIGNS[mark])}</span><span class="sr-only">{word}</span></span>')
    if better:
        out += (f'<span class="review-better" data-review-better>{esc(texts.t("review.better"))} '
                f'{better}</span>')
    return out


def review_panel(texts, view, state, past, count, live):
    """``[data-action=review]``, the review's progress, then its summary and the one stepping
    control through the game: under a finished game's end, and while a game runs (beside the
    move list, under the turn's controls) for the moves so far, reviewed from what the person
    knows; ``state``: the frame's common/review.Review."""
    if not view or view.get("can_review") is None or not (view.get("result") or count):
        return ""
    if state.shows(view):
        seats = state.seats_counted(view)
        lines = []
        for seat in seats:
            counts = ", ".join(review.SIGNS[mark] + " " + texts.t("review.count." + mark, n=n)
                               for mark, n in state.counts(seat))
            head = texts.t("review.summary_for", name=seat_name(texts, view, seat))
            lines.append(f'<li data-review-seat="{seat}">{esc(head)}: {esc(counts)}</li>')
        person = seats[0] if len(seats) == 1 else None
        for number, seeker, hints, strong in state.rounds():
            you = seeker == person and (view.get("seats") or [{}])[seeker].get("kind") == "human"
            key = "review.round" + ("_you" if you else "") + ("_open" if strong is None else "")
            text = texts.t(key, round=number + 1, name=seat_name(texts, view, seeker), hints=hints, strong=strong)
            lines.append(f'<li data-review-round="{number}">{esc(text)}</li>')
        seen = state.seen()
        if seen is not None:
            words = " ".join([texts.t("review.seen")] + [texts.t("review.left_out." + what) for what in seen])
            lines.append(f'<li data-review-seen="{esc(" ".join(seen))}">{esc(words)}</li>')
        return (f'<section class="review" data-review-state="done">'
                f'<ul class="review-summary" data-review-summary>{"".join(lines)}</ul>'
                + step_controls(texts, review.position(past, count), count, texts.t("review.steps"))
                + '</section>')
    if state.state == review.WORKING and state.version == view.get("version"):
        return (f'<section class="review" data-review-state="working" aria-busy="true">'
                f'<p role="status">{esc(texts.t("review.working", done=state.done, total=state.total or count))}</p>'
                f'<progress max="{state.total or count}" value="{state.done}"></progress></section>')
    key = "review.button" if view.get("result") else "review.button_so_far"
    return ('<section class="review" data-review-state="none">'
            + _button(texts, "review", key, live and state.may_ask(view)) + '</section>')


def side_top(texts):
    """The top bar's title and language switch again, at the top of the side column: a phone
    held sideways shows them there instead of above the board (static/layout.css)."""
    return ('<div class="side-top"><a class="brand" href="#">Spielstube</a>'
            f'<button type="button" class="lang" data-action="language" title="{esc(texts.t("switch_language"))}">'
            'DE · EN</button></div>')


def rules_button(texts, beside=""):
    """To this game's rules page (#<game>/rules); the frame's game is in the address.
    ``beside``: markup after it (the way to the game's lessons and their progress)."""
    return '<p class="rules-link">' + _button(texts, "rules", "rules") + (" " + beside if beside else "") + "</p>"


def moves_since(view, seat):
    """(index, entry) of the moves made since ``seat`` last moved (all, if it has not yet)."""
    entries = view.get("moves") or []
    start = view.get("moves_from") or 0  # a kept view holds the newest entries only
    last = -1
    for k, entry in enumerate(entries):
        if entry.get("seat") == seat:
            last = k
    return [(start + k, entries[k]) for k in range(last + 1, len(entries))]


def handover_screen(texts, view, entry_markup=None):
    """Shown while the device passes to the next person: what happened since their last
    turn, as the public move list says it (the view then is the public one: no hand, no
    secret), and nothing else."""
    to = (view.get("handover") or {}).get("to")
    name = seat_name(texts, view, to)
    since = ""
    moves = moves_since(view, to) if entry_markup is not None else []
    if moves:
        moved = any(entry.get("seat") == to for entry in view.get("moves") or [])
        title = texts.t("frame.handover_since", name=name) if moved else texts.t("frame.handover_so_far")
        items = "".join(
            f'<li class="entry seat-{entry.get("seat")}" data-handover-move="{index}">'
            f'<span class="num">{index + 1}.</span>{seat_mark(entry.get("seat")) if entry.get("seat") is not None else ""}'
            f'<span class="who">{esc(seat_name(texts, view, entry.get("seat")))}</span>'
            f'<span class="what">{entry_markup(entry)}</span></li>' for index, entry in moves)
        since = (f'<section class="handover-since"><h2>{esc(title)}</h2>'
                 f'<ol class="handover-moves" data-handover-moves>{items}</ol></section>')
    return (f'<div class="handover" data-handover="{to}" role="dialog" aria-modal="true">'
            f'<p>{esc(texts.t("frame.handover", name=name))}</p>{since}'
            f'<button type="button" class="primary" data-action="handover-done">'
            f'{esc(texts.t("frame.handover_done", name=name))}</button></div>')


# The one stepping control (architecture.md): past moves, replays, the puzzle's solution.
STEPS = (("step-first", "step.first", "|◀"), ("step-back", "step.back", "◀"),
         ("step-forward", "step.forward", "▶"), ("step-last", "step.last", "▶|"))
STEP_ACTIONS = tuple(action for action, key, sign in STEPS)


def step_controls(texts, at, total, label):
    """First, back, forward, last through positions 0..``total``, at ``at`` now: position k
    has k moves made (0 the start; a game's ``total`` its moves, the present)."""
    buttons = []
    for action, key, sign in STEPS:
        enabled = at > 0 if action in ("step-first", "step-back") else at < total
        words = esc(texts.t(key))
        buttons.append(f'<button type="button" data-action="{action}" aria-label="{words}" title="{words}"'
                       f'{"" if enabled else " disabled"}><span aria-hidden="true">{sign}</span></button>')
    return (f'<div class="steps" role="group" aria-label="{esc(label)}" data-step="{at}" data-steps="{total}">'
            + "".join(buttons) + '</div>')


def lesson_or_replay(view):
    """A lesson or a replay is shown: it leads nowhere else, and nothing of a game in play
    is offered beside it (settings, analysis, sharing, another board: the host refuses
    them there, or they would change nothing)."""
    return bool(view.get("lesson") or view.get("replay"))


def confirm_dialog(marker, question, keep, go):
    """A question in the page's dialog (#dialog, shown modal): ``keep`` and ``go`` are
    (action, text) of its two buttons, ``go`` the primary; ``marker`` names the form."""
    return (f'<form method="dialog" class="setup" {marker}><p>{esc(question)}</p>'
            '<div class="dialog-buttons">'
            f'<button type="button" data-action="{keep[0]}">{esc(keep[1])}</button>'
            f'<button type="button" class="primary" data-action="{go[0]}">{esc(go[1])}</button></div></form>')


def history_link(texts):
    """The way to the games played on this device (``#history``), beside a game's end."""
    return (f'<p class="history-link"><a href="#history" data-history-link>'
            f'{esc(texts.t("history.link"))}</a></p>')


def past_banner(texts, index):
    """Over the board while a past position is shown (``index``: after that move, -1 the start)."""
    words = texts.t("frame.viewing_start") if index < 0 else texts.t("frame.viewing_move", n=index + 1)
    return (f'<div class="past-banner" role="status">'
            f'<span>{esc(words)}</span>'
            f'<button type="button" data-action="back-to-present">'
            f'{esc(texts.t("frame.back_to_present"))}</button></div>')


def past_steps(texts, past, count):
    """The one stepping control under the board while a game's past position is shown
    (``past``: after that move, -1 the start; ``count``: the game's moves)."""
    return ('<section class="past-steps" data-past-steps>'
            + step_controls(texts, review.position(past, count), count, texts.t("frame.past_steps"))
            + '</section>')
