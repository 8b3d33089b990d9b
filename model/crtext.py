"""Reading a Comprehensive Rules text file a user supplies: the whole document as values.

The project ships no CR text; this reads the user's copy as Wizards of the Coast publishes it:
UTF-8 with or without a byte-order mark, or the older cp1252; CRLF, LF or bare-CR line endings
(one file mixes CRLF and CR). The layout it expects (``../shared/cr/README.md``):

- line 3 gives the date ("current as of …" before July 2009, "effective as of …" after);
- a contents list repeats the chapter and section headings, ending with "Glossary" and "Credits";
- the body: chapters (``5. Turn Structure``), sections (``509. Declare Blockers Step``), rules
  (``509.1.`` — older editions drop the final period) and subrules (``509.1a``; letters skip l and o;
  after z come aa, ab …), each rule followed by its ``Example:`` lines and sometimes indented
  continuation lines;
- the glossary: a term on one line, its definition on the following lines, a blank line between;
- the credits close the file.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules.model.errors import MtgRulesError

# "601.2." (top-level rules end with a period), "609.6" (2008: no period), "601.2f" (subrules),
# "704.5aa" (after z), "901.4.All" (a missing space, 2024).
_RULE = re.compile(r"^(\d{3}\.\d+(?:[a-z]{1,2})?)(?:\.\s*|\s+)(\S.*)$")
_SECTION = re.compile(r"^(\d{3})\.\s+(\S.*)$")
_CHAPTER = re.compile(r"^(\d)\.\s+(\S.*)$")
_DATE = re.compile(r"(?:effective|current) as of (\w+ \d{1,2}, \d{4})", re.IGNORECASE)
_NUMBER = re.compile(r"^(\d{3})\.(\d+)([a-z]{0,2})$")

# Subrule letters: a–z without l and o, then aa, ab, …
LETTERS = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "lo"]


class CRFormatError(MtgRulesError):
    """A file that is not a Comprehensive Rules text in the expected layout."""


@dataclass(frozen=True)
class Rule:
    """One numbered rule or subrule: its own text and the examples printed after it."""

    number: str
    text: str
    examples: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        """The three-digit section (``509`` for ``509.3g``)."""
        return self.number.split(".")[0]

    @property
    def full_text(self) -> str:
        """The rule's text followed by its examples: what a change of the rule is measured on."""
        return " ".join((self.text, *self.examples))


@dataclass(frozen=True)
class RulesText:
    """One CR file: its rules by number (in document order), headings, glossary and date."""

    rules: dict[str, str]
    """Rule number → the rule's text with its examples (the shape older callers use)."""
    effective: str | None
    """The date printed near the top, as written (e.g. ``August 7, 2026``)."""
    entries: dict[str, Rule] = field(default_factory=dict)
    """Rule number → the parsed rule, in document order."""
    sections: dict[str, str] = field(default_factory=dict)
    """Three-digit section number → its heading (``509`` → ``Declare Blockers Step``)."""
    chapters: dict[str, str] = field(default_factory=dict)
    """Chapter digit → its heading (``5`` → ``Turn Structure``)."""
    glossary: dict[str, str] = field(default_factory=dict)
    """Glossary term → its definition (lines joined with spaces)."""
    path: str | None = None

    def get(self, number: str) -> str | None:
        return self.rules.get(number)

    @property
    def iso_date(self) -> str | None:
        if not self.effective:
            return None
        try:
            return _dt.datetime.strptime(self.effective, "%B %d, %Y").date().isoformat()
        except ValueError:
            return None


def normalised(text: str) -> str:
    """Rule text with typography evened out (curly quotes, dashes, ellipses, spacing, the
    trademark signs the older files spell out), so only changes of wording count as changes."""
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                         ("\u2014", "-"), ("\u2013", "-"), ("\u2212", "-"), ("\u2026", "..."),
                         ("\u00a0", " "), ("\u00ae", "(r)"), ("\u2122", "(tm)")):
        text = text.replace(fancy, plain)
    text = text.replace(". . .", "...").replace(" -- ", " - ").replace("--", "-")
    return " ".join(text.split())


