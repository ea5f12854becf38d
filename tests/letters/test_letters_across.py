"""Letters of one phase read one after another (`gm orders` per letter), each a file in
`across/<case>/1.txt`, `2.txt`...: a later order for the same piece replaces an earlier
letter's and says so, unless gm is not sure of it (reading rule 9: when unsure, ask, never
replace); where one player plays two powers, the same piece is the same under either
power's heading (Hoplite Wars rules 3 and 5, `docs/variants/hoplite-wars.md`).

Each case says what every line that is not chatter or a heading became, letter by letter
(`accepted`, `later`, `rejected`, or `superseded` by a later line), with words the GM's echo
(and the player's confirmation) must hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.game import adjudication
from gm.game.confirmations import confirm
from gm.game.corrections import correct
from gm.game.intake import take_orders
from gm.game.stored_orders import order_key
from gm.maps import load_map
from gm.orders.parse import parse_order
from gm.store import game_rows as rows
from gm.store.database import open_store
from gm.store.order_rows import letters_of_phase, orders_of_phase
from gm.store.position_rows import load_position
from tests.letters.test_letters_as_written import NEXT, SPARTA_2A, _echo, _game

HERE = Path(__file__).resolve().parent / "across"
EARLIER = "in an earlier letter"

CASES = {
    "guesses_never_replace": dict(variant="standard", power="Germany", letters=[
        [("A Mun - Ruh", "superseded", "repeated by your later order in a later letter, "
                                       "'A Mun - Ruh'"),  # letter 3 repeats it, surely
         ("F Kie - Den", "accepted", "F Kie - Den"),
         ("A Ber - Kie", "superseded", "replaced by your later order in a later letter, "
                                       "'A Ber - Sil'"),
         ("A Mun - Boh", "superseded", "replaced by your later order in a later letter, "
                                       "'A Mun - Tyrolia'")],
        [("A Muc - Tyr", "rejected", f"this would replace your order {EARLIER}, A Mun - Ruh, "
                                     "but gm guessed a name in it (read 'Muc' as Munich "
                                     "(mun)). If 'Muc' means Munich (mun), write A Mun - Tyr: "
                                     "it then replaces that order."),
         ("F Kie", "rejected", f"this would replace your order {EARLIER}, F Kie - Den, but it "
                               "names the unit and gives it no order"),
         ("A Ber - Sil", "accepted", f"A Ber - Sil (replaces your earlier order {EARLIER}, "
                                     "A Ber - Kie)"),
         ("A Mun - Tyrolia", "later", f"replaces your earlier order {EARLIER}, A Mun R Boh")],
        [("A Ber - Pru", "rejected", f"this would replace your order {EARLIER}, A Ber - Sil, "
                                     "but it is under 'If I am bounced', which gm does not "
                                     "read as a power or a phase"),
         ("A Mun - Ruh", "accepted", "A Mun - Ruh")]]),
    # HW 3 and 5: a Spartan and an Elatean army in Tegea are one multiple of one player
    "one_players_multiple": dict(variant="hoplite-wars", setup=[SPARTA_2A, NEXT], mixed="teg",
                                 letters=[
        [("2A Teg - Arc", "superseded", "replaced by your later order on line 6, '2A Teg H'"),
         ("G Pra H", "accepted", "G Pra H"),
         ("2A Teg H", "superseded", "replaced by your later order in a later letter, "
                                    "'2A Teg - Man'"),
         ("A Ela H", "accepted", "A Ela H")],
        [("2A Teg - Man", "accepted", f"2A Teg - Man (replaces your earlier order {EARLIER}, "
                                      "2A Teg H)")]]),
}


@pytest.fixture()
def store(tmp_path):
    opened = open_store(tmp_path / "gm.db", create=True)
    yield opened
    opened.close()


def test_every_case_here_has_its_expectations():
    assert sorted(p.name for p in HERE.iterdir() if p.is_dir()) == sorted(CASES)
    for name, case in CASES.items():
        assert len(list((HERE / name).glob("*.txt"))) == len(case["letters"])


def _letters_read(store, name: str) -> dict[int, list]:
    case = CASES[name]
    _game(store, case["variant"], case.get("setup", ()))
    if "mixed" in case:  # one piece of each of the player's powers in one province
        for power in ("Elatea", "Sparta"):
            correct(store, "g", "add", [power, "A", case["mixed"]], "a mixed multiple")
    for n in range(1, len(case["letters"]) + 1):
        take_orders(store, "g", (HERE / name / f"{n}.txt").read_text(encoding="utf-8"),
                    case.get("power"))
    with store.transaction(write=False):
        phase = rows.open_phase(store, rows.get_game(store, "g"))
        letters = [row["id"] for row in letters_of_phase(store, phase.id)]
        out: dict[int, list] = {}
        for row in orders_of_phase(store, phase.id):
            if row.status != "ignored":
                out.setdefault(letters.index(row.letter_id) + 1, []).append(row)
        return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_letters_one_after_another_read_as_meant(store, name):
    read = _letters_read(store, name)
    for n, expected in enumerate(CASES[name]["letters"], 1):
        rows_read = read.get(n, [])
        assert [(r.text, r.status) for r in rows_read] == [(t, s) for t, s, _ in expected], n
        for row, (_, _, words) in zip(rows_read, expected, strict=True):
            assert words in _echo(row), (row.text, _echo(row))


def test_a_guess_in_a_later_letter_leaves_the_earlier_order_in_force(store):
    """What is adjudicated is what the confirmation says: the orders gm was sure of, and the
    refused lines with the question gm asks."""
    _letters_read(store, "guesses_never_replace")
    [germany] = confirm(store, "g", "Germany")
    stands = germany.text.split("Orders to be adjudicated:")[1].split("\n\n")[0]
    orders = [line.strip() for line in stands.splitlines() if line.startswith("  ")
              and not line.startswith("    ")]  # deeper lines are the orders' notes
    assert orders == ["F Kie - Den", "A Ber - Sil", "A Mun - Ruh"]
    assert "replaces your earlier order in an earlier letter, A Ber - Kie" in stands
    assert "A Mun R Tyr" in germany.text.split("Kept for a later phase:")[1].split("\n\n")[0]
    refused = germany.text.split("Rejected:")[1].split("\n\n")[0]
    assert refused.count("this would replace your order in an earlier letter") == 3
    replaced = germany.text.split("Replaced or withdrawn:")[1]
    assert "A Ber - Kie  (replaced by your later order in a later letter, 'A Ber - Sil')" \
        in replaced
    adjudication.adjudicate(store, "g", no_orders=True)
    assert {(u.kind, u.province) for u in _position(store).units if u.power == "germany"} \
        == {("A", "ruh"), ("F", "den"), ("A", "sil")}


def test_one_players_two_headings_give_one_multiple_one_order(store):
    """HW 3 and 5: the Elatean heading's later order is the multiple's; the Spartan one it
    replaced is not adjudicated, and neither power is told a piece of it has no order."""
    _letters_read(store, "one_players_multiple")
    [sparta] = confirm(store, "g", "Sparta")
    assert "A Teg" not in sparta.text.split("No order yet for")[1]
    assert "2A Teg - Arc  (replaced by your later order on line 6, '2A Teg H')" in sparta.text
    adjudication.adjudicate(store, "g", no_orders=True)
    assert sorted((u.power, u.province) for u in _position(store).units
                  if u.province in ("teg", "man", "arc")) == [("elatea", "man"),
                                                                ("sparta", "man")]


def test_in_adjustments_each_power_keeps_its_own_orders():
    """HW 5: a Minor State is an independent power for adjustments: a removal of the Major's
    army and one of the Minor's, in one province, are two orders; in a movement phase, two
    orders to the pieces there are one player's orders to one multiple."""
    hoplite = load_map("hoplite-wars")
    remove = parse_order("Remove A Teg", hoplite)
    assert order_key(remove, "sparta", None, "Adjustment", hoplite) != \
        order_key(remove, "elatea", None, "Adjustment", hoplite)
    move = parse_order("2A Teg - Man", hoplite)
    assert order_key(move, "sparta", None, "Movement", hoplite) == \
        order_key(move, "elatea", None, "Movement", hoplite)
    assert order_key(move, "sparta", None, "Movement", hoplite) != \
        order_key(move, "athens", None, "Movement", hoplite)  # another player's


def _position(store):
    with store.transaction(write=False):
        return load_position(store, rows.open_phase(store, rows.get_game(store, "g")))
