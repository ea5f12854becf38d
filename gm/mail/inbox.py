"""A game's messages taken from a mailbox as letters, as if the GM had pasted each one.

A message is the game's when its subject names the game (or matches the GM's `--subject`) and
the GM did not send it (the GM's own confirmations and results in the folder are left alone).
Its sender is matched to a power by the contacts of `gm players`; a message from an address
that is no player's contact is listed and not stored. A Message-ID already read for the game
is skipped, so reading the same mailbox again stores nothing twice (unless its phase was
discarded since, by an undo followed by a change: its letter went with the phase). A message
dated after the phase's deadline is held as late: kept with no orders until the
GM accepts it (`accept_late`). Messages are taken in the order they were sent, so a player's
later letter replaces the earlier one's orders as a later paste would.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gm.deadline_time import Due
from gm.engine.position import Phase
from gm.game.games import GameView, open_game
from gm.game.history import require_running
from gm.game.intake import Taken, take_orders
from gm.game.players import players_at
from gm.game.workflow_errors import WorkflowError
from gm.mail.messages import IncomingMessage, contact_addresses, parse_message
from gm.store import game_rows as rows
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.mail_rows import ACCEPTED, LATE, STORED

# what became of a message
DUPLICATE = "already read"
UNKNOWN = "unknown sender"
REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class MailOutcome:
    message: IncomingMessage
    status: str  # 'stored', 'late', DUPLICATE, UNKNOWN or REFUSED
    power: str | None = None  # power name
    taken: Taken | None = None  # the echo of the letter, when it was stored
    note: str = ""  # why it was refused or held
    number: int | None = None  # the stored message's number (`gm letters --accept N`)


@dataclass(frozen=True, slots=True)
class MailRead:
    game: str
    phase: str
    outcomes: list[MailOutcome]
    not_for_game: int  # messages whose subject is not this game's, or the GM's own

    def count(self, status: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status == status)


def subject_matcher(game: str, pattern: str | None = None) -> re.Pattern[str]:
    """The game's name as a word of the subject; or the GM's pattern, where `*` is any text
    and case does not matter (`--subject "Dip* S1901"`)."""
    if pattern:
        parts = (re.escape(piece) for piece in pattern.split("*"))
        return re.compile(".*".join(parts), re.I)
    return re.compile(rf"(?<![\w-]){re.escape(game)}(?![\w-])", re.I)


def powers_by_address(store: Store, view: GameView, phase: Phase) -> dict[str, list[str]]:
    """Email address -> the powers (ids) its player plays at `phase`."""
    out: dict[str, list[str]] = {}
    for power, row in players_at(store, view, phase).items():
        if row.vacant:
            continue
        for address in contact_addresses(row.contact):
            out.setdefault(address, []).append(power)
    return out


def is_late(message: IncomingMessage, due: Due | None) -> bool:
    """Dated after the deadline: after its time, or after its day in its zone (`Due.passed`,
    the reading `gm deadline` gives); a message without a date is never late."""
    return due is not None and message.dated is not None and due.passed(message.dated)


def read_mail(store: Store, game: str, raw_messages: Iterable[bytes],
              subject: str | None = None) -> MailRead:
    """Take the game's messages from a mailbox into the phase in progress."""
    with store.transaction(write=False):
        view = open_game(store, game)
        require_running(view.game)
        settings = mail_rows.settings_of(store, view.game.id)
    own = contact_addresses(settings.sender) if settings else set()
    matcher = subject_matcher(view.game.name, subject)
    messages, others = [], 0
    for raw in raw_messages:
        message = parse_message(raw)
        if matcher.search(message.subject) and message.sender not in own:
            messages.append(message)
        else:
            others += 1
    messages.sort(key=lambda m: (m.dated is None, m.dated.timestamp() if m.dated else 0))
    outcomes = [_take(store, view, message) for message in messages]
    with store.transaction(write=False):
        label = rows.open_phase(store, view.game).label
    return MailRead(view.game.name, label, outcomes, others)


