"""Loans of centres (Diadochi V 9): `Loan Korinth to Egypt`, `End loan Korinth`.

'It is possible for one power to loan one or more specified supply centres under their control
to another power, providing that the receiving power owns at least one centre themselves. Units
may not be disbanded so as to allow a loan to be made. The recipient of a loan may, in turn,
loan the centre to a third party. Loans may be ended at any time, but the recipient has until
the next adjustments to secure other means of support.'

The readings (issue 19; docs/variants/diadochi-v.md, rule 9):
- A loan and its end are declarations, sent with the orders of any phase. They are checked
  when declared (the lender holds the centre: its owner while it is not lent, or the last
  borrower passing it on; the borrower owns a centre; not to itself) and take effect at the
  next adjustments: when the season before an adjustment phase ends (`after_season`), or at
  once when declared with an adjustment phase's orders.
- When it takes effect the loan is checked again, and one that would leave the lender short
  for its own units does not take effect ("units may not be disbanded to make a loan"). A loan
  declared before the adjustments that would leave the lender short on the board as it is
  is accepted with a warning saying so (`declaration_warning`); one declared with the
  adjustment phase's orders takes effect at once, so it is void then.
- The borrower counts the centre at its value to the owner (Rome lent by Rome gives 3); the
  lender no longer counts it. The borrower's unit there does not capture it.
- `End loan X` from the lender ends the loan it made, with every passing-on after it; from the
  last borrower, it gives the centre back to its lender. A loan ends at once when the owner
  loses the centre.

State: `state["loans"] = {"in_force": {centre: [owner, borrower, ...]}, "declared": [[verb,
centre, power, to], ...]}`: each chain starts with the owner and ends with the power supplied;
`declared` holds what waits for the next adjustments.
"""

from __future__ import annotations

from gm.engine import results as R
from gm.engine.results import OrderResult
from gm.orders.kinds.board import place_name, power_name
from gm.orders.kinds.loan import EndLoan, LoanCentre
from gm.rule_catalogue import RULES
from gm.rules.hooks import OrderHooks, OwnershipHooks, SupplyHooks, VictoryHooks
from gm.rules.rule import Rule

KEY = "loans"
SHORT = "units may not be disbanded to make a loan"


def in_force(position) -> dict[str, list[str]]:
    """centre -> the chain of powers: the owner first, the power it supplies last."""
    return {c: list(chain) for c, chain in position.state.get(KEY, {}).get("in_force", {}).items()}


def declared(position) -> list[list[str]]:
    return [list(d) for d in position.state.get(KEY, {}).get("declared", [])]


def holder(position, centre: str) -> str | None:
    """The power a centre supplies: its last borrower while it is lent, else its owner."""
    chain = position.state.get(KEY, {}).get("in_force", {}).get(centre)
    return chain[-1] if chain else position.owners.get(centre)


def _store(position, loans: dict[str, list[str]] | None = None,
           waiting: list[list[str]] | None = None) -> None:
    """New values every time: `Position.copy` shares nested values with the last phase."""
    parts = {"in_force": dict(sorted((in_force(position) if loans is None else loans).items())),
             "declared": declared(position) if waiting is None else waiting}
    parts = {k: v for k, v in parts.items() if v}
    if parts:
        position.state[KEY] = parts
    else:
        position.state.pop(KEY, None)


def _name(game_map, power: str | None) -> str:
    return power_name(game_map, power) if power else "nobody"


def loans_in_words(position, game_map) -> list[str]:
    """`Korinth (Macedonia's) lent to Egypt`, and what waits for the next adjustments, for the
    reports."""
    out = []
    for centre, chain in sorted(in_force(position).items()):
        via = "".join(f", passed on by {_name(game_map, p)}" for p in chain[1:-1])
        out.append(f"{place_name(game_map, centre)} ({_name(game_map, chain[0])}'s) lent to "
                   f"{_name(game_map, chain[-1])}{via}")
    for verb, centre, power, to in declared(position):
        if verb == "loan":
            out.append(f"{place_name(game_map, centre)} to be lent by {_name(game_map, power)} to "
                       f"{_name(game_map, to)} at the next adjustments")
        else:
            out.append(f"the loan of {place_name(game_map, centre)} to end at the next "
                       f"adjustments ({_name(game_map, power)})")
    return out


