"""The phase hooks of gm/rules/rule.py, each with a rule that exists only in this file.

Every test here failed before these hooks existed ("What fails today" in issue 18): a loan was
taken for the order of the army in the province it names, no hook ran at the end of a season,
supply was one rule's answer, builds were whole, a build could not see the phase's other
builds, an adjustment phase with nothing due was skipped, victory was one power or none, the
victory count was whole, and a majority counted the map's centres even once some were gone.
"""

from __future__ import annotations

import pytest

from gm.engine import results as R
from gm.engine.adjustment_phase import adjudicate_adjustments, adjustments_due
from gm.engine.position import Phase, Position, Unit, starting_position
from gm.engine.results import CentreChanged, OrderResult
from gm.engine.season import Season
from gm.maps import MapError, load_map
from gm.orders.kinds.build import Build
from gm.orders.kinds.disband import Disband
from gm.orders.kinds.loan import EndLoan, LoanCentre
from gm.orders.kinds.move import Move
from gm.orders.kinds.place_leader import PlaceLeader
from gm.orders.kinds.waive import Waive
from gm.report.chart import build_chart
from gm.report.report_builder import _standing
from gm.report.report_data import AdjustmentLine
from gm.report.text import format_adjustment, format_adjustment_line
from gm.rules import Rule, RuleSet
from gm.rules.hooks import (
    AdjustmentHooks,
    BuildHooks,
    OrderHooks,
    OwnershipHooks,
    PieceHooks,
    SupplyHooks,
    VictoryHooks,
)

# --- test-only rules ---------------------------------------------------------------------------


class Loans(Rule, OrderHooks, SupplyHooks):
    """Lends a centre: the borrower is supplied by it (a declaration, in any phase)."""

    def declare(self, order, position, game_map):
        loans = dict(position.state.get("loans", {}))
        if isinstance(order, LoanCentre):
            if position.owners.get(order.province) != order.power:
                return OrderResult(order.power, order, None, False, R.VOID,
                                   "test loans: only an owned centre may be lent")
            loans[order.province] = order.to_power
        elif isinstance(order, EndLoan):
            loans.pop(order.province, None)
        else:
            return None
        position.state["loans"] = loans
        return OrderResult(order.power, order, None, True, "lent")

    def supplied_by(self, centre, position, game_map):
        return position.state.get("loans", {}).get(centre)


class HalfValue(Rule, SupplyHooks):
    """A sacked centre is worth half."""

    def centre_value(self, centre, power, position, game_map):
        return 0.5 if centre in position.state.get("sacked", []) else None


class Garrisons(Rule, PieceHooks, BuildHooks):
    """A garrison (G) costs half a centre and may be built."""

    def upkeep(self, unit):
        return 0.5 if unit.kind == "G" else None

    def build_kinds(self, power, position, game_map):
        return ["A", "F", "G"]


def standard_rules(*rules: Rule) -> RuleSet:
    return RuleSet(rules)


def winter(units: list[Unit], owners: dict[str, str], state: dict | None = None) -> Position:
    return Position(Phase(1901, "Winter", "Adjustment"), units, owners, state=state or {})


# --- declarations ------------------------------------------------------------------------------


def test_a_loan_about_an_occupied_province_leaves_that_units_order_alone(standard_map):
    """Before: `Loan Par to Ger` was matched to A Par and replaced its move."""
    position = starting_position(standard_map)
    season = Season(standard_map, RuleSet())
    outcome = season.adjudicate(position, [
        Move("france", "A", "par", dest="bur"),
        LoanCentre("france", None, "par", to_power="germany"),
    ])
    assert Unit("france", "A", "bur") in outcome.position.units
    loan = [r for r in outcome.results if isinstance(r.order, LoanCentre)]
    assert len(loan) == 1 and loan[0].code == R.VOID
    assert loan[0].detail == "loan orders are not allowed by the rules of this map"
    assert not any(r.code == R.REPLACED for r in outcome.results)


@pytest.mark.parametrize("phase", [Phase(1901, "Spring", "Movement"),
                                   Phase(1901, "Spring", "Retreat"),
                                   Phase(1901, "Winter", "Adjustment")])
