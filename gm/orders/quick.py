"""The common shapes of an order read without Lark, into exactly the `Syntax` Lark gives.

Most orders are written in a few shapes: `A Par - Bur`, `A Lon - Nwy via convoy`,
`F Nth S A Yor - Nwy`, `A Mun S A Ber`, `F Nth C A Lon - Nwy`, `A Par H`, `A Bur R Par`,
`A Mun disband`, `Disband A Mun`, `Build A Par`, `Remove F Tri`, with a name of one word or
several (`Par`, `spa/nc`, `North Sea`: the grammar's `name: WORD+`), a kind as a letter, a
word or with a count (`A`, `Army`, `2A`), and a unit's place in brackets or not (`A(Par)`).
Reading those here makes a file of thousands of orders several times faster to read, and
a command whose orders all take these shapes never loads Lark. Anything else is Lark's
(`quick_syntax` answers None): another shape (a coast outside the brackets, `F(Spa)(nc)`, a
route, a merge...), and any word the grammar might read as a keyword. For that the reader
decides as Lark's lexer does, from the grammar file itself: a word is a name only where no
terminal but WORD matches it, and a keyword only where no other terminal of its priority or
higher matches. If the grammar no longer has, as written, every rule the shapes follow, or
holds a terminal this reader cannot read, it stands aside for every order.

What compiling the terminals makes is kept in the cache folder beside the grammar's text
(`_lexicon`), so a process that reads orders compiles none of them; and each terminal is tried
only where a match of it can begin with the two characters found there (`_heads`).

tests/orders/test_quick_syntax.py compares it with Lark on every order of the case files and
letter fixtures, and on random texts.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from typing import NamedTuple

from gm.disk_cache import cache_folder, read_cached, write_cached
from gm.kept_patterns import ENGINE, engine_arguments, rebuilt
from gm.orders.grammar import (
    NameText,
    PlaceText,
    Syntax,
    UnitText,
    coast_code,
    grammar_text,
    read_kind,
)

# The rules the shapes below follow, as the grammar writes them (whitespace aside).
RULES = (
    "| unit HOLD -> hold", "| unit MOVE dest via? -> move",
    "| unit SUPPORT unit HOLD? -> support_hold", "| unit SUPPORT unit MOVE place -> support_move",
    "| unit CONVOY unit MOVE place -> convoy", "| unit RETREAT place via? -> retreat",
    "| unit DISBAND -> disband", "| DISBAND unit -> disband", "| BUILD unit -> build",
    "| REMOVE unit -> remove", "unit: KIND place |", '| KIND "(" place ")" coast?', "dest: place |", "place: name coast?", "name: WORD+",
    'coast: "/" COAST |', "via: VIA", "%ignore /\\s+/",
)
_KEYWORDS = ("KIND", "HOLD", "MOVE", "SUPPORT", "CONVOY", "RETREAT", "DISBAND", "BUILD",
             "REMOVE", "VIA", "COAST", "/", "(", ")")
_SPACE = re.compile(r"\s*")
_SEEN_LIMIT = 50_000
_KEPT_FORM = 4  # of the lexicon kept on disk (`_lexicon`): bump when it changes shape
_KINDS = {letter: read_kind(letter) for letter in "aAfFgG"}  # (kind, strength), as read
_MOST_TOKENS = 16  # `F spa/nc S F mar - spa/sc` has 11; `F North Atlantic Ocean C A ...`


class _Terminal(NamedTuple):
    name: str
    priority: int
    pattern: str  # a Python regular expression, flags inline


class _Lexicon(NamedTuple):
    """What the reader knows of the grammar's terminals, highest priority first."""

    patterns: tuple[re.Pattern, ...]
    names: tuple[str, ...]
    ahead: tuple[int, ...]  # for each, how many terminals have its priority or a higher one
    heads: tuple[dict[str, frozenset[str]] | None, ...]  # for each, how a match can begin
    # (`_heads`; None: anyhow)
    candidates: dict[str, tuple[int, ...]]  # by the first two characters from a position: the
    # terminals that may match there
    firsts: dict[str, tuple[tuple[int, dict | None], ...]]  # by the first character: the
    # terminals whose matches may begin with it, with their heads
    seen: dict[str, tuple | None]  # the tokens read (`_tokens`), by the character before and
    # the text from their start


