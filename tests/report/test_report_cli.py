"""The report options on the command line: `--format`, `--ascii`, `gm chart`, colour only on a
terminal and never with NO_COLOR, and no renderer imported by `gm --help`."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tests.report.conftest import ROOT
from tests.report.test_report_golden import GOLDEN

ANSI = re.compile(r"\x1b\[")
COLOUR = re.compile(r"\x1b\[[0-9;]*38;[25];")  # a foreground colour, 256 or true colour


def run(db, *args, env=None, code=0):
    from gm.cli import app

    result = CliRunner().invoke(app, [*args, "--db", str(db)], env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"gm {' '.join(args)} raised {result.exception!r}")
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


@pytest.fixture()
def db(replayed):
    return replayed.db


@pytest.mark.parametrize("fmt, suffix", [("text", "txt"), ("markdown", "md")])
def test_gm_report_prints_the_golden_report_in_each_format(db, fmt, suffix):
    golden = (GOLDEN / "standard-orders" / f"spring-1901.{suffix}").read_text()
    assert run(db, "report", "orders", "--phase", "Spring 1901", "--format", fmt) == golden


def test_ascii_option_gives_seven_bit_text(db):
    plain = run(db, "report", "conversion")
    assert "Rhûn" in plain and "—" in plain
    for fmt in ("text", "markdown", "rich"):
        out = run(db, "report", "conversion", "-f", fmt, "--ascii", env={"COLUMNS": "200"})
        assert out.isascii(), fmt
        assert "A Rhun - Mti" in out and "-- setup" in re.sub(r"\s+", " ", out)


def test_rich_report_has_no_escape_codes_off_a_terminal(db):
    out = run(db, "report", "standard-demo", "-p", "Autumn 1901", "-f", "rich")
    assert not ANSI.search(out)
    assert "Movement results for Autumn 1901." in out and "F Rum S A Sev" in out


def test_rich_report_colours_powers_on_a_terminal_unless_no_color(db):
    terminal = {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor",
                "COLUMNS": "100"}
    coloured = run(db, "report", "standard-demo", "-p", "Autumn 1901", "-f", "rich",
                   env=terminal)
    assert "\x1b[1;38;2;31;58;147m" in coloured  # England, in the map's #1f3a93, bold
    plain = run(db, "report", "standard-demo", "-p", "Autumn 1901", "-f", "rich",
                env={**terminal, "NO_COLOR": "1"})
    assert not COLOUR.search(plain)
    assert "England" in plain


def test_adjudicate_prints_the_same_report_as_gm_report(tmp_path):
    db = tmp_path / "gm.db"
    run(db, "new", "demo")
    preview = run(db, "adjudicate", "demo", "--preview", "-f", "markdown")
    assert preview.startswith("# demo: Spring 1901 (Standard) &#91;PREVIEW: nothing stored&#93;")
    done = run(db, "adjudicate", "demo", "--no-orders", "-f", "markdown")
    assert done == run(db, "report", "demo", "-f", "markdown")
    assert done == preview.replace(" &#91;PREVIEW: nothing stored&#93;", "")


@pytest.mark.parametrize("fmt, suffix", [("text", "txt"), ("markdown", "md")])
def test_gm_chart_prints_the_golden_chart(db, fmt, suffix):
    golden = (GOLDEN / "standard-demo" / f"chart.{suffix}").read_text()
    assert run(db, "chart", "standard-demo", "-f", fmt) == golden


def test_chart_of_a_game_in_its_first_year_says_so(tmp_path):
    db = tmp_path / "gm.db"
    run(db, "new", "fresh")
    assert "No year has ended yet." in run(db, "chart", "fresh")


def test_an_unknown_format_is_refused_with_the_choices(db):
    out = run(db, "report", "orders", "--format", "html", code=2)
    assert "html" in out and "text" in out and "markdown" in out


def test_help_imports_no_renderer():
    code = ("import sys; from gm.cli import app; "
            "print([m for m in ('gm.report.rich_render', 'gm.report.markdown', "
            "'gm.report.text', 'gm.report.chart') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"