def _take(store: Store, view: GameView, message: IncomingMessage) -> MailOutcome:
    """One message: skipped, listed, held or stored, each in one transaction."""
    with store.transaction():
        phase = rows.open_phase(store, view.game)
        if message.message_id in mail_rows.known_message_ids(store, view.game.id):
            return MailOutcome(message, DUPLICATE)
        powers = powers_by_address(store, view, phase.phase).get(message.sender, [])
        if not powers:
            return MailOutcome(message, UNKNOWN, note=(
                f"{message.sender or 'no sender'} is no player's contact; if it is a "
                f"player's, add it with 'gm players {view.game.name} POWER --contact "
                "ADDRESS' and read the mailbox again"))
        power = powers[0] if len(powers) == 1 else None
        name = view.map.powers[power].name if power else None
        if not message.text.strip():
            return MailOutcome(message, REFUSED, name, note="the message has no text")
        due = deadline_of(store, view.game.id, phase.label)
        if is_late(message, due):
            number = _remember(store, view, phase, message, power, LATE)
            return MailOutcome(message, LATE, name, note=(
                f"dated after the deadline ({due.words()}); held until 'gm letters "
                f"{view.game.name} --accept {number}'"), number=number)
        store.conn.execute("SAVEPOINT mail_letter")  # a refused letter leaves nothing behind
        try:
            taken, letter_id = _letter(store, view, phase.id, message.text, name,
                                       _source(message))
        except WorkflowError as exc:
            store.conn.execute("ROLLBACK TO mail_letter")
            return MailOutcome(message, REFUSED, name, note=str(exc))
        finally:
            store.conn.execute("RELEASE mail_letter")
        number = _remember(store, view, phase, message, power, STORED, letter_id)
        return MailOutcome(message, STORED, name, taken, number=number)


def _remember(store: Store, view: GameView, phase, message: IncomingMessage,
              power: str | None, status: str, letter_id: int | None = None) -> int:
    """Record the message as read; returns its number."""
    dated = message.dated.isoformat() if message.dated else None
    return mail_rows.add_mail_in(
        store, view.game.id, message.message_id, phase.id, phase.label, message.sender, power,
        message.subject, dated, status, letter_id, message.text, list(message.attachments))


def _source(message: IncomingMessage) -> str:
    when = message.dated.isoformat() if message.dated else "no date"
    return f"mail from {message.sender}, {when}, {message.message_id}"


def _letter(store: Store, view: GameView, phase_id: int, text: str, power: str | None,
            source: str) -> tuple[Taken, int]:
    """Take the letter as `gm orders` does; returns the echo and the letter's row."""
    taken = take_orders(store, view.game.name, text, power, source)
    letter_id = store.conn.execute("SELECT max(id) FROM letters WHERE phase_id = ?",
                                   [phase_id]).fetchone()[0]
    return taken, letter_id


def accept_late(store: Store, game: str, number: int) -> Taken:
    """Take a message held as late: its letter is read now, as if it had come in time."""
    with store.transaction():
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        row = mail_rows.get_mail_in(store, view.game.id, number)
        if row is None:
            raise WorkflowError(f"{view.game.name} has no message {number}; 'gm status "
                                f"{view.game.name}' lists the late ones.")
        if row.status != LATE:
            raise WorkflowError(f"message {number} of {view.game.name} is not held as late; "
                                "its letter was taken already.")
        if row.phase_id != phase.id:
            raise WorkflowError(f"message {number} came for {row.phase}, and {view.game.name} "
                                f"is at {phase.label} now; it cannot be used.")
        power = view.map.powers[row.power].name if row.power in view.map.powers else None
        taken, letter_id = _letter(store, view, phase.id, row.text, power,
                                   f"mail from {row.sender}, {row.dated or 'no date'}, "
                                   f"{row.message_id} (late, accepted)")
        mail_rows.set_mail_letter(store, row.id, ACCEPTED, letter_id)
        return taken
