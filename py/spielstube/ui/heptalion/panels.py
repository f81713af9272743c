"""Heptalion's side of the screen for 2 to 4 at one table: the player panels
(your own first), hands face up or down with their counts, the discarded
tile of a 3-player game, why a seat is out, which placements are new since
your last turn, and the game-over ranking.

Pure markup from the host's view (docs/host-protocol.md section 6); runs on
CPython and MicroPython. "You" is the reference seat: the person holding the
device (the view's viewer), else the one person at the table, else nobody.
"""

from . import svg
from ..common.widgets import esc, person_seat, player_panel, result_text, seat_kinds, seat_mark, seat_name

SYMBOL_NAMES = {"X": "cross", "O": "circle", "D": "diamond", "S": "square",
                "T": "dot", "C": "clover", "P": "plus"}

# Tile markup made once: string formatting is the slow part of a redraw on MicroPython.
_DOMINOES = {}


def domino(code, width=72):
    key = (code, width)
    markup = _DOMINOES.get(key)
    if markup is None:
        markup = _DOMINOES[key] = svg.domino(code, width)
    return markup


def tile_name(texts, code):
    return " / ".join(texts.t("sym_" + SYMBOL_NAMES.get(s, s)) for s in code)


def reference_seat(view):
    """Whose panel comes first and whose "your" the texts mean (None: nobody's)."""
    return person_seat(view)


def panel_order(view, players):
    """Seats in playing order, starting with the reference seat."""
    start = reference_seat(view)
    if start is None or not 0 <= start < players:
        start = 0
    return [(start + k) % players for k in range(players)]


def recent_placements(view):
    """Indexes into ``board.placed`` made since the reference seat last placed
    (every one when it has not placed yet); without a reference seat, or once
    it is out, the seat to act stands in (watching, a hand-over). Empty
    before the first move."""
    board = view.get("board") or {}
    placed = board.get("placed") or []
    seat = reference_seat(view)
    alive = board.get("alive") or []
    if seat is None or (seat < len(alive) and not alive[seat]):
        seat = view.get("seat")
    if seat is None:  # the game is over: only the last placement
        return set([len(placed) - 1]) if placed else set()
    since = 0
    for index, item in enumerate(placed):
        if item.get("seat") == seat:
            since = index + 1
    return set(range(since, len(placed)))


def out_text(texts, view, seat):
    """Why ``seat`` is out, or "" while it plays: "none of your 6 tiles fits any more"."""
    reasons = (view.get("board") or {}).get("out") or []
    reason = reasons[seat] if seat < len(reasons) else None
    if not reason:
        return ""
    count = (reason.get("params") or {}).get("count", 0)
    mine = seat == reference_seat(view) and seat_kinds(view)[seat:seat + 1] == ["human"]
    key = "hept_table.out_" + ("you" if mine else "other") + ("_one" if count == 1 else "")
    return texts.t(key, count=count, name=seat_name(texts, view, seat))


def status_prefix(texts, view):
    """While the game goes on without you: that you are out and why."""
    seat = reference_seat(view)
    if seat is None or view.get("result") or seat_kinds(view)[seat:seat + 1] != ["human"]:
        return ""
    alive = (view.get("board") or {}).get("alive") or []
    if seat < len(alive) and not alive[seat]:
        return out_text(texts, view, seat) + " " + texts.t("hept_table.others_play_on")
    return ""


