"""Cost questions (CR 601.2f–h, 118, 119.4): what is the locked total cost of this spell or
ability, and can it be paid — with which payment, or why not?

A ``Casting`` (read by ``model/read/casting.py``) says what the player proposes and what their
mana abilities do during 601.2g. The plan and the arithmetic are the cost area's
(``encodings/cost/``: z3 in ``smt.py``); this module words its answer as a Verdict.

Public functions: ``total_cost(casting, state, edition)`` and ``payment(casting, state, edition)``.
"""
from __future__ import annotations

from typing import Any

import clingo

from mtgrules.encodings.cost import Plan, locked_total, pay, plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Citation, Edition, cite, rulebook
from mtgrules.model.read.casting import parse_casting
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.cost_witness import CostTotal, NoPayment, cost_steps, payment_witness
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import CostOutcome
from mtgrules.queries.verdict import Verdict, citations


def total_cost(casting: Casting, state: GameState, edition: Edition | str | None = None) -> Verdict:
    """The locked total cost of a proposed cast (CR 601.2f) and how it was built: the
    outcome ``CostOutcome.TOTAL``, the total in ``total``, the stages in the witness.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "alice": {
    ...     "hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Sphere of Resistance"]}})
    >>> v = total_cost(Casting("alice", "Lightning Bolt", targets=("bob",)), state)
    >>> v.outcome, v.total, [(s.stage, s.mana) for s in v.witness.steps]
    (<CostOutcome.TOTAL: 'total'>, '{1}{R}', [('base', '{R}'), ('increase', '{1}{R}')])
    """
    edition = Edition.of(edition)
    p = plan(casting, state, edition)
    if (refusal := refused(p, edition)) is not None:
        return refusal
    if p.at_lock is None:
        return Verdict("cost", CostOutcome.UNPAYABLE,
                       citations([cite(k, edition) for k in sorted(p.unpayable_rules)]),
                       (f"{p.card.name} has no mana cost: that cost can't be paid (CR 118.6).",),
                       backend="smt", edition=edition.date)
    locked, would_be = locked_total(p)
    reasons = [f"The total cost of {p.card.name} is {locked} (base: {p.base_text})."]
    reasons += _modifier_reasons(p, edition)
    if p.non_mana:
        reasons.append("It also asks: " + "; ".join(p.non_mana) + ".")
    if would_be is not None:
        reasons.append(_lock_reason(p, locked, would_be, edition))
    witness = CostTotal(str(locked), locked.mana_text, locked.life, tuple(p.non_mana),
                        cost_steps(p, locked), tuple(locked.announced))
    details = {"locked": str(locked), "would_be_after_events": str(would_be) if would_be else None,
               "mana_value": p.mana_value}
    return Verdict("cost", CostOutcome.TOTAL, citations(cite(k, edition) for k in p.rules),
                   tuple(reasons), witness=witness,
                   backend="smt", edition=edition.date, details=details, total=locked.mana_text)


ANNOUNCEMENT_WORDS = {
    "mode_count": "{0} modes were chosen and the card says to choose {1}",
    "same_mode": "mode {0} was chosen twice, and the card doesn't allow choosing a mode more "
                 "than once",
    "entwine_all_modes": "the spell is entwined, so every mode is chosen, and mode {0} is not",
    "no_mode": "no mode was chosen for a modal spell or ability",
    "splice_onto": "{0} splices only onto {1} spells, and this one is not {1}",
    "spliced_twice": "{0} is spliced onto the spell more than once",
    "two_alternative_costs": "more than one alternative cost was announced",
    "alternative_not_offered": "{0} offers its alternative cost only for spells cast from the {1}",
    "kicked_more_than_once": "the kicker is announced {0} times, and only a multikicker may be "
                             "paid more than once",
    "too_few_loyalty": "the ability removes {0} loyalty counters and the permanent has {1}",
    "face_down_text": "a face-down spell has no text, so no {0} to announce",
    "forbidden_colour": "{0} forbids casting {1} spells",
}
"""Why ``cost.lp`` refuses an announcement (and why a colour's prohibition stops a cast), in
words: each reason's arguments fill its slots."""


def announcement_words(tag: str, args: list[Any]) -> str | None:
    """A refused announcement in words, or ``None`` for a reason this table doesn't word."""
    return ANNOUNCEMENT_WORDS[tag].format(*args) if tag in ANNOUNCEMENT_WORDS else None


