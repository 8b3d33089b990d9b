"""Phases and steps of a turn, in order (CR 500–514)."""
from __future__ import annotations

from enum import Enum


class Step(str, Enum):
    """A step of the turn (main phases count as steps here: they have no steps of their own)."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    BEGINNING_OF_COMBAT = "beginning-of-combat"
    DECLARE_ATTACKERS = "declare-attackers"
    DECLARE_BLOCKERS = "declare-blockers"
    COMBAT_DAMAGE = "combat-damage"
    END_OF_COMBAT = "end-of-combat"
    MAIN2 = "main2"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def position(self) -> int:
        """Where the step comes in the turn, from 0 (untap) to 11 (cleanup).

        >>> Step.UPKEEP.position
        1
        """
        return list(Step).index(self)

    @property
    def is_main(self) -> bool:
        return self in (Step.MAIN1, Step.MAIN2)

    @property
    def phase(self) -> str:
        return PHASE_OF[self]

    def __str__(self) -> str:
        return self.value


PHASE_OF = {
    Step.UNTAP: "beginning", Step.UPKEEP: "beginning", Step.DRAW: "beginning",
    Step.MAIN1: "precombat main",
    Step.BEGINNING_OF_COMBAT: "combat", Step.DECLARE_ATTACKERS: "combat",
    Step.DECLARE_BLOCKERS: "combat", Step.COMBAT_DAMAGE: "combat", Step.END_OF_COMBAT: "combat",
    Step.MAIN2: "postcombat main",
    Step.END: "ending", Step.CLEANUP: "ending",
}

STEP_NAMES = [s.value for s in Step]
