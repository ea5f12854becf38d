"""The usual command-line conventions: `--version`, `-h`, shell completion, examples in the
help of the main commands, arguments named in words, a clear `gm variants` with no maps, and
commands that load only what they use."""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gm as gm_package

ROOT = Path(__file__).resolve().parents[2]
EXAMPLED = ("new", "orders", "adjudicate", "report", "replay", "draw")


def run_gm(*args: str, env: dict | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          check=False, env=env, cwd=cwd)


def command_names() -> list[list[str]]:
    from typer.main import get_command

    from gm.cli import app

    root = get_command(app)
    names = []
    for name, command in root.commands.items():
        if hasattr(command, "commands"):  # a group such as `gm map`
            names.extend([name, sub] for sub in command.commands)
        else:
            names.append([name])
    return names


def test_version_names_the_package_version(gm):
    out = gm("--version", db=False).output
    assert out.splitlines()[0] == f"gm {gm_package.__version__}"


def test_dash_h_is_the_same_as_help(gm):
    assert gm("-h", db=False).output == gm("--help", db=False).output
    assert gm("new", "-h", db=False).output == gm("new", "--help", db=False).output
    assert gm("map", "check", "-h", db=False).output.startswith("Usage: gm map check")


def test_help_names_the_environment(gm):
    out = gm("--help", db=False).output
    for word in ("--version", "--install-completion", "GM_MAPS", "GM_DB"):
        assert word in out


@pytest.mark.parametrize("command", EXAMPLED)
def test_the_main_commands_show_examples(gm, command):
    out = gm(command, "--help", db=False).output
    assert "Examples:" in out
    examples = out.split("Examples:", 1)[1]
    assert f"gm {command} " in examples


@pytest.mark.parametrize("words", command_names(), ids=" ".join)
def test_usage_lines_name_arguments_in_words(gm, words):
    out = gm(*words, "--help", db=False).output
    usage = out.splitlines()[0]
    assert usage.startswith(f"Usage: gm {' '.join(words)}")
    assert not re.search(r"[{}]", usage), usage
    assert "<str>" not in out and "<int>" not in out


def test_install_completion_writes_the_shell_script(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), SHELL="/bin/bash")
    shown = run_gm("--show-completion", "bash", env=env)
    assert shown.returncode == 0 and "_GM_COMPLETE" in shown.stdout
    installed = run_gm("--install-completion", "bash", env=env)
    assert installed.returncode == 0, installed.stderr
    assert "completion installed" in installed.stdout
    script = tmp_path / ".bash_completions" / "gm.sh"
    assert "_GM_COMPLETE" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()


def test_variants_without_any_map_is_a_clear_error(gm, tmp_path, monkeypatch):
    empty = tmp_path / "no-maps"
    empty.mkdir()
    monkeypatch.setattr("gm._data.data_folder", lambda name: empty)
    monkeypatch.setenv("GM_MAPS", str(tmp_path / "missing"))
    result = gm("variants", db=False, ok=False)
    assert result.exit_code == 1
    assert f"GM_MAPS names {tmp_path / 'missing'}, which is not a folder" in result.output
    assert "gm: no map files (*.toml) in" in result.output and "reinstall gm" in result.output


def test_maps_missing_from_the_installation_are_a_clear_error(gm, monkeypatch):
    def not_installed(package):
        raise ModuleNotFoundError(package)

    monkeypatch.setattr("gm._data.find_spec", not_installed)
    for args, db in ((["variants"], False), (["new", "g1"], True)):
        result = gm(*args, db=db, ok=False)
        assert result.exit_code == 1
        assert "gm's own maps are not installed" in result.output
        assert "install gm again" in result.output
    assert not gm.db.exists()


