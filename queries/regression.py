"""Regression checks for a rules update: which verdicts change between two editions, and
which encoded rules' text changed between two CR files the user supplies."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mtgrules.model.crtext import normalised, read_rules
from mtgrules.model.edition import Edition, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries.api import check


@dataclass(frozen=True)
class VerdictChange:
    """One scenario run under two editions."""

    file: str
    scenario: str
    old: str
    new: str
    old_citations: tuple[str, ...]
    new_citations: tuple[str, ...]

    @property
    def verdict_changed(self) -> bool:
        return self.old != self.new

    @property
    def renumbered(self) -> bool:
        return self.old_citations != self.new_citations


def compare_editions(old: Edition, new: Edition, paths=None, backend: str = "both") -> list[VerdictChange]:
    """Every scenario (default: the built-in library) answered under both editions."""
    before = check(paths, old, backend)
    after = check(paths, new, backend)
    changes = []
    for a, b in zip(before, after):
        scenario = a.scenario or b.scenario
        name = scenario.name if scenario else a.file
        changes.append(VerdictChange(
            file=a.file, scenario=name,
            old=a.verdict.outcome if a.verdict else f"error: {a.error}",
            new=b.verdict.outcome if b.verdict else f"error: {b.error}",
            old_citations=tuple(str(c) for c in a.verdict.citations) if a.verdict else (),
            new_citations=tuple(str(c) for c in b.verdict.citations) if b.verdict else ()))
    return changes


@dataclass(frozen=True)
class RuleTextChange:
    """How the text of one encoded rule differs between two CR files."""

    key: str
    old_number: str | None
    new_number: str | None
    status: str
    """``unchanged``, ``changed``, ``added`` (only in the new file), ``removed`` (only in the
    old one), ``absent`` (in neither) or ``missing`` (the rulebook expects it, the file lacks it)."""


def rules_text_diff(old_file: str | Path, new_file: str | Path) -> tuple[str, str, list[RuleTextChange]]:
    """Compare every encoded rule's text between two CR files. Each file's numbering is taken
    from the newest edition the project knows on or before the date printed in it."""
    texts, editions, dates = [], [], []
    for path in (old_file, new_file):
        try:
            text = read_rules(path)
        except OSError as exc:
            raise MtgRulesError(f"{path}: cannot read the file ({exc.strerror}).") from None
        if not text.rules or not text.iso_date:
            raise MtgRulesError(f"{path}: this does not look like a Comprehensive Rules file "
                                "(no 'effective as of <date>' line near the top, or no numbered rules).")
        texts.append(text)
        dates.append(text.iso_date)
        editions.append(Edition.in_force_on(text.iso_date))
    changes = []
    for key, rule in sorted(rulebook().items()):
        if rule.document != "CR":
            continue
        numbers = [rule.number_in(e) if rule.holds_in(e) else None for e in editions]
        bodies = [t.get(n) if n else None for t, n in zip(texts, numbers)]
        if numbers[0] and numbers[1]:
            if bodies[0] is None or bodies[1] is None:
                status = "missing"
            else:
                same = normalised(bodies[0]) == normalised(bodies[1])
                status = "unchanged" if same else "changed"
        elif numbers[1]:
            status = "added"
        elif numbers[0]:
            status = "removed"
        else:
            status = "absent"
        changes.append(RuleTextChange(key, numbers[0], numbers[1], status))
    return dates[0], dates[1], changes
