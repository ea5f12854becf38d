"""Mail in: a season's messages read from real mbox and Maildir mailboxes into letters."""

from __future__ import annotations

from datetime import timedelta

from tests.mail.conftest import (
    CONTACTS,
    GAME,
    SENT,
    plain,
    season_messages,
    write_maildir,
    write_mbox,
)


def _orders(store):
    from gm.game.intake import list_orders

    _, listed = list_orders(store, GAME)
    return {(o.power, o.detail) for o in listed if o.status == "accepted"}


def test_a_season_from_a_maildir_stores_seven_letters_and_again_none(league, tmp_path):
    from gm.mail.inbox import DUPLICATE, read_mail
    from gm.mail.mailboxes import maildir_messages

    box = write_maildir(tmp_path / "Maildir", season_messages())
    first = read_mail(league, GAME, maildir_messages(box))
    assert [o.status for o in first.outcomes] == ["stored"] * 7, \
        [(o.status, o.note) for o in first.outcomes]
    assert {o.power for o in first.outcomes} == set(CONTACTS)
    letters = league.conn.execute("SELECT count(*) FROM letters").fetchone()[0]
    assert letters == 7
    orders = _orders(league)
    assert len(orders) == 22  # every unit of the board has its order
    again = read_mail(league, GAME, maildir_messages(box))
    assert [o.status for o in again.outcomes] == [DUPLICATE] * 7
    assert league.conn.execute("SELECT count(*) FROM letters").fetchone()[0] == 7
    assert _orders(league) == orders
