"""Topologic's markup on the frame: the board with seekers, trails, the
secret (only where the view holds it) and the helper's shading; the hint
line, the turn panel, the round's and the match's end; beside the board the
roles and counts, the view toggles and the notebook of hints.

Pure (no browser): ``screen`` is the TopologicScreen (the turn being built,
the toggles), ``view`` the host's view. Runs on CPython and MicroPython.
"""

from ..common.access import pan_box
from ..common.jump_links import back_to_board
from .svg import (CELL, FIELD_UNITS, Geometry, board_svg, chip, field_marks, letter_badge, once,
                  secret_mark, seeker_badge, seekers_on_board, shade, texts_from, tile_face, trail)
from .turn import location_of
from ..common.widgets import esc, lesson_or_replay, player_panel, seat_kinds, seat_name

# A wide board stands upright on a narrow portrait screen (bigger fields to tap).
NARROW = 700


def _cells(cells):
    return [None if c is None else (c[0], c[1]) for c in cells or []]


def _place(texts, location):
    return texts.t("topo_place", colour=texts.t("topo_colour_" + str(location[0])), pips=location[1])


def chip_markup(screen, texts, location, size=22):
    location = (location[0], location[1])  # a list from the view's JSON cannot be a cache key
    letter = screen.letter(texts, location)
    return once(("chip", location, letter, size), lambda: chip(location, letter, size))


def _face(x, y, location, letter):
    return once(("face", x, y, location, letter), lambda: tile_face(x, y, location, letter))


def _cell_of(tiles, location):
    text = f"{location[0]}/{location[1]}"
    for r, row in enumerate(tiles):
        for c, here in enumerate(row):
            if here == text:
                return (r, c)
    return None


def transposed(screen, rows, cols):
    if screen.viewport is None:
        return False
    width, height = screen.viewport
    return cols > rows and width < NARROW and height > width


def board_area(screen, texts, view, phase, highlight=()):
    board = view.get("board") or {}
    attrs = (f'data-phase="{phase}" data-round="{board.get("round", 0)}" '
             f'data-board="{esc(board.get("board", ""))}" data-helper="{"true" if screen.helper else "false"}"')
    return (f'<div class="topo-area game-topologic" {attrs}>'
            + _board(screen, texts, view, phase, set(highlight)) + _result_panel(screen, texts, view, phase)
            + _turn_panel(screen, texts, view, phase) + '</div>')


def hint_line(screen, texts, view, phase):
    """The round's last hint, shown in the frame's status bar (in view while the person taps)."""
    board = view.get("board") or {}
    rounds = board.get("rounds") or []
    shown = screen.shown_round(view, phase)
    hints = rounds[shown]["hints"] if shown < len(rounds) else []
    if not hints:
        return '<p class="topo-hint empty" aria-hidden="true"></p>'
    hint = hints[-1]["hint"]
    line = texts.t("topo_hint_line", k=len(hints))
    goal = texts.t("topo_hint_goal", full=board.get("full_hint"))
    return (f'<p class="topo-hint" data-hint-number="{len(hints)}" data-hint="{hint}" aria-live="polite">'
            f'{esc(line)} <strong>{hint}</strong> <span class="goal">{esc(goal)}</span></p>')


