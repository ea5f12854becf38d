"""A real SMTP server for the tests: aiosmtpd on 127.0.0.1, keeping what it receives."""

from __future__ import annotations

import email
import email.policy
import socket
import ssl
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


@dataclass
class Received:
    sender: str
    recipients: list[str]
    message: email.message.EmailMessage


@dataclass
class Inbox:
    """What the server was given, in the order it came."""

    received: list[Received] = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content,
                                           policy=email.policy.default)
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), message))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Accounts:
    """Accepts one user and password (AUTH PLAIN or LOGIN)."""

    def __init__(self, user: str, password: str):
        self.user, self.password = user.encode(), password.encode()

    def __call__(self, server, session, envelope, mechanism, auth_data):
        ok = auth_data.login == self.user and auth_data.password == self.password
        return AuthResult(success=ok, handled=False)


_MADE: list[tuple[bytes, bytes]] = []  # the certificate and key made by this process


def certificate(folder: Path) -> tuple[Path, Path]:
    """A throw-away certificate for 127.0.0.1 (and its key), made by openssl once per test
    process and written into `folder` for each server. The key is an elliptic curve's
    (P-256), which any TLS client takes: openssl makes one in milliseconds, where a new RSA
    key costs it a good part of a second."""
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    if not _MADE:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext",
                        "subjectAltName=IP:127.0.0.1,DNS:localhost",
                        "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        _MADE.append((cert.read_bytes(), key.read_bytes()))
    else:
        cert.write_bytes(_MADE[0][0])
        key.write_bytes(_MADE[0][1])
    return cert, key


def start(user: str | None = None, password: str | None = None, security: str = "none",
          folder: Path | None = None, inbox: Inbox | None = None) -> tuple[Controller, Inbox]:
    """The server; with `security` 'starttls' or 'tls', over a certificate made in `folder`
    (`folder / 'cert.pem'` is what a client must trust). `inbox` may be a handler that
    misbehaves on purpose (`Dropping`, `Refusing`, `Hanging`)."""
    inbox = inbox or Inbox()
    options: dict = {}
    if user:
        options = {"authenticator": Accounts(user, password or ""), "auth_require_tls": False}
    if security != "none":
        cert, key = certificate(folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(cert), str(key))
        if security == "starttls":
            options.update(tls_context=context, require_starttls=True)
        else:
            options.update(ssl_context=context)
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), **options)
    controller.start()
    return controller, inbox


@dataclass
class Dropping(Inbox):
    """Takes `after` messages, then drops the connection as the next one comes (a server
    that restarts, a network that fails); `after = None` takes everything again."""

    after: int | None = None

    async def handle_DATA(self, server, session, envelope):
        if self.after is not None and len(self.received) >= self.after:
            server.transport.close()
            return "421 closing"
        return await super().handle_DATA(server, session, envelope)


@dataclass
class Refusing(Inbox):
    """Refuses mail for the addresses in `refused` (550), and takes the rest."""

    refused: set[str] = field(default_factory=set)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refused:
            return "550 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"


@dataclass
class Hanging(Inbox):
    """Takes `after` messages, then stops answering for `seconds` (and keeps nothing)."""

    after: int = 0
    seconds: float = 5.0

    async def handle_DATA(self, server, session, envelope):
        import asyncio

        if len(self.received) >= self.after:
            await asyncio.sleep(self.seconds)
            return "451 too late"
        return await super().handle_DATA(server, session, envelope)