def quick_syntax(text: str) -> Syntax | None:
    """The `Syntax` Lark would give `text`, when it takes one of the common shapes; else None."""
    lexicon = _lexicon(grammar_text())
    return None if lexicon is None else _read(text, lexicon)


def _read(text: str, lexicon: _Lexicon) -> Syntax | None:
    if "\n" in text:
        return None
    tokens = _tokens(text, _SPACE.match(text).end(), lexicon)
    if tokens is None:
        return None
    plan = _PLANS.get(tokens[0])
    if plan is None and "WORD" in tokens[0]:  # a name of several words (`North Sea`)?
        tokens = _names_joined(*tokens)
        plan = _PLANS.get(tokens[0])
    return None if plan is None else _build(plan, tokens[1], len(text) + 1)


def _names_joined(terminals: tuple, values: tuple) -> tuple[tuple, tuple]:
    """The tokens with each run of words made one, as the grammar's `name: WORD+` reads them:
    its words joined by one space (the transformer's `name`), at the first word's column. No
    rule of the grammar puts two names side by side, so a run of words is always one name."""
    joined_terminals, joined_values = [], []
    for terminal, value in zip(terminals, values, strict=True):
        if terminal == "WORD" and joined_terminals and joined_terminals[-1] == "WORD":
            word, distance = joined_values[-1]
            joined_values[-1] = (f"{word} {value[0]}", distance)
        else:
            joined_terminals.append(terminal)
            joined_values.append(value)
    return tuple(joined_terminals), tuple(joined_values)


def _tokens(text: str, pos: int, lex: _Lexicon) -> tuple[tuple, tuple] | None:
    """The tokens Lark's lexer would make of the text from `pos`, while this reader is sure
    of each: their terminals, and their (text, distance of their column from the end). They
    depend only on that text and, through a `\b`, on the character before, so the same ending
    of an order is read once."""
    if pos == len(text):
        return (), ()
    key = text[pos - 1:] if pos else "\n" + text
    found = lex.seen.get(key, False)
    if found is False:
        if len(lex.seen) > _SEEN_LIMIT:
            lex.seen.clear()
        found = None
        token = _token(lex, text, pos)
        if token is not None:
            rest = _tokens(text, _SPACE.match(text, pos + len(token[1])).end(), lex)
            if rest is not None and len(rest[0]) < _MOST_TOKENS:
                found = ((token[0], *rest[0]), ((token[1], len(text) - pos), *rest[1]))
        lex.seen[key] = found
    return found


def _token(lex: _Lexicon, text: str, pos: int) -> tuple[str, str] | None:
    """(terminal, text) of the token Lark's lexer takes at `pos`: the terminal of highest
    priority that matches there, if no other of that priority does, and WORD only if nothing
    else does; None when unsure, or when nothing matches."""
    key = text[pos:pos + 2]
    candidates = lex.candidates.get(key)
    if candidates is None:
        if len(lex.candidates) > _SEEN_LIMIT:
            lex.candidates.clear()
        candidates = lex.candidates[key] = _candidates(lex, key)
    patterns = lex.patterns
    best = -1
    rivals = 0  # once `best` matches: a match of any terminal before this makes it unsure
    for n in candidates:  # in the terminals' order: highest priority first
        if best >= 0 and n >= rivals:
            break  # no terminal after these can make the token unsure
        found = patterns[n].match(text, pos)
        if found is None:
            continue
        if best >= 0:  # another terminal of its priority matches too: Lark's to decide
            return None
        best, value = n, found.group()
        if not value:
            return None
        rivals = len(lex.names) if lex.names[best] == "WORD" else lex.ahead[best]
    return None if best < 0 else (lex.names[best], value)


