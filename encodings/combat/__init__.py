"""Combat damage (CR 510 of the 2009 editions on, 310 of the 2008 ones; trample, deathtouch,
first and double strike, lifelink): one combat damage step's assignments as z3 problems.

``assign.py`` reads a ``mtgrules.model.combat.Combat`` (what the temporal core computes from a
game as damage is about to be assigned) and answers which assignments are legal (all of them,
or how many) and whether one given is; ``outcome.py``, whether an outcome can be reached, what
the step does, and the best one for a goal. It is the second encoding of ``combat.damage-assignment``; the core's
``encodings/game/combat.lp`` is the first.
"""
from __future__ import annotations

from mtgrules.encodings.combat.assign import (
    Amounts,
    Assignment,
    assigning,
    assignments,
    check_assignment,
    count,
    forced,
    is_choice,
    recipients,
)
from mtgrules.encodings.combat.outcome import GOALS, OUTCOMES, Best, Outcome, Result, best, deal, possible

__all__ = ["GOALS", "OUTCOMES", "Amounts", "Assignment", "Best", "Outcome", "Result",
           "assigning", "assignments", "best", "check_assignment", "count", "deal", "forced",
           "is_choice", "possible", "recipients"]
