"""The witnesses of a cost question: how a locked total was built, a payment, or why none
exists (CR 601.2f–h)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.encodings.cost import Plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.queries.witness import Witness


@dataclass(frozen=True)
class CostStage:
    """One stage of building a total cost: the base cost, then each modifier."""

    stage: str
    by: str
    mana: str

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "by": self.by, "mana": self.mana}


@dataclass(frozen=True)
class CostTotal(Witness):
    """How a locked total cost (CR 601.2f) was built."""

    total: str
    mana: str
    life: int
    other: tuple[str, ...]
    steps: tuple[CostStage, ...]
    announced: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "mana": self.mana, "life": self.life, "other": list(self.other),
                "steps": [s.to_json() for s in self.steps], "announced": list(self.announced)}


@dataclass(frozen=True)
class Payment(Witness):
    """A payment of a locked total cost (CR 601.2g–h): the mana abilities activated, the
    mana spent on each part, the life paid, what was sacrificed or exiled."""

    total: str
    before_payment: tuple[str, ...] = ()
    activate: tuple[str, ...] = ()
    spend: tuple[str, ...] = ()
    life: int = 0
    sacrifice: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    announced: tuple[str, ...] = ()
    steps: tuple[CostStage, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "before_payment": list(self.before_payment),
                "activate": list(self.activate), "spend": list(self.spend), "life": self.life,
                "sacrifice": list(self.sacrifice), "cards": list(self.cards),
                "announced": list(self.announced), "steps": [s.to_json() for s in self.steps]}


@dataclass(frozen=True)
class NoPayment(Witness):
    """Why no payment of a cost exists: what falls short, in words."""

    short: tuple[str, ...]
    why: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"short": list(self.short), "why": list(self.why)}


def cost_steps(plan_: Plan, total: smt_cost.TotalCost) -> tuple[CostStage, ...]:
    """The witness: how the total was built, stage by stage."""
    out = []
    for st in total.stages:
        what = {"base": plan_.base_text, "additional": plan_.additional_text}.get(st.name)
        out.append(CostStage(st.name, what or st.source, st.cost))
    return tuple(out)


def payment_witness(p: Plan, result: smt_cost.Payment) -> Payment:
    """The witness of a payable cost: the payment z3 found, in words."""
    return Payment(str(result.total), tuple(str(e) for e in p.casting.during),
                   tuple(result.activations), tuple(f"{mana} for {req}" for req, mana in result.spent),
                   result.life, tuple(result.sacrificed), tuple(result.cards),
                   tuple(result.total.announced), cost_steps(p, result.total))