def _candidates(lex: _Lexicon, key: str) -> tuple[int, ...]:
    """The terminals that may match a text beginning with `key`, highest priority first: of
    those that may begin with its first character (a shorter list, kept by that character),
    the ones that may go on with its second."""
    first = key[0]
    firsts = lex.firsts.get(first)
    if firsts is None:
        if len(lex.firsts) > _SEEN_LIMIT:
            lex.firsts.clear()
        firsts = lex.firsts[first] = tuple(
            (n, heads) for n, heads in enumerate(lex.heads)
            if heads is None or first in heads or not first.isascii())
    return tuple(n for n, heads in firsts if _may_begin(heads, key))


def _may_begin(heads: dict[str, frozenset[str]] | None, key: str) -> bool:
    """Whether a terminal whose matches begin as `heads` says (`_heads`) may match a text that
    begins with `key` (two characters; one at the end of the text)."""
    first, second = key[0], key[1:]
    if heads is None or not first.isascii():  # under IGNORECASE, `K` (Kelvin) is `k`
        return True
    then = heads.get(first)
    return then is not None and (ANY in then or second in then or not second.isascii()
                                 or NONWORD in then and not _word(second))


def _word(char: str) -> bool:
    """An ASCII character a `\\w` matches (`\\b` stands between it and another)."""
    return char.isascii() and (char.isalnum() or char == "_")


# The common shapes, as the terminals of their tokens: for each sequence, the order's form
# and how to build each of its items from the tokens (`_build`).
_UNITS = (("KIND", "WORD"), ("KIND", "WORD", "/", "COAST"), ("WORD",), ("WORD", "/", "COAST"),
          ("KIND", "(", "WORD", ")"), ("KIND", "(", "WORD", "/", "COAST", ")"))  # `A(Par)`
_PLACES = (("WORD",), ("WORD", "/", "COAST"))


def _plans() -> dict[tuple[str, ...], tuple[str, tuple]]:
    plans = {}
    # where a unit's or a place's KIND, WORD and COAST are among its tokens (-1: none)
    offsets = {shape: tuple(shape.index(t) if t in shape else -1
                            for t in ("KIND", "WORD", "COAST"))
               for shape in (*_UNITS, *_PLACES, ("VIA",))}

    def add(form: str, *parts) -> None:
        """`parts`: a keyword's name, or (item kind, its tokens' terminals). Each item is
        kept as where its tokens are: (item kind, its KIND's, its WORD's, its COAST's; -1
        for none)."""
        sequence, items = [], []
        for part in parts:
            if isinstance(part, str):
                sequence.append(part)
                continue
            what, terminals = part
            at = len(sequence)
            kind, word, coast = offsets[terminals]
            items.append((what, kind + at if kind >= 0 else -1, word + at if word >= 0 else -1,
                          coast + at if coast >= 0 else -1))
            sequence.extend(terminals)
        plans[tuple(sequence)] = (form, tuple(items))

    for unit in _UNITS:
        u = ("unit", unit)
        add("build", "BUILD", u)
        add("remove", "REMOVE", u)
        add("hold", u, "HOLD")
        add("disband", u, "DISBAND")
        add("disband", "DISBAND", u)
        for place in _PLACES:
            add("move", u, "MOVE", ("dest", place))
            add("move", u, "MOVE", ("dest", place), ("via", ("VIA",)))
            add("retreat", u, "RETREAT", ("place", place))
        for other in _UNITS:
            v = ("unit", other)
            add("support_hold", u, "SUPPORT", v)
            add("support_hold", u, "SUPPORT", v, "HOLD")
            for place in _PLACES:
                add("support_move", u, "SUPPORT", v, "MOVE", ("place", place))
                add("convoy", u, "CONVOY", v, "MOVE", ("place", place))
    return plans


