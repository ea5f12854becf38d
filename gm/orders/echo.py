"""The echo: what gm understood of a letter, line by line, for the GM to check.

Every accepted order is shown in canonical notation; every rejected one with the text, a caret
where the problem is, why, and how to fix it; every ignored line with its reason; every
replaced order with the line that replaced it, or repeated it (the same order given again). `echo_letter` gives the lines as data (for a
rich or HTML view); `render_echo` gives plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.maps.gamemap import GameMap
from gm.orders.letter_lines import (
    HeaderLine,
    IgnoredLine,
    Letter,
    ReadOrder,
    RejectedLine,
    ReplacedOrder,
)

ORDER = "order"
REJECTED = "rejected"
IGNORED = "ignored"
POWER = "power"
REPLACED = "replaced"
REPEATED = "repeated"

_LABELS = {ORDER: "ok", REJECTED: "REJECTED", IGNORED: "ignored", POWER: "power",
           REPLACED: "replaced", REPEATED: "repeated"}


@dataclass(frozen=True, slots=True)
class EchoLine:
    """One item of the echo. `result` is the canonical order or the reason; `details` are the
    notes, the caret line and the fix, one per line."""

    line: int
    status: str  # order, rejected, ignored, power, replaced, repeated
    text: str
    power: str | None
    result: str
    details: tuple[str, ...] = ()


def _power_name(game_map: GameMap | None, power: str | None) -> str:
    if power is None:
        return ""
    if game_map is not None and power in game_map.powers:
        return game_map.powers[power].name
    return power


def echo_letter(letter: Letter, game_map: GameMap | None = None) -> list[EchoLine]:
    """The letter as echo lines, in the order of its lines."""
    out: list[EchoLine] = []
    for item in letter.entries():
        if isinstance(item, ReadOrder):
            out.append(EchoLine(item.line, ORDER, item.text, item.power, str(item.order),
                                tuple(f"note: {n}" for n in item.notes)))
        elif isinstance(item, ReplacedOrder):
            old, by = item.old, item.by
            status = REPEATED if item.repeated else REPLACED
            out.append(EchoLine(old.line, status, old.text, old.power, str(old.order),
                                (*(f"note: {n}" for n in old.notes),
                                 f"{status} by line {by.line}: {by.order}")))
        elif isinstance(item, RejectedLine):
            error = item.error
            details = []
            if error.column:
                details.append(f"at: {error.text}")
                details.append(f"    {' ' * (error.column - 1)}^")
            if error.hint:
                details.append(f"fix: {error.hint}")
            out.append(EchoLine(item.line, REJECTED, item.text, item.power, error.message,
                                tuple(details)))
        elif isinstance(item, IgnoredLine):
            out.append(EchoLine(item.line, IGNORED, item.text, None, item.reason))
        elif isinstance(item, HeaderLine):
            out.append(EchoLine(item.line, POWER, item.text, item.power, item.note))
    return out


def summary(letter: Letter) -> str:
    """`7 orders, 1 rejected, 4 ignored, 1 replaced, 1 repeated`."""
    parts = [f"{len(letter.orders)} order{'s' if len(letter.orders) != 1 else ''}",
             f"{len(letter.rejected)} rejected", f"{len(letter.ignored)} ignored"]
    repeated = sum(1 for item in letter.replaced if item.repeated)
    if len(letter.replaced) > repeated:
        parts.append(f"{len(letter.replaced) - repeated} replaced")
    if repeated:
        parts.append(f"{repeated} repeated")
    return ", ".join(parts)


def render_echo(letter: Letter, game_map: GameMap | None = None, width: int = 34) -> str:
    """Plain text: `line  status  text  ->  result`, then indented details, then a summary."""
    lines = []
    for echo in echo_letter(letter, game_map):
        text = echo.text if len(echo.text) <= width else echo.text[:width - 1] + "…"
        result = echo.result
        if echo.status in (ORDER, REPLACED, REPEATED) and echo.power:
            result = f"{_power_name(game_map, echo.power)}: {result}"
        lines.append(f"{echo.line:>4}  {_LABELS[echo.status]:<8}  {text:<{width}}  {result}")
        lines.extend(f"{'':>4}  {'':<8}  {detail}" for detail in echo.details)
    lines.append(summary(letter))
    return "\n".join(lines)
