"""Build a season report from what was stored for a phase (or what a preview computed).

Input: the phase's results and events as the store keeps them, the GM's corrections, the
letters' lines that were not adjudicated, and the positions the phase started from and led
to. Output: a `SeasonReport`, worded and ordered, which the renderers lay out.

Tags follow the zine and judge habit: a successful order has none; a failed one says why in a
word (`*bounce*`, `*cut*`, `*dislodged*`, `*void*: reason`). A result code this module does not
know (a new variant rule's) is shown as its own tag with its detail, so new variant events
appear in reports without a change here.
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata

from gm import rule_catalogue
from gm.calendar import Phase, label_title, parse_phase_name, phase_title, season_title
from gm.engine import results as R
from gm.engine.adjustment_phase import adjustments_due
from gm.engine.position import Position
from gm.engine.retreat_phase import retreat_options
from gm.maps.gamemap import GameMap
from gm.notation import (
    in_full,
    place,
    read_unit,
    stacks_shown,
    stored_piece_shown,
)
from gm.orders.ignored import ATTRIBUTION, EMAIL_HEADER, HEADING, NOTHING_TO_READ, SIGNATURE
from gm.orders.kind_registry import echo_words, full_words
from gm.orders.kinds.build import amount
from gm.orders.kinds.order_kind import Order
from gm.report.order_facts import order_facts, stored_order
from gm.report.report_data import (
    AdjustmentLine,
    CentreChange,
    Correction,
    DislodgedLine,
    OrderFacts,
    OrderLine,
    Ownership,
    PlayerLine,
    PowerCount,
    PowerOrders,
    PressItem,
    SeasonReport,
    SeasonZine,
    Standing,
    UnreadLine,
)
from gm.report.supply_words import majority_words, supply_amount, supply_counts
from gm.rules import RuleSet
from gm.store.edit_rows import EditRow
from gm.store.order_rows import OrderRow
from gm.store.result_rows import ResultRow

# Result codes of the standard game and the tag each prints. A rule declares its own codes
# (`result_tags`, `explained` in gm/rule_catalogue.py; no tag for one whose order did what it said, as a
# conversion or a destruction that happened: the order is written as what it does, and the
# events say it happened); a code nobody declares prints as itself.
TAGS = {
    R.BOUNCED: "bounce",
    R.CUT: "cut",
    R.DISLODGED: "dislodged",
    R.NO_CONVOY: "no convoy",
    R.NOT_MATCHED: "void",
    R.VOID: "void",
    R.BLOCKED: "blocked",
    R.REPLACED: "replaced",
}
# Codes of orders that did what they asked: no tag, as judges print them.
UNTAGGED = frozenset({R.MOVED, R.HELD, R.SUPPORTED, R.CONVOYED, R.RETREATED, R.DISBANDED,
                      R.BUILT, R.REMOVED, R.WAIVED})
# Known codes whose detail is the reader's business (why the order did nothing).
EXPLAINED = frozenset({R.VOID, R.BLOCKED, R.NOT_MATCHED, R.REPLACED})


def _declared_tags() -> tuple[dict[str, str], frozenset[str]]:
    """Every code's tag, the rules' included, and the codes whose detail is printed."""
    tags, explained = rule_catalogue.result_tags()
    return {**TAGS, **tags}, EXPLAINED | explained



# Characters that could change how a report displays: terminal escapes and other controls,
# and the bidirectional overrides that reorder text on screen.
_UNSAFE = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: str) -> str:
    """Text from a player or a GM, with every control character shown as `?`."""
    return "".join("?" if ch in _UNSAFE or unicodedata.category(ch) == "Cc" else ch
                   for ch in text)


def _tags_for(result: ResultRow) -> tuple[list[str], str]:
    code, detail = result.code, clean(result.detail)
    if code in UNTAGGED:
        return [], ""
    tags, explained = _declared_tags()
    if tags.get(code) == "":  # a rule's order that did what it said (`A Ur becomes a fleet`)
        return [], ""
    tag = tags.get(code, code.replace("_", " "))
    note = detail if code in explained or code not in tags else ""
    return [tag], note


def order_line(result: ResultRow, phase_kind: str, names: dict[str, str] | None = None,
               unit: str | None = None, facts: OrderFacts | None = None) -> OrderLine:
    """One result as a report line: the order, its tags, and a note when the reader needs one.
    With `names` (province id -> name) the order is written in full, as the judges print it.
    `unit` is the piece or stack as printed, when it is not the result's own piece; `facts`
    the order as facts for programs (`gm.report.order_facts`)."""
    if unit is None:
        unit = stored_piece_shown(result.unit) if result.unit else ""
    if result.order_text is None:
        text, tags, note = _default_order(result, unit, phase_kind)
    elif result.code == R.BOUNCED and phase_kind == "Retreat":
        text, tags, note = result.order_text, ["bounce", "disbanded"], ""
    else:
        text = result.order_text
        tags, note = _tags_for(result)
    if result.dislodged_by and "dislodged" not in tags:
        tags.append("dislodged")
    text = written_in_full(clean(text), names) if names else clean(text)
    return OrderLine(text, tuple(tags), note, failed=not result.succeeded, order=facts)


def _default_order(result: ResultRow, unit: str, phase_kind: str
                   ) -> tuple[str, list[str], str]:
    """What happened to a unit (or a power) that had no order."""
    if result.code == R.REMOVED:
        return f"Remove {unit}", ["civil disorder"], ""
    if result.code == R.WAIVED:
        return "Waive", ["unused"], clean(result.detail)
    if phase_kind == "Retreat":
        return f"{unit} D", ["no order", "disbanded"], ""
    tags = ["no order"]
    if result.code == R.DISLODGED:
        tags.append("dislodged")
    return f"{unit} H", tags, ""


# Which lines of the letters that were not adjudicated a report prints (`gm report --lines`,
# the game's setting `gm report --set-lines`): the lines meant as orders and refused, with
# the reason (the default); every line but those that say nothing (headings, separators) or
# carry addresses (email headers, signatures, reply attributions); or none. A confirmation,
# private to its player, shows them all.
REFUSED, ALL, NO_LINES = "refused", "all", "none"
LINES = (REFUSED, ALL, NO_LINES)
_NEVER_PRINTED = frozenset({HEADING, NOTHING_TO_READ, EMAIL_HEADER, SIGNATURE, ATTRIBUTION})


def shown_unread(row: OrderRow, lines: str = REFUSED) -> bool:
    """Does a report print this letter line? With `refused`, a line the letter reader took
    as an order and refused: quoted mail, greetings, remarks and sign-offs are the player's
    words to the GM, never the zine's. With `all`, every line that says something and
    carries no address. The report asks the line's status and stored kind, never its
    words."""
    if lines == NO_LINES or row.status not in ("rejected", "ignored"):
        return False
    if lines == ALL:
        return row.status == "rejected" or row.category not in _NEVER_PRINTED
    return row.status == "rejected"


MAX_IGNORED_SHOWN = 20  # reading rule 7: the echo lists every ignored line, the report 20


def _unread_lines(rows, game_map: GameMap, lines: str = REFUSED) -> list[UnreadLine]:
    """The lines the report prints (`shown_unread`): every rejected one, and with `all` the
    first ignored ones."""
    out, ignored = [], 0
    for row in rows:
        if not shown_unread(row, lines):
            continue
        if row.status == "ignored":
            ignored += 1
            if ignored > MAX_IGNORED_SHOWN:
                continue
        out.append(UnreadLine(power_name(game_map, row.power), clean(row.text), row.status,
                              clean(reader_reason(row))))
    if ignored > MAX_IGNORED_SHOWN:
        more = ignored - MAX_IGNORED_SHOWN
        out.append(UnreadLine("", f"{more} more ignored line{'s' if more > 1 else ''}",
                              "ignored", "not printed; the GM has them"))
    return out


def reader_reason(row: OrderRow) -> str:
    """The letter reader's reason as a report prints it: the problem and the fix, without what
    only the GM's echo needs (the line quoted again, the column of the mistake)."""
    return row.explanation or row.reason


