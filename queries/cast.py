"""Cast questions (CR 601.2a–i, 602.2, 605, and the rule for handling illegal actions):
is this cast (or activation) legal, step by step — and if not, where does it fail and what
is the game rewound to?

The order of the steps and the legality of each is decided in ``encodings/casting/casting.lp``;
the total cost and whether it can be paid come from z3 (``encodings/cost/``) as facts.

Public function: ``check_cast(casting, state, edition)``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.encodings import casting as casting_area
from mtgrules.encodings.cost import Plan, plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite
from mtgrules.model.state import GameState
from mtgrules.queries.cast_witness import CastFailure, CastStep, CastSteps, Rewind
from mtgrules.queries.cost import cost_steps, parse_casting, pay_plan, payment_witness
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import CastOutcome
from mtgrules.queries.verdict import Verdict, citations

STEP_WORDS = {
    "propose": "moves to the stack",
    "announce": "announcements (modes, X, alternative and additional costs, hybrid and "
                "Phyrexian payments)",
    "targets": "targets chosen",
    "divide": "division announced",
    "check": "legality checked",
    "total": "total cost determined and locked",
    "mana": "mana abilities activated",
    "pay": "total cost paid",
    "cast": "becomes cast",
}
WHY_WORDS = {
    "no_priority": "the player doesn't have priority",
    "not_main_phase": "a sorcery-speed spell needs its caster's own main phase",
    "stack_not_empty": "a sorcery-speed spell needs an empty stack",
    "two_alternative_costs": "more than one alternative cost was announced",
    "too_few_targets": "fewer targets than the spell requires",
    "too_many_targets": "more targets than the spell allows",
    "no_division": "the division among the targets was not announced",
    "no_mana_cost": "the spell has no mana cost, and that cost can't be paid",
}
STEP_KEYS = {"propose": "cast.announce", "announce": "cast.modes", "targets": "cast.targets",
             "divide": "cast.division", "check": "cast.legality-check",
             "total": "cast.total-cost", "mana": "cast.mana-abilities", "pay": "cast.pay",
             "cast": "cast.becomes-cast"}


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
    cited = [cite(k, edition) for k in keys]
    subject = f"{casting.player} {'activating an ability of' if casting.ability else 'casting'} " \
              f"{p.card.name}"
    steps = tuple(_cast_step(s, edition, casting, p, payment) for s in _ordered(done, edition))
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
                       details={"completed": [str(cite(STEP_KEYS[s], edition)) for s in
                                              _ordered(done, edition)]})
    step, why = failed[0]
    words = _why(why, payment)
    if step == "pay":
        cited += pay_cited
    reasons = [f"{subject} is illegal: it fails at {cite(STEP_KEYS[step], edition)} "
               f"({STEP_WORDS[step]}): {words}.",
               f"{cite('illegal.rewind', edition)}: the whole cast is undone and the game "
               "returns to the moment before it began; nothing paid stays paid."]
    if step == "pay":
        reasons += pay_reasons[1:]
    counter = CastFailure(str(cite(STEP_KEYS[step], edition)), words, steps,
                          _before(casting, state))
    return Verdict("cast", CastOutcome.ILLEGAL, citations(cited), tuple(reasons), counterexample=counter,
                   backend="asp", edition=edition.date,
                   details={"failed": [step], "rewound": True})


def _ordered(done: Sequence[str], edition: Edition) -> list[str]:
    order = list(STEP_KEYS)
    return sorted(done, key=order.index)


def _why(why: Any, payment) -> str:
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
                }.get(tag, str(why))
    return WHY_WORDS.get(why, str(why))


def _cast_step(step: str, edition: Edition, casting: Casting, p: Plan, payment) -> CastStep:
    extra = _step_detail(step, casting, p, payment)
    detail = extra.get("detail")
    return CastStep(str(cite(STEP_KEYS[step], edition)), STEP_WORDS[step],
                    tuple(detail) if isinstance(detail, list) else detail, extra.get("built", ()))


def _step_detail(step: str, casting: Casting, p: Plan, payment) -> dict[str, Any]:
    if step == "propose":
        return {"detail": f"{casting.card} from {casting.player}'s {casting.zone}"}
    if step == "announce":
        parts = []
        if casting.x is not None:
            parts.append(f"X={casting.x}")
        if casting.alternatives:
            parts.append("alternative cost: " + ", ".join(casting.alternatives))
        if casting.kicked:
            parts.append("kicked")
        if isinstance(payment, smt_cost.Payment) and payment.total.announced and p.at_lock:
            parts.append("pays " + ", ".join(
                f"{s} with {a}" for s, a in zip(p.at_lock.choice_symbols, payment.total.announced)))
        return {"detail": "; ".join(parts) or "nothing to announce"}
    if step == "targets":
        return {"detail": ", ".join(casting.targets) or "no targets"}
    if step == "divide":
        return {"detail": ", ".join(f"{n} to {t}" for t, n in zip(casting.targets,
                                                                  casting.division or ()))
                or "nothing divided"}
    if step == "total" and isinstance(payment, smt_cost.Payment):
        return {"detail": str(payment.total), "built": cost_steps(p, payment.total)}
    if step == "mana" and isinstance(payment, smt_cost.Payment):
        return {"detail": [str(e) for e in casting.during] + list(payment.activations)}
    if step == "pay" and isinstance(payment, smt_cost.Payment):
        return {"detail": [f"{m} for {r}" for r, m in payment.spent]
                + [f"{payment.life} life"] * bool(payment.life)
                + [f"sacrifice {o}" for o in payment.sacrificed]
                + [f"exile {c}" for c in payment.cards]}
    return {}


def _before(casting: Casting, state: GameState) -> Rewind:
    """The state the game returns to: as it was before the proposal."""
    ps = state.player(casting.player)
    return Rewind(casting.player, casting.zone, tuple(o.id for o in ps.zone(casting.zone)),
                  ps.mana_pool or "empty", ps.life,
                  tuple(o.id + (" (tapped)" if o.tapped else "")
                        for o in state.controlled(casting.player)),
                  tuple(o.id for _, _, o in state.objects("stack")))


def parse(node, state: GameState) -> Casting:
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
