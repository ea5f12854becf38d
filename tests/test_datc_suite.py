"""The whole shared DATC file, run through the same code as `gm datc`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gm.datc import run_files
from tests.conftest import SHARED_DATC

pytestmark = pytest.mark.skipif(not SHARED_DATC.exists(),
                                reason=f"the shared DATC file is not at {SHARED_DATC}")


def test_every_datc_case_passes():
    results = run_files([SHARED_DATC])
    failed = [f"{r.case.name}\n{r.message}" for r in results if not r.passed]
    assert len(results) == 167
    assert failed == []


def test_gm_datc_prints_the_count_and_exits_zero():
    proc = subprocess.run([sys.executable, "-m", "gm", "datc", str(SHARED_DATC)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "167 passed, 0 failed"
