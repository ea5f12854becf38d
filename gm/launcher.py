"""The `gm` command's entry point.

`gm datc FILE... [-v]` runs here without the command-line libraries: loading typer and rich
takes longer than gm takes to run the DATC's 167 cases. Every other command line, `gm datc
--help` and a mistyped option included, goes to the typer app (`gm.cli.main`).
"""

from __future__ import annotations

import sys

_DATC_FLAGS = {"-v", "--verbose"}


def main() -> None:
    args = sys.argv[1:]
    if _plain_datc(args):
        sys.exit(_datc(args[1:]))
    from gm.cli import main as typer_main

    typer_main()


def _plain_datc(args: list[str]) -> bool:
    """`datc`, then files and `-v` only: nothing typer is needed to read."""
    if args[:1] != ["datc"]:
        return False
    files = [a for a in args[1:] if a not in _DATC_FLAGS]
    if not files or any(a.startswith("-") for a in files):
        return False
    try:
        "".join(args).encode("utf-8")  # a file name that is not UTF-8: gm.cli says so
    except UnicodeEncodeError:
        return False
    return True


def _datc(args: list[str]) -> int:
    from gm.datc import CaseFormatError, report, run_files

    try:
        results = run_files([a for a in args if a not in _DATC_FLAGS])
    except CaseFormatError as exc:
        sys.stderr.write(f"gm: {exc}\n")
        return 1
    sys.stdout.write("".join(f"{line}\n" for line in report(results, bool(_DATC_FLAGS & set(args)))))
    return 0 if all(r.passed for r in results) else 1