def test_declarations_are_taken_in_every_kind_of_phase(standard_map, phase):
    """Before: a loan in a retreat or adjustment phase was refused for its phase."""
    position = starting_position(standard_map)
    position.phase = phase
    if phase.kind == "Retreat":  # a retreat phase is played only with someone to retreat
        from gm.engine.position import Dislodged
        position.units.remove(Unit("france", "A", "par"))
        position.dislodged = [Dislodged(Unit("france", "A", "par"), "bur")]
    outcome = Season(standard_map, standard_rules(Loans())).adjudicate(
        position, [LoanCentre("france", None, "par", to_power="germany")])
    assert [r.code for r in outcome.results if isinstance(r.order, LoanCentre)] == ["lent"]
    assert outcome.position.state["loans"] == {"par": "germany"}
    assert "loans" not in position.state  # the stored position of the phase is untouched


def test_a_declaration_may_place_a_piece_before_the_orders_are_checked(standard_map):
    class Placing(Rule, OrderHooks):
        def declare(self, order, position, game_map):
            position.units.append(Unit(order.power, "A", order.location, name=order.leader))
            return OrderResult(order.power, order, None, True, "placed")

    position = starting_position(standard_map)
    outcome = Season(standard_map, standard_rules(Placing())).adjudicate(position, [
        PlaceLeader("france", None, "gas", leader="Caesar"),
        Move("france", "A", "gas", dest="spa"),
    ])
    assert any(u.name == "Caesar" and u.province == "spa" for u in outcome.position.units)
    assert outcome.results[0].code == "placed"


def test_a_rule_refuses_a_declaration_in_its_own_words(standard_map):
    position = starting_position(standard_map)
    outcome = Season(standard_map, standard_rules(Loans())).adjudicate(
        position, [LoanCentre("france", None, "bel", to_power="germany")])
    assert outcome.results[0].detail == "test loans: only an owned centre may be lent"


# --- the end of a season -----------------------------------------------------------------------


class Chronicle(Rule, OwnershipHooks):
    """Notes the end of each season."""

    def __init__(self):
        super().__init__()
        self.seasons: list[str] = []

    def after_season(self, position, season, game_map):
        self.seasons.append(season)
        return [f"the {season} is over"]


class Rebellion(Chronicle):
    """At the end of each season Marseilles rebels and is nobody's."""

    def after_season(self, position, season, game_map):
        super().after_season(position, season, game_map)
        return ["Marseilles rebels"] if position.owners.pop("mar", None) else None


def test_after_season_runs_once_a_season_even_when_the_winter_is_skipped(standard_map):
    """Before: no hook ran once a season was over."""
    rule = Chronicle()
    season = Season(standard_map, standard_rules(rule))
    spring = season.adjudicate(starting_position(standard_map), [])
    assert rule.seasons == ["Spring"] and spring.events == ["the Spring is over"]
    autumn = season.adjudicate(spring.position, [])
    assert autumn.position.phase == Phase(1902, "Spring", "Movement")  # no Winter played
    assert rule.seasons == ["Spring", "Autumn"] and autumn.events == ["the Autumn is over"]


def test_after_season_may_change_owners_before_adjustments_are_counted(standard_map):
    rule = Rebellion()
    season = Season(standard_map, standard_rules(rule))
    spring = season.adjudicate(starting_position(standard_map), [])
    assert "Marseilles rebels" in spring.events
    autumn = season.adjudicate(spring.position, [])
    assert "mar" not in autumn.position.owners
    # France has lost a centre and still has 3 units: the Winter is played for its removal
    assert autumn.position.phase.kind == "Adjustment"
    assert adjustments_due(autumn.position, standard_map) == {"france": -1}


def test_after_season_waits_for_the_retreats(standard_map):
    rule = Rebellion()
    season = Season(standard_map, standard_rules(rule))
    position = Position(Phase(1901, "Spring", "Movement"), [
        Unit("france", "A", "par"), Unit("france", "A", "gas"), Unit("germany", "A", "bur"),
    ], {"mar": "france"})
    moved = season.adjudicate(position, [Move("france", "A", "par", dest="bur"),
                                         *_support(standard_map)])
    assert moved.position.phase.kind == "Retreat" and rule.seasons == []
    retreated = season.adjudicate(moved.position, [])
    assert rule.seasons == ["Spring"] and "mar" not in retreated.position.owners


def _support(game_map):
    from gm.orders.parse import parse_order
    return [parse_order("A Gas S A Par - Bur", game_map, "france")]