def power_name(game_map: GameMap, power: str | None) -> str:
    if power in game_map.powers:
        return game_map.powers[power].name
    return power or ""


def build_report(*, game: str, game_map: GameMap, phase_label: str, phase_kind: str,
                 results: list[ResultRow], events: list[R.Event], edits: list[EditRow],
                 next_position: Position | None, next_label: str | None,
                 result: str | None = None, preview: bool = False,
                 start_position: Position | None = None,
                 unread: list[OrderRow] | None = None,
                 zine: SeasonZine | None = None, full_names: bool = False,
                 lines: str = REFUSED, typed_orders: dict[int, Order] | None = None
                 ) -> SeasonReport:
    """The report of one phase. `start_position` (the position the phase was adjudicated
    from) lets the report say which centres changed hands and who was eliminated; `unread`
    are the letters' rejected and ignored lines, of which `lines` says which are printed
    (`shown_unread`); `zine` is what the GM prints around the results (players, NMRs, notes,
    press, the next deadline); `full_names` writes orders and units as the judges do (`Army
    Vienna -> Galicia`); `typed_orders` are the phase's orders as the engine read them, by
    their stored id (each result's facts for JSON)."""
    phase = start_position.phase if start_position is not None else \
        parse_phase_name(phase_label, game_map)
    report = SeasonReport(
        game=game, variant=game_map.name, phase=phase_label, kind=phase_kind,
        season=season_title(phase, game_map) if phase else phase_label,
        title_phase=phase_title(phase, game_map) if phase else phase_label,
        preview=preview, next_phase=next_label, result=result,
        next_title=label_title(next_label, game_map) if next_label else None,
        colours={p.name: p.colour for p in game_map.powers.values()})
    report.corrections = [Correction(clean(e.description), clean(e.reason)) for e in edits]
    names = {pid: p.name for pid, p in game_map.provinces.items()} if full_names else None
    report.orders = _orders(results, phase_kind, game_map, names, typed_orders,
                            start_position)
    report.unread = _unread_lines(unread or (), game_map, lines)
    report.events = [clean(e) for e in events if isinstance(e, str)]  # centre changes: below
    if zine is not None:
        add_zine(report, zine)
    rules = RuleSet.for_map(game_map)
    if start_position is not None and phase_kind == "Adjustment":
        report.adjustments = _adjustments(start_position, game_map, rules)
    if next_position is None:
        return report
    report.dislodged = _dislodged(next_position, game_map, names, rules)
    report.counts = _counts(next_position, game_map, rules)
    report.events += [clean(note) for note in rules.board_notes(next_position, game_map)]
    if phase is not None and _year_ends(phase, next_position.phase):
        report.ownership = ownership(next_position, game_map, rules)
    if start_position is not None:
        report.centre_changes = _centre_changes(start_position, next_position, game_map)
        report.eliminated = _eliminated(start_position, next_position, game_map)
    if result is None:
        report.standing = _standing(next_position, game_map, rules)
    return report


