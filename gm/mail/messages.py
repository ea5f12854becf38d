"""One message as a mail program sent it, reduced to what gm keeps: who sent it, when, its
Message-ID and subject, the text of the letter, and the names of its attachments.

The letter is the text part, or the HTML part turned into text when there is no text part,
decoded from any charset and transfer encoding. Attachments (including a forwarded message
attached whole) are never read, only listed: the GM sees them and can paste one if it matters.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import getaddresses, parsedate_to_datetime

from gm.mail.html_text import html_to_text


@dataclass(frozen=True, slots=True)
class IncomingMessage:
    message_id: str
    sender: str  # the address, lower case
    sender_name: str
    subject: str
    dated: datetime | None  # the Date header, with its offset; None if missing or unreadable
    text: str
    attachments: tuple[str, ...]
    from_html: bool = False  # the text was made from the HTML part


def parse_message(raw: bytes) -> IncomingMessage:
    """Decode one message from its bytes (as stored in an mbox, a Maildir or on IMAP)."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    return read_message(message, raw)


def read_message(message: EmailMessage, raw: bytes = b"") -> IncomingMessage:
    name, address = _sender(message)
    text, from_html, attachments = _body(message)
    return IncomingMessage(
        message_id=_message_id(message, raw), sender=address, sender_name=name,
        subject=_header(message, "subject"), dated=_date(message), text=text,
        attachments=tuple(attachments), from_html=from_html)


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
    """Every leaf part, not looking inside an attached message (it is an attachment)."""
    if message.get_content_type() == "message/rfc822" or not message.is_multipart():
        yield message
        return
    for part in message.iter_parts():
        yield from _parts(part)


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
