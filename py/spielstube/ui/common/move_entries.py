"""The move list's markup: its head (title, "no moves yet", the way to earlier moves)
and its entries, each a button in a list item (``data-move-index=k``).

Made in parts so that the page can add new entries to a list it keeps on the page
instead of drawing it again (ui/frame/kept_moves.py).

Pure (no browser): runs on CPython and MicroPython.
"""

from .widgets import esc, seat_mark


def items(texts, entries, start, viewing=None, recent=None, markup_at=None, review_at=None):
    """The list items of ``entries``, the first being move ``start``. Entries from index
    ``recent`` on were made since the person's last turn (class ``recent``); ``viewing`` is
    the move shown. ``markup_at(index, entry)`` makes an entry's markup; ``review_at(index)``,
    if given, is a reviewed entry's (mark, markup after it) or None (``data-review``)."""
    made = []
    since = esc(texts.t("moves.recent"))
    for index, entry in enumerate(entries, start):
        seat = entry.get("seat")
        classes = "entry seat-" + str(seat)
        if viewing == index:
            classes += " viewing"
        new = recent is not None and index >= recent
        if new:
            classes += " recent"
        reviewed = review_at(index) if review_at is not None else None
        # A button in a list item: the list stays a list for screen readers.
        made.append(
            f'<li class="{classes}"><button type="button" class="entry-button" '
            f'data-move-index="{index}" aria-pressed="{"true" if viewing == index else "false"}"'
            + (f' data-review="{reviewed[0]}"' if reviewed else "") + '>'
            f'<span class="num">{index + 1}.</span>{seat_mark(seat) if seat is not None else ""}'
            f'<span class="what">{markup_at(index, entry)}</span>'
            + (reviewed[1] if reviewed else "")
            + (f'<span class="sr-only">{since}</span>' if new else "") + '</button></li>')
    return made


def head(texts, start, held_from, empty):
    """What stands over the entries: the title, "no moves yet" (``empty``: none drawn, none
    before), and the button to show the ``start - held_from`` earlier moves left out."""
    markup = f'<h2>{esc(texts.t("moves"))}</h2>'
    if empty:
        markup += f'<p class="empty">{esc(texts.t("no_moves_yet"))}</p>'
    if start > held_from:
        markup += (f'<button type="button" class="earlier" data-action="earlier-moves">'
                   f'{esc(texts.t("moves.earlier", n=start - held_from))}</button>')
    return markup


def move_list(texts, view, entry_markup, viewing=None, start=None, entries=None, recent=None, held_from=0,
              markup_at=None, review_at=None):
    """The moves, numbered and oldest first; entry k is ``data-move-index=k``.

    ``entries`` (default: every one the view holds) are the moves drawn, the first being
    move ``start``; when moves from ``held_from`` on are left out, ``[data-action=earlier-moves]``
    shows more. ``markup_at(index, entry)``, if given, makes an entry's markup (a kept one)
    instead of ``entry_markup(entry)``; the rest is as ``items`` says."""
    if entries is None:
        entries = view.get("moves") or []
        held_from = view.get("moves_from") or 0  # a kept view holds the newest entries only
        start = held_from
    elif start is None:
        start = held_from
    made = items(texts, entries, start, viewing, recent,
                 markup_at if markup_at is not None else lambda index, entry: entry_markup(entry), review_at)
    return (f'<section class="move-list" data-move-section>{head(texts, start, held_from, not made and not start)}'
            f'<ol class="moves" data-move-list>{"".join(made)}</ol></section>')
