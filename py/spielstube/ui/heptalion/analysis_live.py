"""A progress push of Heptalion's analysis drawn in part: only what it changed
(the panel's attributes, line, counts and list, the status bar's analysis
line, the marks of the fields) instead of the whole screen, which is a
main-thread task of 77-91 ms in Chromium at a load of 3-5, four times a second
while the worker searches (docs/benchmarks.md, "Heptalion: the analysis panel").

Pure (no browser): ``patch`` says what to change; ui/frame/analysis.py does
it on the page. Runs on CPython and MicroPython.
"""

NO_FIELD = "-"


def patch(screen, texts, view, field_label):
    """{"attrs": [(name, value or None)], "line": text or None, "more": markup or None,
    "summary": markup or None, "cells": [("r,c", mark or None, label)]} for a Heptalion
    screen whose panel is on, or None (the whole screen must be drawn). A part left as it
    was drawn is None; the screen remembers what it drew (``drawn``, ``drawn_marks``).
    ``field_label(texts, cell, sym, mark)``: a field's name for screen readers."""
    panel = screen.analysis
    board = view.get("board") or {}
    if not panel.on or "line" not in panel.drawn or "summary" not in panel.drawn:
        return None  # switched on or off, or not drawn yet: a redraw of everything
    line = panel.line(texts, view)
    more = panel.more_markup(texts, view, screen.tile_name)
    summary = panel.summary(texts, view)
    if not summary:
        return None  # the status bar's line would go: the layout changes
    out = {"attrs": panel.attributes(view),
           "line": line if line != panel.drawn.get("line") else None,
           "more": more if more != panel.drawn.get("more") else None,
           "summary": None, "cells": []}
    if summary != panel.drawn.get("summary"):
        out["summary"] = panel.summary_markup(texts, view)
    panel.drawn.update(line=line, more=more)
    marks, before = screen.analysis_marks(view), screen.drawn_marks
    rows = board.get("rows") or []
    for cell in sorted(set(marks) | set(before)):
        mark = marks.get(cell)
        if mark == before.get(cell):
            continue
        r, c = cell
        sym = rows[r][c] if r < len(rows) and c < len(rows[r]) else NO_FIELD
        if sym == NO_FIELD:
            continue
        out["cells"].append((f"{r},{c}", mark, field_label(texts, cell, sym, mark)))
    screen.drawn_marks = marks
    return out
