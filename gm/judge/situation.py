"""Where a judged game stands now, and which of the cycle's steps are due, each with its reason.

A pass (`cycle`) and `gm judge --dry-run` ask the same questions here, so what the dry run
says is what a pass does. Everything is read from the store and the clock: what was done is
the store's steps (`judge_steps`), never a memory of the last run.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from gm import dates
from gm.deadline_time import Due, long_date, zone_info, zone_label
from gm.game.games import GameView
from gm.game.progress import GameProgress, progress
from gm.judge.schedule_words import read_timing, span_words
from gm.judge.schedules import zone_of
from gm.store import game_rows as rows
from gm.store import judge_rows
from gm.store.database import Store
from gm.store.deadline_rows import deadline_of
from gm.store.game_rows import PhaseRow
from gm.store.judge_rows import JudgeSettings
from gm.store.result_rows import AdjudicationRow, adjudication_from

# the steps the judge records (`judge_steps.step`)
REMIND, ADJUDICATE, NMR, HOLD, APPROVE, RESUME = "remind", "adjudicate", "nmr", "hold", \
    "approve", "resume"
RESULTS, PUBLISH, DEADLINE, OVER = "results", "publish", "deadline", "over"


def deadline_instant(due: Due) -> datetime:
    """When a deadline ends: its moment, or the midnight after its day in its zone."""
    if due.at is not None:
        return due.at
    tz = zone_info(due.zone or "UTC")
    return datetime.combine(due.day + timedelta(days=1), time(0), tzinfo=tz).astimezone(UTC)


def moment_words(moment: datetime, zone: str) -> str:
    """`Saturday 21 November 2026, 18:00 GMT`, in the game's zone."""
    local = moment.astimezone(zone_info(zone or "UTC"))
    return f"{long_date(local.date())}, {local:%H:%M} {zone_label(local)}"


def adjudication_key(adjudication: AdjudicationRow) -> str:
    return f"adjudication:{adjudication.id}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a step is due now, and why (or why not)."""

    due: bool
    why: str


@dataclass(slots=True)
class Unsent:
    """An adjudicated phase whose results the judge has not sent yet."""

    phase: PhaseRow
    adjudication: AdjudicationRow
    held: bool  # held for the GM, not approved yet

    @property
    def key(self) -> str:
        return adjudication_key(self.adjudication)


@dataclass(slots=True)
class Situation:
    """Everything the judge decides a game's next step from, read once per pass."""

    view: GameView
    settings: JudgeSettings
    now: datetime
    zone: str
    phase: PhaseRow  # the phase in progress
    due: Due | None  # its deadline
    deadline_key: str  # the step that sets its deadline: after which adjudication it opened
    deadline_done: bool  # the judge has set (or kept) its deadline
    unsent: list[Unsent]
    undone: int  # adjudications of the phase in progress that the GM undid
    resumed: bool  # ... and the GM let the judge go on (`gm approve`)
    ordered: GameProgress
    reminded: bool  # the reminder for this deadline went

    @property
    def deadline(self) -> datetime | None:
        return deadline_instant(self.due) if self.due is not None else None

    @property
    def cutoff(self) -> datetime | None:
        """The deadline and the grace period after it."""
        deadline = self.deadline
        return deadline + timedelta(seconds=self.settings.grace) if deadline else None

    def words(self, moment: datetime) -> str:
        return moment_words(moment, self.zone)

    @property
    def lacking(self) -> list[str]:
        """The powers (names) still without complete orders (`gm status`'s reading, which
        `GameProgress.complete` sums up)."""
        return [p.power for p in self.ordered.powers if p.missing or p.short]

    def waiting_for_gm(self) -> str:
        """Why the cycle waits for the GM before the phase in progress ('' if it does not)."""
        held = next((u for u in self.unsent if u.held), None)
        if held is not None:
            return (f"the results of {held.phase.label} wait for the GM ('gm approve "
                    f"{self.view.game.name}')")
        if self.undone and not self.resumed:
            return (f"the GM undid {self.phase.label}: the judge waits for 'gm adjudicate "
                    f"{self.view.game.name}' or 'gm approve {self.view.game.name}'")
        return ""

    def remind(self) -> Verdict:
        settings = self.settings
        if not settings.remind:
            return Verdict(False, "no reminders are set (--remind 24h sets one)")
        blocked = self._blocked()
        if blocked:
            return Verdict(False, blocked)
        if self.reminded:
            return Verdict(False, "the reminder for this deadline went already")
        at = self.deadline - timedelta(seconds=settings.remind)
        if self.now < at:
            return Verdict(False, f"not yet: reminders go {self.words(at)}, "
                                  f"{span_words(settings.remind)} before the deadline")
        if self.now >= self.deadline:
            return Verdict(False, "the deadline has passed")
        lacking = self.lacking
        if not lacking:
            return Verdict(False, "every power has complete orders")
        return Verdict(True, f"{span_words(settings.remind)} before the deadline "
                             f"({self.words(self.deadline)}); no complete orders from "
                             f"{', '.join(lacking)}")

    def adjudicate(self) -> Verdict:
        blocked = self._blocked()
        if blocked:
            return Verdict(False, blocked)
        cutoff = self.cutoff
        if self.now >= cutoff:
            grace = f" and the grace period of {span_words(self.settings.grace)}" \
                if self.settings.grace else ""
            return Verdict(True, f"the deadline ({self.words(self.deadline)}){grace} passed")
        lacking = self.lacking
        early = self.settings.early and not self.undone
        if early and self.ordered.complete and self.ordered.powers:
            return Verdict(True, "early: every power has complete orders")
        left = f"; no complete orders yet from {', '.join(lacking)}" if lacking else ""
        early = "" if early else " (early adjudication is off)" if not self.settings.early \
            else " (not early: the GM undid it)"
        return Verdict(False, f"not yet: the deadline is {self.words(self.deadline)}"
                              f"{left}{early}")

    def set_deadline(self) -> Verdict:
        if self.view.game.ended:
            return Verdict(False, "the game is over")
        if self.deadline_done:
            return Verdict(False, f"set already: {self.due.words(self.zone)}" if self.due
                           else "the GM cleared it")
        if any(u.held for u in self.unsent):
            return Verdict(False, "it is set when the results held for the GM go out")
        words = self.settings.timing(self.phase.kind)
        if not words:
            if self.due is not None:
                return Verdict(True, "the GM's deadline is kept")
            return Verdict(False, f"the schedule has no time for a {self.phase.kind.lower()} "
                                  f"phase: 'gm deadline {self.view.game.name} WHEN' sets one")
        return Verdict(True, f"{self.phase.kind.lower()} phases run {words}")

    def _blocked(self) -> str:
        """Why nothing can be done about the phase in progress yet ('' if it can)."""
        if self.view.game.ended:
            return "the game is over"
        waiting = self.waiting_for_gm()
        if waiting:
            return waiting
        if self.unsent:
            return f"the results of {self.unsent[0].phase.label} are not out yet"
        if self.due is None:
            return "no deadline is set for it"
        if not self.deadline_done:
            return "its deadline is not set by the judge yet"
        return ""


