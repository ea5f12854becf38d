"""The judge's cycle on a standard game whose letters come into a Maildir and whose mail goes
to a real SMTP server, with the clock moved by the test: each step once, in its order, and
the GM able to step in at any point."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from tests.judge.conftest import address
from tests.mail.conftest import GAME

ROOT = Path(__file__).resolve().parents[2]
SPRING = {
    "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb\n",
    "England": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n",
    "France": "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mid\n",
    "Germany": "A Ber - Kie\nA Mun - Ruh\nF Kie - Den\n",
    "Italy": "A Ven H\nA Rom - Apu\nF Nap - Ion\n",
    "Russia": "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot\n",
    "Turkey": "F Ank - Bla\nA Con - Bul\nA Smy - Con\n",
}


def _spring_adjudicated(j, *args: str) -> str:
    """The first deadline set, every power's Spring orders read and adjudicated early."""
    j.judge()
    for power, orders in SPRING.items():
        j.post(power, orders)
    j.clock.advance(hours=1)
    return j.judge(*args)


def test_a_season_runs_by_itself_each_step_once(judged):
    j = judged
    out = j.judge()
    assert "Spring 1901  deadline: Wednesday 21 October 2026, 18:00 BST" in out
    for power, orders in SPRING.items():
        j.post(power, orders)
    j.clock.advance(hours=2)
    out = j.judge()
    assert out.count("letter: from") == 7 and out.count("confirm:") == 7
    assert "adjudicated: early: every power has complete orders" in out
    assert "Spring 1901  results: queued for Austria, England, France" in out
    assert "sent: 7 confirmations, 7 results" in out
    # the next deadline is counted from now, by London's clocks
    assert "Autumn 1901  deadline: Wednesday 21 October 2026, 18:00 BST" in out
    assert len(j.received("orders received")) == 7 and len(j.received("1901 results")) == 7
    results = j.received("results", to=address("France"))[0].message
    assert "A Par - Bur" in results.get_body(preferencelist=("plain",)).get_content()
    assert "Orders for Autumn 1901 are due Wednesday 21 October 2026, 18:00 BST" in \
        results.get_body(preferencelist=("plain",)).get_content()
    # again at once, and later: nothing more is done or sent
    assert j.judge() == "" and j.clock.advance(minutes=5) and j.judge() == ""
    assert len(j.inbox.received) == 14
    log = j.gm("log", GAME).output
    assert log.index("Spring 1901  deadline") < log.index("letter: from") < \
        log.index("adjudicated") < log.index("Autumn 1901  deadline") < \
        log.index("results: queued") < log.index("sent: 7")
    assert "2026-10-19 14:00 BST  Spring 1901  adjudicated" in log
    autumn = j.gm("log", GAME, "--phase", "Autumn 1901").output
    assert autumn.strip().splitlines() == [line for line in log.splitlines()
                                           if "  Autumn 1901  " in line]


def test_a_reminder_goes_once_to_the_powers_without_complete_orders(judged):
    j = judged
    j.judge()
    for power in ("Austria", "England", "France", "Germany", "Russia", "Turkey"):
        j.post(power, SPRING[power])
    j.post("Italy", "A Ven H\n")  # two units left without orders
    j.clock.set(j.clock.now.replace(day=20, hour=17))  # 18:00 BST the day before
    out = j.judge()
    assert "remind: Italy: orders due Wednesday 21 October 2026, 18:00 BST" in out
    reminder = j.received("reminder")
    assert [got.recipients for got in reminder] == [[address("Italy")]]
    body = reminder[0].message.get_content()
    assert "No order yet for:" in body and "  A Rom" in body and "  F Nap" in body
    j.clock.advance(hours=1)
    assert "remind" not in j.judge() and len(j.received("reminder")) == 1
    # a new deadline set by the GM is a new reminder
    j.gm("deadline", GAME, "2026-10-21 20:00")
    j.clock.set(j.clock.now.replace(day=21, hour=12))
    assert "remind: Italy" in j.judge()
    j.post("Italy", SPRING["Italy"])
    j.clock.advance(minutes=10)
    assert "adjudicated: early" in j.judge()


