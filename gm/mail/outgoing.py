"""The season's mail as well-formed messages: a confirmation to each power that ordered, and
the results to every player.

Every message is an `EmailMessage` from the GM's address (`gm mail setup --from`) with a Date,
a Message-ID and a subject naming the game and the phase. A confirmation answers the power's
last letter by mail (`In-Reply-To`, `References`). The results carry the plain-text report in
the body, the published page's HTML as an alternative part, and the board as a PNG attachment
(SVG when PNG cannot be made on this computer). Players are written to one by one, so that no
one sees another's address: contacts are for the GM only.

Each message names its batch, what it belongs to (`results:adjudication:7`, a power's
confirmation of given letters), which the queue (`delivery`) keys on: the same batch is sent
once, and a retry sends only what did not go.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid

from gm import dates
from gm.game.confirmations import confirm
from gm.game.games import GameView, open_game, resolve_power
from gm.game.players import players_at
from gm.game.reports import phase_report
from gm.game.workflow_errors import WorkflowError
from gm.mail.messages import contact_addresses
from gm.store import game_rows as rows
from gm.store import mail_out_rows, mail_rows
from gm.store.database import Store
from gm.store.mail_rows import MailSettings
from gm.store.order_rows import orders_of_phase
from gm.store.result_rows import adjudication_from

CONFIRMATION, RESULTS = "confirmation", "results"
REMINDER, REPLY, NOTICE = "reminder", "reply", "notice"  # the judge's (gm.judge)


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message ready to be written to the outbox or sent, with what gm records of it."""

    kind: str  # CONFIRMATION, RESULTS, or one of the judge's
    phase: str
    power: str | None  # power id
    recipients: tuple[str, ...]
    message: EmailMessage
    file_name: str  # its name in the outbox folder
    batch: str = ""  # what it belongs to; the queue sends a batch's message to a power once


@dataclass(frozen=True, slots=True)
class Mailing:
    """The messages of one confirmation or results round, ready to write or send."""

    game: str
    phase: str
    messages: list[Outgoing]
    skipped: list[str]  # powers gm could not write to, with the reason
    picture: str = ""  # what the results carry of the board: `PNG`, or why not


def settings_for(store: Store, view: GameView) -> MailSettings:
    found = mail_rows.settings_of(store, view.game.id)
    if found is None or not found.sender:
        raise WorkflowError(f"gm does not know your address yet: run 'gm mail setup "
                            f"{view.game.name} --from YOU@EXAMPLE.COM' first.")
    return found