_PLANS = _plans()


def _build(plan: tuple[str, tuple], tokens: tuple, end: int) -> Syntax:
    """The `Syntax` Lark's transformer builds for these tokens, following `plan`; columns are
    counted back from `end`."""
    form, items = plan
    built = []
    for what, kind_at, word_at, coast_at in items:
        if what == "via":
            built.append(True)
            continue
        word, distance = tokens[word_at]
        coast = coast_code(tokens[coast_at][0]) if coast_at >= 0 else None
        column = end - distance
        place = _place_text((_name_text((word, column)), coast))
        if what == "place":
            built.append(place)
        elif kind_at < 0:  # a unit without its kind (`Par`), or where a move goes
            built.append(_unit_text((None, None, place, column)))
        else:
            kind, kind_distance = tokens[kind_at]
            built.append(_unit_text((*_kind(kind), place, end - kind_distance)))
    return _syntax((form, tuple(built)))


def _kind(written: str) -> tuple[str, float | None]:
    """The kind and strength a unit's KIND token gives (`Army`, `2A`, `A/F`), read as the
    transformer reads it (`read_kind`), each spelling once."""
    kind = _KINDS.get(written)
    if kind is None:
        kind = read_kind(written)
        if len(_KINDS) < _SEEN_LIMIT:
            _KINDS[written] = kind
    return kind


# The grammar's tuples as Python's tuple makes them, without the call to each one's `__new__`
# (written in Python): they are most of what reading an order makes
_name_text = partial(tuple.__new__, NameText)
_place_text = partial(tuple.__new__, PlaceText)
_unit_text = partial(tuple.__new__, UnitText)
_syntax = partial(tuple.__new__, Syntax)


@lru_cache(maxsize=1)
def _lexicon(grammar: str) -> _Lexicon | None:
    """The terminals of `grammar`, or None when the reader must stand aside. Compiling their
    expressions costs a process more than reading a file of orders, so what compiling makes is
    kept on disk (`gm.disk_cache`) beside the grammar's text and the Python that made it, and
    handed back to Python's regular expression engine as it is (`gm.kept_patterns`)."""
    cache = cache_folder() / "order-lexicon.pickle"
    key = (_KEPT_FORM, grammar, *ENGINE)
    kept = read_cached(cache, key)
    if not (isinstance(kept, tuple) and len(kept) == 1):  # (None,) when standing aside
        kept = (_made_terminals(grammar),)
        write_cached(cache, key, kept)
    terminals = kept[0]
    if terminals is None:
        return None
    return _Lexicon(_patterns(terminals), tuple(t.name for t in terminals),
                    tuple(t.ahead for t in terminals), tuple(t.heads for t in terminals), {}, {}, {})


class _Made(NamedTuple):
    """A terminal as the lexicon keeps it between processes."""

    name: str
    pattern: str
    ahead: int  # how many terminals have its priority or a higher one
    heads: dict[str, frozenset[str]] | None  # how a match can begin (`_heads`; None: anyhow)
    code: tuple | None  # the arguments `re` passes its engine for the expression (None: unknown)


def _made_terminals(grammar: str) -> tuple[_Made, ...] | None:
    """The grammar's terminals, highest priority first, compiled; None if the reader must stand
    aside."""
    flat = " ".join(grammar.split()) + " "
    if any(f"{rule} " not in flat for rule in RULES):
        return None
    terminals = _terminals(grammar)
    if terminals is None:
        return None
    terminals.sort(key=lambda t: -t.priority)
    by_name = {t.name: t for t in terminals}
    if "WORD" not in by_name or any(k not in by_name for k in _KEYWORDS):
        return None
    made = []
    for t in terminals:
        try:
            code, heads = _compiled(t.pattern)
        except re.error:
            return None
        made.append(_Made(t.name, t.pattern, sum(o.priority >= t.priority for o in terminals),
                          heads, code))
    return tuple(made)


