"""ASCII-safe text for old mail gateways and printers: `Rhûn` -> `Rhun`, `—` -> `--`.

Letters with accents lose them; typographic punctuation becomes its typewriter form; anything
left that ASCII cannot show becomes `?`, so the output is always 7-bit clean.
"""

from __future__ import annotations

import unicodedata

_SPELLED = {
    "\u2014": "--", "\u2013": "-", "\u2012": "-", "\u2010": "-", "\u2011": "-", "\u2212": "-",
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2026": "...", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2022": "*",
    "\u00d7": "x", "\u2192": "->", "\u2190": "<-", "\u00bd": "1/2",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u0153": "oe", "\u0152": "OE",
    "\u00f8": "o", "\u00d8": "O", "\u0142": "l", "\u0141": "L", "\u0111": "d", "\u0110": "D",
    "\u00fe": "th", "\u00de": "Th", "\u00f0": "d", "\u00d0": "D", "\u0131": "i",
}


def to_ascii(text: str) -> str:
    """The closest 7-bit text: accents dropped, punctuation spelled out, the rest `?`."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _SPELLED:
            out.append(_SPELLED[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(c))
            out.append(base if base and base.isascii() else "?")
    return "".join(out)