def add_zine(report: SeasonReport, zine: SeasonZine) -> SeasonReport:
    """Put the GM's parts of the season into the report, their text cleaned as all player
    text is (press and notes keep their lines and indents)."""
    report.players = [PlayerLine(p.power, clean(p.name), p.standby) for p in zine.players]
    report.missed = list(zine.missed)
    report.notes = [lines for lines in (written_lines(note) for note in zine.notes) if lines]
    report.press = [PressItem(clean(author), lines) for author, text in zine.press
                    if (lines := written_lines(text))]
    report.deadline = zine.deadline
    if zine.deadline is not None and report.next_title and \
            zine.deadline.phase == report.next_phase:
        report.deadline = dataclasses.replace(zine.deadline, phase=report.next_title)
    return report


def written_lines(text: str) -> tuple[str, ...]:
    """Press or a note as lines to print: tabs expanded, ends of lines trimmed, blank lines
    at the start and the end dropped, control characters shown as `?`."""
    lines = [clean(line.expandtabs(8).rstrip()) for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)


def _orders(results: list[ResultRow], phase_kind: str, game_map: GameMap,
            names: dict[str, str] | None, typed: dict[int, Order] | None = None,
            start: Position | None = None) -> list[PowerOrders]:
    by_power: dict[str, list[OrderLine]] = {}
    seen: set[tuple] = set()
    unordered = _unordered_stacks(results)
    for r in results:
        order = stored_order(r, typed or {}, game_map, phase_kind)
        facts = order_facts(r, order, start, game_map, phase_kind, clean(r.detail))
        key = (r.power, _province(r.unit), r.code, r.dislodged_by) if r.unit else None
        if key in unordered and r.order_text is None and r.code != R.REMOVED:
            # the pieces of a stack left without orders: one line, `2A Umb H`
            if key in seen:
                continue
            seen.add(key)
            by_power.setdefault(r.power, []).append(
                order_line(r, phase_kind, names, stacks_shown(unordered[key])[0], facts))
            continue
        line = order_line(r, phase_kind, names, facts=facts)
        if r.unit and r.order_text is not None and r.code != R.BUILT:
            # an order to a multiple has a result for each of its pieces: print it once (a
            # build makes one piece each, so `Build 2F Ath` prints as its two builds)
            key = (r.power, _province(r.unit), line)
            if key in seen:
                continue
            seen.add(key)
        by_power.setdefault(r.power, []).append(line)
    order = list(game_map.powers) + sorted(p for p in by_power if p not in game_map.powers)
    return [PowerOrders(power_name(game_map, p) or "unknown", tuple(by_power[p]))
            for p in order if p in by_power]


