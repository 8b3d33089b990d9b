"""What exists, for a user looking it up: the card library, the editions and a scenario
skeleton per question kind (``mtgrules cards``, ``editions``, ``new``; the encoded rules are
``rule_lookup.py``'s).

Everything is read from where it is defined — the card files, ``EDITION_DATES``, the rulebook
(``model/data/rules.yaml``), the registry of question kinds — nothing is listed twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from mtgrules.model.edition import EDITION_DATES, Edition, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.source import did_you_mean
from mtgrules.queries.kinds import KINDS

# -- cards -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardEntry:
    """A card of the built-in library as its card file writes it."""

    name: str
    file: str
    """The card file it is defined in, e.g. ``cards/core.yaml``."""
    entry: dict[str, Any]
    """The card's entry in that file: its characteristics and its instructions."""

    @property
    def cost(self) -> str:
        return str(self.entry.get("cost", ""))

    @property
    def types(self) -> str:
        return " ".join([*self.entry.get("supertypes", []), *self.entry.get("types", [])])

    @property
    def power_toughness(self) -> str:
        if "power" in self.entry:
            return f"{self.entry['power']}/{self.entry.get('toughness', '')}"
        return ""

    def to_yaml(self) -> str:
        """The entry written back as YAML, as a scenario's ``cards:`` list would hold it."""
        return yaml.safe_dump([self.entry], sort_keys=False, allow_unicode=True, width=88,
                              default_flow_style=None)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "file": self.file, "card": self.entry}


def card_entries() -> list[CardEntry]:
    """Every card of the built-in library (the files ``builtin_cards`` loads), by name."""
    folder = resources.files("mtgrules.model.data.cards")
    found = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".yaml"):
            for entry in yaml.safe_load(item.read_text(encoding="utf-8")) or []:
                found.append(CardEntry(str(entry["name"]), f"cards/{item.name}", entry))
    return sorted(found, key=lambda c: c.name.casefold())


def find_cards(name: str) -> list[CardEntry]:
    """The cards named ``name`` exactly (any case), else those whose name contains it; none
    is a mistake, reported with the closest name."""
    cards = card_entries()
    wanted = name.casefold()
    exact = [c for c in cards if c.name.casefold() == wanted]
    found = exact or [c for c in cards if wanted in c.name.casefold()]
    if not found:
        hint = did_you_mean(name, [c.name for c in cards])
        raise MtgRulesError(f"no card named '{name}' in the card library.{' ' + hint if hint else ''}")
    return found


# -- editions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditionSummary:
    """One edition and how the encoded rules stand in it."""

    date: str
    in_force: int
    """Encoded rules that hold in it."""
    renumbered: int
    """Encoded rules holding here and in the edition before, under another number there."""
    starts: tuple[str, ...]
    """Keys of the encoded rules that first hold in it."""
    stops: tuple[str, ...]
    """Keys of the encoded rules that no longer hold in it."""

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "starts": list(self.starts), "stops": list(self.stops)}


def edition_summaries() -> list[EditionSummary]:
    """The editions the project knows, oldest first."""
    rules = list(rulebook().values())
    out = []
    previous: Edition | None = None
    for date in EDITION_DATES:
        edition = Edition(date)
        holding = [r for r in rules if r.holds_in(edition)]
        before = [r for r in holding if previous is not None and r.holds_in(previous)]
        out.append(EditionSummary(
            date, len(holding),
            sum(1 for r in before if previous is not None and r.number_in(previous) != r.number_in(edition)),
            tuple(r.key for r in holding if previous is not None and not r.holds_in(previous)),
            tuple(r.key for r in rules
                  if previous is not None and r.holds_in(previous) and not r.holds_in(edition))))
        previous = edition
    return out


# -- new scenarios -----------------------------------------------------------------------------


def template(kind: str) -> str:
    """A commented scenario skeleton for a question kind; it loads and its expectation holds."""
    if kind not in KINDS:
        raise MtgRulesError(f"no question kind '{kind}': expected one of {', '.join(sorted(KINDS))}.")
    return resources.files("mtgrules.queries.templates").joinpath(f"{kind}.yaml").read_text(encoding="utf-8")


# -- listings as JSON (``mtgrules cards|editions --json`` and the HTTP API) ----------------------


def cards_listing(name: str | None = None) -> dict[str, Any]:
    """What ``mtgrules cards [NAME] --json`` prints: every card, or those ``find_cards`` finds."""
    return {"cards": [c.to_json() for c in (find_cards(name) if name else card_entries())]}


def editions_listing() -> dict[str, Any]:
    """What ``mtgrules editions --json`` prints: every edition, oldest first."""
    return {"editions": [r.to_json() for r in edition_summaries()]}