def _board(screen, texts, view, phase, highlight):
    board = view.get("board") or {}
    tiles = board.get("tiles") or []
    rows, cols = len(tiles), max([len(row) for row in tiles] or [0])
    geometry = Geometry(rows, cols, transposed(screen, rows, cols))
    rounds = board.get("rounds") or []
    seeking = phase in ("entry", "move")
    seek = screen.seek if seeking else None
    start = None
    if phase == "round-end":
        positions = _cells(rounds[0]["hints"][-1]["seekers"]) if rounds[0]["hints"] else None
        secret = rounds[0].get("secret")
    else:
        if seek is not None:
            positions, start = list(seek.pending), (None if seek.entry else list(seek.start))
        else:
            positions = _cells(board.get("positions")) if board.get("positions") else None
        current = rounds[board.get("round", 0)] if board.get("round", 0) < len(rounds) else {}
        secret = current.get("secret")
        if view.get("result") and rounds:
            secret = rounds[-1].get("secret")
    secret_cell = _cell_of(tiles, secret) if secret is not None else None
    legal, selectable, active = set(), set(), None
    if phase == "secret":
        legal = screen.hide.cells()
    elif seek is not None:
        active = seek.active()
        legal = seek.legal_cells()
        selectable = seek.selectable_cells()
    candidates = None
    if screen.helper and phase in ("move", "watch") and board.get("phase") == "seek":
        candidates = set(_cells(board.get("candidates")))
    texts_from(texts)
    seekers_at = {}
    for i, at in enumerate(positions or ()):
        if at is not None:
            seekers_at.setdefault(at, []).append(str(i + 1))
    fields = []
    for r, row in enumerate(tiles):
        for c, text in enumerate(row):
            if text is None:
                continue
            cell = (r, c)
            classes = "cell"
            if cell in legal:
                classes += " legal"
            if phase == "secret" and cell == screen.hide.choice:
                classes += " selected"
            possible = None if candidates is None else cell in candidates
            if possible is not None:
                classes += " candidate" if possible else " ruled-out"
            if cell in highlight:
                classes += " highlight"
            here = tuple(seekers_at.get(cell, ()))
            offered = cell in legal or cell in selectable or " selected" in classes
            # A field's markup is made again only when something it shows changed: a
            # watched game's view moves a few seekers over a board of 60 fields.
            key = ("field", texts.lang, screen.letters, geometry.transposed, cell, text, classes, here, offered)
            fields.append((cell,) + once(key, lambda: _field(screen, texts, geometry, cell, text, classes,
                                                                here, possible, offered)))
    overlays = []
    if secret_cell is not None:
        overlays.append(secret_mark(geometry, secret_cell))
    overlays.extend(_trails(screen, view, phase, geometry, start, positions))
    if positions is not None:
        def token_classes(i):
            classes = "topo-token"
            if start is not None and positions[i] != start[i]:
                classes += " moved"
            if seeking and i == active:
                classes += " selected"
            return classes

        overlays.append(seekers_on_board(geometry, positions, token_classes))
        if screen.letters:  # a seeker never hides a field's letter: drawn again above it
            for cell in sorted(set(c for c in positions if c is not None)):
                location = location_of(tiles[cell[0]][cell[1]])
                overlays.append(letter_badge(geometry, cell, location, screen.letter(texts, location)))
    svg = board_svg(geometry, fields, "".join(overlays), esc(texts.t("board")))
    width, height = geometry.size[0] + 6, geometry.size[1] + 6
    return pan_box(svg, width, height, CELL, FIELD_UNITS)


def _field(screen, texts, geometry, cell, text, classes, here, possible, offered):
    """(inner markup, attributes) of one field: its face, veil and marks; named by its place,
    row and column, the seekers on it and what the helper says of it."""
    r, c = cell
    location = location_of(text)
    x, y = geometry.origin(cell)
    label = texts.t("topo_cell_label", place=_place(texts, location), row=r + 1, col=c + 1)
    if here:
        label += "; " + texts.t("topo_cell_seekers", n=len(here), seekers=", ".join(here))
    if possible is not None:
        label += "; " + texts.t("access.topo_still_possible" if possible else "access.topo_ruled_out")
    extra = (f' tabindex="0" role="button" aria-label="{esc(label)}"' if offered
             else f' role="img" aria-label="{esc(label)}"')
    inner = _face(x, y, location, screen.letter(texts, location))
    if possible is False:
        inner += shade(x, y)
    if offered or " highlight" in classes:
        inner += field_marks(x, y)
    return inner, f'class="{classes}" data-tile="{text}"{extra}'


