"""The mail commands: the season's letters read from a mailbox, confirmations and results
written as messages. Each parses its arguments, calls `gm.mail`, and prints.

    gm mail read GAME --mbox FILE | --maildir DIR | --imap HOST --user U   [--subject P]
    gm mail confirm GAME [-P POWER] [--outbox DIR | --send [--again]]
    gm mail results GAME [--phase P] [--outbox DIR | --send [--again]]
    gm mail setup GAME --from ADDRESS [--smtp HOST --port N --security S --user U]
    gm mail sent GAME [--phase P]                    what gm sent, to whom, when; what waits
"""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from gm.cli import app
from gm.cli.common import Db, GameName, PhaseOption, fail, opened, say
from gm.cli.conventions import Typer, examples
from gm.cli.output import print_echo

mail_app = Typer(help="Read the season's letters from a mailbox; mail confirmations and "
                      "results (docs/mail.md).", no_args_is_help=True)
app.add_typer(mail_app, name="mail")

OutboxOption = Annotated[str, typer.Option(
    "--outbox", metavar="DIR", help="write the messages as .eml files into DIR")]
SendOption = Annotated[bool, typer.Option(
    "--send", help="send them by SMTP ('gm mail setup'); the password from GM_SMTP_PASSWORD "
                   "or a prompt. A retry sends only what did not go")]
AgainOption = Annotated[bool, typer.Option(
    "--again", help="send again what was sent already")]


@contextmanager
def mail_opened(db: str) -> Iterator:
    """The store, with a mailbox or mail server problem said in one line too."""
    from gm.mail.mailboxes import MailError

    with opened(db) as store:
        try:
            yield store
        except MailError as exc:
            fail(str(exc))


def _password(variable: str, what: str) -> str:
    """From the environment, or typed at a prompt; never from the command line."""
    found = os.environ.get(variable)
    if found:
        return found
    try:
        return typer.prompt(f"{what} password", hide_input=True)
    except (typer.Abort, EOFError):
        fail(f"no password: set {variable}, or type it when asked.")


@mail_app.command("read", epilog=examples(
    ("gm mail read spring-league --maildir ~/Mail/diplomacy", "a Maildir folder"),
    ("gm mail read spring-league --mbox export.mbox --subject 'dip*7'",
     "an mbox file, the messages whose subject matches"),
    ("GM_IMAP_PASSWORD=... gm mail read spring-league --imap imap.example.com --user gm",
     "an IMAP folder over TLS"),
))
def read(game: GameName,
         mbox: Annotated[str | None, typer.Option(
             "--mbox", metavar="FILE", help="an mbox file (exported by your mail program)")
                         ] = None,
         maildir: Annotated[str | None, typer.Option(
             "--maildir", metavar="DIR", help="a Maildir folder")] = None,
         imap: Annotated[str | None, typer.Option(
             "--imap", metavar="HOST", help="an IMAP server, read over TLS; the password "
                                            "from GM_IMAP_PASSWORD or a prompt")] = None,
         user: Annotated[str | None, typer.Option("--user", help="the IMAP user")] = None,
         port: Annotated[int, typer.Option("--port", help="the IMAP port")] = 993,
         folder: Annotated[str, typer.Option("--folder", help="the IMAP folder")] = "INBOX",
         subject: Annotated[str | None, typer.Option(
             "--subject", help="take the messages whose subject matches this ('*' is any "
                               "text); by default, those naming the game")] = None,
         accept: Annotated[int | None, typer.Option(
             "--accept", metavar="N", help="read message N for this game: one listed as not "
                                           "read for its subject, or held as late")] = None,
         db: Db = "gm.db"):
    """Take the game's letters from a mailbox, one per message, and echo each."""
    from gm.cli.letter_commands import accept_message
    from gm.mail import mailboxes
    from gm.mail.inbox import read_mail

    if accept is not None:
        if mbox or maildir or imap:
            fail("--accept N takes a message already listed; give it without a mailbox.")
        accept_message(game, accept, db)
        return
    chosen = [name for name, value in (("--mbox", mbox), ("--maildir", maildir),
                                       ("--imap", imap)) if value]
    if len(chosen) != 1:
        fail("give one mailbox: --mbox FILE, --maildir DIR or --imap HOST --user U.")
    if imap and not user:
        fail("--imap needs --user: the name you log in to the mail server with.")
    if mbox:
        messages = mailboxes.mbox_messages(mbox)
    elif maildir:
        messages = mailboxes.maildir_messages(maildir)
    else:
        password = _password("GM_IMAP_PASSWORD", f"IMAP ({user}@{imap})")
        messages = mailboxes.imap_messages(imap, user, password, folder, port)
    with mail_opened(db) as store:
        done = read_mail(store, game, messages, subject)
    _print_read(done)