def refused(p: Plan, edition: Edition) -> Verdict | None:
    """An announcement the rules refuse (``cost.lp``): the cast fails at 601.2b, and no total
    is determined."""
    if not p.refused:
        return None
    words = []
    for why in p.refused:
        tag = why.name
        args = [a.string if a.type == clingo.SymbolType.String else
                a.number if a.type == clingo.SymbolType.Number else str(a) for a in why.arguments]
        words.append(announcement_words(tag, args) or str(why))
    keys = {"cast.modes", *p.announced_rules}
    return Verdict("cost", CostOutcome.ILLEGAL, citations(cite(k, edition) for k in sorted(keys)
                                                          if rulebook()[k].holds_in(edition)),
                   tuple(f"{p.card.name} can't be cast so announced ({cite('cast.modes', edition)}): "
                         f"{w}." for w in words), backend="smt", edition=edition.date)


def _modifier_reasons(p: Plan, edition: Edition) -> list[str]:
    out: list[str] = []
    for m, _ in p.modifiers:
        out.append(f"{m} applies.")
    for source, why in p.ignored:
        out.append(f"{source} doesn't apply: {why}.")
    if "floor_last" in p.explains:
        out.append(f"{cite(p.explains['floor_last'], edition)}: an effect that sets the total is applied "
                   "after every increase and reduction, then the total is locked.")
    return out


def _lock_reason(p: Plan, locked: smt_cost.TotalCost, would_be: smt_cost.TotalCost,
                 edition: Edition) -> str:
    events = ", ".join(f"{s} ({e})" for s, e in p.dropped_after)
    return (f"{cite(p.explains['locked_before_events'], edition)}: the total was locked in at "
            f"{locked} before the mana abilities; that {events} no longer matters (determined "
            f"afterwards it would have been {would_be}).")



def payment(casting: Casting, state: GameState, edition: Edition | str | None = None) -> Verdict:
    """Whether the locked total cost can be paid (CR 601.2g–h, 118.3, 119.4), with a
    ``Payment`` or the reason none exists (``NoPayment``).

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "alice": {
    ...     "hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Sphere of Resistance"]}})
    >>> v = payment(Casting("alice", "Lightning Bolt", targets=("bob",)), state)
    >>> v.outcome, v.counterexample.why
    (<CostOutcome.UNPAYABLE: 'unpayable'>, ...)
    """
    edition = Edition.of(edition)
    p = plan(casting, state, edition)
    if (refusal := refused(p, edition)) is not None:
        return refusal
    result, cited, reasons = pay_plan(p, edition)
    if isinstance(result, smt_cost.Payment):
        witness = payment_witness(p, result)
        return Verdict("cost", CostOutcome.PAYABLE, citations(cited), tuple(reasons), witness=witness,
                       backend="smt", edition=edition.date,
                       details={"locked": str(result.total)})
    counter = NoPayment(tuple(result.short) if result else ("unpayable cost",),
                        tuple(result.details) if result else (f"{p.card.name} has no mana cost",))
    return Verdict("cost", CostOutcome.UNPAYABLE, citations(cited), tuple(reasons), counterexample=counter,
                   backend="smt", edition=edition.date,
                   details={"locked": str(result.total) if result and result.total else None})


def pay_plan(p: Plan, edition: Edition) -> tuple[
        smt_cost.Payment | smt_cost.NoPayment | None, list[Citation], list[str]]:
    """The payment search for a plan (``encodings.cost.pay``), its citations and its reasons
    in words; a result of ``None`` means the cost is unpayable by nature (no mana cost)."""
    paid = pay(p, edition)
    result = paid.result
    cited = [cite(k, edition) for k in sorted(p.rules)] + [cite(k, edition) for k in sorted(paid.rules)]
    if result is None:
        return None, cited, [f"{p.card.name} has no mana cost, which can't be paid."]
    reasons = _modifier_reasons(p, edition)
    if isinstance(result, smt_cost.Payment):
        total = result.total
        if paid.would_be is not None:
            reasons.append(_lock_reason(p, total, paid.would_be, edition))
        reasons.insert(0, f"The locked total cost {total} can be paid.")
        for victim in result.sacrificed:
            if victim in paid.sacrificed_sources:
                reasons.append(f"{victim} is sacrificed while paying ({cite('cast.pay', edition)}), "
                               f"after the total was locked ({cite('cast.total-cost', edition)}): "
                               "its effect on the cost still counts.")
        return result, cited, reasons
    reasons.insert(0, "No payment of the locked total cost exists: " + "; ".join(result.details)
                   + ". Partial payments are not allowed.")
    return result, cited, reasons

def parse(node: Field, state: GameState) -> Casting:
    return parse_casting(node, state, extra=("ask",))


def answer(question: Casting, state: GameState, edition: Edition, backend: str = "smt") -> Verdict:
    if question.ask == "total":
        return total_cost(question, state, edition)
    return payment(question, state, edition)


COST = register(QuestionKind(
    name="cost",
    summary="the locked total cost of a spell or ability and whether it can be paid "
            "(CR 601.2f–h, 118, 119.4)",
    parse=parse,
    answer=answer,
    backends=("smt",),
    describe=lambda q: f"{q.ask}: {q}",
))
