"""The board workshop's answers (intent ``board``): a Heptalion board's rows,
given as rows or as a board code, with what the workshop shows live
(games.heptalion.codes.workshop_report) — or the reason it is no board."""

from ..core.errors import RecordError
from .refusal import Refusal


def report(intent):
    """{"rows", "report"} for ``{"rows": [...]}`` or ``{"code": "..."}``; Refusal if neither fits."""
    from ..games.heptalion.codes import rows_from_code, workshop_report
    from ..games.heptalion import ORIGINAL_ROWS

    code, rows = intent.get("code"), intent.get("rows")
    try:
        if code is not None:
            if not isinstance(code, str):
                raise RecordError("a board code is a text")
            rows = rows_from_code(code.strip())
        elif rows is None:
            rows = list(ORIGINAL_ROWS)
        if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
            raise RecordError("a board is 11 rows of text")
        return {"rows": list(rows), "report": workshop_report(rows)}
    except RecordError as exc:
        raise Refusal("host.bad_board", str(exc), detail=exc.reason) from None
