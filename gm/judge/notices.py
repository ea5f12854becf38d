"""The judge's own mail: a reminder to a power whose orders are missing, a reply to a player
about a letter gm could not take, and a notice to the GM about something that needs them.

Each is an `Outgoing` of the mail package, queued and sent like the confirmations and results;
its batch names what it is about, so it is sent once.
"""

from __future__ import annotations

from email.utils import parseaddr

from gm.game.games import GameView
from gm.mail.outgoing import (
    NOTICE,
    REMINDER,
    REPLY,
    Outgoing,
    address_line,
    new_message,
    outbox_name,
    recipients,
)
from gm.mail.outgoing import settings_for as mail_settings
from gm.store.database import Store
from gm.store.game_rows import PhaseRow


def reminder(store: Store, view: GameView, phase: PhaseRow, power: str, due_words: str,
             lacking: list[str], note: str, key: str) -> Outgoing | None:
    """The reminder to `power` (id), whose orders are incomplete; None if its player has no
    address."""
    settings = mail_settings(store, view)
    name, addresses = recipients(store, view, phase.phase).get(power, ("", []))
    if not addresses:
        return None
    power_name = view.map.powers[power].name
    lines = [f"Reminder: {view.game.name} ({view.map.name}), {phase.label}", "",
             f"Orders for {phase.label} are due {due_words}.",
             f"gm has no complete orders for {power_name} yet."]
    if lacking:
        lines += ["", "No order yet for:", *(f"  {unit}" for unit in lacking)]
    if note:
        lines += ["", f"Adjustments: {note}"]
    lines += ["", f"Send your orders by mail to {settings.sender}, with "
                  f"'{view.game.name}' in the subject.", ""]
    message = new_message(settings.sender, address_line(name, addresses),
                          f"{view.game.name}: {phase.label} orders, a reminder",
                          "\n".join(lines))
    return Outgoing(REMINDER, phase.label, power, tuple(addresses), message,
                    outbox_name(view.game.name, phase.label, REMINDER, power_name),
                    f"{REMINDER}:{key}:{power}")


def reply(store: Store, view: GameView, phase: str, power: str | None, to: str,
          subject: str, in_reply_to: str, text: str, key: str) -> Outgoing:
    """A word to the player who sent a letter (late, or not readable)."""
    settings = mail_settings(store, view)
    answer = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    message = new_message(settings.sender, to, answer, text, in_reply_to or None)
    return Outgoing(REPLY, phase, power, (to,), message,
                    outbox_name(view.game.name, phase, REPLY, power or "player"),
                    f"{REPLY}:{key}")


def notice(store: Store, view: GameView, phase: str, subject: str, text: str, key: str
           ) -> Outgoing:
    """A notice to the GM (at the address the game's mail comes from)."""
    settings = mail_settings(store, view)
    body = f"{text.rstrip()}\n\n(gm judge; 'gm log {view.game.name}' lists what it did.)\n"
    message = new_message(settings.sender, settings.sender, f"{view.game.name}: {subject}",
                          body)
    return Outgoing(NOTICE, phase, None, (parseaddr(settings.sender)[1],), message,
                    outbox_name(view.game.name, phase, NOTICE, "gm"), f"{NOTICE}:{key}")


def tell_gm(store: Store, view: GameView, phase: str, action: str, detail: str,
            subject: str, text: str, key: str) -> None:
    """Log an action that needs the GM, and queue the notice telling them (inside the
    caller's transaction)."""
    from gm.judge import judge_log
    from gm.mail.delivery import enqueue
    from gm.mail.outgoing import Mailing

    judge_log.write(store, view, phase, action, detail)
    enqueue(store, Mailing(view.game.name, phase, [notice(store, view, phase, subject, text,
                                                          key)], []))
