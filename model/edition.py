"""Editions of the Comprehensive Rules, citations, and the registry of encoded rules.

Every rule the encodings use is a *concept key* (``cast.total-cost``) in ``data/rules.yaml``,
which says in which editions the rule holds and under which number, because rules move:
the golden rules were 103.x until the Magic 2010 reorganisation and are 101.x since.
"""
from __future__ import annotations

import datetime as _dt
import difflib
import functools
import re
import warnings
from dataclasses import dataclass
from importlib import resources
from typing import ClassVar, TypeVar

import yaml

from mtgrules.model.errors import UnknownEditionError

# The editions the project knows, oldest first (the dates printed inside each CR file).
EDITION_DATES: tuple[str, ...] = (
    "2008-02-01", "2008-10-01", "2009-05-01", "2009-07-11", "2009-10-01", "2016-07-22",
    "2016-11-11", "2024-07-30", "2024-09-20", "2024-11-08", "2026-01-16", "2026-08-07",
)


class EditionInForce(UserWarning):
    """Said when a date that is no edition's stands for the edition in force on it:
    ``2010-01-01: the rules in force were the 2009-10-01 edition``. A warning, so that it goes
    to standard error and a program can silence it (``warnings.simplefilter("ignore",
    EditionInForce)``); the CLI prints it as a note."""


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
"""How an edition's date is written: ISO 8601, year-month-day."""


MTR_EDITION_DATES: tuple[str, ...] = (
    "2013-02-01", "2016-09-30", "2019-05-03", "2024-09-23", "2025-11-10", "2026-02-27",
)
"""The editions of the Magic Tournament Rules the project holds, oldest first (``shared/mtr``)."""

CR_TITLE = "Comprehensive Rules"
MTR_TITLE = "Magic Tournament Rules"


