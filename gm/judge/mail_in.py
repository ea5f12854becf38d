"""The judge's reading: the game's mailbox, its letters taken as `gm mail read` takes them,
press by mail, and a word to whoever needs one about a message gm could not take.

Letters from an address that is no player's contact are held for the GM, as always: nothing of
them is stored, and the GM is told once. A letter dated after the deadline is held as late,
unless it came within the grace period, which takes it. Press (a message whose subject names
the game and says press) is printed at once or waits for the GM, as the game says.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from gm.game.games import GameView
from gm.game.press import add_press
from gm.game.workflow_errors import WorkflowError
from gm.judge import judge_log, notices
from gm.mail import mailboxes
from gm.mail.delivery import enqueue
from gm.mail.inbox import (
    ASIDE,
    LATE,
    REFUSED,
    STORED,
    SUBJECT_CHARS,
    UNKNOWN,
    UNREADABLE,
    accept_held,
    powers_by_address,
    read_mail,
    subject_matcher,
)
from gm.mail.messages import IncomingMessage, contact_addresses, parse_message, raw_digest
from gm.mail.outgoing import Mailing
from gm.store import game_rows as rows
from gm.store import judge_rows, mail_rows
from gm.store.database import Store
from gm.store.judge_rows import APPROVE, DROPPED, IGNORE, PENDING, PRINTED, PUBLISH, JudgeSettings
from gm.store.press_rows import grey_press_allowed

IMAP_PASSWORD_ENV = "GM_IMAP_PASSWORD"
_PRESS = re.compile(r"(?<![\w-])press(?![\w-])", re.I)
_GREY = re.compile(r"(?<![\w-])(grey|gray)(?![\w-])", re.I)


class MailboxError(WorkflowError):
    """The game's mailbox could not be read this time."""


def raw_messages(settings: JudgeSettings) -> list[bytes]:
    """Every message of the game's mailbox, read whole now (a failure half-way is one
    error, not half a reading)."""
    try:
        return list(_messages(settings))
    except mailboxes.MailError as exc:
        raise MailboxError(str(exc)) from None


def _messages(settings: JudgeSettings) -> Iterator[bytes]:
    if settings.mailbox == "maildir":
        return mailboxes.maildir_messages(settings.mailbox_path)
    if settings.mailbox == "mbox":
        return mailboxes.mbox_messages(settings.mailbox_path)
    password = os.environ.get(IMAP_PASSWORD_ENV)
    if not password:
        raise MailboxError(f"no IMAP password: set {IMAP_PASSWORD_ENV} for the judge (it "
                           "never asks, so that cron can run it).")
    return mailboxes.imap_messages(settings.mailbox_path, settings.imap_user, password,
                                   settings.imap_folder, settings.imap_port)


@dataclass(slots=True)
class Reading:
    """What one judge pass read from the game's mailbox."""

    letters: int = 0  # letters stored this time
    press: int = 0
    notes: list[str] = field(default_factory=list)


