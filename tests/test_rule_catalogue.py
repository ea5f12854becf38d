"""The rule catalogue (gm/rule_catalogue.py) and the rule registry (gm/rules/rule_registry.py)
name the same rules, each rule's declarations are its catalogue entry, and the order reader
reads them there without loading a rule."""

from __future__ import annotations

import os
import subprocess
import sys

from gm import rule_catalogue
from gm.rule_catalogue import RuleAbout
from gm.rules import Rule, RuleSet
from gm.rules.hooks import HOOK_GROUPS, PieceHooks
from gm.rules.rule_registry import RULES, rule_class
from tests.rule_fixtures import added_rule

RULE_CLASSES = tuple(rule_class(name) for name in RULES)  # every rule's module loaded


def test_the_registry_and_the_catalogue_name_the_same_rules():
    assert set(RULES) == rule_catalogue.names()
    assert len(set(RULE_CLASSES)) == len(RULES)  # no class listed under two names


def test_each_rule_declares_what_its_catalogue_entry_says():
    for name in RULES:  # the line loads the class of the rule it names
        cls = rule_class(name)
        assert cls.about is rule_catalogue.RULES[name], (name, cls.__name__)
        assert issubclass(cls, Rule)


def test_a_rule_is_named_by_its_number_or_its_title():
    about = rule_catalogue.RULES["destruction"]
    params = {"rule": "7", "rebuild_rule": "8"}
    assert about.ref(params) == "rule 7 (destruction)"
    assert about.ref(params, "rebuild_centre") == "rule 8 (rebuilding)"
    assert about.ref({}, "rebuild_centre") == "the rebuilding rule"
    assert rule_catalogue.RULES["army_fleet"].ref({}) == "the A/F rule"
    assert rule_catalogue.RULES["sacking"].cites("6.2") == "rule 6.2 (sacking)"


def test_the_map_facts_come_from_the_rules_a_map_names():
    map_rules = {"sacking": {"rule": "6"}, "land_bridges": {"rule": "7.2"}, "unknown": {}}
    assert rule_catalogue.forms(map_rules) == {"sack", "multiple_units", "land_bridges"}
    assert rule_catalogue.citing("land_bridges", map_rules) == "rule 7.2 (land bridges): "
    assert rule_catalogue.citing("leaders", map_rules) == ""
    assert rule_catalogue.forbidden("merge_split", map_rules).startswith(
        "rule 6.2 (sacking): a double unit never splits")
    assert rule_catalogue.reference("sack", map_rules) == "rule 6 (sacking)"
    assert rule_catalogue.phases_for("destroy_centre", {"holy_places": {}}) == ("Adjustment",)
    assert rule_catalogue.named("impassable", {"impassable": {"rule": "6"}}) == \
        "rule 6 (impassable spaces)"
    assert rule_catalogue.named("impassable", map_rules) == ""


class Borrowed(Rule):
    about = RuleAbout("borrowed_for_a_test", brings=frozenset({"loans"}))


def test_a_test_rule_is_lent_for_the_block_only():
    with added_rule(Borrowed):
        assert rule_class("borrowed_for_a_test") is Borrowed
        assert "borrowed_for_a_test" in rule_catalogue.names()
        assert rule_catalogue.forms({"borrowed_for_a_test": {}}) == {"loans"}
    assert "borrowed_for_a_test" not in RULES
    assert "borrowed_for_a_test" not in rule_catalogue.names()


def test_a_rule_asks_the_rule_set_it_is_in_force_in():
    loans, towns = rule_class("loans")({}), rule_class("towns")({})
    rules = RuleSet([loans, towns])
    assert loans.rule_set is rules and towns.rule_set is rules
    others = rules.without(loans)
    assert others.rules == [towns]
    assert towns.rule_set is rules  # the other rules still belong to their own set