def modules_loaded_by(*args: str, env: dict | None = None) -> set[str]:
    code = ("import sys; from gm.cli import main\n"
            f"sys.argv = ['gm', *{list(args)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sys.modules), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env=env, cwd=ROOT)
    return set(proc.stderr.split())


def test_help_loads_no_store_engine_map_or_rich():
    loaded = modules_loaded_by("--help")
    heavy = {"sqlite_utils", "pydantic", "lark", "drawsvg", "gm.engine.movement_phase",
             "gm.maps.loader", "rich", "pygments"}
    assert loaded & heavy == set()


def test_a_command_builds_only_its_own_click_command():
    from typer.main import get_command

    from gm.cli import app

    root = get_command(app)
    groups = {name for name in ("map", "mail") if name in root.commands.built}
    assert root.commands.built.keys() == groups  # a group only if its module was loaded
    assert "status" in root.commands and "status" in root.list_commands(None)
    assert root.get_command(None, "status").name == "status"
    assert root.get_command(None, "map").commands.keys() == {"check", "list", "show"}
    assert root.commands.built.keys() == groups | {"map", "status"}
    assert root.get_command(None, "no-such-command") is None


def test_the_app_names_each_command_by_the_module_that_defines_it_in_the_help_order():
    code = ("import json\n"
            "from gm.cli import app\n"
            "found = []\n"
            "for load in dict.fromkeys(app.modules.values()):\n"
            "    before = [*app.later, *(g.name for g in app.registered_groups)]\n"
            "    load()\n"
            "    now = [*app.later, *(g.name for g in app.registered_groups)]\n"
            "    found.append([[n for n in now if n not in before],\n"
            "                  [n for n, l in app.modules.items() if l is load]])\n"
            "print(json.dumps(found))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    for defined, named in json.loads(proc.stdout):
        assert defined == named  # each module defines the commands named for it, in order
    from typer.main import get_command

    from gm.cli import app

    listed = get_command(app).list_commands(None)
    assert listed == list(app.modules)
    assert listed.index("publish") < listed.index("mail")  # groups last, as typer lists them


def test_commands_annotations_are_objects_not_text_typer_would_compile_at_each_run():
    from typer.main import get_command

    from gm.cli import app

    root = get_command(app)
    callbacks = [app.registered_callback.callback]
    for name in root.list_commands(None):
        root.get_command(None, name)  # loads its module
    callbacks += [info.callback for info in app.later.values()]
    for group in app.registered_groups:
        callbacks += [info.callback for info in group.typer_instance.later.values()]
    assert len(callbacks) >= 39  # every command, and the options of `gm` itself
    for callback in callbacks:
        texts = [a for a in inspect.get_annotations(callback).values() if isinstance(a, str)]
        assert texts == [], callback.__qualname__


def test_a_command_line_loads_the_module_of_its_command_only(tmp_path):
    env = dict(os.environ, GM_DB=str(tmp_path / "gm.db"), GM_CACHE=str(tmp_path / "cache"))
    assert run_gm("new", "cold", env=env).returncode == 0
    loaded = {m for m in modules_loaded_by("status", "cold", env=env)
              if m.startswith("gm.cli.") and m not in ("gm.cli.common", "gm.cli.conventions",
                                                        "gm.cli.output")}
    assert loaded == {"gm.cli.play_commands"}
    loaded = {m for m in modules_loaded_by("map", "list", env=env) if m.startswith("gm.cli.")}
    assert "gm.cli.map_commands" in loaded and "gm.cli.play_commands" not in loaded


def test_status_and_orders_load_no_parser_checker_drawing_rich_or_sqlite_utils(tmp_path):
    env = dict(os.environ, GM_DB=str(tmp_path / "gm.db"), GM_CACHE=str(tmp_path / "cache"))
    assert run_gm("new", "cold", env=env).returncode == 0
    run_gm("status", "cold", env=env)  # the map is checked and cached once
    letter = tmp_path / "letter.txt"
    letter.write_text("FRANCE:\nA Par - Bur\nA Mar S A Par - Bur\nF Bre - Mid\n")
    for args, ran in ((["status", "cold"], "gm.game.progress"),
                      (["orders", "cold", str(letter)], "gm.game.intake"),
                      (["orders", "cold", str(letter)], "gm.game.intake")):  # replaces them
        loaded = modules_loaded_by(*args, env=env)
        assert ran in loaded  # the command did run
        assert loaded & {"pydantic", "lark", "drawsvg", "importlib.metadata", "rich",
                         "sqlite_utils"} == set(), args
        # a standard game names no variant rule; a letter of moves needs no trial of the
        # engine's phases (an adjustment's does)
        assert {m for m in loaded if m.startswith("gm.rules.")} == {
            "gm.rules.hooks", "gm.rules.rule", "gm.rules.rule_registry", "gm.rules.rule_set",
            "gm.rules.supply"}, args
        assert loaded & {"gm.engine.season", "gm.engine.movement_phase",
                         "gm.engine.adjustment_phase", "gm.engine.resolver",
                         "gm.game.surplus", "gm.game.verdicts"} == set(), args


def typer_printed(env: dict, *args: str) -> str:
    """What the typer app itself prints for `gm ARGS`."""
    code = f"import sys; from gm.cli import main\nsys.argv = ['gm', *{list(args)!r}]\nmain()"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env, cwd=ROOT).stdout


def help_run(env: dict) -> tuple[str, set[str]]:
    """`gm --help` through the entry point: what it printed, and the modules it loaded."""
    code = ("import sys; from gm.launcher import main\n"
            "sys.argv = ['gm', '--help']\nmain()\n"
            "print(' '.join(sys.modules), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env, cwd=ROOT)
    return proc.stdout, set(proc.stderr.split())


def test_help_is_printed_as_kept_without_loading_typer(tmp_path):
    env = dict(os.environ, GM_CACHE=str(tmp_path / "cache"), COLUMNS="80")
    from_typer = typer_printed(env, "--help")
    first, loaded_first = help_run(env)  # nothing kept yet: typer prints it, and it is kept
    again, loaded_again = help_run(env)
    assert first == again == from_typer
    assert "typer" in loaded_first
    assert loaded_again & {"typer", "click", "rich", "gm.cli"} == set()


def test_kept_help_is_made_again_when_what_it_is_made_from_changes(tmp_path):
    from gm.disk_cache import write_cached
    from gm.launcher import help_file, help_key

    env = dict(os.environ, GM_CACHE=str(tmp_path), COLUMNS="80")
    write_cached(tmp_path / help_file(), ("another gm",), "stale help\n")
    text, loaded = help_run(env)
    assert "stale" not in text and "Usage: gm" in text and "typer" in loaded
    narrow, _ = help_run(dict(env, COLUMNS="60"))  # the width is part of the key
    assert narrow != text
    assert narrow == typer_printed(dict(env, COLUMNS="60"), "--help")
    assert help_key()[0] == gm_package.__version__


@pytest.mark.parametrize("command", [["datc", "cases.txt"], ["status", "no-such-game"]])
def test_a_command_runs_with_the_cycle_collector_on_and_its_modules_set_aside(command):
    """The launcher holds the cycle collector while a command's modules load; the command's
    own work runs with it on again, the loaded modules frozen out of its sight."""
    code = ("import gc, sys\nimport gm.launcher as launcher\nimport gm.cli as cli\n"
            "def seen(*args):\n"
            "    print(gc.isenabled(), gc.get_freeze_count())\n    return 0\n"
            "launcher._datc = cli.main = seen\n"
            f"sys.argv = ['gm', *{command!r}]\nlauncher.main()\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ), cwd=ROOT)
    enabled, frozen = proc.stdout.split()
    assert proc.returncode == 0, proc.stderr
    assert enabled == "True" and int(frozen) > 10_000


def test_what_a_command_loads_as_it_runs_is_set_aside_then_the_collector_runs_as_usual():
    """A command's own imports (`gm orders` loads the letter reader as it runs) happen before
    the collector's first run, which sets aside what exists then; cycles made after it are
    collected as usual."""
    code = ("import gc, sys\nimport gm.launcher as launcher\nimport gm.cli as cli\n"
            "usual = gc.get_threshold()[0]\n"
            "def command():\n"
            "    frozen = gc.get_freeze_count()\n"
            "    loaded = [[n] for n in range(launcher._FIRST - 2_000)]  # a library's objects\n"
            "    before = gc.get_freeze_count() - frozen, gc.get_threshold()\n"
            "    more = [[n] for n in range(3_000)]  # the collector runs: sets them aside\n"
            "    after = gc.get_freeze_count() - frozen, gc.get_threshold()\n"
            "    cycle = []\n    cycle.append(cycle)\n    del cycle\n"
            "    print(before[0], after[0] >= len(loaded), after[1] == before[1],\n"
            "          after[1][0] == usual, gc.collect() >= 1)\n"
            "cli.main = command\n"
            "sys.argv = ['gm', 'status', 'g']\nlauncher.main()\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    before, all_set_aside, same_threshold, usual, collected = proc.stdout.split()
    assert before == "0"  # no collection while the command's own modules load
    assert all_set_aside == "True" and same_threshold == "False"
    assert usual == collected == "True"  # Python's own threshold again, and cycles collected


def launched(*args: str, before: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    """`gm ARGS` through the entry point, after `before` ran in the same process."""
    code = f"import sys\n{before}\nsys.argv = ['gm', *{list(args)!r}]\nfrom gm.launcher import main\nmain()\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT)


def test_a_command_ends_with_its_status_its_output_and_the_atexit_functions(tmp_path):
    env = dict(os.environ, GM_DB=str(tmp_path / "gm.db"), GM_CACHE=str(tmp_path / "cache"))
    at_exit = "import atexit\natexit.register(print, 'at exit')"
    done = launched("new", "g", before=at_exit, env=env)
    assert done.returncode == 0 and done.stdout.endswith("at exit\n"), done.stderr
    assert done.stdout.startswith("Started g (Standard) at Spring 1901")
    failed = launched("status", "no-such-game", before=at_exit, env=env)
    assert failed.returncode == 1 and failed.stdout == "at exit\n"
    assert "no-such-game" in failed.stderr
    misused = launched("status", "--no-such-option", env=env)
    assert misused.returncode == 2 and "No such option" in misused.stderr
    said = launched("status", "g", env=env,
                    before="import gm.cli\ndef stop():\n    raise SystemExit('stopped: why')\n"
                           "gm.cli.main = stop")
    assert (said.returncode, said.stderr) == (1, "stopped: why\n")


def test_a_command_whose_thread_still_runs_ends_as_python_ends_it(tmp_path):
    env = dict(os.environ, GM_DB=str(tmp_path / "gm.db"), GM_CACHE=str(tmp_path / "cache"))
    late = ("import threading, time\n"  # the thread prints once the command has ended
            "def late():\n"
            "    while threading.main_thread().is_alive():\n        time.sleep(0.01)\n"
            "    print('thread done')\n"
            "threading.Thread(target=late).start()")
    done = launched("variants", before=late, env=env)
    assert done.returncode == 0 and done.stdout.endswith("thread done\n"), done.stderr


def test_modules_seldom_used_run_only_when_a_command_uses_them(tmp_path):
    from gm.launcher import _SELDOM_USED

    env = dict(os.environ, GM_DB=str(tmp_path / "gm.db"), GM_CACHE=str(tmp_path / "cache"))
    ran = ("import atexit, sys\n"  # a module that ran has more names than an import gives it
           "atexit.register(lambda: print(*(len(vars(sys.modules[name])) > 10\n"
           f"                                for name in {_SELDOM_USED!r})))")
    assert launched("new", "g", env=env).returncode == 0
    status = launched("status", "g", before=ran, env=env)
    assert status.returncode == 0, status.stderr
    assert status.stdout.splitlines()[-1] == " ".join(["False"] * len(_SELDOM_USED))
    assert {"subprocess", "tokenize", "linecache"} <= set(_SELDOM_USED)
    code = ("import sys\nfrom gm.launcher import _load_when_used\n"
            "_load_when_used(('colorsys',))\nimport colorsys\n"
            "print('rgb_to_hsv' in vars(colorsys), colorsys is sys.modules['colorsys'])\n"
            "from colorsys import rgb_to_hsv\n"
            "print(rgb_to_hsv(1, 0, 0), colorsys.hsv_to_rgb(0, 1, 1), type(colorsys) is type(sys))")
    assert python_printed(code) == "False True\n(0.0, 1.0, 1) (1, 0.0, 0.0) True\n"


def test_a_module_loaded_when_used_is_whole_for_every_thread_that_asks(tmp_path):
    """Two threads ask a name of a module not yet run, at once: the second waits for the first
    to run it, and both get the name (not an `AttributeError` from a module half run)."""
    (tmp_path / "slow_module.py").write_text("import time\ntime.sleep(0.3)\nVALUE = 42\n")
    code = ("import sys, threading\n"
            f"sys.path.insert(0, {str(tmp_path)!r})\n"
            "from gm.launcher import _load_when_used\n_load_when_used(('slow_module',))\n"
            "import slow_module\ngot = []\n"
            "def ask():\n"
            "    try:\n        got.append(slow_module.VALUE)\n"
            "    except AttributeError as error:\n        got.append(str(error))\n"
            "threads = [threading.Thread(target=ask) for _ in range(3)]\n"
            "for t in threads:\n    t.start()\n"
            "for t in threads:\n    t.join()\n"
            "print(got, type(slow_module) is type(sys))")
    assert python_printed(code) == "[42, 42, 42] True\n"


def test_a_module_loaded_when_used_that_asks_itself_a_name_too_early_gets_an_attribute_error(
        tmp_path):
    """A module whose own code asks its module object for a name it has not yet defined (as in
    an import cycle) gets the `AttributeError` a half-run module gives, not an endless loop."""
    (tmp_path / "self_asking.py").write_text(
        "import sys\ntry:\n    sys.modules[__name__].LATER\n"
        "except AttributeError:\n    EARLY = 'not yet'\nLATER = 1\n")
    code = (f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
            "from gm.launcher import _load_when_used\n_load_when_used(('self_asking',))\n"
            "import self_asking\nprint(self_asking.EARLY, self_asking.LATER)")
    assert python_printed(code) == "not yet 1\n"


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="Python 3.11's datetime.py only")
def test_datetime_is_made_from_its_c_half_as_python_s_own_module_ends_up():
    code = ("import pickle, sys\nimport datetime as real\nreal_names = dict(vars(real))\n"
            "del sys.modules['datetime']\n"
            "from gm.launcher import _datetime_from_its_c_half\n_datetime_from_its_c_half()\n"
            "import datetime\n"
            "public = {name for name in real_names if not name.startswith('__')}\n"
            "print(datetime is not real, public == {n for n in vars(datetime) if n[:2] != '__'},\n"
            "      all(vars(datetime)[n] is real_names[n] for n in public),\n"
            "      set(datetime.__all__) == set(real.__all__), datetime.__file__ == real.__file__)\n"
            "moment = datetime.datetime(2026, 11, 28, 18, 5, tzinfo=datetime.UTC)\n"
            "print(pickle.loads(pickle.dumps(moment)) == moment, moment.isoformat())\n")
    assert python_printed(code) == "True True True True True\nTrue 2026-11-28T18:05:00+00:00\n"


def python_printed(code: str) -> str:
    """What a new Python process prints running `code`."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout
