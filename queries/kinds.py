"""The registry of question kinds: each kind parses its question and answers it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from mtgrules.model.edition import Edition
from mtgrules.model.errors import BackendDisagreement
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.outcome import outcome_words
from mtgrules.queries.verdict import Verdict

BACKENDS = ("asp", "smt", "both")


@dataclass(frozen=True)
class QuestionKind:
    """One kind of question (DESIGN §6 names them: golden, apnap, sequencing, cost, cast …)."""

    name: str
    summary: str
    parse: Callable[[Field, GameState], Any]
    """Reads the ``question`` mapping of a scenario (its ``kind`` field already checked)."""
    answer: Callable[[Any, GameState, Edition, str], Verdict]
    """Answers a parsed question under an edition with a backend (asp, smt or both)."""
    backends: tuple[str, ...] = BACKENDS
    describe: Callable[[Any], str] = lambda question: ""
    """A one-line description of a parsed question, for tables."""
    reads_mana_pool: bool = True
    """Whether its answer reads the players' mana pools (a pool given to a kind that doesn't
    is refused, never ignored)."""


KINDS: dict[str, QuestionKind] = {}


def register(kind: QuestionKind) -> QuestionKind:
    KINDS[kind.name] = kind
    return kind


def on_both(answer: Callable[[str], Verdict], what: str) -> Verdict:
    """Answer with ASP and with SMT; the verdict if they agree (outcome, rules, failed
    conditions), else ``BackendDisagreement``. The one place "both backends" is checked."""
    by_asp, by_smt = answer("asp"), answer("smt")
    if not by_asp.same_answer(by_smt):
        raise BackendDisagreement(
            f"{what}: the ASP and SMT encodings disagree "
            f"(asp: {by_asp.outcome} {[str(c) for c in by_asp.citations]} "
            f"{sorted(c.value for c in by_asp.failed)}; "
            f"smt: {by_smt.outcome} {[str(c) for c in by_smt.citations]} "
            f"{sorted(c.value for c in by_smt.failed)}).")
    return replace(by_asp, backend="asp+smt")


def resolve_backend(kind: QuestionKind, backend: str) -> str:
    """The backend to use for this kind: a kind with one encoding answers with it whatever
    was asked (the verdict's ``backend`` field says which)."""
    return backend if backend in kind.backends else kind.backends[0]


def scenario_file_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files: the vocabulary's, with every question kind and its
    verdict words (``mtgrules schema``)."""
    from mtgrules.model.schema import scenario_schema

    return scenario_schema({k: outcome_words(k) for k in sorted(KINDS)},
                           [k for k in sorted(KINDS) if not KINDS[k].reads_mana_pool])