def _patterns(terminals: tuple[_Made, ...]) -> tuple[re.Pattern, ...]:
    """The terminals' expressions, each built by Python's engine from the code kept for it (the
    cache's key names the Python that made it), or compiled from its text where none is."""
    return tuple(rebuilt(t.code) or re.compile(t.pattern) for t in terminals)


def _compiled(pattern: str) -> tuple[tuple | None, dict[str, frozenset[str]] | None]:
    """What `re.compile` gives its engine for the terminal's expression (`_sre.compile`'s
    arguments), and how a match of it can begin (`_heads`), from one
    parse of the expression; a Python whose re is built otherwise: (None, None), and the
    expression is compiled from its text and tried everywhere."""
    try:
        from re import _parser

        parsed = _parser.parse(pattern)  # a bad expression: re.error, as from re.compile
        code = engine_arguments(pattern, 0, parsed)
    except (ImportError, AttributeError, TypeError):
        re.compile(pattern)
        return None, None
    return code, _heads(parsed)


ANY, NONWORD = "any", "non-word"  # what may follow a head's first character, beside itself


def _heads(parsed) -> dict[str, frozenset[str]] | None:
    """How a match of an expression (`parsed`: Python's own parse of it) can begin: by each
    first character, what may follow it (characters; NONWORD: a character no word holds, or
    the end; ANY: anything, or the end); ASCII characters only, as a text's other characters
    may match any head. None when a match may begin with any character, or be empty, or this
    cannot tell: the terminal is then tried everywhere."""
    heads: set[tuple[str, str]] = set()
    try:
        from re import _constants as sre

        case = bool(parsed.state.flags & re.IGNORECASE)
        sure = _follow(((parsed.data, 0, case),), "", heads, sre, 64)
    except Exception:  # noqa: BLE001  (a Python whose re is built otherwise)
        return None
    if not sure:
        return None
    follows: dict[str, set[str]] = {}
    for first, then in heads:
        follows.setdefault(first, set()).add(then)
    return {first: frozenset(then) for first, then in follows.items()}


