"""A brute-force oracle of combat damage assignment, written from the CR text alone (not from
``encodings/combat/assign.py``): every way of splitting each creature's power among everything
it could conceivably hit is generated, and the rules of the edition, read as predicates on a
finished assignment, keep the legal ones.

The rules, as the texts say them:

- 2008 editions (damage on the stack): 310.2a power, nothing if 0 or less; 310.2b unblocked:
  all to the defending player; 310.2c blocked: "divided as its controller chooses, to the
  creatures blocking it", nothing if none is left; 310.2d a blocker: to the creature it
  blocks; 502.9b trample: the player only "if all those blocking creatures are assigned
  lethal damage", 502.9c none left: all to the player;
- 2009-07-11 to 2024-09-20: 510.1c "can't assign combat damage to a creature that's blocking
  it unless (, when combat damage assignments are complete,) each creature that precedes that
  blocking creature in its order is assigned lethal damage"; 702.2b of 2009: a deathtouch
  creature "can divide that damage as [its controller] chooses among any number of creatures
  blocking or blocked by it", an exception to 510.1c-d; 702.2b of 2016, 702.2c: "any nonzero
  amount of combat damage assigned to a creature by a source with deathtouch is considered
  to be lethal damage";
- 2024-11-08 on: 510.1c "divided as its controller chooses among them"; 702.19b trample.

Lethal damage is checked as the texts say: "take into account damage already marked on the
creature" — an amount is lethal when it and the marked damage reach the toughness (or, with
the deathtouch rule, when it is nonzero).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from mtgrules.model.combat import Combat, Combatant

Split = tuple[tuple[str, int], ...]
"""One creature's assignment: (recipient, amount) for nonzero amounts, recipients in the order
the oracle lists them (blockers in damage assignment order, then the player)."""


def splits(total: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``k`` non-negative integers summing to ``total``."""
    if k == 0:
        if total == 0:
            yield ()
        return
    for first in range(total + 1):
        for rest in splits(total - first, k - 1):
            yield (first, *rest)


def deals_in_step(combat: Combat, c: Combatant) -> bool:
    """702.7b / 702.4b: the first step is for first and double strikers only; the second for
    those that had neither as the first began, plus those with double strike now."""
    fs = "first strike" in c.keywords or "double strike" in c.keywords
    return {"only": True, "first": fs,
            "second": c.id not in combat.had_first_strike or "double strike" in c.keywords}[combat.step]


def is_lethal(combat: Combat, source: Combatant, blocker: Combatant, amount: int) -> bool:
    if combat.deathtouch_lethal and "deathtouch" in source.keywords and amount > 0:
        return True
    return blocker.damage + amount >= blocker.toughness


def candidates(combat: Combat, c: Combatant) -> tuple[str, ...]:
    """Everything ``c`` could hit at all: for an attacker its blockers now (in damage
    assignment order where there is one) and the defending player; for a blocker the
    attacker it blocks, if still attacking."""
    if c in combat.attackers:
        mine = [b for b in combat.blockers if (b.id, c.id) in combat.blocking]
        order = dict(combat.order).get(c.id, ())
        mine.sort(key=lambda b: order.index(b.id) if b.id in order else 0)
        return (*(b.id for b in mine), combat.defending_player)
    attacking = {a.id for a in combat.attackers}
    return tuple(a for b, a in combat.blocking if b == c.id and a in attacking)


def legal(combat: Combat, c: Combatant, split: dict[str, int]) -> bool:
    """Whether ``split`` (recipient -> amount, every candidate present) is a legal assignment
    of ``c``'s combat damage."""
    given = sum(split.values())
    if not deals_in_step(combat, c) or c.power <= 0:
        return given == 0
    player = combat.defending_player
    if c in combat.blockers:  # 510.1d: all of it to the creature it blocks, none if it left
        return given == (c.power if split else 0)
    mine = [b for b in combat.blockers if (b.id, c.id) in combat.blocking]
    by_id = {b.id: b for b in mine}
    is_blocked = c.id in combat.blocked or bool(mine)
    trample = "trample" in c.keywords
    if not is_blocked:  # 510.1b
        return split[player] == c.power
    if not mine:  # blocked, none left: nothing, or all to the player with trample
        return split[player] == (c.power if trample else 0) and given == split[player]
    if given != c.power:
        return False
    if split[player] and not trample:  # a blocked creature hits only its blockers (510.1c)
        return False
    lethal_all = all(is_lethal(combat, c, b, split[b.id]) for b in mine)
    if split[player] and not lethal_all:  # 702.19b
        return False
    ordered = combat.regime == "ordered-blockers"
    divides_freely = combat.deathtouch_divides and "deathtouch" in c.keywords
    if ordered and not divides_freely:
        order = [o for o in dict(combat.order).get(c.id, ()) if o in by_id]
        for i, b in enumerate(order):
            if split[b] and not all(is_lethal(combat, c, by_id[p], split[p]) for p in order[:i]):
                return False
    return True


def creature_splits(combat: Combat, c: Combatant) -> list[Split]:
    """Every legal assignment of ``c``'s combat damage ( ``[()]`` when it assigns none)."""
    names = candidates(combat, c)
    out = []
    for amounts in splits(max(c.power, 0), len(names)):
        split = dict(zip(names, amounts))
        if legal(combat, c, split):
            out.append(tuple((r, n) for r, n in zip(names, amounts) if n))
    if not out:  # power 0 or less, no one to assign to
        out = [()] if legal(combat, c, dict.fromkeys(names, 0)) else []
    return sorted(out)


def step_assignments(combat: Combat) -> list[tuple[tuple[str, Split], ...]]:
    """Every legal assignment of the step: one split per creature that assigns damage."""
    dealing = [c for c in combat.attackers + combat.blockers if creature_splits(combat, c) != [()]]
    per = [[(c.id, s) for s in creature_splits(combat, c)] for c in dealing]
    return [tuple(choice) for choice in product(*per)]


@dataclass(frozen=True)
class Effect:
    """What an assignment does once dealt (510.2), and the state-based actions after it."""

    damage: dict[str, int]
    destroyed: frozenset[str]
    gains: dict[str, int]


def effect(combat: Combat, assignment: tuple[tuple[str, Split], ...]) -> Effect:
    creatures = {c.id: c for c in combat.attackers + combat.blockers}
    damage: dict[str, int] = {}
    deathtouched: set[str] = set()
    gains: dict[str, int] = {}
    for source, split in assignment:
        src = creatures[source]
        for r, n in split:
            damage[r] = damage.get(r, 0) + n
            if n and "deathtouch" in src.keywords:
                deathtouched.add(r)
            if "lifelink" in src.keywords:  # 702.15b: its controller gains that much life
                gains[src.controller] = gains.get(src.controller, 0) + n
    destroyed = frozenset(
        c.id for c in creatures.values()
        if "indestructible" not in c.keywords and c.toughness > 0  # 702.12b, 704.5g-h
        and (c.damage + damage.get(c.id, 0) >= c.toughness or c.id in deathtouched))
    return Effect(damage, destroyed, gains)
