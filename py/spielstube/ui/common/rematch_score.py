"""The score across rematches over the players' panels (``[data-rematch-score]``;
the host counts it: host/rematch_score.py)."""

from .widgets import esc, seat_mark, seat_name


def score_points(wins, shared):
    """A seat's points across rematches as written: 2, ½, 1½ (a shared first place is half)."""
    whole, half = wins + shared // 2, shared % 2
    if half and not whole:
        return "½"
    return str(whole) + ("½" if half else "")


def section(texts, view):
    """``[data-rematch-score]``: the score across rematches (in the side column under the
    players' panels and the suggestion, over the game's end), one number per seat in seat
    order, each after its seat's mark ("Rematches: ● 2 : ■ 1"), its seats named for screen
    readers and as a tooltip; "" until a game of the run has finished (host/rematch_score.py)."""
    score = view.get("rematch_score") if view else None
    seats = (view or {}).get("seats") or []
    if not isinstance(score, dict) or not seats:
        return ""
    wins, shared, games = score.get("wins"), score.get("shared"), score.get("games")
    if not (isinstance(wins, list) and isinstance(shared, list) and isinstance(games, int)
            and games > 0 and len(wins) == len(seats) == len(shared)
            and all(isinstance(n, int) and n >= 0 for n in wins + shared)):
        return ""  # a kept view from storage is only a picture: a damaged score is left out
    points = [score_points(wins[seat], shared[seat]) for seat in range(len(seats))]
    shown = " : ".join(points)
    marked = " : ".join(seat_mark(seat) + " " + points[seat] for seat in range(len(seats)))
    named = ", ".join(seat_name(texts, view, seat) + " " + points[seat] for seat in range(len(seats)))
    detail = texts.t("rematch_score.detail", scores=named, n=games)
    if any(shared):
        detail += " " + texts.t("rematch_score.half")
    return (f'<p class="rematch-score" data-rematch-score="{esc(shown)}">'
            f'<span class="rematch-label">{esc(texts.t("rematch_score.label"))}</span> '
            f'<span class="rematch-points" aria-hidden="true" title="{esc(detail)}">{marked}</span>'
            f'<span class="sr-only">{esc(detail)}</span></p>')
