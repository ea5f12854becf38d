"""The GM's workflow as a library: one function per command, each one store transaction.

`games` starts, finds and lists games; `intake` takes pasted orders; `stored_orders` gives the
orders in force; `adjudication` resolves a phase (or previews it); `history` undoes, redoes and
declares draws; `corrections` applies GM edits; `progress` says who has ordered; `players`,
`deadlines` and `press` keep the zine's parts; `missed` finds NMRs; `reports` builds a phase's
report with its zine parts; `archives` exports and replays games.
"""
