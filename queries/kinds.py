"""The registry of question kinds: each kind parses its question and answers it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mtgrules.model.edition import Edition
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
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


KINDS: dict[str, QuestionKind] = {}


def register(kind: QuestionKind) -> QuestionKind:
    KINDS[kind.name] = kind
    return kind


def resolve_backend(kind: QuestionKind, backend: str) -> str:
    """The backend to use for this kind: a kind with one encoding answers with it whatever
    was asked (the verdict's ``backend`` field says which)."""
    return backend if backend in kind.backends else kind.backends[0]