def number_key(number: str) -> tuple[int, int, int]:
    """A sort key for rule numbers in document order (``509.3`` < ``509.3a`` < ``509.3aa``)."""
    match = _NUMBER.match(number)
    if not match:
        return (9999, 0, 0)
    section, rule, letters = match.groups()
    order = 0
    for letter in letters:
        order = order * 30 + (LETTERS.index(letter) + 1 if letter in LETTERS else 29)
    return (int(section), int(rule), order)


def decode(raw: bytes, path: str | Path) -> str:
    """UTF-8 (with or without BOM), falling back to cp1252 (the older published files)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError:
            raise CRFormatError(f"{path}: not a text file (expected a Comprehensive Rules text "
                                "in UTF-8 or cp1252).") from None


@dataclass
class _Open:
    """The rule being read: more lines may still belong to it."""

    number: str
    text: str
    examples: list[str] = field(default_factory=list)


def read_rules(path: str | Path) -> RulesText:
    """Parse a CR file; a file that is not one raises :class:`CRFormatError` (never a traceback)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CRFormatError(f"{path}: cannot read the file ({exc.strerror or exc}).") from None
    return parse_rules(decode(raw, path), str(path))


def parse_rules(text: str, path: str | None = None) -> RulesText:
    if "\x00" in text:
        raise CRFormatError(f"{path or 'text'}: not a text file (it contains NUL bytes); expected a "
                            "Comprehensive Rules text.")
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    date = _DATE.search(" ".join(lines[:12]))
    marks = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    # With a contents list, the first "Glossary" is its last-but-one entry; the body's is the last.
    body_end = marks[-1] if marks else len(lines)
    body_start = 0
    if len(marks) > 1:
        credits = [i for i in range(marks[0], body_end) if lines[i].strip() == "Credits"]
        body_start = (credits[0] if credits else marks[0]) + 1

    entries: dict[str, Rule] = {}
    sections: dict[str, str] = {}
    chapters: dict[str, str] = {}
    current: _Open | None = None

    def flush() -> None:
        if current is not None:
            entries[current.number] = Rule(current.number, current.text, tuple(current.examples))

    for raw_line in lines[body_start:body_end]:
        stripped = raw_line.strip()
        if not stripped:
            continue
        match = _RULE.match(stripped)
        if match:
            flush()
            current = _Open(match.group(1), match.group(2))
            continue
        match = _SECTION.match(stripped)
        if match:
            flush()
            current = None
            sections[match.group(1)] = match.group(2)
            continue
        match = _CHAPTER.match(stripped)
        if match and not raw_line[:1].isspace():
            flush()
            current = None
            chapters[match.group(1)] = match.group(2)
            continue
        if current is None:
            continue  # the introduction before the first rule
        if stripped.startswith("Example:"):
            current.examples.append(stripped)
        elif current.examples:
            current.examples[-1] += " " + stripped  # an example running on
        else:
            current.text += " " + stripped          # an indented continuation, or a malformed number
    flush()

    glossary = _glossary(lines[body_end + 1:]) if marks else {}
    if not entries or not date:
        raise CRFormatError(
            f"{path or 'text'}: this does not look like a Comprehensive Rules file (expected an "
            "'effective as of <Month D, YYYY>' or 'current as of' line near the top and numbered "
            f"rules such as '100.1.'; found {'no date' if not date else 'no numbered rules'}).")
    rules = {n: r.full_text for n, r in entries.items()}
    doc = RulesText(rules, date.group(1), entries, sections, chapters, glossary, path)
    if doc.iso_date is None:
        raise CRFormatError(f"{path or 'text'}: this does not look like a Comprehensive Rules file: "
                            f"the date near the top, '{date.group(1)}', is not a date like "
                            "'August 7, 2026'.")
    return doc


def _glossary(lines: list[str]) -> dict[str, str]:
    """Glossary entries: a term, then its definition up to the next blank line; stops at Credits."""
    glossary: dict[str, str] = {}
    block: list[str] = []
    for line in [*lines, ""]:
        stripped = line.strip()
        if stripped == "Credits" and not block:
            break
        if stripped:
            block.append(stripped)
            continue
        if len(block) >= 2:
            glossary[block[0]] = " ".join(block[1:])
        block = []
    return glossary
