"""Cast questions (CR 601.2a–i, 602.2, 605, and the rule for handling illegal actions):
is this cast (or activation) legal, step by step — and if not, where does it fail and what
is the game rewound to?

The order of the steps, their rules and the legality of each are decided in
``encodings/casting/casting.lp``; the total cost and whether it can be paid come from z3
(``encodings/cost/``) as facts. This module words the answer as a Verdict.

Public function: ``check_cast(casting, state, edition)``.
"""
from __future__ import annotations

from typing import Any

from mtgrules.encodings import casting as casting_area
from mtgrules.encodings.cost import plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite
from mtgrules.model.read.casting import parse_casting
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.cast_witness import STEP_WORDS, CastFailure, CastSteps, cast_step, rewind
from mtgrules.queries.cost import announcement_words, pay_plan
from mtgrules.queries.cost_witness import payment_witness
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import CastOutcome
from mtgrules.queries.verdict import Verdict, citations

WHY_WORDS = {
    "no_priority": "the player doesn't have priority",
    "no_priority_mana": "the player doesn't have priority and is not paying a cost",
    "not_main_phase": "a sorcery-speed spell needs a main phase",
    "not_your_turn": "a sorcery-speed spell needs its caster's own turn",
    "stack_not_empty": "a sorcery-speed spell needs an empty stack",
    "loyalty_used": "a loyalty ability of this permanent was activated this turn",
    "too_few_targets": "fewer targets than the spell requires",
    "too_many_targets": "more targets than the spell allows",
    "no_division": "the division among the targets was not announced",
    "no_mana_cost": "the spell has no mana cost, and that cost can't be paid",
}
"""Why a step fails (``casting.lp``'s reasons without arguments), in words."""


def check_cast(casting: Casting, state: GameState, edition: Edition | str | None = None) -> Verdict:
    """Walk the casting steps in order; a legal cast's witness shows each step (with the
    locked total and the payment), an illegal one's counterexample the failed step and the
    state the game returns to.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"],
    ...     "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}})
    >>> v = check_cast(Casting("alice", "Lightning Bolt", targets=("bob",)), state)
    >>> v.outcome, v.witness.payment.activate
    (<CastOutcome.LEGAL: 'legal'>, ('tap Mountain for {R}',))
    >>> v = check_cast(Casting("alice", "Lightning Bolt", targets=("carol",)), state)
    >>> v.outcome, v.counterexample.failed_step, v.counterexample.why
    (<CastOutcome.ILLEGAL: 'illegal'>, 'CR 601.2c', "'carol' is not a legal target")
    """
    edition = Edition.of(edition)
    p = plan(casting, state, edition)
    payment, pay_cited, pay_reasons = pay_plan(p, edition)
    steps_found = casting_area.solve(casting, p, state, payment, edition)
    outcome, done, failed, keys = (steps_found.outcome, steps_found.completed,
                                   steps_found.failed, steps_found.rules)
    step_key = steps_found.keys
    cited = [cite(k, edition) for k in keys]
    subject = f"{casting.player} {'activating an ability of' if casting.ability else 'casting'} " \
              f"{p.card.name}"
    steps = tuple(cast_step(s, step_key[s], edition, casting, p, payment) for s in done)
    if outcome == CastOutcome.LEGAL:
        if "pay" in done:
            cited += pay_cited
        reasons = [f"{subject} is legal: every step was completed in order."]
        if p.kind == "mana-ability":
            reasons.append(f"{cite('mana-ability.no-stack', edition)}: a mana ability doesn't use "
                           "the stack; it resolves at once.")
        reasons += [r for r in pay_reasons if not r.startswith("The locked")]
        witness = CastSteps(steps, payment_witness(p, payment)
                            if isinstance(payment, smt_cost.Payment) else None)
        return Verdict("cast", CastOutcome.LEGAL, citations(cited), tuple(reasons), witness=witness,
                       backend="asp", edition=edition.date,
                       details={"completed": [str(cite(step_key[s], edition)) for s in done]})
    step, why = failed[0]
    words = _why(why, payment)
    if step == "pay":
        cited += pay_cited
    reasons = [f"{subject} is illegal: it fails at {cite(step_key[step], edition)} "
               f"({STEP_WORDS[step]}): {words}.",
               f"{cite('illegal.rewind', edition)}: the whole cast is undone and the game "
               "returns to the moment before it began; nothing paid stays paid."]
    if step == "pay":
        reasons += pay_reasons[1:]
    counter = CastFailure(str(cite(step_key[step], edition)), words, steps,
                          rewind(casting, state))
    return Verdict("cast", CastOutcome.ILLEGAL, citations(cited), tuple(reasons), counterexample=counter,
                   backend="asp", edition=edition.date,
                   details={"failed": [step], "rewound": True})



def _why(why: Any, payment: smt_cost.Payment | smt_cost.NoPayment | None) -> str:
    if isinstance(why, str) and why.startswith("short:") or (isinstance(why, str) and
                                                              why in ("no_mana_cost",)):
        if isinstance(payment, smt_cost.NoPayment):
            return "no payment exists: " + "; ".join(payment.details)
        return WHY_WORDS.get(why, why)
    if isinstance(why, tuple):
        tag, *args = why
        return {"forbidden": f"{args[0]} forbids casting spells",
                "not_from_zone": f"nothing allows casting it from the {args[0]} (a card is cast "
                                 "from its owner's hand unless an effect allows another zone)",
                "forbidden_from": f"{args[0]} forbids casting spells from the "
                                  f"{args[1] if len(args) > 1 else ''}",
                "alternative_not_offered": f"{args[0]} offers its alternative cost only for "
                                           f"spells cast from the {args[1] if len(args) > 1 else ''}",
                "cant_sacrifice": f"{args[0]} can't be sacrificed "
                                  f"({args[1] if len(args) > 1 else 'an effect'} forbids it)",
                "illegal_target": f"'{args[0]}' is not a legal target",
                "same_target": f"'{args[0]}' is chosen twice for one instance of 'target'",
                "gets_nothing": f"target '{args[0]}' would receive nothing (each target of a "
                                "division must get at least one)",
                "wrong_total": f"the division adds up to {args[0]}, not {args[1] if len(args) > 1 else ''}",
                }.get(tag) or announcement_words(tag, args) or str(why)
    return WHY_WORDS.get(why) or announcement_words(str(why), []) or str(why)



def parse(node: Field, state: GameState) -> Casting:
    return parse_casting(node, state)


def answer(question: Casting, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    return check_cast(question, state, edition)


CAST = register(QuestionKind(
    name="cast",
    summary="is this cast or activation legal, step by step (CR 601.2a–i, 602.2, 605)",
    parse=parse,
    answer=answer,
    backends=("asp",),
    describe=str,
))
