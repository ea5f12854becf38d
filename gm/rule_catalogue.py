"""What each variant rule is called and what it declares, as data that imports nothing of gm.

A rule's behaviour lives in its module in `gm/rules/`; what the rest of gm must know of it
without running it lives here, one `RuleAbout` per name a map's `[rules]` table may use: the
variant forms it `brings` (a map with the rule accepts those orders), the forms it `forbids`,
the phases it puts a form in, its result codes and how reports tag them, the corrections it
offers, and how its messages name it. The order reader sits below the rules and asks this
catalogue, never the rule modules, so reading an order loads no rule (docs/design.md 2.1).

Adding a rule: its module, one entry here, one line in `gm/rules/rule_registry.py`; a test
checks that the two name the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, eq=False)
class RuleAbout:
    """One rule's declarations. Every field but `name` is optional."""

    name: str  # the key of the map's `[rules]` table
    title: str = ""  # the rule as messages name it ("conversion"); else `name`
    short_title: str = ""  # "the A/F rule" when the map gives no number
    # the variant order forms it gives meaning to (an order kind's `form`, or a unit form of
    # `gm.orders.variants.UNIT_FORMS`), and features whose refusals name it ("land_bridges")
    brings: frozenset[str] = frozenset()
    # variant forms this rule says its game has not: form -> (the rule's number, why), which
    # the order reader gives for such an order ("rule 6.2 (sacking): a double never splits")
    forbids: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # the phase kinds it puts one of its forms in when they are not its kind's
    order_phases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # a form the rulebook numbers apart: form -> (the `[rules.x]` key giving its number, its
    # title): Diadochi V's destruction is rule 7, its rebuilding rule 8
    numbered: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # its result codes and the tag each prints in reports ('' for none: the order did what it
    # said), and the codes whose detail the report prints (why the order did nothing)
    result_tags: Mapping[str, str] = field(default_factory=dict)
    explained: frozenset[str] = frozenset()
    corrections: Mapping[str, str] = field(default_factory=dict)  # `gm edit` actions it offers -> an example
    score_words: str = ""  # what its victory score counts, for the standing line

    @property
    def _title(self) -> str:
        return self.title or self.name.replace("_", " ")

    def ref(self, params: Mapping, form: str | None = None) -> str:
        """How the rule's messages name it: `rule 2 (conversion)` with the map's rulebook
        number (`rule = "2"` in `[rules.conversion]`), else `the conversion rule`; for an
        order of a form the rulebook numbers apart, that rule (`numbered`)."""
        if form in self.numbered:
            key, title = self.numbered[form]
            number = params.get(key)
            return f"rule {number} ({title})" if number else f"the {title} rule"
        number = params.get("rule")
        return f"rule {number} ({self._title})" if number \
            else f"the {self.short_title or self._title} rule"

    def cites(self, number: str) -> str:
        """`rule 6.1 (sacking)`: how a module that carries several of a rulebook's rules names
        the one a message is about."""
        return f"rule {number} ({self._title})"


_ENTRIES = (
    RuleAbout("army_fleet", "A/F units", "A/F", brings=frozenset({"army_fleet"})),
    # build_areas: a retreat into a Barbarian build area is refused in its words
    RuleAbout("barbarians", "Barbarians", brings=frozenset({"build_areas"})),
    RuleAbout("build_anywhere", "builds"),
    RuleAbout("colonies", "colonies", corrections={
        "colonies": "colonies Chios=Athens, Phocaea=Sparta, ...' (every colony, each to a "
                    "different Major) or 'colonies seed 1234"}),
    RuleAbout("conversion", brings=frozenset({"conversion"}),
              result_tags={"converted": "", "failed": "failed"},
              explained=frozenset({"failed"})),
    RuleAbout("winter_conversion", "conversion", brings=frozenset({"conversion"}),
              order_phases={"conversion": ("Adjustment",)},
              result_tags={"converted": ""}),
    RuleAbout("delphi", "Delphi", brings=frozenset({"sack"}),
              result_tags={"delphi_sacked": "", "failed": "failed"},
              explained=frozenset({"failed"})),
    RuleAbout("destruction", brings=frozenset({"destroy_centre", "rebuild_centre"}),
              numbered={"rebuild_centre": ("rebuild_rule", "rebuilding")},
              result_tags={"destroyed": "", "rebuilding": "rebuilding", "rebuilt": "",
                           "failed": "failed"},
              explained=frozenset({"rebuilding", "failed"})),
    RuleAbout("double_units", short_title="double-unit", brings=frozenset({"multiple_units"})),
    RuleAbout("fleet_build_limit", "fleet limit"),
    RuleAbout("garrisons", "garrisons", brings=frozenset({"garrisons"}),
              result_tags={"disbanded": "disbanded"}),
    # Lord of Hosts 4: a Holy Place is destroyed in the adjustment phase after its capture
    RuleAbout("holy_places", "Holy Places", brings=frozenset({"destroy_centre", "multiple_units"}),
              order_phases={"destroy_centre": ("Adjustment",)},
              result_tags={"destroyed": "", "failed": "failed"},
              explained=frozenset({"failed"})),
    RuleAbout("home_fortress"),
    RuleAbout("impassable", "impassable spaces"),
    # land_bridges: a fleet ordered across a land bridge is refused in its words
    RuleAbout("land_bridges", "land bridges", brings=frozenset({"land_bridges"})),
    RuleAbout("leaders", "leaders", brings=frozenset({"leaders"}),
              result_tags={"placed": "placed"}),
    RuleAbout("loans", brings=frozenset({"loans"}),
              result_tags={"declared": "declared", "lent": "lent", "ended": "ended"},
              explained=frozenset({"declared", "lent", "ended"})),
    RuleAbout("minor_states", "Minor States"),
    RuleAbout("multiplicity", "Multiplicity II",
              brings=frozenset({"merge_split", "multiple_units"})),
    RuleAbout("player_victory", "victory", score_words="supply centres (Delphi not counted)"),
    RuleAbout("rebels", "rebel centres"),
    RuleAbout("sacking", "sacking", brings=frozenset({"sack", "multiple_units"}),
              forbids={"merge_split": ("6.2", "a double unit never splits into two units or "
                                              "two actions; it has one order")},
              result_tags={"sacked": "sacked", "failed": "failed"},
              explained=frozenset({"failed"})),
    RuleAbout("self_supporting", "victory", score_words="self-supporting units"),
    RuleAbout("signing_over", "signing units over"),
    RuleAbout("towns", "cities and towns"),
)

