"""Scenario files: a name, a source, an edition, a state, a question and an expected verdict.

Loading validates everything and reports mistakes with file, line and field (DESIGN §7). The
readers are the model's (``model/read/``); this module puts a scenario together with its
question kind's own reader and outcome words.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from mtgrules.model.edition import Edition
from mtgrules.model.errors import Location
from mtgrules.model.read.document import field_lines, locate, located, read_text
from mtgrules.model.read.expect import Expectation, expected_on, read_edition, read_expect
from mtgrules.model.read.state import parse_state, refuse_mana_pools, resolve_object_ids, scenario_cards
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.kinds import KINDS
from mtgrules.queries.outcome import outcome_words


@dataclass(frozen=True)
class Scenario:
    """A question about a game state, with where it comes from and (optionally) the verdict
    its author expects; what ``load_scenario`` and ``parse_scenario`` give.

    >>> s = parse_scenario('''
    ... name: a second land
    ... state: {players: [alice, bob], alice: {lands-played: 1, hand: [Forest]}}
    ... question: {kind: golden, ask: play-land, player: alice}
    ... expect: {verdict: forbidden}
    ... ''')
    >>> s.kind, str(s.question), s.expect.verdict, s.state.player("alice").lands_played
    ('golden', 'play-land (alice)', 'forbidden', 1)
    """

    name: str
    source: str
    edition: Edition
    state: GameState
    kind: str
    question: Any
    """The parsed question, of the type its kind's parser returns."""
    expect: Expectation | None = None
    """The expected verdict under the scenario's own edition."""
    file: str | None = None
    expect_by_edition: tuple[tuple[str, Expectation], ...] = ()
    """Per-edition expectations (``expect:`` keyed by edition date, with ``default``): each dated
    entry holds from that edition until the next one; ``default`` (stored under ``""``) holds
    before the first."""
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """The line of every field of the file, by field path (empty for a scenario built from
    values without a file)."""

    def locate(self, path: str) -> Location:
        """Where a field of the scenario sits."""
        return locate(self.lines, self.file, path)

    def expectation_for(self, edition: Edition) -> Expectation | None:
        """The verdict expected under ``edition``; without per-edition expectations, only the
        scenario's own edition has one."""
        if not self.expect_by_edition:
            return self.expect if edition == self.edition else None
        return expected_on(self.expect_by_edition, edition)

    def under(self, edition: Edition) -> Scenario:
        """The scenario with ``expect`` set to what it expects under ``edition``."""
        return replace(self, expect=self.expectation_for(edition))


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file (YAML, UTF-8): its state, question and expected verdict as model
    values, every value checked. A mistake is refused with the file, line, field, what was
    expected and a suggestion (``ScenarioError``); ``check_scenario`` answers the result.

    >>> from mtgrules.queries.scenario import builtin_scenario_files
    >>> path = next(p for p in builtin_scenario_files()
    ...             if p.name == "golden_explore_vs_turf_wound.yaml")
    >>> scenario = load_scenario(path)
    >>> scenario.kind, scenario.expect.verdict, [str(c) for c in scenario.expect.cites]
    ('golden', 'forbidden', ['CR 101.2'])
    >>> load_scenario("no-such-file.yaml")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.MtgRulesError: no-such-file.yaml: cannot read the file (no such file).
    """
    return parse_scenario(read_text(path), str(path))


def parse_scenario(text: str, file: str | None = None) -> Scenario:
    """A scenario from YAML text (``file``: the name its errors give, if it came from one).

    >>> parse_scenario("name: x\\nstate: {players: [alice, bob]}\\nquestion: {kind: golf}")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, line 3, field 'question.kind': unknown question kind 'golf'. ...
    """
    return scenario_from(Field.parse(text, file))


def scenario_from(doc: Field) -> Scenario:
    """A scenario from a parsed document (``Field.parse`` or ``Field.of`` a dict)."""
    doc.mapping(required=["name", "state", "question"],
                optional=["source", "edition", "cards", "cards-from", "expect"])
    if not doc["name"].str().strip():
        raise doc["name"].error("the scenario's name is empty", "a name saying what it shows")
    edition = read_edition(doc.get("edition", Edition.newest().date))
    with located(doc["state"]):
        state = parse_state(doc["state"], scenario_cards(doc))
    question = resolve_object_ids(doc["question"], state)
    question.mapping(required=["kind"], optional=question.keys())
    kind_name = question["kind"].choice(KINDS, "question kind")
    with located(question):
        parsed = KINDS[kind_name].parse(question, state)
    expect, by_edition = (read_expect(doc["expect"], kind_name, outcome_words(kind_name), edition)
                          if doc.has("expect") else (None, ()))
    if not KINDS[kind_name].reads_mana_pool:
        refuse_mana_pools(doc["state"], state, kind_name)
    return Scenario(name=doc["name"].str(), source=doc.get("source", "").str(), edition=edition,
                    state=state, kind=kind_name, question=parsed, expect=expect, file=doc.file,
                    expect_by_edition=by_edition, lines=field_lines(doc) if doc.file is not None else {})


SCENARIO_AREAS = ("golden", "apnap", "casting", "cost", "sequencing", "turn", "combat", "shortcut")
"""The folders of the built-in library, ``queries/scenarios/<area>/``."""


def builtin_scenario_files() -> list[Path]:
    """The built-in scenario files, area by area."""
    found: list[Path] = []
    for area in SCENARIO_AREAS:
        folder = resources.files(f"mtgrules.queries.scenarios.{area}")
        found += sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))
    return found


__all__ = ["Scenario", "load_scenario", "parse_scenario", "scenario_from", "builtin_scenario_files"]
