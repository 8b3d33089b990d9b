"""Casting (CR 601.2a–i, 602.2, 605; 409.1 before July 2009): the steps of a cast or an
activation in order, and where an illegal one fails.

``casting.lp`` decides; this module writes the facts of a proposal, the state and z3's
payment answer, and reads the steps back.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.encodings import asp
from mtgrules.encodings.cost import Plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.encodings.golden import ability_facts
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    applies_to,
    cast_zone_effects,
    effects_in_force,
    param,
    sacrifice_prohibitions,
    statics_at,
)


@dataclass(frozen=True)
class CastingSteps:
    """What ``casting.lp`` derived."""

    outcome: str
    """``legal`` or ``illegal``."""
    completed: tuple[str, ...]
    """The steps completed (step names of ``casting.lp``), in their order."""
    failed: tuple[tuple[Any, ...], ...]
    """(step, why) for the failed step, if any."""
    rules: frozenset[str]
    """Rulebook keys cited."""
    keys: dict[str, str]
    """Each step of this cast under the edition → the rulebook key of its rule."""


def solve(casting: Casting, p: Plan, state: GameState, payment: Any, edition: Edition) -> CastingSteps:
    """Solve ``casting.lp`` for a proposal under ``edition``."""
    # the steps of this cast under the edition, with their rules and order, shown besides
    model = asp.solve(["golden/abilities", "casting/casting"],
                      [*facts(casting, p, state, payment), "#show active_step/3."], edition).models[0]
    undecided = sorted(str(k) for (k,) in asp.atoms(model, "undecided"))
    if undecided:
        book = rulebook()
        raise UnsupportedQuestion(
            f"whether {casting.card} may be cast now depends on whether it has flash, which one "
            "effect gives it and another takes away; that is decided by timestamps in the layer "
            f"system ({', '.join(str(cite(k, edition)) for k in undecided)}: "
            f"{book['layers.abilities'].paraphrase.rstrip('.')}), and the state holds none — "
            "not decided, never guessed")
    steps = sorted(asp.atoms(model, "active_step"), key=lambda row: int(row[2]))
    done = {str(s) for (s,) in asp.atoms(model, "completed")}
    return CastingSteps(str(asp.atoms(model, "outcome")[0][0]),
                        tuple(str(s) for s, _, _ in steps if str(s) in done),
                        tuple(asp.atoms(model, "failed")),
                        frozenset(str(k) for (k,) in asp.atoms(model, "cites")),
                        {str(s): str(k) for s, k, _ in steps})


def facts(casting: Casting, p: Plan, state: GameState, payment) -> list[str]:
    """ASP facts for the proposal, the state and the z3 payment answer."""
    card, player = p.card, casting.player
    proposal = {"spell": "spell", "ability": "ability", "mana-ability": "mana_ability"}[p.kind]
    out = [f"proposal({proposal})."]
    if card.is_a("instant"):
        out.append("instant_type.")
    if card.is_a("creature"):
        out.append("creature_type.")
    if p.kind == "spell":
        out.append(asp.fact("cast_zone", casting.zone))
        permits, forbids = cast_zone_effects(state, player)
        out += [asp.fact("permitted_from", e, z) for e, z in permits]
        out += [asp.fact("forbidden_from", e, z) for e, z in forbids]
        for alt in casting.alternatives:
            for ins in (statics_at(state, alt) if alt != "card" else ()):
                if ins.verb == "cast-without-paying" and ins.get("from") is not None:
                    out.append(asp.fact("alternative_zone", alt, str(ins.get("from"))))
    prohibited = sacrifice_prohibitions(state)
    for e in casting.during:
        if e.action == "sacrifice":
            out.append(asp.fact("during_sacrifice", e.object))
    if p.payment is not None:
        for _, candidates in p.payment.sacrifice:
            out += [asp.fact("sacrifice_cost", o) for o in candidates]
    out += [asp.fact("cant_sacrifice", o, source) for o, source in prohibited]
    out.append(asp.fact("cast_object", casting.card))
    out += ability_facts(state, casting.card)
    if state.priority == player or (state.priority is None and player == state.active):
        out.append("has_priority.")
    if player == state.active and state.step.is_main:
        out.append("own_main_phase.")
    if not any(True for _ in state.objects("stack")):
        out.append("stack_empty.")
    for source in _forbidding(state, player):
        out.append(asp.fact("forbidden_by", source))
    out.append(asp.fact("alternatives", len(casting.alternatives)))
    # targets (CR 601.2c)
    if p.kind == "spell":
        lo, hi = _target_range(card)
        out.append(f"target_count({lo},{hi}).")
        kind = card.targets[0] if card.targets else "any"
        for i, t in enumerate(casting.targets):
            out.append(f"target({i},{asp.term(t)}).")
            if _legal_target(t, kind, player, state, casting.card):
                out.append(f"target_ok({i}).")
            for j in range(i):
                if casting.targets[j] == t:
                    out.append(f"same_target({j},{i}).")
        for ins in card.resolve:
            if ins.verb == "damage" and param(ins, "divided") == "announced":
                out.append(f"divides({int(param(ins, 'amount'))}).")
        for i, n in enumerate(casting.division or ()):
            out.append(f"division({i},{n}).")
    # cost and payment (z3)
    if payment is None and p.payment is None:
        out.append("unpayable_by_nature.")
        out.append("mana_payment.")
    elif isinstance(payment, smt_cost.Payment):
        if payment.total.mana_amount:
            out.append("mana_payment.")
        out.append("payable.")
    else:
        out.append("mana_payment.")
        for name in payment.short:
            out.append(f"unpayable({asp.term('short:' + name)}).")
    for e in casting.during:
        out.append(asp.fact("cost_event", str(e)))
    for source, _ in p.dropped_after:
        out.append(asp.fact("lock_ignores", source))
    return out


def _target_range(card) -> tuple[int, int]:
    for ins in card.resolve:
        spec = param(ins, "targets") if ins.verb == "damage" else None
        if spec:
            d = dict(spec)
            return int(d.get("min", 1)), int(d.get("max", -1))
    return len(card.targets), len(card.targets)


def _legal_target(t: str, kind: str, player: str, state: GameState, spell: str) -> bool:
    if t in state.names:
        return kind in ("any", "player") or (kind == "opponent" and t != player)
    where = state.find(t)
    if where is None:
        return False
    _, zone, obj = where
    card = state.card_of(obj)
    if zone == "stack":
        return kind == "spell" and t != spell
    if zone != "battlefield" or card is None:
        return False
    if kind == "creature":
        return card.is_a("creature")
    if kind == "any":
        return bool({"creature", "planeswalker", "battle"} & card.types)
    return False


def _forbidding(state: GameState, player: str) -> list[str]:
    """Sources of "can't cast spells" effects that address ``player`` (CR 601.3)."""
    return [e.source for e in effects_in_force(state)
            if e.instruction.verb == "forbid" and param(e.instruction, "action") == "cast-spells"
            and e.instruction.get("zone") is None and applies_to(e, player, state)]
