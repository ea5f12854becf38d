"""A letter file as text: whatever charset the player's mail program saved it in.

Letters arrive as UTF-8 (with or without a byte-order mark), UTF-16, latin-1 or Windows-1252,
with Windows line ends. The charset is detected (charset-normalizer); bytes that are not text
at all (a picture, a zip) are refused with one line, and an oversized paste is refused unless
the GM insists (reading rules 6 and 7, `gm/orders/README.md`).
"""

from __future__ import annotations

import codecs

from gm.game.workflow_errors import WorkflowError

MAX_BYTES = 1_000_000
MAX_LINES = 5_000
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"),
         (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_CONTROL = {c for c in range(32) if chr(c) not in "\t\n\r\f\v"} | {127}


def letter_text(data: bytes, name: str) -> str:
    """The text of a letter's bytes, lines ended by '\\n'; `WorkflowError` if it is not text."""
    text = _decode(data)
    if text is None or _looks_binary(text):
        raise WorkflowError(f"{name} is not text")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _decode(data: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                return None
    if b"\x00" not in data:  # NULs: UTF-16 without a mark, or not text
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    from charset_normalizer import from_bytes  # only for letters that are not UTF-8

    matches = from_bytes(data)
    best = matches.best()
    if best is None:
        return None
    # Short letters read cleanly in several 8-bit charsets; among the cleanest, Windows-1252
    # (which reads latin-1 text too) is what Western mail programs send when not UTF-8.
    cleanest = [m for m in matches if m.chaos <= best.chaos]
    western = next((m for m in cleanest if m.encoding == "cp1252"), None)
    return str(western or best)


def _looks_binary(text: str) -> bool:
    """Text with control characters (NUL and the like) in it is a binary file misread."""
    if not text:
        return False
    control = sum(1 for ch in text[:10_000] if ord(ch) in _CONTROL)
    return control > 0 and control * 100 > len(text[:10_000])


def check_size(text: str, name: str, force: bool) -> None:
    """Refuse a letter too big to be one, unless `force` (a GM pasting a whole archive)."""
    if force:
        return
    size = len(text.encode("utf-8"))
    lines = len(text.splitlines())
    if size > MAX_BYTES or lines > MAX_LINES:
        raise WorkflowError(f"{name} is {size:,} bytes and {lines:,} lines, more than a "
                            f"letter ({MAX_BYTES:,} bytes or {MAX_LINES:,} lines at most); "
                            "check it is the right file, and give --force to read it anyway. "
                            "Nothing was stored.")