def read_mailbox(store: Store, view: GameView, settings: JudgeSettings, cutoff) -> Reading:
    """Step 1: take the game's new letters and press from its mailbox. `cutoff` is the end
    of the grace period (None without a deadline): a late letter dated before it is taken."""
    messages = raw_messages(settings)
    own = _own_addresses(store, view)
    matcher = subject_matcher(view.game.name)
    with store.transaction(write=False):
        taken = mail_rows.taken_keys(store, view.game.id) | judge_rows.press_keys(
            store, view.game.id)
        seen = mail_rows.read_digests(store, view.game.id) | judge_rows.press_digests(
            store, view.game.id)
    letters, press = [], []
    for raw in messages:
        if raw_digest(raw) in seen:  # these very bytes were read on an earlier pass: not
            continue                 # decoded again
        message = parse_message(raw)
        if message.key in taken:  # read on an earlier pass, as `gm mail read` would count it
            continue
        if matcher(message.subject[:SUBJECT_CHARS]) and message.sender not in own and \
                _PRESS.search(message.subject[:SUBJECT_CHARS]):
            press.append(message)
        else:
            letters.append(message)  # decoded once: `read_mail` takes it as it is
    reading = Reading()
    done = read_mail(store, view.game.name, letters)
    for outcome in done.outcomes:
        message = outcome.message
        who = f"{outcome.power} ({message.sender})" if outcome.power else message.sender
        if outcome.status == STORED:
            reading.letters += 1
            _log(store, view, done.phase, "letter", f"from {who}: {_counts(outcome.taken)}")
        elif outcome.status == LATE:
            _late(store, view, settings, outcome, who, cutoff, reading)
        elif outcome.status == UNKNOWN:
            _once(store, view, done.phase, "unknown", message, "held",
                  f"from {message.sender}, no player's contact: held for the GM "
                  f"({message.subject!r})",
                  notices.notice(store, view, done.phase, f"a letter from {message.sender}",
                                 f"A message from {message.sender} ({message.subject!r}, "
                                 f"{_dated(message)}) names {view.game.name} but comes "
                                 "from no player's contact; gm did not take it.\nIf it is a "
                                 f"player's, add the address ('gm players {view.game.name} "
                                 "POWER --contact ADDRESS'); the judge reads it next time.",
                                 f"unknown:{message.tag}"))
        elif outcome.status == REFUSED:
            _once(store, view, done.phase, "refused", message, "refused",
                  f"from {who}: not taken: {outcome.note}",
                  notices.reply(store, view, done.phase, None, message.sender,
                                message.subject, message.message_id,
                                f"gm could not take your letter of {_dated(message)}: "
                                f"{outcome.note}.\nNothing of it was stored; please send "
                                "your orders again.\n", f"refused:{message.tag}"))
        elif outcome.status in (ASIDE, UNREADABLE):  # the GM decides: told once
            _once(store, view, done.phase, outcome.status, message, "held",
                  f"from {who}: {outcome.note}",
                  notices.notice(store, view, done.phase, f"a message from {who} set aside",
                                 f"A message from {who} ({message.subject!r}, "
                                 f"{_dated(message)}): {outcome.note}.",
                                 f"{outcome.status}:{message.tag}"))
    for message in press:
        _press(store, view, settings, message, done.phase, reading)
    return reading


def _own_addresses(store: Store, view: GameView) -> set[str]:
    with store.transaction(write=False):
        found = mail_rows.settings_of(store, view.game.id)
    return contact_addresses(found.sender) if found else set()


def _counts(taken) -> str:
    if taken is None:
        return "stored"
    counts: dict[str, int] = {}
    for line in taken.lines:
        counts[line.status] = counts.get(line.status, 0) + 1
    return ", ".join(f"{n} {status}" for status, n in counts.items()) or "nothing to read"


def _dated(message: IncomingMessage) -> str:
    return message.dated.strftime("%a %d %b %Y %H:%M %z") if message.dated else "no date"


def _log(store: Store, view: GameView, phase: str, action: str, detail: str) -> None:
    with store.transaction():
        judge_log.write(store, view, phase, action, detail)


def _once(store: Store, view: GameView, phase: str, step: str, message: IncomingMessage,
          action: str, detail: str, mail) -> None:
    """Log a message gm did not take, and send its word about it, once per message."""
    with store.transaction():
        if not judge_rows.record_step(store, view.game.id, step, message.tag,
                                      judge_log.clock(), detail):
            return
        judge_log.write(store, view, phase, action, detail)
        enqueue(store, Mailing(view.game.name, phase, [mail], []))


