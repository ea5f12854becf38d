"""GM corrections to the open phase's position: add, remove or move a piece, set a centre's
owner, or a correction the map's rules offer (`Rule.correction`: Hoplite Wars' colonies'
draw). Each needs a reason; it is stored with the phase and printed in that phase's report.

    gm edit GAME add France A Par        gm edit GAME move Nth Nwg
    gm edit GAME remove Par              gm edit GAME own Bel France   (or: own Bel neutral)
"""

from __future__ import annotations

import re

from gm.engine.position import Position, Unit, piece_tag
from gm.game.games import open_game
from gm.game.history import discard_redo, require_running
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap, province_of
from gm.notation import place, read_leader, split_typed_unit
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.database import Store
from gm.store.edit_rows import EditRow, add_edit
from gm.store.position_rows import load_position, save_position

ACTIONS = ("add", "remove", "move", "own")
USAGE = ("write 'add France A Par', 'remove Par', 'move Nth Nwg' or 'own Bel France' "
         "(or 'own Bel neutral')")


def _location(text: str, game_map: GameMap) -> str:
    loc = game_map.location_id(text)
    if loc is None:
        raise WorkflowError(f"{text!r} is not a province of {game_map.name}; {USAGE}.")
    return loc


def _check_terrain(kind: str, location: str, game_map: GameMap) -> None:
    province = game_map.provinces[province_of(location)]
    if kind == "A" and province.kind not in ("land", "coast"):
        raise WorkflowError(f"an army cannot stand in {province.name} ({province.kind}).")
    if kind == "F":
        if province.kind not in ("coast", "sea"):
            raise WorkflowError(f"a fleet cannot stand in {province.name}, which is inland.")
        if province.coasts and "/" not in location:
            raise WorkflowError(f"say which coast of {province.name} the fleet is on, e.g. "
                                f"{province.id}/{province.coasts[0]}.")


def _occupant(position: Position, location: str) -> Unit | None:
    return position.unit_in(province_of(location))


def _power_word(power: str, game_map: GameMap) -> str:
    """The power as one word for a correction's command: its name, or its id if the name
    has spaces (`Cannan (Israel)` -> `israel`), so that the command reads back."""
    name = game_map.powers[power].name
    return power if " " in name else name


def _power(text: str, game_map: GameMap) -> str:
    power = game_map.power_id(text)
    if power is None:
        names = ", ".join(p.name for p in game_map.powers.values())
        raise WorkflowError(f"{text!r} is not a power of {game_map.name} ({names}).")
    return power


def apply_correction(action: str, args: list[str], position: Position, game_map: GameMap,
                     reason: str) -> EditRow:
    """Change `position` as the GM asks; return the edit to store. Raises on a bad request."""
    action = action.lower()
    offered = RuleSet.for_map(game_map).corrections() if game_map.rules else {}
    if action not in ACTIONS and action not in offered:
        also = "".join(f", or '{example}'" for example in offered.values())
        raise WorkflowError(f"unknown correction {action!r}; {USAGE}{also}.")
    if not reason.strip():
        raise WorkflowError("every correction needs a reason: add --reason 'why'.")
    if action in offered:
        return _rules_own(action, " ".join(args), position, game_map, reason)
    words = " ".join(args).split()
    if not words:
        raise WorkflowError(f"'{action}' needs more; {USAGE}.")
    if action == "add":
        return _add(words, position, game_map, reason)
    if action == "remove":
        return _remove(words, position, game_map, reason)
    if action == "move":
        return _move(args, position, game_map, reason)
    return _own(args, position, game_map, reason)


def _rules_own(action: str, text: str, position: Position, game_map: GameMap,
               reason: str) -> EditRow:
    """A correction the map's rules offer (`Rule.correction`: Hoplite Wars' colonies)."""
    try:
        done = RuleSet.for_map(game_map).correction(action, text, position, game_map)
    except ValueError as exc:
        raise WorkflowError(f"{str(exc).rstrip('.')}. Nothing was changed.") from None
    command, description = done
    return EditRow("rule", command, description, reason)


def _add(words: list[str], position: Position, game_map: GameMap, reason: str) -> EditRow:
    power, rest = None, words
    for k in range(1, len(words)):  # the power's name may have several words
        power = game_map.power_id(" ".join(words[:k]))
        if power is not None:
            rest = words[k:]
            break
    if power is None:
        raise WorkflowError(f"say whose piece to add first, e.g. 'add France A Par' "
                            f"({words[0]!r} is not a power).")
    kind, where, strength = split_typed_unit(" ".join(rest))
    name = None
    if kind is None:
        kind, where, strength, name = _leader_and_place(power, " ".join(rest), game_map)
    location = _location(where, game_map)
    if game_map.provinces[province_of(location)].coasts and kind != "F":
        location = province_of(location)
    if name is None:
        _check_terrain(kind, location, game_map)
    tag = piece_tag(position.phase, location, {u.tag for u in position.units})
    added = Unit(power, kind, location, strength, name, tag)
    _check_room(added, position, game_map)
    position.units.append(added)
    adjective = game_map.powers[power].adjective
    piece = name or (f"{strength:g}{kind}" if strength != 1 else kind)
    return EditRow("add", f"add {_power_word(power, game_map)} {piece} {place(location)}",
                   f"Added {adjective} {piece} {place(location)}", reason)


def _leader_and_place(power: str, text: str, game_map: GameMap) -> tuple[str, str, float, str]:
    """`Scipio Rom` -> ('L', 'Rom', 0.5, 'Scipio'): a leader of the power, and where to put it."""
    leaders = game_map.powers[power].leaders
    parts = read_leader(text, leaders)
    if parts is not None:
        return parts.kind, parts.location, parts.strength, parts.name
    more = f" or one of its leaders ({', '.join(leaders)})" if leaders else ""
    raise WorkflowError(f"say which piece to add, an army or a fleet{more}: "
                        "'add France A Par'.")


