"""Undo, redo, and the end of a game.

`gm undo` steps back one phase: the phase just reached is set aside ('undone') with any orders
already typed for it, and the previous phase is open again with its orders as they were.
`gm redo` puts the set-aside phase back, but only while nothing has changed since: any new
order, correction or adjudication discards what could have been redone (it stays in the
database, marked 'discarded'). A game ends with a victory, of one power or several jointly
(found by the adjudication), or a draw (recorded by the GM); undo reopens it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.engine.position import Position
from gm.game.games import open_game
from gm.game.workflow_errors import GameOver, NothingToRedo, NothingToUndo, WorkflowError
from gm.maps.gamemap import GameMap
from gm.orders.kinds.build import amount
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.game_rows import GameRow, joint_victory
from gm.store.position_rows import load_position


def discard_redo(store: Store, game: GameRow) -> None:
    """Something changed: whatever `gm undo` set aside can no longer be redone."""
    store.execute(
        "UPDATE adjudications SET status = 'discarded' WHERE status = 'undone' AND phase_id IN "
        "(SELECT id FROM phases WHERE game_id = ?)", [game.id])
    store.execute(
        "UPDATE phases SET status = 'discarded' WHERE game_id = ? AND status = 'undone'",
        [game.id])


def require_running(game: GameRow) -> None:
    if game.ended:
        raise GameOver(f"{game.name} is over ({game.result}). 'gm undo {game.name}' reopens "
                       "it.")


def victory_text(winners: list[str], position: Position, game_map: GameMap,
                 season: str | None = None) -> str:
    """`Russia wins (Autumn 1901) with 18 supply centres` (`Mordor wins ... with 19 units`
    where units win, `Sparta wins ... with supply centres worth 21` where centres are not all
    worth one; `season` is when it was won; where powers play in sides, the winner's side's
    score, as the standing line adds it up); `Joint victory: Egypt, Syria` (written
    `Winner: Egypt, Syria` in an archive)."""
    if len(winners) > 1:
        return joint_victory([game_map.powers[p].name for p in game_map.powers if p in winners])
    rules = RuleSet.for_map(game_map)
    side = rules.side(winners[0])  # powers that play in sides win with their side's score
    count = sum(rules.supply.score(p, position, game_map) for p in game_map.powers
                if p == winners[0] or (rules.players and rules.side(p) == side))
    if game_map.victory_kind == "units":
        what = f"{amount(count)} {rules.supply.score_words() or 'units'}"
    else:
        from gm.report.supply_words import supply_amount  # only when a game is won

        what = supply_amount(count, game_map.centres_worth_one)
    when = f" ({season})" if season else ""
    return f"{game_map.powers[winners[0]].name} wins{when} with {what}"


@dataclass(frozen=True, slots=True)
class Step:
    """What undo or redo did, for the GM: `from_label` -> `to_label`."""

    game: str
    from_label: str
    to_label: str
    note: str = ""


def undo(store: Store, name: str) -> Step:
    from gm.store.result_rows import set_adjudication_status  # undo and redo only: not intake's

    with store.transaction():
        view = open_game(store, name)
        game = view.game
        current = rows.open_phase(store, game)
        if game.result_kind == "draw":
            rows.set_result(store, game, None, None, None)
            return Step(game.name, current.label, current.label,
                        f"the draw ({game.result}) is withdrawn; the game goes on")
        if current.seq == 0:
            raise NothingToUndo(f"{game.name} is at its first phase ({current.label}); there "
                                "is nothing to undo.")
        came_from = store.execute(
            "SELECT id FROM adjudications WHERE next_phase_id = ? AND status = 'live'",
            [current.id]).fetchone()
        if came_from is None:
            raise WorkflowError(f"cannot find how {game.name} reached {current.label}; the "
                                "database is damaged.")
        adjudication = store.row("adjudications", came_from[0])
        previous = rows.get_phase(store, adjudication["phase_id"])
        rows.set_phase_status(store, current.id, "undone")
        set_adjudication_status(store, adjudication["id"], "undone")
        rows.set_phase_status(store, previous.id, "open")
        note = ""
        if game.result_kind == "solo":
            rows.set_result(store, game, None, None, None)
            note = f"the victory ({game.result}) is undone"
        return Step(game.name, current.label, previous.label, note)


def redo(store: Store, name: str) -> Step:
    from gm.store.result_rows import adjudication_from, set_adjudication_status

    with store.transaction():
        view = open_game(store, name)
        game = view.game
        require_running(game)
        current = rows.open_phase(store, game)
        adjudication = adjudication_from(store, current.id, status="undone")
        if adjudication is None:
            raise NothingToRedo(
                f"there is nothing to redo in {game.name}: redo only works right after "
                "'gm undo', before any order, correction or adjudication.")
        following = rows.get_phase(store, adjudication.next_phase_id)
        rows.set_phase_status(store, current.id, "adjudicated")
        set_adjudication_status(store, adjudication.id, "live")
        rows.set_phase_status(store, following.id, "open")
        if adjudication.result:
            rows.set_result(store, game, "solo", adjudication.result, following.id)
        return Step(game.name, current.label, following.label,
                    f"game over: {adjudication.result}" if adjudication.result else "")


def declare_draw(store: Store, name: str, powers: list[str], include_eliminated: bool = False
                 ) -> str:
    """Record a draw agreed by `powers` (names as the GM writes them); returns its wording.

    The draw is shared by exactly the surviving powers (units or centres); an eliminated
    power is in it only with `include_eliminated` (an archive's draw may name one: the GM
    gave it when the draw was agreed)."""
    with store.transaction():
        view = open_game(store, name)
        require_running(view.game)
        ids = []
        for text in powers:
            power = view.map.power_id(text)
            if power is None:
                raise WorkflowError(f"{text!r} is not a power of {view.map.name}; the powers "
                                    f"are {', '.join(p.name for p in view.map.powers.values())}.")
            if power not in ids:
                ids.append(power)
        if len(ids) < 2:
            raise WorkflowError(f"a draw needs at least two powers, e.g. 'gm agree-draw "
                                f"{view.game.name} England France'.")
        _check_survivors(store, view, ids, include_eliminated)
        names = [view.map.powers[p].name for p in view.map.powers if p in ids]
        text = f"Draw: {', '.join(names)}"
        discard_redo(store, view.game)
        rows.set_result(store, view.game, "draw", text, rows.open_phase(store, view.game).id)
        return text


def _check_survivors(store: Store, view, ids: list[str], include_eliminated: bool) -> None:
    """A draw names every surviving power, and eliminated ones only when the GM says so."""
    position = load_position(store, rows.open_phase(store, view.game))
    alive = [p for p in view.map.powers if position.units_of(p) or position.centres_of(p)]
    names = view.map.powers
    missing = [names[p].name for p in alive if p not in ids]
    dead = [names[p].name for p in ids if p not in alive]
    if missing:
        raise WorkflowError(f"a draw is shared by every surviving power; {_and(missing)} "
                            f"{'is' if len(missing) == 1 else 'are'} missing (the survivors "
                            f"are {_and([names[p].name for p in alive])}).")
    if dead and not include_eliminated:
        raise WorkflowError(f"{_and(dead)} {'has' if len(dead) == 1 else 'have'} been "
                            "eliminated; give --include-eliminated to include "
                            f"{'it' if len(dead) == 1 else 'them'} in the draw.")


def _and(names: list[str]) -> str:
    """`Austria, England and France`."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def result_sentence(kind: str | None, text: str | None, phase_label: str) -> str | None:
    """How a report states the end of the game: `The game was declared a draw between
    Austria, England and France (Spring 1913).`; a solo's text as it is."""
    if kind == "draw" and text and text.lower().startswith("draw:"):
        powers = [p.strip() for p in text.split(":", 1)[1].split(",") if p.strip()]
        return f"The game was declared a draw between {_and(powers)} ({phase_label})."
    return text
