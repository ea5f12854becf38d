"""What a letter says besides its orders stays with the GM (workflow trap 'Privacy'): a report
prints only the lines meant as orders and refused unless the GM asks for all (`--lines all`),
and then at most 20 ignored lines (reading rule 7)."""

from __future__ import annotations


def test_remarks_are_shown_to_the_gm_but_never_published(gm):
    gm("new", "demo")
    letter = ("Hi GM,\nFrance:\nA Par - Bur\nI think Germany is lying to me.\n"
              "The weather in Paris is lovely today\nCheers,\nJane Smith, 12 Rue de Rivoli\n")
    echo = gm("orders", "demo", input=letter).output
    assert "I think Germany is lying to me." in echo and "Jane Smith" in echo
    status = gm("status", "demo").output
    assert "I think Germany is lying to me." in status
    report = gm("adjudicate", "demo").output
    assert "lying" not in report and "Jane Smith" not in report and "Hi GM" not in report
    assert "Paris is lovely" not in report  # no line was refused: none is printed
    every = gm("report", "demo", "--lines", "all").output  # the GM's choice, this once
    assert "The weather in Paris is lovely today" in every and "lying" in every
    assert "Lines not adjudicated" not in gm("report", "demo", "--lines", "none").output


def test_the_report_prints_twenty_ignored_lines_and_counts_the_rest(gm):
    gm("new", "demo")
    lines = [f"Paris wonder {n}" for n in range(25)]
    echo = gm("orders", "demo", input="France:\nA Par - Bur\n" + "\n".join(lines)).output
    assert all(line in echo for line in lines)
    report = gm("adjudicate", "demo", "--lines", "all").output
    assert "Paris wonder 19" in report and "Paris wonder 20" not in report
    assert "5 more ignored lines" in report
