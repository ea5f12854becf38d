"""Reading what gm keeps in its cache folder: the value kept under the same key, read without
importing `pickle`'s Python half (every command reads a kept map), and nothing for a file
that is damaged or kept under another key."""

from __future__ import annotations

import subprocess
import sys

from gm.disk_cache import read_cached, write_cached


def test_a_kept_value_is_read_back_in_a_new_process_without_pickle_s_python_half(tmp_path):
    kept = tmp_path / "value.pickle"
    write_cached(kept, ("key", 1), {"a": (1, 2), "b": frozenset({"x"})})
    code = ("import sys\nfrom pathlib import Path\nfrom gm.disk_cache import read_cached\n"
            "print(read_cached(Path(sys.argv[1]), ('key', 1)), 'pickle' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code, str(kept)], capture_output=True,
                          text=True, check=True)
    assert proc.stdout == "{'a': (1, 2), 'b': frozenset({'x'})} False\n"


def test_a_value_kept_under_another_key_or_damaged_is_not_read(tmp_path):
    kept = tmp_path / "value.pickle"
    write_cached(kept, ("key", 1), [1, 2])
    assert read_cached(kept, ("key", 1)) == [1, 2]
    assert read_cached(kept, ("key", 2)) is None
    kept.write_bytes(kept.read_bytes()[:-3])
    assert read_cached(kept, ("key", 1)) is None
    kept.write_bytes(b"not a pickle")
    assert read_cached(kept, ("key", 1)) is None
    assert read_cached(tmp_path / "missing.pickle", ("key", 1)) is None