def _province(stored_unit: str) -> str:
    """`A spa/nc` -> `spa`: the province of a unit as a result row stores it."""
    return stored_unit.split(" ")[1].split("/")[0] if " " in stored_unit else stored_unit


def _unordered_stacks(results: list[ResultRow]) -> dict[tuple, list]:
    """The pieces left without orders, by power, province, result and attacker: each group
    prints as one line (a multiple holds as one, `2A Umb H`)."""
    groups: dict[tuple, list] = {}
    for r in results:
        if r.unit and r.order_text is None and r.code != R.REMOVED:
            piece = read_unit(r.unit)
            if piece is not None:
                groups.setdefault((r.power, _province(r.unit), r.code, r.dislodged_by),
                                  []).append(piece)
    return groups


def written_in_full(text: str, names: dict[str, str]) -> str:
    """An order as the judges print it with `--names full` (`Army Vienna -> Galicia`): gm's
    notation (`in_full`) with the order kinds' words (`echo_word`, `full_words`)."""
    return in_full(text, names, echo_words(), full_words())


def _dislodged(position: Position, game_map: GameMap, names: dict[str, str] | None,
               rules: RuleSet | None = None
               ) -> list[DislodgedLine]:
    if position.phase.kind != "Retreat":
        return []
    written = (lambda text: written_in_full(text, names)) if names else (lambda text: text)
    # a dislodged stack is one line (`2A Umb`, `A Rom with Scipio`): the pieces of one power
    # in one province that may retreat to the same places
    stacks: dict[tuple, list] = {}
    for d in position.dislodged:
        options = tuple(retreat_options(d, position, game_map, rules))
        stacks.setdefault((d.unit.power, d.unit.province, options), []).append(d.unit)
    return [DislodgedLine(power_name(game_map, power), written(stacks_shown(pieces)[0]),
                          tuple(written(place(o)) for o in options))
            for (power, _, options), pieces in stacks.items()]


def _year_ends(phase: Phase, following: Phase) -> bool:
    """Is this the year's last movement or retreat phase (centres have their owners for the
    year)? The next phase is the adjustment, or the next year when no adjustment is due."""
    if phase.kind == "Adjustment":
        return False
    return following.kind == "Adjustment" or following.year != phase.year


def ownership(position: Position, game_map: GameMap, rules: RuleSet) -> list[Ownership]:
    """Every power's centres by name, as judges list them at the end of a year, and the
    centres nobody owns last (`Unowned`)."""
    def named(centres) -> tuple[str, ...]:
        return tuple(sorted(game_map.provinces[c].name if c in game_map.provinces else c
                            for c in centres))

    lines = [Ownership(power.name, named(position.centres_of(pid)))
             for pid, power in game_map.powers.items() if position.centres_of(pid)]
    unowned = [c for c in rules.supply.centres(position, game_map) if c not in position.owners]
    if unowned:
        lines.append(Ownership("Unowned", named(unowned)))
    return lines