def _trails(screen, view, phase, geometry, start, positions):
    """Lines from where seekers stood: this turn's moves, or the last turn's."""
    if positions is None:
        return []
    if start is not None:
        return [trail(geometry, a, b, "topo-trail pending") for a, b in zip(start, positions)
                if b is not None and a != b]
    rounds = (view.get("board") or {}).get("rounds") or []
    shown = screen.shown_round(view, phase)
    hints = rounds[shown]["hints"] if shown < len(rounds) else []
    if len(hints) < 2:
        return []
    before, after = _cells(hints[-2]["seekers"]), _cells(hints[-1]["seekers"])
    return [trail(geometry, a, b) for a, b in zip(before, after) if a != b]


def _button(texts, action, key, primary=False, enabled=True):
    classes = ' class="primary"' if primary else ""
    return (f'<button type="button"{classes} data-action="{action}"'
            f'{"" if enabled else " disabled"}>{esc(texts.t(key))}</button>')


def _turn_panel(screen, texts, view, phase):
    """Under the board: the seekers as buttons and what ends or resets the turn."""
    board = view.get("board") or {}
    if phase == "secret":
        return ('<div class="topo-turn">'
                + _button(texts, "confirm", "topo_confirm_secret", True, screen.hide.choice is not None)
                + '</div>')
    if phase == "watch":
        seeking = board.get("phase") in ("entry", "seek") and view.get("thinking") is not None
        if seeking and screen.skip_round != board.get("round") and screen.is_present(view):
            return '<div class="topo-turn">' + _button(texts, "skip", "topo_skip") + '</div>'
        return ""
    if phase not in ("entry", "move"):
        return ""
    seek = screen.seek
    active = seek.active()
    tiles = board.get("tiles") or []
    buttons = []
    for i, cell in enumerate(seek.pending):
        moved = seek.moved(i)
        classes = "topo-seeker legal" + (" selected" if i == active else "") + (" moved" if moved else "")
        if cell is None:
            where = texts.t("topo_not_placed")
            picture = '<span class="topo-chip empty" aria-hidden="true"></span>'
        else:
            location = location_of(tiles[cell[0]][cell[1]])
            where = _place(texts, location)
            picture = chip_markup(screen, texts, location, 24)
        label = texts.t("topo_seeker_label", n=i + 1, place=where)
        if moved:
            label += " · " + texts.t("topo_moved")
        badge = "topo-token" + (" moved" if moved else "") + (" selected" if i == active else "")
        at = "" if cell is None else f"{cell[0]},{cell[1]}"
        buttons.append(
            f'<button type="button" class="{classes}" data-piece="s{i}" data-at="{at}" '
            f'aria-pressed="{"true" if i == active else "false"}" aria-label="{esc(label)}" '
            f'title="{esc(label)}">{seeker_badge(i + 1, badge)}{picture}</button>')
    actions = [_button(texts, "confirm", "topo_confirm", True, seek.complete())]
    if seek.entry and seek.selected is not None and seek.pending[seek.selected] is not None:
        actions.append(_button(texts, "lift", "topo_lift"))
    if seek.changed() and not seek.entry:
        actions.append(_button(texts, "reset-turn", "topo_reset_turn"))
    return (f'<div class="topo-turn"><div class="topo-tray" role="group" '
            f'aria-label="{esc(texts.t("topo_seekers"))}">{"".join(buttons)}</div>'
            f'<div class="topo-actions">{"".join(actions)}</div></div>')


def _round_summary(texts, view, round_index):
    board = view.get("board") or {}
    data = board["rounds"][round_index]
    secret = data.get("secret")
    return texts.t("topo_round_summary", round=round_index + 1, n=len(data["hints"]),
                   name=seat_name(texts, view, data["seeker"]),
                   place=_place(texts, secret) if secret is not None else "?")


