"""APNAP questions (CR 101.4–101.4e): in which order do players make simultaneous choices,
what does each know when choosing, and does a proposed order give anyone knowledge they
should not have had?

Two independent encodings answer (``encodings/apnap/``): ``apnap.lp`` and ``smt.py``. The
question is read by ``model/read/apnap.py``; ``apnap_words.py`` words the verdicts.
"""
from __future__ import annotations

from mtgrules.encodings import apnap
from mtgrules.model.apnap import Choice, ChoiceProblem
from mtgrules.model.edition import Edition
from mtgrules.model.read.apnap import ApnapQuestion, parse_question
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.apnap_words import describe, judge, not_decided
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import Verdict


def _card_choices(node: Field, state: GameState) -> tuple[tuple[Choice, ...], tuple[str, ...]]:
    """The choices a card's instructions make the players make (the APNAP area reads them)."""
    card = state.cards.lookup(node)
    choices = apnap.choices_from_card(card, state)
    if not choices:
        raise node.error(f"'{card.name}' makes no player choose anything",
                         "a card with an 'each-player' sacrifice, discard or balance instruction")
    return choices, apnap.unavailable_options(card, state)


def parse(node: Field, state: GameState) -> ApnapQuestion:
    return parse_question(node, state, _card_choices)


def answer(question: ApnapQuestion, state: GameState | None, edition: Edition, backend: str) -> Verdict:
    """The verdict (the state is not needed: the choices carry everything)."""
    problem = question.problem
    found = apnap.solve_orders(problem, edition, backend)
    if found.undecided:
        return not_decided(found, edition, backend)
    if question.proposed is None:
        return describe(problem, found, edition, backend)
    misplaced, learned = apnap.misplaced(problem, question.proposed, edition, backend)
    return judge(problem, question.proposed, found, misplaced, learned, edition, backend)


APNAP = register(QuestionKind(
    name="apnap",
    summary="who chooses in which order, knowing what (CR 101.4–101.4e)",
    parse=parse,
    answer=answer,
    backends=("asp", "smt", "both"),
    describe=str,
    reads_mana_pool=False,
))


# -- the public API -------------------------------------------------------------------------

def order_choices(problem: ChoiceProblem, edition: Edition | str | None = None,
                  backend: str = "asp") -> Verdict:
    """The correct order of a set of simultaneous choices and what each chooser knows
    (CR 101.4): ``determined`` or ``player-orders``, with the ``ChoiceOrder`` as witness.

    >>> from mtgrules.model.apnap import Choice, ChoiceProblem
    >>> problem = ChoiceProblem(("alice", "bob"), "alice", (
    ...     Choice("alice-sac", "alice", "sacrifices a creature"),
    ...     Choice("bob-sac", "bob", "sacrifices a creature")))
    >>> v = order_choices(problem)
    >>> v.outcome, v.witness.order, v.witness.knows["bob-sac"]
    (<ApnapOutcome.DETERMINED: 'determined'>, ('alice-sac', 'bob-sac'), ('alice-sac',))
    """
    return answer(ApnapQuestion(problem), None, Edition.of(edition), backend)


def check_choice_order(problem: ChoiceProblem, proposed: tuple[str, ...],
                       edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """Whether a proposed order of choosing is correct, and who learned what they shouldn't
    (the counterexample, an ``OrderLeak``).

    >>> from mtgrules.model.apnap import Choice, ChoiceProblem
    >>> problem = ChoiceProblem(("alice", "bob"), "alice", (
    ...     Choice("alice-sac", "alice", "sacrifices a creature"),
    ...     Choice("bob-sac", "bob", "sacrifices a creature")))
    >>> v = check_choice_order(problem, ("bob-sac", "alice-sac"))
    >>> v.outcome, v.counterexample.learned
    (<ApnapOutcome.LEAK: 'leak'>, (Learned(choice='alice-sac', chooser='alice', knew='bob-sac'),))
    """
    if sorted(proposed) != sorted(c.id for c in problem.choices):
        raise ValueError("the proposed order must list every choice id exactly once")
    return answer(ApnapQuestion(problem, tuple(proposed)), None, Edition.of(edition), backend)