def test_new_owner_returns_a_home_centre_to_its_power(standard_map):
    class Liberation(Rule, OwnershipHooks):
        def new_owner(self, province, pieces, position, game_map):
            home = game_map.home_power(province)
            return home if home and home != pieces[0].power else None

    position = Position(Phase(1901, "Autumn", "Movement"),
                        [Unit("germany", "A", "bur"), Unit("germany", "A", "kie")],
                        {"par": "england", "kie": "england"})
    outcome = Season(standard_map, standard_rules(Liberation())).adjudicate(
        position, [Move("germany", "A", "bur", dest="par")])
    assert outcome.position.owners["par"] == "france"  # Germany frees it for France
    assert outcome.position.owners["kie"] == "germany"  # its own home: the occupier keeps it
    assert CentreChanged("par", "england", "france") in outcome.events


# --- supply per centre -------------------------------------------------------------------------


def test_rules_for_different_centres_combine_in_the_supply(standard_map):
    """Before: `supply` was the first rule's answer, so a loan and a sacked centre could not
    both count on one map."""
    rules = standard_rules(Loans(), HalfValue())
    position = starting_position(standard_map)
    position.state = {"loans": {"par": "germany"}, "sacked": ["bre"]}
    supplies = rules.supply.by_power(position, standard_map)
    assert supplies["france"] == 1.5  # Marseilles, and half of sacked Brest
    assert supplies["germany"] == 4  # its three, and Paris on loan
    assert rules.supply.of("germany", position, standard_map) == 4
    position.phase = Phase(1901, "Winter", "Adjustment")
    assert adjustments_due(position, standard_map, rules) == {"france": -2, "germany": 1}


def test_a_centre_that_is_no_centre_is_worth_nothing(standard_map):
    class Razed(Rule, SupplyHooks):
        def is_centre(self, province, position, game_map):
            return False if province == "par" else None

    rules = standard_rules(Razed())
    position = starting_position(standard_map)
    assert rules.centre_value("par", "france", position, standard_map) == 0
    assert rules.supply.of("france", position, standard_map) == 2


# --- adjustments in halves ---------------------------------------------------------------------


def test_half_a_centre_to_spare_builds_a_garrison(standard_map):
    """Before: `adjustments_due` rounded ½ to spare down to no build at all."""
    rules = standard_rules(Garrisons(), HalfValue())
    position = winter([Unit("france", "A", "par")],
                      {"par": "france", "bre": "france"}, {"sacked": ["bre"]})
    assert adjustments_due(position, standard_map, rules) == {"france": 0.5}
    outcome = adjudicate_adjustments(position, [
        Build("france", "A", "bre"), Build("france", "G", "bre")], standard_map, rules)
    assert outcome.results[0].code == R.VOID
    assert outcome.results[0].detail == "France has only ½ to build, and A bre needs 1"
    assert outcome.results[1].code == R.BUILT
    assert Unit("france", "G", "bre") in outcome.position.units


def test_builds_and_removals_are_reported_in_halves(standard_map):
    rules = standard_rules(Garrisons())
    position = winter([Unit("france", "G", "par")],
                      {"par": "france", "bre": "france", "mar": "france"})
    assert adjustments_due(position, standard_map, rules) == {"france": 2.5}
    assert format_adjustment(2.5) == "2½ to build"
    assert format_adjustment(-0.5) == "½ to remove"
    assert format_adjustment(2) == "+2 builds"
    line = AdjustmentLine("France", 3, 1, 2.5)
    assert format_adjustment_line(line) == \
        "France: 3 supply centres, 1 unit: builds 2½."


def test_a_power_removes_until_its_upkeep_is_covered(standard_map):
    rules = standard_rules(Garrisons())
    position = winter([Unit("france", "A", "par"), Unit("france", "G", "bre"),
                       Unit("france", "G", "mar"), Unit("france", "G", "gas")],
                      {"par": "france", "bre": "france"})
    assert adjustments_due(position, standard_map, rules) == {"france": -0.5}
    outcome = adjudicate_adjustments(position, [], standard_map, rules)
    removed = [r.unit for r in outcome.results if r.code == R.REMOVED]
    assert len(removed) == 1 and removed[0].kind == "G"  # half a centre short: one garrison


def test_a_garrison_is_no_build_without_a_rule(standard_map):
    position = winter([], {"par": "france"})
    outcome = adjudicate_adjustments(position, [Build("france", "G", "par")], standard_map)
    assert outcome.results[0].detail == "G units cannot be built here"


