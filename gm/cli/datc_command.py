"""`gm datc FILE...`: run DATC-format test cases and report `N passed, N failed`.

`gm.launcher` runs the same command line without loading typer (`gm datc FILE... [-v]`);
this command answers the rest (`--help`, a mistyped option) and `gm` run as a library.
"""

import typer

from gm.cli import app
from gm.cli.common import fail


@app.command("datc")
def datc(
    files: list[str] = typer.Argument(..., help="case files in the DATC/jDip text format"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="list passing cases too"),
):
    """Run adjudicator test cases; print each failing case with expected and actual positions."""
    from gm.datc import CaseFormatError, report, run_files

    try:
        results = run_files(files)
    except CaseFormatError as exc:
        fail(str(exc))
    for line in report(results, verbose):
        typer.echo(line)
    if not all(r.passed for r in results):
        raise typer.Exit(1)
