"""Every case file in tests/cases/ (the variants' `<map>.txt` and the DATC's
`standard-datc.txt`), run through `gm datc` as a GM would.

A new file dropped into this folder is picked up without touching this module. Each file must
hold at least one case, and `gm datc` must report every one of them passed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gm.datc import read_cases

CASES = Path(__file__).resolve().parent
ROOT = CASES.parents[1]
CASE_FILES = sorted(CASES.glob("*.txt"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_gm_datc_passes_every_case_in_the_file(path: Path):
    count = len(read_cases(path))
    assert count > 0, f"{path.name} holds no CASE ... END"
    proc = subprocess.run([sys.executable, "-m", "gm", "datc", str(path)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == f"{count} passed, 0 failed"
