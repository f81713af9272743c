"""The agreed area a x b: where straight and curve cards may lie.

All straight and curve cards must fit in one a x b rectangle, in either
orientation. An axis is fixed once the cards' span along it reaches the
longest length that axis can still have; a fixed axis stays fixed even if a
later swap shrinks the span. ``span`` is (min_x, max_x, min_y, max_y) of the
straight and curve cards or None; ``fixed`` is (x_range, y_range), each None
or (lo, hi). ``size`` is (a, b) with a <= b, or None for an unlimited area.
"""

NO_FIXED = (None, None)


def _orientations(size, span, fixed):
    """(x_length, y_length) choices that hold the span and the fixed ranges."""
    a, b = size
    out = []
    for lx, ly in ((a, b), (b, a)) if a != b else ((a, a),):
        if span is not None and (span[1] - span[0] + 1 > lx or span[3] - span[2] + 1 > ly):
            continue
        fx, fy = fixed
        if fx is not None and fx[1] - fx[0] + 1 != lx:
            continue
        if fy is not None and fy[1] - fy[0] + 1 != ly:
            continue
        out.append((lx, ly))
    return out


def extend_span(span, cell):
    x, y = cell
    if span is None:
        return (x, x, y, y)
    return (min(span[0], x), max(span[1], x), min(span[2], y), max(span[3], y))


def span_of(cells):
    span = None
    for cell in cells:
        span = extend_span(span, cell)
    return span


def allows(size, span, fixed, cell):
    """May a straight or curve card lie on ``cell``?"""
    if size is None:
        return True
    fx, fy = fixed
    x, y = cell
    if fx is not None and not fx[0] <= x <= fx[1]:
        return False
    if fy is not None and not fy[0] <= y <= fy[1]:
        return False
    return bool(_orientations(size, extend_span(span, cell), fixed))


def fix(size, span, fixed):
    """The fixed ranges after the span grew to ``span`` (already allowed)."""
    if size is None or span is None:
        return fixed
    choices = _orientations(size, span, fixed)
    fx, fy = fixed
    if fx is None and span[1] - span[0] + 1 == max(lx for lx, _ in choices):
        fx = (span[0], span[1])
    if fy is None and span[3] - span[2] + 1 == max(ly for _, ly in choices):
        fy = (span[2], span[3])
    return (fx, fy)


def extent(size, span, fixed):
    """The ranges straight and curve cards can still reach, per axis.

    Returns ((x_lo, x_hi), (y_lo, y_hi)); None for an axis without a bound
    (an unlimited area, or no card yet). Each axis is bounded on its own;
    ``allows`` is the exact test for one cell.
    """
    if size is None or span is None:
        return (None, None)
    choices = _orientations(size, span, fixed)
    fx, fy = fixed
    if fx is None:
        lx = max(c[0] for c in choices)
        fx = (span[1] - lx + 1, span[0] + lx - 1)
    if fy is None:
        ly = max(c[1] for c in choices)
        fy = (span[3] - ly + 1, span[2] + ly - 1)
    return (fx, fy)
