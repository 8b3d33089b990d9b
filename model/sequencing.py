"""The values of out-of-order sequencing (MTR 4.3): the five conditions a block must meet
(DESIGN §5.4). Judging a block is the sequencing area's (``encodings/sequencing/``)."""
from __future__ import annotations

from enum import Enum


class Condition(str, Enum):
    """The five conditions of MTR 4.3 as DESIGN §5.4 states them, in that order."""

    LEGAL_IN_ORDER = "legal-in-order"
    SAME_STATE = "same-state"
    NO_LEAK = "no-leak"
    NO_INTERACTION = "no-interaction"
    NOTHING_ADDED_OR_FORGOTTEN = "nothing-added-or-forgotten"

    def __str__(self) -> str:
        return self.value