def test_build_problem_sees_the_builds_accepted_so_far(standard_map):
    """Before: a build could not see the phase's other builds, so a limit per phase could
    not be written."""
    class OneFleetAPhase(Rule, BuildHooks):
        def build_problem(self, order, position, game_map, accepted):
            if order.unit_kind == "F" and any(b.unit_kind == "F" for b in accepted):
                return "test rule: one fleet a phase"
            return None

    position = winter([], {"bre": "france", "mar": "france", "par": "france"})
    outcome = adjudicate_adjustments(position, [
        Build("france", "F", "bre"), Build("france", "F", "mar"), Build("france", "A", "par"),
    ], standard_map, standard_rules(OneFleetAPhase()))
    assert [r.code for r in outcome.results[:3]] == [R.BUILT, R.VOID, R.BUILT]
    assert outcome.results[1].detail == "test rule: one fleet a phase"


def test_a_voluntary_disband_pays_for_a_build_in_the_same_phase(standard_map):
    class VoluntaryDisband(Rule, AdjustmentHooks):
        def adjustment_orders(self, position, orders, game_map):
            results = []
            for order in [o for o in orders if isinstance(o, Disband)]:
                unit = next(u for u in position.units if u.province == order.province)
                position.units.remove(unit)
                results.append(OrderResult(order.power, order, unit, True, R.DISBANDED))
            return [o for o in orders if not isinstance(o, Disband)], results, []

    position = winter([Unit("france", "A", "par"), Unit("france", "A", "bur")],
                      {"par": "france", "bre": "france"})
    orders = [Build("france", "F", "bre"), Disband("france", "A", "bur")]
    refused = adjudicate_adjustments(position, orders, standard_map)
    assert [r.code for r in refused.results] == [R.VOID, R.VOID]
    outcome = adjudicate_adjustments(position, orders, standard_map,
                                     standard_rules(VoluntaryDisband()))
    assert [r.code for r in outcome.results] == [R.DISBANDED, R.BUILT]  # the rule's first
    assert sorted(u.label() for u in outcome.position.units) == ["A par", "F bre"]
    assert Unit("france", "A", "bur") in position.units  # the phase's position is untouched


def test_plays_adjustment_keeps_an_empty_winter(standard_map):
    """Before: an adjustment phase with nothing due was always skipped."""
    class Muster(Rule, AdjustmentHooks):
        def plays_adjustment(self, position, game_map):
            return True

    position = starting_position(standard_map)
    position.phase = Phase(1901, "Autumn", "Movement")
    skipped = Season(standard_map, RuleSet()).adjudicate(position, [])
    assert skipped.position.phase == Phase(1902, "Spring", "Movement")
    played = Season(standard_map, standard_rules(Muster())).adjudicate(position, [])
    assert played.position.phase == Phase(1901, "Winter", "Adjustment")
    waived = Season(standard_map, standard_rules(Muster())).adjudicate(
        played.position, [Waive("france", None)])
    assert waived.results[0].detail == "France has no builds"


# --- victory -----------------------------------------------------------------------------------


class Pact(Rule, VictoryHooks):
    """England and France win together once a French unit stands in Burgundy; a rule that
    says "nobody" otherwise, whatever the centres."""

    def winners(self, position, game_map):
        if any(u.power == "france" and u.province == "bur" for u in position.units):
            return ["england", "france"]
        return []


def test_a_joint_victory_and_nobody(standard_map):
    """Before: `winner` named one power, and None could not stop the standard count."""
    rules = standard_rules(Pact())
    position = starting_position(standard_map)
    position.owners.update({c: "germany" for c in standard_map.centres})
    assert RuleSet().supply.winners(position, standard_map) == ["germany"]
    assert rules.supply.winners(position, standard_map) == []  # the rule says nobody
    position.units.append(Unit("france", "A", "bur"))
    assert rules.supply.winners(position, standard_map) == ["england", "france"]


def test_the_outcome_names_every_winner(standard_map):
    position = starting_position(standard_map)
    position.phase = Phase(1901, "Autumn", "Movement")
    outcome = Season(standard_map, standard_rules(Pact())).adjudicate(
        position, [Move("france", "A", "par", dest="bur")])
    assert outcome.winners == ["england", "france"]


