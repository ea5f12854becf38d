"""Reading a mailbox: an mbox file, a Maildir folder, or an IMAP folder over TLS.

Each yields the raw bytes of every message (`gm.mail.inbox` puts them in date order); a
message larger than gm reads (`MAX_MESSAGE_BYTES`, far above any letter with its pictures) is
read no further than the limit and yielded as `Oversized`, its start kept for its headers. A
mailbox that cannot be opened raises `MailError` saying which one and what to do; gm never
changes a mailbox (IMAP folders are opened read-only, so no message is even marked as seen).
"""

from __future__ import annotations

import imaplib
import mailbox
import re
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

IMAPS_PORT = 993
MAX_MESSAGE_BYTES = 25_000_000  # the usual limit of mail servers
_HEAD_BYTES = 65_536  # of an oversized message: enough for its headers
_SIZE = re.compile(rb"RFC822\.SIZE (\d+)")


@dataclass(frozen=True, slots=True)
class Oversized:
    """A message too big to read: its first bytes (its headers) and how big it is, at least."""

    head: bytes
    size: int


def _bounded(data: bytes, size: int | None = None) -> bytes | Oversized:
    """The message, or `Oversized` when it is more than gm reads."""
    size = len(data) if size is None else size
    if size <= MAX_MESSAGE_BYTES:
        return data
    return Oversized(data[:_HEAD_BYTES], size)


def _from_file(box: mailbox.Mailbox, key: str) -> bytes | Oversized:
    """One message of an mbox or a Maildir, read up to the limit and one byte, no more."""
    file = box.get_file(key)
    try:
        return _bounded(file.read(MAX_MESSAGE_BYTES + 1))
    finally:
        file.close()


class MailError(ValueError):
    """A mailbox or mail server gm cannot use; `str()` says why and what to do."""


def mbox_messages(path: str | Path) -> Iterator[bytes | Oversized]:
    file = Path(path)
    if not file.is_file():
        raise MailError(f"there is no mbox file {file}; export the folder from your mail "
                        "program as an mbox file, or give a Maildir with --maildir.")
    box = mailbox.mbox(str(file), create=False)
    try:
        for key in box.keys():
            yield _from_file(box, key)
    finally:
        box.close()


def maildir_messages(path: str | Path) -> Iterator[bytes | Oversized]:
    folder = Path(path)
    if not (folder / "cur").is_dir() or not (folder / "new").is_dir():
        raise MailError(f"{folder} is not a Maildir (it needs 'cur' and 'new' folders); give "
                        "the Maildir folder itself, or an mbox file with --mbox.")
    box = mailbox.Maildir(str(folder), create=False)
    for key in sorted(box.keys()):  # the reader puts them in the order they were sent
        yield _from_file(box, key)


def imap_messages(host: str, user: str, password: str, folder: str = "INBOX",
                  port: int = IMAPS_PORT, context: ssl.SSLContext | None = None
                  ) -> Iterator[bytes | Oversized]:
    """Every message of an IMAP folder, read over TLS with the folder opened read-only."""
    try:
        connection = imaplib.IMAP4_SSL(host, port, ssl_context=context or
                                       ssl.create_default_context(), timeout=60)
    except (OSError, imaplib.IMAP4.error) as exc:
        raise MailError(f"cannot reach the IMAP server {host}:{port} over TLS ({exc}); check "
                        "the host name and port (IMAP over TLS is usually 993).") from None
    try:
        try:
            connection.login(user, password)
        except imaplib.IMAP4.error:
            raise MailError(f"the IMAP server {host} refused user {user!r} with that "
                            "password; check GM_IMAP_PASSWORD or type it again.") from None
        status, _ = connection.select(_quoted(folder), readonly=True)
        if status != "OK":
            raise MailError(f"there is no folder {folder!r} on {host}; give one with "
                            "--folder (INBOX is the usual one).")
        status, found = connection.uid("SEARCH", None, "ALL")
        if status != "OK":
            raise MailError(f"{host} would not list the messages of {folder!r}.")
        for uid in (found[0] or b"").split():  # each read up to the limit and one byte
            status, data = connection.uid(
                "FETCH", uid, f"(RFC822.SIZE BODY.PEEK[]<0.{MAX_MESSAGE_BYTES + 1}>)")
            if status != "OK":
                raise MailError(f"{host} would not give message {uid.decode()} of "
                                f"{folder!r}.")
            body = next(part[1] for part in data if isinstance(part, tuple))
            said = b" ".join(p[0] if isinstance(p, tuple) else p for p in data
                             if isinstance(p, tuple | bytes))
            size = _SIZE.search(said)
            yield _bounded(body, int(size.group(1)) if size else None)
    except (OSError, imaplib.IMAP4.abort) as exc:
        raise MailError(f"the IMAP server {host} closed the connection ({exc}); try again."
                        ) from None
    finally:
        try:
            connection.logout()
        except (OSError, imaplib.IMAP4.error):
            pass


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'
