"""The mistakes a user can make, each its own type (all are ValueErrors).

None of these is a verdict: the CLI prints them as one paragraph and exits with status 2.
"""
from __future__ import annotations

from dataclasses import dataclass


class MtgRulesError(ValueError):
    """Base of every error the project reports to a user instead of a verdict.

    ``field``: the field of the scenario the refusal is about, when the code raising it knows
    (``question.script[2]``); ``location``: where it sits in the user's file, once known (a
    refusal raised while answering is located by the scenario it answers, ``at``)."""

    location: Location | None = None

    def __init__(self, message: str = "", *, field: str = ""):
        super().__init__(message)
        self.field = field

    def at(self, location: Location) -> MtgRulesError:
        """This refusal, located in the user's file."""
        self.location = location
        return self

    def located(self) -> str:
        """The message as a user reads it: where (file, line, field), then what."""
        if self.location is None or isinstance(self, ScenarioError):  # says where already
            return str(self)
        return f"{self.location}: {self}"


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

    location: Location

    def __init__(self, location: Location, problem: str, expected: str = "", suggestion: str = ""):
        self.location = location
        self.field = location.field
        self.problem = problem
        self.expected = expected
        self.suggestion = suggestion
        parts = [f"{location}: {problem}."]
        if expected:
            parts.append(f"Expected {expected}.")
        if suggestion:
            parts.append(suggestion)
        ValueError.__init__(self, " ".join(parts))


class UnknownEditionError(MtgRulesError):
    """An edition date for which the project holds no Comprehensive Rules edition."""


class UnsupportedQuestion(MtgRulesError):
    """A well-formed question that falls outside what the encodings cover."""


class BudgetExhausted(UnsupportedQuestion):
    """A solver ran out of its budget before deciding: "unsupported: budget", not a verdict."""

    def __init__(self, detail: str, *, field: str = ""):
        super().__init__(f"unsupported: budget — {detail.rstrip('.')}. {RAISE_BUDGET}", field=field)


RAISE_BUDGET = ("To raise the budget: `mtgrules --budget atoms=N,conflicts=N,rlimit=N,seconds=S "
                "COMMAND …` (any of the four; a bare number is atoms), or from Python `with "
                "mtgrules.encodings.limited(mtgrules.encodings.Budget(ground_atoms=N, conflicts=N, "
                "rlimit=N, seconds=S)): …`")
"""How every exhausted budget's message says to raise it (CLI and Python API)."""


class BackendDisagreement(MtgRulesError):
    """ASP and SMT answered the same question differently: a bug in an encoding, not a verdict."""
