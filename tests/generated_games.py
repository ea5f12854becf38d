"""Generated games: random but playable games on every map, played through gm's own commands.

A `GeneratedGame` plays a game of any map for some game-years, the way a GM runs one by mail:
each phase, every power that has something to order sends a letter (orders of the phase,
retreats and builds sent ahead under a season heading, conditional retreats, lines gm must
reject, greetings, signatures, quoted mail, orders in words or numbered, several on a line),
and the GM now and then enters a letter that a second one replaces (`--replace`), drops a
letter pasted by mistake (`gm letters --drop`), corrects the board (`gm edit`, a rule's own
correction too), undoes an adjudication and redoes it or plays the phase again, and at the
end may record a draw. Everything goes through the library functions the commands call
(`take_orders`, `drop_letter`, `correct`, `adjudicate`, `undo`, `redo`, `declare_draw`), so a
generated game is stored exactly as a GM's would be.

All choices come from one `random.Random`, so a test drives them with hypothesis (a seed
drawn by `st.integers()`), and a failing game is played again from the seed it reports. Tests watch the game through hooks:
`on_letter(letter, taken)` after each letter is entered (what the echo said),
`before_adjudication(game)` when a phase is about to be adjudicated (its letters all in), and
`after_adjudication(game, report)`. tests/store/test_generated_games.py replays the archive
of every generated game after every phase; the same games serve any test that needs letters
of every kind on every map (the confirmation of a letter against its adjudication, say).

    store = open_store(":memory:")
    game = GeneratedGame(store, "g", "rise-of-rome-ii", random.Random(1), years=3)
    game.play(before_adjudication=check_the_archive)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from gm.engine.adjustment_phase import adjustments_due
from gm.engine.position import Position, Unit
from gm.engine.retreat_phase import retreat_options
from gm.game.adjudication import adjudicate
from gm.game.corrections import correct
from gm.game.games import new_game, position_at
from gm.game.history import declare_draw, redo, undo
from gm.game.intake import Taken, letter_phases, take_orders
from gm.game.phase_letters import drop_letter
from gm.game.workflow_errors import WorkflowError
from gm.maps.gamemap import GameMap
from gm.notation import place, unit_label
from gm.orders.legality import unit_moves
from gm.report.report_data import SeasonReport
from gm.rules import RuleSet
from gm.store import game_rows as rows

MAPS = ("standard", "lord-of-hosts", "rise-of-rome-ii", "hoplite-wars", "middle-earth-viii",
        "diadochi-v")


@dataclass(frozen=True, slots=True)
class Letter:
    """A letter as the GM enters it: `gm orders GAME --power POWER [--replace]`."""

    power: str | None  # the power given (an id); None when the letter's heading says
    text: str
    replace: bool = False


@dataclass
class Odds:
    """How often each thing happens (per letter, per unit or per phase)."""

    conditional_retreat: float = 0.3
    sent_ahead: float = 0.3
    rejected: float = 0.2
    chatter: float = 0.3
    quoted: float = 0.15
    replaced: float = 0.12
    changed: float = 0.15  # a second letter changing one order (no --replace)
    attack: float = 0.6  # a supported attack on a neighbour, where there is one
    dropped: float = 0.08
    edit: float = 0.2
    undo: float = 0.12
    draw: float = 0.3
    omitted: float = 0.1  # a unit left without an order
    combined: float = 0.1  # two powers' orders in one letter, a heading for each
    unheaded: float = 0.15  # a letter with neither heading nor --power


@dataclass
class GeneratedGame:
    store: object
    name: str
    variant: str
    rng: random.Random
    years: int = 3
    odds: Odds = field(default_factory=Odds)
    phases_played: int = 0
    letters_sent: int = 0

    def __post_init__(self) -> None:
        self.map: GameMap = new_game(self.store, self.name, self.variant).map
        self.rules = RuleSet.for_map(self.map)

    # --- the game ------------------------------------------------------------------------------
    def play(self, *, on_letter: Callable[[Letter, Taken], None] | None = None,
             before_adjudication: Callable[[GeneratedGame], None] | None = None,
             after_adjudication: Callable[[GeneratedGame, SeasonReport], None] | None = None
             ) -> None:
        """Play until `years` game-years have passed or the game ends."""
        self._on_letter = on_letter
        years_seen: set[int] = set()
        while True:
            view, phase, position = position_at(self.store, self.name)
            if view.game.ended:
                return
            years_seen.add(phase.year)
            if len(years_seen) > self.years:
                if self.rng.random() < self.odds.draw:
                    self._draw(position)
                return
            self._phase(position)
            if before_adjudication:
                before_adjudication(self)
            report = adjudicate(self.store, self.name, no_orders=True)
            self.phases_played += 1
            if after_adjudication:
                after_adjudication(self, report)
            if self.rng.random() < self.odds.undo:
                self._undo_and_again(before_adjudication, after_adjudication)

    def _phase(self, position: Position) -> None:
        letters = self.letters(position)
        edits_at = {self.rng.randrange(len(letters) + 1)
                    for _ in range(2) if self.rng.random() < self.odds.edit}
        for n, letter in enumerate(letters):
            if n in edits_at:
                self.edit()
            if self.rng.random() < self.odds.replaced:
                self.send(self._first_try(letter, position))
                letter = Letter(letter.power or self._power_of(letter, position),
                                letter.text, replace=True)
            self.send(letter)
            if self.rng.random() < self.odds.changed:
                self.send(self._change(letter, position))
            if self.rng.random() < self.odds.dropped:
                self.send(self._first_try(letter, position))
                _, entered = _letter_count(self.store, self.name)
                drop_letter(self.store, self.name, entered)
        if len(letters) in edits_at:
            self.edit()

    def send(self, letter: Letter) -> Taken | None:
        try:
            taken = take_orders(self.store, self.name, letter.text, letter.power,
                                source="generated", replace=letter.replace)
        except WorkflowError:  # a letter gm refuses whole stores nothing: as for a GM
            return None
        self.letters_sent += 1
        if self._on_letter:
            self._on_letter(letter, taken)
        return taken

    def _undo_and_again(self, before, after) -> None:
        try:
            undo(self.store, self.name)
        except WorkflowError:
            return
        if self.rng.random() < 0.5:
            redo(self.store, self.name)
            return
        _, phase, position = position_at(self.store, self.name)
        more = self.letters(position)
        if more:
            letter = self.rng.choice(more)
            self.send(Letter(letter.power or self._power_of(letter, position), letter.text,
                             replace=True))
        if before:
            before(self)
        report = adjudicate(self.store, self.name, no_orders=True)
        if after:
            after(self, report)

    def _draw(self, position: Position) -> None:
        alive = [self.map.powers[p].name for p in self.map.powers
                 if position.units_of(p) or position.centres_of(p)]
        if len(alive) >= 2:
            declare_draw(self.store, self.name, alive)

    # --- the GM's corrections ------------------------------------------------------------------
    def edit(self) -> None:
        """A correction the GM might make: a centre's owner, a piece removed or added, or a
        correction the map's rules offer (Hoplite Wars' colonies' seed)."""
        _, _, position = position_at(self.store, self.name)
        rng, game_map = self.rng, self.map
        choice = rng.random()
        try:
            if "colonies" in self.rules.corrections() and choice < 0.2:
                correct(self.store, self.name, "colonies", ["seed", str(rng.randrange(10**6))],
                        "the players threw the dice again")
            elif choice < 0.5:
                centre = rng.choice(sorted(p for p, prov in game_map.provinces.items()
                                           if prov.is_centre))
                power = rng.choice(sorted(game_map.powers))
                correct(self.store, self.name, "own", [place(centre), _power_word(power, game_map)],
                        "the last report had it wrong")
            elif choice < 0.75 and position.units:
                unit = rng.choice(position.units)
                correct(self.store, self.name, "remove", [place(unit.location)],
                        "the player resigned the piece")
            else:
                taken = {u.province for u in position.units}
                empty = sorted(p for p, prov in game_map.provinces.items()
                               if prov.kind == "land" and p not in taken)
                if empty:
                    power = rng.choice(sorted(game_map.powers))
                    correct(self.store, self.name, "add",
                            [_power_word(power, game_map), "A", place(rng.choice(empty))],
                            "the army was left off the last report")
        except WorkflowError:
            pass  # a correction gm refuses changes nothing

    # --- letters -------------------------------------------------------------------------------
    def letters(self, position: Position) -> list[Letter]:
        """A letter for every power with something to order this phase, in a random order.
        Where one player plays several powers, the player's letter may order them all; now
        and then two powers' orders come in one letter."""
        kind = position.phase.kind
        lines_of = {}
        for power in self.map.powers:
            if kind == "Movement":
                lines_of[power] = self._movement(power, position)
            elif kind == "Retreat":
                lines_of[power] = self._retreats(power, position)
            else:
                lines_of[power] = self._adjustments(power, position)
        for power in self.map.powers:  # a Minor's orders in its Major's letter
            major = self.rules.side(power)
            if major != power and major in lines_of and lines_of[power] and \
                    self.rng.random() < 0.5 and kind != "Adjustment":
                lines_of[major] = lines_of[major] + lines_of.pop(power)
        out = [self._letter(power, lines) for power, lines in lines_of.items() if lines]
        self.rng.shuffle(out)
        if len(out) > 1 and self.rng.random() < self.odds.combined:
            first, second = out.pop(), out.pop()
            out.append(Letter(None, "\n".join([self._headed(first), self._headed(second)])))
        return out

    def _headed(self, letter: Letter) -> str:
        if letter.power is None:
            return letter.text
        return f"{self.map.powers[letter.power].name}:\n{letter.text}"

    def _letter(self, power: str, lines: list[str]) -> Letter:
        """The orders wrapped as a player writes them: a heading or `--power`, chatter,
        quoted mail, a signature."""
        rng, name = self.rng, self.map.powers[power].name
        text = list(lines)
        if rng.random() < self.odds.chatter:
            text.insert(0, rng.choice(["Hi GM,", "Dear GM", "Hello!"]))
        if rng.random() < self.odds.quoted:
            quoted = rng.choice(lines).removeprefix("1. ")
            text += ["On Monday, the GM wrote:", f"> {quoted}", "> Orders are due on Friday."]
        if rng.random() < self.odds.chatter:
            text += [rng.choice(["Thanks", "Cheers", "Best wishes"]), "--", f"The {name} player"]
        roll = rng.random()
        if roll < self.odds.unheaded and self.rules.side(power) == power:
            return Letter(None, "\n".join(text))  # whose it is, its units say
        if roll < 0.55:
            return Letter(None, "\n".join([f"{name}:", *text]))
        return Letter(power, "\n".join(text))

    def _first_try(self, letter: Letter, position: Position) -> Letter:
        """A first letter from the same power, meant to be replaced or dropped."""
        power = letter.power or self._power_of(letter, position)
        lines = [self._order(u, position) for u in position.units_of(power)][:2] \
            or ["A Xyz - Foo"]
        return Letter(power, "\n".join(lines))

    def _change(self, letter: Letter, position: Position) -> Letter:
        """A second letter from the same power that changes one order (it replaces the
        earlier order for that unit only)."""
        power = letter.power or self._power_of(letter, position)
        units = position.units_of(power) if position.phase.kind == "Movement" else []
        if not units:
            return Letter(power, "Sorry, one more thing:\nA Xyz - Foo")
        return Letter(power, f"Change: {self._order(self.rng.choice(units), position)}")

    def _power_of(self, letter: Letter, position: Position) -> str:
        heading = letter.text.splitlines()[0].rstrip(":")
        return self.map.power_id(heading) or next(iter(self.map.powers))

    def _movement(self, power: str, position: Position) -> list[str]:
        rng = self.rng
        units = position.units_of(power)
        if not units:
            return []
        lines = [self._placement(power, position)] if self._first_spring(position) else []
        lines = [line for line in lines if line]
        ordered = self._attack(power, position, units, lines)
        for unit in units:
            if unit in ordered or rng.random() < self.odds.omitted:
                continue
            lines.append(self._order(unit, position, own=units))
        if units and rng.random() < 0.1:  # a unit ordered twice: the later order stands
            lines.append(f"{_head(rng.choice(units))} H")
        if rng.random() < self.odds.rejected:
            lines.append(rng.choice(["A Xyz - Foo", "F Atlantis - Bur",
                                     f"A {place(rng.choice(sorted(self.map.provinces)))} - "
                                     f"{place(rng.choice(sorted(self.map.provinces)))}"]))
        if len(lines) > 2 and rng.random() < 0.15:  # two orders on one line
            lines[-2:] = [f"{lines[-2]}, {lines[-1]}"]
        if lines and rng.random() < 0.15:
            lines = [f"{n}. {line}" for n, line in enumerate(lines, 1)]
        ahead = letter_phases(position.phase, self.map).ahead
        movers = [u for u in units if unit_moves(u, self.map)]
        if movers and rng.random() < self.odds.conditional_retreat:
            unit = rng.choice(movers)
            dest = rng.choice(unit_moves(unit, self.map))
            lines.append(rng.choice([f"If dislodged, {_head(unit)} - {place(dest)}",
                                     f"{_head(unit)} - {place(dest)} (if dislodged)"]))
        if movers and any(s.kind == "Retreat" for s in ahead) and \
                rng.random() < self.odds.sent_ahead / 2:  # a retreat: its kind says when
            unit = rng.choice(movers)
            lines.append(f"{_head(unit)} R {place(rng.choice(unit_moves(unit, self.map)))}")
        for slot in ahead:
            if rng.random() >= self.odds.sent_ahead:
                continue
            if slot.kind == "Retreat" and movers:
                unit = rng.choice(movers)
                lines += [f"{slot.label}:",
                          f"{_head(unit)} - {place(rng.choice(unit_moves(unit, self.map)))}"]
            elif slot.kind == "Adjustment":
                sites = self.rules.build_sites(power, position, self.map)
                if sites:
                    lines += [f"{slot.label}:", f"Build {self._piece_at(rng.choice(sites))}"]
                elif units:
                    lines += [f"{slot.label}:", f"Remove {_head(rng.choice(units))}"]
        return lines

    def _attack(self, power: str, position: Position, units: list[Unit], lines: list[str]
                ) -> list[Unit]:
        """A supported attack on a neighbour's piece, where two units can reach it; the units
        ordered."""
        if self.rng.random() >= self.odds.attack:
            return []
        reach = {u: {d.split("/")[0]: d for d in unit_moves(u, self.map)} for u in units
                 if not u.is_leader}
        targets = [v.province for v in position.units if v.power != power]
        self.rng.shuffle(targets)
        for target in targets:
            able = [u for u, moves in reach.items() if target in moves]
            if len(able) >= 2:
                mover, helper = self.rng.sample(able, 2)
                lines += [f"{_head(mover)} - {place(reach[mover][target])}",
                          f"{_head(helper)} S {_head(mover)} - {place(target)}"]
                return [mover, helper]
        return []

    def _order(self, unit: Unit, position: Position, own: list[Unit] = ()) -> str:
        rng, head = self.rng, _head(unit)
        moves = unit_moves(unit, self.map)
        roll = rng.random()
        if moves and roll < 0.55:
            dest = rng.choice(moves)
            if rng.random() < 0.15 and unit.kind in ("A", "F") and unit.strength == 1:
                word = "Army" if unit.kind == "A" else "Fleet"
                return (f"{word} {self.map.provinces[unit.province].name} moves to "
                        f"{self.map.provinces[dest.split('/')[0]].name}")
            return f"{head} - {place(dest)}"
        friends = [u for u in own if u is not unit and u.province in
                   {d.split("/")[0] for d in moves}]
        if friends and roll < 0.85:
            friend = rng.choice(friends)
            onward = [d for d in unit_moves(friend, self.map) if d.split("/")[0] in
                      {m.split("/")[0] for m in moves}]
            if onward and rng.random() < 0.6:
                return f"{head} S {_head(friend)} - {place(onward[0].split('/')[0])}"
            return f"{head} S {_head(friend)}"
        return f"{head} H"

    def _retreats(self, power: str, position: Position) -> list[str]:
        lines = []
        for dislodged in position.dislodged:
            if dislodged.unit.power != power:
                continue
            options = retreat_options(dislodged, position, self.map)
            head = _head(dislodged.unit)
            if options and self.rng.random() < 0.2:
                lines.append(f"If dislodged, {head} - {place(self.rng.choice(options))}")
            elif options and self.rng.random() < 0.8:
                lines.append(f"{head} R {place(self.rng.choice(options))}")
            else:
                lines.append(f"{head} D")
        if lines and self.rng.random() < self.odds.rejected:
            lines.append("A Xyz R Foo")
        return lines

    def _adjustments(self, power: str, position: Position) -> list[str]:
        due = adjustments_due(position, self.map, self.rules).get(power, 0)
        rng = self.rng
        if due >= 1:
            sites = list(self.rules.build_sites(power, position, self.map))
            rng.shuffle(sites)
            lines = [f"Build {self._piece_at(site)}" for site in sites[:int(due)]]
            return lines or ["Waive"]
        if due <= -1:
            units = [u for u in position.units_of(power) if not u.is_leader]
            rng.shuffle(units)
            return [f"Remove {_head(u)}" for u in units[:int(-due)]]
        return []

    def _piece_at(self, site: str) -> str:
        province = self.map.provinces[site.split("/")[0]]
        if province.kind == "coast" and self.rng.random() < 0.4:
            coast = f"/{self.rng.choice(province.coasts)}" if province.coasts else ""
            return f"F {place(site.split('/')[0] + coast)}"
        return f"A {place(site)}"

    def _first_spring(self, position: Position) -> bool:
        calendar = self.map.calendar
        return position.phase.year == calendar.first_year and \
            (position.phase.season, position.phase.kind) == calendar.start

    def _placement(self, power: str, position: Position) -> str:
        leaders = self.map.powers[power].leaders
        home = [p for p in self.map.powers[power].home if position.owners.get(p) == power]
        if not leaders or not home:
            return ""
        site = self.map.provinces[self.rng.choice(sorted(home))].name
        return f"Place {leaders[0]} in {site}"


def _head(unit: Unit) -> str:
    """A unit as a player names it in an order: `A Par`, `2A Ur`, `Hannibal`."""
    return unit_label(unit.kind, unit.location, unit.strength, unit.name)


def _power_word(power: str, game_map: GameMap) -> str:
    """A power as one word on the `gm edit` line."""
    name = game_map.powers[power].name
    return power if " " in name else name


def _letter_count(store, name: str) -> tuple[str, int]:
    game = rows.find_game(store, name)
    phase = rows.open_phase(store, game)
    return phase.label, store.db.execute("SELECT count(*) FROM letters WHERE phase_id = ?",
                                         [phase.id]).fetchone()[0]
