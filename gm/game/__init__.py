"""The GM's workflow as a library: one function per command, each one store transaction.

`games` starts and lists games; `intake` takes pasted orders; `adjudication` resolves a phase;
`history` undoes and redoes; `corrections` applies GM edits; `progress` says who has ordered;
`reports` rebuilds a phase's report; `archives` exports and replays games.
"""