def new_message(sender: str, to: str, subject: str, body: str,
                reply_to: str | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(dates.now())
    domain = sender.rsplit("@", 1)[-1].strip(" >") if "@" in sender else "localhost"
    message["Message-ID"] = make_msgid(domain=domain)
    if reply_to:
        message["In-Reply-To"] = reply_to
        message["References"] = reply_to
    message.set_content(body)
    return message


def recipients(store: Store, view: GameView, phase) -> dict[str, tuple[str, list[str]]]:
    """Power id -> (player's name, email addresses) at `phase`."""
    return {power: (row.name, sorted(contact_addresses(row.contact)))
            for power, row in players_at(store, view, phase).items() if not row.vacant}


def address_line(name: str, addresses: list[str]) -> str:
    return ", ".join(formataddr((name, address)) for address in addresses)


def _last_mail(store: Store, view: GameView, phase_id: int) -> dict[str, str]:
    """Power id -> the Message-ID of its last letter by mail this phase."""
    return {row.power: row.message_id for row in mail_rows.mail_in_of_game(
        store, view.game.id, phase_id) if row.power and row.letter_id is not None}


def confirmation_mail(store: Store, game: str, power: str | None = None) -> Mailing:
    """A confirmation for each power that sent orders this phase (or for `power`)."""
    with store.transaction(write=False):
        view = open_game(store, game)
        settings = settings_for(store, view)
        phase = rows.open_phase(store, view.game)
        power_id = resolve_power(view.map, power)
        players = recipients(store, view, phase.phase)
        replies = _last_mail(store, view, phase.id)
        to_confirm = confirm(store, view.game.name, power_id, ordered_only=True)
        if not to_confirm:
            raise WorkflowError(f"no power has sent orders for {phase.label} of "
                                f"{view.game.name} yet; there is nothing to confirm.")
        messages, skipped = [], []
        for found in to_confirm:
            name, addresses = players.get(found.power_id, ("", []))
            if not addresses:
                skipped.append(f"{found.power}: no email address among the player's "
                               f"contacts ('gm players {view.game.name} {found.power} "
                               "--contact ADDRESS')")
                continue
            subject = f"{view.game.name}: {phase.label} orders received for {found.power}"
            message = new_message(settings.sender, address_line(name, addresses), subject,
                                  found.text, replies.get(found.power_id))
            letters = sorted({row.letter_id for row in orders_of_phase(store, phase.id)
                              if row.power == found.power_id})
            batch = (f"{CONFIRMATION}:phase:{phase.id}:{found.power_id}:letters:"
                     f"{','.join(map(str, letters))}")
            messages.append(Outgoing(CONFIRMATION, phase.label, found.power_id,
                                     tuple(addresses), message,
                                     outbox_name(view.game.name, phase.label, CONFIRMATION,
                                                found.power), batch))
        return Mailing(view.game.name, phase.label, messages, skipped)


def results_mail(store: Store, game: str, phase: str | None = None, picture: bool = True,
                 reuse_queued: bool = False) -> Mailing:
    """The season report of `phase` (the last adjudicated by default) to every player; with
    the board as a picture unless `picture` is False. `reuse_queued`: the mailing goes to the
    queue, which sends a player's message queued by an earlier try as it was stored (a retry
    of `--send`), so the board is drawn only if some player's message is new (drawing it is
    most of the work)."""
    from gm.report.text import render_text

    with store.transaction(write=False):
        view = open_game(store, game)
        settings = settings_for(store, view)
        report = phase_report(store, game, phase)
        label = report.phase
        at = next(row for row in rows.live_phases(store, view.game) if row.label == label)
        adjudication = adjudication_from(store, at.id, "live")
        batch = f"{RESULTS}:adjudication:{adjudication.id}"
        players = recipients(store, view, at.phase)
        shown = "none (the game sends no picture)"
        if picture and reuse_queued:
            queued = {row.power for row in mail_out_rows.queued_of_batch(store, view.game.id,
                                                                          batch)}
            if all(power in queued for power, (_, addresses) in players.items() if addresses):
                picture, shown = False, "as queued before"
        board = board_picture(store, game, label) if picture else None
        if board is not None:
            shown = "PNG" if board[2] == ("image", "png") else "SVG (PNG cannot be made here)"
        text, html = render_text(report), report_page(f"{view.game.name}: {label}", report)
        attachment = None if board is None else _attachment(board)
        messages, skipped = [], []
        for power_id, power in view.map.powers.items():
            name, addresses = players.get(power_id, ("", []))
            if not addresses:
                if power_id in players:
                    skipped.append(f"{power.name}: no email address among the player's "
                                   "contacts")
                continue
            message = new_message(settings.sender, address_line(name, addresses),
                                  f"{view.game.name}: {label} results", text)
            message.add_alternative(html, subtype="html")
            if attachment is not None:
                message.make_mixed()
                message.attach(deepcopy(attachment))
            messages.append(Outgoing(RESULTS, label, power_id, tuple(addresses), message,
                                     outbox_name(view.game.name, label, RESULTS, power.name),
                                     batch))
        if not messages:
            raise WorkflowError(f"no player of {view.game.name} has an email address; add "
                                "them with 'gm players GAME POWER --contact ADDRESS'.")
        return Mailing(view.game.name, label, messages, skipped, shown)


def _attachment(board: tuple[str, bytes, tuple[str, str]]) -> EmailMessage:
    """The board as a message part, as `EmailMessage.add_attachment` makes it, encoded once
    for every player's message (base64 of a PNG costs the mail library a good part of a
    second per copy); each message gets a copy of its own."""
    picture_name, data, (maintype, subtype) = board
    part = EmailMessage()
    part.set_content(data, maintype=maintype, subtype=subtype, filename=picture_name)
    return part


def report_page(title: str, report) -> str:
    """The report as the published site prints it, with its stylesheet inside the message
    (a mail program fetches no `style.css`)."""
    from html import escape

    from gm.publish.html_report import report_html
    from gm.publish.pages import STYLESHEET

    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{escape(title)}</title>", f"<style>\n{STYLESHEET}</style>", "</head>",
        "<body>", report_html(report), "</body>", "</html>", ""])


def board_picture(store: Store, game: str, label: str) -> tuple[str, bytes, tuple[str, str]]:
    """The board of the phase with its orders: PNG, or SVG where PNG cannot be made."""
    from gm.draw import draw_phase
    from gm.draw.files import PictureError, svg_to_png
    from gm.draw.stored import last_adjudicated_board

    found = last_adjudicated_board(store, game, label)
    svg = draw_phase(found.game_map, found.board)
    stem = f"{found.game}-{found.short}"
    try:
        return f"{stem}.png", svg_to_png(svg), ("image", "png")
    except PictureError:
        return f"{stem}.svg", svg.encode("utf-8"), ("image", "svg+xml")


def outbox_name(game: str, phase: str, kind: str, power: str) -> str:
    words = "-".join(f"{game} {phase} {kind} {power}".split())
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in words) + ".eml"
