"""The shrine at Delphi: sacked once, for two free units, at the price of every other player's
support.

Hoplite Wars 7: 'a player who chooses to sack Delphi [may] raise two extra units for the
duration of the game. The specific order "SACK Delphi" must be written. The additional units
are then built in the next adjustment phase and are not dependent on supply centres and thus
can only be removed from the board through annihilation ... all god-fearing Greeks will
forever shun a player who sacks Delphi and thereafter his units (both Major and Minor States)
may not receive support from any other player for the duration of the game.'

The readings (docs/variants/hoplite-wars.md, rule 7): the sack succeeds unless the sacking
pieces are dislodged; Delphi is sacked once and stays a double centre; the sacker (the Major
when the sacking pieces are mixed) is owed two single units, A or F, built at the next
adjustment on its own build sites on top of its other builds: its first two A or F builds of
that phase; forfeit if not built then. Those units need no centre and are never removed for
supply (their tag ends in `:delphi`); lost, they are not rebuilt. From the sack on, no support
from another player counts for any piece of the sacker's player (`not_matched`).

State: `state["delphi"] = {"sacked_by": power, "shunned": [powers], "owed": {power: n}}`.
"""

from __future__ import annotations

from dataclasses import replace

from gm.engine import results as R
from gm.notation import piece_shown
from gm.orders.kinds.sack import Sack
from gm.rule_catalogue import RULES
from gm.rules.hooks import AdjustmentHooks, ExtraBuildHooks, MovementHooks, OrderHooks, PieceHooks
from gm.rules.rule import Rule

KEY = "delphi"
FREE = ":delphi"  # the tag's end on a unit raised from Delphi's offerings
SACKED = "delphi_sacked"  # the result of a sack carried out (no tag in reports)


def state_of(position) -> dict:
    return dict(position.state.get(KEY, {}))


def is_free(unit) -> bool:
    tag = getattr(unit, "tag", None)  # a NewPiece (a build not yet made) has none
    return bool(tag) and tag.endswith(FREE)


class Delphi(Rule, OrderHooks, PieceHooks, MovementHooks, ExtraBuildHooks, AdjustmentHooks):
    about = RULES["delphi"]

    def __init__(self, params=None):
        super().__init__(params)
        self._left: dict[str, int] = {}  # Delphi's units still to build this phase

    @property
    def shrine(self) -> str:
        return self.params.get("shrine", "del")

    def order_problem(self, order, unit, position, game_map):
        if not isinstance(order, Sack):
            return None
        if unit.province != self.shrine:
            return f"{self.ref}: only {game_map.provinces[self.shrine].name} may be sacked"
        done = state_of(position).get("sacked_by")
        if done:
            return f"{self.ref}: {game_map.provinces[self.shrine].name} was sacked already " \
                   f"(by {game_map.powers[done].name}); it is sacked once"
        return None

    def after_movement(self, before, after, results, attacked_by, game_map):
        sackers = [i for i, r in enumerate(results) if isinstance(r.order, Sack)
                   and r.unit is not None and r.code in (R.HELD, R.DISLODGED)]
        if not sackers or state_of(before).get("sacked_by"):
            return None
        stayed = [i for i in sackers if results[i].unit in after.units]
        for i in sackers:
            if i not in stayed:
                results[i] = replace(results[i], succeeded=False, code="failed",
                                     detail=f"{self.ref}: the sack failed: the unit was "
                                            "dislodged")
        if not stayed:
            return None
        powers = {results[i].unit.power for i in stayed}
        players = {game_map.powers[p].player or p for p in powers}
        sacker = players.pop() if len(powers) > 1 else powers.pop()
        player = game_map.powers[sacker].player or sacker
        shunned = sorted(p.id for p in game_map.powers.values()
                         if p.id == player or p.player == player)
        after.state[KEY] = {"sacked_by": sacker, "shunned": shunned, "owed": {sacker: 2},
                            "when": before.phase.short()}
        for i in stayed:
            results[i] = replace(results[i], succeeded=True, code=SACKED,
                                 detail="Delphi sacked: two units owed")
        name = game_map.powers[sacker].name
        return [f"{self.ref}: {name} sacked Delphi; {name} builds two units free of centres "
                "at the next adjustment, and its player is shunned for the rest of the game"]

    # --- the two units ---------------------------------------------------------------------
    def extra_builds(self, power, position, game_map):
        return int(state_of(position).get("owed", {}).get(power, 0)) or None

    def adjustment_orders(self, position, orders, game_map):
        """Open the phase's account of Delphi's units: the first two single A or F builds of
        the power owed them, in the order given, draw on them (`draws_extra_build`)."""
        self._left = {p: int(n) for p, n in state_of(position).get("owed", {}).items()}
        return None

    def draws_extra_build(self, order, position, game_map):
        power = order.power or ""
        if self._left.get(power, 0) > 0 and (order.unit_kind or "A") in ("A", "F") \
                and (order.strength or 1) == 1:
            self._left[power] -= 1
            return True
        return None

    def extra_builds_used(self, power, units, position, game_map):
        tags = {u.tag for u in units}
        position.units = [replace(u, tag=f"{u.tag}{FREE}") if u.power == power
                          and u.tag in tags else u for u in position.units]
        where = ", ".join(piece_shown(u) for u in units)
        return [f"{self.ref}: {game_map.powers[power].name} raised {where} from Delphi's "
                "offerings"]

    def after_adjustments(self, position, game_map):
        state = state_of(position)
        if state.get("owed"):  # built now or forfeit
            state.pop("owed")
            position.state[KEY] = state
        return None

    def upkeep(self, unit):
        return 0.0 if is_free(unit) else None

    # --- the shunning ------------------------------------------------------------------------
    def may_support(self, supporter, supported, position):
        shunned = state_of(position).get("shunned", ())
        if supported.power in shunned and supporter.power not in shunned:
            return f"{self.ref}: the player who sacked Delphi is shunned; no other " \
                   "player's support counts for its pieces"
        return None
