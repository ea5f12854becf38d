"""What the GM is shown when a letter is read is exactly what will be adjudicated, in every
place gm shows it: the echo of `gm orders`, `gm confirm`, `gm orders --list` and the season
report name the piece as it stands (a double army written `A` is `2A`), say a near miss once,
and leave a replaced letter's lines out of what is in force."""

from __future__ import annotations

import re

SACKED = "A(Syracuse)-Zama\nA(Rome)-Campania\n"


def flat(result) -> str:
    """The output on one line: lines wrap in reports and tables (their rules left out)."""
    return " ".join(re.sub(r"[│┃]", " ", result.output).split())


def plain_a(text: str, order: str) -> bool:
    """Does `order` (`A Syr - Zam`) appear with no count before it?"""
    return re.search(rf"(?<![\w.])A {re.escape(order)}", text) is not None


def test_a_double_army_ordered_as_a_plain_army_is_shown_as_the_double(gm, tmp_path):
    gm("new", "G", "--variant", "rise-of-rome-ii")
    gm("edit", "G", "add", "Rome", "2A", "Syr", "--reason", "sacked Syracuse")
    echo = flat(gm("orders", "G", "-", "--power", "Rome", input=SACKED))
    assert "2A Syr - Zam" in echo and not plain_a(echo, "Syr - Zam")
    assert "A Rom - Cam" in echo  # a single army stays as written
    confirmed = flat(gm("confirm", "G", "--power", "Rome"))
    assert "2A Syr - Zam" in confirmed and not plain_a(confirmed, "Syr - Zam")
    listed = flat(gm("orders", "G", "--list"))
    assert "2A Syr - Zam" in listed and not plain_a(listed, "Syr - Zam")
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "2A Syr - Zam" in report and not plain_a(report, "Syr - Zam")
    # the archive keeps the letter as written, and replays it
    archive = tmp_path / "g.txt"
    gm("export", "G", str(archive))
    assert "A(Syracuse)-Zama" in archive.read_text(encoding="utf-8")
    assert "no differences" in flat(gm("replay", str(archive), "--check", "--as", "H"))


def test_the_echo_of_a_double_reads_back_as_the_same_order(gm):
    gm("new", "G", "--variant", "rise-of-rome-ii")
    gm("edit", "G", "add", "Rome", "2A", "Syr", "--reason", "sacked Syracuse")
    echo = flat(gm("orders", "G", "-", "--power", "Rome", input="2A Syr - Zam\n"))
    assert "2A Syr - Zam" in echo and "Stored: 1 accepted" in echo


def test_an_order_replaced_in_the_letter_is_named_as_the_double(gm):
    gm("new", "G", "--variant", "rise-of-rome-ii")
    gm("edit", "G", "add", "Rome", "2A", "Syr", "--reason", "sacked Syracuse")
    echo = flat(gm("orders", "G", "-", "--power", "Rome", input=SACKED + "A Syr H\n"))
    assert "A Syr H 2A Syr H (replaces your earlier order on line 1, 2A Syr - Zam)" in echo


def test_a_lord_of_hosts_double_army_is_shown_as_the_double(gm):
    gm("new", "G", "--variant", "lord-of-hosts")
    gm("edit", "G", "remove", "Ur", "--reason", "a double army stands there")
    gm("edit", "G", "add", "Babylon", "2A", "Ur", "--reason", "a double army stands there")
    echo = flat(gm("orders", "G", "-", "--power", "Babylon", input="A Ur H\nA Bab H\n"))
    assert "A Ur H 2A Ur H" in echo and "A Bab H A Bab H" in echo  # as written, as read
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "2A Ur H" in report and not plain_a(report, "Ur H")


def test_a_name_misspelt_twice_in_one_order_is_noted_once(gm):
    """A name written twice in one order (the unit's place and the place it acts on) was
    noted twice: in the echo, the confirmation, the listing and the report."""
    note = "read 'Pariss' as Paris (par)"
    gm("new", "G")
    echo = flat(gm("orders", "G", "-", "--power", "France", input="A Pariss - Pariss\n"))
    assert echo.count(note) == 1, echo
    assert flat(gm("confirm", "G", "--power", "France")).count(note) == 1
    assert flat(gm("orders", "G", "--list")).count(note) == 1
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "Lines not adjudicated" in report and report.count(note) == 1, report


