"""The encoded rules, for a user looking them up (``mtgrules rules``): by key or by number in
any edition, with where each is encoded and which built-in scenarios cite it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.model.edition import Edition, EncodedRule, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.source import did_you_mean


@dataclass(frozen=True)
class RuleEntry:
    """An encoded rule: its number in every edition, its paraphrase, where it is encoded and
    which built-in scenarios cite it."""

    rule: EncodedRule
    numbers: tuple[tuple[str, str | None], ...]
    """(edition date, number) for every known edition; ``None`` where the rule does not hold."""
    encoded_in: tuple[str, ...]
    """Package files naming the rule's key (an encoding's citation or code)."""
    scenarios: tuple[str, ...]
    """Built-in scenarios citing it in their file (``source:`` or ``expect.cites``)."""

    def to_json(self) -> dict[str, Any]:
        r = self.rule
        return {"key": r.key, "document": r.document, "paraphrase": r.paraphrase,
                "since": r.since, "until": r.until, "numbers": dict(self.numbers),
                "encoded_in": list(self.encoded_in), "scenarios": list(self.scenarios)}


def find_rules(query: str) -> list[EncodedRule]:
    """Encoded rules by key (as ``mtgrules rules`` lists them) or by number in any edition (``601.2f``,
    ``CR 101.2``, ``MTR 4.3``); a number matching none gives the rules numbered under it
    (``601.2`` → 601.2a …). None is a mistake, reported with the closest key."""
    book = rulebook()
    if query in book:
        return [book[query]]
    document, _, number = query.partition(" ") if query.startswith(("CR ", "MTR ")) else ("", "", query)
    candidates = [r for r in book.values() if not document or r.document == document]
    exact = [r for r in candidates if any(n == number for _, n in r.numbers)]
    found = exact or [r for r in candidates if any(n.startswith(number + ".") or
                                                   (n.startswith(number) and n[len(number):].isalpha())
                                                   for _, n in r.numbers)]
    if not found:
        hint = did_you_mean(query, list(book))
        raise MtgRulesError(f"no encoded rule has the key or number '{query}'.{' ' + hint if hint else ''} "
                            "mtgrules rules lists them all.")
    return sorted(found, key=lambda r: r.key)


def rule_entry(rule: EncodedRule) -> RuleEntry:
    """A rule with its numbers by edition, where it is encoded and the scenarios citing it."""
    from mtgrules.regression.crdiff import scenarios_citing
    from mtgrules.regression.links import key_sources

    numbers = tuple((e.date, rule.number_in(e) if rule.holds_in(e) else None) for e in Edition.all())
    return RuleEntry(rule, numbers, key_sources().get(rule.key, ()), scenarios_citing(rule.key))


def rules_listing(query: str | None = None) -> dict[str, Any]:
    """What ``mtgrules rules [KEY|NUMBER] --json`` prints: every encoded rule in full, or those
    ``find_rules`` finds."""
    found = find_rules(query) if query else list(rulebook().values())
    return {"rules": [rule_entry(r).to_json() for r in found]}
