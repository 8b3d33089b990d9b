"""The answer to a question: the same type whichever backend decided it.

A ``Verdict``'s ``outcome`` is always a member of its kind's outcome enum (``outcome.py``:
``GoldenOutcome``, ``CostOutcome`` …); what shows it holds (``witness``) or fails
(``counterexample``) is a typed value of the kind (``witness.py``: a ``Trace`` of events, a
``ChoiceOrder``, a ``Payment`` …). ``to_json()`` gives the plain form the CLI prints with ``--json``.

>>> from mtgrules.model.edition import Citation
>>> from mtgrules.queries.outcome import CostOutcome
>>> v = Verdict("cost", CostOutcome.TOTAL, (Citation.parse("CR 601.2f"),), total="{1}{G}")
>>> v.outcome, v.word
(<CostOutcome.TOTAL: 'total'>, '{1}{G}')
>>> v.to_json()["verdict"]
'{1}{G}'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mtgrules.model.edition import Citation
from mtgrules.model.sequencing import Condition
from mtgrules.queries.outcome import OUTCOMES, VALUED, Outcome
from mtgrules.queries.render import verdict_html
from mtgrules.queries.witness import Witness


@dataclass(frozen=True)
class Verdict:
    """An outcome, the rules that decided it, reasons in words, and a witness or counterexample.

    >>> from mtgrules.model.edition import Citation
    >>> v = Verdict("cast", "legal", (Citation.parse("CR 601.2"),))
    >>> from mtgrules.queries.outcome import CastOutcome
    >>> v.outcome is CastOutcome.LEGAL, v.word
    (True, 'legal')
    >>> Verdict("cast", "allowed", ())
    Traceback (most recent call last):
    ...
    ValueError: 'allowed' is not an outcome of a cast question: expected one of legal, illegal
    """

    query: str
    """The kind of question: golden, apnap, sequencing, cost, cast, turn."""
    outcome: Outcome
    """A member of the kind's outcome enum, e.g. ``GoldenOutcome.FORBIDDEN``; given as its
    word (``"forbidden"``) it is read as that member."""
    citations: tuple[Citation, ...]
    """The rules that decided the outcome, in the numbering of the edition asked about."""
    reasons: tuple[str, ...] = ()
    """Human-readable explanation, one sentence each, in the scenario's own terms."""
    witness: Witness | None = None
    """What shows the outcome holds: a correct order, a payment, a trace …"""
    counterexample: Witness | None = None
    """What shows it fails: e.g. the card drawn before a choice it could influence."""
    backend: str = ""
    """Which solver decided: ``asp``, ``smt``, or both."""
    edition: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    """Question-specific extras (priority windows, the final state …)."""
    failed: frozenset[Condition] = frozenset()
    """For sequencing: the MTR 4.3 conditions that failed."""
    total: str | None = None
    """For a valued outcome (``outcome.VALUED``): the value itself — a cost total in mana
    symbols (``{1}{G}``), a number of combat damage assignments, a best value."""

    def __post_init__(self) -> None:
        kind = OUTCOMES.get(self.query)
        if kind is None:
            raise ValueError(f"'{self.query}' is not a question kind: expected one of "
                             + ", ".join(OUTCOMES))
        if not isinstance(self.outcome, kind):
            try:
                object.__setattr__(self, "outcome", kind(self.outcome))
            except ValueError:
                raise ValueError(f"'{self.outcome}' is not an outcome of a {self.query} question: "
                                 f"expected one of {', '.join(o.value for o in kind)}") from None
        if (self.outcome in VALUED) != (self.total is not None):
            raise ValueError("a valued verdict (a cost total, a combat count or best value) "
                             "carries its value in 'total' (and only it does)")
        for name in ("witness", "counterexample"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Witness):
                raise TypeError(f"a verdict's {name} is a typed value (a Witness), "
                                f"not {type(value).__name__}")

    @property
    def word(self) -> str:
        """The verdict as one word, as the JSON output and expectations write it: the outcome's
        word, or a valued outcome's value."""
        return self.total if self.total is not None else self.outcome.value

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (what ``mtgrules explain --json`` prints)."""
        return {
            "query": self.query,
            "verdict": self.word,
            "citations": [str(c) for c in self.citations],
            "reasons": list(self.reasons),
            "witness": self.witness.to_json() if self.witness is not None else None,
            "counterexample": (self.counterexample.to_json()
                               if self.counterexample is not None else None),
            "backend": self.backend,
            "edition": self.edition,
            "details": self.json_details(),
        }

    def json_details(self) -> dict[str, Any]:
        """``details`` as the JSON output shows them: a sequencing verdict's failed
        conditions under ``failed``, in the order of MTR 4.3 as DESIGN §5.4 lists them."""
        if self.query != "sequencing":
            return self.details
        return {"failed": [c.value for c in Condition if c in self.failed], **self.details}

    def same_answer(self, other: Verdict) -> bool:
        """Whether two verdicts (e.g. from the two backends) agree on outcome, rules and the
        conditions that failed."""
        return ((self.word, set(self.citations), self.failed)
                == (other.word, set(other.citations), other.failed))

    def _repr_html_(self) -> str:
        """The verdict as a small table, for notebooks (``render.verdict_html``)."""
        return verdict_html(self)


def citations(*groups: Any) -> tuple[Citation, ...]:
    """Sorted, de-duplicated citations (CR before MTR, then by number)."""
    found = {c for group in groups for c in group}
    return tuple(sorted(found, key=_citation_key))


def _citation_key(c: Citation) -> tuple[bool, list[tuple[int, str]]]:
    parts = []
    for piece in c.number.replace(".", " ").split():
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((int(digits) if digits else 0, piece))
    return (c.document != "CR", parts)
