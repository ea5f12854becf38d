"""The zine around the results: who plays each power, when orders are due, press and GM notes,
and the powers that sent no orders (NMRs).

`dates` reads and prints deadline dates; `players`, `deadlines` and `press` are the GM's
commands as library functions (one store transaction each); `missed` finds the NMRs from the
stored orders; `season` gathers one season's parts for its report.
"""
