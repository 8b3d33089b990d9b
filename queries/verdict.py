"""The answer to a question: the same type whichever backend decided it.

A ``Verdict``'s ``outcome`` is always a member of its kind's outcome enum (``GoldenOutcome``,
``CostOutcome`` …); what shows it holds (``witness``) or fails (``counterexample``) is a typed
value of the kind (a ``Trace`` of events, a ``ChoiceOrder``, a ``Payment`` …). ``to_json()``
gives the plain form the CLI prints with ``--json``.

>>> from mtgrules.model.edition import Citation
>>> v = Verdict("cost", CostOutcome.TOTAL, (Citation.parse("CR 601.2f"),), total="{1}{G}")
>>> v.outcome, v.word
(<CostOutcome.TOTAL: 'total'>, '{1}{G}')
>>> v.to_json()["verdict"]
'{1}{G}'
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from html import escape
from typing import Any, overload

from mtgrules.model.display import html_table
from mtgrules.model.edition import Citation
from mtgrules.model.sequencing import Condition


class Outcome(str, Enum):
    """An outcome word of one question kind; its value is the word the JSON output shows."""

    def __str__(self) -> str:
        return str(self.value)


class GoldenOutcome(Outcome):
    """The outcomes of a golden-rules question (CR 101).

    >>> GoldenOutcome("forbidden") is GoldenOutcome.FORBIDDEN, str(GoldenOutcome.FORBIDDEN)
    (True, 'forbidden')
    """

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    HAPPENS = "happens"
    DOES_NOT_HAPPEN = "does-not-happen"
    PERFORMED = "performed"
    PARTIALLY_PERFORMED = "partially-performed"
    NOTHING_HAPPENS = "nothing-happens"
    HAS = "has"
    HAS_NOT = "has-not"
    NOT_DECIDED = "not-decided"


class ApnapOutcome(Outcome):
    """The outcomes of an APNAP question (CR 101.4).

    >>> [o.value for o in ApnapOutcome][:2]
    ['determined', 'player-orders']
    """

    DETERMINED = "determined"
    """One correct order."""
    PLAYER_ORDERS = "player-orders"
    """Several: a player orders their own unordered choices."""
    CORRECT = "correct"
    LEAK = "leak"
    OUT_OF_ORDER = "out-of-order"
    NOT_DECIDED = "not-decided"
    """The edition has no rule for the situation."""


class SequencingOutcome(Outcome):
    """The outcomes of an out-of-order sequencing question (MTR 4.3).

    >>> SequencingOutcome.DOES_NOT_STAND == "does-not-stand"
    True
    """

    STANDS = "stands"
    DOES_NOT_STAND = "does-not-stand"


class CastOutcome(Outcome):
    """The outcomes of a casting question (CR 601.2).

    >>> list(CastOutcome)
    [<CastOutcome.LEGAL: 'legal'>, <CastOutcome.ILLEGAL: 'illegal'>]
    """

    LEGAL = "legal"
    ILLEGAL = "illegal"


class CostOutcome(Outcome):
    """The outcomes of a cost question. ``TOTAL`` answers a total-cost question: the total
    itself, in mana symbols (``{1}{G}``), is the verdict's ``total`` and the word its JSON
    shows.

    >>> CostOutcome("total")
    <CostOutcome.TOTAL: 'total'>
    """

    PAYABLE = "payable"
    UNPAYABLE = "unpayable"
    TOTAL = "total"


class TurnOutcome(Outcome):
    """The outcomes of a question about the game in time.

    >>> TurnOutcome("needs-decision").name
    'NEEDS_DECISION'
    """

    REACHED = "reached"
    GAME_OVER = "game-over"
    ILLEGAL_ACTION = "illegal-action"
    NEEDS_DECISION = "needs-decision"
    HOLDS = "holds"
    DOES_NOT_HOLD = "does-not-hold"
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"


OUTCOMES: dict[str, type[Outcome]] = {
    "golden": GoldenOutcome, "apnap": ApnapOutcome, "sequencing": SequencingOutcome,
    "cast": CastOutcome, "cost": CostOutcome, "turn": TurnOutcome}
"""The outcome enum of each question kind."""


def outcome_words(kind: str) -> list[str]:
    """The words a scenario may expect for a kind (a cost total is expected as the total
    itself, in mana symbols, never as the word ``total``).

    >>> outcome_words("cast")
    ['legal', 'illegal']
    >>> outcome_words("cost")
    ['payable', 'unpayable']
    """
    return [o.value for o in OUTCOMES[kind] if o is not CostOutcome.TOTAL]


# -- witnesses and counterexamples ---------------------------------------------------------------

class Witness(ABC):
    """A verdict's witness or counterexample: a typed value of its question kind, with the
    plain form the JSON output shows (``to_json``)."""

    @abstractmethod
    def to_json(self) -> Any:
        """The plain value the JSON output shows."""


@dataclass(frozen=True)
class GoldenEffects(Witness):
    """A golden-rules verdict's witness: the effects involved (and the amount carried out,
    for an instruction done as far as possible)."""

    effects: tuple[str, ...] = ()
    amount: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"effects": list(self.effects)}
        if self.amount is not None:
            out["amount"] = self.amount
        return out


@dataclass(frozen=True)
class ChoiceOrder(Witness):
    """The order in which simultaneous choices are made (CR 101.4), by choice id, and which
    earlier choices each chooser knows when making theirs.

    >>> ChoiceOrder(("bob-discard", "alice-discard"), {"alice-discard": ("bob-discard",)}).to_json()
    {'order': ['bob-discard', 'alice-discard'], 'knows': {'alice-discard': ['bob-discard']}}
    """

    order: tuple[str, ...]
    knows: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "knows": {c: list(k) for c, k in self.knows.items()}}


@dataclass(frozen=True)
class OrderCheck(Witness):
    """The witness of a proposed choosing order: the correct order next to the proposed one."""

    correct_order: tuple[str, ...]
    proposed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"correct_order": list(self.correct_order), "proposed": list(self.proposed)}


@dataclass(frozen=True)
class Learned:
    """A chooser who knew another choice (``knew``) too early when making ``choice``."""

    choice: str
    chooser: str
    knew: str


@dataclass(frozen=True)
class Misplaced:
    """A choice made after another that the rules make later."""

    choice: str
    made_after: str


@dataclass(frozen=True)
class OrderLeak(Witness):
    """The counterexample of a proposed choosing order: what was learned too early and which
    choices are out of place."""

    learned: tuple[Learned, ...] = ()
    misplaced: tuple[Misplaced, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"learned": [{"choice": x.choice, "chooser": x.chooser, "knew": x.knew}
                            for x in self.learned],
                "misplaced": [{"choice": x.choice, "made_after": x.made_after}
                              for x in self.misplaced]}


@dataclass(frozen=True)
class SequencingRun(Witness):
    """A block that stands: its lines in the correct order, and the correct run's events."""

    order: tuple[str, ...]
    run: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "run": list(self.run)}


