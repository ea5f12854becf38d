"""The code the command line keeps compiled (gm.kept_code): a dataclass, a namedtuple or a
forward reference made from kept code is the one Python makes, and a kept file that is missing,
damaged, or left by another run or Python never changes what is made. That only the command
line keeps code, and that its second run compiles none, is tests/test_kept_patterns.py's last
test."""

from __future__ import annotations

import builtins
import collections
import dataclasses
import inspect
import marshal
import sys
import typing
from pathlib import Path
from types import SimpleNamespace

import pytest

from gm.kept_code import _FORM, CodeKeeper

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
# The texts `dataclasses` writes (and so compiles) for one such record: up to Python 3.12 one
# per method; from 3.13 one in all, a function that makes every method and returns them.
TEXTS = len(METHODS) if sys.version_info < (3, 13) else 1


def keeper_at(path) -> CodeKeeper:
    return CodeKeeper(str(path), (_FORM, sys.version))


def make_record(keeper: CodeKeeper | None, monkeypatch):
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
    path = tmp_path / "code.marshal"
    first = keeper_at(path)
    made_first = make_record(first, monkeypatch)
    assert first.compiled == TEXTS  # nothing kept yet: every method compiled
    first.save()

    second = keeper_at(path)
    from_kept = make_record(second, monkeypatch)
    assert second.compiled == 0  # every method's code came from the file
    plain = make_record(None, monkeypatch)
    for method in METHODS:
        assert code_of(from_kept, method) == code_of(plain, method) == code_of(made_first, method)
        # compiled as dataclasses compiles: no `from __future__ import annotations` of ours
        assert getattr(from_kept, method).__annotations__ == getattr(plain, method).__annotations__
    assert from_kept.__init__.__annotations__["strength"] == "int"  # the field's (this file
    # has `from __future__ import annotations`), not the name dataclasses gives it in the text

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


def test_a_namedtuple_and_a_forward_reference_made_from_kept_code_are_pythons(
        tmp_path, monkeypatch):
    path = tmp_path / "code.marshal"

    def made(keeper: CodeKeeper | None):
        with monkeypatch.context() as patch:
            if keeper is not None:
                patch.setattr(collections, "eval", keeper.eval, raising=False)
                patch.setattr(typing, "compile", keeper.compile, raising=False)
            point = collections.namedtuple("Point", "x y", defaults=(0,))
            ref = typing.ForwardRef("dict[str, Point]")
        return point, ref

    first = keeper_at(path)
    made(first)
    assert first.compiled == 2  # Point's __new__ and the reference's expression
    first.save()
    second = keeper_at(path)
    point, ref = made(second)
    assert second.compiled == 0
    plain_point, plain_ref = made(None)
    assert code_of(point, "__new__") == code_of(plain_point, "__new__")
    assert point.__new__.__defaults__ == plain_point.__new__.__defaults__ == (0,)
    assert point(1) == (1, 0) and repr(point(1, 2)) == "Point(x=1, y=2)"
    assert ref == plain_ref and ref.__forward_code__ == plain_ref.__forward_code__
    holder = SimpleNamespace(__annotations__={"points": ref})  # as a field's annotation is read
    assert typing.get_type_hints(holder, {"Point": point}) == {"points": dict[str, point]}
    with pytest.raises(SyntaxError):  # as ForwardRef says of a text that is no expression
        made(second)[1].__class__("not an expression (")


def test_a_signature_read_with_kept_code_is_pythons(tmp_path, monkeypatch):
    """typer asks `inspect` for each command's signature with its annotations (text, under
    `from __future__ import annotations`) evaluated."""

    def command(game: str, letters: list[Path] | None = None, *, quiet: bool = False) -> int:
        return 0

    plain = inspect.signature(command, eval_str=True)
    keeper = keeper_at(tmp_path / "code.marshal")
    for _ in range(2):
        with monkeypatch.context() as patch:
            patch.setattr(inspect, "eval", keeper.eval, raising=False)
            assert inspect.signature(command, eval_str=True) == plain
    assert keeper.compiled == 4 and len(keeper.used) == 4  # compiled once, then taken back
    assert plain.parameters["letters"].annotation == list[Path] | None


def test_exec_and_eval_given_no_namespace_use_the_callers_as_pythons_do(tmp_path):
    """None of the modules gm hooks calls them so, but a kept `exec` or `eval` must act as
    Python's own: in the caller's names (on Python 3.13, a copy of a function's)."""
    keeper = keeper_at(tmp_path / "code.marshal")

    def run(exec, eval):  # noqa: A002 - as the modules call them
        seen = 41
        exec("made = seen + 1")
        return eval("seen + 1"), locals().get("made"), seen

    assert run(keeper.exec, keeper.eval) == run(builtins.exec, builtins.eval)
    names = {}
    keeper.exec("made = 1", names, closure=None)  # what more `exec` takes, passed on
    assert names["made"] == 1


@pytest.mark.parametrize("damage", [b"", b"not marshal at all", b"\xe9\x00\x00",
                                    marshal.dumps(((_FORM, "another Python"), {})),
                                    marshal.dumps(["a list", "of", "texts"])])