def reminder_key(phase: PhaseRow, due: Due) -> str:
    return f"phase:{phase.id}:{due.stored()}"


def next_deadline(situation: Situation) -> Due:
    """The deadline the schedule gives the phase in progress, counted from now."""
    timing = read_timing(situation.settings.timing(situation.phase.kind))
    return timing.deadline_after(situation.now, situation.zone)


def situation(store: Store, view: GameView, settings: JudgeSettings) -> Situation:
    """The game as it stands, read in one transaction."""
    with store.transaction(write=False):
        game = rows.get_game(store, view.game.name)
        view = GameView(game, view.map)
        phase = rows.open_phase(store, game)
        unsent = []
        for row in rows.phases_with_status(store, game, "adjudicated"):
            adjudication = adjudication_from(store, row.id, "live")
            if row.seq < settings.from_seq or adjudication is None:
                continue
            key = adjudication_key(adjudication)
            if judge_rows.step_detail(store, game.id, RESULTS, key) is not None:
                continue
            held = (settings.hold or judge_rows.step_detail(
                store, game.id, HOLD, f"phase:{row.id}") is not None) and \
                judge_rows.step_detail(store, game.id, APPROVE, key) is None
            unsent.append(Unsent(row, adjudication, held))
        undone = store.conn.execute(
            "SELECT count(*) FROM adjudications WHERE phase_id = ? AND status != 'live'",
            [phase.id]).fetchone()[0]
        resumed = judge_rows.step_detail(store, game.id, RESUME,
                                         f"phase:{phase.id}:{undone}") is not None
        leading = store.conn.execute(
            "SELECT id FROM adjudications WHERE next_phase_id = ? AND status = 'live'",
            [phase.id]).fetchone()
        deadline_key = f"adjudication:{leading[0]}" if leading and phase.seq > \
            settings.from_seq else f"start:{phase.id}"
        due = deadline_of(store, game.id, phase.label)
        return Situation(
            view=view, settings=settings, now=dates.now(), zone=zone_of(store, view),
            phase=phase, due=due, deadline_key=deadline_key,
            deadline_done=judge_rows.step_detail(store, game.id, DEADLINE,
                                                 deadline_key) is not None,
            unsent=unsent, undone=undone, resumed=resumed,
            ordered=progress(store, game.name),
            reminded=due is not None and judge_rows.step_detail(
                store, game.id, REMIND, reminder_key(phase, due)) is not None)