def _check_room(added: Unit, position: Position, game_map: GameMap) -> None:
    """A province takes the piece if it is empty, or if the map's rules let the pieces there
    stack with it (`may_stack(..., "build")`, all of one side)."""
    here = [u for u in position.units if u.province == added.province]
    if not here:
        return
    rules = RuleSet.for_map(game_map)
    side = rules.side(added.power)
    if rules.answers("may_stack") and all(rules.side(u.power) == side for u in here) \
            and rules.may_stack([*here, added], "build", position, game_map) is None:
        return
    there = here[0]
    why = rules.may_stack([*here, added], "build", position, game_map) \
        if rules.answers("may_stack") else None
    if why:  # the map's rule says why these pieces may not stand together
        raise WorkflowError(f"{why}; {place(added.location)} already holds {there.label()} "
                            f"({game_map.powers[there.power].name}).")
    raise WorkflowError(f"{place(added.location)} already holds {there.kind} "
                        f"{place(there.location)} ({game_map.powers[there.power].name}); "
                        "remove it first.")


def _remove(words: list[str], position: Position, game_map: GameMap, reason: str) -> EditRow:
    _, where, _ = split_typed_unit(" ".join(words))
    location = _location(where, game_map)
    unit = _occupant(position, location)
    if unit is None:
        raise WorkflowError(f"there is no piece in {place(location)} to remove.")
    position.units.remove(unit)
    adjective = game_map.powers[unit.power].adjective
    return EditRow("remove", f"remove {place(unit.location)}",
                   f"Removed {adjective} {unit.kind} {place(unit.location)}", reason)


def _move(args: list[str], position: Position, game_map: GameMap, reason: str) -> EditRow:
    """`move Nth Nwg`, `move F Nth Nwg`, `move 'North Sea' 'Norwegian Sea'`, `move Nth - Nwg`."""
    if len(args) == 2:
        source, target = args
    else:
        text = split_typed_unit(" ".join(args))[1]
        parts = re.split(r"(?<!\s)\s++(?:-|->|to)\s++", text, maxsplit=1, flags=re.I)
        if len(parts) != 2:
            parts = text.split()
        if len(parts) != 2:
            raise WorkflowError(f"say where from and where to: 'move Nth Nwg'; {USAGE}.")
        source, target = parts
    start = _location(split_typed_unit(source)[1], game_map)
    unit = _occupant(position, start)
    if unit is None:
        raise WorkflowError(f"there is no piece in {place(start)} to move.")
    dest = _location(split_typed_unit(target)[1], game_map)
    if unit.kind != "F":
        dest = province_of(dest)
    _check_terrain(unit.kind, dest, game_map)
    there = _occupant(position, dest)
    if there is not None and there is not unit:
        raise WorkflowError(f"{place(dest)} already holds {there.kind} {place(there.location)}; "
                            "move or remove it first.")
    position.units[position.units.index(unit)] = unit.moved_to(dest)
    adjective = game_map.powers[unit.power].adjective
    return EditRow("move", f"move {place(unit.location)} {place(dest)}",
                   f"Moved {adjective} {unit.kind} {place(unit.location)} to {place(dest)}",
                   reason)


NEUTRAL = ("neutral", "none", "nobody")


def _split_own(args: list[str], game_map: GameMap) -> tuple[str, str]:
    """`own Bel France`, `own Gaz 'The Allies'`, `own Gaz The Allies` -> centre, owner."""
    if len(args) == 2:
        return args[0], args[1]
    words = " ".join(args).split()
    if len(words) < 2:
        raise WorkflowError("say which centre and who owns it: 'own Bel France' or "
                            "'own Bel neutral'.")
    for k in range(1, len(words)):
        owner = " ".join(words[k:])
        if game_map.location_id(" ".join(words[:k])) and (
                game_map.power_id(owner) or owner.lower() in NEUTRAL):
            return " ".join(words[:k]), owner
    return " ".join(words[:-1]), words[-1]


def _own(args: list[str], position: Position, game_map: GameMap, reason: str) -> EditRow:
    where, owner = _split_own(args, game_map)
    centre = province_of(_location(where, game_map))
    if not game_map.provinces[centre].is_centre:
        raise WorkflowError(f"{game_map.provinces[centre].name} is not a supply centre.")
    before = position.owners.get(centre)
    was = game_map.powers[before].name if before else "neutral"
    if owner.lower() in NEUTRAL:
        position.owners.pop(centre, None)
        return EditRow("own", f"own {place(centre)} neutral",
                       f"{game_map.provinces[centre].name} made neutral (was {was})", reason)
    power = _power(owner, game_map)
    position.owners[centre] = power
    name = game_map.powers[power].name
    return EditRow("own", f"own {place(centre)} {_power_word(power, game_map)}",
                   f"{game_map.provinces[centre].name} given to {name} (was {was})", reason)


def correct(store: Store, name: str, action: str, args: list[str], reason: str) -> EditRow:
    """Apply one GM correction to the open phase and record it."""
    with store.transaction():
        view = open_game(store, name)
        require_running(view.game)
        phase = rows.open_phase(store, view.game)
        position = load_position(store, phase)
        before = position.copy()
        edit = apply_correction(action, args, position, view.map, reason.strip())
        discard_redo(store, view.game)
        save_position(store, phase.id, position)
        add_edit(store, phase.id, edit, before)
        return edit