def _adjustments(position: Position, game_map: GameMap, rules: RuleSet
                 ) -> list[AdjustmentLine]:
    """Each power's centres, units and what it builds or removes, from the position the
    adjustment phase started at."""
    due = adjustments_due(position, game_map, rules)
    return [AdjustmentLine(game_map.powers[pid].name, c.supply, c.units, due.get(pid, 0),
                           game_map.powers[pid].plural, c.centres, c.free, c.upkeep)
            for pid, c in supply_counts(position, game_map, rules).items()]


def _counts(position: Position, game_map: GameMap, rules: RuleSet) -> list[PowerCount]:
    """The supply table: each power's centres and the pieces they keep, counted once
    (`supply_words.supply_counts`, as the adjustment's reckoning and the picture's legend)."""
    due = adjustments_due(position, game_map, rules) \
        if position.phase.kind == "Adjustment" else None
    return [PowerCount(power_name(game_map, pid), c.supply, c.units,
                       due.get(pid, 0) if due is not None else None, c.centres, c.free,
                       c.upkeep)
            for pid, c in supply_counts(position, game_map, rules).items()]


def _centre_changes(before: Position, after: Position, game_map: GameMap
                    ) -> list[CentreChange]:
    """Gains and losses per power, from the positions before and after the phase (the
    engine's `CentreChanged` events say the same, so the report words them only here)."""
    gained: dict[str, list[str]] = {}
    lost: dict[str, list[str]] = {}
    centres = sorted(set(before.owners) | set(after.owners),
                     key=lambda c: game_map.provinces[c].name if c in game_map.provinces else c)
    for centre in centres:
        old, new = before.owners.get(centre), after.owners.get(centre)
        if old == new:
            continue
        name = game_map.provinces[centre].name if centre in game_map.provinces else centre
        if new:
            gained.setdefault(new, []).append(name)
        if old:
            lost.setdefault(old, []).append(name)
    powers = list(game_map.powers) + sorted((set(gained) | set(lost)) - set(game_map.powers))
    changes = [CentreChange(power_name(game_map, p), tuple(gained.get(p, ())),
                            tuple(lost.get(p, ())),
                            plural=p in game_map.powers and game_map.powers[p].plural)
               for p in powers if p in gained or p in lost]
    return changes


def _present(position: Position) -> set[str]:
    return ({u.power for u in position.units} | {d.unit.power for d in position.dislodged}
            | set(position.owners.values()))


def _eliminated(before: Position, after: Position, game_map: GameMap) -> list[str]:
    gone = _present(before) - _present(after)
    return [power_name(game_map, p) for p in game_map.powers if p in gone]


def _standing(position: Position, game_map: GameMap, rules: RuleSet) -> Standing | None:
    """The leaders against the map's victory condition (as the map states it), by the rules'
    `score`; a majority is of the centres still on the board."""
    kind, count = game_map.victory_kind, game_map.victory_count
    if kind == "units" and count:
        target, condition = float(count), f"{count:g} {rules.supply.score_words() or 'units'}"
    elif kind == "centres" and count:
        words = rules.supply.score_words()  # a rule's count instead (Hoplite Wars: no Delphi)
        target = float(count)
        condition = f"{amount(count)} {words}" if words else \
            supply_amount(count, game_map.centres_worth_one)
    elif kind == "majority":
        total = rules.supply.board_total(position, game_map)
        target = math.floor(total / 2) + 1 if float(total).is_integer() else total / 2 + 0.5
        condition = majority_words(len(rules.supply.centres(position, game_map)), total,
                                   game_map.centres_worth_one)
    else:
        return None
    scores = {p: rules.supply.score(p, position, game_map) for p in game_map.powers}
    if rules.players:  # powers play in sides (a Major with its Minor): the score per player
        by_side: dict[str, float] = {}
        for p, score in scores.items():
            by_side[rules.side(p)] = by_side.get(rules.side(p), 0.0) + score
        scores, condition = by_side, f"{condition} per player"
    best = max(scores.values(), default=0.0)
    if best <= 0:
        return None
    leaders = tuple(power_name(game_map, p) for p in scores if scores[p] == best)
    return Standing(condition, leaders, best, target - best)
