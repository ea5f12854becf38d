"""The legality check at the command line: `gm show` lists what the units can do (each
dislodged unit's retreats, each power's open build sites), and `gm orders` tells the GM how
the engine will treat an order (`gm.orders.legality`)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RETREATS = ROOT / "tests" / "report" / "games" / "standard-retreats.txt"


def test_show_lists_each_dislodged_units_retreats(gm):
    gm("replay", str(RETREATS), "--as", "r")
    shown = gm("show", "r", "--phase", "Spring 1901 Retreat").output
    lines = {line.split("│")[1].strip(): line for line in shown.splitlines()
             if line.count("│") == 5}
    assert "Apu, Tus, Tyr" in lines["Italy"]  # not Tri, where the attack came from
    assert "Wal, Yor" in lines["England"]
    assert "nowhere: disbands" in lines["Turkey"]


def test_show_lists_open_build_sites_in_an_adjustment_phase(gm):
    gm("replay", str(ROOT / "games" / "standard-demo.txt"), "--as", "d")
    shown = gm("show", "d", "--phase", "Winter 1901").output
    assert "Builds" in shown
    assert "Lon (A, F); Lvp (A, F)" in shown
    assert "Rom (A, F)" in shown
    assert "Builds" not in gm("show", "d", "--phase", "Spring 1902").output


def test_a_retreat_the_engine_will_void_is_kept_with_the_engines_words(gm, tmp_path):
    """The GM is told when the letter is read what the adjudication will do (one legality
    check): the retreat is kept, noted void, and the report voids it in the same words."""
    text = RETREATS.read_text(encoding="utf-8")
    archive = tmp_path / "before-retreats.txt"
    archive.write_text(text[:text.index("Spring 1901 Retreat")] + "Spring 1901 Retreat\n",
                       encoding="utf-8")
    gm("replay", str(archive), "--as", "r")
    echo = gm("orders", "r", "-", input="Italy:\nA Ven R Tri\n").output
    words = "it cannot retreat to the province the attack came from"
    assert f"void when adjudicated: {words}" in " ".join(echo.split())
    report = gm("adjudicate", "r").output
    assert f"A Ven R Tri (*void*: {words}" in " ".join(report.split())
