"""The registry of order kinds (`gm.orders.kind_registry`): every line of `WHERE` loads the
kind it names, every kind a module of `gm/orders/kinds/` declares has its line, and a kind's
module is loaded only when one of its orders is met, read or stored, so that `gm status` of a
game with no order of a kind never loads it (the laziness shows only in a new process)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import gm.orders.kinds as kinds_package
from gm.orders.kind_registry import READ_BY, WHERE, declared

ROOT = Path(__file__).resolve().parents[2]


def test_each_line_loads_the_kind_it_names():
    for name, load in WHERE.items():
        assert name in [kind.order.__name__ for kind in load()]


def test_every_kind_a_module_declares_has_its_line_in_the_modules_order():
    found = []
    for info in sorted(pkgutil.iter_modules(kinds_package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"gm.orders.kinds.{info.name}")
        found.extend(kind.order.__name__ for kind in getattr(module, "KINDS", ()))
    assert found == list(WHERE)
    assert [kind.order.__name__ for kind in declared()] == list(WHERE)


def test_each_grammar_form_names_the_kind_that_reads_it():
    assert READ_BY == {form: kind.order.__name__ for kind in declared() for form in kind.reads}


def _fresh(code: str) -> list:
    """What a new Python process prints (as JSON) after running `code`."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


_LOADED = ("[m.rsplit('.', 1)[1] for m in sorted(sys.modules) "
           "if m.startswith('gm.orders.kinds.') and m != 'gm.orders.kinds.order_kind']")


def test_a_kinds_module_is_loaded_when_one_of_its_orders_is_asked_about():
    seen = _fresh(
        "import json, sys\n"
        "from gm.orders import kind_registry as r\n"
        f"before = {_LOADED}\n"
        "move = r.order_type('Move')\n"
        f"after_move = {_LOADED}\n"
        "kind = r.kind_of(move('france', 'A', 'par', 'bur'))\n"
        "convoy = r.glue('convoy')\n"
        f"after_convoy = {_LOADED}\n"
        "r.declared()\n"
        f"print(json.dumps([before, after_move, kind.name, convoy.name, after_convoy, {_LOADED}]))\n")
    before, after_move, move_name, convoy_name, after_convoy, at_last = seen
    assert before == []
    assert "move" in after_move and "convoy" not in after_move and "merge" not in after_move
    assert (move_name, convoy_name) == ("a move", "a convoy")
    assert "convoy" in after_convoy and not {"merge", "loan", "split"} & set(after_convoy)
    assert {"convoy", "merge", "loan", "split", "support"} <= set(at_last)


def test_status_of_a_game_reads_its_stored_orders_back_in_a_new_process(tmp_path):
    def gm(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "gm", *args, "--db", str(tmp_path / "g.db")],
                              cwd=tmp_path, capture_output=True, text=True, check=True).stdout

    gm("new", "g")
    letter = tmp_path / "l.txt"
    letter.write_text("England:\nF Lon - Nth\nF Edi S F Lon - Nth\nA Lvp - Yor\n",
                      encoding="utf-8")
    gm("orders", "g", str(letter))
    letter.write_text("Germany:\nF Kie - Den\nA Ber H\n", encoding="utf-8")
    gm("orders", "g", str(letter))
    status = gm("status", "g")
    assert "  England     3 orders\n" in status
    assert "  Germany     2 orders; no order yet for A Mun\n" in status
    assert "  France      0 orders; no order yet for F Bre, A Mar, A Par\n" in status
    listed = gm("orders", "g", "--list")
    assert "F Edi S F Lon - Nth" in listed and "A Ber H" in listed


def _words_as_lists(words) -> list:
    return [[getattr(w, f) for f in ("verb", "begins", "names", "signs", "headings", "leads")]
            for w in words]


_KEPT_WORDS = (
    "import json, sys\n"
    "from gm.orders.kind_registry import kept_words\n"
    "words = kept_words()\n"
    f"loaded = {_LOADED}\n"
    "from gm.orders.kind_registry import declared\n"
    "own = [k.words for k in declared()]\n"
    "print(json.dumps([words == tuple(own), [list(map(str, w.__dict__.values())) for w in words],"
    " loaded]))\n")


def test_the_kept_words_are_the_kinds_own_and_once_kept_load_no_kind(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    same, first, loaded = _fresh(_KEPT_WORDS)  # nothing kept yet: taken from the kinds
    assert same and len(first) == len(WHERE)
    assert {"merge", "loan", "split", "waive"} <= set(loaded)
    same, again, loaded = _fresh(_KEPT_WORDS)  # kept: no kind loaded to give them
    assert same and again == first
    assert loaded == []


def test_kept_words_made_from_other_files_are_taken_again_from_the_kinds(tmp_path, monkeypatch):
    from gm.disk_cache import write_cached
    from gm.orders import kind_registry

    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    own = tuple(kind.words for kind in declared())
    cache = tmp_path / kind_registry._words_file()
    key = kind_registry._words_key()
    assert len(key[2]) == len(list(Path(kinds_package.__path__[0]).glob("*.py")))
    write_cached(cache, (key[0], key[1], key[2][1:]), own[::-1])  # a kind's file is not the same
    assert kind_registry.kept_words() == own
    write_cached(cache, key, own[:3])  # a table of other kinds than WHERE's
    assert kind_registry.kept_words() == own


def test_a_letter_loads_the_kinds_of_its_orders_only(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_CACHE", str(tmp_path))
    code = ("import json, sys\n"
            "from gm.maps import load_map\n"
            "from gm.orders.letters import read_orders\n"
            "letter = read_orders('FRANCE:\\nA Par - Bur\\nA Mar S A Par - Bur\\nF Bre - Mid\\n',"
            " load_map('standard'), phase_kind='Movement')\n"
            f"print(json.dumps([[str(o.order) for o in letter.orders], {_LOADED}]))\n")
    _fresh(code)  # the first run keeps the kinds' words
    orders, loaded = _fresh(code)
    assert orders == ["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mid"]
    assert "move" in loaded and "support" in loaded
    assert not {"merge", "split", "loan", "waive", "sack", "destroy_centre",
                "convoy"} & set(loaded)
