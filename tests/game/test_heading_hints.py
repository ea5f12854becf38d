"""A hint that shows a heading names a power of the game's own map: a Lord of Hosts GM is
told to write 'Egypt:', not the standard map's 'France:'."""

from __future__ import annotations

from tests.cli.conftest import Gm


def test_a_letter_for_two_powers_without_headings_is_told_a_heading_of_this_maps_powers(
        tmp_path):
    from gm.maps import load_map

    gm = Gm(tmp_path / "gm.db")
    gm("new", "g", "--variant", "lord-of-hosts")
    powers = list(load_map("lord-of-hosts").powers.values())
    letter = tmp_path / "letter.txt"
    # one piece of Egypt and one of Hatti, no heading: gm cannot tell whose letter it is
    letter.write_text("".join(f"{p.units[0]} Holds\n" for p in (powers[0], powers[2])),
                      encoding="utf-8")
    shown = gm("orders", "g", str(letter), ok=False).output
    assert "without saying whose orders they are" in shown, shown
    assert "'Egypt:'" in shown and "France" not in shown


def test_an_archive_line_before_any_power_names_a_power_of_its_map(tmp_path):
    from gm.store.archive import read_archive
    from gm.store.store_errors import ArchiveError

    text = ("Variant: lord-of-hosts\nGame: g\n\nSpring 1000 BC\n"
            "A Xyz Holds\n")
    try:
        read_archive(text, "g.txt")
    except ArchiveError as exc:
        message = str(exc)
    else:
        raise AssertionError("an order before any power's name was read")
    assert "comes before any power's name" in message, message
    assert "'Egypt:'" in message and "France" not in message