def _print_read(done) -> None:
    from gm.mail.inbox import ASIDE, DUPLICATE, LATE, REFUSED, STORED, UNKNOWN, UNREADABLE

    for outcome in done.outcomes:
        message = outcome.message
        if outcome.status == DUPLICATE:
            continue
        when = message.dated.strftime("%a %d %b %Y %H:%M %z") if message.dated else "no date"
        who = f"{outcome.power}, " if outcome.power else ""
        say(f"From {message.sender or 'no sender'} ({who}{when}): {message.subject}")
        if outcome.status == STORED:
            print_echo(outcome.taken)
        elif outcome.status == LATE:
            say(f"  held as late (message {outcome.number}): {outcome.note}.")
        elif outcome.status in (UNKNOWN, REFUSED, ASIDE, UNREADABLE):
            say(f"  not stored: {outcome.note}.")
        if message.attachments:
            say(f"  attachments, not read: {', '.join(message.attachments)}")
        if message.from_html:
            say("  (read from the HTML part: the message has no plain text)")
        say("")
    counts = [(done.count(STORED), "stored"), (done.count(LATE), "held as late"),
              (done.count(ASIDE), "from players, for another game or none: not read"),
              (done.count(UNREADABLE), "unreadable, set aside"),
              (done.count(UNKNOWN), "from unknown senders"), (done.count(REFUSED), "refused"),
              (done.count(DUPLICATE), "read before, skipped")]
    summary = ", ".join(f"{n} {what}" for n, what in counts if n) or "none for this game"
    say(f"{done.game}, {done.phase}: {len(done.outcomes)} message(s) for the game: "
        f"{summary}; {done.not_for_game} other message(s) left alone (another "
        "subject and not a player's, or yours).")


@mail_app.command("confirm", epilog=examples(
    ("gm mail confirm spring-league", "every power's confirmation, as .eml files in ./outbox"),
    ("gm mail confirm spring-league -P France --send", "France's, sent by SMTP"),
))
def confirm(game: GameName,
            power: Annotated[str | None, typer.Option(
                "--power", "-P", help="only this power's confirmation")] = None,
            outbox: OutboxOption = "outbox",
            send: SendOption = False,
            again: AgainOption = False,
            db: Db = "gm.db"):
    """A confirmation to each power that sent orders this phase.

    It says what gm read, what it will adjudicate, and what it rejected and why."""
    from gm.mail.outgoing import confirmation_mail

    with mail_opened(db) as store:
        mailing = confirmation_mail(store, game, power)
        _deliver(store, mailing, outbox, send, again)


@mail_app.command("results", epilog=examples(
    ("gm mail results spring-league --outbox mail/", "the last report, one .eml per player"),
    ("gm mail results spring-league --send", "sent by SMTP, once ('--again' to resend)"),
))
def results(game: GameName, phase: PhaseOption = None, outbox: OutboxOption = "outbox",
            send: SendOption = False,
            again: AgainOption = False,
            picture: Annotated[bool, typer.Option(
                "--picture/--no-picture", help="the results carry the board as a picture "
                "(as the judge's 'gm schedule --no-picture')")] = True,
            db: Db = "gm.db"):
    """The season report to every player, with the board as a picture.

    Plain text in the body, the published page's HTML as an alternative part, the board as a PNG attachment."""
    from gm.mail.outgoing import results_mail

    with mail_opened(db) as store:
        mailing = results_mail(store, game, phase, picture=picture,
                               reuse_queued=send and not again)
        _deliver(store, mailing, outbox, send, again)


