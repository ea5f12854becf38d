"""The one error an order can raise: what was wrong, where in the text, and how to fix it.

Every problem with an order (unreadable text, an unknown or ambiguous name, a unit that is not
there, a move that is not adjacent, an order the phase or the variant does not allow) is an
`OrderError`, so callers catch one thing and can show the GM one kind of message.
"""

from __future__ import annotations

# What went wrong, as a short code the echo and the tests can rely on.
SYNTAX = "syntax"  # the text is not an order in any notation gm knows
UNKNOWN_NAME = "unknown_name"  # no province, power or leader has that name
AMBIGUOUS_NAME = "ambiguous_name"  # several names fit equally well
NO_UNIT = "no_unit"  # no unit where the order says
WRONG_POWER = "wrong_power"  # the unit belongs to another power
WRONG_KIND = "wrong_kind"  # the unit is not of the kind written, or cannot be there
NOT_ADJACENT = "not_adjacent"  # the unit cannot reach the province named
BAD_FORM = "bad_form"  # readable, but self-contradictory (destroying a centre elsewhere...)
PHASE = "phase"  # not allowed in this phase
VARIANT = "variant"  # not allowed by the rules of this map
UNSURE = "unsure"  # a line gm is not sure of would replace an order the player gave

KINDS = (SYNTAX, UNKNOWN_NAME, AMBIGUOUS_NAME, NO_UNIT, WRONG_POWER, WRONG_KIND,
         NOT_ADJACENT, BAD_FORM, PHASE, VARIANT, UNSURE)


class OrderError(ValueError):
    """An order that cannot be accepted. `column` is 1-based where known; `hint` says the fix.
    For a name that is unknown or ambiguous, `choices` are its candidates as (pool, id) and
    `span` the columns it takes (first, one past the last), so a reader that knows the board
    can judge them."""

    def __init__(self, text: str, message: str, column: int | None = None, hint: str = "",
                 *, kind: str = SYNTAX, candidates: tuple[str, ...] = (),
                 choices: tuple[tuple[str, str], ...] = (),
                 span: tuple[int, int] | None = None):
        self.text = text
        self.message = message
        self.column = column
        self.hint = hint
        self.kind = kind
        self.candidates = candidates
        self.choices = choices
        self.span = span
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: the text, the problem, where, and the fix."""
        where = f" (at column {self.column})" if self.column else ""
        hint = f" {self.hint}" if self.hint else ""
        return f"{self.text!r}: {self.message}{where}.{hint}"

    def explain(self) -> str:
        """The problem and the fix alone, as a report prints them under the line it quotes."""
        hint = f" {self.hint}" if self.hint else ""
        return f"{self.message}.{hint}"

    def with_notes(self, notes) -> OrderError:
        """The same error with the notes on how its text was read (`read 'Moabb' as Moab`)
        added to the fix: the GM should know a name was guessed when the order failed."""
        notes = tuple(n for n in notes if n and n not in self.hint)
        if not notes:
            return self
        hint = f"{self.hint} (Note: {'; '.join(notes)}.)".strip()
        return OrderError(self.text, self.message, self.column, hint, kind=self.kind,
                          candidates=self.candidates, choices=self.choices, span=self.span)

    def __reduce__(self):  # keep the keyword-only fields when pickled (e.g. by a cache)
        return (_rebuild, (self.text, self.message, self.column, self.hint, self.kind,
                           self.candidates, self.choices, self.span))


def _rebuild(text, message, column, hint, kind, candidates, choices=(), span=None
             ) -> OrderError:
    return OrderError(text, message, column, hint, kind=kind, candidates=candidates,
                      choices=choices, span=span)
