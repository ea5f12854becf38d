"""A game's messages taken from a mailbox as letters, as if the GM had pasted each one.

A message is the game's when its subject names the game (or matches the GM's `--subject`) and
the GM did not send it (the GM's own confirmations and results in the folder are left alone).
Its sender is matched to a power by the contacts of `gm players`; a message from an address
that is no player's contact is listed and not stored. A player's message whose subject names
another game, or none, is set aside unread and listed, until the GM accepts it for this game
(`accept_held`); anyone else's is counted and left alone. A message read before (the same
Message-ID, sender and text) is skipped, so reading the same mailbox again stores nothing
twice (unless its phase was discarded since, by an undo followed by a change: its letter went
with the phase). A message dated after the phase's deadline is held as late: kept with no
orders until the GM accepts it. A message gm cannot read (`IncomingMessage.unreadable`) is set
aside with the reason and kept for the GM; the others are read all the same. Messages are
taken in the order they were sent, so a player's later letter replaces the earlier one's
orders as a later paste would.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gm.deadline_time import Due
from gm.engine.position import Phase
from gm.game.games import GameView, open_game
from gm.game.history import require_running
from gm.game.intake import Taken, take_orders
from gm.game.players import players_at
from gm.game.workflow_errors import WorkflowError
from gm.mail.mailboxes import Oversized
from gm.mail.messages import IncomingMessage, contact_addresses, parse_message
from gm.store import game_rows as rows
from gm.store import mail_rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.mail_rows import ACCEPTED, ASIDE, HELD, LATE, STORED, UNREADABLE

# what became of a message
DUPLICATE = "already read"
UNKNOWN = "unknown sender"
REFUSED = "refused"
SUBJECT_CHARS = 1_000  # of a subject, what is matched against the game's name


@dataclass(frozen=True, slots=True)
class MailOutcome:
    """What became of one message read from the mailbox."""

    message: IncomingMessage
    status: str  # 'stored', 'late', 'aside', 'unreadable', DUPLICATE, UNKNOWN or REFUSED
    power: str | None = None  # power name
    taken: Taken | None = None  # the echo of the letter, when it was stored
    note: str = ""  # why it was refused or held
    number: int | None = None  # the stored message's number (`gm letters --accept N`)


@dataclass(frozen=True, slots=True)
class MailRead:
    """What reading a game's mailbox did, message by message."""

    game: str
    phase: str
    outcomes: list[MailOutcome]
    not_for_game: int  # others' messages whose subject is not this game's, or the GM's own

    def count(self, status: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status == status)


def subject_matcher(game: str, pattern: str | None = None) -> Callable[[str], bool]:
    """Does a subject name the game as a word? Or match the GM's pattern, where `*` is any
    text and case does not matter (`--subject "Dip* S1901"`): its pieces found in order,
    each as early as it can be, which takes time linear in the subject (a regular expression
    with several `.*` takes time as the subject's length to the power of their number)."""
    if pattern:
        pieces = [piece.casefold() for piece in pattern.split("*") if piece]

        def matches(subject: str) -> bool:
            at, subject = 0, subject.casefold()
            for piece in pieces:
                at = subject.find(piece, at)
                if at < 0:
                    return False
                at += len(piece)
            return True
        return matches
    return re.compile(rf"(?<![\w-]){re.escape(game)}(?![\w-])", re.I).search


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


def read_mail(store: Store, game: str,
              raw_messages: Iterable[bytes | Oversized | IncomingMessage],
              subject: str | None = None) -> MailRead:
    """Take the game's messages from a mailbox into the phase in progress (as the mailbox
    gave them, or decoded already: the judge has read their subjects)."""
    with store.transaction(write=False):
        view = open_game(store, game)
        require_running(view.game)
        settings = mail_rows.settings_of(store, view.game.id)
        players = powers_by_address(store, view, rows.open_phase(store, view.game).phase)
    own = contact_addresses(settings.sender) if settings else set()
    matcher = subject_matcher(view.game.name, subject)
    messages, others = [], 0
    for raw in raw_messages:
        message = raw if isinstance(raw, IncomingMessage) else parse_message(raw)
        if message.sender in own:
            others += 1
        elif matcher(message.subject[:SUBJECT_CHARS]):
            messages.append((message, True))
        elif message.sender in players:  # a player's, for another game or none: listed
            messages.append((message, False))
        else:
            others += 1
    messages.sort(key=lambda m: (m[0].dated is None,
                                 m[0].dated.timestamp() if m[0].dated else 0))
    outcomes = [_take(store, view, message, ours) for message, ours in messages]
    with store.transaction(write=False):
        label = rows.open_phase(store, view.game).label
    return MailRead(view.game.name, label, outcomes, others)


