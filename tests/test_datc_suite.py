"""The DATC's 167 cases, from the suite's own copy (tests/cases/standard-datc.txt), one test a
case named by its id, so that a failure names the case: `test_datc[6.A.1]`.

When the shared DATC file is there (../shared/datc/datc_v2.4_06.txt, or the file `GM_SHARED_DATC`
names), a further test checks that the two files state the same cases with the same outcomes.
A missing case file is a collection error, never a skip.
"""

from __future__ import annotations

import pytest

from gm.datc import case_facts, read_cases, run_case
from tests.conftest import DATC_CASES, SHARED_DATC, shared_datc_wanted

CASES = read_cases(DATC_CASES)  # raises, naming the file, when it is missing

# The shared file misnames two cases: 6.F.5 is written `6.F.E`, and 6.F.15 repeats `6.F.14`.
SHARED_MISNAMED = {("6.F.E", 1): "6.F.5", ("6.F.14", 2): "6.F.15"}


def test_the_suite_holds_every_datc_case_once():
    ids = [case.id for case in CASES]
    assert len(ids) == 167
    assert len(set(ids)) == len(ids), "a case id appears twice"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_datc(case):
    result = run_case(case)
    assert result.passed, f"{case.name} ({case.file}:{case.line})\n{result.message}"


def shared_ids(cases) -> list[str]:
    """The ids of the shared file's cases, with its two misnamed cases given their DATC ids."""
    seen: dict[str, int] = {}
    ids = []
    for case in cases:
        seen[case.id] = seen.get(case.id, 0) + 1
        ids.append(SHARED_MISNAMED.get((case.id, seen[case.id]), case.id))
    return ids


if shared_datc_wanted():  # otherwise the run ends with a note saying so (tests/conftest.py)
    def test_the_suite_states_the_same_cases_as_the_shared_datc_file():
        assert SHARED_DATC.exists(), f"there is no shared DATC file at {SHARED_DATC}"
        shared = read_cases(SHARED_DATC)
        assert [case.id for case in CASES] == shared_ids(shared)
        different = [ours.id for ours, theirs in zip(CASES, shared, strict=True)
                     if case_facts(ours) != case_facts(theirs)]
        assert different == []
