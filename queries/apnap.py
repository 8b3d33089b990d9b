"""APNAP questions (CR 101.4–101.4e): in which order do players make simultaneous choices,
what does each know when choosing, and does a proposed order give anyone knowledge they
should not have had?

Two independent encodings answer (``encodings/apnap/``): ``apnap.lp`` and ``smt.py``.
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgrules.encodings import apnap
from mtgrules.model.apnap import Choice, ChoiceOrders, ChoiceProblem
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.source import Field
from mtgrules.model.state import HIDDEN_ZONES, GameState
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import ApnapOutcome
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import ChoiceOrder, Learned, Misplaced, OrderCheck, OrderLeak

ZONES_CHOSEN_FROM = ("battlefield", "hand", "library", "graveyard", "exile")


@dataclass(frozen=True)
class ApnapQuestion:
    problem: ChoiceProblem
    proposed: tuple[str, ...] | None = None
    """A proposed order to check, or ``None`` to ask for the correct order."""

    def __str__(self) -> str:
        mode = "check a proposed order" if self.proposed else "order of choosing"
        return f"{mode}: {len(self.problem.choices)} choices, {len(self.problem.players)} players"


def parse(node: Field, state: GameState) -> ApnapQuestion:
    node.mapping(required=["kind"], optional=["from", "choices", "starting-game",
                                              "starting-player", "proposed"])
    names = state.names
    if node.has("from") == node.has("choices"):
        raise node.error("give exactly one of 'from' (a card whose instructions have each player "
                         "choose) or 'choices' (the choices written out)",
                         "either a 'from' field or a 'choices' list")
    if node.has("from"):
        card = state.cards.lookup(node["from"])
        choices = apnap.choices_from_card(card, state)
        unavailable = apnap.unavailable_options(card, state)
        if not choices:
            raise node["from"].error(f"'{card.name}' makes no player choose anything",
                                     "a card with an 'each-player' sacrifice, discard or balance "
                                     "instruction")
    else:
        choices = _explicit_choices(node["choices"], names, state)
        unavailable = ()
    starting = node["starting-game"].bool() if node.has("starting-game") else False
    first = state.active
    if node.has("starting-player"):
        if not starting:
            raise node["starting-player"].error("a starting player only matters while starting "
                                                "the game", "'starting-game: true' alongside it")
        first = node["starting-player"].choice(names, "player")
    problem = ChoiceProblem(players=names, first=first, choices=choices, starting_game=starting,
                            unavailable=unavailable)
    proposed = None
    if node.has("proposed"):
        ids = [c.id for c in choices]
        proposed = tuple(p.choice(ids, "choice") for p in node["proposed"].list())
        if sorted(proposed) != sorted(ids):
            missing = sorted(set(ids) - set(proposed))
            raise node["proposed"].error(
                "the proposed order must list every choice exactly once"
                + (f"; missing: {', '.join(missing)}" if missing else "; one is listed twice"),
                f"each of: {', '.join(ids)}")
    return ApnapQuestion(problem, proposed)


def _explicit_choices(node: Field, names: tuple[str, ...], state: GameState) -> tuple[Choice, ...]:
    choices: list[Choice] = []
    seen: dict[str, Field] = {}
    known = [o.id for _, _, o in state.objects()]
    for entry in node.list():
        entry.mapping(required=["id", "player", "choose"],
                      optional=["written", "face-down", "zone", "caused-by", "event", "options"])
        options = None
        if entry.has("options"):  # the objects chosen among; [] : nothing to choose
            options = tuple(o.choice(known, "object") for o in entry["options"].list())
        cid = entry["id"].str()
        if cid in seen:
            raise entry["id"].error(f"the choice id '{cid}' is used twice", "distinct ids")
        seen[cid] = entry
        zone = entry["zone"].choice(ZONES_CHOSEN_FROM, "zone") if entry.has("zone") else "battlefield"
        face_down = entry["face-down"].bool() if entry.has("face-down") else False
        if face_down and zone not in HIDDEN_ZONES:
            raise entry["face-down"].error(
                f"only a card chosen from a hidden zone can stay face down, not one from the {zone}",
                "'zone: hand' or 'zone: library' with 'face-down: true'")
        choices.append(Choice(
            id=cid, player=entry["player"].choice(names, "player"),
            description=entry["choose"].str(),
            event=entry["event"].int(0) if entry.has("event") else 0,
            written=entry["written"].int(1) if entry.has("written") else None,
            face_down=face_down,
            caused_by=entry["caused-by"].str() if entry.has("caused-by") else None,
            options=options))
    for c in choices:
        if c.caused_by is None:
            continue
        field = seen[c.id]["caused-by"]
        if c.caused_by not in seen:
            raise field.unknown(c.caused_by, seen, "choice")
        cause = next(d for d in choices if d.id == c.caused_by)
        if cause.caused_by is not None:
            raise UnsupportedQuestion(
                f"'{c.id}' is caused by '{cause.id}', which is itself caused by another choice; "
                "chains of caused choices are not modelled (one level is).").at(field.location)
        for extra, why in (("event", "a caused choice belongs to its cause's event"),
                           ("written", "a caused choice comes after its cause, outside the "
                                       "written order")):
            if seen[c.id].has(extra):
                raise seen[c.id][extra].error(why, f"no '{extra}' field on a caused choice")
    return tuple(choices)


# -- verdicts -------------------------------------------------------------------------------

def answer(question: ApnapQuestion, state: GameState | None, edition: Edition, backend: str) -> Verdict:
    """The verdict (the state is not needed: the choices carry everything)."""
    problem = question.problem
    found = apnap.solve_orders(problem, edition, backend)
    if found.undecided:
        return _not_decided(found, edition, backend)
    if question.proposed is None:
        return _describe(problem, found, edition, backend)
    misplaced, learned = apnap.misplaced(problem, question.proposed, edition, backend, found)
    return _judge(problem, question.proposed, found, misplaced, learned, edition, backend)


def _not_decided(found: ChoiceOrders, edition: Edition, backend: str) -> Verdict:
    missing = sorted(found.undecided)
    book = rulebook()
    reasons = [f"The {edition} edition has no rule for this: {book[k].paraphrase.rstrip('.')} "
               f"(the first edition the project holds with that rule is {book[k].since})." for k in missing]
    return Verdict("apnap", ApnapOutcome.NOT_DECIDED, citations([cite("apnap.order", edition)]),
                   tuple(reasons), backend=backend, edition=edition.date,
                   details={"missing_rules": missing})


def _label(problem: ChoiceProblem, cid: str) -> str:
    return str(problem.choice(cid))


def _describe(problem: ChoiceProblem, found: ChoiceOrders, edition: Edition, backend: str) -> Verdict:
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


def _judge(problem: ChoiceProblem, proposed: tuple[str, ...], found: ChoiceOrders,
           misplaced: set, learned: set, edition: Edition, backend: str) -> Verdict:
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
