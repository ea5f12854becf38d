"""A position: the board at the start of a phase — pieces, dislodged pieces, centre owners.

Pieces are plain, cheap objects: the resolver builds its own indexes from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gm.calendar import Phase
from gm.maps.gamemap import GameMap, province_of
from gm.notation import LEADER, read_unit, unit_short


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece on the board. `strength` is the value of the indivisible piece (2 for a double
    army, 1/2 for a leader). `tag` names the piece for the whole game: given when it enters
    (`piece_tag`: the phase and site), kept through moves, retreats and changes of kind, so a
    rule can follow one piece and a replay gives the same tags. It takes no part in equality,
    so positions written before tags existed compare as they did."""

    power: str
    kind: str  # 'A', 'F', 'G', 'A/F', 'L' (a leader)
    location: str  # 'par', 'spa/nc'
    strength: float = 1.0
    name: str | None = None  # a leader's name
    tag: str | None = field(default=None, compare=False)
    province: str = field(init=False, repr=False, compare=False)

    def __init__(self, power: str, kind: str, location: str, strength: float = 1.0,
                 name: str | None = None, tag: str | None = None) -> None:
        # written out (the dataclass keeps it), each field set through its slot's own setter:
        # the generated one calls `object.__setattr__` for each field (frozen), which costs
        # twice as much, and a movement phase makes a piece for every move
        _set_power(self, power)
        _set_kind(self, kind)
        _set_location(self, location)
        _set_strength(self, strength)
        _set_name(self, name)
        _set_tag(self, tag)
        _set_province(self, province_of(location))

    @property
    def is_fleet(self) -> bool:
        return self.kind == "F"

    @property
    def is_leader(self) -> bool:
        return self.kind == LEADER

    def label(self) -> str:
        """`A par`, `F spa/nc`, `2A ur`, `Scipio rom` (a leader, with its place)."""
        return unit_short(self)

    def moved_to(self, location: str) -> Unit:
        return replace(self, location=location)

    def tagged(self, tag: str) -> Unit:
        """The same piece under `tag` (made directly: `replace` costs more, in a loop)."""
        return Unit(self.power, self.kind, self.location, self.strength, self.name, tag)



# the setters of `Unit`'s slots, past the frozen class's own `__setattr__` (`Unit.__init__`)
(_set_power, _set_kind, _set_location, _set_strength, _set_name, _set_tag,
 _set_province) = (vars(Unit)[name].__set__ for name in (
    "power", "kind", "location", "strength", "name", "tag", "province"))

def piece_tag(phase: Phase, location: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """The tag of a piece entering the game: `S1901M:par`, then `S1901M:par:2` for a second
    piece made on the same site in the same phase. Deterministic, so a replay repeats it."""
    base = f"{phase.short()}:{province_of(location)}"
    tag, n = base, 1
    while tag in taken:
        n += 1
        tag = f"{base}:{n}"
    return tag


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A piece dislodged in the last movement phase, waiting to retreat or disband."""

    unit: Unit
    attacker_from: str | None  # province the dislodging attack came from; None if by convoy
    also_from: tuple[str, ...] = ()  # a merge's other origins: closed to the retreat as well

    @property
    def attackers_from(self) -> tuple[str, ...]:
        """Every province the dislodging attack came from (several for a merge)."""
        return (self.attacker_from, *self.also_from) if self.attacker_from else self.also_from


@dataclass(slots=True)
class Position:
    """The board at a phase: the pieces, who owns each centre, the dislodged and the
    standoffs the last phase left, and the state the variant rules keep."""

    phase: Phase
    units: list[Unit]
    owners: dict[str, str]  # centre province -> power id
    dislodged: list[Dislodged] = field(default_factory=list)
    standoffs: frozenset[str] = frozenset()  # provinces closed to retreats (bounces)
    state: dict = field(default_factory=dict)  # variant state, kept by the rules that use it

    def unit_in(self, province: str) -> Unit | None:
        for unit in self.units:
            if unit.province == province:
                return unit
        return None

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units if u.power == power]

    def centres_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.owners.items() if p == power)

    def after(self, units: list[Unit], dislodged: list[Dislodged],
              standoffs: frozenset[str]) -> Position:
        """The position once pieces have moved: same phase, owners and state (copied)."""
        return Position(self.phase, units, dict(self.owners), dislodged, standoffs,
                        self._state_copy())

    def _state_copy(self) -> dict:
        if not self.state:  # the standard game keeps none
            return {}
        return {k: (v.copy() if hasattr(v, "copy") else v) for k, v in self.state.items()}

    def copy(self) -> Position:
        return Position(
            phase=self.phase,
            units=list(self.units),
            owners=dict(self.owners),
            dislodged=list(self.dislodged),
            standoffs=self.standoffs,
            state=self._state_copy(),
        )


def starting_position(game_map: GameMap) -> Position:
    """The position at the start of the game, from the map's powers and units."""
    units = []
    owners = {}
    season, kind = game_map.calendar.start
    phase = Phase(game_map.calendar.first_year, season, kind)
    tags: set[str] = set()
    for power in game_map.powers.values():
        for text in power.units:
            parts = read_unit(text)
            assert parts, text  # checked by gm map check
            tag = piece_tag(phase, parts.location, tags)
            tags.add(tag)
            units.append(Unit(power.id, parts.kind, parts.location, parts.strength, tag=tag))
        for home in power.home:
            owners[home] = power.id
    return Position(phase=phase, units=units, owners=owners)