def hand_markup(texts, view, hand, playable, chosen):
    """A seat's tiles: the acting person's as buttons, others face up (open hands,
    the end) or face down with their count (hidden hands)."""
    seat = hand["seat"]
    mine = seat == view.get("viewer") and not view.get("result")
    tiles = []
    if hand.get("tiles") is None:
        tiles = ['<span class="tile face-down" aria-hidden="true"></span>'] * hand.get("count", 0)
    for code in hand.get("tiles") or []:
        name = esc(tile_name(texts, code))
        if mine:
            legal = code in playable
            classes = ("tile" + (" legal" if legal else "") + (" selected" if code == chosen else "")
                       + (" unplayable" if playable and not legal else ""))
            disabled = "" if legal else ' aria-disabled="true"'
            tiles.append(f'<button type="button" class="{classes}" data-piece="{code}" '
                         f'aria-pressed="{"true" if code == chosen else "false"}" aria-label="{name}"'
                         f'{disabled}>{domino(code)}</button>')
        else:
            tiles.append(f'<span class="tile shown" data-tile="{code}" role="img" aria-label="{name}" '
                         f'title="{name}">{domino(code, 48)}</span>')
    hidden = "" if hand.get("tiles") is not None else (
        f' role="group" aria-label="{esc(texts.t("hept_table.face_down", n=hand.get("count", 0)))}"')
    return f'<div class="hand{" mine" if mine else ""}"{hidden}>{"".join(tiles)}</div>'


def panels(texts, view, playable=(), chosen=None):
    """Every seat's panel, the reference seat's first; ``playable`` the tiles the
    acting person may lay now, ``chosen`` the one picked."""
    board = view.get("board") or {}
    hands = board.get("hands") or []
    out = board.get("out") or []
    parts = []
    for seat in panel_order(view, len(hands)):
        hand = hands[seat]
        why = out_text(texts, view, seat) if seat < len(out) and out[seat] else ""
        body = (f'<p class="out" data-out="{seat}">{esc(why)}</p>' if why else "")
        parts.append(player_panel(texts, view, seat, body + hand_markup(texts, view, hand, playable, chosen),
                                  None, _count_text(texts, hand.get("count", 0))))
    return "".join(parts) + discard_markup(texts, board)


def _count_text(texts, count):
    return texts.t("hept_table.one_tile") if count == 1 else texts.t("tiles_left", n=count)


def discard_markup(texts, board):
    """A 3-player game's tile out of the game: shown, face up, the whole game."""
    code = board.get("discard")
    if not code:
        return ""
    label = esc(texts.t("hept_table.discard"))
    return (f'<section class="discard" data-discard="{code}" aria-label="{label}">'
            f'<h2 class="player-head">{label}</h2><span class="tile shown" data-tile="{code}" '
            f'title="{esc(tile_name(texts, code))}">{domino(code, 48)}</span>'
            f'<span class="discard-name">{esc(tile_name(texts, code))}</span></section>')


def game_over(texts, view):
    """The ranking at the end: the last one left first, the rest sharing second
    place, each with why it went out; the rematch (the host picks who starts)."""
    result = view.get("result")
    if not result:
        return ""
    lines = []
    for place, seats in enumerate(result.get("ranking") or view.get("ranking") or [], 1):
        names = ", ".join(seat_mark(s) + esc(seat_name(texts, view, s)) for s in seats)
        shared = (f' <span class="shared">{esc(texts.t("hept_table.shared_place"))}</span>'
                  if len(seats) > 1 else "")
        why = "".join(f'<li class="why" data-out="{s}">{seat_mark(s)}{esc(seat_name(texts, view, s))}: '
                      f'{esc(out_text(texts, view, s))}</li>' for s in seats if out_text(texts, view, s))
        lines.append(f'<li data-rank="{place}"><span class="rank">{place}.</span> {names}{shared}'
                     + (f'<ul class="reasons">{why}</ul>' if why else "") + '</li>')
    players = len(seat_kinds(view))
    rematch = "rematch_loser_starts" if players == 2 else "hept_table.rematch_last_starts"
    return ('<div class="game-over" role="alert">'
            f'<p class="result">{esc(result_text(texts, view))}</p>'
            f'<ol class="ranking">{"".join(lines)}</ol>'
            f'<button type="button" class="primary" data-action="rematch">'
            f'{esc(texts.t(rematch))}</button></div>')
