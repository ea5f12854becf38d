"""Text from outside (a player's letter, a mail's subject, a file's name) made safe to show on
a terminal: every control character is shown as a visible sign instead of being obeyed.

A player's mail may hold terminal escapes (`ESC[2J` clears the GM's screen) or other control
characters; echoed raw they would act on the GM's terminal. Each C0 control but the line end
and the tab is shown as its Unicode control picture (ESC as `␛`, one column wide, so echoed
columns stay aligned); DEL as `␡`; the C1 controls and
the bidirectional overrides, which reorder text on screen, as `�`. The command line passes
everything it prints through `visible` (`gm.cli.common`), and rich's tables and reports through
`gm.visible_console`.
"""

from __future__ import annotations

import re

_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")


def _sign(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """`text` with each control character shown as a sign (`␛[2J`), never obeyed."""
    return _UNSAFE.sub(_sign, text)


def has_controls(text: str) -> bool:
    """Does `text` hold a character `visible` would replace?"""
    return _UNSAFE.search(text) is not None