def _result_text(texts, view):
    board = view.get("board") or {}
    counts = board.get("counts") or [0, 0]
    winner = (view.get("result") or {}).get("winner")
    if winner is None:
        return texts.t("topo_draw", n=counts[0])
    won, lost = counts[winner], counts[1 - winner]
    kinds = seat_kinds(view)
    if kinds.count("human") == 1:
        if kinds[winner] == "human":
            return texts.t("topo_you_win", mine=won, theirs=lost)
        return texts.t("topo_you_lose", name=seat_name(texts, view, winner), mine=lost, theirs=won)
    return texts.t("topo_seat_wins", name=seat_name(texts, view, winner), a=won, b=lost)


def _result_panel(screen, texts, view, phase):
    board = view.get("board") or {}
    if phase == "round-end":
        first = board["rounds"][0]
        n = len(first["hints"])
        kinds = seat_kinds(view)
        if kinds.count("human") == 1 and kinds[first["seeker"]] == "human":
            found = texts.t("topo_round_over_you", n=n)
        else:
            found = texts.t("topo_round_over_other", name=seat_name(texts, view, first["seeker"]), n=n)
        secret = first.get("secret")
        where = texts.t("topo_secret_was", place=_place(texts, secret)) if secret is not None else ""
        return ('<div class="game-over topo-round-end" role="alert">'
                f'<p>{esc(found)}</p><p class="detail">{esc(where)}</p>'
                + ("" if view.get("replay") else _button(texts, "next-round", "topo_next_round", True)) + '</div>')
    if phase != "over" or view.get("past") is not None:
        return ""
    lines = "".join(f'<p class="detail">{esc(_round_summary(texts, view, r))}</p>'
                    for r in range(len(board.get("rounds") or [])))
    # the two rematches differ only in the board: in both the other side seeks first
    first = 1 - board.get("first_seeker", 0)
    note = texts.t("topo_rematch_note", name=seat_name(texts, view, first))
    rematches = ("" if view.get("replay") else  # (a replay's way on is play-from-here)
                 '<div class="topo-actions">' + _button(texts, "rematch-same-board", "topo_rematch_same", True)
                 + _button(texts, "rematch-new-board", "topo_rematch_new") + '</div>'
                 f'<p class="detail topo-rematch-note">{esc(note)}</p>')
    return ('<div class="game-over topo-match-over" role="alert">'
            f'<p>{esc(_result_text(texts, view))}</p>{lines}' + rematches + '</div>')


def side_panels(screen, texts, view, phase):
    return (_score(screen, texts, view, phase) + _toggles(screen, texts, view)
            + _notebook(screen, texts, view, phase))


def _score(screen, texts, view, phase):
    board = view.get("board") or {}
    shown = screen.shown_round(view, phase)
    rounds = board.get("rounds") or []
    seeker = rounds[shown]["seeker"] if shown < len(rounds) else board.get("seeker")
    started = set(rounds[r]["seeker"] for r in range(min(shown + 1, len(rounds))))
    counts = board.get("counts") or [0, 0]
    over = bool(view.get("result"))
    heading = texts.t("topo_match_over") if over else texts.t("topo_round_of", round=shown + 1)
    parts = [f'<p class="topo-round">{esc(heading)} · '
             f'<span class="topo-code" data-board-code>{esc(texts.t("topo_board_code", code=board.get("board", "")))}'
             '</span></p>']
    for seat in (0, 1):
        role = "" if over else texts.t("topo_role_seeker" if seat == seeker else "topo_role_master")
        n = counts[seat] if seat < len(counts) else 0
        if seat not in started:
            count = "–"
        elif over or seat == seeker:
            count = texts.t("topo_hints_n", n=n)
        else:  # the hider's count is from the round it sought in: said so, not as this round's
            sought = [r for r in range(len(rounds)) if rounds[r]["seeker"] == seat][0]
            count = texts.t("topo_hints_in_round", n=n, round=sought + 1)
        body = f'<p class="topo-role"><span class="role">{esc(role)}</span> <span class="count">{esc(count)}</span></p>'
        parts.append(player_panel(texts, view, seat, body))
    if not lesson_or_replay(view):  # a lesson's board is the lesson's, a replay's the history's: not shared, not replaced
        buttons = _button(texts, "share", "topo_copy_link")
        if not any(r["hints"] for r in rounds) and not over and view.get("past") is None:
            buttons += _button(texts, "new-board", "topo_new_board")  # before seeking starts
        parts.append('<div class="topo-actions">' + buttons + '</div>')
    return '<div class="topo-score">' + "".join(parts) + '</div>'


