"""The person's cards under the Schlangennest board, with Rotate and Lay card.

On the person's turn the cards the turn builder offers can be chosen. While
another seat moves (or the board is a kept or a past one) the same cards are
drawn, none playable: the tray keeps its place, so nothing under it moves as
turns pass (a tap aimed at Undo as the computer's move lands hits Undo).

Pure markup (no browser): runs on CPython and MicroPython.
"""

from . import svg
from . import turn as st
from ..common.widgets import esc, person_seat, seat_kinds

KINDS = ("straight", "curve", "tail", "head")
# A card not playable now still says why when tapped, so it stays tappable.
UNPLAYABLE = ' aria-disabled="true"'
_ICONS = {}  # a card's picture in the hand, made once (MicroPython formats slowly)


def hand_icon(kind, colour):
    key = (kind, colour)
    markup = _ICONS.get(key)
    if markup is None:
        markup = _ICONS[key] = svg.card_icon(kind, colour, 40)
    return markup


def card_button(texts, kind, left, colour, classes, attributes):
    name = texts.t("snake_kind_" + kind)
    label = texts.t("snake_hand_label", kind=name, n=left)
    return (f'<button type="button" class="{classes}" data-piece="{kind}"{attributes} '
            f'aria-label="{esc(label)}">{hand_icon(kind, colour)}'
            f'<span class="sn-kind">{esc(name)}</span><span class="sn-count">×{left}</span></button>')


def hand_group(texts, seat, buttons):
    return (f'<div class="sn-hand seat-{seat}" role="group" aria-label="{esc(texts.t("snake_your_cards"))}">'
            f'{buttons}</div>')


def turn_tray(texts, turn, seat, hand, preview):
    """The person's turn: ``turn`` the turn builder, ``hand`` the card counts of ``seat``,
    ``preview`` the host's length for the selected move (or None)."""
    colours = sorted(set(int(k.split(":")[1]) for k in turn.pieces() if ":" in k))
    buttons = []
    for colour in colours or [None]:
        for number, kind in enumerate(KINDS, 1):
            key = st.piece_key(kind, colour)
            legal = key in turn.pieces()
            chosen = key == turn.piece
            classes = "sn-card-btn" + (" legal" if legal else " unplayable") + (" selected" if chosen else "")
            extra = f' data-colour="{colour}"' if colour is not None else ""
            buttons.append(card_button(texts, kind, hand.get(kind, 0), seat if colour is None else colour, classes,
                                       f'{extra} aria-pressed="{"true" if chosen else "false"}" '
                                       f'aria-keyshortcuts="{number}"{"" if legal else UNPLAYABLE}'))
    move = turn.selected_move()
    doing = actions(texts, "snake_turn_other_way" if turn.ring_kind == "turn" else "snake_rotate",
                      turn.can_rotate(), {"turn": "snake_confirm_turn", "swap": "snake_confirm_swap"}.get(
                          turn.ring_kind, "snake_confirm_place"), move is not None)
    if preview is not None:
        doing += (f'<span class="sn-gain sn-preview" data-preview-length="{preview.get("length")}">'
                    f'{esc(texts.t("snake_length_preview", n=preview.get("length"), before=preview.get("length_before")))}'
                    '</span>')
    cards = "" if turn.ring else hand_group(texts, seat, "".join(buttons))
    return f'<div class="sn-tray">{cards}<div class="sn-actions">{doing}</div></div>'


def actions(texts, rotate_key="snake_rotate", can_rotate=False, confirm_key="snake_confirm_place", ready=False):
    """Rotate and the confirming button (Lay card), each disabled while it can do nothing."""
    return (f'<button type="button" data-action="rotate" aria-keyshortcuts="R"'
            f'{"" if can_rotate else " disabled"}>↻ {esc(texts.t(rotate_key))}</button>'
            f'<button type="button" class="primary{" legal" if ready else ""}" '
            f'data-action="confirm"{"" if ready else " disabled"}>{esc(texts.t(confirm_key))}</button>')


def waiting_tray(texts, view):
    """The person's cards while it is not their turn, none playable ("" when nobody's cards
    are shown: a watched game, persons passing the device, a game over)."""
    seat = person_seat(view)
    if seat is None or view.get("result") or seat_kinds(view)[seat:seat + 1] != ["human"]:
        return ""
    board = view.get("board") or {}
    hands = board.get("hands") or []
    hand = hands[seat] if seat < len(hands) else {}
    # A row per snake, as on the person's turn (two snakes each: the colours the seat owns).
    colours = ([entry.get("colour") for entry in board.get("colours") or [] if entry.get("seat") == seat]
               if board.get("snakes") == 2 else []) or [None]
    buttons = "".join(card_button(texts, kind, hand.get(kind, 0), seat if colour is None else colour,
                                  "sn-card-btn waiting",
                                  (f' data-colour="{colour}"' if colour is not None else "")
                                  + ' aria-pressed="false" disabled') for colour in colours for kind in KINDS)
    return (f'<div class="sn-tray waiting">{hand_group(texts, seat, buttons)}'
            f'<div class="sn-actions">{actions(texts)}</div></div>')
