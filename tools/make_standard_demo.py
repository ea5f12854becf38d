"""Write games/standard-demo.txt: a whole standard game played by seven simple, seeded bots.

Each bot chases supply centres it does not own, supports its own attacks, convoys armies over
water when a fleet stands ready, retreats towards home, builds and removes. Some players write
terse orders (`A Par - Bur`), some write words (`Army Paris moves to Burgundy`), and now and
then a player misses a deadline, so the game shows the defaults too (units hold, missing
removals follow civil disorder). Alliances shift every few years. The game is played through
gm's own store and commands, and ends with a solo or, after the last year, a draw of the
survivors; the archive is then exported with every phase's outcome, so that
`gm replay games/standard-demo.txt --check` can verify it.

    .venv/bin/python tools/make_standard_demo.py [--seed N] [--years N] [--out PATH]

The script tries seeds from --seed on until the game has enough of everything (bounces,
dislodgements, retreats, convoys, builds, removals, a civil disorder) and prints the tally.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gm.engine.adjustment_phase import adjustments_due  # noqa: E402
from gm.engine.position import Position, Unit  # noqa: E402
from gm.game.adjudication import adjudicate  # noqa: E402
from gm.game.archives import export_game  # noqa: E402
from gm.game.games import new_game, position_at  # noqa: E402
from gm.game.history import declare_draw  # noqa: E402
from gm.game.intake import take_orders  # noqa: E402
from gm.maps import GameMap, load_map  # noqa: E402
from gm.maps.gamemap import province_of  # noqa: E402
from gm.store import game_rows as rows  # noqa: E402
from gm.store.database import open_store  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from demo_common import Geometry, Housekeeping, Writer, alliances, checked  # noqa: E402

GAME = "standard-demo"
FLEET_SHARE = {"england": 0.65, "turkey": 0.4, "italy": 0.4, "france": 0.35,
               "germany": 0.3, "russia": 0.35, "austria": 0.15}
WORDY = {"france", "italy", "russia"}  # these players write orders out in words
MINIMUM = {"bounced": 25, "dislodged": 12, "retreated": 5, "convoyed": 3, "built": 15,
           "removed": 4, "civil disorder": 1, "eliminated": 1}


class Bot(Housekeeping):
    """One power's player."""

    def __init__(self, power: str, game_map: GameMap, geo: Geometry, rng: random.Random):
        self.power = power
        self.map = game_map
        self.geo = geo
        self.rng = rng
        self.write = Writer(game_map, power in WORDY)
        self.home = game_map.powers[power].home
        self.fleet_share = FLEET_SHARE[power]

    # --- movement -----------------------------------------------------------------------
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

    def movement(self, position: Position, friends: set[str], autumn: bool) -> list[str]:
        mine = position.units_of(self.power)
        targets = self.targets(position, friends)
        occupied = {u.province: u for u in position.units}
        enemy_near = {p for u in position.units if u.power != self.power
                      and u.power not in friends for p in self._reach(u)}
        plans: dict[Unit, tuple[str, str | None]] = {}  # unit -> (kind, dest)
        claimed: set[str] = set()
        self._plan_convoys(mine, position, targets, plans, claimed)
        order = sorted((u for u in mine if u not in plans), key=lambda u: self.rng.random())
        for unit in order:
            best, best_score = None, self._hold_score(unit, position, targets, enemy_near,
                                                      autumn)
            for dest in self.geo.moves(unit):
                prov = province_of(dest)
                if prov in claimed:
                    continue
                there = occupied.get(prov)
                if there is not None and (there.power in friends or (
                        there.power == self.power and plans.get(there, ("hold",))[0] != "move")):
                    continue
                score = self._move_score(unit, prov, position, targets, there, autumn)
                if score > best_score:
                    best, best_score = dest, score
            if best is None:
                plans[unit] = ("hold", None)
                claimed.add(unit.province)
            else:
                plans[unit] = ("move", best)
                claimed.add(province_of(best))
        self._add_supports(plans, position, friends, enemy_near)
        return self._write(plans)

    def _reach(self, unit: Unit) -> set[str]:
        return {province_of(d) for d in self.geo.moves(unit)}

    def _nearest_target(self, unit_kind: str, prov: str, targets: dict[str, float]) -> int:
        return min((self.geo.distance(unit_kind, prov, t) for t in targets), default=10)

    def _hold_score(self, unit, position, targets, enemy_near, autumn) -> float:
        prov = unit.province
        score = -1.5 * self._nearest_target(unit.kind, prov, targets)
        centre = self.map.provinces[prov].is_centre
        if centre and position.owners.get(prov) != self.power and autumn:
            score += 14  # sit on it through the autumn to take it
        if centre and prov in self.home and prov in enemy_near:
            score += 6  # guard home
        return score + self.rng.uniform(0, 2)

    def _move_score(self, unit, prov, position, targets, there, autumn) -> float:
        score = -1.5 * self._nearest_target(unit.kind, prov, targets)
        if prov in targets:
            score += targets[prov] * (1.3 if autumn else 0.6)
        if there is not None and there.power != self.power:
            score -= 3  # an attack needs support; the support step may find it
        if self.map.provinces[prov].is_sea and unit.kind == "F":
            score += 0.5
        return score + self.rng.uniform(0, 3)

    def _plan_convoys(self, mine, position, targets, plans, claimed) -> None:
        """Armies on the coast take a ship when one of ours is at sea beside them and a
        centre across the water is free for the taking."""
        fleets = [u for u in mine if u.kind == "F" and self.map.provinces[u.province].is_sea]
        armies = [u for u in mine if u.kind == "A"
                  and self.map.provinces[u.province].kind == "coast"]
        self.rng.shuffle(fleets)
        for fleet in fleets:
            for army in armies:
                if army in plans or not self.geo.reaches(fleet, army.province):
                    continue
                goals = [p for p in targets if p not in claimed
                         and self.map.provinces[p].kind == "coast"
                         and p not in self.map.army_adj.get(army.province, ())
                         and p != army.province and self.geo.reaches(fleet, p)
                         and position.unit_in(p) is None]
                if not goals or self.rng.random() > 0.7:
                    continue
                goal = self.rng.choice(sorted(goals))
                plans[army] = ("convoyed", goal)
                plans[fleet] = ("convoy", f"{army.province}>{goal}")
                claimed.update((goal, fleet.province))
                break

    def _add_supports(self, plans, position, friends, enemy_near) -> None:
        attacks = [(u, province_of(d)) for u, (k, d) in plans.items() if k == "move"]
        for unit, (kind, _dest) in list(plans.items()):
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
            holders = [u for u, (k, _) in plans.items() if k == "hold" and u is not unit
                       and u.province in enemy_near and self.geo.reaches(unit, u.province)]
            if holders and self.rng.random() < 0.7:
                plans[unit] = ("support", (self.rng.choice(holders), None))

    def _write(self, plans) -> list[str]:
        lines = []
        for unit, (kind, what) in plans.items():
            w = self.write
            if kind == "move":
                lines.append(w.move(unit, what))
            elif kind == "convoyed":
                lines.append(w.move(unit, what, via=self.rng.random() < 0.5))
            elif kind == "convoy":
                start, goal = what.split(">")
                army = next(u for u in plans if u.province == start)
                lines.append(w.convoy(unit, army, goal))
            elif kind == "support":
                other, into = what
                lines.append(w.support(unit, other, into))
            else:
                lines.append(w.hold(unit))
        return lines

    # --- retreats and adjustments ---------------------------------------------------------


