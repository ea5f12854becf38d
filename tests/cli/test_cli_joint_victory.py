"""A joint victory ends the game for every gm command: the report names the winners, the
archive records them (`Winner: England, France`), a replay finds the same victory, and no draw
can be agreed in a game that is over."""

from __future__ import annotations

import pytest

from gm.rule_catalogue import RuleAbout
from gm.rules import Rule
from gm.rules.hooks import VictoryHooks
from gm.store.archive import read_archive
from tests.rule_fixtures import added_rule


class Pact(Rule, VictoryHooks):
    """Test rule: England and France win together once a French army stands in Burgundy."""

    about = RuleAbout("test_pact")

    def winners(self, position, game_map):
        if any(u.power == "france" and u.province == "bur" for u in position.units):
            return ["france", "england"]
        return None


@pytest.fixture()
def pact_map(tmp_path, monkeypatch, standard_text):
    text = standard_text.replace('id = "standard"', 'id = "pact"') + "\n[rules.test_pact]\n"
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "pact.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("GM_MAPS", str(maps))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))
    with added_rule(Pact):
        yield "pact"


def test_a_joint_victory_round_trips_through_export_and_replay(gm, tmp_path, pact_map):
    gm("new", "pact-game", "--variant", pact_map)
    gm("orders", "pact-game", input="France: A Par - Bur\n")
    gm("adjudicate", "pact-game")
    gm("orders", "pact-game", input="France: A Bur H\n")
    report = gm("adjudicate", "pact-game").output
    assert "Game over: Joint victory: England, France" in report
    refused = gm("agree-draw", "pact-game", "England", "France", ok=False).output
    assert "pact-game is over (Joint victory: England, France)" in refused
    archive = tmp_path / "pact.txt"
    gm("export", "pact-game", str(archive))
    text = archive.read_text(encoding="utf-8")
    assert text.rstrip().endswith("Winner: England, France")
    assert read_archive(text, str(archive)).result == "Joint victory: England, France"
    other = tmp_path / "other.db"
    checked = gm("replay", str(archive), "--check", "--db", str(other), db=False).output
    assert "no differences" in checked
    assert gm("export", "pact-game", "--db", str(other), db=False).output == text


def test_a_winner_line_must_name_powers(gm, tmp_path, pact_map):
    gm("new", "pact-game", "--variant", pact_map)
    gm("orders", "pact-game", input="France: A Par - Bur\n")
    gm("adjudicate", "pact-game")
    archive = tmp_path / "pact.txt"
    gm("export", "pact-game", str(archive))
    archive.write_text(archive.read_text() + "\nWinner: England, Narnia\n")
    out = gm("replay", str(archive), "--check", "--dry-run", ok=False).output
    assert "'Narnia' is not a power of" in out
