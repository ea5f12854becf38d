"""The demo games played from written letters (tools/letter_demo.py): each generator writes the
archive committed in games/, so the letters and the archive never drift apart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMOS = [("tools/make_lord_of_hosts_demo.py", "games/lord-of-hosts-demo.txt"),
         ("tools/make_diadochi_v_demo.py", "games/diadochi-v-demo.txt"),
         ("tools/make_hoplite_wars_demo.py", "games/hoplite-wars-demo.txt"),
         ("tools/make_rise_of_rome_ii_demo.py", "games/rise-of-rome-ii-demo.txt")]


@pytest.mark.parametrize("script, archive", DEMOS, ids=[Path(a).stem for _, a in DEMOS])
def test_the_demo_generator_writes_the_archive_as_committed(tmp_path, script, archive):
    out = tmp_path / "demo.txt"
    proc = subprocess.run([sys.executable, script, "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert out.read_text(encoding="utf-8") == (ROOT / archive).read_text(encoding="utf-8")
