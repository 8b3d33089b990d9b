"""Cast questions (CR 601.2a–i, 602.2, 605, and the rule for handling illegal actions):
is this cast (or activation) legal, step by step — and if not, where does it fail and what
is the game rewound to?

The order of the steps and the legality of each is decided in ``encodings/asp/casting.lp``;
the total cost and whether it can be paid come from z3 (``queries.cost``) as facts.

Public function: ``check_cast(casting, state, edition)``.
"""
from __future__ import annotations

from typing import Any

from mtgrules.encodings import asp
from mtgrules.encodings.smt import cost as smt_cost
from mtgrules.model.edition import Edition, cite
from mtgrules.model.state import GameState
from mtgrules.queries.cost import (Casting, Plan, cost_steps, parse_casting, pay_plan,
                                   payment_witness, plan)
from mtgrules.queries.kinds import QuestionKind, register
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


def facts(casting: Casting, p: Plan, state: GameState, payment) -> list[str]:
    """ASP facts for the proposal, the state and the z3 payment answer."""
    card, player = p.card, casting.player
    out = ["proposal(%s)." % {"spell": "spell", "ability": "ability",
                               "mana-ability": "mana_ability"}[p.kind]]
    out.append(f"speed({'instant' if p.kind != 'spell' or card.is_a('instant') else 'sorcery'}).")
    if state.priority == player or (state.priority is None and player == state.active):
        out.append("has_priority.")
    if player == state.active and state.step.is_main:
        out.append("own_main_phase.")
    if not any(True for _ in state.objects("stack")):
        out.append("stack_empty.")
    for source in _forbidding(state, player):
        out.append(asp.fact("forbidden_by", source))
    out.append(asp.fact("alternatives", len(casting.alternatives)))
    # targets (CR 601.2c)
    if p.kind == "spell":
        lo, hi = _target_range(card)
        out.append(f"target_count({lo},{hi}).")
        kind = card.targets[0] if card.targets else "any"
        for i, t in enumerate(casting.targets):
            out.append(f"target({i},{asp.term(t)}).")
            if _legal_target(t, kind, player, state, casting.card):
                out.append(f"target_ok({i}).")
            for j in range(i):
                if casting.targets[j] == t:
                    out.append(f"same_target({j},{i}).")
        for ins in card.resolve:
            if ins.get("divided") is True:
                out.append(f"divides({int(ins.get('amount'))}).")
        for i, n in enumerate(casting.division or ()):
            out.append(f"division({i},{n}).")
    # cost and payment (z3)
    if payment is None and p.payment is None:
        out.append("unpayable_by_nature.")
        out.append("mana_payment.")
    elif isinstance(payment, smt_cost.Payment):
        if payment.total.mana_amount:
            out.append("mana_payment.")
        out.append("payable.")
    else:
        out.append("mana_payment.")
        for name in payment.short:
            out.append(f"unpayable({asp.term('short:' + name)}).")
    for e in casting.during:
        out.append(asp.fact("cost_event", str(e)))
    for source, _ in p.dropped_after:
        out.append(asp.fact("lock_ignores", source))
    return out


def _target_range(card) -> tuple[int, int]:
    for ins in card.resolve:
        spec = ins.get("targets")
        if spec:
            d = dict(spec)
            return int(d.get("min", 1)), int(d.get("max", -1))
    return len(card.targets), len(card.targets)


def _legal_target(t: str, kind: str, player: str, state: GameState, spell: str) -> bool:
    if t in state.names:
        return kind in ("any", "player") or (kind == "opponent" and t != player)
    where = state.find(t)
    if where is None:
        return False
    _, zone, obj = where
    card = state.card_of(obj)
    if zone == "stack":
        return kind == "spell" and t != spell
    if zone != "battlefield" or card is None:
        return False
    if kind == "creature":
        return card.is_a("creature")
    if kind == "any":
        return bool({"creature", "planeswalker", "battle"} & card.types)
    return False


