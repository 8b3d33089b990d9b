"""The mistakes a user can make, each its own type (all are ValueErrors).

None of these is a verdict: the CLI prints them as one paragraph and exits with status 2.
"""
from __future__ import annotations

from dataclasses import dataclass


class MtgRulesError(ValueError):
    """Base of every error the project reports to a user instead of a verdict."""


@dataclass
class Location:
    """Where in a user's file a mistake sits."""

    file: str | None = None
    """Path of the scenario or card file, if the value came from one."""
    line: int | None = None
    """1-based line number."""
    field: str = ""
    """Dotted field path, e.g. ``question.performed[3]``."""

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f", line {self.line}"
        if self.field:
            where += f", field '{self.field}'"
        return where


class ScenarioError(MtgRulesError):
    """A scenario or card file that is malformed or names something that doesn't exist."""

    def __init__(self, location: Location, problem: str, expected: str = "", suggestion: str = ""):
        self.location = location
        self.problem = problem
        self.expected = expected
        self.suggestion = suggestion
        parts = [f"{location}: {problem}."]
        if expected:
            parts.append(f"Expected {expected}.")
        if suggestion:
            parts.append(suggestion)
        super().__init__(" ".join(parts))


class UnknownEditionError(MtgRulesError):
    """An edition date for which the project holds no Comprehensive Rules edition."""


class UnsupportedQuestion(MtgRulesError):
    """A well-formed question that falls outside what the encodings cover."""


class BudgetExhausted(UnsupportedQuestion):
    """A solver ran out of its budget before deciding: "unsupported: budget", not a verdict."""

    def __init__(self, detail: str):
        super().__init__(f"unsupported: budget — {detail}")


class BackendDisagreement(MtgRulesError):
    """ASP and SMT answered the same question differently: a bug in an encoding, not a verdict."""
