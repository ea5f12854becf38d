"""Two GMs adjudicate the same game at the same moment, from two processes: exactly one
succeeds; the other is told the phase was already adjudicated, and nothing is doubled."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from gm.store.faults import ENV

ROOT = Path(__file__).resolve().parents[2]
GM = [sys.executable, "-c", "from gm.cli import main; main()"]


def start(db: Path, gate: Path) -> subprocess.Popen:
    env = dict(os.environ, **{ENV: f"adjudicate:before-lock=wait:{gate}"})
    return subprocess.Popen([*GM, "adjudicate", "demo", "--db", str(db)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_processes_adjudicating_at_once(tmp_path):
    from gm.game.games import new_game
    from gm.game.intake import take_orders
    from gm.store import game_rows as rows
    from gm.store.database import open_store

    db = tmp_path / "race.db"
    with open_store(db, create=True) as store:
        new_game(store, "demo", "standard")
        take_orders(store, "demo", "A Par - Bur\nA Mar S A Par - Bur", "France")
        take_orders(store, "demo", "A Mun - Bur", "Germany")
    gate = tmp_path / "go"
    first, second = start(db, gate), start(db, gate)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # both have read the phase and wait at the gate
        if all(Path(f"{gate}.{p.pid}").exists() for p in (first, second)):
            break
        time.sleep(0.01)
    else:
        raise AssertionError("the two gm processes never reached the gate")
    gate.touch()
    outcomes = []
    for proc in (first, second):
        out, err = proc.communicate(timeout=60)
        assert "Traceback" not in out + err
        outcomes.append((proc.returncode, out, err))
    codes = sorted(code for code, _, _ in outcomes)
    assert codes == [0, 1]
    winner = next(out for code, out, _ in outcomes if code == 0)
    loser = next(err for code, _, err in outcomes if code == 1)
    assert "A Mun - Bur (*bounce*)" in winner
    assert "gm: Spring 1901 of demo was already adjudicated" in loser
    assert "the game is now at Autumn 1901" in loser
    with open_store(db) as store:
        assert rows.open_phase(store, rows.get_game(store, "demo")).label == "Autumn 1901"
        assert store.conn.execute("SELECT count(*) FROM adjudications").fetchone()[0] == 1
        assert store.conn.execute("SELECT count(*) FROM phases").fetchone()[0] == 2
