"""What the frame adds for fingers, keys and screen readers, alike in every game:
the board's box (the whole board in view, or zoomed in and panned), the arrow-key
step from field to field by where they stand on screen, the sentence a screen
reader hears after a move, and "getting ready" for a computer turn drawn
before the host is ready.

Pure (no browser): runs on CPython and MicroPython.
"""

from .move_window import count_of
from .widgets import esc, seat_name

MIN_TAP_PX = 46  # a field at least this wide on screen (44 CSS px and a margin)
MIN_FIELD_PX = 28  # fields of a fitted board stand at least this far apart (WCAG 2.5.8 asks 24)
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def board_min_px(view_units, field_units, min_px=MIN_TAP_PX):
    """The board's least width in CSS px so that a field of ``field_units`` of a
    ``view_units`` wide drawing is ``min_px`` on screen."""
    return int(view_units * min_px / field_units + 0.999)


def pan_box(svg_markup, width_units, height_units, cell_units, face_units):
    """The board in its box, by default as large as the screen allows with the whole
    board in view (static/layout.css), its fields never closer than MIN_FIELD_PX (then
    the box pans); zoomed in (the person's choice) each field's face is MIN_TAP_PX and
    the box pans. The sizes in CSS px of a ``width_units`` x ``height_units`` drawing
    whose fields stand ``cell_units`` apart with faces ``face_units`` wide. The frame
    makes the box a tab stop when it does pan (keys scroll it then)."""
    sizes = []
    for name, px, units in (("min", MIN_FIELD_PX, cell_units), ("zoom", MIN_TAP_PX, face_units)):
        sizes.append(f"--board-{name}-w:{board_min_px(width_units, units, px)}px;"
                     f"--board-{name}-h:{board_min_px(height_units, units, px)}px")
    return f'<div class="board-pan" data-board-pan style="{";".join(sizes)}">{svg_markup}</div>'


def step(centres, here, key):
    """The field an arrow key moves to: the nearest one on that side of ``here``.

    ``centres`` maps a field's key to its (x, y) centre on screen; ``here`` is the
    present field's key (None: the first field in reading order). A field
    within 45 degrees of the arrow beats one further round, and nearer the
    arrow's line beats off to the side. None: no field on that side."""
    if not centres:
        return None
    if here is None or here not in centres:
        return min(centres, key=lambda k: (centres[k][1], centres[k][0]))
    dx, dy = ARROWS[key]
    x0, y0 = centres[here]
    best, best_cost = None, None
    for other, (x, y) in centres.items():
        if other == here:
            continue
        ahead = (x - x0) * dx + (y - y0) * dy  # distance along the arrow
        if ahead <= 0.5:
            continue
        aside = abs((x - x0) * dy) + abs((y - y0) * dx)  # distance across it
        cost = (aside > ahead, ahead + 2 * aside)  # within 45 degrees of the arrow first
        if best_cost is None or cost < best_cost:
            best, best_cost = other, cost
    return best


def announcement(texts, view, parts):
    """What a screen reader hears after a move: number, seat, the entry's words."""
    moves = view.get("moves") or []
    if not moves:
        return ""
    words = " ".join(p.strip() for p in parts if p and p.strip())
    seat = moves[-1].get("seat")
    who = seat_name(texts, view, seat) if isinstance(seat, int) else ""
    return texts.t("access.move_announced", n=count_of(view), name=who, move=words)


def before_ready(texts, view, live):
    """A computer turn drawn before the host answers says "getting ready", not "thinking"."""
    if live or view.get("thinking") is None or view.get("result"):
        return view, None
    shown = dict(view)
    shown["getting_ready"] = True
    return shown, texts.t("access.getting_ready_status", name=seat_name(texts, view, view["thinking"]))


def heading(texts, game):
    """The game screen's level-one heading (read by screen readers; drawn small)."""
    return f'<h1 class="game-title">{esc(texts.t("game." + game))}</h1>'


# Where the keyboard goes once a piece is chosen: the board's first offered field.
FIRST_FIELD = ".board [data-cell][tabindex='0']"


def pan_shift(visible, fields, margin=8):
    """How far (dx, dy) to scroll the board's pan box so that a field the chosen
    piece may go to is in sight; None when one already is (its centre inside),
    so the board stays where the person panned it. ``visible`` is the box's
    part on screen and ``fields`` the offered fields, each (left, top, right,
    bottom) in screen px. Per direction: all the fields if they fit, else the
    one nearest the middle, brought in the shortest way with ``margin``."""
    if not fields:
        return None
    left, top, right, bottom = visible
    for f_left, f_top, f_right, f_bottom in fields:
        x, y = (f_left + f_right) / 2, (f_top + f_bottom) / 2
        if left <= x <= right and top <= y <= bottom:
            return None
    middle = ((left + right) / 2, (top + bottom) / 2)
    nearest = min(fields, key=lambda f: ((f[0] + f[2]) / 2 - middle[0]) ** 2 + ((f[1] + f[3]) / 2 - middle[1]) ** 2)
    shifts = []
    for lo, hi in ((0, 2), (1, 3)):
        span = (min(f[lo] for f in fields), max(f[hi] for f in fields))
        if span[1] - span[0] > visible[hi] - visible[lo]:
            span = (nearest[lo], nearest[hi])
        shifts.append(_shift(span, visible[lo], visible[hi], margin))
    return shifts[0], shifts[1]


def _shift(span, low, high, margin):
    """The least scroll that brings ``span`` inside low..high, ``margin`` clear where room allows."""
    margin = max(0, min(margin, (high - low - (span[1] - span[0])) / 2))
    if span[0] - margin < low:
        return span[0] - margin - low
    if span[1] + margin > high:
        return span[1] + margin - high
    return 0


def zoom_button(texts, zoomed):
    """The person's switch between the whole board (the default) and larger fields in a
    box panned with a swipe; shown only where zooming makes fields larger."""
    return (f'<p class="board-zoom-line"><button type="button" class="board-zoom" data-action="board-zoom" '
            f'aria-pressed="{"true" if zoomed else "false"}">{esc(texts.t("access.board_zoom"))}</button></p>')
