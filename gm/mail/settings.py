"""`gm mail setup`: the GM's address and SMTP server for a game, stored without a password
(the password comes from GM_SMTP_PASSWORD or a prompt each time mail is sent)."""

from __future__ import annotations

from dataclasses import replace
from email.utils import parseaddr

from gm.game.games import open_game
from gm.game.workflow_errors import WorkflowError
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.mail_rows import MailSettings

SECURITIES = ("starttls", "tls", "none")
DEFAULT_PORTS = {"starttls": 587, "tls": 465, "none": 25}


def set_up(store: Store, game: str, sender: str | None = None, host: str | None = None,
           port: int | None = None, security: str | None = None, user: str | None = None
           ) -> MailSettings:
    """Change what is given, keep the rest; returns the settings now stored."""
    with store.transaction():
        view = open_game(store, game)
        found = mail_rows.settings_of(store, view.game.id)
        if found is None and not sender:
            raise WorkflowError(f"give your address first: 'gm mail setup {view.game.name} "
                                "--from YOU@EXAMPLE.COM'.")
        settings = found or MailSettings(sender="")
        if sender is not None:
            if "@" not in parseaddr(sender)[1]:
                raise WorkflowError(f"{sender!r} is not an email address; give one such as "
                                    "'GM <gm@example.com>'.")
            settings = replace(settings, sender=sender.strip())
        if security is not None:
            if security not in SECURITIES:
                raise WorkflowError(f"--security must be one of {', '.join(SECURITIES)}, not "
                                    f"{security!r}.")
            settings = replace(settings, security=security,
                               smtp_port=port or DEFAULT_PORTS[security])
        if port is not None:
            if not 0 < port < 65536:
                raise WorkflowError(f"{port} is not a port number; SMTP uses 587 (STARTTLS), "
                                    "465 (TLS) or 25.")
            settings = replace(settings, smtp_port=port)
        if host is not None:
            settings = replace(settings, smtp_host=host.strip())
        if user is not None:
            settings = replace(settings, smtp_user=user.strip())
        mail_rows.save_settings(store, view.game.id, settings)
        return settings


def show(store: Store, game: str) -> MailSettings | None:
    with store.transaction(write=False):
        view = open_game(store, game)
        return mail_rows.settings_of(store, view.game.id)