@dataclass(frozen=True)
class Violation:
    """An MTR 4.3 condition a block fails, and why in the block's words."""

    condition: str
    text: str


@dataclass(frozen=True)
class SequencingFailure(Witness):
    """A block that does not stand: the conditions it violates, and the closest correct run."""

    violations: tuple[Violation, ...]
    closest_order: tuple[str, ...]
    run: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"violations": [{"condition": v.condition, "text": v.text} for v in self.violations],
                "closest_order": list(self.closest_order), "run": list(self.run)}


@dataclass(frozen=True)
class CostStage:
    """One stage of building a total cost: the base cost, then each modifier."""

    stage: str
    by: str
    mana: str

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "by": self.by, "mana": self.mana}


@dataclass(frozen=True)
class CostTotal(Witness):
    """How a locked total cost (CR 601.2f) was built."""

    total: str
    mana: str
    life: int
    other: tuple[str, ...]
    steps: tuple[CostStage, ...]
    announced: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "mana": self.mana, "life": self.life, "other": list(self.other),
                "steps": [s.to_json() for s in self.steps], "announced": list(self.announced)}


@dataclass(frozen=True)
class Payment(Witness):
    """A payment of a locked total cost (CR 601.2g–h): the mana abilities activated, the
    mana spent on each part, the life paid, what was sacrificed or exiled."""

    total: str
    before_payment: tuple[str, ...] = ()
    activate: tuple[str, ...] = ()
    spend: tuple[str, ...] = ()
    life: int = 0
    sacrifice: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    announced: tuple[str, ...] = ()
    steps: tuple[CostStage, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "before_payment": list(self.before_payment),
                "activate": list(self.activate), "spend": list(self.spend), "life": self.life,
                "sacrifice": list(self.sacrifice), "cards": list(self.cards),
                "announced": list(self.announced), "steps": [s.to_json() for s in self.steps]}


