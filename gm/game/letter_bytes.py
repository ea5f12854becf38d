"""A letter file as text: whatever charset the player's mail program saved it in.

Letters arrive as UTF-8 (with or without a byte-order mark), UTF-16, latin-1 or Windows-1252,
with Windows line ends. The charset is detected (charset-normalizer); bytes that are not text
at all (a picture, a zip, NULs) are refused with one line, and an oversized paste is refused
unless the GM insists (reading rules 6 and 7, `gm/orders/README.md`). A letter is read up to
its limit and one byte more, never further: a file that never ends (`/dev/zero`) or a huge
one is refused having cost no more than the limit.
"""

from __future__ import annotations

import codecs
from typing import BinaryIO

from gm.game.workflow_errors import WorkflowError

MAX_BYTES = 1_000_000
MAX_LINES = 5_000
FORCED_MAX_BYTES = 64_000_000  # even --force reads no more: the longest archive is far less
_SAMPLE = 65_536  # the charset of a letter that is not UTF-8 is found from its start
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"),
         (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_CONTROL = {c for c in range(32) if chr(c) not in "\t\n\r\f\v"} | {127}
_CONTROL_BYTES = bytes(sorted(_CONTROL))


def letter_limit(force: bool = False) -> int:
    """The most bytes gm reads as one letter (`force`: as a whole archive pasted)."""
    return FORCED_MAX_BYTES if force else MAX_BYTES


def read_letter_bytes(stream: BinaryIO, name: str, force: bool = False) -> bytes:
    """A letter's bytes from a file or a pipe, read up to the limit and one byte more; a
    longer one is refused there (`force` raises the limit to an archive's, not further)."""
    limit = letter_limit(force)
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(limit + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size <= limit:
        return b"".join(chunks)
    if force:
        raise WorkflowError(f"{name} is more than {limit:,} bytes, more than gm reads even "
                            "with --force; check it is the right file. Nothing was stored.")
    raise WorkflowError(f"{name} is more than {limit:,} bytes, more than a letter; check it "
                        "is the right file, and give --force to read it anyway. Nothing was "
                        "stored.")


def letter_text(data: bytes, name: str) -> str:
    """The text of a letter's bytes, lines ended by '\\n'; `WorkflowError` if it is not text."""
    text = None if _binary_bytes(data) else _decode(data)
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
    if b"\x00" in data:  # NULs: UTF-16 without a mark, or not text
        return _utf16_unmarked(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes  # only for letters that are not UTF-8

    sample = data if len(data) <= _SAMPLE else data[:data.rfind(b"\n", 0, _SAMPLE) + 1 or _SAMPLE]
    matches = from_bytes(sample)
    best = matches.best()
    if best is None:
        return None
    # Short letters read cleanly in several 8-bit charsets; among the cleanest, Windows-1252
    # (which reads latin-1 text too) is what Western mail programs send when not UTF-8.
    cleanest = [m for m in matches if m.chaos <= best.chaos]
    chosen = next((m for m in cleanest if m.encoding == "cp1252"), None) or best
    if sample is data:
        return str(chosen)
    try:  # the rest of a long letter in the charset of its start
        return data.decode(chosen.encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _utf16_unmarked(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark has its NULs on one side of each pair of bytes (the
    high byte of each Latin letter); NULs anywhere else mean the bytes are not text."""
    even = data[0::2].count(0)
    odd = data[1::2].count(0)
    if even and odd:
        return None
    try:
        return data.decode("utf-16-be" if even else "utf-16-le")
    except UnicodeDecodeError:
        return None


def _binary_bytes(data: bytes) -> bool:
    """Control bytes in the first 10,000, as `_looks_binary` counts them in text: a picture or
    random bytes, called not text before any charset is tried (UTF-16 has its own check)."""
    if any(data.startswith(bom) for bom, _ in _BOMS) or b"\x00" in data[:10_000]:
        return False
    head = data[:10_000]
    control = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return control > 0 and control * 100 > len(head)


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
