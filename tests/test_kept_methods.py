"""The dataclass methods the command line keeps compiled (gm.kept_methods): a class made from
kept code is the class Python makes, and a kept file that is missing, damaged or left by
another run never changes what is made."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from gm.kept_methods import MethodKeeper

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def make_record(keeper: MethodKeeper | None, monkeypatch):
    """A frozen, slotted record with a default and a default factory, made with `keeper`'s
    `exec` (None: Python's own)."""
    with monkeypatch.context() as patch:
        if keeper is not None:
            patch.setattr(dataclasses, "exec", keeper.exec, raising=False)

        @dataclasses.dataclass(frozen=True, slots=True)
        class Record:
            name: str
            strength: int = 1
            supports: tuple = ()
            notes: list = dataclasses.field(default_factory=list)

    return Record


def code_of(cls, method):
    code = getattr(cls, method).__code__
    return code.co_code, code.co_consts, code.co_names, code.co_varnames


def test_a_record_made_from_kept_code_is_the_record_python_makes(tmp_path, monkeypatch):
    path = str(tmp_path / "methods.marshal")
    first = MethodKeeper(path)
    made_first = make_record(first, monkeypatch)
    assert first.compiled == len(METHODS)  # nothing kept yet: every method compiled
    first.save()

    second = MethodKeeper(path)
    from_kept = make_record(second, monkeypatch)
    assert second.compiled == 0  # every method's code came from the file
    plain = make_record(None, monkeypatch)
    for method in METHODS:
        assert code_of(from_kept, method) == code_of(plain, method) == code_of(made_first, method)

    record = from_kept("Paris")
    assert (record.name, record.strength, record.supports, record.notes) == ("Paris", 1, (), [])
    assert record == from_kept("Paris") and record != from_kept("Paris", 2)
    assert repr(record).endswith("Record(name='Paris', strength=1, supports=(), notes=[])")
    assert from_kept("Paris").notes is not record.notes  # the factory runs per record
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.name = "Brest"
    assert refusal(record) == refusal(plain("Paris"))  # what Python says, its own bugs and all


def refusal(record) -> str:
    """What setting a name that is not a field raises (on Python 3.11 a frozen, slotted
    dataclass raises a TypeError of its own making here)."""
    try:
        record.other = 1
    except (AttributeError, TypeError) as refused:
        return type(refused).__name__
    return "nothing"


@pytest.mark.parametrize("damage", [b"", b"not marshal at all", b"\xe9\x00\x00"])
def test_a_damaged_kept_file_only_means_compiling_again(tmp_path, monkeypatch, damage):
    path = tmp_path / "methods.marshal"
    path.write_bytes(damage)
    keeper = MethodKeeper(str(path))
    record = make_record(keeper, monkeypatch)("Rome")
    assert record.strength == 1 and keeper.compiled == len(METHODS)
    keeper.save()
    assert MethodKeeper(str(path)).kept.keys() == keeper.kept.keys()  # written again, whole


def test_a_kept_code_that_does_not_load_is_compiled_again(tmp_path, monkeypatch):
    path = str(tmp_path / "methods.marshal")
    first = MethodKeeper(path)
    make_record(first, monkeypatch)
    first.save()
    damaged = MethodKeeper(path)
    damaged.kept = {text: b"\x00broken" for text in damaged.kept}
    assert make_record(damaged, monkeypatch)("Rome").name == "Rome"
    assert damaged.compiled == len(METHODS)


def test_a_folder_that_cannot_be_written_only_means_nothing_is_kept(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be")
    keeper = MethodKeeper(str(blocked / "methods.marshal"))
    make_record(keeper, monkeypatch)
    keeper.save()  # no exception
    assert not (blocked / "methods.marshal").exists()


def test_the_command_line_keeps_the_methods_and_answers_the_same(tmp_path):
    """Two runs of `gm datc` on a fresh cache folder: the first writes the kept file, the
    second compiles no dataclass method and prints the same."""
    case_file = tmp_path / "cases.txt"
    case_file.write_text(
        "VARIANT_ALL Standard\nCASE Bounce\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\nFrance: A Par\n"
        "Germany: A Mun\nORDERS\nFrance: A Par - Bur\nGermany: A Mun - Bur\n"
        "POSTSTATE\nFrance: A Par\nGermany: A Mun\nEND\n")
    env = {"GM_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    probe = ("import atexit, sys\nsys.argv = ['gm', 'datc', sys.argv[1]]\n"
             "import gm.kept_methods as k\nkeep = k.keep_methods\n"
             "def counted():\n    keeper = keep()\n"
             "    atexit.register(lambda: print('compiled', keeper.compiled))\n    return keeper\n"
             "k.keep_methods = counted\nfrom gm.launcher import main\nmain()\n")
    runs = [subprocess.run([sys.executable, "-c", probe, str(case_file)], env=env, cwd=ROOT,
                           capture_output=True, text=True) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    assert list((tmp_path / "cache").glob("methods-*.marshal"))
    first, second = (run.stdout.splitlines() for run in runs)
    assert first[:-1] == second[:-1] and first[0] == "1 passed, 0 failed"
    assert int(first[-1].split()[1]) > 50  # gm's records, compiled once
    assert second[-1] == "compiled 0"


def test_every_dataclass_of_gm_says_what_it_is():
    """A dataclass without a docstring gets one written from `inspect.signature` each time
    its module is imported (about 0.4 M instructions a class, which no kept file can spare):
    each of gm's says in a line what it is instead."""
    import ast

    lacking = []
    for path in sorted((ROOT / "gm").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None and any(
                    "dataclass" in ast.unparse(d) for d in node.decorator_list):
                lacking.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert lacking == []