def _toggle(texts, action, key, on):
    return (f'<button type="button" class="topo-toggle" data-action="{action}" role="switch" '
            f'aria-checked="{"true" if on else "false"}"><span class="knob" aria-hidden="true"></span>'
            f'{esc(texts.t(key))}</button>')


def _toggles(screen, texts, view):
    board = view.get("board") or {}
    note = ""
    rounds = board.get("rounds") or []
    if screen.helper and not view.get("result") and rounds and rounds[-1]["hints"]:
        note = (f'<p class="topo-helper-note">'
                f'{esc(texts.t("topo_helper_count", n=len(board.get("candidates") or [])))} '
                f'{esc(texts.t("access.topo_helper_legend"))}</p>')
    legend = ""
    if screen.letters:
        items = "".join(
            f'<li>{chip_markup(screen, texts, (colour, 5), 20)}'
            f'<span>{esc(texts.t("topo_letter_" + str(colour)))} = '
            f'{esc(texts.t("topo_colour_" + str(colour)))}</span></li>' for colour in range(10))
        legend = f'<ul class="topo-legend">{items}</ul>'
    if view.get("replay"):  # the switches act on a turn being played; what they show stays
        return '<section class="topo-view">' + note + legend + '</section>' if note or legend else ""
    return ('<section class="topo-view">' + _toggle(texts, "toggle-helper", "topo_helper", screen.helper)
            + note + _toggle(texts, "toggle-letters", "topo_letters", screen.letters) + legend + '</section>')


# The notebook shows a round's newest hints; the earlier ones are in the move list.
NOTEBOOK_ROWS = 40


def _notebook(screen, texts, view, phase):
    board = view.get("board") or {}
    rounds = board.get("rounds") or []
    shown = screen.shown_round(view, phase)
    tiles = board.get("tiles") or []
    rows = []
    hints = rounds[shown]["hints"] if shown < len(rounds) else []
    first = max(0, len(hints) - NOTEBOOK_ROWS)  # a real round has a handful; a record may hold 1,000
    for k, hint in enumerate(hints[first:], first + 1):
        locations = [location_of(tiles[c[0]][c[1]]) for c in hint["seekers"]]
        chips = "".join(chip_markup(screen, texts, location) for location in locations)
        label = texts.t("topo_hint_row_label", k=k, h=hint["hint"],
                        places=", ".join(_place(texts, location) for location in locations))
        rows.append(f'<li data-hint="{hint["hint"]}" aria-label="{esc(label)}">'
                    f'<span class="k">{k}</span><span class="chips">{chips}</span>'
                    f'<span class="h">{hint["hint"]}</span></li>')
    empty = "" if rows else f'<p class="empty">{esc(texts.t("topo_notebook_empty"))}</p>'
    earlier = f'<p class="detail">{esc(_round_summary(texts, view, 0))}</p>' if shown == 1 else ""
    if first:
        earlier += f'<p class="detail" data-hints-left-out="{first}">{esc(texts.t("topo_notebook_earlier", n=first))}</p>'
    return (f'<section class="topo-notebook"><h2>{esc(texts.t("topo_notebook_round", round=shown + 1))}</h2>'
            f'{back_to_board(texts)}{earlier}{empty}<ol>{"".join(rows)}</ol></section>')
