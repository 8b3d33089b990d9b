"""The verdicts of APNAP questions (CR 101.4) in words: the order found, what each chooser
knows, and what a proposed order let a player learn too early."""
from __future__ import annotations

from mtgrules.model.apnap import ChoiceOrders, ChoiceProblem
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.queries.outcome import ApnapOutcome
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import ChoiceOrder, Learned, Misplaced, OrderCheck, OrderLeak


def not_decided(found: ChoiceOrders, edition: Edition, backend: str) -> Verdict:
    missing = sorted(found.undecided)
    book = rulebook()
    reasons = [f"The {edition} edition has no rule for this: {book[k].paraphrase.rstrip('.')} "
               f"(the first edition the project holds with that rule is {book[k].since})." for k in missing]
    return Verdict("apnap", ApnapOutcome.NOT_DECIDED, citations([cite("apnap.order", edition)]),
                   tuple(reasons), backend=backend, edition=edition.date,
                   details={"missing_rules": missing})


def _label(problem: ChoiceProblem, cid: str) -> str:
    return str(problem.choice(cid))


def describe(problem: ChoiceProblem, found: ChoiceOrders, edition: Edition, backend: str) -> Verdict:
    order = found.orders[0]
    outcome = ApnapOutcome.DETERMINED if len(found.orders) == 1 else ApnapOutcome.PLAYER_ORDERS
    reasons = ["Choices are made in this order: "
               + "; ".join(f"{i}. {_label(problem, c)}" for i, c in enumerate(order, 1)) + "."
               if order else "No player has anything to choose: no choice is made."]
    knows = {c: tuple(found.known_at(0, c)) for c in order}
    for c in order:
        other = [d for d in knows[c] if problem.choice(d).player != problem.choice(c).player]
        hidden = [d for d in order[:order.index(c)]
                  if d not in knows[c] and problem.choice(d).player != problem.choice(c).player]
        if other or hidden:
            text = f"{_label(problem, c)} — knows: " + (", ".join(_label(problem, d) for d in other)
                                                        or "no other player's choice")
            if hidden:
                text += "; does not know (chosen face down): " + ", ".join(
                    _label(problem, d) for d in hidden)
            reasons.append(text + ".")
    if len(found.orders) > 1:
        reasons.append(f"{len(found.orders)} orders are correct: the rules leave the order of a "
                       "player's own unordered choices to that player.")
    reasons += _no_choice_reasons(problem, found, edition)
    return Verdict("apnap", outcome, citations([cite(k, edition) for k in found.rules]),
                   tuple(reasons), witness=ChoiceOrder(tuple(order), knows),
                   backend=backend, edition=edition.date,
                   details={"orders": [list(o) for o in found.orders]})


def _no_choice_reasons(problem: ChoiceProblem, found: ChoiceOrders, edition: Edition) -> list[str]:
    out = []
    for c in sorted(found.no_choice):
        choice = problem.choice(c)
        protected = [o for o in (choice.options or ()) if o in problem.unavailable]
        why = (f"what it could choose ({', '.join(protected)}) can't be chosen "
               f"({cite('golden.cant-beats-can', edition)})" if protected else
               "there is nothing to choose from" if choice.options is not None else
               "the choice that would have caused it is not made")
        out.append(f"{choice.player} makes no choice for '{choice.description}': {why}; "
                   f"{cite('golden.impossible-ignored', edition)}.")
    return out


def judge(problem: ChoiceProblem, proposed: tuple[str, ...], found: ChoiceOrders,
          misplaced: set[tuple[str, str]], learned: set[tuple[str, str]], edition: Edition,
          backend: str) -> Verdict:
    keys = set(found.rules)
    if not misplaced:
        outcome = ApnapOutcome.CORRECT
        reasons = ["The proposed order is one the rules allow."] + _no_choice_reasons(
            problem, found, edition)
        counter = None
    else:
        outcome = ApnapOutcome.LEAK if learned else ApnapOutcome.OUT_OF_ORDER
        reasons = []
        for c, d in sorted(misplaced):
            who = problem.choice(c).player
            if (c, d) in learned:
                reasons.append(f"{who} knew '{_label(problem, d)}' when making '{_label(problem, c)}'"
                               ", but in the correct order that choice is made later.")
            else:
                reasons.append(f"'{_label(problem, d)}' was made before '{_label(problem, c)}', "
                               "out of APNAP order, though face down so nothing was revealed.")
        counter = OrderLeak(tuple(Learned(c, problem.choice(c).player, d) for c, d in sorted(learned)),
                            tuple(Misplaced(c, d) for c, d in sorted(misplaced)))
        keys |= {"apnap.knowledge"} if learned else set()
    return Verdict("apnap", outcome, citations([cite(k, edition) for k in keys]), tuple(reasons),
                   witness=OrderCheck(tuple(found.orders[0]), tuple(proposed)),
                   counterexample=counter, backend=backend, edition=edition.date,
                   details={"orders": [list(o) for o in found.orders]})
