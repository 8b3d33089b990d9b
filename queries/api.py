"""Answering one scenario: the functions behind ``mtgrules explain`` and each row of ``check``
(``batch.py`` answers many; ``result.py`` holds a row)."""
from __future__ import annotations

import time
from pathlib import Path

from mtgrules.model.edition import Edition
from mtgrules.model.errors import BudgetExhausted, Location, MtgRulesError, UnsupportedQuestion
from mtgrules.model.read.expect import REFUSED
from mtgrules.queries.kinds import BACKENDS, KINDS, on_both, resolve_backend
from mtgrules.queries.result import CheckResult
from mtgrules.queries.scenario import Scenario, load_scenario
from mtgrules.queries.verdict import Verdict


def check_scenario(scenario: Scenario, edition: Edition | None = None,
                   backend: str = "both") -> Verdict:
    """Answer a scenario's question under ``edition`` (default: the scenario's own; an
    ``Edition`` or a date) with ``backend`` (``asp``, ``smt`` or ``both``, which runs the two
    encodings where a question has two and refuses if they disagree).

    >>> from mtgrules.queries import parse_scenario
    >>> s = parse_scenario('''
    ... name: a second land
    ... state: {players: [alice, bob], alice: {lands-played: 1, hand: [Forest]}}
    ... question: {kind: golden, ask: play-land, player: alice}
    ... ''')
    >>> v = check_scenario(s)
    >>> v.outcome, [str(c) for c in v.citations]
    (<GoldenOutcome.FORBIDDEN: 'forbidden'>, ['CR 305.2'])
    >>> check_scenario(s, backend="z4")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.MtgRulesError: unknown backend 'z4': expected one of asp, smt, both
    """
    if backend not in BACKENDS:
        raise MtgRulesError(f"unknown backend '{backend}': expected one of {', '.join(BACKENDS)}")
    kind = KINDS[scenario.kind]
    edition = as_edition(edition) or scenario.edition
    chosen = resolve_backend(kind, backend)
    try:
        if chosen != "both":
            return kind.answer(scenario.question, scenario.state, edition, chosen)
        return on_both(lambda b: kind.answer(scenario.question, scenario.state, edition, b),
                       scenario.file or scenario.name)
    except MtgRulesError as exc:
        # a refusal raised while answering names the file, and the line and field it is about
        # (the question, unless the code refusing knew a closer field)
        if exc.location is None:
            raise exc.at(scenario.locate(exc.field or "question")) from None
        raise



def as_edition(edition: Edition | str | None) -> Edition | None:
    """An edition given as a date string or an Edition (the API takes either)."""
    if edition is None or isinstance(edition, Edition):
        return edition
    if isinstance(edition, str):
        return Edition(edition)
    raise MtgRulesError(f"an edition is a date such as 2026-08-07, not {edition!r}")


def check_file(path: str | Path, edition: Edition | None = None, backend: str = "both") -> CheckResult:
    """Load and answer one scenario file; a user's mistake becomes the row's error, and so does
    anything unexpected (a bug of mtgrules): one file never ends a batch.

    >>> from mtgrules.queries.scenario import builtin_scenario_files
    >>> path = next(p for p in builtin_scenario_files() if p.stem == "golden_explore_vs_turf_wound")
    >>> row = check_file(path)
    >>> row.verdict.word, row.expected, row.match
    ('forbidden', 'forbidden', True)
    >>> check_file("no-such-file.yaml").error  # doctest: +ELLIPSIS
    '...no-such-file.yaml...'
    """
    start = time.perf_counter()
    try:
        scenario = load_scenario(path)
    except MtgRulesError as exc:
        return CheckResult(str(path), None, None, time.perf_counter() - start, exc.located(),
                           edition, _where(exc, path))
    except Exception as exc:  # noqa: BLE001 (the last guard of a batch)
        return CheckResult(str(path), None, None, time.perf_counter() - start,
                           _internal(path, "reading", exc), edition, Location(str(path)))
    start = time.perf_counter()
    try:
        verdict = check_scenario(scenario, edition, backend)
    except UnsupportedQuestion as exc:
        # refused by name: the answer the scenario expects where it says so (an exhausted
        # budget is no such answer: it says nothing of what is modelled)
        expect = scenario.under(edition or scenario.edition).expect
        refused = expect is not None and expect.verdict == REFUSED and not isinstance(exc, BudgetExhausted)
        return CheckResult(str(path), scenario, None, time.perf_counter() - start,
                           None if refused else exc.located(), edition,
                           None if refused else _where(exc, path), refusal=str(exc) if refused else None)
    except MtgRulesError as exc:
        return CheckResult(str(path), scenario, None, time.perf_counter() - start, exc.located(),
                           edition, _where(exc, path))
    except Exception as exc:  # noqa: BLE001 (the last guard of a batch)
        return CheckResult(str(path), scenario, None, time.perf_counter() - start,
                           _internal(path, "answering", exc), edition, Location(str(path)))
    return CheckResult(str(path), scenario, verdict, time.perf_counter() - start, None, edition)


def _internal(path: str | Path, doing: str, exc: BaseException) -> str:
    """The error row of a file whose checking failed unexpectedly: a bug, said as such."""
    what = "the file is nested too deeply" if isinstance(exc, RecursionError) else \
        f"{type(exc).__name__}: {exc}"
    return (f"{path}: internal error while {doing} this file ({what}). This is a bug in "
            "mtgrules, not a verdict; the other files' results stand.")


def _where(exc: MtgRulesError, path: str | Path) -> Location:
    location = getattr(exc, "location", None)
    return location if isinstance(location, Location) else Location(str(path))