def _late(store: Store, view: GameView, settings: JudgeSettings, outcome, who: str, cutoff,
          reading: Reading) -> None:
    message = outcome.message
    with store.transaction(write=False):
        phase = rows.open_phase(store, view.game).label
    if cutoff is not None and message.dated is not None and message.dated <= cutoff:
        taken = accept_held(store, view.game.name, outcome.number)
        reading.letters += 1
        _log(store, view, phase, "letter", f"from {who}, within the grace period: "
                                           f"{_counts(taken)}")
        return
    _once(store, view, phase, "late", message, "late",
          f"from {who}: dated after the deadline, held for the GM ('gm letters "
          f"{view.game.name} --accept {outcome.number}')",
          notices.reply(store, view, phase, None, message.sender, message.subject,
                        message.message_id,
                        f"Your letter of {_dated(message)} came after the deadline for "
                        f"{phase}; gm holds it for the GM, who may still take it.\n",
                        f"late:{message.tag}"))
    with store.transaction():
        if judge_rows.record_step(store, view.game.id, "late-notice", message.tag,
                                  judge_log.clock()):
            enqueue(store, Mailing(view.game.name, phase, [notices.notice(
                store, view, phase, f"a late letter from {who}",
                f"{who} wrote after the deadline of {phase} ({_dated(message)}). gm holds "
                f"it: 'gm letters {view.game.name} --accept {outcome.number}' takes it, "
                "before the judge adjudicates.", f"late:{message.tag}")], []))


def _press(store: Store, view: GameView, settings: JudgeSettings, message: IncomingMessage,
           phase: str, reading: Reading) -> None:
    """Press by mail: printed, waiting for the GM, or dropped, once per message."""
    with store.transaction():
        game_id = view.game.id
        if message.key in judge_rows.press_keys(store, game_id):
            return
        current = rows.open_phase(store, view.game)
        powers = powers_by_address(store, view, current.phase).get(message.sender, [])
        if not powers:
            _once(store, view, phase, "unknown", message, "held",
                  f"press from {message.sender}, no player's contact: not taken",
                  notices.notice(store, view, phase, f"press from {message.sender}",
                                 f"Press from {message.sender} ({message.subject!r}) comes "
                                 "from no player's contact; gm did not take it.",
                                 f"unknown:{message.tag}"))
            return
        power = powers[0]
        name = view.map.powers[power].name
        grey = bool(_GREY.search(message.subject))
        text = message.text
        why = ""
        if grey and not grey_press_allowed(store, game_id):
            why = "grey press is not allowed in this game"
        policy = PENDING if why or settings.press == APPROVE else \
            PRINTED if settings.press == PUBLISH else DROPPED
        if policy == DROPPED and settings.press != IGNORE:
            policy = PENDING
        if policy == PRINTED:
            entered = add_press(store, view.game.name, text, name, grey=grey,
                                source=f"mail from {message.sender}, {message.message_id}")
            number = judge_rows.add_mail_press(store, game_id, message.message_id,
                                               message.sender, power, grey, message.subject,
                                               text, PRINTED, entered.item.id,
                                               message.digest or None)
            judge_log.write(store, view, phase, "press",
                            f"{'grey press' if grey else 'press'} from {name}, printed in "
                            f"the report of {entered.phase}")
            reading.press += 1
            return
        number = judge_rows.add_mail_press(store, game_id, message.message_id,
                                           message.sender, power, grey, message.subject,
                                           text, policy, raw_digest=message.digest or None)
        if policy == DROPPED:
            judge_log.write(store, view, phase, "press",
                            f"press from {name} not printed (the game takes no press by mail)")
            return
        detail = f"press {number} from {name} waits for the GM ('gm approve " \
                 f"{view.game.name} --press {number}'){': ' + why if why else ''}"
        notices.tell_gm(
            store, view, phase, "press", detail, f"press from {name} waits",
            f"{'Grey press' if grey else 'Press'} from {name} came by mail"
            f"{' (' + why + ')' if why else ''}:\n\n{text}\n\n'gm approve {view.game.name} "
            f"--press {number}' prints it; 'gm approve {view.game.name} --drop-press "
            f"{number}' does not.", f"press:{number}")
        reading.press += 1

