"""The case-file runner: its format errors, its failure report and its exit code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gm.datc import CaseFormatError, read_cases, run_files

GOOD = """VARIANT_ALL Standard
CASE bounce
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    France: A par
    Germany: A mun
ORDERS
    France: A par-bur
    Germany: A mun-bur
POSTSTATE_SAME
END
"""

WRONG_EXPECTATION = GOOD.replace("POSTSTATE_SAME", "POSTSTATE\n    France: A bur\n    Germany: A mun")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cases.txt"
    path.write_text(text, encoding="utf-8")
    return path


def gm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          check=False)


def test_a_passing_file(tmp_path):
    results = run_files([write(tmp_path, GOOD)])
    assert [r.passed for r in results] == [True]


def test_a_failing_case_shows_expected_and_actual_and_exits_non_zero(tmp_path):
    proc = gm("datc", str(write(tmp_path, WRONG_EXPECTATION)))
    assert proc.returncode == 1
    assert "FAIL bounce" in proc.stdout
    assert "expected ['france: A bur', 'germany: A mun']" in proc.stdout
    assert "actual   ['france: A par', 'germany: A mun']" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("text, line, words", [
    (GOOD.replace("END\n", ""), 2, "has no END"),
    (GOOD.replace("ORDERS", "ORDRES"), 7, "unknown section 'ORDRES'"),
    (GOOD.replace("VARIANT_ALL Standard\n", ""), 1, "before VARIANT_ALL"),
    ("VARIANT_ALL Standard\nEND\n", 2, "END without CASE"),
    (GOOD + "France: A par\n", 12, "outside any CASE"),
    (GOOD.replace("CASE bounce\n", "CASE bounce\nFrance: A par\n"), 3, "before any section"),
    (GOOD.replace("POSTSTATE_SAME", "ORDERS\n    France: A par H"), 10, "ORDERS appears twice"),
])
def test_malformed_files_name_the_file_and_line(tmp_path, text, line, words):
    path = write(tmp_path, text)
    with pytest.raises(CaseFormatError) as info:
        read_cases(path)
    assert f"{path}:{line}:" in str(info.value)
    assert words in str(info.value)


def test_sections_hold_their_lines_without_comments_or_blank_lines(tmp_path):
    text = GOOD.replace("Germany: A mun-bur", "Germany: A mun-bur  # into the same province\n\n")
    [case] = read_cases(write(tmp_path, "# a file of one case\n" + text))
    assert case.phase.text == "Spring 1901, Movement"
    assert {name: [(line.no, line.text) for line in lines]
            for name, lines in case.sections.items()} == {
        "PRESTATE_SETPHASE": [],
        "PRESTATE": [(6, "France: A par"), (7, "Germany: A mun")],
        "ORDERS": [(9, "France: A par-bur"), (10, "Germany: A mun-bur")],
        "POSTSTATE_SAME": [],
    }


def test_a_malformed_file_is_a_clear_cli_error(tmp_path):
    path = write(tmp_path, GOOD.replace("ORDERS", "ORDRES"))
    proc = gm("datc", str(path))
    assert proc.returncode != 0
    assert f"gm: {path}:7: unknown section" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_unreadable_order_fails_the_case_with_its_line(tmp_path):
    path = write(tmp_path, GOOD.replace("France: A par-bur", "France: A par-bxq"))
    [result] = run_files([path])
    assert not result.passed
    assert f"{path}:8:" in result.message and "unknown province 'bxq'" in result.message


def test_an_unknown_variant_fails_the_case(tmp_path):
    [result] = run_files([write(tmp_path, GOOD.replace("Standard", "Atlantis"))])
    assert not result.passed and "no map named 'Atlantis'" in result.message


def test_a_missing_file_is_reported(tmp_path):
    proc = gm("datc", str(tmp_path / "nope.txt"))
    assert proc.returncode != 0 and "cannot read the file" in proc.stderr


def test_case_facts_ignore_layout_spelling_and_title_but_not_outcomes(tmp_path):
    from gm.datc import case_facts

    def facts(text: str, name: str) -> dict:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        [case] = read_cases(path)
        return case_facts(case)

    retyped = (GOOD.replace("CASE bounce", "CASE bounce Two armies meet in Burgundy")
               .replace("    France: A par-bur", "    France A Par - Bur")
               .replace("    Germany: A mun-bur", "\tGermnay: A mun - Burgundy  # typo kept"))
    assert facts(retyped, "retyped.txt") == facts(GOOD, "good.txt")
    assert facts(WRONG_EXPECTATION, "wrong.txt") != facts(GOOD, "good.txt")


def test_pieces_compare_as_a_multiset_in_any_order_tags_aside():
    """The outcome check: the same pieces in any order pass; a piece twice (a stack's twins)
    is counted, so two of one piece are not one each of two."""
    from gm.datc import _same_pieces
    from gm.engine.position import Unit

    par, bur, twin = Unit("fra", "A", "par"), Unit("fra", "A", "bur"), Unit("fra", "A", "par")
    assert _same_pieces([par, bur], [bur, Unit("fra", "A", "par", tag="S1901M:par")])
    assert not _same_pieces([par, bur], [par, Unit("ger", "A", "bur")])
    assert not _same_pieces([par, twin, bur], [par, bur, bur])
    assert not _same_pieces([par, bur, bur], [par, twin, bur])
    assert _same_pieces([par, twin, bur], [bur, par, twin])
    assert not _same_pieces([par], [par, twin])