def test_civil_disorder_after_two_missed_phases_and_a_standby_takes_over(judged):
    j = judged
    j.gm("schedule", GAME, "--nmr", "civil-disorder", "--civil-disorder-after", "2",
         "--remind", "0")
    j.judge()
    for power in ("Austria", "England", "France", "Germany", "Russia", "Turkey"):
        j.post(power, SPRING[power])
    j.clock.advance(days=3)
    out = j.judge()
    assert "nmr: Italy sent no orders (1 phase running)" in out and "civil" not in out
    j.clock.advance(days=3)
    out = j.judge()
    assert "Autumn 1901  nmr: Italy sent no orders (2 phases running)" in out
    assert "civil disorder: Italy (Italy Player) after 2 missed phases; nobody plays it " \
           "from Winter 1901" in out
    notice = j.received("Italy is in civil disorder")
    assert [got.recipients for got in notice] == [["gm@zine.example"]]
    report = j.gm("report", GAME).output
    assert "Italy sent no orders for 2 phases running and is in civil disorder" in report
    assert "(vacant)" in j.gm("players", GAME).output
    # the GM names a standby player: the next mail goes to them
    j.gm("players", GAME, "Italy", "Sam Standby", "--contact", "sam@standby.example",
         "--standby")
    j.clock.advance(days=2)
    j.judge()
    j.clock.advance(days=3)
    j.judge()
    assert j.received("results", to="sam@standby.example")
    assert "2 phases running" in j.gm("log", GAME).output


def test_results_held_for_the_gm_go_out_when_approved(judged):
    j = judged
    out = _spring_adjudicated(j, "--hold-for-gm")
    assert "adjudicated: early" in out and "held: the results wait for the GM" in out
    assert not j.received("1901 results")
    assert [got.recipients for got in j.received("results wait for you")] == \
        [["gm@zine.example"]]
    assert "Autumn 1901  deadline" not in out  # counted from when the results go out
    j.clock.advance(days=2, hours=5)  # Wednesday 18:00
    assert j.judge() == "" and not j.received("1901 results")
    assert "results of Spring 1901  no   the results of Spring 1901 wait for the GM" in \
        j.judge("--dry-run")
    assert "A Par - Bur" in j.gm("report", GAME).output  # the GM reads the report first
    out = j.gm("approve", GAME).output
    assert "the results of Spring 1901 go out" in out and "sent: 7 results" in out
    assert "Autumn 1901  deadline: Friday 23 October 2026, 18:00 BST" in out
    assert len(j.received("1901 results")) == 7
    assert "nothing of autumnleague waits for you" in j.gm("approve", GAME, ok=False).output


def test_after_an_undo_the_judge_waits_for_the_gm_and_goes_on_from_what_they_did(judged):
    j = judged
    _spring_adjudicated(j)
    j.gm("undo", GAME)
    j.clock.advance(days=3)
    assert "adjudicated" not in j.judge()
    assert "the GM undid Spring 1901" in j.judge("--dry-run")
    j.gm("orders", GAME, "-", "-P", "France", input="A Par - Pic\n")
    j.gm("edit", GAME, "remove", "Smy", "--reason", "the army in Smyrna was entered by mistake")
    j.gm("adjudicate", GAME)
    out = j.judge()
    assert "Spring 1901  results: queued" in out
    assert "Autumn 1901  deadline: Saturday 24 October 2026, 18:00 BST" in out
    corrected = j.received("results", to=address("France"))
    assert len(corrected) == 2
    text = corrected[-1].message.get_body(("plain",)).get_content()
    assert "A Par - Pic" in text and "Smyrna was entered by mistake" in " ".join(text.split()), text


def test_after_an_undo_approve_lets_the_judge_adjudicate_again_at_the_deadline(judged):
    j = judged
    _spring_adjudicated(j)
    j.gm("undo", GAME)
    j.gm("deadline", GAME, "2026-10-20 18:00")
    assert "adjudicates Spring 1901 again at Tuesday 20 October 2026, 18:00 BST" in \
        j.gm("approve", GAME).output
    assert "adjudicated" not in j.judge()  # complete orders, but not early after an undo
    assert "(not early: the GM undid it)" in j.judge("--dry-run")
    j.clock.set(j.clock.now.replace(day=20, hour=18))
    assert "adjudicated: the deadline" in j.judge()
    assert len(j.received("1901 results")) == 14


def test_press_by_mail_waits_for_the_gm_or_is_printed_as_the_game_says(judged):
    j = judged
    j.judge()
    j.post("France", "Vive la France!\n", subject=f"{GAME} press")
    j.clock.advance(minutes=5)
    out = j.judge()
    assert "press: press 1 from France waits for the GM ('gm approve autumnleague " \
           "--press 1')" in out
    assert j.received("press from France waits")
    assert "Vive" not in j.gm("press", GAME, "--list").output
    assert "press 1 from France is printed" in j.gm("approve", GAME, "--press", "1").output
    assert "Vive la France!" in j.gm("adjudicate", GAME, "--preview").output
    j.gm("schedule", GAME, "--press", "publish")
    j.post("England", "God save the King.\n", subject=f"Re: {GAME} press")
    j.clock.advance(minutes=5)
    assert "press: press from England, printed in the report of Spring 1901" in j.judge()
    assert j.judge() == ""
    assert "has no press 1 waiting" in j.gm("approve", GAME, "--press", "1", ok=False).output


