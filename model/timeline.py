"""Values for questions about the game in time: decisions, points, conditions, events.

These are plain values; what they mean in a game is decided by the temporal core
(``encodings/game``), never here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mtgrules.model.turn import Step

DECISION_VERBS = ("pass", "hold", "cast", "activate", "mana", "play", "attack", "block",
                  "discard", "choose", "order", "target", "pass-until")
"""What a player may decide in a script (see ``encodings/game/README.md``)."""


@dataclass(frozen=True)
class Point:
    """A moment of the game: the beginning of a step (of a given player's turn, or the
    next one), the beginning of the next turn, or ``end``: as far as the decisions go."""

    kind: str
    """``step``, ``player-step``, ``next-turn`` or ``end``."""
    step: Step | None = None
    player: str | None = None

    def __str__(self) -> str:
        if self.kind == "player-step":
            return f"{self.player}'s {self.step}"
        if self.kind == "step":
            return str(self.step)
        return "next turn" if self.kind == "next-turn" else "end"


END = Point("end")


@dataclass(frozen=True)
class Decision:
    """One decision of a player, as a script gives it."""

    verb: str
    """One of ``DECISION_VERBS``."""
    player: str | None = None
    """Who decides (``None`` for ``pass-until``: every player)."""
    objects: tuple[str, ...] = ()
    """The object the decision is about (cast, play, mana, activate; for target, the source
    of the triggered ability), or the objects it lists (attackers, discarded cards, chosen
    objects, the order of triggers)."""
    target: str | None = None
    """A player or object targeted by a spell or ability (for target: by the triggered ability)."""
    paying: tuple[tuple[str, int], ...] = ()
    """Colours and amounts of mana paid for the generic part of a cost, when the script says."""
    ability: int = 1
    """Which activated ability of the object (1 = the first)."""
    blocks: tuple[tuple[str, str], ...] = ()
    """(blocker, attacker) pairs for a block declaration."""
    until: Point | None = None
    """For ``pass-until``: the point at which the passing stops."""
    text: str = ""
    """The script line, to quote back in verdicts."""

    def __str__(self) -> str:
        return self.text or f"{self.player} {self.verb} {' '.join(self.objects)}".strip()


@dataclass(frozen=True)
class Condition:
    """A fact about a state, e.g. ``("life", "bob", 17)`` for "bob's life is 17"."""

    kind: str
    args: tuple[str | int, ...]
    text: str = ""

    def __str__(self) -> str:
        return self.text or f"{self.kind}{self.args}"


@dataclass(frozen=True)
class Event:
    """One event of a trace: a player's decision or one of the game's own events."""

    time: int
    name: str
    """The event's kind, e.g. ``pass``, ``cast``, ``untap``, ``sba_check``, ``end_step``."""
    args: tuple[object, ...]
    text: str
    """The event in the scenario's terms."""
    rules: tuple[str, ...]
    """Rulebook keys of the laws behind the event."""
    decision: bool
    """Whether a player decided it (otherwise the rules made it happen)."""
    step: str
    """The step in which it happened."""
    priority: str | None
    """Who has priority once the event is over (after the checks), if anyone."""
    stack: int
    """How many objects are on the stack after it."""
    creatures: dict[str, dict[str, object]] = field(default_factory=dict)
    """The creatures on the battlefield after it, as they are (CR 613): object → power,
    toughness, and keywords."""
