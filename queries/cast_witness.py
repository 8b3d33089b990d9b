"""The witnesses of a cast question: every step of a legal cast, or the step an illegal one
fails at and the state the game returns to (CR 601.2a–i)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.queries.cost_witness import CostStage, Payment
from mtgrules.queries.witness import Witness


@dataclass(frozen=True)
class CastStep:
    """One completed step of casting (CR 601.2a–i): its rule, what it does, and its detail."""

    step: str
    """The step's citation, e.g. ``CR 601.2f``."""
    what: str
    detail: str | tuple[str, ...] | None = None
    built: tuple[CostStage, ...] = ()
    """For the total-cost step: how the total was built."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "what": self.what}
        if self.detail is not None:
            out["detail"] = list(self.detail) if isinstance(self.detail, tuple) else self.detail
        if self.built:
            out["built"] = [s.to_json() for s in self.built]
        return out


@dataclass(frozen=True)
class CastSteps(Witness):
    """A legal cast: every step in order, and the payment made."""

    steps: tuple[CastStep, ...]
    payment: Payment | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": [s.to_json() for s in self.steps]}
        if self.payment is not None:
            out["payment"] = self.payment.to_json()
        return out


@dataclass(frozen=True)
class Rewind:
    """The part of the game an illegal cast returns to (the moment before it began): the
    caster's zone the card came from, mana pool, life, permanents and the stack."""

    player: str
    zone: str
    in_zone: tuple[str, ...]
    mana_pool: str
    life: int
    battlefield: tuple[str, ...]
    stack: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, self.zone: list(self.in_zone), "mana-pool": self.mana_pool,
                "life": self.life, "battlefield": list(self.battlefield), "stack": list(self.stack)}


@dataclass(frozen=True)
class CastFailure(Witness):
    """An illegal cast: the step that fails and why, the steps done before, the state the
    game returns to."""

    failed_step: str
    why: str
    completed: tuple[CastStep, ...]
    rewound_to: Rewind

    def to_json(self) -> dict[str, Any]:
        return {"failed_step": self.failed_step, "why": self.why,
                "completed": [s.to_json() for s in self.completed],
                "rewound_to": self.rewound_to.to_json()}
