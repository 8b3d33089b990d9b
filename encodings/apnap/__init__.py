"""APNAP order (CR 101.4–101.4e): who chooses in which order, knowing what.

Two independent encodings: ``apnap.lp`` (with ``apnap_check.lp`` for a proposed order) and
``smt.py`` (integer positions). This module builds a ``ChoiceProblem`` from a card, writes
the ASP facts, and reads both backends' answers into ``ChoiceOrders``.
"""
from __future__ import annotations

from collections import Counter

import clingo

from mtgrules.encodings import asp, common
from mtgrules.encodings.apnap import smt as smt_apnap
from mtgrules.encodings.apnap.size import orders_allowed, too_many_orders
from mtgrules.model.apnap import Choice, ChoiceOrders, ChoiceProblem
from mtgrules.model.cards import Card
from mtgrules.model.edition import Edition
from mtgrules.model.state import HIDDEN_ZONES, GameState
from mtgrules.model.vocabulary import (
    instructions_of,
    param,
    who_of,
)

PROGRAMS = ("apnap/apnap",)
"""The APNAP program (it includes the common rule it reads: APNAP rank, CR 101.4)."""

CHOOSING_VERBS = {"sacrifice": "battlefield", "discard": "hand", "balance": "battlefield"}

def choices_from_card(card: Card, state: GameState) -> tuple[Choice, ...]:
    """The simultaneous choices a card's "each player" instructions create, one event per
    instruction in written order; a player with nothing to choose from makes no choice."""
    instructions = list(card.resolve)
    if not any(who_of(i) == "each-player" for i in instructions):  # else a triggered one's
        for ability in card.abilities:
            if any(who_of(i) == "each-player" for i in ability.effect):
                instructions = list(ability.effect)
                break
    choices = []
    types = common.types_now(state) if any(i.verb == "sacrifice" for i in instructions) else {}
    for event, ins in enumerate(instructions):
        if ins.verb not in CHOOSING_VERBS or not (ins.verb == "balance" or who_of(ins) == "each-player"):
            continue
        for player in state.names:  # every player is asked; apnap.lp orders them (CR 101.4)
            what = param(ins, "what")
            count = int(param(ins, "count")) if ins.verb != "balance" else 1
            options: tuple[str, ...] | None
            if ins.verb == "discard":
                options = tuple(o.id for o in state.player(player).zone("hand"))
                text = f"chooses {_some(count, 'card')} in hand to discard"
            elif ins.verb == "balance":
                options = None
                text = f"chooses which {what}s to keep"
            else:  # only its controller sacrifices a permanent (701.21a), of its type now
                options = tuple(o.id for o in state.controlled(player) if what in types.get(o.id, ()))
                text = f"chooses {_some(count, what)} to sacrifice"
            # every player is asked; one with nothing to choose makes no choice (apnap.lp)
            choices.append(Choice(f"{player}-{ins.verb}-{event + 1}", player, text, event=event,
                                  face_down=CHOOSING_VERBS[ins.verb] in HIDDEN_ZONES,
                                  options=options))
    return tuple(choices)


def unavailable_options(card: Card, state: GameState) -> tuple[str, ...]:
    """The permanents that can't be sacrificed (``prohibitions.lp`` decides), when the card's
    choices sacrifice."""
    if not any(i.verb == "sacrifice" for i in instructions_of(card)):
        return ()
    return tuple(sorted(common.unsacrificeable(state)))


def _some(count: int, noun: str) -> str:
    return f"a {noun}" if count == 1 else f"{count} {noun}s"