@dataclass(frozen=True)
class NoPayment(Witness):
    """Why no payment of a cost exists: what falls short, in words."""

    short: tuple[str, ...]
    why: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"short": list(self.short), "why": list(self.why)}


@dataclass(frozen=True)
class CastStep:
    """One completed step of casting (CR 601.2a–i): its rule, what it does, and its detail."""

    step: str
    """The step's citation, e.g. ``CR 601.2f``."""
    what: str
    detail: str | tuple[str, ...] | None = None
    built: tuple[CostStage, ...] = ()
    """For the total-cost step: how the total was built."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "what": self.what}
        if self.detail is not None:
            out["detail"] = list(self.detail) if isinstance(self.detail, tuple) else self.detail
        if self.built:
            out["built"] = [s.to_json() for s in self.built]
        return out


@dataclass(frozen=True)
class CastSteps(Witness):
    """A legal cast: every step in order, and the payment made."""

    steps: tuple[CastStep, ...]
    payment: Payment | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": [s.to_json() for s in self.steps]}
        if self.payment is not None:
            out["payment"] = self.payment.to_json()
        return out


@dataclass(frozen=True)
class Rewind:
    """The part of the game an illegal cast returns to (the moment before it began): the
    caster's zone the card came from, mana pool, life, permanents and the stack."""

    player: str
    zone: str
    in_zone: tuple[str, ...]
    mana_pool: str
    life: int
    battlefield: tuple[str, ...]
    stack: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, self.zone: list(self.in_zone), "mana-pool": self.mana_pool,
                "life": self.life, "battlefield": list(self.battlefield), "stack": list(self.stack)}


@dataclass(frozen=True)
class CastFailure(Witness):
    """An illegal cast: the step that fails and why, the steps done before, the state the
    game returns to."""

    failed_step: str
    why: str
    completed: tuple[CastStep, ...]
    rewound_to: Rewind

    def to_json(self) -> dict[str, Any]:
        return {"failed_step": self.failed_step, "why": self.why,
                "completed": [s.to_json() for s in self.completed],
                "rewound_to": self.rewound_to.to_json()}


