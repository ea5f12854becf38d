"""The judge: a game's season cycle run by mail on a schedule, with the GM in control
(docs/judge.md).

`gm judge` makes one pass over the judged games and does what is due, each step once: read
the mailbox (letters and press), confirm, remind, adjudicate at the deadline or early, send
the results and publish, set the next deadline. `schedule_words` reads the schedule,
`schedules` keeps a game's settings, `situation` says what is due and why (for a pass and for
`--dry-run` alike), `cycle` does it, `mail_in` and `notices` are its mail, `approval` is the
GM's word (`gm approve`), `judge_log` what it did.
"""
