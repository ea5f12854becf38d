"""What the GM is shown when a letter is read, what the archive keeps and what a replay of the
archive shows agree: a guessed name's note survives an export and its replay; a void note
followed by intake's note on an earlier order is read as the void note alone, and the earlier
order's note stays when the void note changes; the orders a letter replaced are named as the
echo names them."""

from __future__ import annotations

from gm.game.verdicts import VOID, Verdict, noted_verdict
from tests.cli.conftest import Gm
from tests.game.test_repeated_orders import _echo, _listed

GUESSED = "Dear GM,\nFrance\nA Par - Bur\nA Mar - Spx\nF Bre - Mid\nbest, Jean\n"


def test_the_replay_of_an_export_keeps_a_guessed_names_note(gm, tmp_path):
    """The archive writes the reading (`-> A Mar - Spa`), not the note; the replay reads the
    player's words again where they give the recorded order, and so stores the same note."""
    gm("new", "demo")
    assert "ok France A Mar - Spx A Mar - Spa (read 'Spx' as Spain (spa))" in \
        _echo(gm, GUESSED)
    before = _listed(gm.db)
    archive = tmp_path / "demo.txt"
    for private in (["--private"], []):
        archive.write_text(gm("export", "demo", *private).output, encoding="utf-8")
        assert "  | A Mar - Spx\n    -> A Mar - Spa\n" in archive.read_text(encoding="utf-8")
        again = Gm(tmp_path / f"again{len(private)}.db")
        assert "no differences" in again("replay", str(archive), "--check").output
        assert _listed(again.db) == before


def test_a_reading_the_gm_wrote_in_the_archive_is_kept_without_the_guess(gm, tmp_path):
    """Where the player's words read as another order than the one recorded (the GM wrote the
    reading he meant under the line), the recorded reading stands, with no note of a guess
    that was not made."""
    archive = tmp_path / "edited.txt"
    archive.write_text("Game: demo\nVariant: standard\n\nSpring 1901\nLetter from France:\n"
                       "  | A Mar - Spx\n    -> A Mar - Gas\n", encoding="utf-8")
    gm("replay", str(archive))
    assert _listed(gm.db) == [("ok", "A Mar - Gas")]


def test_a_void_order_that_replaces_an_earlier_one_keeps_both_notes(gm):
    """Intake notes a void order's reason, then that it replaced an earlier order; the
    verdict's reason is the void note's alone, and when the board changes the void note, the
    confirmation still says what the order replaced."""
    gm("new", "demo")
    gm("edit", "demo", "add", "France", "F", "Mid", "--reason", "test")
    gm("orders", "demo", input="France\nF Mid - Por\n")
    echo = _echo(gm, "France\nF Mid - Spa\n")
    reason = ("void when adjudicated: say which coast of Spain: Spa/nc, Spa/sc; replaces your "
              "earlier order in an earlier letter, F Mid - Por")
    assert f"ok France F Mid - Spa F Mid - Spa ({reason})" in echo
    assert noted_verdict("accepted", reason) == \
        Verdict(VOID, "say which coast of Spain: Spa/nc, Spa/sc")
    gm("edit", "demo", "remove", "Mid", "--reason", "test")
    text = " ".join(gm("confirm", "demo", "-P", "France").output.split())
    assert "F Mid - Spa replaces your earlier order in an earlier letter, F Mid - Por; void " \
           "when adjudicated: there is no unit in Mid-Atlantic Ocean" in text


def test_the_orders_a_letter_replaced_are_named_as_the_echo_read_them(gm):
    gm("new", "demo")
    gm("orders", "demo", input="France\nA Mar - Spx\nA Par - Burgundy\n")
    echo = _echo(gm, "France\nA Mar - Gas\nA Par - Bur\n")
    assert "These earlier orders were replaced: A Mar - Spa." in echo
    assert "These earlier orders were repeated (the same order stands): A Par - Bur." in echo
