"""Coverage: for one edition, which rules the encodings implement, which scenarios exercise each,
and which sections of the Comprehensive Rules nothing models (``mtgrules coverage``).

A rule is *implemented* when a rulebook key (``model/data/rules.yaml``) holds in the edition and
an encoding declares it (:mod:`mtgrules.regression.links`: an ``implements`` annotation, a
citation comment ``CR N (key)`` heading a rule, or a key in a citation atom). A scenario
*exercises* a rule when its verdict under the edition cites it, or when its file cites it
(``source:``, ``expect.cites``).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtgrules.model.crtext import RulesText, number_key, read_rules
from mtgrules.model.edition import Edition, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.regression.crdiff import keys_cited_by_number, scenario_keys
from mtgrules.regression.links import key_locations, key_sources

if TYPE_CHECKING:  # rich is imported where the coverage is printed
    from rich.console import Console


@dataclass(frozen=True)
class RuleCoverage:
    key: str
    document: str
    number: str
    section: str
    in_file: bool | None
    """Whether the CR file has the number (None without a file, or for MTR rules)."""
    encodings: tuple[str, ...]
    """The encoding files that declare the key."""
    scenarios: tuple[str, ...]
    locations: tuple[str, ...] = ()
    """The rules (``file:line``) that declare the key."""

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__, encodings=list(self.encodings), scenarios=list(self.scenarios),
                    locations=list(self.locations))


@dataclass(frozen=True)
class SectionCoverage:
    section: str
    title: str
    rules: int
    """Rules and subrules in the section (0 without a file)."""
    encoded: int
    """Of them, how many an encoded rule cites."""


@dataclass
class Coverage:
    edition: Edition
    file: str | None
    rules: list[RuleCoverage]
    sections: list[SectionCoverage]

    @property
    def unmodelled(self) -> list[SectionCoverage]:
        return [s for s in self.sections if s.encoded == 0]

    def to_json(self) -> dict[str, Any]:
        return {"edition": str(self.edition), "file": self.file,
                "rules": [r.to_json() for r in self.rules],
                "sections": [s.__dict__ for s in self.sections],
                "unmodelled_sections": [s.section for s in self.unmodelled]}


def coverage(cr_file: str | Path | None = None, edition: Edition | None = None,
             run: bool = True, workers: int = 0) -> Coverage:
    """Coverage of ``edition`` (default: the CR file's, else the newest); with a CR file, the
    numbers are checked against it and its sections listed."""
    text: RulesText | None = None
    if cr_file is not None:
        text = read_rules(cr_file)
        assert text.iso_date is not None  # read_rules refuses a file without one
        if edition is None:
            try:
                edition = Edition.in_force_on(text.iso_date)
            except MtgRulesError as exc:
                raise MtgRulesError(f"{cr_file}: {exc}") from None
    edition = edition or Edition.newest()
    exercised: dict[str, set[str]] = defaultdict(set)
    for stem, keys in scenario_keys().items():
        for key in keys:
            exercised[key].add(stem)
    if run:
        for stem, cited_keys in _verdict_keys(edition, workers).items():
            for key in cited_keys:
                exercised[key].add(stem)
    sources, locations = key_sources(), key_locations()
    rows = []
    for key, rule in rulebook().items():
        if not rule.holds_in(edition):
            continue
        number = rule.number_in(edition)
        in_file = (number in text.rules) if text is not None and rule.document == "CR" else None
        rows.append(RuleCoverage(key, rule.document, number,
                                 number.split(".")[0] if rule.document == "CR" else "",
                                 in_file, sources.get(key, ()), tuple(sorted(exercised[key])),
                                 locations.get(key, ())))
    rows.sort(key=lambda r: (r.document != "CR", number_key(r.number), r.number, r.key))
    cited: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        if r.document == "CR" and r.encodings:
            cited[r.section].add(r.number)
    sections = []
    if text is not None:
        counts: dict[str, int] = defaultdict(int)
        for number in text.rules:
            counts[number.split(".")[0]] += 1
        for section in sorted(set(text.sections) | set(counts)):
            sections.append(SectionCoverage(section, text.sections.get(section, ""), counts[section],
                                            len(cited[section] & set(text.rules))))
    else:
        sections = [SectionCoverage(s, "", 0, len(n)) for s, n in sorted(cited.items())]
    return Coverage(edition, str(cr_file) if cr_file is not None else None, rows, sections)


def _verdict_keys(edition: Edition, workers: int) -> dict[str, set[str]]:
    """Built-in scenario → the rulebook keys its verdict under ``edition`` cites."""
    from mtgrules.regression.crdiff import scenario_files
    from mtgrules.regression.regress import Job, run_jobs

    out: dict[str, set[str]] = {}
    for answer in run_jobs([Job(str(p), edition.date) for p in scenario_files()], workers):
        keys: set[str] = set()
        for citation in answer.citations:
            doc, _, number = citation.partition(" ")
            if doc == "CR":
                keys.update(keys_cited_by_number(number, edition))
            else:
                keys.update(r.key for r in rulebook().values()
                            if r.document == doc and r.number_in(edition) == number)
        out[Path(answer.file).stem] = keys
    return out


def print_coverage(cov: Coverage, console: Console) -> None:
    from rich.markup import escape
    from rich.table import Table

    # the file's path is the user's: escaped, never read as console markup
    table = Table(title=f"encoded rules in the {cov.edition} edition"
                  + (f" ({escape(str(cov.file))})" if cov.file else ""))
    for col in ("rule", "key", "in the file", "encoded in", "scenarios exercising it"):
        table.add_column(col, overflow="fold")
    for r in cov.rules:
        present = {True: "yes", False: "[red]MISSING[/]", None: ""}[r.in_file]
        table.add_row(f"{r.document} {r.number}", r.key, present, ", ".join(r.encodings) or "[red]none[/]",
                      f"{len(r.scenarios)}: " + ", ".join(r.scenarios[:4])
                      + (" …" if len(r.scenarios) > 4 else "") if r.scenarios else "[red]0[/]")
    console.print(table)
    implemented = [r for r in cov.rules if r.encodings]
    console.print(f"{len(implemented)} of {len(cov.rules)} rulebook entries are declared by an "
                  f"encoding; {sum(1 for r in cov.rules if r.scenarios)} are exercised by a "
                  "scenario.", highlight=False)
    if cov.file is None:
        console.print("Sections with encoded rules: " + ", ".join(
            f"{s.section} ({s.encoded})" for s in cov.sections) +
            ". Give a CR file to list the sections nothing models.", highlight=False)
        return
    modelled = [s for s in cov.sections if s.encoded]
    stable = Table(title="sections with encoded rules")
    for col in ("section", "title", "rules", "encoded"):
        stable.add_column(col)
    for s in modelled:
        stable.add_row(s.section, s.title, str(s.rules), str(s.encoded))
    console.print(stable)
    unmodelled = cov.unmodelled
    utable = Table(title="sections nothing models, by chapter")
    for col in ("chapter", "sections", "rules"):
        utable.add_column(col, overflow="fold")
    for chapter in sorted({s.section[:1] for s in unmodelled}):
        here = [s for s in unmodelled if s.section[:1] == chapter]
        utable.add_row(chapter, ", ".join(f"{s.section} {s.title}" for s in here),
                       str(sum(s.rules for s in here)))
    console.print(utable)
    console.print(f"{len(modelled)} of {len(cov.sections)} sections have an encoded rule "
                  f"({sum(s.rules for s in modelled)} of {sum(s.rules for s in cov.sections)} rules "
                  f"in them); not modelled ({len(unmodelled)}): "
                  + ", ".join(s.section for s in unmodelled), highlight=False)
