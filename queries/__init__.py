"""The questions mtgrules answers, and the public Python API.

>>> from mtgrules.queries import load_scenario, check
"""
from __future__ import annotations

from mtgrules.queries import apnap, golden  # noqa: F401  (registers the question kinds)
from mtgrules.queries import sequencing  # noqa: F401  (registers the sequencing kind)
from mtgrules.queries.cost import Casting, payment, total_cost  # noqa: F401  (kind: cost)
from mtgrules.queries.cast import check_cast  # noqa: F401  (kind: cast)
from mtgrules.queries.api import check, check_file, check_scenario
from mtgrules.queries.apnap import check_choice_order, order_choices
from mtgrules.queries.scenario import Scenario, load_scenario, parse_scenario
from mtgrules.queries.sequencing import check_block, check_performed, standing_orders
from mtgrules.queries.verdict import Verdict

__all__ = ["check", "check_file", "check_scenario", "order_choices", "check_choice_order", "load_scenario", "parse_scenario",
           "Scenario", "Verdict", "check_block", "check_performed", "standing_orders"]
