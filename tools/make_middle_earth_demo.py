"""Write games/middle-earth-viii-demo.txt: a Middle-Earth VIII game played by eight seeded bots.

The bots play like those of tools/make_standard_demo.py (chase centres, support their own
attacks, retreat towards home, build and remove), taught the two rules of this variant:
- rule 2: an army on a coast sometimes turns into a fleet where the sea leads to centres, and
  a fleet turns back into an army when the centres it wants are inland; the conversion fails
  when an enemy attacks the space;
- rule 4: a unit in its own home centre needs two supports against it, so a bot that can bring
  three units against an enemy's home fortress besieges it, and one that can bring two tries
  its luck.
Players write as players do: some tersely (`A Bel - Sbe`, `A(Bel)-F(Bel)`), some in words
(`Army Belfalas becomes a fleet`). The game goes through gm's own store and commands, one
movement season a year, and ends after the last year with a draw of the survivors. The archive
is exported with every phase's outcome, so `gm replay games/middle-earth-viii-demo.txt --check`
can verify it.

    .venv/bin/python tools/make_middle_earth_demo.py [--seed N] [--years N] [--out PATH]

Seeds are tried from --seed on until the game shows every rule at work (conversions that
succeed and fail, fortress defences that hold and one that falls, retreats, builds, removals);
the tally is printed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gm.engine.adjustment_phase import adjustments_due  # noqa: E402
from gm.engine.movement_phase import adjudicate_movement  # noqa: E402
from gm.engine.position import Position, Unit  # noqa: E402
from gm.game.adjudication import adjudicate  # noqa: E402
from gm.game.archives import export_game  # noqa: E402
from gm.game.games import new_game, position_at  # noqa: E402
from gm.game.history import declare_draw  # noqa: E402
from gm.game.intake import take_orders  # noqa: E402
from gm.maps import GameMap, load_map  # noqa: E402
from gm.maps.gamemap import province_of  # noqa: E402
from gm.orders.parse import parse_order  # noqa: E402
from gm.rules import RuleSet  # noqa: E402
from gm.rules.rule_registry import rule_class  # noqa: E402
from gm.store.database import open_store  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import demo_common  # noqa: E402
from demo_common import Geometry, Housekeeping, alliances, checked  # noqa: E402

GAME = "middle-earth-viii-demo"
VARIANT = "middle-earth-viii"
# how keen each power is on fleets (the share of its units it would like at sea)
FLEET_SHARE = {"gondor": 0.5, "arnor": 0.4, "angmar": 0.35, "rhun": 0.3, "elves": 0.0,
               "rohan": 0.0, "rhovanion": 0.0, "mordor": 0.0}
WORDY = {"gondor", "elves", "rohan", "mordor"}  # these players write orders out in words
MINIMUM = {"converted": 3, "conversion failed": 1, "fortress held": 2, "fortress fell": 1,
           "dislodged": 3, "retreated": 2, "built": 8, "removed": 2}


class Writer(demo_common.Writer):
    """Orders as a player writes them, and conversions (`A(Bel)-F(Bel)`, `A Bel becomes a
    fleet`): rule 2 of Middle-Earth VIII."""

    def __init__(self, game_map: GameMap, wordy: bool, rng: random.Random):
        super().__init__(game_map, wordy)
        self.rng = rng

    def convert(self, u: Unit) -> str:
        new = "F" if u.kind == "A" else "A"
        if self.wordy:
            noun = {"A": "an army", "F": "a fleet"}[new]
            verb = self.rng.choice(["becomes", "converts to"])
            return f"{self.unit(u.kind, u.province)} {verb} {noun}"
        loc = u.province.capitalize()
        return self.rng.choice([f"{u.kind}({loc})-{new}({loc})", f"{u.kind} {loc} - {new} {loc}"])


class Bot(Housekeeping):
    """One power's player."""

    def __init__(self, power: str, game_map: GameMap, geo: Geometry, rng: random.Random):
        self.power = power
        self.map = game_map
        self.geo = geo
        self.rng = rng
        self.write = Writer(game_map, power in WORDY, rng)
        self.home = game_map.powers[power].home
        self.fleet_share = FLEET_SHARE[power]

    def in_fortress(self, unit: Unit) -> bool:
        return unit.province in self.map.powers[unit.power].home

    # --- movement ---------------------------------------------------------------------------
    def targets(self, position: Position, friends: set[str]) -> dict[str, float]:
        """Centres worth taking: neutral ones first, then those of the weakest enemies."""
        strength = {p: len(position.centres_of(p)) for p in self.map.powers}
        out = {}
        for c in self.map.centres:
            owner = position.owners.get(c)
            if owner == self.power or owner in friends:
                continue
            out[c] = 10.0 if owner is None else 6.0 + max(0, 6 - strength[owner])
        return out

    def movement(self, position: Position, friends: set[str]) -> list[str]:
        mine = position.units_of(self.power)
        targets = self.targets(position, friends)
        enemies = [u for u in position.units if u.power != self.power and u.power not in friends]
        enemy_near = {p for u in enemies for p in self._reach(u)}
        plans: dict[Unit, tuple[str, object]] = {}
        claimed: set[str] = set()
        self._plan_sieges(mine, enemies, plans, claimed)
        self._plan_conversions(mine, position, targets, enemy_near, plans, claimed)
        occupied = {u.province: u for u in position.units}
        for unit in sorted((u for u in mine if u not in plans), key=lambda u: self.rng.random()):
            best, best_score = None, self._hold_score(unit, position, targets, enemy_near)
            for dest in self.geo.moves(unit):
                prov = province_of(dest)
                if prov in claimed:
                    continue
                there = occupied.get(prov)
                if there is not None and (there.power in friends or (
                        there.power == self.power and plans.get(there, ("hold",))[0] != "move")):
                    continue
                score = self._move_score(unit, prov, targets, there)
                if score > best_score:
                    best, best_score = dest, score
            if best is None:
                plans[unit] = ("hold", None)
                claimed.add(unit.province)
            else:
                plans[unit] = ("move", best)
                claimed.add(province_of(best))
        self._add_supports(plans, position, enemy_near)
        return self._write(plans)

    def _reach(self, unit: Unit) -> set[str]:
        return {province_of(d) for d in self.geo.moves(unit)}

    def _plan_sieges(self, mine, enemies, plans, claimed) -> None:
        """Rule 4: against a unit in its home fortress, one support is not enough."""
        for enemy in sorted(enemies, key=lambda u: self.rng.random()):
            if not self.in_fortress(enemy) or enemy.province in claimed:
                continue
            near = [u for u in mine if u not in plans and self.geo.reaches(u, enemy.province)]
            self.rng.shuffle(near)
            if len(near) >= 3 and self.rng.random() < 0.7:
                party = near[:3]
            elif len(near) == 2 and self.rng.random() < 0.35:
                party = near  # one support: the fortress will most likely hold
            else:
                continue
            attacker, *helpers = party
            plans[attacker] = ("move", self._dest(attacker, enemy.province))
            for helper in helpers:
                plans[helper] = ("support", (attacker, enemy.province))
                claimed.add(helper.province)
            claimed.add(enemy.province)

    def _dest(self, unit: Unit, province: str) -> str:
        return next(d for d in self.geo.moves(unit) if province_of(d) == province)

    def _plan_conversions(self, mine, position, targets, enemy_near, plans, claimed) -> None:
        """Rule 2: armies on a coast take to the sea; fleets wanting inland centres land."""
        fleets = sum(1 for u in mine if u.kind == "F")
        for unit in mine:
            here = self.map.provinces[unit.province]
            if unit in plans or here.kind != "coast":
                continue
            quiet = 0.6 if unit.province in enemy_near else 1.0
            if unit.kind == "A":
                wants = fleets < FLEET_SHARE[self.power] * len(mine)
                by_sea = self._nearest(targets, "F", unit.province)
                by_land = self._nearest(targets, "A", unit.province)
                if wants and by_sea <= by_land and self.rng.random() < 0.45 * quiet:
                    plans[unit] = ("convert", None)
                    claimed.add(unit.province)
                    fleets += 1
            else:
                by_sea = self._nearest(targets, "F", unit.province)
                by_land = self._nearest(targets, "A", unit.province)
                if by_land + 1 < by_sea and self.rng.random() < 0.5 * quiet:
                    plans[unit] = ("convert", None)
                    claimed.add(unit.province)
                    fleets -= 1

    def _nearest(self, targets: dict[str, float], kind: str, prov: str) -> int:
        return min((self.geo.distance(kind, prov, t) for t in targets), default=10)

    def _hold_score(self, unit, position, targets, enemy_near) -> float:
        prov = unit.province
        score = -1.5 * self._nearest(targets, unit.kind, prov)
        centre = self.map.provinces[prov].is_centre
        if centre and position.owners.get(prov) != self.power:
            score += 14  # every season is the one that takes centres: sit on it
        if centre and prov in self.home and prov in enemy_near:
            score += 6  # guard home: the fortress is strongest when it stays put
        return score + self.rng.uniform(0, 2)

    def _move_score(self, unit, prov, targets, there) -> float:
        score = -1.5 * self._nearest(targets, unit.kind, prov)
        if prov in targets:
            score += targets[prov] * 1.3
        if there is not None and there.power != self.power:
            score -= 3 if not self.in_fortress(there) else 6
        if self.map.provinces[prov].is_sea and unit.kind == "F":
            score += 0.5
        return score + self.rng.uniform(0, 3)

    def _add_supports(self, plans, position, enemy_near) -> None:
        attacks = [(u, province_of(d)) for u, (k, d) in plans.items() if k == "move"]
        for unit, (kind, _what) in list(plans.items()):
            if kind != "hold":
                continue
            helpful = []
            for mover, into in attacks:
                if mover is unit or not self.geo.reaches(unit, into):
                    continue
                there = position.unit_in(into)
                contested = there is not None and there.power != self.power
                weight = 3 if contested else (1 if into in enemy_near else 0)
                if weight:
                    helpful.append((weight + self.rng.random(), mover, into))
            if helpful:
                _, mover, into = max(helpful, key=lambda h: h[0])
                plans[unit] = ("support", (mover, into))
                continue
            holders = [u for u, (k, _) in plans.items() if k in ("hold", "convert")
                       and u is not unit and u.province in enemy_near
                       and self.geo.reaches(unit, u.province)]
            if holders and self.rng.random() < 0.7:
                plans[unit] = ("support", (self.rng.choice(holders), None))

    def _write(self, plans) -> list[str]:
        lines = []
        for unit, (kind, what) in plans.items():
            if kind == "move":
                lines.append(self.write.move(unit, what))
            elif kind == "support":
                other, into = what
                lines.append(self.write.support(unit, other, into))
            elif kind == "convert":
                lines.append(self.write.convert(unit))
            else:
                lines.append(self.write.hold(unit))
        return lines

    # --- retreats and adjustments ---------------------------------------------------------