def test_a_stranger_is_held_and_the_gm_told_once_and_a_late_letter_answered(judged):
    j = judged
    j.gm("schedule", GAME, "--grace", "2h")
    j.judge()
    j.post("France", "A Par - Bur\n", sender="someone@else.example")
    j.clock.advance(minutes=5)
    assert "held: from someone@else.example, no player's contact" in j.judge()
    j.clock.advance(minutes=5)
    assert j.judge() == ""
    assert [got.recipients for got in j.received("a letter from someone@else")] == \
        [["gm@zine.example"]]
    deadline = j.clock.now.replace(day=21, hour=17)  # 18:00 BST
    j.post("Italy", SPRING["Italy"], when=deadline + timedelta(hours=1))
    j.post("Germany", SPRING["Germany"], when=deadline + timedelta(hours=3))
    j.clock.set(deadline + timedelta(hours=1, minutes=30))
    out = j.judge()
    assert "letter: from Italy (carla@roma.example), within the grace period: 3 accepted" in out
    assert "late: from Germany (gunter@berlin.example): dated after the deadline" in out
    assert "adjudicated" not in out  # the grace period runs
    reply = j.received("Re: autumnleague orders", to=address("Germany"))
    assert len(reply) == 1 and "came after the deadline" in reply[0].message.get_content()
    assert j.received("a late letter from Germany")
    j.clock.advance(hours=1)
    out = j.judge()
    assert "adjudicated: the deadline (Wednesday 21 October 2026, 18:00 BST) and the grace " \
           "period of 2h passed" in out
    assert len(j.received("Re: autumnleague orders")) == 1


def test_the_judge_knows_a_message_read_before_as_gm_mail_read_does(judged):
    """Read before: the same Message-ID, sender and text (issue 28). Another player's letter
    reusing a Message-ID is read; a copy of one read is not; a player's message for another
    game is set aside and the GM told once."""
    j = judged
    j.judge()
    j.post("France", SPRING["France"], message_id="<1@same.example>")
    j.post("Italy", SPRING["Italy"], message_id="<1@same.example>")
    j.clock.advance(minutes=5)
    out = j.judge()
    assert "letter: from France" in out and "letter: from Italy" in out
    j.post("France", SPRING["France"], message_id="<1@same.example>")  # a copy
    j.post("England", SPRING["England"], subject="otherleague orders")
    j.clock.advance(minutes=5)
    out = j.judge()
    assert "letter: from" not in out
    assert "held: from England (ed@london.example): from England's player, subject " \
           "'otherleague orders': not read" in out
    j.clock.advance(minutes=5)
    assert j.judge() == ""
    assert len(j.received("a message from England")) == 1


def test_a_message_read_on_an_earlier_run_is_not_decoded_again(judged, monkeypatch):
    """The judge reads the whole mailbox on every run: the messages it has read (kept with a
    digest of their bytes) are passed over before decoding, a new one is decoded once."""
    from gm.judge import mail_in

    decoded: list[str] = []
    decode = mail_in.parse_message

    def counted(raw):
        message = decode(raw)
        decoded.append(message.sender)
        return message

    monkeypatch.setattr(mail_in, "parse_message", counted)
    j = judged
    j.judge()
    j.post("France", SPRING["France"])
    j.post("Italy", SPRING["Italy"], subject=f"{GAME} press")  # press: read too
    j.clock.advance(minutes=5)
    assert "letter: from France" in j.judge()
    assert sorted(decoded) == sorted([address("France"), address("Italy")])
    decoded.clear()
    j.post("England", SPRING["England"])
    j.clock.advance(minutes=5)
    assert "letter: from England" in j.judge()
    assert decoded == [address("England")]  # France's letter and Italy's press: not again
    decoded.clear()
    j.clock.advance(minutes=5)
    assert j.judge() == "" and decoded == []


def test_a_deadline_the_gm_sets_is_kept_and_the_next_counted_from_the_schedule(judged):
    j = judged
    j.gm("deadline", GAME, "2026-10-25 12:00")
    out = j.judge()
    assert "deadline: the GM's deadline is kept: Sunday 25 October 2026, 12:00 GMT" in out
    j.clock.set(j.clock.now.replace(day=25, hour=12))
    out = j.judge()
    assert "adjudicated: the deadline (Sunday 25 October 2026, 12:00 GMT) passed" in out
    # opened at 12:00 GMT on the Sunday summer time ended: Tuesday at 18:00 GMT
    assert "Autumn 1901  deadline: Tuesday 27 October 2026, 18:00 GMT" in out


