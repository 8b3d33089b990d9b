"""Reading a Comprehensive Rules text file a user supplies: rule number → rule text.

The project ships no CR text; this reads the user's copy (CRLF, LF or bare-CR line endings),
skipping the contents list that repeats the headings, and stopping at the glossary.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from pathlib import Path

# "601.2." (top-level rules end with a period) or "601.2f" (subrules don't).
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(\S.*)$")
_DATE = re.compile(r"(?:effective|current) as of (\w+ \d{1,2}, \d{4})", re.IGNORECASE)


@dataclass(frozen=True)
class RulesText:
    """The rules of one CR file, by number."""

    rules: dict[str, str]
    effective: str | None
    """The date printed near the top, as written (e.g. ``August 7, 2026``)."""

    def get(self, number: str) -> str | None:
        return self.rules.get(number)

    @property
    def iso_date(self) -> str | None:
        if not self.effective:
            return None
        return _dt.datetime.strptime(self.effective, "%B %d, %Y").date().isoformat()


def normalised(text: str) -> str:
    """Rule text with typography evened out (curly quotes, dashes, spacing), so only changes
    of wording count as changes."""
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                         ("\u2014", "-"), ("\u2013", "-")):
        text = text.replace(fancy, plain)
    return " ".join(text.split())


def read_rules(path: str | Path) -> RulesText:
    raw = Path(path).read_bytes().decode("utf-8-sig")
    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    head = " ".join(lines[:12])
    date = _DATE.search(head)
    rules: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        stripped = line.strip()
        if stripped == "Glossary" and rules:
            break
        match = _RULE.match(stripped)
        if match:
            current = match.group(1)
            # the body restates every heading the contents list had: the body wins
            rules[current] = match.group(2)
        elif current and stripped.startswith("Example:"):
            rules[current] += " " + stripped
    return RulesText(rules, date.group(1) if date else None)