def _deliver(store, mailing, outbox: str, send: bool, again: bool) -> None:
    from gm.mail import delivery

    for note in mailing.skipped:
        say(f"Not written: {note}.")
    if not mailing.messages:
        fail(f"{mailing.game}, {mailing.phase}: no message to write.")
    if not send:
        for path in delivery.write_outbox(mailing, outbox):
            say(f"Wrote {path}")
        say(f"{mailing.game}, {mailing.phase}: {len(mailing.messages)} message(s) "
            f"in {outbox}, for you to send from your mail program.")
        return

    def password(settings) -> str:
        return _password("GM_SMTP_PASSWORD", f"SMTP ({settings.smtp_user}@"
                                             f"{settings.smtp_host})")

    done = delivery.send_mailing(store, mailing, password, again)
    for row in done.sent:
        say(f"Sent to {row.recipients}: {row.subject}")
    before = f"; {done.skipped} sent before, not sent again" if done.skipped else ""
    say(f"{mailing.game}, {mailing.phase}: {len(done.sent)} message(s) sent and "
        f"recorded{before}.")


@mail_app.command("setup", epilog=examples(
    ("gm mail setup spring-league --from 'GM <gm@example.com>'", "your address"),
    ("gm mail setup spring-league --smtp smtp.example.com --security starttls --user gm",
     "the SMTP server for --send"),
))
def setup(game: GameName,
          sender: Annotated[str | None, typer.Option(
              "--from", help="your address, the sender of every message")] = None,
          host: Annotated[str | None, typer.Option("--smtp", metavar="HOST",
                                                   help="the SMTP server")] = None,
          port: Annotated[int | None, typer.Option("--port", help="its port")] = None,
          security: Annotated[str | None, typer.Option(
              "--security", help="starttls (port 587), tls (465) or none")] = None,
          user: Annotated[str | None, typer.Option(
              "--user", help="the SMTP user (the password is never stored)")] = None,
          db: Db = "gm.db"):
    """Set (or show) the GM's address and SMTP server for the game's mail."""
    from gm.mail import settings as library

    with mail_opened(db) as store:
        if all(v is None for v in (sender, host, port, security, user)):
            found = library.show(store, game)
        else:
            found = library.set_up(store, game, sender, host, port, security, user)
    if found is None:
        say(f"{game}: no mail settings yet; 'gm mail setup {game} --from "
            "YOU@EXAMPLE.COM' starts them.")
        return
    server = (f"{found.smtp_host}:{found.smtp_port} ({found.security}"
              f"{', user ' + found.smtp_user if found.smtp_user else ''})"
              if found.smtp_host else "none (messages go to the outbox)")
    say(f"{game}: mail from {found.sender}; SMTP server {server}.")


@mail_app.command("sent")
def sent(game: GameName, phase: PhaseOption = None, db: Db = "gm.db"):
    """List the messages gm sent: when, what, to whom, with their Message-IDs; then those
    still queued, with why they did not go."""
    from gm.mail.delivery import sent_messages

    with mail_opened(db) as store:
        found, waiting = sent_messages(store, game, phase)
    if not found:
        say(f"{game}: nothing sent{' for ' + phase if phase else ''} yet.")
    for row in found:
        say(f"{row.sent_at}  {row.phase}  {row.kind:<12} {row.recipients}  "
            f"{row.message_id}")
    for row in waiting:
        why = f" ({row.last_error})" if row.last_error else ""
        say(f"queued: {row.phase}  {row.kind:<12} {row.recipients}  "
            f"{row.message_id}{why}")