def test_reading_a_variant_order_loads_no_rule():
    """The orders floor reads the catalogue; neither the rule registry nor a rule module is
    imported when an order is read and checked on a variant map."""
    code = (
        "import sys\n"
        "from gm.maps.loader import load_map\n"
        "from gm.orders.parse import parse_order\n"
        "from gm.orders.variants import map_forms\n"
        "m = load_map('diadochi-v')\n"
        "assert 'loans' in map_forms(m)\n"
        "parse_order('A Pel - Thr', m, 'macedonia')\n"
        "print(sorted(n for n in sys.modules if n.startswith(('gm.rules', 'gm.engine'))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


# the modules of gm/rules that are no rule: the hooks, the set of rules in force, the registry
RULE_MACHINERY = {"gm.rules", "gm.rules.hooks", "gm.rules.rule", "gm.rules.rule_registry",
                  "gm.rules.rule_set", "gm.rules.supply"}


def _rule_modules_loaded_by_a_season(variant: str, tmp_path) -> set[str]:
    """The modules of gm/rules a fresh interpreter has loaded once a game on `variant` was
    started, and its first season read in and adjudicated (every power holds)."""
    code = (
        "import sys\n"
        "from gm.game.adjudication import adjudicate\n"
        "from gm.game.games import new_game\n"
        "from gm.store.database import open_store\n"
        f"store = open_store({str(tmp_path / 'gm.db')!r}, create=True)\n"
        f"new_game(store, 'g', {variant!r})\n"
        "adjudicate(store, 'g', no_orders=True)\n"
        "print(' '.join(n for n in sys.modules if n.startswith('gm.rules')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, "GM_CACHE": str(tmp_path / "cache")})
    return set(done.stdout.split())


def test_a_standard_game_loads_no_variant_rule(tmp_path):
    assert _rule_modules_loaded_by_a_season("standard", tmp_path) == RULE_MACHINERY


def test_a_variant_game_loads_the_rules_its_map_names_and_no_other(tmp_path):
    from gm.maps import load_map

    named = {rule_class(name).__module__ for name in load_map("hoplite-wars").rules}
    loaded = _rule_modules_loaded_by_a_season("hoplite-wars", tmp_path)
    assert named and loaded & {cls.__module__ for cls in RULE_CLASSES} == named


def _hooks() -> dict[str, type]:
    """Every hook, with its interface."""
    return {name: group for group in HOOK_GROUPS for name, member in vars(group).items()
            if callable(member) and not name.startswith("_")}


def test_the_hooks_are_36_in_11_interfaces():
    assert len(HOOK_GROUPS) == 11
    assert len(_hooks()) == 36  # no hook in two interfaces either
    assert sum(1 for g in HOOK_GROUPS for n, m in vars(g).items()
               if callable(m) and not n.startswith("_")) == 36


def test_every_hook_is_answered_by_a_rule_of_gm():
    """A hook no rule of gm overrides is dead weight in the interface (docs/design.md 5.2)."""
    unused = [hook for hook, group in _hooks().items()
              if not any(issubclass(cls, group) and getattr(cls, hook) is not getattr(group, hook)
                         for cls in RULE_CLASSES)]
    assert unused == []


def test_a_rule_lists_the_interface_of_every_hook_it_answers():
    """RuleSet asks a hook only of the rules that implement its interface: a method named as
    a hook on a rule that does not list the interface would never be asked."""
    for cls in RULE_CLASSES:
        for hook, group in _hooks().items():
            if hasattr(cls, hook):
                assert issubclass(cls, group), (cls.__name__, hook, group.__name__)


def test_a_hook_is_asked_only_of_a_rule_that_implements_its_interface():
    class Unlisted(Rule):
        def upkeep(self, unit):
            return 0.0

    class Listed(Rule, PieceHooks):
        def upkeep(self, unit):
            return 0.0

    assert not RuleSet([Unlisted()]).answers("upkeep")
    assert RuleSet([Listed()]).answers("upkeep")


def _design_section(number: str) -> list[str]:
    """The lines of docs/design.md's section `number` (`5.2`), to its next heading."""
    from pathlib import Path

    lines = (Path(__file__).parent.parent / "docs" / "design.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"### {number} "))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
    return lines[start:end]


def _interfaces() -> dict[str, list[str]]:
    """Each interface of gm/rules/hooks.py with its hooks, in the order the code gives them."""
    return {group.__name__: [name for name, member in vars(group).items()
                             if callable(member) and not name.startswith("_")]
            for group in HOOK_GROUPS}


def test_design_md_names_every_hook_in_its_interface():
    """docs/design.md 5.2 documents the hooks twice, a summary (interface -> hooks) and a
    table of each hook under its interface's bold row: both must name exactly the hooks of
    gm/rules/hooks.py, with their names and grouping, and the heading their number."""
    import re

    section = _design_section("5.2")
    hooks, groups = _interfaces(), len(HOOK_GROUPS)
    assert section[0].startswith(f"### 5.2 The hooks: {sum(map(len, hooks.values()))} in "
                                 f"{groups} interfaces")
    cells = [[c.strip() for c in line.strip().strip("|").split("|")]
             for line in section if line.startswith("|")]
    summary = {row[1].strip("`"): re.findall(r"`(\w+)`", row[2])
               for row in cells if len(row) == 3 and row[1].startswith("`")}
    assert summary == hooks
    listed: dict[str, list[str]] = {}
    interface = None
    for row in cells:
        bold = re.fullmatch(r"\*\*`(\w+)`\*\*", row[0])
        if bold:
            interface = listed.setdefault(bold.group(1), [])
        elif len(row) == 4 and interface is not None and row[0].startswith("`"):
            interface.append(re.match(r"`(\w+)\(", row[0]).group(1))
    assert listed == hooks


def test_the_rule_set_answers_hooks_and_its_supply_part_counts():
    """RuleSet composes the supply and victory counts (`rules.supply`, gm/rules/supply.py)
    rather than being them: one count of supply, reached one way, and the rule set keeps only
    the hooks' answers."""
    from gm.rules.supply import Supply

    assert not issubclass(RuleSet, Supply)
    counts = {name for name in vars(Supply) if not name.startswith("_")}
    assert counts == {"centres", "by_power", "centres_by_power", "of", "board_total",
                      "winners", "score", "score_words"}
    assert not any(hasattr(RuleSet, name) for name in
                   counts | {"supplies", "supply_centres", "board_supply"})
    rules = RuleSet()
    assert isinstance(rules.supply, Supply)
    assert rules.without(Rule()).supply is not rules.supply  # each set counts with its rules
