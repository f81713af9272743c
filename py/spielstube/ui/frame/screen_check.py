"""Moves a game screen wants the host to check before they are made (the
``check`` intent, docs/host-protocol.md section 7). Schlangennest asks why a
field refuses the chosen card and what the selected card would bring.

The frame calls ``ask`` after each drawing while the person may act; the
screen's ``take_check()`` names a move (once: it returns None until there is
something new), and its ``checked(answer)`` returns a notice key or None
(common/screen.py).
"""


def ask(frame, live):
    screen = frame.screen
    if not live:
        return
    data = screen.take_check()
    if data is not None:
        frame.send("check", {"move": data}, on_reply=lambda answer: _answered(frame, screen, answer))


def _answered(frame, screen, answer):
    if frame.screen is not screen:
        return  # another game is shown meanwhile
    key = screen.checked(answer)
    if key:
        frame.notice = screen.notice_text(frame.texts, key)
    frame.render()
