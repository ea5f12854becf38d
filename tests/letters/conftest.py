"""The letters' tests run gm commands as the CLI tests do."""

from tests.cli.conftest import gm  # noqa: F401