class Loans(Rule, OrderHooks, OwnershipHooks, SupplyHooks, VictoryHooks):
    about = RULES["loans"]

    def board_notes(self, position, game_map):
        said = loans_in_words(position, game_map)
        return [f"Loans, {self.ref}: " + "; ".join(said) + "."] if said else None

    # --- the check, when declared (intake asks `declare` on a copy) ---------------------------
    def _problem(self, order, position, game_map) -> str | None:
        power, centre = order.power or "", order.province
        place, who = place_name(game_map, centre), _name(game_map, power)
        province = game_map.provinces.get(centre)
        if province is None or not province.is_centre:
            return f"{self.ref}: {place} is not a supply centre; only centres are lent"
        chain = in_force(position).get(centre)
        if isinstance(order, EndLoan):
            if not chain or power not in chain:
                return f"{self.ref}: {place} is not lent by or to {who}; only the lender or " \
                       "the borrower ends a loan"
            return None
        to = order.to_power
        if to == power:
            return f"{self.ref}: {who} cannot lend {place} to itself"
        if holder(position, centre) != power:
            if chain and power in chain:
                return f"{self.ref}: {place} is lent to {_name(game_map, chain[-1])}; only " \
                       "its present holder may lend it on"
            owner = _name(game_map, position.owners.get(centre))
            return f"{self.ref}: {who} does not hold {place} ({owner} does); a power lends " \
                   "only a centre it controls"
        if chain and to in chain:
            return f"{self.ref}: {place} is lent already through {_name(game_map, to)}; " \
                   "end the loan instead"
        if not any(owner == to and c in game_map.provinces and game_map.provinces[c].is_centre
                   for c, owner in position.owners.items()):  # a build site is no centre
            return f"{self.ref}: {_name(game_map, to)} owns no centre; a loan is made only " \
                   "to a power that owns at least one centre"
        return None

    def declaration_warning(self, order, position, game_map):
        """A loan is checked again when it takes effect: say now if, on this board, it would
        leave the lender short. Declared with an adjustment phase's orders it takes effect at
        once: these are then the words it is void with."""
        if not isinstance(order, LoanCentre) or self._problem(order, position, game_map):
            return None
        short = self._short(order.power or "", order.province, order.to_power, position,
                            game_map)
        if short is None or position.phase.kind == "Adjustment":
            return short
        return f"{short}: the loan takes effect at the next adjustments only if " \
               f"{_name(game_map, order.power)} can spare {place_name(game_map, order.province)} " \
               "then"

    # --- declarations, in any phase ----------------------------------------------------------
    def declare(self, order, position, game_map):
        if not isinstance(order, (LoanCentre, EndLoan)):
            return None
        power = order.power or ""
        problem = self._problem(order, position, game_map)
        if problem:
            return OrderResult(power, order, None, False, R.VOID, problem)
        verb = "loan" if isinstance(order, LoanCentre) else "end"
        entry = [verb, order.province, power, getattr(order, "to_power", "")]
        _store(position, waiting=[*declared(position), entry])
        if position.phase.kind != "Adjustment":
            return OrderResult(power, order, None, True, "declared",
                               "takes effect at the next adjustments")
        # declared with an adjustment phase's orders: it takes effect in this phase
        done = self._take_effect(position, game_map)
        problem, said = next(((p, e) for d, p, e in done if d == entry), (None, ""))
        if problem:
            return OrderResult(power, order, None, False, R.VOID, problem)
        return OrderResult(power, order, None, True, "lent" if verb == "loan" else "ended",
                           said)

    # --- taking effect at the adjustments ------------------------------------------------------
    def after_season(self, position, season, game_map):
        if not declared(position) or not _adjustment_follows(season, game_map):
            return None
        return [said for _, _, said in self._take_effect(position, game_map)]

    def _take_effect(self, position, game_map) -> list[tuple[list[str], str | None, str]]:
        """Carry out the loans and ends waiting, in the order declared; each is checked again
        on the position as it now is. Returns (the declaration, its problem, the event)."""
        events = []
        for verb, centre, power, to in declared(position):
            _store(position, waiting=declared(position)[1:])
            order = LoanCentre(power, None, centre, to) if verb == "loan" else \
                EndLoan(power, None, centre)
            place = place_name(game_map, centre)
            problem = self._problem(order, position, game_map)
            if problem is None and verb == "loan":
                problem = self._short(power, centre, to, position, game_map)
            if problem:
                events.append(([verb, centre, power, to], problem,
                               f"the {'loan' if verb == 'loan' else 'end of the loan'} of "
                               f"{place} does not take effect: {problem}"))
                continue
            loans = in_force(position)
            chain = loans.get(centre) or [position.owners[centre]]
            if verb == "loan":
                loans[centre] = [*chain, to]
                said = f"{_name(game_map, power)} lends {place} to {_name(game_map, to)}, " \
                       f"{self.ref}"
            else:
                cut = chain.index(power) + (1 if power != chain[-1] else 0)
                kept = chain[:max(cut, 1)]
                if len(kept) > 1:
                    loans[centre] = kept
                else:
                    loans.pop(centre, None)
                said = f"the loan of {place} is ended by {_name(game_map, power)}: it " \
                       f"supplies {_name(game_map, kept[-1])} again, {self.ref}"
            events.append(([verb, centre, power, to], None, said))
            _store(position, loans=loans)
        return events

    def _short(self, power, centre, to, position, game_map) -> str | None:
        """Would the loan leave the lender with fewer supply than its units need?"""
        trial = position.copy()
        loans = in_force(trial)
        loans[centre] = [*(loans.get(centre) or [position.owners[centre]]), to]
        _store(trial, loans=loans, waiting=[])
        rules = self.rule_set
        supply = rules.supply.of(power, trial, game_map)
        upkeep = sum(rules.upkeep(u) for u in position.units_of(power))
        if supply < upkeep:
            return f"{self.ref}: {SHORT} ({_name(game_map, power)} would have {supply:g} for " \
                   f"{upkeep:g} units)"
        return None

    # --- the loan in force ---------------------------------------------------------------------
    def captures(self, unit, province, position):
        chain = in_force(position).get(province)
        return False if chain and unit.power in chain else None

    def after_ownership(self, owners_before, position, game_map):
        loans, events = in_force(position), []
        for centre, chain in list(loans.items()):
            if position.owners.get(centre) != chain[0]:
                del loans[centre]
                events.append(f"the loan of {place_name(game_map, centre)} to "
                              f"{_name(game_map, chain[-1])} ends: "
                              f"{_name(game_map, chain[0])} lost it, {self.ref}")
        if events:
            _store(position, loans=loans)
        return events

    def supplied_by(self, centre, position, game_map):
        chain = position.state.get(KEY, {}).get("in_force", {}).get(centre)
        return chain[-1] if chain else None

    def centre_value(self, centre, power, position, game_map):
        chain = position.state.get(KEY, {}).get("in_force", {}).get(centre)
        if not chain:
            return None
        # the owner's value (a destroyed centre is worth nothing: `destruction` answers first)
        return game_map.provinces[centre].value_for(chain[0])


def _adjustment_follows(season: str, game_map) -> bool:
    """Is the next phase after this season's movement and retreats an adjustment phase?"""
    phases = list(game_map.calendar.phases)
    mine = [i for i, (name, _) in enumerate(phases) if name == season]
    if not mine:
        return False
    return phases[(mine[-1] + 1) % len(phases)][1] == "Adjustment"
