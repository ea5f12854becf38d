"""Archives as a careless world hands them back (issue 28, "Archives"): cut off mid-line,
saved in another charset, or recording a draw `gm agree-draw` would refuse. Each is replayed
or refused with a line that names the file, the line and what to do; never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.store.archive import read_archive

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "games" / "rise-of-rome-ii-demo.txt"


def mid_line(data: bytes, fraction: float) -> int:
    """A byte offset near `fraction` of the file that falls inside a line's text."""
    at = int(len(data) * fraction)
    while data[at:at + 1] in (b"\n", b" ") or data[at - 1:at] in (b"\n", b" "):
        at += 1
    return at


@pytest.mark.parametrize("fraction", [0.1, 0.5])
def test_an_archive_cut_mid_line_replays_as_a_game_in_progress(gm, tmp_path, fraction):
    data = DEMO.read_bytes()
    cut = tmp_path / "cut.txt"
    cut.write_bytes(data[:mid_line(data, fraction)])
    last = read_archive(cut.read_text(encoding="utf-8"), "cut").phases[-1].heading
    out = gm("replay", str(cut), "--check", "--as", "cut", "-q").output
    assert "no differences" in out
    assert f"the archive ends in the middle of {last}" in " ".join(out.split())
    assert f"now at {last};" in out
    again = tmp_path / "again.txt"
    gm("export", "cut", str(again))  # the game in progress, whole again
    gm("replay", str(again), "--check", "--as", "again", "-q")


def test_a_line_cut_inside_a_word_is_left_out_with_a_note(gm, tmp_path):
    text = DEMO.read_text(encoding="utf-8")
    at = text.index("\n  Rome:", text.index("Outcome:")) + len("\n  Ro")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[:at], encoding="utf-8")
    out = " ".join(gm("replay", str(cut), "--check", "--as", "cut", "-q").output.split())
    assert "cut off ('Ro')" in out and "its recorded outcome is not used" in out
    assert "now at Spring 220 BC;" in out


def test_a_fragment_inside_the_archive_is_refused_with_its_line(gm, tmp_path):
    text = DEMO.read_text(encoding="utf-8")
    at = text.index("\n", text.index("Outcome:")) + 1
    broken = tmp_path / "broken.txt"
    broken.write_text(text[:at] + "  Cart\n" + text[at:], encoding="utf-8")
    line = text[:at].count("\n") + 1
    out = gm("replay", str(broken), "--as", "broken", ok=False).output
    assert f"broken.txt:{line}: cannot read the outcome line 'Cart'" in " ".join(out.split())


def test_a_cut_inside_a_character_loses_only_that_character(gm, tmp_path):
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace("Notes: A demonstration", "Notes: Grüße. A demonstration", 1)
    data = text.encode("utf-8")
    spring = data.index(b"\nSpring 219 BC\n") + len(b"\nSpring 219 BC\n")
    data = data[:spring] + "Press from Rome:\n  | Ave, Cæsar\n".encode() + data[spring:]
    at = data.index("Cæsar".encode()) + 2  # inside the two bytes of æ
    cut = tmp_path / "cut.txt"
    cut.write_bytes(data[:at])
    out = gm("replay", str(cut), "--check", "--as", "cut", "-q").output
    assert "no differences" in out and "Traceback" not in out


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "utf-16", "utf-16-le"])
def test_an_archive_in_another_charset_is_read_as_letters_are(gm, tmp_path, encoding):
    words = "Grüße aus Wien – € 5, à bientôt" if encoding == "cp1252" \
        else "Grüße aus Wien, à bientôt"
    text = DEMO.read_text(encoding="utf-8").replace(
        "Notes: A demonstration", f"Notes: {words}. A demonstration", 1)
    saved = tmp_path / "saved.txt"
    saved.write_bytes(text.encode(encoding))
    gm("replay", str(saved), "--check", "--as", "saved", "-q")
    again = tmp_path / "again.txt"
    gm("export", "saved", str(again))
    assert words in again.read_text(encoding="utf-8")


def test_bytes_that_are_no_text_are_refused_naming_the_line(gm, tmp_path):
    data = DEMO.read_bytes()
    at = data.index(b"\n", 2000) + 1
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data[:at] + bytes(range(0, 32)) * 40 + b"\n" + data[at:])
    out = gm("replay", str(bad), "--as", "bad", ok=False).output
    line = data[:at].count(b"\n") + 1
    assert f"bad.txt:{line}: this line holds bytes that are no text" in " ".join(out.split())


def test_a_draw_agree_draw_would_refuse_is_refused(gm, tmp_path):
    gm("new", "peace")
    gm("adjudicate", "peace", "--no-orders")
    archive = tmp_path / "peace.txt"
    gm("export", "peace", str(archive))
    archive.write_text(archive.read_text() + "\nResult: Draw: Austria, England\n")
    for check in ([], ["--check"]):
        out = gm("replay", str(archive), "--as", "peace2", *check, ok=False).output
        words = " ".join(out.split())
        assert "a draw is shared by every surviving power" in words
        assert f"{archive.name}:{archive.read_text().count(chr(10))}:" in words
    archive.write_text(archive.read_text().replace(
        "Draw: Austria, England", "Draw: Austria, England, France, Germany, Italy, Russia, "
                                  "Turkey"))
    assert "Result: Draw" in gm("replay", str(archive), "--check", "--as", "peace3").output


@pytest.mark.parametrize("how", ["recorded", "by hand"])
def test_a_last_order_without_a_line_end_is_replayed(gm, tmp_path, how):
    """An editor that writes no final line end: the archive's last line, an order that reads
    whole, is the GM's order, not a line cut off."""
    gm("new", "G")
    gm("orders", "G", "-", "--power", "Germany", input="A Mun - Ruh\n")
    archive = tmp_path / "g.txt"
    gm("export", "G", str(archive))
    text = archive.read_text(encoding="utf-8")
    assert text.rstrip().endswith("| A Mun - Ruh")
    added = "  | A Ber - Kie" if how == "recorded" else "Germany:\n  A Ber - Kie"
    archive.write_text(text + added, encoding="utf-8")  # no line end after it
    out = " ".join(gm("replay", str(archive), "--as", "H").output.split())
    assert "cut off" not in out
    listed = " ".join(gm("orders", "H", "--list").output.split())
    assert "A Mun - Ruh" in listed and "A Ber - Kie" in listed
    archive.write_text(text + added[:-2], encoding="utf-8")  # `A Ber - K`: cut short
    out = " ".join(gm("replay", str(archive), "--as", "I").output.split())
    assert "cut off" in out and "A Ber - K" in out
    assert "A Ber" not in " ".join(gm("orders", "I", "--list").output.split())