def play(seed: int, years: int) -> tuple[str, dict[str, int]]:
    rng = random.Random(seed)
    game_map = load_map("standard")
    geo = Geometry(game_map)
    bots = {p: Bot(p, game_map, geo, random.Random(rng.random())) for p in game_map.powers}
    store = open_store(":memory:")
    notes = (f"A demonstration game played by seven simple bots (tools/make_standard_demo.py, "
             f"seed {seed}).")
    new_game(store, GAME, "standard", notes)
    friends: dict[str, set[str]] = {}
    last_year = game_map.calendar.first_year + years - 1
    while True:
        view, phase, position = position_at(store, GAME)
        if view.game.ended:
            break
        year = phase.year
        if phase.season == "Spring" and phase.kind == "Movement" and (year - 1901) % 3 == 0:
            friends = alliances(rng, list(game_map.powers), position)
        if year > last_year:
            survivors = [game_map.powers[p].name for p in game_map.powers
                         if position.units_of(p)]
            declare_draw(store, GAME, survivors)
            break
        for power, bot in bots.items():
            if phase.kind == "Movement":
                if not position.units_of(power) or rng.random() < 0.03:
                    continue  # out of the game, or missed the deadline
                lines = bot.movement(position, friends.get(power, set()),
                                     phase.season == "Autumn")
            elif phase.kind == "Retreat":
                lines = bot.retreats(position)
            else:
                change = adjustments_due(position, game_map).get(power, 0)
                if not change or (change < 0 and rng.random() < 0.15):
                    continue  # nothing to do, or a removal left to civil disorder
                lines = bot.adjustments(position, change)
            if lines:
                take_orders(store, GAME, "\n".join(checked(lines, game_map, power)), power)
        adjudicate(store, GAME, no_orders=True)
    tally = _tally(store)
    return export_game(store, GAME), tally


def _tally(store) -> dict[str, int]:
    db = store.db
    live = ("SELECT r.* FROM results r JOIN adjudications a ON a.id = r.adjudication_id "
            "WHERE a.status = 'live'")
    count = {}
    for code in ("bounced", "retreated", "built", "removed"):
        count[code] = db.execute(f"SELECT count(*) FROM ({live}) WHERE code = ?",
                                 [code]).fetchone()[0]
    count["dislodged"] = db.execute(
        f"SELECT count(*) FROM ({live}) WHERE dislodged_by IS NOT NULL OR code = 'dislodged'"
    ).fetchone()[0]
    count["convoyed"] = db.execute(
        f"SELECT count(*) FROM ({live}) WHERE code = 'convoyed'").fetchone()[0]
    count["civil disorder"] = db.execute(
        f"SELECT count(*) FROM ({live}) WHERE code = 'removed' AND order_id IS NULL"
    ).fetchone()[0]
    game = rows.get_game(store, GAME)
    count["phases"] = len(rows.live_phases(store, game))
    final = rows.open_phase(store, game).id
    count["eliminated"] = 7 - db.execute(
        "SELECT count(DISTINCT power) FROM pieces WHERE phase_id = ?", [final]).fetchone()[0]
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--years", type=int, default=12)
    parser.add_argument("--out", default=str(ROOT / "games" / "standard-demo.txt"))
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + 200):
        text, tally = play(seed, args.years)
        short = {k: v for k, v in MINIMUM.items() if tally.get(k, 0) < v}
        print(f"seed {seed}: {tally}" + (f" (too few: {', '.join(short)})" if short else ""))
        if not short:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"wrote {args.out}")
            return
    raise SystemExit("no seed gave a game with enough of everything")


if __name__ == "__main__":
    main()