# Every rule gm knows, by the name maps use. Tests lend it a rule of their own for a while
# (tests/rule_fixtures.py); nothing else changes it.
RULES: dict[str, RuleAbout] = {about.name: about for about in _ENTRIES}


def names() -> frozenset[str]:
    """The rule names a map's `[rules]` table may use."""
    return frozenset(RULES)


def _in_force(map_rules: Mapping[str, Mapping]):
    """(about, params) for each rule of a map's `[rules]` table that gm knows, in its order."""
    for name, params in map_rules.items():
        about = RULES.get(name)
        if about is not None:
            yield about, params or {}


def forms(map_rules: Mapping[str, Mapping]) -> frozenset[str]:
    """The forms and features the map's rules bring."""
    return frozenset(form for about, _ in _in_force(map_rules) for form in about.brings)


def bringing(feature: str, map_rules: Mapping[str, Mapping]
             ) -> tuple[RuleAbout, Mapping] | None:
    """The map's first rule that brings `feature`, with its parameters, or None."""
    return next(((about, params) for about, params in _in_force(map_rules)
                 if feature in about.brings), None)


def citing(feature: str, map_rules: Mapping[str, Mapping]) -> str:
    """`rule 7.2 (land bridges): `, the map's rule that brings `feature` as its messages name
    it, to begin a problem with; '' when no rule of the map does."""
    found = bringing(feature, map_rules)
    return f"{found[0].ref(found[1])}: " if found else ""


def named(name: str, map_rules: Mapping[str, Mapping]) -> str:
    """`rule 6 (impassable spaces)`: the map's rule of this name as its messages name it, ''
    when the map has no such rule."""
    about = RULES.get(name)
    if about is None or name not in map_rules:
        return ""
    return about.ref(map_rules[name] or {})


def reference(form: str, map_rules: Mapping[str, Mapping]) -> str | None:
    """The map's rule that gives this form its meaning, as its messages name it about an order
    of the form: `rule 2 (conversion)`; None when no rule of the map brings it."""
    found = bringing(form, map_rules)
    return found[0].ref(found[1], form) if found else None


def forbidden(form: str, map_rules: Mapping[str, Mapping]) -> str | None:
    """Why the map's rules say its game has no such form, naming the rule ("rule 6.2
    (sacking): a double unit never splits"), or None when no rule says so."""
    for about, _ in _in_force(map_rules):
        if form in about.forbids:
            number, why = about.forbids[form]
            return f"{about.cites(number)}: {why}"
    return None


def phases_for(form: str, map_rules: Mapping[str, Mapping]) -> tuple[str, ...] | None:
    """The phase kinds the map's rules put an order of this form in, when a rule says; None
    when the order keeps the phases its kind gives it."""
    for about, _ in _in_force(map_rules):
        phases = about.order_phases.get(form)
        if phases:
            return phases
    return None


def result_tags() -> tuple[dict[str, str], frozenset[str]]:
    """Every rule's result codes with their report tags, and the codes whose detail is
    printed."""
    tags: dict[str, str] = {}
    explained: set[str] = set()
    for about in RULES.values():
        tags.update(about.result_tags)
        explained |= about.explained
    return tags, frozenset(explained)
