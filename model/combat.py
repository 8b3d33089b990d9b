"""A combat as it stands when combat damage is about to be assigned (CR 510.1): the values the
combat damage questions read. These are plain values: the temporal core (``encodings/game``)
computes them from a game (characteristics as they are, CR 613), and the rules of assignment
are the encodings' (``encodings/game/combat.lp``; its z3 twin in ``encodings/combat``).
"""
from __future__ import annotations

from dataclasses import dataclass

REGIMES = ("damage-on-stack", "ordered-blockers", "free-division")
"""How combat damage is assigned, by edition: assigned, put on the stack and dealt when it
resolves (before the Magic 2010 rules, 2009-07-11); following a damage assignment order the
attacking player announced for each creature blocked by two or more (2009-07-11 to
2024-11-08); divided freely (from 2024-11-08)."""

DAMAGE_STEPS = ("only", "first", "second")
"""Which combat damage step: the only one (no first or double strike as it began), the first
of two (only creatures with first or double strike deal damage), or the second of two."""


@dataclass(frozen=True)
class Combatant:
    """An attacking or blocking creature, with its characteristics as they are now."""

    id: str
    """The object's id, as the scenario names it."""
    controller: str
    power: int
    toughness: int
    damage: int
    """Damage already marked on it (CR 120.6)."""
    keywords: frozenset[str]
    """Its keyword abilities that matter to combat damage (``first strike``, ``double strike``,
    ``trample``, ``deathtouch``, ``lifelink``, ``indestructible``)."""


@dataclass(frozen=True)
class Combat:
    """One combat damage step about to assign damage."""

    edition: str
    """The CR edition (its date) whose rules apply."""
    regime: str
    """One of ``REGIMES``."""
    step: str
    """One of ``DAMAGE_STEPS``."""
    attacking_player: str
    defending_player: str
    attackers: tuple[Combatant, ...]
    """The attacking creatures still in combat, in the order declared."""
    blockers: tuple[Combatant, ...]
    """The blocking creatures still in combat."""
    blocking: tuple[tuple[str, str], ...]
    """(blocker, attacker): who blocks whom now."""
    blocked: frozenset[str]
    """Attackers that became blocked (CR 509.1h): they stay blocked when their blockers leave."""
    order: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """For ``ordered-blockers``: each attacker's damage assignment order (CR 509.2 of those
    editions), first to last, of the blockers still blocking it."""
    had_first_strike: frozenset[str] = frozenset()
    """For the ``second`` step: the creatures that had first or double strike as the first
    combat damage step began (CR 702.7b)."""
    deathtouch_lethal: bool = False
    """Whether any nonzero damage from a deathtouch source counts as lethal for assigning
    (CR 702.2c, since 2016-07-22)."""
    deathtouch_divides: bool = False
    """Whether a deathtouch creature may divide its damage freely among the creatures it
    blocks or is blocked by, ignoring the order (CR 702.2b of the 2009 editions)."""
