"""Share links (intent ``share``, and ``load`` with ``share``): the record
as core/share.py's text, the seats beside it, and whether the link shows
something a player may not see yet (docs/host-protocol.md §7)."""

from ..core.share import share_text


def reveals_secrets(slot):
    """True while some seat sees what the public does not (hidden hands, a secret before
    its round ends): the views tell. A record always holds them."""
    state = slot.state
    if state.is_terminal():
        return False
    public = state.player_view(None)
    return any(state.player_view(seat) != public for seat in range(state.num_players))


def share_message(slot, reply_to):
    return {"type": "share", "reply_to": reply_to, "game": slot.game,
            "text": share_text(slot.session.record()), "seats": list(slot.session.seats),
            "reveals_secrets": reveals_secrets(slot)}
