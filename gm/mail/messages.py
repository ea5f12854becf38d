"""One message as a mail program sent it, reduced to what gm keeps: who sent it, when, its
Message-ID and subject, the text of the letter, and the names of its attachments.

The letter is the text part, or the HTML part turned into text when there is no text part,
decoded from any charset and transfer encoding. Attachments (including a forwarded message
attached whole) are never read, only listed: the GM sees them and can paste one if it matters.
A message gm cannot read (parts nested beyond reason, more bytes than gm reads, or one the
mail parser gives up on) is never an error: its headers are read alone, and `unreadable` says
why, so that the GM is told and the mailbox's other letters are read.
"""

from __future__ import annotations

import email
import email.parser
import email.policy
import hashlib
import re
from dataclasses import dataclass, replace
from datetime import datetime
from email.message import EmailMessage
from email.utils import getaddresses, parsedate_to_datetime

from gm.mail import mailboxes
from gm.mail.html_text import html_to_text
from gm.mail.mailboxes import Oversized

MAX_DEPTH = 20  # parts inside parts: mail programs nest three or four deep
MAX_CONTAINERS = 100  # multipart parts in one message (the mail parser slows with each)
_BOUNDARY = re.compile(rb"boundary\s*=", re.I)
_KEPT_BYTES = 1_000_000  # of an unreadable message, what the store keeps for the GM


@dataclass(frozen=True, slots=True)
class IncomingMessage:
    """A message as gm reads it: its sender, date and the text its orders are read from."""

    message_id: str
    sender: str  # the address, lower case
    sender_name: str
    subject: str
    dated: datetime | None  # the Date header, with its offset; None if missing or unreadable
    text: str
    attachments: tuple[str, ...]
    from_html: bool = False  # the text was made from the HTML part
    unreadable: str = ""  # why gm could not read the message; its text is then the raw one
    digest: str = ""  # of the bytes the mailbox gave (`raw_digest`), kept with the message read

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes the message one read before (`gm.store.mail_rows.MessageKey`)."""
        return (self.message_id, self.sender, self.text)

    @property
    def tag(self) -> str:
        """The key in a short word, for a step taken once per message (a reply, a notice)."""
        digest = hashlib.sha256("\0".join(self.key).encode("utf-8", "surrogatepass"))
        return f"{self.message_id} {digest.hexdigest()[:16]}"


class _TooDeep(ValueError):
    pass


def raw_digest(raw: bytes | Oversized) -> str:
    """A digest of a message's bytes as the mailbox gives them, to know a message read before
    without decoding it (the same bytes decode to the same message)."""
    if isinstance(raw, Oversized):
        return hashlib.sha256(raw.head + b"\0%d" % raw.size).hexdigest()
    return hashlib.sha256(raw).hexdigest()


def parse_message(raw: bytes | Oversized) -> IncomingMessage:
    """Decode one message from its bytes (as stored in an mbox, a Maildir or on IMAP); never
    raises: a message that cannot be read comes back `unreadable`, with its headers."""
    return replace(_message_of(raw), digest=raw_digest(raw))


def _message_of(raw: bytes | Oversized) -> IncomingMessage:
    if isinstance(raw, Oversized):
        return _unreadable(raw.head, f"it is more than {mailboxes.MAX_MESSAGE_BYTES:,} bytes, "
                                     "more than gm reads", keep=False)
    containers = len(_BOUNDARY.findall(raw))
    if containers > MAX_CONTAINERS:  # told before parsing: each one slows every line's reading
        return _unreadable(raw, f"it has {containers:,} multipart parts, more than gm reads "
                                f"({MAX_CONTAINERS})")
    try:
        message = email.message_from_bytes(raw, policy=email.policy.default)
        return read_message(message, raw)
    except (RecursionError, _TooDeep):
        return _unreadable(raw, f"its parts are nested more than {MAX_DEPTH} deep")
    except Exception as exc:  # noqa: BLE001 - any failure of the mail parser on a stranger's bytes
        return _unreadable(raw, f"the mail parser gave up on it ({type(exc).__name__}: {exc})")


def read_message(message: EmailMessage, raw: bytes = b"") -> IncomingMessage:
    name, address = _sender(message)
    text, from_html, attachments = _body(message)
    return IncomingMessage(
        message_id=_message_id(message, raw), sender=address, sender_name=name,
        subject=_header(message, "subject"), dated=_date(message), text=text,
        attachments=tuple(attachments), from_html=from_html)


def _unreadable(raw: bytes, why: str, keep: bool = True) -> IncomingMessage:
    """A message known by its headers alone (parsed without its body, which cannot fail
    deep); its raw text kept for the GM to look at, up to a letter's size."""
    try:
        headers = email.parser.BytesParser(policy=email.policy.default).parsebytes(
            raw, headersonly=True)
        name, address = _sender(headers)
        subject, dated = _header(headers, "subject"), _date(headers)
        value = _header(headers, "message-id").strip()
    except Exception:  # noqa: BLE001 - even the headers are beyond reading
        name, address, subject, dated, value = "", "", "", None, ""
    digest = hashlib.sha256(raw).hexdigest()[:32]
    text = raw[:_KEPT_BYTES].decode("utf-8", "replace") if keep else ""
    return IncomingMessage(message_id=value or f"<no-message-id-{digest}@gm>", sender=address,
                           sender_name=name, subject=subject, dated=dated, text=text,
                           attachments=(), unreadable=why)


