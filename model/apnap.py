"""Simultaneous choices (CR 101.4): who chooses, what kind of choice, what caused it.

Plain data. The order in which the choices are made, and what each chooser knows, is decided
by the encodings (``encodings/asp/apnap.lp`` and ``encodings/smt/apnap.py``).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    """One choice a player makes as part of a simultaneous event."""

    id: str
    """Unique name, e.g. ``bob-sacrifice``; used in witnesses and proposed orders."""
    player: str
    description: str
    event: int = 0
    """Which simultaneous event it belongs to (a card's instructions are separate events,
    in written order); events happen one after another."""
    written: int | None = None
    """Its place among the same player's choices in the written order (CR 101.4c);
    ``None`` when the instruction leaves the order to the player."""
    face_down: bool = False
    """A choice of a card in a hidden zone kept face down (CR 101.4a)."""
    caused_by: str | None = None
    """The choice that made this one necessary (CR 101.4d)."""
    options: tuple[str, ...] | None = None
    """The objects it chooses among, when known (``None``: not listed, something to choose).
    Whether a player with no option left makes the choice at all is the encodings' to say."""

    def __str__(self) -> str:
        return f"{self.player}: {self.description}"


@dataclass(frozen=True)
class ChoiceProblem:
    """A set of simultaneous choices among the players of a game."""

    players: tuple[str, ...]
    """All players, in turn order."""
    first: str
    """The active player, or the starting player when ``starting_game``."""
    choices: tuple[Choice, ...]
    starting_game: bool = False
    """Made while starting the game, before any turn (CR 101.4e)."""
    unavailable: tuple[str, ...] = ()
    """Objects a prohibition takes out of every choice (a creature that can't be sacrificed)."""

    def __post_init__(self) -> None:
        ids = [c.id for c in self.choices]
        if len(set(ids)) != len(ids):
            raise ValueError("choice ids must be distinct")
        for c in self.choices:
            if c.player not in self.players:
                raise ValueError(f"choice {c.id!r}: {c.player!r} is not a player")
            if c.caused_by is None:
                continue
            if c.caused_by not in ids:
                raise ValueError(f"choice {c.id!r} is caused by an unknown choice {c.caused_by!r}")
            if self.choice(c.caused_by).caused_by is not None:
                raise ValueError(f"choice {c.id!r}: chains of caused choices are not modelled")
            if c.written is not None:
                raise ValueError(f"choice {c.id!r}: a caused choice comes after its cause and "
                                 "has no place in the written order")

    def choice(self, choice_id: str) -> Choice:
        for c in self.choices:
            if c.id == choice_id:
                return c
        raise KeyError(choice_id)

    def seat(self, player: str) -> int:
        return self.players.index(player)


@dataclass(frozen=True)
class ChoiceOrders:
    """What an encoding found: every correct order, what each chooser knew, the rules used."""

    orders: tuple[tuple[str, ...], ...]
    """Every order of the choice ids that the rules allow, sorted."""
    knowledge: tuple[frozenset[tuple[str, str]], ...]
    """For each order, the pairs (c, d): when making choice c, its chooser knows choice d."""
    rules: frozenset[str]
    """Rulebook keys of the rules that shaped the order."""
    undecided: frozenset[str] = frozenset()
    """Rulebook keys the question needs but the edition lacks: then nothing is decided."""
    no_choice: frozenset[str] = frozenset()
    """Choices not made: their player has nothing to choose (or their cause was not made)."""

    def known_at(self, index: int, choice_id: str) -> tuple[str, ...]:
        """The choices known when ``choice_id`` is made, in the ``index``-th order."""
        order = self.orders[index]
        return tuple(d for d in order if (choice_id, d) in self.knowledge[index])