def test_a_conversion_naming_its_place_twice_is_noted_once(gm):
    gm("new", "G", "--variant", "lord-of-hosts")
    echo = flat(gm("orders", "G", "-", "--power", "Cannan", input="A/F(Tyree)-F(Tyree)\n"))
    assert "A/F Tyr becomes a fleet" in echo
    assert echo.count("read 'Tyree' as Tyre (tyr)") == 1, echo


FIRST = "A Par - Mos\nA Mar - Spa\nPlease confirm.\n"
FRESH = "A Par - Bur\nA Mar - Spa\n"


def test_a_replaced_letters_rejected_line_is_not_listed_in_the_report(gm, tmp_path):
    """Reading rule 3: `--replace` replaces the power's earlier letters whole; their rejected
    line stays in the store, withdrawn, and is no 'Line not adjudicated' of the report."""
    gm("new", "G")
    gm("orders", "G", "-", "--power", "France", input=FIRST)
    gm("orders", "G", "-", "--power", "France", "--replace", input=FRESH)
    confirmed = gm("confirm", "G", "--power", "France").output
    assert "Rejected:" not in confirmed
    withdrawn = confirmed.split("Replaced or withdrawn:")[1]
    assert "A Par - Mos  (the power's orders were replaced)" in withdrawn
    assert "Moscow" not in flat(gm("orders", "G", "--list"))  # nothing in force says Mos
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "A Par - Bur" in report
    assert "A Par - Mos" not in report and "Lines not adjudicated" not in report
    archive = tmp_path / "g.txt"  # the archive holds the letter in force, as replayed
    gm("export", "G", str(archive))
    assert "A Par - Mos" not in archive.read_text(encoding="utf-8")


def test_a_letter_that_was_not_replaced_keeps_its_rejected_line(gm):
    """Without --replace a later letter replaces orders unit by unit: the earlier rejected line
    still says why its unit has no order."""
    gm("new", "G")
    gm("orders", "G", "-", "--power", "France", input=FIRST)
    gm("orders", "G", "-", "--power", "France", input="A Mar - Bur\n")
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert 'France: "A Par - Mos" (rejected: Moscow is not next to Paris' in report


def test_an_a_f_order_naming_no_kind_is_void_in_the_echo_as_in_the_report(gm):
    """Lord of Hosts 3: `Tan H` to an A/F says neither A nor F; the engine voids it, and the
    echo said so only after adjudication."""
    reason = "rule 3 (A/F units): the first orders must say whether the A/F in Tanis"
    gm("new", "G", "--variant", "lord-of-hosts")
    echo = flat(gm("orders", "G", "-", "--power", "Egypt", input="Tan H\nF Mem H\n"))
    assert f"void when adjudicated: {reason}" in echo, echo
    assert echo.count("void when adjudicated") == 1  # the fleet's choice stands
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert f"Tan H (*void*: {reason}" in report, report


def test_a_supported_double_army_is_shown_as_the_double(gm):
    """`F Ion S A Syr` for a double army in Syracuse was shown as written: the unit supported
    is named as the piece it is, in the echo, the confirmation, the listing and the report."""
    gm("new", "G", "--variant", "rise-of-rome-ii")
    gm("edit", "G", "add", "Rome", "2A", "Syr", "--reason", "sacked Syracuse")
    gm("edit", "G", "add", "Rome", "F", "Ion", "--reason", "a fleet at sea")
    echo = flat(gm("orders", "G", "-", "--power", "Rome",
                   input="F Ion S A Syr\nA(Syracuse) H\n"))
    assert "F Ion S 2A Syr" in echo and not plain_a(echo, "Syr H"), echo
    assert "F Ion S 2A Syr" in flat(gm("confirm", "G", "--power", "Rome"))
    assert "F Ion S 2A Syr" in flat(gm("orders", "G", "--list"))
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert "F Ion S 2A Syr" in report and "S A Syr" not in report, report


def test_a_convoyed_double_and_a_support_naming_no_kind_are_shown_as_they_stand():
    from gm.engine.position import Unit
    from gm.notation import order_display
    from gm.orders.kinds.convoy import Convoy
    from gm.orders.kinds.support import SupportHold

    double = [Unit("rome", "A", "syr", 1.0), Unit("rome", "A", "syr", 1.0)]
    convoy = Convoy("rome", "F", "ion", "A", "syr", "gre")
    assert order_display(convoy, "F", 1.0, double) == "F Ion C 2A Syr - Gre"
    support = SupportHold("rome", "F", "ion", None, "syr")
    assert order_display(support, "F", 1.0, double[:1]) == "F Ion S A Syr"
    mixed = [Unit("rome", "A", "syr", 2.0), Unit("rome", "G", "syr", 1.0)]
    assert order_display(support, "F", 1.0, mixed) == "F Ion S 2A/G Syr"


