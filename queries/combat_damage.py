"""Combat damage assignment from the public API: the z3 functions of
``mtgrules.encodings.combat`` on a ``mtgrules.model.combat.Combat`` value, as they are.

These answer in plain values (assignments, counts, witnesses), not ``Verdict``s: the
``combat`` question kind, which builds the ``Combat`` from a game, wraps them. A ``Combat``
built by hand (as the notebook ``08_combat_damage.ipynb`` does) can be asked directly:

>>> from mtgrules.model.combat import Combat, Combatant
>>> wurm = Combatant("Craw Wurm", "alice", 6, 4, 0, frozenset())
>>> bears = Combatant("Grizzly Bears", "bob", 2, 2, 0, frozenset())
>>> c = Combat("2024-11-08", "free-division", "only", "alice", "bob", (wurm,), (bears,),
...            (("Grizzly Bears", "Craw Wurm"),), frozenset({"Craw Wurm"}), deathtouch_lethal=True)
>>> forced(c, "Craw Wurm")
(('Grizzly Bears', 6),)
"""
from __future__ import annotations

from mtgrules.encodings.combat import (
    GOALS,
    OUTCOMES,
    Amounts,
    Assignment,
    Best,
    Outcome,
    Result,
    assigning,
    assignments,
    best,
    check_assignment,
    count,
    deal,
    forced,
    is_choice,
    possible,
    recipients,
)

__all__ = ["GOALS", "OUTCOMES", "Amounts", "Assignment", "Best", "Outcome", "Result",
           "assigning", "assignments", "best", "check_assignment", "count", "deal", "forced",
           "is_choice", "possible", "recipients"]
