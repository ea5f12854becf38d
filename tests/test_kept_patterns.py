"""The regular expressions the command line keeps compiled (gm.kept_patterns): a pattern built
from what is kept is the one `re` compiles, and a kept file that is missing, damaged, or left
by another Python or engine never changes what is compiled."""

from __future__ import annotations

import marshal
import re
import subprocess
import sys
from pathlib import Path
from re import _parser

import pytest

from gm.kept_code import KeptFile
from gm.kept_patterns import _FORM, ENGINE, PatternKeeper, engine_arguments, rebuilt

ROOT = Path(__file__).resolve().parents[1]
COMPILE = re._compiler.compile  # re's own, as this test process has it
# Expressions of every kind: text and bytes, groups named and not, each flag that shapes the
# program, inline flags, a look-behind, a back reference, a possessive repeat; the flags as a
# plain int, as `re` hands them over.
EXPRESSIONS = [(pattern, int(flags)) for pattern, flags in [
    (r"^(?P<kind>[AF])\s+(?P<place>\w+)(?:/(nc|sc))?$", 0),
    (r"army|fleet", re.IGNORECASE),
    (r"(?i)stra[ßs]+e", 0),
    (r"""(?P<year> \d{4} )  # the year
         -(?P<month> \d\d)  # the month""", re.VERBOSE),
    (r"^\w+$", re.ASCII | re.MULTILINE),
    (r"(?<=-)(?P<x>\w)\w*(?P=x)", re.DOTALL),
    (r"a*+b", re.IGNORECASE | re.ASCII),
    (rb"^(?P<head>[a-z]+):\s*(.*)$", re.MULTILINE),
    (rb"caf[e\xe9]", re.IGNORECASE | re.LOCALE),
    (rb"\w+", re.LOCALE),
]]


def keeper_at(path: Path) -> PatternKeeper:
    return PatternKeeper(str(path), COMPILE)


def assert_same(ours: re.Pattern, theirs: re.Pattern) -> None:
    """The same pattern: text, flags, groups, and (what `==` compares besides) the engine's
    program."""
    assert (ours.pattern, ours.flags, ours.groups, ours.groupindex) == \
        (theirs.pattern, theirs.flags, theirs.groups, theirs.groupindex)
    assert ours == theirs


def test_a_pattern_built_from_what_is_kept_is_the_one_re_compiles(tmp_path):
    path = tmp_path / "patterns.marshal"
    first = keeper_at(path)
    made = [first.compile(pattern, flags) for pattern, flags in EXPRESSIONS]
    assert first.compiled == len(EXPRESSIONS)
    first.save()

    second = keeper_at(path)
    second.compile_anew = None  # anything not kept would fail here
    for (pattern, flags), anew in zip(EXPRESSIONS, made, strict=True):
        kept = second.compile(pattern, flags)
        assert_same(kept, COMPILE(pattern, flags))
        assert_same(anew, COMPILE(pattern, flags))
    assert second.compiled == 0
    assert second.compile("(?P<kind>[AF])", 0).match("F").group("kind") == "F"
    assert second.compile(rb"caf[e\xe9]", int(re.IGNORECASE | re.LOCALE)).match(b"CAFE")
    assert second.compile(r"army|fleet", int(re.IGNORECASE)).fullmatch("FLEET")


def test_re_itself_uses_the_keeper_and_a_scanner_goes_to_re(tmp_path, monkeypatch):
    keeper = keeper_at(tmp_path / "patterns.marshal")
    monkeypatch.setattr(re._compiler, "compile", keeper.compile)
    re.purge()
    assert re.fullmatch(r"kept (\d+)", "kept 12").group(1) == "12"
    assert keeper.used == {(r"kept (\d+)", 0)}
    scanner = re.Scanner([(r"\d+", lambda s, t: int(t)), (r"\s+", None)])  # already parsed
    assert scanner.scan("1 22") == ([1, 22], "")
    assert keeper.compiled == 1
    re.purge()


def test_a_debug_compile_is_not_kept_and_prints_as_re_does(tmp_path, capsys):
    keeper = keeper_at(tmp_path / "patterns.marshal")
    ours = keeper.compile(r"a[bc]", int(re.DEBUG))
    printed = capsys.readouterr().out
    assert_same(ours, COMPILE(r"a[bc]", int(re.DEBUG)))
    assert printed and printed == capsys.readouterr().out
    assert keeper.kept == {} and keeper.compiled == 0


def test_a_bad_expression_is_refused_as_re_refuses_it(tmp_path):
    keeper = keeper_at(tmp_path / "patterns.marshal")
    with pytest.raises(re.error) as ours:
        keeper.compile(r"(?P<x>a", 0)
    with pytest.raises(re.error) as theirs:
        COMPILE(r"(?P<x>a", 0)
    assert str(ours.value) == str(theirs.value)
    assert keeper.kept == {}


@pytest.mark.parametrize("damage", [
    b"", b"not marshal at all", b"\xe9\x00\x00", marshal.dumps([1, 2, 3]),
    marshal.dumps(((_FORM, "3.99.0 (another Python)", ENGINE[1]), {})),
    marshal.dumps(((_FORM, ENGINE[0], ENGINE[1] + 1), {}))])  # another engine
