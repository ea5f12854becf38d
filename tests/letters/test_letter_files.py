"""Reading rules 6 and 7: a letter in any common charset is read; bytes that are not text, an
argument that is not UTF-8, and a letter too big to be one are refused in one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gm.game.letter_bytes import check_size, letter_text
from gm.game.workflow_errors import WorkflowError

LETTER = "France:\r\nA Par - Bur\r\nF Bre - Mid\r\nÀ bientôt, café «crème» — Gérard\r\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le",
                                      "latin-1", "cp1252"])
def test_a_letter_in_any_common_charset_reads_the_same(encoding):
    text = LETTER if encoding != "latin-1" else LETTER.replace("—", "-")
    data = text.encode(encoding)
    assert letter_text(data, "letter.txt") == text.replace("\r\n", "\n")


def test_bytes_that_are_not_text_are_refused_in_one_line():
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(range(256)) * 8
    with pytest.raises(WorkflowError, match=r"^letter.txt is not text$"):
        letter_text(png, "letter.txt")


def test_a_letter_too_big_is_refused_unless_forced():
    text = "A Par H\n" * 5001
    with pytest.raises(WorkflowError, match="5,001 lines.*--force"):
        check_size(text, "big.txt", force=False)
    check_size(text, "big.txt", force=True)
    check_size("A Par H\n" * 5000, "ok.txt", force=False)
    with pytest.raises(WorkflowError, match="bytes"):
        check_size("x" * 1_000_001, "wide.txt", force=False)


def test_the_cli_reads_a_cp1252_file_and_refuses_a_binary_one(gm, tmp_path):
    gm("new", "demo")
    letter = tmp_path / "letter.txt"
    letter.write_bytes(LETTER.encode("cp1252"))
    echo = gm("orders", "demo", str(letter)).output
    assert "A Par - Bur" in echo and "café «crème» — Gérard" in echo
    picture = tmp_path / "picture.txt"
    picture.write_bytes(bytes(range(256)) * 20)
    refused = gm("orders", "demo", str(picture), ok=False)
    assert refused.output.strip() == f"gm: {picture} is not text"


def test_an_argument_that_is_not_utf8_is_refused_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "gm", "orders", b"g\xff", "x.txt"],
                          capture_output=True, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.decode().strip() == \
        "gm: the argument g\\xff is not text (not valid UTF-8); type it again."