@dataclass(frozen=True)
class TraceEvent:
    """One event of a trace, in the scenario's words."""

    t: int
    """Its time point (the state after it is time ``t``)."""
    step: str
    event: str
    by: str
    """``player`` (a decision) or ``rules`` (the game's own event)."""
    priority: str | None
    """Who has priority once it is over, if anyone."""
    stack: int
    """How many objects are on the stack after it."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of the laws behind it."""
    creatures: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The creatures on the battlefield after it (power, toughness, keywords), when some
    changed."""

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"t": self.t, "step": self.step, "event": self.event, "by": self.by,
                               "priority": self.priority, "stack": self.stack,
                               "rules": list(self.rules)}
        if self.creatures:
            row["creatures"] = {o: dict(c) for o, c in self.creatures.items()}
        return row


@dataclass(frozen=True)
class Trace(Witness, Sequence[TraceEvent]):
    """A trace of the game in time: its events in order (a sequence: ``len``, index, slice).

    >>> trace = Trace((TraceEvent(1, "main1", "alice passes", "player", "bob", 0),))
    >>> len(trace), trace[0].event
    (1, 'alice passes')
    """

    events: tuple[TraceEvent, ...]

    @overload
    def __getitem__(self, i: int) -> TraceEvent: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[TraceEvent]: ...

    def __getitem__(self, i: int | slice) -> TraceEvent | Sequence[TraceEvent]:
        return self.events[i]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[TraceEvent]:
        return iter(self.events)

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.events]

    def _repr_html_(self) -> str:
        rows = [(e.t, e.step, e.event, "player" if e.by == "player" else "the rules",
                 e.priority or "—", e.stack) for e in self.events]
        return html_table(("t", "step", "event", "by", "priority after", "stack"), rows,
                          f"{len(self.events)} events")


@dataclass(frozen=True)
class SearchBound(Witness):
    """Why no way exists: every sequence of decisions ends within ``horizon`` events."""

    horizon: int

    def to_json(self) -> dict[str, Any]:
        return {"horizon": self.horizon}


# -- the verdict ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """An outcome, the rules that decided it, reasons in words, and a witness or counterexample.

    >>> from mtgrules.model.edition import Citation
    >>> v = Verdict("cast", "legal", (Citation.parse("CR 601.2"),))
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
    """For ``CostOutcome.TOTAL``: the locked total cost in mana symbols, e.g. ``{1}{G}``."""

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
        if (self.outcome is CostOutcome.TOTAL) != (self.total is not None):
            raise ValueError("a cost total's verdict carries its total (and only it does)")
        for name in ("witness", "counterexample"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Witness):
                raise TypeError(f"a verdict's {name} is a typed value (a Witness), "
                                f"not {type(value).__name__}")

    @property
    def word(self) -> str:
        """The verdict as one word, as the JSON output and expectations write it: the outcome's
        word, or a cost total's mana symbols."""
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
        """The verdict as a small table, for notebooks: outcome, rules, reasons, and the
        witness or counterexample in its own table."""
        head = (f"<p><b>{escape(self.word)}</b> <small>({escape(self.query)}, CR edition "
                f"{escape(self.edition or '?')}, backend {escape(self.backend or '?')})</small></p>")
        rows = [("rules", ", ".join(str(c) for c in self.citations) or "—")]
        rows += [("reason", r) for r in self.reasons]
        body = html_table(("", ""), rows, header=False)
        for name, value in (("witness", self.witness), ("counterexample", self.counterexample)):
            if value is not None:
                body += f"<p>{name}:</p>" + witness_html(value)
        return f"<div class=\"mtgrules-verdict\">{head}{body}</div>"


def witness_html(value: Witness) -> str:
    """A witness or counterexample as HTML: a trace as its table, anything else as a table
    of its fields in its plain (JSON) form."""
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        return str(html())
    plain = value.to_json()
    rows = ([(k, _plain_text(v)) for k, v in plain.items()] if isinstance(plain, dict)
            else [("", _plain_text(plain))])
    return html_table(("", ""), rows, header=False)


def _plain_text(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(_plain_text(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain_text(v)}" for k, v in value.items()) or "—"
    return "—" if value is None else str(value)


def citations(*groups: Any) -> tuple[Citation, ...]:
    """Sorted, de-duplicated citations (CR before MTR, then by number)."""
    found = {c for group in groups for c in group}
    return tuple(sorted(found, key=_citation_key))


def _citation_key(c: Citation) -> tuple:
    parts = []
    for piece in c.number.replace(".", " ").split():
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((int(digits) if digits else 0, piece))
    return (c.document != "CR", parts)
