"""`gm show` lists what the units can do: each dislodged unit's retreats, each power's
open build sites (from the legality check, `gm.orders.legality`)."""

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