def problem_facts(problem: ChoiceProblem) -> list[clingo.Symbol]:
    f = asp.fact
    out = [f("players", len(problem.players)), f("first", problem.first)]
    out += [f("seat", p, i) for i, p in enumerate(problem.players)]
    if problem.starting_game:
        out.append(f("starting_game"))
    out += [f("unavailable", o) for o in problem.unavailable]
    for c in problem.choices:
        out += [f("choice_listed", c.id), f("chooser", c.id, c.player)]
        if c.options is not None:
            out.append(f("options_listed", c.id))
            out += [f("option", c.id, o) for o in c.options]
        if c.caused_by:
            out.append(f("caused_listed", c.id, c.caused_by))
        else:
            out.append(f("event_listed", c.id, c.event))
        if c.written is not None:
            out.append(f("written", c.id, c.written))
        if c.face_down:
            out.append(f("face_down", c.id))
    return out


def solve_asp(problem: ChoiceProblem, edition: Edition) -> ChoiceOrders:
    allowed = orders_allowed(problem)
    result = asp.solve(PROGRAMS, problem_facts(problem), edition, models=allowed + 1)
    if len(result.models) > allowed:
        raise too_many_orders(allowed)
    orders, knowledge, rules, undecided, empty = [], [], set(), set(), set()
    for model in result.models:
        # the order read from its pairs: a choice's place is 1 + the choices made before it
        earlier = Counter(d for _, d in asp.atoms(model, "before"))
        gone = {c for (c,) in asp.atoms(model, "no_choice")}
        orders.append(tuple(sorted((c.id for c in problem.choices if c.id not in gone),
                                   key=lambda c: earlier[c])))
        knowledge.append(frozenset(asp.atoms(model, "knows")))
        rules |= {r for (r,) in asp.atoms(model, "uses")}
        undecided |= {r for (r,) in asp.atoms(model, "undecided")}
        empty |= {c for (c,) in asp.atoms(model, "no_choice")}
    pairs = sorted(zip(orders, knowledge))
    return ChoiceOrders(tuple(o for o, _ in pairs), tuple(k for _, k in pairs),
                        frozenset(rules), frozenset(undecided), frozenset(empty))


def misplaced_asp(problem: ChoiceProblem, proposed: tuple[str, ...], edition: Edition
                  ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(misplaced, learned) pairs (c, d): d was made before c though no correct order allows
    it; ``learned`` keeps those where c's chooser saw d."""
    orders_allowed(problem)
    # the brave consequences: each model found adds what some correct order has; only the
    # last, holding them all, is kept
    ctl = asp.ground(PROGRAMS, [*problem_facts(problem), "#show before/2."], edition,
                     ["0", "--enum-mode=brave"])
    last: list[clingo.Symbol] = []

    def keep(model: clingo.Model) -> None:
        last[:] = model.symbols(shown=True)

    asp.run(ctl, keep)
    possible = asp.atoms(last, "before")
    empty = asp.atoms(last, "no_choice")
    facts = [asp.fact("possible_before", d, c) for d, c in possible]
    facts += [asp.fact("no_choice", c) for (c,) in empty]
    facts += [asp.fact("proposed", c, k) for k, c in enumerate(proposed, 1)]
    facts += [asp.fact("chooser", c.id, c.player) for c in problem.choices]
    facts += [asp.fact("face_down", c.id) for c in problem.choices if c.face_down]
    model = asp.solve(["apnap/apnap_check"], facts, edition).models[0]
    return set(asp.atoms(model, "misplaced")), set(asp.atoms(model, "learned"))


def misplaced_smt(problem: ChoiceProblem, proposed: tuple[str, ...], edition: Edition
                  ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The same pairs decided by z3 (``smt.py``): for each pair, whether a correct order
    puts the earlier choice first."""
    return smt_apnap.misplaced(problem, proposed, edition)


def solve_orders(problem: ChoiceProblem, edition: Edition, backend: str) -> ChoiceOrders:
    return solve_asp(problem, edition) if backend == "asp" else smt_apnap.solve(problem, edition)


def misplaced(problem: ChoiceProblem, proposed: tuple[str, ...], edition: Edition, backend: str
              ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(misplaced, learned) pairs of a proposed order, by one backend (asp or smt)."""
    if backend == "asp":
        return misplaced_asp(problem, proposed, edition)
    return misplaced_smt(problem, proposed, edition)
