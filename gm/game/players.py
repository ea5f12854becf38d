"""Who plays each power: naming a player (or a standby, or nobody) from a phase on, and who
played at any phase.

A change never rewrites the past: it takes effect from its phase (the phase in progress unless
the GM names another) until the power's next change, so the report of an earlier season still
names the player of that season. A contact (address or email) is for the GM's eyes only: gm
lists it here and nowhere else (reports never; archives only when the GM asks).
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.calendar import Phase, label_key, phase_key
from gm.game.games import GameView, find_phase, open_game, resolve_power
from gm.game.workflow_errors import WorkflowError
from gm.report.report_builder import clean
from gm.store import player_rows
from gm.store.database import Store
from gm.store.player_rows import PlayerRow

MAX_NAME = 80
MAX_CONTACT = 200
VACANT_WORD = "vacant"  # how an archive writes "nobody plays it"; no player may be called so


def players_at(store: Store, view: GameView, phase: Phase) -> dict[str, PlayerRow]:
    """Power id -> the row naming who played it at `phase` (powers never given a player are
    left out)."""
    wanted = phase_key(phase, view.map)
    best: dict[str, tuple[tuple[int, int], PlayerRow]] = {}
    for row in player_rows.players_of_game(store, view.game.id):
        key = label_key(row.from_phase, view.map)
        if key is None or key > wanted:
            continue
        if row.power not in best or key >= best[row.power][0]:
            best[row.power] = (key, row)
    return {power: row for power, (_, row) in best.items()}


def _has_controls(text: str) -> bool:
    """Control characters or direction overrides, which could garble a terminal or a page."""
    return clean(text) != text


def check_player_name(text: str) -> str:
    name = " ".join(text.split())
    if _has_controls(name):
        raise WorkflowError(f"the player's name {name!r} holds control characters; type it "
                            "plainly.")
    if not name:
        raise WorkflowError("the player's name is empty; give it, e.g. 'Jane Smith', or use "
                            "--vacant if nobody plays the power.")
    if len(name) > MAX_NAME:
        raise WorkflowError(f"the player's name {name[:20]!r}... is longer than {MAX_NAME} "
                            "characters; shorten it (the contact goes in --contact).")
    if name.lower() == VACANT_WORD:
        raise WorkflowError(f"{name!r} is how gm writes that nobody plays a power; use "
                            "--vacant for that, or give the player's real name.")
    return name


def check_contact(text: str) -> str:
    contact = " ".join(text.split())
    if _has_controls(contact):
        raise WorkflowError(f"the contact {contact!r} holds control characters; type it "
                            "plainly.")
    if len(contact) > MAX_CONTACT:
        raise WorkflowError(f"the contact is longer than {MAX_CONTACT} characters; keep it to "
                            "one address or email.")
    return contact


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """What `set_player` did, for the GM."""

    game: str
    power: str  # power name
    player: PlayerRow
    phase: str  # the phase it takes effect from
    before: PlayerRow | None  # who played the power at that phase until now
    only_contact: bool = False  # the player stays; only their contact changed


def set_player(store: Store, game: str, power: str, name: str | None = None,
               contact: str | None = None, standby: bool = False, vacant: bool = False,
               phase: str | None = None) -> PlayerChange:
    """Name `power`'s player from `phase` (the phase in progress by default) on. Without a
    name, only the current player's contact changes; `vacant` records that nobody plays it."""
    with store.transaction():
        view = open_game(store, game)
        power_id = resolve_power(view.map, power)
        start = find_phase(store, view, phase)
        before = players_at(store, view, start.phase).get(power_id)
        power_name = view.map.powers[power_id].name
        if vacant:
            if name or contact or standby:
                raise WorkflowError("--vacant means nobody plays the power: give no name, "
                                    "contact or --standby with it.")
            row = player_rows.set_player(store, view.game.id, power_id, start.label, "")
            return PlayerChange(view.game.name, power_name, row, start.label, before)
        contact_text = check_contact(contact) if contact is not None else None
        if name is None:
            if contact_text is None:
                raise WorkflowError(f"say who plays {power_name}: 'gm players {view.game.name} "
                                    f"{power_name} \"Jane Smith\"' (with --contact to note an "
                                    "address).")
            if before is None or before.vacant:
                raise WorkflowError(f"nobody plays {power_name} at {start.label}, so there is "
                                    "no contact to change; name the player first.")
            player_rows.set_contact(store, before.id, contact_text)
            return PlayerChange(view.game.name, power_name, player_rows.get_player(
                store, before.id), start.label, before, only_contact=True)
        player_name = check_player_name(name)
        if before is not None and before.name == player_name and before.standby == standby:
            if contact_text is not None:
                player_rows.set_contact(store, before.id, contact_text)
            return PlayerChange(view.game.name, power_name, player_rows.get_player(
                store, before.id), before.from_phase, before, only_contact=True)
        if contact_text is None and before is not None and before.name == player_name:
            contact_text = before.contact  # the same person, now as standby or not
        row = player_rows.set_player(store, view.game.id, power_id, start.label, player_name,
                                     contact_text or "", standby)
        return PlayerChange(view.game.name, power_name, row, start.label, before)


@dataclass(frozen=True, slots=True)
class Seat:
    """A power and who plays it (at a phase, or in one period of its history)."""

    power: str  # power name
    name: str  # '' when nobody does
    contact: str
    standby: bool
    since: str  # the phase the player took over; '' when no player was ever named
    vacant: bool = False  # the GM recorded that nobody plays it


def _seat(power_name: str, row: PlayerRow | None) -> Seat:
    if row is None:
        return Seat(power_name, "", "", False, "")
    return Seat(power_name, row.name, row.contact, row.standby, row.from_phase, row.vacant)


def list_players(store: Store, game: str, phase: str | None = None) -> tuple[str, list[Seat]]:
    """Who plays each power at `phase` (the phase in progress by default)."""
    with store.transaction(write=False):
        view = open_game(store, game)
        at = find_phase(store, view, phase)
        playing = players_at(store, view, at.phase)
        return at.label, [_seat(view.map.powers[p].name, playing.get(p))
                          for p in view.map.powers]


def player_history(store: Store, game: str) -> list[Seat]:
    """Every change of player, power by power, in the order the phases are played."""
    with store.transaction(write=False):
        view = open_game(store, game)
        order = list(view.map.powers)
        changes = [row for row in player_rows.players_of_game(store, view.game.id)
                   if row.power in view.map.powers]
        changes.sort(key=lambda row: (order.index(row.power),
                                      label_key(row.from_phase, view.map) or (0, 0)))
        return [_seat(view.map.powers[row.power].name, row) for row in changes]