class Tally:
    """Counts what the game showed of each rule, for choosing a seed worth keeping."""

    def __init__(self, game_map: GameMap):
        self.map = game_map
        self.count = dict.fromkeys(MINIMUM, 0)
        self.notes: list[str] = []  # where the variant's rules showed, for the archive's notes
        self.without_fortress = RuleSet(rule_class(name)(params) for name, params
                                        in game_map.rules.items() if name != "home_fortress")
        self.rules = RuleSet.for_map(game_map)

    def movement(self, label: str, position: Position, letters: dict[str, list[str]]) -> None:
        """Adjudicate the phase with and without rule 4, to see where the fortress mattered."""
        orders = [parse_order(line, self.map, power) for power, lines in letters.items()
                  for line in lines]
        real = adjudicate_movement(position, orders, self.map, self.rules)
        plain = adjudicate_movement(position, orders, self.map, self.without_fortress)
        lost = {d.unit for d in real.position.dislodged}
        lost_plain = {d.unit for d in plain.position.dislodged}
        for unit in sorted(lost_plain - lost, key=self._where):
            if self._at_home(unit):
                self.count["fortress held"] += 1
                self.notes.append(f"{label}: {self._who(unit)} holds its home fortress against "
                                  "an attack that would have dislodged it without rule 4.")
        for unit in sorted(lost, key=self._where):
            if self._at_home(unit):
                self.count["fortress fell"] += 1
                self.notes.append(f"{label}: the fortress falls: {self._who(unit)} is "
                                  "dislodged from its home by an attack with two supports or "
                                  "more (rule 4).")
        self.count["dislodged"] += len(lost)
        for r in real.results:
            if r.code == "converted":
                self.count["converted"] += 1
                self.notes.append(f"{label}: {self._who(r.unit)} becomes "
                                  f"{'a fleet' if r.unit.kind == 'A' else 'an army'} (rule 2).")
            elif r.code == "failed":
                self.count["conversion failed"] += 1
                self.notes.append(f"{label}: {self._who(r.unit)} fails to convert: "
                                  f"{r.detail.removeprefix('conversion failed: ')} (rule 2).")

    def _at_home(self, unit: Unit) -> bool:
        return unit.province in self.map.powers[unit.power].home

    @staticmethod
    def _where(unit: Unit) -> str:
        return unit.province

    def _who(self, unit: Unit) -> str:
        kind = {"A": "army", "F": "fleet"}[unit.kind]
        adjective = self.map.powers[unit.power].adjective
        return f"the {adjective} {kind} in {self.map.provinces[unit.province].name}"


