"""`python -m gm` runs the command line."""

from gm.launcher import main

main()
