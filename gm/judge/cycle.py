"""One pass of the judge over a game: read, confirm, remind, adjudicate, send and publish, set
the next deadline; each step at most once, however often the pass runs.

Never twice: a pass holds the game's lease (`gm.store.leases`), so two runs started at once do
not both work on it, and every step is recorded (`judge_steps`) in the transaction that does
it, so a step is done once even if the lease were lost. Never lost: what is due is read from
the store, not remembered, so a run killed at any moment (between adjudicating and sending,
half-way through sending) leaves a store from which the next run does what is left. The
adjudication and the messages it needs are queued before any is sent; the queue sends each
once.

The GM stays in control: a game can hold its results until `gm approve`; after `gm undo` the
judge waits for the GM; whatever the GM does by hand (adjudicate, edit, a new deadline) is the
state the next pass starts from.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from gm.game.adjudication import adjudicate
from gm.game.deadlines import set_due_date
from gm.game.games import GameView, open_game
from gm.game.missed import missed_orders
from gm.game.players import players_at, set_player
from gm.game.press import add_press
from gm.game.workflow_errors import AlreadyAdjudicated, WorkflowError
from gm.judge import judge_log, notices
from gm.judge.mail_in import MailboxError, read_mailbox
from gm.judge.schedules import judged, zone_of
from gm.judge.situation import (
    ADJUDICATE,
    DEADLINE,
    HOLD,
    NMR,
    OVER,
    PUBLISH,
    RESULTS,
    Situation,
    Unsent,
    Verdict,
    deadline_instant,
    next_deadline,
    reminder_key,
    situation,
)
from gm.mail.delivery import AlreadySent, enqueue, send_waiting
from gm.mail.inbox import powers_by_address
from gm.mail.mailboxes import MailError
from gm.mail.outgoing import Mailing, confirmation_mail, results_mail
from gm.store import game_rows as rows
from gm.store import judge_rows, mail_out_rows, mail_rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.faults import checkpoint
from gm.store.judge_rows import CIVIL_DISORDER, JudgeSettings, LogRow
from gm.store.leases import LeaseBusy, game_lease
from gm.store.mail_rows import ACCEPTED, STORED
from gm.store.store_errors import StoreError

SMTP_PASSWORD_ENV = "GM_SMTP_PASSWORD"
CONFIRM = "confirm"


@dataclass(slots=True)
class GameRun:
    """What a pass did to one game: its log entries; or why it did nothing."""

    game: str
    entries: list[LogRow] = field(default_factory=list)
    zone: str = "UTC"  # the game's, which the entries' times are shown in
    error: str = ""  # the pass stopped on this
    busy: str = ""  # another run was at work on the game
    paused: bool = False


def judged_games(store: Store) -> list[str]:
    with store.transaction(write=False):
        return judge_rows.judged_game_names(store)


def judge(store: Store, games: list[str] | None = None, hold: bool = False) -> list[GameRun]:
    """One pass over the named games (every judged game by default)."""
    return [judge_game(store, name, hold) for name in (games or judged_games(store))]


def judge_game(store: Store, name: str, hold: bool = False) -> GameRun:
    """One pass over a game. `hold`: the results of what this pass adjudicates wait for
    `gm approve`."""
    try:
        with store.transaction(write=False):
            view = open_game(store, name)
            settings = judged(store, view)
            start = judge_rows.last_log_id(store, view.game.id)
    except (WorkflowError, StoreError) as exc:  # no such game, a map gm cannot load
        return GameRun(name, error=str(exc))
    run = GameRun(view.game.name)
    if not settings.active:
        run.paused = True
        return run
    try:
        with game_lease(store, view.game.id):
            checkpoint("judge:leased")
            _pass(store, view, settings, hold)
    except LeaseBusy as exc:
        run.busy = str(exc)
        return run
    except (WorkflowError, MailError, StoreError) as exc:
        run.error = str(exc)
        judge_log.write_error(store, view, "", str(exc))
    with store.transaction(write=False):
        run.entries = judge_rows.log_of(store, view.game.id, start)
        run.zone = zone_of(store, view)
    return run


def _pass(store: Store, view: GameView, settings: JudgeSettings, hold: bool) -> None:
    now = situation(store, view, settings)
    read = True
    if settings.mailbox and not now.view.game.ended:
        try:
            read_mailbox(store, view, settings, now.cutoff)
        except MailboxError as exc:
            read = False
            judge_log.write_error(store, view, now.phase.label,
                                  f"the mailbox could not be read: {exc}")
    if settings.confirm and not now.view.game.ended:
        _confirm(store, view)
    now = situation(store, view, settings)
    verdict = now.remind()
    if verdict.due:
        _remind(store, now, verdict)
    verdict = now.adjudicate()
    if verdict.due and read:
        _adjudicate(store, now, verdict, hold)
    elif verdict.due:
        judge_log.write_error(store, view, now.phase.label, "not adjudicated: the mailbox "
                              "could not be read, so letters may be missing")
    now = situation(store, view, settings)
    for unsent in now.unsent:
        if not _follow_up(store, view, settings, unsent):
            break
    now = situation(store, view, settings)
    verdict = now.set_deadline()
    if verdict.due:
        _deadline(store, now, verdict)
    _send(store, view)
    if now.view.game.ended and not now.unsent:
        _over(store, now)


def _confirm(store: Store, view: GameView) -> None:
    """Step 2: a confirmation to each power whose new letters were read, once per letter."""
    with store.transaction():
        phase = rows.open_phase(store, view.game)
        new = [row for row in mail_rows.mail_in_of_game(store, view.game.id, phase.id)
               if row.letter_id is not None and row.status in (STORED, ACCEPTED)
               and judge_rows.step_detail(store, view.game.id, CONFIRM,
                                          f"mail:{row.id}") is None]
        if not new:
            return
        by_address = powers_by_address(store, view, phase.phase)
        powers: list[str] = []
        for row in new:
            for power in [row.power] if row.power else by_address.get(row.sender, []):
                if power not in powers:
                    powers.append(power)
            judge_rows.record_step(store, view.game.id, CONFIRM, f"mail:{row.id}",
                                   judge_log.clock())
        for power in powers:
            name = view.map.powers[power].name
            mailing = confirmation_mail(store, view.game.name, name)
            try:
                enqueue(store, mailing)
            except AlreadySent:
                continue
            what = "queued" if mailing.messages else f"not written: {'; '.join(mailing.skipped)}"
            judge_log.write(store, view, phase.label, "confirm", f"{name}: {what}")


def _remind(store: Store, now: Situation, verdict: Verdict) -> None:
    """Step 3: remind the powers whose orders are incomplete, once per deadline."""
    view, key = now.view, reminder_key(now.phase, now.due)
    with store.transaction():
        if not judge_rows.record_step(store, view.game.id, "remind", key, judge_log.clock(),
                                      verdict.why):
            return
        words = now.due.words(now.zone)
        reminded, unreachable = [], []
        for entry in now.ordered.powers:
            if not (entry.missing or entry.short):
                continue
            power = view.map.power_id(entry.power)
            mail = notices.reminder(store, view, now.phase, power, words, entry.missing,
                                    entry.note if entry.short else "", key)
            if mail is None:
                unreachable.append(entry.power)
                continue
            enqueue(store, Mailing(view.game.name, now.phase.label, [mail], []))
            reminded.append(entry.power)
        nobody = f"; no address for {', '.join(unreachable)}" if unreachable else ""
        judge_log.write(store, view, now.phase.label, "remind",
                        f"{', '.join(reminded) or 'nobody'}: orders due {words}{nobody}")


def _adjudicate(store: Store, now: Situation, verdict: Verdict, hold: bool) -> None:
    """Step 4: adjudicate the phase in progress; exactly once (another gm may be first)."""
    view, phase = now.view, now.phase
    try:
        with store.transaction():
            adjudicate(store, view.game.name, expected=phase.label, no_orders=True)
            judge_rows.record_step(store, view.game.id, ADJUDICATE,
                                   f"phase:{phase.id}:{now.undone}", judge_log.clock(),
                                   now.due.stored())
            if hold:
                judge_rows.record_step(store, view.game.id, HOLD, f"phase:{phase.id}",
                                       judge_log.clock(), "gm judge --hold-for-gm")
            judge_log.write(store, view, phase.label, "adjudicated", verdict.why)
    except AlreadyAdjudicated:
        return
    checkpoint("judge:adjudicated")


def _follow_up(store: Store, view: GameView, settings: JudgeSettings, unsent: Unsent) -> bool:
    """Steps 5 and 6 for one adjudicated phase: its NMRs; unless its results wait for the GM
    (then False: later phases wait too), the next phase's deadline, so that the results
    print it, then the results queued and the site published."""
    now = situation(store, view, settings)
    _nmr(store, now, unsent)
    label = unsent.phase.label
    if unsent.held:
        with store.transaction():
            if judge_rows.record_step(store, view.game.id, "held", unsent.key,
                                      judge_log.clock()):
                notices.tell_gm(
                    store, view, label, "held",
                    f"the results wait for the GM: 'gm report {view.game.name} --phase "
                    f"\"{label}\"', then 'gm approve {view.game.name}'",
                    f"{label} adjudicated; the results wait for you",
                    f"The judge adjudicated {label} of {view.game.name}; the results wait "
                    f"for you.\n\nRead them: gm report {view.game.name} --phase \"{label}\"\n"
                    f"Correct them: gm undo {view.game.name}, then gm edit, gm orders, gm "
                    f"adjudicate\nSend them: gm approve {view.game.name}", f"held:{unsent.key}")
        return False
    if unsent.adjudication.next_phase_id == now.phase.id:
        verdict = now.set_deadline()
        if verdict.due:
            _deadline(store, now, verdict)
    try:
        # (a run killed before this step, after which the GM sent them: nothing drawn)
        mailing = results_mail(store, view.game.name, label, picture=now.settings.picture,
                               reuse_queued=True)
    except WorkflowError as exc:
        with store.transaction():
            if judge_rows.record_step(store, view.game.id, RESULTS, unsent.key,
                                      judge_log.clock(), f"not sent: {exc}"):
                judge_log.write(store, view, label, "results", f"not sent: {exc}")
        return True
    with store.transaction():
        if not judge_rows.record_step(store, view.game.id, RESULTS, unsent.key,
                                      judge_log.clock(), f"{len(mailing.messages)} message(s)"):
            return True
        try:
            enqueue(store, mailing)
            powers = ", ".join(view.map.powers[m.power].name for m in mailing.messages)
            detail = f"queued for {powers}; the board: {mailing.picture}"
        except AlreadySent:
            detail = "sent already (by the GM)"
        skipped = f"; not written: {'; '.join(mailing.skipped)}" if mailing.skipped else ""
        judge_log.write(store, view, label, "results", detail + skipped)
    checkpoint("judge:results-queued")
    if now.settings.publish:
        _publish(store, now, unsent)
    return True


def _nmr(store: Store, now: Situation, unsent: Unsent) -> None:
    """The powers that sent no orders for the phase; with the civil-disorder policy, a power
    that missed `disorder_after` phases running is left without a player, and the GM told."""
    view, settings, label = now.view, now.settings, unsent.phase.label
    with store.transaction():
        if judge_rows.step_detail(store, view.game.id, NMR, unsent.key) is not None:
            return
        missed = missed_orders(store, view, unsent.phase)
        judge_rows.record_step(store, view.game.id, NMR, unsent.key, judge_log.clock(),
                               ", ".join(f"{m.power} {m.in_a_row}" for m in missed))
        for m in missed:
            running = f"{m.in_a_row} phase{'s' if m.in_a_row > 1 else ''} running"
            judge_log.write(store, view, label, "nmr", f"{m.power} sent no orders ({running})")
        if settings.nmr != CIVIL_DISORDER:
            return
        following = rows.get_phase(store, unsent.adjudication.next_phase_id)
        playing = players_at(store, view, following.phase)
        for m in missed:
            power = view.map.power_id(m.power)
            row = playing.get(power)
            if m.in_a_row < settings.disorder_after or row is None or row.vacant:
                continue
            set_player(store, view.game.name, m.power, vacant=True, phase=following.label)
            add_press(store, view.game.name,
                      f"{m.power} sent no orders for {m.in_a_row} phases running and is in "
                      "civil disorder: its units hold, and it builds nothing, until the GM "
                      "names a new player.", gm_note=True, phase=label)
            notices.tell_gm(
                store, view, label, "civil disorder",
                f"{m.power} ({row.name}) after {m.in_a_row} missed phases; nobody plays it "
                f"from {following.label}", f"{m.power} is in civil disorder",
                f"{m.power} ({row.name}) sent no orders for {m.in_a_row} phases running: the "
                f"judge put it in civil disorder from {following.label} (nobody plays it; its "
                f"units hold).\nName a standby player to take it over:\n  gm players "
                f"{view.game.name} {m.power} \"NAME\" --contact ADDRESS --standby",
                f"disorder:{unsent.key}:{power}")


def _publish(store: Store, now: Situation, unsent: Unsent) -> None:
    from gm.publish.site import publish_game

    view = now.view
    with store.transaction(write=False):
        if judge_rows.step_detail(store, view.game.id, PUBLISH, unsent.key) is not None:
            return
    try:
        written = publish_game(store, view.game.name, now.settings.publish)
    except WorkflowError as exc:
        judge_log.write_error(store, view, unsent.phase.label, f"not published: {exc}")
        return
    with store.transaction():
        if judge_rows.record_step(store, view.game.id, PUBLISH, unsent.key,
                                  judge_log.clock()):
            judge_log.write(store, view, unsent.phase.label, "published",
                            f"{len(written)} file(s) into {now.settings.publish}")


def _smtp_password(settings) -> str:
    found = os.environ.get(SMTP_PASSWORD_ENV)
    if not found:
        raise MailError(f"no SMTP password: set {SMTP_PASSWORD_ENV} for the judge (it never "
                        "asks, so that cron can run it)")
    return found


def _send(store: Store, view: GameView) -> None:
    """Step 5: send every message waiting in the queue (results, confirmations, reminders)."""
    try:
        delivery = send_waiting(store, view.game.name, _smtp_password)
    except (MailError, WorkflowError) as exc:
        judge_log.write_error(store, view, "", f"mail not sent: {exc}")
        return
    if delivery.sent:
        kinds: dict[str, int] = {}
        for row in delivery.sent:
            kinds[row.kind] = kinds.get(row.kind, 0) + 1
        with store.transaction():
            judge_log.write(store, view, delivery.sent[-1].phase, "sent", ", ".join(
                f"{n} {kind}{'s' if n > 1 and kind != 'results' else ''}"
                for kind, n in kinds.items()))
    problem = delivery.problem("the judge tries again at its next run")
    if problem:
        judge_log.write_error(store, view, "", f"mail: {problem}")


def _deadline(store: Store, now: Situation, verdict: Verdict) -> None:
    """Step 6: the deadline of the phase in progress from the schedule, counted from now;
    a deadline the GM set for it meanwhile is kept."""
    view, phase = now.view, now.phase
    with store.transaction():
        if judge_rows.step_detail(store, view.game.id, DEADLINE, now.deadline_key) is not None:
            return
        existing = deadline_of(store, view.game.id, phase.label)
        judges = {row[0] for row in store.conn.execute(
            "SELECT detail FROM judge_steps WHERE game_id = ? AND step = ?",
            [view.game.id, DEADLINE])}
        words = now.settings.timing(phase.kind)
        if existing is not None and (not words or deadline_instant(existing) > now.now and
                                     existing.stored() not in judges):
            judge_rows.record_step(store, view.game.id, DEADLINE, now.deadline_key,
                                   judge_log.clock(), f"kept {existing.stored()}")
            judge_log.write(store, view, phase.label, "deadline",
                            f"the GM's deadline is kept: {existing.words(now.zone)}")
            return
        due = next_deadline(now)
        set_due_date(store, view.game.name, due)
        judge_rows.record_step(store, view.game.id, DEADLINE, now.deadline_key,
                               judge_log.clock(), due.stored())
        judge_log.write(store, view, phase.label, "deadline",
                        f"{due.words(now.zone)} ({verdict.why})")


def _over(store: Store, now: Situation) -> None:
    view = now.view
    with store.transaction():
        if judge_rows.record_step(store, view.game.id, OVER, view.game.result or "over",
                                  judge_log.clock()):
            judge_log.write(store, view, now.phase.label, "game over",
                            f"{view.game.result}; the judge does nothing more for "
                            f"{view.game.name} ('gm schedule {view.game.name} --off')")



@dataclass(frozen=True, slots=True)
class Planned:
    """A step of the cycle, whether a pass now would take it, and why."""

    step: str
    verdict: Verdict


def dry_run(store: Store, name: str) -> tuple[Situation, list[Planned]]:
    """What a pass would do now, step by step, and why; nothing is changed and the mailbox is
    not read (the steps after it are judged on the letters stored so far)."""
    with store.transaction(write=False):
        view = open_game(store, name)
        settings = judged(store, view)
        now = situation(store, view, settings)
        waiting = mail_out_rows.waiting(store, view.game.id)
        unconfirmed = [row for row in mail_rows.mail_in_of_game(store, view.game.id,
                                                                now.phase.id)
                       if row.letter_id is not None and row.status in (STORED, ACCEPTED)
                       and judge_rows.step_detail(store, view.game.id, CONFIRM,
                                                  f"mail:{row.id}") is None]
    if not settings.active:
        return now, [Planned("judge", Verdict(False, "paused ('gm schedule "
                                                     f"{view.game.name} --on' resumes)"))]
    planned = [
        Planned("read", Verdict(bool(settings.mailbox) and not view.game.ended,
                                f"the {settings.mailbox} mailbox" if settings.mailbox
                                else "no mailbox is set: the GM enters the letters")),
        Planned("confirm", Verdict(settings.confirm and bool(unconfirmed),
                                   f"{len(unconfirmed)} letter(s) read and not confirmed yet"
                                   if settings.confirm else "confirmations are off")),
        Planned("remind", now.remind()),
        Planned("adjudicate", now.adjudicate()),
    ]
    for unsent in now.unsent:
        planned.append(Planned(f"results of {unsent.phase.label}", Verdict(
            not unsent.held, now.waiting_for_gm() if unsent.held else
            f"{unsent.phase.label} is adjudicated and its results are not sent yet")))
    planned.append(Planned("send", Verdict(bool(waiting), f"{len(waiting)} message(s) "
                                                          "waiting in the queue")))
    planned.append(Planned("deadline", now.set_deadline()))
    return now, planned