def _forbidding(state: GameState, player: str) -> list[str]:
    """Sources of "can't cast spells" effects that apply to ``player`` (CR 601.3)."""
    found = []
    items = [(e.source, e.controller, e.instruction, e.target) for e in state.effects]
    for _, _, obj in state.objects("battlefield"):
        card = state.card_of(obj)
        items += [(obj.id, obj.controller, i, None) for i in (card.statics() if card else ())]
    for source, controller, ins, target in items:
        if ins.verb != "forbid" or ins.get("action") not in ("cast-spells", "cast"):
            continue
        who = ins.get("who")
        affected = {"you": (controller,), "opponents": state.opponents(controller),
                    "opponent": state.opponents(controller), "each-player": state.names,
                    "target": (target,)}.get(who, ())
        if player in affected:
            found.append(source)
    return found


def check_cast(casting: Casting, state: GameState, edition: Edition | None = None) -> Verdict:
    """Walk the casting steps in order; a legal cast's witness shows each step (with the
    locked total and the payment), an illegal one's counterexample the failed step and the
    state the game returns to."""
    edition = edition or Edition.newest()
    p = plan(casting, state)
    payment, pay_cited, pay_reasons = pay_plan(p, edition)
    result = asp.solve(["casting"], facts(casting, p, state, payment), edition)
    model = result.models[0]
    outcome = asp.atoms(model, "outcome")[0][0]
    done = [s for (s,) in asp.atoms(model, "completed")]
    failed = asp.atoms(model, "failed")
    keys = {k for (k,) in asp.atoms(model, "cites")}
    cited = [cite(k, edition) for k in keys]
    subject = f"{casting.player} {'activating an ability of' if casting.ability else 'casting'} " \
              f"{p.card.name}"
    steps = [{"step": str(cite(STEP_KEYS[s], edition)), "what": STEP_WORDS[s],
              **_step_detail(s, casting, p, payment)} for s in _ordered(done, edition)]
    if outcome == "legal":
        if "pay" in done:
            cited += pay_cited
        reasons = [f"{subject} is legal: every step was completed in order."]
        if p.kind == "mana-ability":
            reasons.append(f"{cite('mana-ability.no-stack', edition)}: a mana ability doesn't use "
                           "the stack; it resolves at once.")
        reasons += [r for r in pay_reasons if not r.startswith("The locked")]
        witness = {"steps": steps}
        if isinstance(payment, smt_cost.Payment):
            witness["payment"] = payment_witness(p, payment)
        return Verdict("cast", "legal", citations(cited), tuple(reasons), witness=witness,
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
    counter = {"failed_step": str(cite(STEP_KEYS[step], edition)), "why": words,
               "completed": steps, "rewound_to": _before(casting, state)}
    return Verdict("cast", "illegal", citations(cited), tuple(reasons), counterexample=counter,
                   backend="asp", edition=edition.date,
                   details={"failed": [step], "rewound": True})


def _ordered(done: list[str], edition: Edition) -> list[str]:
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
                "illegal_target": f"'{args[0]}' is not a legal target",
                "same_target": f"'{args[0]}' is chosen twice for one instance of 'target'",
                "gets_nothing": f"target '{args[0]}' would receive nothing (each target of a "
                                "division must get at least one)",
                "wrong_total": f"the division adds up to {args[0]}, not {args[1] if len(args) > 1 else ''}",
                }.get(tag, str(why))
    return WHY_WORDS.get(why, str(why))


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
        if isinstance(payment, smt_cost.Payment) and payment.total.announced:
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


def _before(casting: Casting, state: GameState) -> dict[str, Any]:
    """The state the game returns to: as it was before the proposal."""
    ps = state.player(casting.player)
    return {"player": casting.player, casting.zone: [o.id for o in ps.zone(casting.zone)],
            "mana-pool": ps.mana_pool or "empty", "life": ps.life,
            "battlefield": [o.id + (" (tapped)" if o.tapped else "")
                            for o in state.controlled(casting.player)],
            "stack": [o.id for _, _, o in state.objects("stack")]}


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
