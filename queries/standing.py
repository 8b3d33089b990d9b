"""Which orders of a sequencing block's lines would stand (MTR 4.3): the performed order left
open to the solver, which enumerates the standing ones (``encodings/sequencing/core.py``).

>>> from mtgrules.queries.standing import standing_orders
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from mtgrules.encodings.sequencing import core
from mtgrules.encodings.sequencing.block import block_of
from mtgrules.model.edition import Edition
from mtgrules.model.read.sequencing import SequencingQuestion
from mtgrules.model.sequencing import Condition
from mtgrules.queries.scenario import Scenario


@dataclass(frozen=True)
class StandingOrders:
    """The performed orders of a block's lines that would stand."""

    count: int
    orders: tuple[tuple[str, ...], ...]
    """Those orders, as the lines' texts."""
    total: int
    """How many orders of the lines there are at all (n!)."""


def standing_orders(scenario: Scenario, edition: Edition | str | None = None,
                    conditions: Iterable[Condition | str] | None = None) -> StandingOrders:
    """Of all the orders in which a sequencing scenario's lines could have been performed, the
    ones that would stand (``conditions``: which conditions must hold, all five by default).
    The block is taken as one batch (its pauses and reactions are left out). The solver leaves
    the performed order open and enumerates the standing ones; it never judges the n!
    permutations one by one.

    >>> from mtgrules.queries.scenario import parse_scenario
    >>> s = parse_scenario('''
    ... name: Masticore's upkeep cost paid before untapping
    ... state: {players: [alice, bob], step: untap,
    ...         alice: {battlefield: [Masticore], hand: [Lightning Bolt]}}
    ... question: {kind: sequencing, steps: [untap, upkeep],
    ...            performed: [alice discards Lightning Bolt, alice untaps]}
    ... ''')
    >>> found = standing_orders(s)
    >>> found.count, found.total
    (2, 2)
    """
    question, state = scenario.question, scenario.state
    if not isinstance(question, SequencingQuestion):
        raise TypeError("standing_orders takes a sequencing scenario")
    edition = Edition.of(edition)
    wanted = tuple(Condition(c) for c in conditions) if conditions is not None else tuple(Condition)
    found = core.standing_orders(state, edition, block_of(question, state),
                                 tuple(c.value.replace("-", "_") for c in wanted))
    texts = [line.text for line in question.lines]
    orders = tuple(tuple(texts[k - 1] for k in order) for order in found)
    return StandingOrders(len(orders), orders, math.factorial(len(texts)))
