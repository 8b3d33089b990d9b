"""The witnesses of a cast question: every step of a legal cast, or the step an illegal one
fails at and the state the game returns to (CR 601.2a–i)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.encodings.cost import Plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite
from mtgrules.model.state import GameState
from mtgrules.queries.cost_witness import CostStage, Payment, cost_steps
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


STEP_WORDS = {
    "propose": "moves to the stack",
    "announce": "announcements (modes, X, alternative and additional costs, hybrid and "
                "Phyrexian payments)",
    "targets": "targets chosen",
    "divide": "division announced",
    "check": "legality checked",
    "total": "total cost determined and locked",
    "mana": "mana abilities activated",
    "pay": "total cost paid",
    "cast": "becomes cast",
}
"""What each step of ``casting.lp`` does, in words."""


def cast_step(step: str, key: str, edition: Edition, casting: Casting, p: Plan,
              payment: smt_cost.Payment | smt_cost.NoPayment | None) -> CastStep:
    """A completed step (``casting.lp``'s name, and the key of its rule) in words."""
    extra = _step_detail(step, casting, p, payment)
    detail = extra.get("detail")
    return CastStep(str(cite(key, edition)), STEP_WORDS[step],
                    tuple(detail) if isinstance(detail, list) else detail, extra.get("built", ()))


def _step_detail(step: str, casting: Casting, p: Plan,
                 payment: smt_cost.Payment | smt_cost.NoPayment | None) -> dict[str, Any]:
    if step == "propose":
        return {"detail": f"{casting.card} from {casting.player}'s {casting.zone}"}
    if step == "announce":
        parts = []
        if casting.x is not None:
            parts.append(f"X={casting.x}")
        if casting.alternatives:
            parts.append("alternative cost: " + ", ".join(casting.alternatives))
        if casting.modes or casting.entwined:
            parts.append(("entwined: every mode" if casting.entwined and not casting.modes else
                          "modes " + ", ".join(str(m) for m in casting.modes))
                         + (" (entwined)" if casting.entwined and casting.modes else ""))
        if casting.kicked:
            parts.append("kicked" + (f" {casting.kicked} times" if casting.kicked > 1 else "")
                         + (f", X={casting.kicker_x}" if casting.kicker_x is not None else ""))
        if casting.buyback:
            parts.append("buyback")
        if casting.splice:
            parts.append("splices " + ", ".join(casting.splice) + " (revealed; they stay in "
                         f"{casting.player}'s hand)")
        if p.face_down:
            parts.append("cast face down: a 2/2 creature spell with no name, colour or mana cost")
        if isinstance(payment, smt_cost.Payment) and payment.total.announced and p.at_lock:
            parts.append("pays " + ", ".join(
                f"{s} with {a}" for s, a in zip(p.at_lock.choice_symbols, payment.total.announced)))
        return {"detail": "; ".join(parts) or "nothing to announce"}
    if step == "targets":
        return {"detail": ", ".join(casting.targets) or "no targets"}
    if step == "divide":
        return {"detail": ", ".join(f"{n} to {t}" for t, n in zip(casting.targets,
                                                                  casting.division or ()))
                or "nothing divided"}
    if step == "total" and isinstance(payment, smt_cost.Payment):
        return {"detail": str(payment.total), "built": cost_steps(p, payment.total)}
    if step == "mana" and isinstance(payment, smt_cost.Payment):
        return {"detail": [str(e) for e in casting.during] + list(payment.activations)}
    if step == "pay" and isinstance(payment, smt_cost.Payment):
        return {"detail": [f"{m} for {r}" for r, m in payment.spent]
                + [f"{payment.life} life"] * bool(payment.life)
                + [f"sacrifice {o}" for o in payment.sacrificed]
                + [f"{words.split()[0]} {c}" for (words, _), c in
                   zip(p.payment.cards if p.payment else (), payment.cards)]}
    return {}


def rewind(casting: Casting, state: GameState) -> Rewind:
    """The state the game returns to: as it was before the proposal."""
    ps = state.player(casting.player)
    return Rewind(casting.player, casting.zone, tuple(o.id for o in ps.zone(casting.zone)),
                  ps.mana_pool or "empty", ps.life,
                  tuple(o.id + (" (tapped)" if o.tapped else "")
                        for o in state.controlled(casting.player)),
                  tuple(o.id for _, _, o in state.objects("stack")))
