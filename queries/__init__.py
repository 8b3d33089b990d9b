"""The questions mtgrules answers, and the public Python API.

Values in, ``Verdict`` out: a state (``GameState.from_dict`` in the scenario's ``state:``
shape), a question's values or the lines a scenario writes, and an edition.

>>> from mtgrules.queries import GameState, what_happens
>>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "end"})
>>> what_happens(state, ["alice passes", "bob passes"], until="cleanup").outcome
<TurnOutcome.REACHED: 'reached'>
"""
from __future__ import annotations

from mtgrules.encodings.golden import GoldenQuestion
from mtgrules.model.casting import Casting
from mtgrules.model.state import GameState
from mtgrules.model.timeline import Condition, Decision, Point

# Importing each question module registers its kind (golden, apnap, sequencing, cost, cast,
# turn, combat).
from mtgrules.queries import apnap, cast, combat, cost, golden, sequencing, shortcut, turn  # noqa: F401
from mtgrules.queries.api import check_file, check_scenario
from mtgrules.queries.apnap import check_choice_order, order_choices
from mtgrules.queries.batch import check
from mtgrules.queries.cast import check_cast
from mtgrules.queries.combat import combat_assignments, combat_best, combat_possible
from mtgrules.queries.cost import payment, total_cost
from mtgrules.queries.golden import ask_golden
from mtgrules.queries.outcome import (
    ApnapOutcome,
    CastOutcome,
    CombatOutcome,
    CostOutcome,
    GoldenOutcome,
    SequencingOutcome,
    TurnOutcome,
)
from mtgrules.queries.scenario import Scenario, load_scenario, parse_scenario
from mtgrules.queries.sequencing import check_performed
from mtgrules.queries.shortcut import expand_shortcut
from mtgrules.queries.standing import standing_orders
from mtgrules.queries.trace import Trace
from mtgrules.queries.turn import check_state, is_there_a_way, what_happens, who_has_priority
from mtgrules.queries.verdict import Verdict

__all__ = [
    "check", "check_file", "check_scenario", "load_scenario", "parse_scenario", "Scenario",
    "Verdict", "GoldenQuestion", "ask_golden", "order_choices", "check_choice_order", "check_performed",
    "standing_orders", "Casting", "total_cost", "payment", "check_cast",
    "what_happens", "check_state", "who_has_priority", "is_there_a_way",
    "combat_assignments", "combat_possible", "combat_best", "expand_shortcut",
    "GameState", "Decision", "Condition", "Point", "Trace",
    "GoldenOutcome", "ApnapOutcome", "SequencingOutcome", "CastOutcome", "CostOutcome", "TurnOutcome",
    "CombatOutcome",
]
