"""The supply-centre chart zines print: each power's centres at the end of every year.

Built from the positions a game passed through (the start of each phase played, in order),
then laid out by the renderers like the season report. A year's column is the position once
that year's centres have changed hands: the start of its adjustment phase, or of the first
phase of a later year when the adjustment was skipped. A year still being played has no
column yet. The first column, `Start`, is the starting position, as judges print it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.engine.position import Position
from gm.maps.gamemap import GameMap
from gm.report.supply_words import SUPPLY_CENTRES, supplies_counted
from gm.rules import RuleSet


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One power's row of the supply-centre chart, a count per year."""

    power: str
    centres: tuple[float | None, ...]  # one per year; None once the power is out of the game



@dataclass(slots=True)
class CentreChart:
    """The supply-centre chart of a game, year by year."""

    game: str
    variant: str
    years: tuple[str, ...]  # column headings: `Start`, `1901`, `601` (the calendar's numbers)
    span: str  # `1901 to 1912`, `601 BC to 598 BC`: the years in the calendar's words
    rows: list[ChartRow] = field(default_factory=list)
    colours: dict[str, str] = field(default_factory=dict)  # power name -> `#c8102e`
    # what each number counts: supply centres, or what a rule scores instead (`score_words`)
    counted: str = SUPPLY_CENTRES

    @property
    def heading(self) -> str:
        """`supply centres at the end of each year`, in the words of what is counted."""
        return f"{self.counted} at the end of each year"


START = "Start"  # the heading of the starting position's column


def _year_end(year: int, positions: list[Position], step: int) -> Position | None:
    for position in positions:
        phase = position.phase
        if (phase.year == year and phase.kind == "Adjustment") or (phase.year - year) * step > 0:
            return position
    return None


def build_chart(game: str, game_map: GameMap, positions: list[Position],
                rules: RuleSet | None = None) -> CentreChart:
    calendar = game_map.calendar
    rules = rules or RuleSet.for_map(game_map)
    years: list[int] = []
    for position in positions:
        if position.phase.year not in years:
            years.append(position.phase.year)
    ends = [(y, _year_end(y, positions, calendar.step)) for y in years]
    ends = [(y, p) for y, p in ends if p is not None]
    span = ""
    if ends:
        first, last = calendar.year_label(ends[0][0]), calendar.year_label(ends[-1][0])
        span = first if first == last else f"{first} to {last}"
    if ends:
        ends.insert(0, (START, positions[0]))
    chart = CentreChart(game, game_map.name, tuple(str(y) for y, _ in ends), span,
                        colours={p.name: p.colour for p in game_map.powers.values()},
                        counted=_counted(rules, game_map))
    for power_id, power in game_map.powers.items():
        values: list[float | None] = []
        for _, position in ends:
            present = position.units_of(power_id) or position.centres_of(power_id) or \
                any(d.unit.power == power_id for d in position.dislodged)
            values.append(_value(rules, power_id, position, game_map) if present else None)
        chart.rows.append(ChartRow(power.name, tuple(values)))
    return chart


def _counted(rules: RuleSet, game_map: GameMap) -> str:
    """What the chart's numbers count: a rule's score (`self-supporting units`) where a rule
    scores the game, else supply: supply centres, or their worth where centres are not all
    worth one (so a rule's score of supply, Hoplite Wars' with Delphi left out, too)."""
    if rules.answers("score") and (rules.supply.score_words() or game_map.victory_kind == "units"):
        return rules.supply.score_words() or "units"
    return supplies_counted(game_map.centres_worth_one)


def _value(rules: RuleSet, power: str, position: Position, game_map: GameMap) -> float:
    """A power's number in the chart: its supply, or the score a rule counts instead."""
    if rules.answers("score"):
        return rules.supply.score(power, position, game_map)
    return rules.supply.of(power, position, game_map)
