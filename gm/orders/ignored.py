"""Why a line of a letter is no order: the kinds of ignored line, and how each is worded.

The letter reader files every line it does not read as an order under one of these kinds.
Whoever decides something about an ignored line (does the report print it? does the archive
keep it?) asks its kind; the words are made only for the GM's eyes, by `ignored_reason`.
"""

from __future__ import annotations

SIGNATURE = "signature"
QUOTED = "quoted"  # quoted from an earlier message
QUOTED_ORDER = "quoted-order"  # quoted, and it reads as an order
EMAIL_HEADER = "email-header"
ATTRIBUTION = "attribution"  # "On Monday, Jane wrote:"
NOTHING_TO_READ = "nothing-to-read"  # only separators, or a bare heading
GREETING = "greeting"
SIGN_OFF = "sign-off"
NOT_AN_ORDER = "not-an-order"  # text that is none of the above, and no order gm can read
REMARK = "remark"  # the same, with nothing of an order in it: private, like a greeting
HEADING = "heading"  # a line naming the power or the kind of the orders below it
TOO_LONG = "too-long"  # a line longer than any line of orders: not read (private, as a remark)

# Every kind of ignored line, as the archive records it (`-> ignored (remark)`).
KINDS = frozenset({SIGNATURE, QUOTED, QUOTED_ORDER, EMAIL_HEADER, ATTRIBUTION, NOTHING_TO_READ,
                   GREETING, SIGN_OFF, NOT_AN_ORDER, REMARK, HEADING})
# Lines that may have been meant as orders: the zine prints them, the archive keeps them.
MAY_BE_ORDERS = frozenset({NOT_AN_ORDER, QUOTED_ORDER})

_WORDS = {
    SIGNATURE: "signature",
    QUOTED: "quoted from an earlier message",
    EMAIL_HEADER: "email header",
    ATTRIBUTION: "reply attribution",
    NOTHING_TO_READ: "nothing to read",
    GREETING: "greeting",
    SIGN_OFF: "sign-off",
    NOT_AN_ORDER: "not an order",
    REMARK: "a remark",
    TOO_LONG: "not read: longer than any letter of orders holds (write each order on a line "
              "of its own, in a letter of orders alone)",
}


def ignored_reason(kind: str, reads_as: str | None = None) -> str:
    """The GM's words for an ignored line; `reads_as` is the order a quoted line reads as."""
    if kind == QUOTED_ORDER:
        return (f"quoted from an earlier message (it reads as '{reads_as}'; paste it without "
                "'>' to use it)")
    return _WORDS.get(kind, kind)