def test_a_damaged_or_foreign_kept_file_only_means_compiling_again(tmp_path, damage):
    path = tmp_path / "patterns.marshal"
    path.write_bytes(damage)
    keeper = keeper_at(path)
    for pattern, flags in EXPRESSIONS:
        assert_same(keeper.compile(pattern, flags), COMPILE(pattern, flags))
    assert keeper.compiled == len(EXPRESSIONS)
    keeper.save()
    assert keeper_at(path).kept.keys() == keeper.kept.keys()  # written again, whole


def test_a_file_kept_by_another_python_or_engine_is_not_read(tmp_path):
    path = tmp_path / "patterns.marshal"
    first = keeper_at(path)
    first.compile(r"\d+", 0)
    first.save()
    assert keeper_at(path).kept.keys() == {(r"\d+", 0)}
    for engine in (("3.99.0 (another Python)", ENGINE[1]), (ENGINE[0], ENGINE[1] + 1)):
        assert KeptFile(str(path), (_FORM, *engine)).kept == {}


@pytest.mark.parametrize("broken", [
    b"\x00broken", marshal.dumps(12), marshal.dumps("text"),
    marshal.dumps((r"\d+", 0, [1, 2, 3], 0, {}, (None,))),  # a program the engine refuses
    marshal.dumps((r"\d+", 0, [2**40], 0, {}, (None,))),
    marshal.dumps(engine_arguments(r"\w+", 0, _parser.parse(r"\w+")))])  # another's
def test_a_kept_entry_the_engine_refuses_is_compiled_again(tmp_path, broken):
    keeper = keeper_at(tmp_path / "patterns.marshal")
    keeper.kept = {(r"\d+", 0): broken}
    assert_same(keeper.compile(r"\d+", 0), COMPILE(r"\d+", 0))
    assert keeper.compiled == 1
    assert rebuilt(None) is None


def test_the_kept_file_is_bounded(tmp_path, monkeypatch):
    """Past its limit, the file keeps only what the last run asked for."""
    path = tmp_path / "patterns.marshal"
    old = keeper_at(path)
    for n in range(30):
        old.compile(f"a{{{n}}}", 0)
    old.save()
    monkeypatch.setattr(PatternKeeper, "limit", 20)
    keeper = keeper_at(path)
    keeper.compile("a{1}", 0)
    keeper.compile("new", 0)
    keeper.save()
    assert set(keeper_at(path).kept) == {("a{1}", 0), ("new", 0)}


def test_only_the_command_line_keeps_patterns_and_code(tmp_path):
    """A program that imports gm, the command line's modules included, compiles as usual.
    Two runs of `gm datc` on a fresh cache folder: the first keeps the expressions and code it
    compiles (gm.kept_code), the second compiles none, and prints the same; every kept pattern
    is the one `re` compiles."""
    env = {"GM_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    plain = ("import collections, dataclasses, inspect, re, typing\n"
             "import gm.cli, gm.launcher, gm.kept_code, gm.kept_patterns, gm.orders.quick\n"
             "from re import _compiler\n"
             "assert _compiler.compile.__module__ == 're._compiler', _compiler.compile\n"
             "assert not {'exec', 'eval', 'compile'} & (vars(dataclasses).keys()\n"
             "    | vars(collections).keys() | vars(typing).keys() | vars(inspect).keys())\n")
    run = subprocess.run([sys.executable, "-c", plain], env=env, cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert not (tmp_path / "cache").exists()

    case_file = tmp_path / "cases.txt"
    case_file.write_text(
        "VARIANT_ALL Standard\nCASE Bounce\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n"
        "France: A Par\nGermany: A Mun\nORDERS\nFrance: A Par - Bur\nGermany: A Mun - Bur\n"
        "POSTSTATE\nFrance: A Par\nGermany: A Mun\nEND\n")
    probe = ("import atexit, sys\nsys.argv = ['gm', 'datc', sys.argv[1]]\n"
             "import gm.kept_code, gm.kept_patterns\n"
             "def counted(module, name):\n    keep = getattr(module, name)\n"
             "    def keep_counted():\n        keeper = keep()\n"
             "        atexit.register(lambda: print(name, keeper.compiled))\n"
             "        return keeper\n    setattr(module, name, keep_counted)\n"
             "counted(gm.kept_code, 'keep_code')\n"
             "counted(gm.kept_patterns, 'keep_patterns')\n"
             "from gm.launcher import main\nmain()\n")
    runs = [subprocess.run([sys.executable, "-c", probe, str(case_file)], env=env, cwd=ROOT,
                           capture_output=True, text=True) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    first, second = (run.stdout.splitlines() for run in runs)
    assert first[:-2] == second[:-2] and first[0] == "1 passed, 0 failed"
    compiled = dict(line.split() for line in first[-2:])
    assert int(compiled["keep_patterns"]) > 5  # the standard library's and gm's
    assert int(compiled["keep_code"]) > 50  # gm's records, tuples and references
    assert sorted(second[-2:]) == ["keep_code 0", "keep_patterns 0"]
    assert list((tmp_path / "cache").glob("code-*.marshal"))

    (kept_file,) = (tmp_path / "cache").glob("patterns-*.marshal")
    key, kept = marshal.loads(kept_file.read_bytes())
    assert key == (_FORM, *ENGINE) and len(kept) > 5
    for (pattern, flags), arguments in kept.items():
        assert_same(rebuilt(marshal.loads(arguments)), COMPILE(pattern, flags))
