"""The mail commands as a GM types them: the echo of each message under its sender and date,
late messages in `gm status` and taken with `gm letters --accept`."""

from __future__ import annotations

from datetime import timedelta

from tests.mail.conftest import CONTACTS, DEADLINE, GAME, SENT, plain, season_messages, write_mbox


def test_the_echo_of_each_message_is_the_orders_echo_under_its_sender(gm, tmp_path):
    box = write_mbox(tmp_path / "in.mbox", season_messages()[:3] + [
        plain("stranger@nowhere.example", "A Par - Pic\n")])
    out = gm("mail", "read", GAME, "--mbox", str(box)).output
    assert "From jeanne@paris.example (France, Wed 18 Nov 2026 09:00 +0100): autumnleague " \
           "orders" in out
    france = out.split("From jeanne@paris.example")[1].split("From ")[0]
    assert "ok        France   A Mar S A Par - Bur" in france
    assert "Stored: 3 accepted, 2 ignored." in france
    assert "not stored: stranger@nowhere.example is no player's contact" in out
    assert "3 stored, 1 from unknown senders; 0 other message(s) left alone" in out


def test_a_late_message_is_listed_by_status_and_taken_with_letters_accept(gm, tmp_path):
    gm("deadline", GAME, DEADLINE)
    box = write_mbox(tmp_path / "in.mbox", [
        plain(CONTACTS["Italy"], "A Ven - Tyr\n", when=SENT + timedelta(days=4))])
    out = gm("mail", "read", GAME, "--mbox", str(box)).output
    assert "held as late (message 1)" in out and "1 held as late" in out
    status = gm("status", GAME).output
    assert "Held as late: message 1 from carla@roma.example (Italy)" in status
    assert "gm letters autumnleague --accept 1" in status
    assert "A Ven" in status.split("Italy")[1].split("\n")[0]  # Italy has no order yet
    assert "carla@roma.example" in gm("letters", GAME).output
    taken = gm("letters", GAME, "--accept", "1").output
    assert "ok        Italy    A Ven - Tyr" in taken
    assert "Held as late" not in gm("status", GAME).output
    assert "not held as late" in gm("letters", GAME, "--accept", "1", ok=False).output
    assert "has no message 9" in gm("letters", GAME, "--accept", "9", ok=False).output
