"""Mana symbols, mana costs and mana pools (CR 107.4): values, read and printed.

``ManaCost.parse("{2}{W/U}{B/P}")`` reads a cost written in symbols and ``str(cost)`` prints it
back exactly. A malformed cost raises ``ManaCostError`` naming the offending symbol and its
position. What a cost amounts to (its mana value, its total) is the cost area's
(``mtgrules.encodings.cost``).

>>> cost = ManaCost.parse("{X}{X}{G/U/P}{2/W}")
>>> str(cost), len(cost), cost.x_count
('{X}{X}{G/U/P}{2/W}', 4, 2)
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from mtgrules.model.errors import MtgRulesError

COLORS = ("W", "U", "B", "R", "G")
"""The five colours in the order the rules list them (CR 105.1)."""
MANA_TYPES = (*COLORS, "C")
"""The six types of mana: the five colours and colourless (CR 106.1)."""
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

# The ten two-colour pairs in the order printed on hybrid symbols (CR 107.4): {W/U}, not {U/W}.
HYBRID_PAIRS = ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")

_SYMBOL = re.compile(r"\{([^{}]*)\}")

MAX_GENERIC = 1000
"""The largest number a generic mana symbol may hold (printed costs stay far below)."""
MAX_SYMBOLS = 100
"""The most symbols a cost or a pool may be written with (a typo must not exhaust memory)."""


class ManaCostError(MtgRulesError):
    """A mana cost or mana pool written with a symbol the rules don't have."""


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol of a cost (CR 107.4)."""

    kind: str
    """``generic`` ({3}), ``colored`` ({W}), ``colorless`` ({C}), ``hybrid`` ({W/U}),
    ``mono-hybrid`` ({2/W}), ``colorless-hybrid`` ({C/W}), ``phyrexian`` ({W/P}),
    ``hybrid-phyrexian`` ({G/U/P}), ``x`` ({X}) or ``snow`` ({S})."""
    colors: tuple[str, ...] = ()
    """The colour letters in the symbol, as printed (``("W", "U")`` for {W/U})."""
    amount: int = 1
    """For generic symbols the number; for {2/W} the generic alternative (2)."""

    @property
    def text(self) -> str:
        if self.kind == "generic":
            return f"{{{self.amount}}}"
        if self.kind == "colored":
            return f"{{{self.colors[0]}}}"
        if self.kind == "colorless":
            return "{C}"
        if self.kind == "hybrid":
            return f"{{{self.colors[0]}/{self.colors[1]}}}"
        if self.kind == "mono-hybrid":
            return f"{{{self.amount}/{self.colors[0]}}}"
        if self.kind == "colorless-hybrid":
            return f"{{C/{self.colors[0]}}}"
        if self.kind == "phyrexian":
            return f"{{{self.colors[0]}/P}}"
        if self.kind == "hybrid-phyrexian":
            return f"{{{self.colors[0]}/{self.colors[1]}/P}}"
        return {"x": "{X}", "snow": "{S}"}[self.kind]

    def __str__(self) -> str:
        return self.text

    @property
    def options(self) -> tuple[str, ...]:
        """The ways this symbol may be paid, as announced in 601.2b: a mana type letter,
        ``"generic:N"`` for N generic mana, ``"life"`` for 2 life, ``"snow"`` for snow mana.
        Symbols with one way are not announced."""
        if self.kind == "hybrid":
            return self.colors
        if self.kind == "mono-hybrid":
            return (self.colors[0], f"generic:{self.amount}")
        if self.kind == "colorless-hybrid":
            return (self.colors[0], "C")
        if self.kind == "phyrexian":
            return (self.colors[0], "life")
        if self.kind == "hybrid-phyrexian":
            return (*self.colors, "life")
        return ()

    @property
    def is_choice(self) -> bool:
        """Whether paying this symbol needs an announcement (CR 601.2b, 118.13a)."""
        return bool(self.options)


def parse_symbol(body: str, position: int, text: str) -> ManaSymbol:
    """One symbol from the text between braces; ``position`` counts symbols from 1."""
    def bad(why: str, hint: str = "") -> ManaCostError:
        return ManaCostError(
            f"'{text}' is not a mana cost: symbol {position} {{{body}}} {why}."
            + (f" {hint}" if hint else "")
            + " Expected symbols such as {3}, {W}, {C}, {W/U}, {2/W}, {W/P}, {G/U/P}, {X}, {S}.")

    up = body.strip()
    if up != body or not body:
        raise bad("is empty or has spaces")
    if up.isascii() and up.isdigit():
        if len(up) > 1 and up.startswith("0"):
            raise bad("has a leading zero", f"Did you mean {{{int(up)}}}?")
        if len(up) > len(str(MAX_GENERIC)) or int(up) > MAX_GENERIC:
            raise bad(f"is more than {MAX_GENERIC} generic mana")
        return ManaSymbol("generic", amount=int(up))
    if up in COLORS:
        return ManaSymbol("colored", (up,))
    if up == "C":
        return ManaSymbol("colorless")
    if up == "X":
        return ManaSymbol("x")
    if up == "S":
        return ManaSymbol("snow")
    if up.upper() != up:
        raise bad("uses lower-case letters", f"Did you mean {{{up.upper()}}}?")
    parts = up.split("/")
    if len(parts) == 2 and parts[1] == "P":
        if parts[0] in COLORS:
            return ManaSymbol("phyrexian", (parts[0],))
        raise bad("is Phyrexian mana of no colour", "A Phyrexian symbol is {W/P}, {U/P}, {B/P}, "
                  "{R/P} or {G/P}.")
    if len(parts) == 2 and parts[1] in COLORS and parts[0].isascii() and parts[0].isdigit():
        if parts[0] != "2":
            raise bad("is a monocoloured hybrid symbol with a number other than 2",
                      f"Did you mean {{2/{parts[1]}}}?")
        return ManaSymbol("mono-hybrid", (parts[1],), amount=int(parts[0]))
    if len(parts) == 2 and parts[0] == "C" and parts[1] in COLORS:
        return ManaSymbol("colorless-hybrid", (parts[1],))
    if len(parts) in (2, 3) and all(p in COLORS for p in parts[:2]) and (
            len(parts) == 2 or parts[2] == "P"):
        pair = parts[0] + parts[1]
        if parts[0] == parts[1]:
            raise bad("names the same colour twice")
        if pair not in HYBRID_PAIRS:
            fixed = "/".join([parts[1], parts[0], *parts[2:]])
            raise bad("has its colours in the wrong order", f"Did you mean {{{fixed}}}?")
        kind = "hybrid" if len(parts) == 2 else "hybrid-phyrexian"
        return ManaSymbol(kind, (parts[0], parts[1]))
    raise bad("is not a mana symbol")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: symbols in the order written (CR 107.4, 202.1)."""

    symbols: tuple[ManaSymbol, ...] = ()

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Read a cost such as ``{2}{W/U}{B/P}``; ``{0}`` is the cost of zero mana."""
        if not isinstance(text, str):
            raise ManaCostError(f"{text!r} is not a mana cost: expected text such as '{{1}}{{G}}'.")
        if not text:
            raise ManaCostError("'' is not a mana cost: a cost has at least one symbol "
                                "(write {0} for a cost of no mana).")
        symbols, pos = [], 0
        for n, match in enumerate(_SYMBOL.finditer(text), start=1):
            if match.start() != pos:
                stray = text[pos:match.start()]
                raise ManaCostError(f"'{text}' is not a mana cost: '{stray}' before symbol {n} is "
                                    "outside braces. Write each symbol in braces, e.g. {2}{G}.")
            if n > MAX_SYMBOLS:
                raise ManaCostError(f"'{text[:40]}…' is not a mana cost: it has more than "
                                    f"{MAX_SYMBOLS} symbols.")
            symbols.append(parse_symbol(match.group(1), n, text))
            pos = match.end()
        if pos != len(text):
            stray = text[pos:]
            hint = " (an unclosed brace?)" if "{" in stray or "}" in stray else ""
            raise ManaCostError(f"'{text}' is not a mana cost: '{stray}' at the end is not a "
                                f"symbol{hint}. Write each symbol in braces, e.g. {{2}}{{G}}.")
        return cls(tuple(symbols))

    @classmethod
    def of(cls, generic: int = 0, **colored: int) -> ManaCost:
        """A plain cost from counts: ``ManaCost.of(2, B=1)`` is {2}{B}."""
        symbols = [ManaSymbol("generic", amount=generic)] if generic or not colored else []
        for letter in MANA_TYPES:
            for _ in range(colored.get(letter, 0)):
                symbols.append(ManaSymbol("colorless") if letter == "C"
                               else ManaSymbol("colored", (letter,)))
        return cls(tuple(symbols))

    def __str__(self) -> str:
        return "".join(s.text for s in self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def __iter__(self) -> Iterator[ManaSymbol]:
        return iter(self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if s.kind == "x")

    @property
    def choices(self) -> tuple[ManaSymbol, ...]:
        """The symbols whose way of payment is announced (hybrid and Phyrexian)."""
        return tuple(s for s in self.symbols if s.is_choice)

    @property
    def generic(self) -> int:
        return sum(s.amount for s in self.symbols if s.kind == "generic")

    def counts(self) -> Counter[str]:
        """Counts of the symbols that have one way of payment: generic total under
        ``"generic"``, one entry per mana type letter, and ``"S"`` for snow."""
        found: Counter[str] = Counter()
        for s in self.symbols:
            if s.kind == "generic":
                found["generic"] += s.amount
            elif s.kind == "colored":
                found[s.colors[0]] += 1
            elif s.kind == "colorless":
                found["C"] += 1
            elif s.kind == "snow":
                found["S"] += 1
        return found


def parse_pool(text: str) -> Counter[str]:
    """A mana pool written in symbols (``{G}{G}{C}``) as counts per mana type; ``""`` is empty.

    Mana in a pool has a type, so only {W} {U} {B} {R} {G} {C} may appear (CR 106.1)."""
    if text == "":
        return Counter()
    cost = ManaCost.parse(text)
    pool: Counter[str] = Counter()
    for n, s in enumerate(cost.symbols, start=1):
        if s.kind == "colored":
            pool[s.colors[0]] += 1
        elif s.kind == "colorless":
            pool["C"] += 1
        else:
            raise ManaCostError(f"'{text}' is not a mana pool: symbol {n} {s.text} is not a type "
                                "of mana. A pool holds {W}, {U}, {B}, {R}, {G} or {C}.")
    return pool


def format_counts(counts: Counter[str] | dict[str, int], generic_first: bool = True) -> str:
    """Print counts per mana type (and ``generic``, ``S``) as symbols, e.g. {2}{B}{B}."""
    out = ""
    generic = counts.get("generic", 0)
    if generic:
        out += f"{{{generic}}}"
    for letter in (*MANA_TYPES, "S"):
        out += f"{{{letter}}}" * counts.get(letter, 0)
    return out or "{0}"
