"""`gm datc FILE...`: run DATC-format test cases and report `N passed, N failed`."""

from __future__ import annotations

import typer

from gm.cli import app
from gm.cli.common import console, fail


@app.command("datc")
def datc(
    files: list[str] = typer.Argument(..., help="case files in the DATC/jDip text format"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="list passing cases too"),
):
    """Run adjudicator test cases; print each failing case with expected and actual positions."""
    from gm.datc import CaseFormatError, run_files

    try:
        results = run_files(files)
    except CaseFormatError as exc:
        fail(str(exc))
    failed = 0
    for result in results:
        if result.passed:
            if verbose:
                console.print(f"ok   {result.case.name}", markup=False)
            continue
        failed += 1
        console.print(f"FAIL {result.case.name} ({result.case.file}:{result.case.line})",
                      markup=False)
        console.print(result.message, markup=False)
    console.print(f"{len(results) - failed} passed, {failed} failed", markup=False)
    if failed:
        raise typer.Exit(1)
