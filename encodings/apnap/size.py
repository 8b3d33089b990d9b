"""How big an APNAP question may be: estimated from the number of choices before anything is
grounded or built, against the budget's atoms (the same on every machine), for both backends."""
from __future__ import annotations

from mtgrules.encodings import budget
from mtgrules.model.apnap import ChoiceProblem
from mtgrules.model.errors import BudgetExhausted

ATOMS_PER_PAIR = 3
"""About how many atoms ``apnap.lp`` grounds per pair of choices (which comes first, what the
later chooser knows, the count behind each position): measured 1.6 when the rules order every
pair (Innocent Blood), 3 when one player orders their own choices. z3's problem has as many
constraints: the one estimate bounds both backends."""


def orders_allowed(problem: ChoiceProblem) -> int:
    """Refuse, before anything is grounded or built, a problem whose size (estimated from the
    number of choices alone, the same on every machine) exceeds the budget's ground atoms; else
    how many correct orders it may list: each is kept with what every chooser knows (a fact per
    pair of choices), within the same budget."""
    n = len(problem.choices)
    limit = budget().ground_atoms
    estimate = ATOMS_PER_PAIR * n * n
    if estimate > limit:
        raise BudgetExhausted(f"{n} simultaneous choices would ground about {estimate:,} atoms "
                              f"({ATOMS_PER_PAIR} per pair of choices), more than the budget's "
                              f"{limit:,}; refused before grounding", field="question")
    return max(1, limit // (n * n + n + 1))


def too_many_orders(allowed: int) -> BudgetExhausted:
    return BudgetExhausted(f"more than {allowed:,} correct orders (the rules leave the order of "
                           "a player's own unordered choices to that player); listing every one, "
                           "with what each chooser knows, exceeds the budget's atoms",
                           field="question")
