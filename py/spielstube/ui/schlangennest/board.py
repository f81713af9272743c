"""The Schlangennest board drawn from the host's player view: the nest, the
cards with their owners' tints, open-end arrows, the fields a person may tap,
the preview of the chosen card, and the field labels the move list names.

Pure markup (no browser, no rules): what may be tapped comes from the turn
builder, which knows only the legal moves the host sent.
"""

from . import svg
from ..common.access import pan_box
from ..common.widgets import esc

CELL = svg.CELL
HALF = svg.HALF
LABEL = 26  # board units left of and above the fields for their coordinates
MIN_VIEW = 5  # the board shows at least this many fields each way
MAX_FIELD_PX = 84  # an early board stays calm: no field drawn larger
FIRST_CELL = (0, 0)  # the records' first card (an empty table offers it)


# Card markup made once per look and place: string formatting is the slow part
# of a redraw on MicroPython (a view redraws the whole board).
_CARDS = {}


def card_markup(kind, colour, rot, owners, x, y, classes="", attrs=""):
    key = (kind, colour, rot, tuple(owners), x, y, classes, attrs)
    markup = _CARDS.get(key)
    if markup is None:
        if len(_CARDS) > 4000:  # a long session: start again rather than grow
            _CARDS.clear()
        markup = _CARDS[key] = svg.card(kind, colour, rot, owners, x, y, classes, attrs)
    return markup


def num(value):
    """A coordinate as the board labels it (a real minus sign)."""
    return str(value).replace("-", "\u2212")


def cell_label(cell):
    return num(cell[0]) + "," + num(cell[1])


def cards_by_cell(board):
    return dict(((c["cell"][0], c["cell"][1]), c) for c in board.get("cards") or [])


def _grow(bounds, cells):
    x0, x1, y0, y1 = bounds
    for x, y in cells:
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
    return x0, x1, y0, y1


def view_bounds(board, legal, before=None):
    """Fields shown: the cards and one field around, the fixed border, the
    legal fields, at least the nest's size (MIN_VIEW each way when unlimited);
    never smaller than ``before``."""
    cells = list(cards_by_cell(board)) or [FIRST_CELL]
    x0, x1, y0, y1 = _grow((cells[0][0], cells[0][0], cells[0][1], cells[0][1]), cells)
    x0, x1, y0, y1 = x0 - 1, x1 + 1, y0 - 1, y1 + 1
    x0, x1, y0, y1 = _grow((x0, x1, y0, y1), legal)
    border = board.get("border") or {}
    if border.get("x"):
        x0, x1 = min(x0, border["x"][0]), max(x1, border["x"][1])
    if border.get("y"):
        y0, y1 = min(y0, border["y"][0]), max(y1, border["y"][1])
    # at least the agreed nest (short side across, long side down): an empty table shows
    # the 5 x 7 its status line names, not a smaller grid
    area = board.get("area") or (MIN_VIEW, MIN_VIEW)
    wide, tall = max(MIN_VIEW, min(area)), max(MIN_VIEW, max(area))
    while x1 - x0 + 1 < wide:
        x0, x1 = (x0 - 1, x1) if (x1 - x0) % 2 else (x0, x1 + 1)
    while y1 - y0 + 1 < tall:
        y0, y1 = (y0 - 1, y1) if (y1 - y0) % 2 else (y0, y1 + 1)
    if before is not None:
        x0, x1, y0, y1 = min(x0, before[0]), max(x1, before[1]), min(y0, before[2]), max(y1, before[3])
    return x0, x1, y0, y1


def _labels(bounds):
    x0, x1, y0, y1 = bounds
    parts = [f'<text class="coord" x="{x * CELL + HALF}" y="{y0 * CELL - 8}">{num(x)}</text>'
             for x in range(x0, x1 + 1)]
    parts += [f'<text class="coord" x="{x0 * CELL - LABEL / 2}" y="{y * CELL + HALF + 5}">{num(y)}</text>'
              for y in range(y0, y1 + 1)]
    return f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'


def _nest(board):
    extent = board.get("extent") or {}
    if not extent.get("x") or not extent.get("y"):
        return ""
    border = board.get("border") or {}
    return svg.nest((extent["x"], extent["y"]), bool(border.get("x")), bool(border.get("y")))


def neutral_colours(board):
    """Colours of snakes no player owns (the variants' neutral and frame snakes):
    as the view names them, else as its colours' owners say (a view kept before
    the view named them), else every colour beyond the players' snakes."""
    named = board.get("neutral_colours")
    if isinstance(named, list):
        return set(named)
    owners = board.get("colours")
    if isinstance(owners, list) and owners:
        return set(entry.get("colour") for entry in owners if entry.get("seat") is None)
    snakes = (board.get("players") or len(board.get("hands") or [])) * (board.get("snakes") or 1)
    return set(card["colour"] for card in board.get("cards") or [] if card["colour"] >= snakes)


def colour_owner(board, colour):
    """The seat whose snake ``colour`` is, or None (a neutral snake)."""
    for entry in board.get("colours") or []:
        if entry.get("colour") == colour:
            return entry.get("seat")
    if colour in neutral_colours(board):
        return None
    players = board.get("players") or len(board.get("hands") or []) or 1
    return colour % players


def _owners(card):
    return [part.get("snake") for part in card.get("parts") or []]