def test_a_kind_of_phase_the_schedule_gives_no_time_waits_for_the_gms_deadline(judged):
    j = judged
    j.gm("schedule", GAME, "--movement", "")
    assert "deadline    no   the schedule has no time for a movement phase: 'gm deadline " \
           "autumnleague WHEN' sets one" in j.judge("--dry-run")
    assert j.judge() == ""
    j.gm("deadline", GAME, "2026-10-20 12:00")
    assert "deadline: the GM's deadline is kept: Tuesday 20 October 2026, 12:00 BST" in \
        j.judge()
    j.clock.set(j.clock.now.replace(day=20, hour=11))
    assert "adjudicated: the deadline (Tuesday 20 October 2026, 12:00 BST) passed" in j.judge()


def test_a_game_another_run_is_at_work_on_is_left_alone(judged, tmp_path):
    j = judged
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        from gm.store.database import open_store

        with open_store(j.gm.db) as store, store.transaction():
            store.conn.execute("INSERT INTO leases VALUES (1, 'x', ?, ?, 'then', 9e99)",
                               [os.uname().nodename, sleeper.pid])
        out = j.judge()
        assert f"autumnleague: left alone: another gm is at work on it (process " \
               f"{sleeper.pid}" in out
        assert "deadline" not in j.gm("log", GAME).output
    finally:
        sleeper.kill()
        sleeper.wait()
    assert "deadline: Wednesday" in j.judge()  # its process is gone: the lease is free


def test_the_dry_run_says_what_would_be_done_and_why_and_changes_nothing(judged):
    j = judged
    out = j.judge("--dry-run")
    assert "autumnleague, Spring 1901 (no deadline); now Monday 19 October 2026, 12:00 BST:" \
        in out
    assert "deadline    now  movement phases run 2d 18:00 Europe/London" in out
    assert "adjudicate  no   no deadline is set for it" in out
    assert j.gm("log", GAME).output.startswith("autumnleague: the judge has done nothing")
    j.judge()
    out = j.judge("--dry-run", "--now", "2026-10-21T17:30:00+00:00")
    assert "adjudicate  now  the deadline (Wednesday 21 October 2026, 18:00 BST) passed" in out
    # --now held for that run only: the next command in this process sees the clock as before
    assert "now Monday 19 October 2026, 12:00 BST:" in j.judge("--dry-run")


def test_mistakes_are_one_line(judged, tmp_path):
    j = judged
    gm = j.gm
    assert "movement: '3 days': gm cannot read '3'" in gm("schedule", GAME, "movement", "3",
                                                          "days", ok=False).output
    assert "name the kind of phase first" in gm("schedule", GAME, "3d", ok=False).output
    assert "--nmr must be one of hold, civil-disorder" in gm("schedule", GAME, "--nmr", "x",
                                                             ok=False).output
    assert "--imap needs --imap-user" in gm("schedule", GAME, "--imap", "h", ok=False).output
    assert "'2026-13-01' is not a moment" in gm("judge", "--now", "2026-13-01",
                                                ok=False).output
    gm("new", "other")
    assert "the judge does not run other" in gm("judge", "other", ok=False).output
    assert "the judge does not run it" in gm("schedule", "other").output
    gm("schedule", GAME, "--off")
    assert j.judge() == "" and "judge  no   paused" in j.judge("--dry-run")


def test_results_the_gm_sent_after_a_killed_run_are_not_drawn_again(judged, monkeypatch):
    """A judge killed between adjudicating and sending; the GM sends the results by hand; the
    next run finds them sent and says so, without drawing the board (most of the step's
    work) for messages it will not send."""
    import gm.draw as drawing
    from gm.store.faults import ENV as CHECKPOINT

    j = judged
    j.gm("schedule", GAME, "--picture")
    j.judge()
    for power, orders in SPRING.items():
        j.post(power, orders)
    j.clock.advance(hours=1)
    killed = subprocess.run([sys.executable, "-c", "from gm.cli import main; main()", "judge"],
                            cwd=ROOT, capture_output=True, text=True,
                            env=dict(os.environ, GM_DB=str(j.gm.db),
                                     **{CHECKPOINT: "judge:adjudicated=kill"}))
    assert killed.returncode == -9 and not j.received("1901 results")
    drawn, draw_phase = [], drawing.draw_phase

    def counted(*args, **kwargs):
        drawn.append(args)
        return draw_phase(*args, **kwargs)

    monkeypatch.setattr(drawing, "draw_phase", counted)
    j.gm("mail", "results", GAME, "--send")
    assert len(drawn) == 1 and len(j.received("1901 results")) == 7
    j.judge()
    assert "results: sent already (by the GM)" in j.gm("log", GAME).output
    assert len(drawn) == 1  # the GM's sending drew it; the judge's step did not
    assert len(j.received("1901 results")) == 7