def test_a_damaged_or_foreign_kept_file_only_means_compiling_again(tmp_path, monkeypatch,
                                                                   damage):
    path = tmp_path / "code.marshal"
    path.write_bytes(damage)
    keeper = keeper_at(path)
    record = make_record(keeper, monkeypatch)("Rome")
    assert record.strength == 1 and keeper.compiled == TEXTS
    keeper.save()
    assert keeper_at(path).kept.keys() == keeper.kept.keys()  # written again, whole


def test_a_file_kept_for_another_python_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "code.marshal"
    first = keeper_at(path)
    make_record(first, monkeypatch)
    first.save()
    assert len(keeper_at(path).kept) == TEXTS
    assert CodeKeeper(str(path), (_FORM, "3.99.0 (elsewhere)")).kept == {}


@pytest.mark.parametrize("broken", [b"\x00broken", marshal.dumps(12), marshal.dumps("text")])
def test_a_kept_code_that_does_not_load_is_compiled_again(tmp_path, monkeypatch, broken):
    path = tmp_path / "code.marshal"
    first = keeper_at(path)
    make_record(first, monkeypatch)
    first.save()
    damaged = keeper_at(path)
    damaged.kept = {text: broken for text in damaged.kept}
    assert make_record(damaged, monkeypatch)("Rome").name == "Rome"
    assert damaged.compiled == TEXTS


def test_a_folder_that_cannot_be_written_only_means_nothing_is_kept(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be")
    keeper = keeper_at(blocked / "code.marshal")
    make_record(keeper, monkeypatch)
    keeper.save()  # no exception
    assert not (blocked / "code.marshal").exists()


def test_the_kept_file_is_bounded(tmp_path, monkeypatch):
    """Past its limit, the file keeps only what the last run asked for."""
    path = tmp_path / "code.marshal"
    old = keeper_at(path)
    for n in range(40):
        old.code(f"x + {n}", "eval")
    old.save()
    monkeypatch.setattr(CodeKeeper, "limit", 30)
    keeper = keeper_at(path)
    make_record(keeper, monkeypatch)
    keeper.code("x + 1", "eval")
    keeper.save()
    assert set(keeper_at(path).kept) == keeper.used and len(keeper.used) == TEXTS + 1


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


# What a process makes of every class and command of gm: each method `dataclasses` or
# `collections.namedtuple` wrote as text, each NamedTuple field's forward reference, each
# function's signature with its annotations evaluated (as typer reads them). Run as the plain
# library and as the command line runs it, with kept code (first compiled, then from the file).
MADE = """
import importlib, inspect, pkgutil, re, sys, typing
if sys.argv[1] == "kept":
    from gm.kept_code import keep_code
    keeper = keep_code()
import gm

def const(value):
    if hasattr(value, "co_code"):
        return shape(value)
    if isinstance(value, frozenset):  # the same set, perhaps iterated in another order
        return sorted(map(repr, value))
    return repr(value)

def shape(code):
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
            code.co_flags, code.co_linetable, code.co_exceptiontable, code.co_qualname,
            [const(value) for value in code.co_consts])

made = []
for info in pkgutil.walk_packages(gm.__path__, "gm."):
    if info.name == "gm.__main__":
        continue
    module = importlib.import_module(info.name)
    for name, value in sorted(vars(module).items()):
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if isinstance(value, type):
            for method, function in sorted(vars(value).items()):
                code = getattr(function, "__code__", None)
                if code is not None and code.co_filename == "<string>":
                    made.append((name, method, shape(code), repr(function.__annotations__),
                                 repr(function.__defaults__), function.__qualname__))
            for field, hint in sorted(vars(value).get("__annotations__", {}).items()):
                if isinstance(hint, typing.ForwardRef):
                    made.append((name, field, shape(hint.__forward_code__)))
        elif inspect.isfunction(value):
            try:
                made.append((name, str(inspect.signature(value, eval_str=True))))
            except NameError as error:  # a name imported only for type checkers
                made.append((name, str(error)))
print(keeper.compiled if sys.argv[1] == "kept" else "-", len(made))
print(re.sub(" at 0x[0-9a-f]+", "", repr(made)))  # (an object's address differs in every run)
"""


def test_every_class_and_command_of_gm_made_with_kept_code_is_what_python_makes(tmp_path):
    """What this Python makes of gm's modules, with kept code or without, is the same: the
    hooks catch every text those modules compile, and change nothing of what they make."""
    import os
    import subprocess

    env = dict(os.environ, GM_CACHE=str(tmp_path / "cache"), PYTHONHASHSEED="0")

    def made(how: str) -> tuple[str, str]:
        done = subprocess.run([sys.executable, "-c", MADE, how], capture_output=True,
                              text=True, env=env, cwd=tmp_path, check=True)
        counts, made = done.stdout.split("\n", 1)
        return counts.split(), made

    (_, plain_count), plain = made("plain")
    (compiled, cold_count), cold = made("kept")
    (compiled_again, _), warm = made("kept")
    assert int(plain_count) > 1000 and int(compiled) > 500 and compiled_again == "0"
    assert cold == plain and warm == plain
