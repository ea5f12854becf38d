"""`gm approve GAME`: the GM's word that the judge may go on. It releases results held for
the GM (`--hold-for-gm`, or the game's setting), and lets the judge adjudicate a phase the GM
undid; `--press N` prints press that came by mail and waits for the GM.
"""

from __future__ import annotations

from gm.game.games import open_game
from gm.game.press import add_press
from gm.game.workflow_errors import WorkflowError
from gm.judge import judge_log
from gm.judge.schedules import judged
from gm.judge.situation import APPROVE, RESUME, situation
from gm.store import judge_rows
from gm.store.database import Store
from gm.store.judge_rows import DROPPED, PENDING, PRINTED


def approve(store: Store, game: str) -> list[str]:
    """Record the GM's approval of what waits for it; returns what was approved, in words."""
    with store.transaction():
        view = open_game(store, game)
        now = situation(store, view, judged(store, view))
        approved = []
        for unsent in now.unsent:
            if unsent.held:
                judge_rows.record_step(store, view.game.id, APPROVE, unsent.key,
                                       judge_log.clock())
                approved.append(f"the results of {unsent.phase.label} go out")
        if now.undone and not now.resumed:
            judge_rows.record_step(store, view.game.id, RESUME,
                                   f"phase:{now.phase.id}:{now.undone}", judge_log.clock())
            when = now.due.words(now.zone) if now.due else "its deadline, once one is set"
            approved.append(f"the judge adjudicates {now.phase.label} again at {when}")
        if not approved:
            raise WorkflowError(f"nothing of {view.game.name} waits for you: no results are "
                                "held and no phase was undone ('gm judge --dry-run "
                                f"{view.game.name}' says what the judge will do).")
        for words in approved:
            judge_log.write(store, view, now.phase.label, "approved", words)
        return approved


def press_waiting(store: Store, game: str) -> list[judge_rows.MailPressRow]:
    with store.transaction(write=False):
        view = open_game(store, game)
        return judge_rows.mail_press_of(store, view.game.id, PENDING)


def approve_press(store: Store, game: str, number: int, drop: bool = False) -> str:
    """Print (or drop) press number `number` that came by mail; returns what was done."""
    with store.transaction():
        view = open_game(store, game)
        found = next((row for row in judge_rows.mail_press_of(store, view.game.id)
                      if row.id == number), None)
        if found is None or found.status != PENDING:
            waiting = [str(row.id) for row in judge_rows.mail_press_of(
                store, view.game.id, PENDING)]
            listed = f"press waiting: {', '.join(waiting)}" if waiting else \
                "no press waits"
            raise WorkflowError(f"{view.game.name} has no press {number} waiting for you "
                                f"({listed}).")
        name = view.map.powers[found.power].name if found.power in view.map.powers else None
        if drop:
            judge_rows.set_mail_press(store, found.id, DROPPED)
            words = f"press {number} from {name or found.sender} is not printed"
        else:
            entered = add_press(store, view.game.name, found.text, name, grey=found.grey,
                                source=f"mail from {found.sender}, {found.message_id}")
            judge_rows.set_mail_press(store, found.id, PRINTED, entered.item.id)
            words = f"press {number} from {entered.signed} is printed in the report of " \
                    f"{entered.phase}"
        judge_log.write(store, view, "", "press", words)
        return words
