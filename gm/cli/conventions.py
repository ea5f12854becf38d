"""What every gm command does the usual way: `-h` beside `--help`, arguments named in words
(`gm new GAME`, where typer alone writes `{game}`), and an examples section in the help of
the main commands. Command modules use `Typer` from here in place of typer's.

Help is plain text, as click prints it: typer's rich help loads a Markdown parser and a
syntax highlighter, which made `gm --help` half as slow again.

A command becomes click's only when it is run or its own help is asked for (`Group`): typer
alone reads the signature of every one of gm's forty commands, and evaluates each annotation,
on every command line, which took `gm status` longer than its work. And the module defining a
command is loaded only then too, where the app names its commands' modules (`Typer.define`).

The modules defining commands do without `from __future__ import annotations`: typer reads a
command's annotations each time it runs, and an annotation kept as text is compiled twice
each time (by `inspect` and by `typing`), a thirtieth of a cold `gm orders`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, MutableMapping

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption
from typer.main import get_command_from_info, get_command_name, get_group_from_info
from typer.models import CommandInfo

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class Command(TyperCommand):
    """A typer command whose arguments and option values read as words in its usage line and
    help (`GAME`, `--reason REASON`), where typer alone writes `{game}` and `<str>`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.metavar is not None or not param.name:
                continue
            if isinstance(param, TyperArgument):
                param.metavar = param.name.upper() + ("..." if param.nargs != 1 else "")
            elif isinstance(param, TyperOption) and not param.is_flag and \
                    param.type.name in ("str", "int", "float", "text", "integer"):
                param.metavar = param.name.upper().rstrip("_")

    def collect_usage_pieces(self, ctx) -> list[str]:
        # typer writes a required argument as `{GAME}`; a reader expects `GAME`
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
                for piece in super().collect_usage_pieces(ctx)]


class Typer(typer.Typer):
    """typer's Typer, answering `-h`, whose commands follow `Command` and are built when used:
    a command is kept as typer's `CommandInfo` in `later` rather than in typer's own list, and
    this app's `Group` builds it from there. An app that names the modules of its commands
    (`define`) loads each when one of its commands is asked for."""

    def __init__(self, **kwargs):
        kwargs.setdefault("context_settings", HELP_OPTIONS)
        kwargs.setdefault("rich_markup_mode", None)
        self.later: dict[str, CommandInfo] = {}
        self.modules: dict[str, Callable[[], object]] = {}  # command -> loads its module
        kwargs.setdefault("cls", type("Group", (Group,), {"app": self}))
        super().__init__(**kwargs)

    def define(self, *modules: tuple[Callable[[], object], tuple[str, ...]]) -> None:
        """Name the app's commands (and groups of commands) without loading them: each
        module's loader with the names it defines, in the order the help lists them."""
        for load, names in modules:
            self.modules.update(dict.fromkeys(names, load))

    def command(self, name: str | None = None, *, cls=None, **kwargs):
        def register(callback):
            info = CommandInfo(name, cls=cls or Command, callback=callback, **kwargs)
            self.later[name or get_command_name(callback.__name__)] = info
            return callback

        return register


class Group(TyperGroup):
    """A typer group whose commands are built one by one, when asked for by name: `gm status`
    builds one command, `gm --help` none (its list needs each command's first line of help
    only). Each `Typer` makes its own subclass naming it in `app`."""

    app: Typer

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.commands = Commands(self.app, self.commands, self.rich_markup_mode)
        self._listing = False

    def get_command(self, ctx, cmd_name: str):
        if self._listing:
            return self.commands.summary(cmd_name)
        return self.commands.get(cmd_name)

    def list_commands(self, ctx) -> list[str]:
        return list(self.commands)

    def format_commands(self, ctx, formatter) -> None:
        self._listing = True  # the list of commands reads summaries: nothing is built
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False


class Commands(MutableMapping):
    """A group's commands by name, in the order the app names them (`Typer.define`), else in
    the order they were registered and then the groups added to it (as typer lists them); a
    command is built by typer the first time it is looked up, its module loaded first if it
    was not yet."""

    def __init__(self, app: Typer, groups: dict, rich_markup_mode):
        self.app = app
        self.rich_markup_mode = rich_markup_mode
        self.built: dict = {}
        self.order = list(dict.fromkeys([*app.modules, *app.later, *groups]))
        self.built.update(groups)

    def __getitem__(self, name: str):
        if name not in self.built:
            self._load(name)
            info = self.app.later.get(name)
            if info is not None:
                self.built[name] = get_command_from_info(
                    info, pretty_exceptions_short=self.app.pretty_exceptions_short,
                    rich_markup_mode=self.rich_markup_mode)
            else:  # a group of commands (`gm map`), added by its module as it loaded
                group = next((g for g in self.app.registered_groups if g.name == name), None)
                if group is None:
                    raise KeyError(name)  # no such command
                self.built[name] = get_group_from_info(
                    group, pretty_exceptions_short=self.app.pretty_exceptions_short,
                    rich_markup_mode=self.rich_markup_mode,
                    suggest_commands=self.app.suggest_commands)
        return self.built[name]

    def _load(self, name: str) -> None:
        """Load the module that defines `name`, if the app names it and it is not loaded."""
        load = self.app.modules.get(name)
        if load is not None and name not in self.app.later:
            load()  # registers its commands in `later`, or adds its group

    def summary(self, name: str):
        """The command if it is built, else a stand-in with its name and help only: what the
        group's list of commands prints, as typer takes it (the docstring, unless `help=`)."""
        self._load(name)
        if name in self.built or name not in self.app.later:
            return self.get(name)
        info = self.app.later[name]
        text = inspect.cleandoc(info.help) if info.help is not None else \
            inspect.getdoc(info.callback)
        return TyperCommand(name, help=text, short_help=info.short_help, hidden=info.hidden,
                            deprecated=info.deprecated)

    def __setitem__(self, name: str, command) -> None:
        if name not in self:
            self.order.append(name)
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self.order.remove(name)
        self.built.pop(name, None)
        # a command deleted is not built again from its info
        self.app.later.pop(name, None)
        self.app.modules.pop(name, None)

    def __contains__(self, name) -> bool:
        return name in self.built or name in self.app.later or name in self.app.modules

    def __iter__(self) -> Iterator[str]:
        return iter(self.order)

    def __len__(self) -> int:
        return len(self.order)


def examples(*pairs: tuple[str, str]) -> str:
    """A help epilog listing example command lines, each with what it does."""
    return section("Examples", pairs)


def section(title: str, pairs) -> str:
    """A titled block of help printed as written: each item, and what it is below it."""
    rows = "\n".join(f"  {item}\n      {what}" for item, what in pairs)
    return f"{title}:\n\n\b\n{rows}"  # \b: click leaves the next paragraph unwrapped