def preview_card(move, cards, seat):
    """(kind, colour, rot, owners) of the chosen action drawn at its field."""
    cell = (move["cell"][0], move["cell"][1])
    action = move.get("action")
    colour = move.get("colour", seat)
    if action == "turn":
        card = cards[cell]
        return card["card"], card["colour"], (card["rot"] + move.get("dir", 1)) % 4, _owners(card)
    kind = "tail" if action == "swap" else move["card"]
    owners = [colour] + [None] * (len(svg.PART_PICTURES[kind][0]) - 1)
    return kind, colour, move.get("rot", 0), owners


def board_svg(texts, board, turn, seat, bounds, last_cell=None, highlight=(), names=None):
    """The board; ``turn`` is the person's turn builder (empty when nothing may be done),
    ``names`` each colour's name as the panels say it (whose snake it is)."""
    cards = cards_by_cell(board)
    legal = turn.legal_cells()
    move = turn.selected_move()
    selected = turn.cell if move is not None else None
    parts = [svg.grid(bounds), _nest(board), _labels(bounds)]
    empties = set(legal)
    if not cards:
        empties.add(FIRST_CELL)
    for x, y in cards:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                empties.add((x + dx, y + dy))
    x0, x1, y0, y1 = bounds
    for cell in sorted(empties):
        if cell in cards or cell == selected:
            continue
        if cell in legal:
            label = esc(texts.t("snake_field_label", x=num(cell[0]), y=num(cell[1])))
            parts.append(svg.field(cell, "sn-field legal", f'tabindex="0" role="button" aria-label="{label}"'))
        elif x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1:
            parts.append(svg.field(cell, "sn-field"))
    ring_kind = turn.ring_kind or "turn"
    neutral = neutral_colours(board)
    for cell in sorted(cards):
        card = cards[cell]
        kind, colour, rot, owners = card["card"], card["colour"], card["rot"], _owners(card)
        classes = " neutral" if colour in neutral else ""
        attrs = f' data-cell="{cell[0]},{cell[1]}"'
        if cell == selected:
            kind, colour, rot, owners = preview_card(move, cards, seat)
            classes += " preview selected"
            label = texts.t("snake_preview_label", kind=texts.t("snake_kind_" + kind), x=num(cell[0]), y=num(cell[1]))
            attrs += f' tabindex="0" role="button" aria-label="{esc(label)}"'
        elif cell in legal:
            classes += " legal"
            label = texts.t("snake_card_label_" + ring_kind, x=num(cell[0]), y=num(cell[1]))
            attrs += f' tabindex="0" role="button" aria-label="{esc(label)}"'
        else:  # named for screen readers: kind, colour, field
            attrs += f' role="img" aria-label="{esc(card_name(texts, card, cell, neutral, names))}"'
        parts.append(card_markup(kind, colour, rot, owners, cell[0], cell[1], classes, attrs))
    if selected is not None and selected not in cards:
        kind, colour, rot, owners = preview_card(move, cards, seat)
        label = texts.t("snake_preview_label", kind=texts.t("snake_kind_" + kind), x=num(selected[0]), y=num(selected[1]))
        attrs = f' data-cell="{selected[0]},{selected[1]}" tabindex="0" role="button" aria-label="{esc(label)}"'
        parts.append(card_markup(kind, colour, rot, owners, selected[0], selected[1], " preview selected", attrs))
    for snake, ends in enumerate(board.get("open_ends") or []):
        for end in ends:
            parts.append(svg.open_end((end["cell"][0], end["cell"][1]), end["edge"], snake, current=snake == seat))
    if last_cell is not None and last_cell in cards and last_cell != selected:
        parts.append(svg.highlight(last_cell, "last-frame"))
    for cell in highlight:
        parts.append(svg.highlight(cell, "highlight-frame"))
    for cell in legal:
        if cell in cards and cell != selected:
            parts.append(svg.highlight(cell, "legal-frame"))
    if selected is not None:
        parts.append(svg.highlight(selected, "preview-frame"))
    width = (x1 - x0 + 1) * CELL + LABEL + 6
    height = (y1 - y0 + 1) * CELL + LABEL + 6
    box = f"{x0 * CELL - LABEL} {y0 * CELL - LABEL} {width} {height}"
    return pan_box(f'<svg class="board sn-svg sn-board" viewBox="{box}" role="group" '
                   f'style="--board-max-w:{(x1 - x0 + 1) * MAX_FIELD_PX}px" '
                   f'aria-label="{esc(texts.t("board"))}">{"".join(parts)}</svg>',
                   width, height, CELL, CELL - 6)


def card_name(texts, card, cell, neutral=(), names=None):
    """A laid card as a screen reader names it: "Curve (Blue), field 1, 2"; with
    ``names`` as the panels name the colour ("Curve (Green: your second snake)...")."""
    colour = card.get("colour")
    key = "snake_colour_" + str(colour)
    colour_name = texts.t("access.snake_neutral") if colour in neutral or not texts.has(key) else texts.t(key)
    if names and colour in names and colour not in neutral:
        colour_name = names[colour]
    return texts.t("access.snake_card", kind=texts.t("snake_kind_" + str(card.get("card"))),
                   colour=colour_name, x=num(cell[0]), y=num(cell[1]))