def test_a_line_refused_for_its_phase_keeps_its_near_miss_note(gm):
    """`A(Moabb) Destroys Moabb` read as Moab, then refused for its phase (by the open phase
    or by a heading of another season): the refusal lost the note that a name was guessed."""
    note = "read 'Moabb' as Moab (moa)"
    gm("new", "G", "--variant", "lord-of-hosts")
    letter = ("Allies:\nA(Moabb) Destroys Moabb\nFall 601 BC:\nA(Moabb) Destroys Moabb\n"
              "Winter 601 BC:\nA(Moabb) Destroys Moabb\n")
    echo = flat(gm("orders", "G", "-", input=letter))
    assert echo.count("REJECTED") == 3 and echo.count(note) == 3, echo


SPARTA_2A = "Sparta:\n2A(Sparta)\nG(Prasiae)\nG(Zarax)\nA(Elatea)\n"
WRONG_COUNT = "rule 3 (Multiplicity II): Sparta holds 2A; write 2A Spa, or split it"


def test_an_order_void_for_its_count_is_shown_as_written_everywhere(gm, tmp_path):
    """HW 3: `A Spa - Teg` where two armies stand is void for its count. Shown as `2A Spa -
    Teg` it contradicted its own reason: the echo, the note of a line that replaces it, the
    confirmation, the listing, the report and the archive show it as the player wrote it."""
    gm("new", "G", "--variant", "hoplite-wars")
    gm("orders", "G", "-", input=SPARTA_2A)
    gm("adjudicate", "G")
    echo = flat(gm("orders", "G", "-", input="Sparta:\nA Spa - Teg\n"))
    assert f"A Spa - Teg (void when adjudicated: {WRONG_COUNT})" in echo, echo
    echo = flat(gm("orders", "G", "-", input="Sparta:\nSpa - Mes\n"))  # no kind either
    assert f"Spa - Mes (void when adjudicated: {WRONG_COUNT}; replaces your earlier order in " \
           "an earlier letter, A Spa - Teg)" in echo, echo
    echo = flat(gm("orders", "G", "-", input="Sparta:\nG Pra H\nSpa - Teg\nA Spa - Teg\n"))
    assert "replaces your earlier order on line 3, Spa - Teg" in echo, echo
    assert "2A Spa" not in echo.replace("write 2A Spa", "")
    confirmed = flat(gm("confirm", "G", "--power", "Sparta"))
    assert "A Spa - Teg" in confirmed and "2A Spa - Teg" not in confirmed, confirmed
    listed = flat(gm("orders", "G", "--list"))
    assert "A Spa - Teg (void when adjudicated" in listed and "2A Spa - Teg" not in listed
    archive = tmp_path / "g.txt"
    gm("export", "G", str(archive))
    assert "2A Spa - Teg" not in archive.read_text(encoding="utf-8")  # replays as void
    report = flat(gm("adjudicate", "G", "--no-orders"))
    assert f"A Spa - Teg (*void*: {WRONG_COUNT}" in report and "2A Spa - Teg" not in report
    assert "no differences" in flat(gm("replay", str(archive), "--check", "--as", "H"))


def test_a_removal_from_a_multiple_is_shown_as_the_piece_it_removes(gm):
    """HW 3 (f): `Remove A Spa` takes one army of a 2A; it was echoed `Remove 2A Spa`."""
    gm("new", "G", "--variant", "hoplite-wars")
    gm("orders", "G", "-", input=SPARTA_2A)
    for _ in range(3):  # Spring, Autumn: Sparta loses Sparta's city, owing a removal
        gm("adjudicate", "G", "--no-orders")
        if "Winter" in gm("status", "G").output:
            break
    gm("edit", "G", "own", "Spa", "neutral", "--reason", "a removal is due")
    echo = flat(gm("orders", "G", "-", input="Sparta:\nRemove A Spa\n"))
    assert "Remove A Spa Remove A Spa" in echo and "Remove 2A Spa" not in echo, echo