def _unknown(date: str, dates: tuple[str, ...] = EDITION_DATES, title: str = CR_TITLE) -> str:
    """The refusal of a string that is no edition date, with the closest known spelling."""
    close = difflib.get_close_matches(date, dates, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    return (f"no {title} edition dated '{date}'. Known editions: "
            f"{', '.join(dates)}.{hint}")


def _in_force(date: str, dates: tuple[str, ...] = EDITION_DATES, title: str = CR_TITLE) -> str:
    """The date of the newest known edition dated on or before ``date``, a well-formed date;
    a malformed one, or one before the first edition, is refused."""
    try:
        valid = bool(DATE.fullmatch(date)) and bool(_dt.date.fromisoformat(date))
    except ValueError:
        valid = False
    if not valid:
        raise UnknownEditionError(_unknown(date, dates, title))
    known = [d for d in dates if d <= date]
    if not known:
        raise UnknownEditionError(
            f"no {title} edition the project knows was in force on {date}: the first "
            f"(oldest) is {dates[0]}. Expected a date on or after {dates[0]}.")
    return known[-1]


E = TypeVar("E", bound="_DatedEdition")


@functools.total_ordering
@dataclass(frozen=True)
class _DatedEdition:
    """An edition of a rules document, named by the date it took effect: any other date stands
    for the edition in force on it (the newest dated on or before it), with an
    ``EditionInForce`` warning saying which; a malformed date, or one before the first edition,
    is refused. The documents: ``Edition`` (the Comprehensive Rules), ``MtrEdition`` (the
    Magic Tournament Rules)."""

    DATES: ClassVar[tuple[str, ...]] = ()
    TITLE: ClassVar[str] = ""
    RULES: ClassVar[str] = ""
    """What the edition holds, in the note on a date that is no edition's."""

    date: str
    """ISO date on which the edition took effect."""

    def __post_init__(self) -> None:
        if self.date in self.DATES:
            return
        # any other date means the edition in force on it, and the user is told which
        in_force = _in_force(self.date, self.DATES, self.TITLE)
        note = f"{self.date}: {self.RULES} in force were the {in_force} edition"
        if in_force == self.DATES[-1]:
            note += " (the newest the project knows)"
        object.__setattr__(self, "date", in_force)
        warnings.warn(EditionInForce(note), stacklevel=3)

    @classmethod
    def exact(cls: type[E], date: str) -> E:
        """The edition dated exactly ``date``, refused (with the closest known date) for any
        other date, where a date stands for itself rather than for the rules in force on it
        (a per-edition expectation's key)."""
        if date not in cls.DATES:
            raise UnknownEditionError(_unknown(date, cls.DATES, cls.TITLE))
        return cls(date)

    @classmethod
    def of(cls: type[E], value: E | str | None) -> E:
        """The edition an API caller means: an edition, a date string, or ``None`` (the
        newest). Anything else is refused, as the file loader refuses it."""
        if value is None:
            return cls.newest()
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            return cls(value)
        raise UnknownEditionError(f"an edition of the {cls.TITLE} is a date such as "
                                  f"{cls.DATES[-1]}, not {value!r}")

    @classmethod
    def newest(cls: type[E]) -> E:
        return cls(cls.DATES[-1])

    @classmethod
    def all(cls: type[E]) -> list[E]:
        return [cls(d) for d in cls.DATES]

    @classmethod
    def in_force_on(cls: type[E], date: str) -> E:
        """The newest known edition dated on or before ``date``, without a note (for a CR file
        newer than any the project knows, its numbering is assumed to be the newest known
        one's)."""
        return cls(_in_force(date, cls.DATES, cls.TITLE))

    @property
    def day(self) -> _dt.date:
        return _dt.date.fromisoformat(self.date)

    def __lt__(self, other: _DatedEdition) -> bool:
        return self.date < other.date

    def __str__(self) -> str:
        return self.date

    def in_force(self, since: str | None, until: str | None) -> bool:
        """Whether a rule with this ``since``/``until`` span holds in this edition."""
        return (since is None or since <= self.date) and (until is None or self.date < until)


@dataclass(frozen=True)
class Edition(_DatedEdition):
    """A dated edition of the Comprehensive Rules, e.g. ``Edition("2026-08-07")``;
    ``Edition("2010-01-01").date`` is ``"2009-10-01"``, the edition in force then."""

    DATES: ClassVar[tuple[str, ...]] = EDITION_DATES
    TITLE: ClassVar[str] = CR_TITLE
    RULES: ClassVar[str] = "the rules"


@dataclass(frozen=True)
class MtrEdition(_DatedEdition):
    """A dated edition of the Magic Tournament Rules, e.g. ``MtrEdition("2026-02-27")``: the
    tournament shortcuts (MTR 4.2) are dated by it, as the game's rules are by ``Edition``."""

    DATES: ClassVar[tuple[str, ...]] = MTR_EDITION_DATES
    TITLE: ClassVar[str] = MTR_TITLE
    RULES: ClassVar[str] = "the tournament rules"


@dataclass(frozen=True, order=True)
class Citation:
    """A reference to a rule: ``Citation("CR", "601.2f")`` prints as ``CR 601.2f``."""

    document: str
    """``CR`` (Comprehensive Rules) or ``MTR`` (Magic Tournament Rules)."""
    number: str
    """The rule number as printed in that document's edition."""

    @classmethod
    def parse(cls, text: str) -> Citation:
        doc, _, number = text.strip().partition(" ")
        if doc not in ("CR", "MTR") or not number:
            raise ValueError(f"not a citation: {text!r} (expected e.g. 'CR 601.2f' or 'MTR 4.3')")
        return cls(doc, number)

    def __str__(self) -> str:
        return f"{self.document} {self.number}"


@dataclass(frozen=True)
class EncodedRule:
    """One rule the encodings implement, with its numbering history."""

    key: str
    """Concept key used by the encodings, e.g. ``golden.cant-beats-can``."""
    paraphrase: str
    """What the rule says, in the project's own words."""
    numbers: tuple[tuple[str, str], ...]
    """(first edition date, number) pairs, oldest first; each holds until the next."""
    since: str | None
    until: str | None
    document: str = "CR"

    def holds_in(self, edition: Edition | MtrEdition) -> bool:
        """Whether the rule holds in ``edition``. A tournament rule's span is in MTR dates: asked
        of a Comprehensive Rules edition, it is judged in the newest MTR (the tournament rules a
        question is asked under unless it names their edition)."""
        if self.document == "MTR" and isinstance(edition, Edition):
            edition = MtrEdition.newest()
        return edition.in_force(self.since, self.until)

    def number_in(self, edition: Edition) -> str:
        current = self.numbers[0][1]
        for date, number in self.numbers:
            if date <= edition.date:
                current = number
        return current

    def cite(self, edition: Edition) -> Citation:
        return Citation(self.document, self.number_in(edition))


@functools.cache
def rulebook() -> dict[str, EncodedRule]:
    """All encoded rules by concept key, read from the package data."""
    raw = yaml.safe_load(resources.files("mtgrules.model.data").joinpath("rules.yaml").read_text())
    book: dict[str, EncodedRule] = {}
    for key, entry in raw.items():
        numbers = tuple(sorted((str(d), str(n)) for d, n in entry["numbers"].items()))
        book[key] = EncodedRule(
            key=key,
            paraphrase=entry["paraphrase"],
            numbers=numbers,
            since=str(entry["since"]) if entry.get("since") else None,
            until=str(entry["until"]) if entry.get("until") else None,
            document=entry.get("document", "CR"),
        )
    return book


def cite(key: str, edition: Edition) -> Citation:
    """The citation of an encoded rule (by concept key) as numbered in ``edition``.

    MTR references are written directly as ``MTR 4.3`` and pass through unchanged.
    """
    if key.startswith(("CR ", "MTR ")):
        return Citation.parse(key)
    rule = rulebook()[key]
    return rule.cite(edition)


def rule_holds(key: str, edition: Edition) -> bool:
    return rulebook()[key].holds_in(edition)
