"""Refusals that carry a reason code.

The engine's checks return a reason (a str, so callers test
``isinstance(result, str)``); a ``Reason`` also carries the stable code and
JSON-ready params that ``IllegalMove`` hands to the page.
"""

from ...core.errors import IllegalMove


class Reason(str):
    """An English refusal sentence with its code (``schlangennest.<what>``) and params."""

    code = "illegal"
    params = {}

    def __new__(cls, code, message, **params):
        reason = super().__new__(cls, message)
        reason.code = code
        reason.params = params
        return reason


def illegal(reason):
    """The IllegalMove for a reason (plain strings get the generic code)."""
    if isinstance(reason, Reason):
        return IllegalMove(str(reason), reason.code, **reason.params)
    return IllegalMove(reason)