def _take(store: Store, view: GameView, message: IncomingMessage, ours: bool = True
          ) -> MailOutcome:
    """One message: skipped, listed, set aside, held or stored, each in one transaction.
    `ours`: its subject is the game's; a player's other message is set aside unread."""
    with store.transaction():
        phase = rows.open_phase(store, view.game)
        if mail_rows.read_before(store, view.game.id, message.key):
            return MailOutcome(message, DUPLICATE)
        powers = powers_by_address(store, view, phase.phase).get(message.sender, [])
        power = powers[0] if len(powers) == 1 else None
        name = view.map.powers[power].name if power else None
        game = view.game.name
        if message.unreadable:
            number = _remember(store, view, phase, message, power, UNREADABLE)
            return MailOutcome(message, UNREADABLE, name, note=(
                f"set aside unread, as message {number}: {message.unreadable}; it is kept "
                "for you to look at in your mail program (or the store), and its letter, if "
                f"it holds one, can be pasted with 'gm orders {game}'"), number=number)
        if not powers:
            return MailOutcome(message, UNKNOWN, note=(
                f"{message.sender or 'no sender'} is no player's contact; if it is a "
                f"player's, add it with 'gm players {game} POWER --contact "
                "ADDRESS' and read the mailbox again"))
        if not ours:
            number = _remember(store, view, phase, message, power, ASIDE)
            return MailOutcome(message, ASIDE, name, note=(
                f"from {_players(name)}, subject {message.subject!r}: not read (it names "
                f"another game, or none); 'gm letters {game} --accept {number}' reads it for "
                "this game"), number=number)
        if not message.text.strip():
            return MailOutcome(message, REFUSED, name, note="the message has no text")
        due = deadline_of(store, view.game.id, phase.label)
        if is_late(message, due):
            number = _remember(store, view, phase, message, power, LATE)
            return MailOutcome(message, LATE, name, note=(
                f"dated after the deadline ({due.words()}); held until 'gm letters "
                f"{game} --accept {number}'"), number=number)
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


def _players(power: str | None) -> str:
    return f"{power}'s player" if power else "the player of several powers"


def _remember(store: Store, view: GameView, phase, message: IncomingMessage,
              power: str | None, status: str, letter_id: int | None = None) -> int:
    """Record the message as read; returns its number."""
    dated = message.dated.isoformat() if message.dated else None
    return mail_rows.add_mail_in(
        store, view.game.id, message.message_id, phase.id, phase.label, message.sender, power,
        message.subject, dated, status, letter_id, message.text, list(message.attachments),
        message.digest or None)


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


def accept_held(store: Store, game: str, number: int) -> Taken:
    """Take a message held as late, or set aside for its subject: its letter is read now,
    for this game, as if it had come in time."""
    with store.transaction():
        view = open_game(store, game)
        phase = rows.open_phase(store, view.game)
        row = mail_rows.get_mail_in(store, view.game.id, number)
        if row is None:
            raise WorkflowError(f"{view.game.name} has no message {number}; 'gm letters "
                                f"{view.game.name}' lists the messages held.")
        if row.status not in HELD:
            why = ("gm could not read it; paste its letter with 'gm orders'"
                   if row.status == UNREADABLE else "its letter was taken already")
            raise WorkflowError(f"message {number} of {view.game.name} is not held as late or "
                                f"set aside: {why}.")
        if row.phase_id != phase.id:
            raise WorkflowError(f"message {number} came for {row.phase}, and {view.game.name} "
                                f"is at {phase.label} now; it cannot be used.")
        power = view.map.powers[row.power].name if row.power in view.map.powers else None
        how = "late" if row.status == LATE else "accepted for this game"
        taken, letter_id = _letter(store, view, phase.id, row.text, power,
                                   f"mail from {row.sender}, {row.dated or 'no date'}, "
                                   f"{row.message_id} ({how})")
        mail_rows.set_mail_letter(store, row.id, ACCEPTED, letter_id)
        return taken
