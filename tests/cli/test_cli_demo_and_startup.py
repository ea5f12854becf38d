"""`make demo` runs `python -m gm.demo`; `gm --help` must not load the game store."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_demo_plays_a_season_in_a_temporary_database(capsys, tmp_path, monkeypatch):
    from gm import demo

    monkeypatch.chdir(tmp_path)
    demo.main()
    out = capsys.readouterr().out
    assert "$ gm orders demo" in out and "ok        France   A Paris - Burgundy" in out
    assert "demo: Spring 1901 (Standard)" in out
    assert "A Mun - Bur (*bounce*)" in out
    assert "Next: Autumn 1901" in out
    assert list(tmp_path.iterdir()) == []  # nothing left behind


def test_help_does_not_import_heavy_modules():
    code = ("import sys; from gm.cli import app; "
            "heavy = [m for m in ('sqlite_utils', 'gm.store.database', 'gm.game.adjudication', "
            "'gm.report.report_builder') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"
