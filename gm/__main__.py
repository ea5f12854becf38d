"""`python -m gm` runs the command line."""

from gm.cli import main

main()
