"""The stack cases (tests/stacking/stacks.txt) on the test boards, with the test-only rule
lent to maps for the run: every case must pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.datc import read_cases, run_case
from tests.stacking.rule import registered

HERE = Path(__file__).resolve().parent
CASES = read_cases(HERE / "stacks.txt")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_stack_case(case, monkeypatch):
    monkeypatch.chdir(HERE.parents[1])  # the file names its map from the repository's root
    with registered():
        result = run_case(case)
    assert result.passed, result.message
