"""Share links: a record as short text for a URL fragment, and back.

``share_text(record)`` is ``"1."`` and the URL-safe base64 (no padding) of
the compact JSON deflated with zlib, followed by 8 bytes of its SHA-256: a
link cut short or changed by hand is refused with a RecordError instead of
opening some other game. The decoded JSON goes through parse_record, so a
link is checked like any record (size, nesting, keys); replaying it is the
caller's part, as for a file. Standard library only (zlib, hashlib and
base64 are in Pyodide too).
"""

import base64
import binascii
import hashlib
import json
import re
import zlib

from .errors import RecordError
from .limits import MAX_RECORD_BYTES
from .record import parse_record

PREFIX = "1."
DIGEST_BYTES = 8
URL_SAFE_BASE64 = re.compile(r"[A-Za-z0-9_-]*")


def _digest(data):
    return hashlib.sha256(data).digest()[:DIGEST_BYTES]


def share_text(record):
    """The fragment text that carries ``record`` (a core.record.Record)."""
    data = json.dumps(record.to_dict(), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = zlib.compress(data, 9) + _digest(data)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def record_from_share(text):
    """The Record a share text carries; RecordError if it is damaged or not one."""
    if not isinstance(text, str) or not text.startswith(PREFIX):
        raise RecordError("the link does not hold a Spielstube game")
    body = text[len(PREFIX):]
    # Base64 text of MAX_RECORD_BYTES compressed could never be longer than this.
    if len(body) > MAX_RECORD_BYTES * 2:
        raise RecordError("the link is too long")
    if not URL_SAFE_BASE64.fullmatch(body):
        raise RecordError("the link is damaged (a character that a share link never holds)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("the link is damaged or incomplete (not base64 text)") from None
    compressed, digest = packed[:-DIGEST_BYTES], packed[-DIGEST_BYTES:]
    inflater = zlib.decompressobj()
    try:
        # Never inflate past the record size limit (a small link could expand to gigabytes).
        data = inflater.decompress(compressed, MAX_RECORD_BYTES + 1)
    except zlib.error:
        raise RecordError("the link is damaged (it does not unpack)") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is too large (more than {MAX_RECORD_BYTES:,} bytes)")
    if not inflater.eof or inflater.unused_data or _digest(data) != digest:
        raise RecordError("the link is damaged or incomplete (its check does not match)")
    return parse_record(data)