def test_score_feeds_the_standing_and_the_chart(standard_map):
    class Prestige(Rule, VictoryHooks):
        def score(self, power, position, game_map):
            return 10.5 if power == "italy" else None

    rules = standard_rules(Prestige())
    position = starting_position(standard_map)
    standing = _standing(position, standard_map, rules)
    assert standing.leaders == ("Italy",) and standing.score == 10.5
    assert standing.short == 7.5
    position.phase = Phase(1901, "Winter", "Adjustment")
    chart = build_chart("g", standard_map, [position], rules)
    assert [r.centres[-1] for r in chart.rows if r.power in ("Italy", "France")] == [3, 10.5]


def test_the_victory_count_may_be_a_half(tmp_path, monkeypatch, standard_text):
    """Before: `[victory] count` was an integer."""
    text = standard_text.replace("count = 18", "count = 12.5")
    game_map = _write_map(tmp_path, monkeypatch, text, "halves")
    assert game_map.victory_count == 12.5
    position = starting_position(game_map)
    rules = standard_rules(HalfValue())
    owned = [c for c in game_map.centres if c not in position.owners][:10]
    position.owners.update({c: "france" for c in owned})  # 13 centres, one of them sacked
    position.state = {"sacked": [owned[0]]}
    assert rules.supply.of("france", position, game_map) == 12.5
    assert rules.supply.winners(position, game_map) == ["france"]
    with pytest.raises(MapError):
        _write_map(tmp_path, monkeypatch, standard_text.replace("count = 18", "count = 12.3"),
                   "thirds")


def test_a_majority_counts_the_centres_still_on_the_board(tmp_path, monkeypatch,
                                                           standard_text):
    """Before: a majority was of the map's 34 centres, even once some were destroyed."""
    text = standard_text.replace('kind = "centres"\ncount = 18', 'kind = "majority"')
    game_map = _write_map(tmp_path, monkeypatch, text, "majority")

    class Wasteland(Rule, SupplyHooks):
        """Every centre outside France, Spain and Portugal is gone, but Belgium."""
        def is_centre(self, province, position, game_map):
            return province in ("par", "bre", "mar", "spa", "por", "bel")

    rules = standard_rules(Wasteland())
    position = starting_position(game_map)
    position.owners.update({"spa": "france", "por": "france"})  # 5 of the 6 left
    assert RuleSet().supply.winners(position, game_map) == []
    assert rules.supply.winners(position, game_map) == ["france"]
    standing = _standing(position, game_map, rules)
    assert standing.condition == "more than half of the 6 supply centres"
    assert standing.short == -1


def _write_map(tmp_path, monkeypatch, text: str, name: str):
    (tmp_path / f"{name}.toml").write_text(text.replace('id = "standard"', f'id = "{name}"'))
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    return load_map(name)


def test_lord_of_hosts_holy_places_on_the_supply_hooks():
    """A destroyed Holy Place supplies nobody, and the award's double unit needs no centre,
    whatever owner the position still records."""
    game_map = load_map("lord-of-hosts")
    rules = RuleSet.for_map(game_map)
    position = starting_position(game_map)
    power = next(iter(game_map.powers))
    home = game_map.powers[power].home
    before = rules.supply.of(power, position, game_map)
    position.state = {"holy_places": {"destroyed": [home[0]], "awards": {}}}
    assert rules.supply.of(power, position, game_map) == before - 1
    assert rules.centre_value(home[0], power, position, game_map) == 0
    position.phase = Phase(position.phase.year, "Winter", "Adjustment")
    position.units.append(Unit(power, "A", home[0], 2.0))
    units = [u for u in position.units if u.power == power]
    assert sum(rules.upkeep(u) for u in units) == len(units) - 1
    assert adjustments_due(position, game_map, rules)[power] == -1


def test_a_victory_is_worded_by_what_won_it(standard_map):
    from gm.game.history import victory_text

    position = starting_position(standard_map)
    assert victory_text(["russia"], position, standard_map) == \
        "Russia wins with 4 supply centres"
    assert victory_text(["france", "england"], position, standard_map) == \
        "Joint victory: England, France"
    middle_earth = load_map("middle-earth-viii")
    start = starting_position(middle_earth)
    power = next(iter(middle_earth.powers))
    units = len(start.units_of(power))
    assert victory_text([power], start, middle_earth) == \
        f"{middle_earth.powers[power].name} wins with {units} units"