def _follow(stack: tuple, prefix: str, heads: set, sre, budget: int) -> bool:
    """Add to `heads` each way a match goes on from `prefix` (what it took so far) through
    `stack`, the parsed items still to match, innermost first, as (items, from which, whether
    IGNORECASE); False when unsure. `budget` bounds the steps that take no character."""
    if len(prefix) == 2:
        heads.add((prefix[0], prefix[1]))
        return True
    if budget == 0:
        return False
    if not stack:  # the match may end here
        if prefix:
            heads.add((prefix, ANY))
        return bool(prefix)
    (items, at, case), below = stack[0], stack[1:]
    if at == len(items):
        return _follow(below, prefix, heads, sre, budget - 1)
    op, arg = items[at]
    after = ((items, at + 1, case), *below)
    if op is sre.AT or op is sre.ASSERT or op is sre.ASSERT_NOT:  # they take no character
        if op is sre.AT and arg is sre.AT_BOUNDARY and len(prefix) == 1 and _word(prefix):
            heads.add((prefix, NONWORD))
            return True
        return _follow(after, prefix, heads, sre, budget - 1)
    if op is sre.LITERAL or op is sre.IN:
        chars = _literal(arg, case) if op is sre.LITERAL else _set(arg, case)
        if chars is None:  # any character, as far as this knows
            if prefix:
                heads.add((prefix, ANY))
            return bool(prefix)
        return all(_follow(after, prefix + char, heads, sre, budget) for char in chars)
    if op is sre.SUBPATTERN:
        _, add, remove, sub = arg
        inner = (case or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE
        return _follow(((sub.data, 0, inner), *after), prefix, heads, sre, budget - 1)
    if op is sre.BRANCH:
        return all(_follow(((branch.data, 0, case), *after), prefix, heads, sre, budget - 1)
                   for branch in arg[1])
    if op is sre.MAX_REPEAT or op is sre.MIN_REPEAT:  # skipped, or once and then as often
        low, _, sub = arg
        again = ([(sre.MAX_REPEAT, (0, sre.MAXREPEAT, sub))], 0, case)
        return (low > 0 or _follow(after, prefix, heads, sre, budget - 1)) and \
            _follow(((sub.data, 0, case), again, *after), prefix, heads, sre, budget - 1)
    return False


def _literal(code: int, ignore_case: bool) -> set[str] | None:
    char = chr(code)
    if not char.isascii():
        return None if ignore_case else {char}
    return {char.lower(), char.upper()} if ignore_case else {char}


def _set(items, ignore_case: bool) -> set[str] | None:
    """The characters of a `[...]` class, if it names them one by one or in small ranges."""
    from re import _constants as sre

    chars: set[str] = set()
    for op, arg in items:
        if op is sre.LITERAL:
            found = _literal(arg, ignore_case)
        elif op is sre.RANGE and arg[1] - arg[0] < 128:
            found = set()
            for code in range(arg[0], arg[1] + 1):
                more = _literal(code, ignore_case)
                if more is None:
                    return None
                found |= more
        else:
            return None  # a negated class, `\w`, `\s`: any character, as far as this knows
        if found is None:
            return None
        chars |= found
    return chars


# Compiled (by `re`'s own cache) only when a lexicon is made, not when it is read back.
_DEFINITION = r"^([A-Z_][A-Z0-9_]*)(?:\.(-?\d+))?\s*:\s*(.*)$"
_REGEX = r"^/((?:[^/\\]|\\.)+)/(i?)$"
_STRING = r'"((?:[^"\\]|\\.)+)"(i?)'


def _terminals(grammar: str) -> list[_Terminal] | None:
    """Every terminal: the named ones (`MOVE.3: /.../`, each alternative on its own line)
    and the strings written in rules (`"/"`, named by their text). None if a definition
    takes a form this reader does not know, such as a terminal made of others."""
    named: dict[str, tuple[int, list[str]]] = {}
    strings: set[tuple[str, str]] = set()
    current: list[str] | None = None
    for raw in grammar.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        definition = re.match(_DEFINITION, line)
        if definition:
            name, priority, body = definition.groups()
            current = [body]
            named[name] = (int(priority or 0), current)
        elif line.startswith("|") and current is not None:
            current.append(line[1:].strip())
        elif line.startswith("%ignore"):
            current = None
        elif line.startswith("%") and not line.startswith("%extend"):
            return None  # %import, %declare...: terminals this reader cannot see
        else:  # a rule: only its strings are terminals
            current = None
            rest = re.sub(_STRING, "", line)
            if "/" in rest.split("//")[0]:
                return None  # a regular expression written inside a rule
            strings.update(re.findall(_STRING, line))
    terminals = []
    for name, (priority, bodies) in named.items():
        patterns = []
        for body in bodies:
            regex, string = re.match(_REGEX, body), re.fullmatch(_STRING, body)
            if regex and "(?<" in regex.group(1).replace("(?P<", ""):
                return None  # a look behind: the probe's memory keys on one character
            if regex:
                patterns.append(_flagged(regex.group(1), regex.group(2)))
            elif string:
                patterns.append(_flagged(re.escape(_unescaped(string.group(1))), string.group(2)))
            else:
                return None
        terminals.append(_Terminal(name, priority,
                                   "|".join(f"(?:{p})" for p in patterns)))
    for text, flag in sorted(strings):
        terminals.append(_Terminal(_unescaped(text), 0, _flagged(re.escape(_unescaped(text)),
                                                                  flag)))
    return terminals


def _flagged(pattern: str, flag: str) -> str:
    return f"(?i:{pattern})" if flag else pattern


def _unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)