def play(seed: int, years: int, highlights: list[str] = ()) -> tuple[str, Tally]:
    """Play one game; `highlights` (from an earlier play of the same seed) go in its notes."""
    rng = random.Random(seed)
    game_map = load_map(VARIANT)
    geo = Geometry(game_map)
    bots = {p: Bot(p, game_map, geo, random.Random(rng.random())) for p in game_map.powers}
    tally = Tally(game_map)
    store = open_store(":memory:")
    notes = (f"A demonstration game played by eight simple bots (tools/make_middle_earth_demo.py, "
             f"seed {seed}). Where the variant's rules show:")
    new_game(store, GAME, VARIANT, "\n".join([notes, *highlights]))
    friends: dict[str, set[str]] = {}
    last_year = game_map.calendar.first_year + years - 1
    while True:
        view, phase, position = position_at(store, GAME)
        if view.game.ended:
            break
        if phase.kind == "Movement" and (phase.year - game_map.calendar.first_year) % 2 == 0:
            friends = alliances(rng, list(game_map.powers), position)
        if phase.year > last_year:
            survivors = [game_map.powers[p].name for p in game_map.powers
                         if position.units_of(p)]
            declare_draw(store, GAME, survivors)
            break
        letters: dict[str, list[str]] = {}
        for power, bot in bots.items():
            if phase.kind == "Movement":
                if not position.units_of(power) or rng.random() < 0.03:
                    continue  # out of the game, or missed the deadline
                lines = bot.movement(position, friends.get(power, set()))
            elif phase.kind == "Retreat":
                lines = bot.retreats(position)
            else:
                change = adjustments_due(position, game_map).get(power, 0)
                if not change or (change < 0 and rng.random() < 0.15):
                    continue  # nothing to do, or a removal left to civil disorder
                lines = bot.adjustments(position, change)
            if lines:
                letters[power] = checked(lines, game_map, power)
                take_orders(store, GAME, "\n".join(lines), power)
        if phase.kind == "Movement":
            tally.movement(phase.label, position, letters)
        adjudicate(store, GAME, no_orders=True)
    tally.count.update(_stored_counts(store))
    return export_game(store, GAME), tally


def _stored_counts(store) -> dict[str, int]:
    """Retreats, builds and removals as the store recorded them."""
    live = ("SELECT r.code FROM results r JOIN adjudications a ON a.id = r.adjudication_id "
            "WHERE a.status = 'live'")
    return {code: store.db.execute(f"SELECT count(*) FROM ({live}) WHERE code = ?",
                                   [code]).fetchone()[0]
            for code in ("retreated", "built", "removed")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--years", type=int, default=7)
    parser.add_argument("--out", default=str(ROOT / "games" / "middle-earth-viii-demo.txt"))
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + 200):
        _, tally = play(seed, args.years)
        short = {k: v for k, v in MINIMUM.items() if tally.count[k] < v}
        print(f"seed {seed}: {tally.count}" + (f" (too few: {', '.join(short)})" if short else ""))
        if not short:
            text, again = play(seed, args.years, tally.notes)
            assert again.count == tally.count, "the same seed must play the same game"
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"wrote {args.out}")
            return
    raise SystemExit("no seed gave a game with enough of everything")


if __name__ == "__main__":
    main()