def _header(message: EmailMessage, key: str) -> str:
    try:
        value = message.get(key)
    except (ValueError, IndexError, TypeError):  # a header the parser cannot make sense of
        value = None
    return " ".join(str(value).split()) if value is not None else ""


def _sender(message: EmailMessage) -> tuple[str, str]:
    raw = _header(message, "from")
    found = [(n, a) for n, a in getaddresses([raw]) if "@" in a]
    if not found:
        return "", raw.strip().lower()
    name, address = found[0]
    return name, address.strip().lower()


def _message_id(message: EmailMessage, raw: bytes) -> str:
    """The Message-ID; a message without one is known by a digest of its bytes, so that the
    same message read twice is still recognised."""
    value = _header(message, "message-id").strip()
    if value:
        return value
    digest = hashlib.sha256(raw or message.as_bytes()).hexdigest()[:32]
    return f"<no-message-id-{digest}@gm>"


def _date(message: EmailMessage) -> datetime | None:
    value = _header(message, "date")
    if not value:
        return None
    try:
        dated = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if dated.tzinfo is None:  # RFC 5322 '-0000': the offset is unknown; read it as UTC
        from datetime import UTC

        dated = dated.replace(tzinfo=UTC)
    return dated


def _body(message: EmailMessage) -> tuple[str, bool, list[str]]:
    """The letter's text, whether it came from HTML, and the attachments' names."""
    plain: str | None = None
    html: str | None = None
    attachments: list[str] = []
    for part in _parts(message):
        kind = part.get_content_type()
        if _is_attachment(part):
            attachments.append(_attachment_name(part))
            continue
        if kind == "text/plain" and plain is None:
            plain = _decoded(part)
        elif kind == "text/html" and html is None:
            html = _decoded(part)
        elif not part.is_multipart() and kind not in ("text/plain", "text/html"):
            attachments.append(_attachment_name(part))
    if plain is not None and (plain.strip() or html is None):
        return _lines(plain), False, attachments
    if html is not None:
        return _lines(html_to_text(html)), True, attachments
    return "", False, attachments


def _parts(message: EmailMessage):
    """Every leaf part in order, not looking inside an attached message (it is an
    attachment); parts nested deeper than `MAX_DEPTH` make the message unreadable."""
    stack = [(message, 0)]
    while stack:
        part, depth = stack.pop()
        if part.get_content_type() == "message/rfc822" or not part.is_multipart():
            yield part
        elif depth >= MAX_DEPTH:
            raise _TooDeep(depth)
        else:
            stack.extend((inner, depth + 1) for inner in reversed(list(part.iter_parts())))


def _is_attachment(part: EmailMessage) -> bool:
    if part.get_content_type() == "message/rfc822":
        return True
    disposition = (part.get_content_disposition() or "").lower()
    return disposition == "attachment" or (disposition != "inline" and bool(part.get_filename()))


def _attachment_name(part: EmailMessage) -> str:
    kind = part.get_content_type()
    if kind == "message/rfc822":
        inner = part.get_payload()
        inner = inner[0] if isinstance(inner, list) and inner else inner
        subject = _header(inner, "subject") if isinstance(inner, EmailMessage) else ""
        return f"forwarded message {subject!r}" if subject else "forwarded message"
    name = part.get_filename()
    return f"{name} ({kind})" if name else f"unnamed {kind} part"


def _decoded(part: EmailMessage) -> str:
    """A text part's content in any charset; a charset Python does not know is read as
    latin-1 (every byte is a character), so nothing is lost and nothing fails."""
    try:
        return part.get_content()
    except (LookupError, UnicodeError):
        data = part.get_payload(decode=True) or b""
        return data.decode("latin-1")


def _lines(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n")).strip() \
        + "\n"


def contact_addresses(contact: str) -> set[str]:
    """The email addresses in a player's contact (`Jane <jane@example.com>`, or several)."""
    return {address.strip().lower() for _, address in getaddresses([contact])
            if "@" in address}
