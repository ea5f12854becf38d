"""Running gm commands in-process through typer's test runner, each against a temporary
database, and checking that no command ever ends in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
DEMO_ARCHIVE = ROOT / "games" / "standard-demo.txt"


class Gm:
    """`gm(...)` runs one command with `--db` pointing at this test's database."""

    def __init__(self, db: Path):
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, db: bool = True, ok: bool = True):
        from gm.cli import app

        argv = [*args, "--db", str(self.db)] if db else list(args)
        result = self.runner.invoke(app, argv, input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"gm {' '.join(argv)} raised {result.exception!r}") \
                from result.exception
        assert "Traceback" not in result.output
        if ok:
            assert result.exit_code == 0, f"gm {' '.join(argv)} failed:\n{result.output}"
        else:
            assert result.exit_code != 0, f"gm {' '.join(argv)} should have failed"
        return result


@pytest.fixture()
def gm(tmp_path):
    return Gm(tmp_path / "gm.db")


@pytest.fixture(scope="session")
def demo_archive() -> Path:
    return DEMO_ARCHIVE
