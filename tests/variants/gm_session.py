"""A GM's session for the variant tests: `gm` commands run in-process against one database,
with a letter given on standard input, failing on a traceback or a non-zero exit."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner


class Gm:
    def __init__(self, db: Path):
        self.db = str(db)
        self.runner = CliRunner()

    def __call__(self, *args: str, letter: str | None = None) -> str:
        from gm.cli import app

        argv = [*args, "--db", self.db]
        if letter is not None:
            argv[2:2] = ["-"]
        result = self.runner.invoke(app, argv, input=letter, env={"COLUMNS": "200"})
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            result.exception
        assert result.exit_code == 0, result.output
        return result.output


def replay_checked(archive: Path):
    """`gm replay ARCHIVE --check --dry-run`, in-process (the demo tests are about what the
    replay finds, not about starting gm: a process of its own cost a second of imports each);
    the runner's result, for the test to check its exit code and output."""
    from gm.cli import app

    result = CliRunner().invoke(app, ["replay", str(archive), "--check", "--dry-run"],
                                env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result
