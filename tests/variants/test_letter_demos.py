"""The demo games played from written letters (tools/letter_demo.py): each generator writes the
archive committed in games/, so the letters and the archive never drift apart.

Each generator runs in the test's own process, as `python SCRIPT --out PATH` would run it
(its folder first on the import path, the repository the working folder): what is checked is
the archive it writes, and a process of its own cost a second of imports each."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMOS = [("tools/make_lord_of_hosts_demo.py", "games/lord-of-hosts-demo.txt"),
         ("tools/make_diadochi_v_demo.py", "games/diadochi-v-demo.txt"),
         ("tools/make_hoplite_wars_demo.py", "games/hoplite-wars-demo.txt"),
         ("tools/make_rise_of_rome_ii_demo.py", "games/rise-of-rome-ii-demo.txt")]


@pytest.mark.parametrize("script, archive", DEMOS, ids=[Path(a).stem for _, a in DEMOS])
def test_the_demo_generator_writes_the_archive_as_committed(tmp_path, monkeypatch, capsys,
                                                            script, archive):
    out = tmp_path / "demo.txt"
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", [str(ROOT / "tools"), *sys.path])
    monkeypatch.setattr(sys, "argv", [script, "--out", str(out)])
    try:
        runpy.run_path(str(ROOT / script), run_name="__main__")
    except SystemExit as stopped:  # the generator's own check of its story failed
        pytest.fail(f"{script} stopped: {stopped.code}\n{capsys.readouterr().out}")
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    assert out.read_text(encoding="utf-8") == (ROOT / archive).read_text(encoding="utf-8")
