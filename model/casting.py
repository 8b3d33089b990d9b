"""A proposed cast of a spell or activation of an ability: what the player announces and
what their mana abilities do during casting (values only; the cost area decides)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DuringEvent:
    """Something a mana ability does during 601.2g: ``tap`` an object for its mana ability,
    or ``sacrifice`` a creature to a permanent's mana ability (``to``)."""

    action: str
    object: str
    to: str | None = None

    def __str__(self) -> str:
        return f"{self.action} {self.object}" + (f" to {self.to}" if self.to else "")


@dataclass(frozen=True)
class Casting:
    """A proposed cast of a spell, or activation of an ability, with its announcements.

    >>> str(Casting("alice", "Fireball", x=3, targets=("bob",)))
    'alice casts Fireball X=3 → bob'
    """

    player: str
    card: str
    """The object id: a card in ``zone`` (usually the hand), or the permanent whose ability
    is activated."""
    zone: str = "hand"
    ability: int | None = None
    """For an activation: which activated or mana ability of the card (1-based, activated
    abilities first, then mana abilities); ``None`` casts the card as a spell."""
    x: int | None = None
    modes: tuple[int, ...] = ()
    """The modes chosen of a modal spell (1-based, in the order chosen; CR 700.2)."""
    targets: tuple[str, ...] = ()
    """One flat list in the order of the target slots: the spell's own (or each chosen mode's,
    in the order chosen), then its kicker's, then each spliced card's in the order spliced."""
    division: tuple[int, ...] | None = None
    alternatives: tuple[str, ...] = ()
    """Alternative costs announced: ``"card"`` (the card's own, e.g. Force of Will's),
    ``"flashback"``, ``"face-down"`` (a morph card cast face down for {3}), or the object
    whose effect allows casting without paying the mana cost (Omniscience). The rules allow
    at most one (CR 118.9a); more is proposed only to be refused."""
    kicked: int = 0
    """How many times the kicker is paid (once, or any number of times for multikicker)."""
    kicker_x: int | None = None
    """The X of a kicker cost with {X}."""
    entwined: bool = False
    buyback: bool = False
    splice: tuple[str, ...] = ()
    """Cards revealed from the hand and spliced onto the spell, in order (CR 702.47a)."""
    pay: tuple[str | None, ...] = ()
    """For each hybrid or Phyrexian symbol, in order: a mana letter, ``life`` or ``2`` (the
    generic half of {2/W}); ``None`` leaves the choice to the solver."""
    sacrifice: tuple[str, ...] = ()
    """Objects named for sacrifice costs (default: the solver picks)."""
    exile: tuple[str, ...] = ()
    """Cards named for exile costs (default: the solver picks)."""
    discard: tuple[str, ...] = ()
    """Cards named for discard costs: escalate, retrace (default: the solver picks)."""
    convoke: tuple[str, ...] = ()
    """Creatures named to tap for convoke (default: the solver picks among all)."""
    improvise: tuple[str, ...] = ()
    """Artifacts named to tap for improvise (default: the solver picks among all)."""
    delve: tuple[str, ...] = ()
    """Graveyard cards named to exile for delve (default: the solver picks among all)."""
    during: tuple[DuringEvent, ...] = ()
    """Mana abilities activated during 601.2g that change the game (and maybe the modifiers)."""
    ask: str = "payment"
    """For cost questions: ``total`` or ``payment``."""

    def __str__(self) -> str:
        verb = "activate" if self.ability is not None else "cast"
        extra = f" X={self.x}" if self.x is not None else ""
        extra += f" → {', '.join(self.targets)}" if self.targets else ""
        return f"{self.player} {verb}s {self.card}{extra}"

