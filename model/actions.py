"""Actions, blocks of actions and what they reveal: the values of out-of-order sequencing (MTR 4.3).

A *block* is what a player did without pause, in the order they did it. ``Block`` is the
solver-facing form of one: the actions in performed order, the precedences the rules impose
(the correct order is any linear extension of them), and, for each of the five conditions of
DESIGN §5.4, the facts a solver needs to judge an order:

1. legal-in-order — ``Conflict.if_flipped`` / ``if_kept`` and ``always_illegal``;
2. same-state — ``Conflict.if_flipped``;
3. no-leak — ``reveals``, ``initially_known``, ``Choice`` (options counted at the choice's
   moment in the order: ``base`` plus the ``option_deltas`` of the actions before it);
4. no-interaction — ``barriers`` (reactions and pauses in the performed sequence);
5. nothing-added-or-forgotten — ``added`` and ``forgotten``.

Two actions *conflict* when their footprints overlap (they move, tap or read the same thing);
everything else commutes. The model (``mtgrules.encodings.sequencing``) works out, by executing
the block, what goes wrong when a conflicting pair is taken in the other order. An order
judged this way is a trace of the block: same conflicting pairs in the same order means the
same game (Mazurkiewicz trace equivalence), and a flipped pair carries its consequence.

Values only: judging an order is the sequencing area's (``encodings/sequencing/``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from mtgrules.model.turn import Step


class Condition(str, Enum):
    """The five conditions of MTR 4.3 as DESIGN §5.4 states them, in that order."""

    LEGAL_IN_ORDER = "legal-in-order"
    SAME_STATE = "same-state"
    NO_LEAK = "no-leak"
    NO_INTERACTION = "no-interaction"
    NOTHING_ADDED_OR_FORGOTTEN = "nothing-added-or-forgotten"

    def __str__(self) -> str:
        return self.value


CONDITIONS: tuple[Condition, ...] = tuple(Condition)
ORDER_CONDITIONS: tuple[Condition, ...] = CONDITIONS[:4]
"""The conditions that depend on the order chosen (the fifth compares the sets of actions)."""


@dataclass(frozen=True)
class Choice:
    """A choice an action makes, and how many options it had at its moment."""

    chooser: str
    """The player who makes it (the actor, or another player the instructions tell to)."""
    description: str
    """What is chosen among, in the scenario's terms: ``between Grizzly Bears and Llanowar
    Elves in alice's graveyard``."""
    base: int
    """How many options it would have at the start of the block (extra options such as
    declining an "unless" cost included)."""
    forced_at_most: int
    """The choice is forced (the rules leave nothing to decide) while the options number at
    most this many: ``k`` for "choose k", 0 for "up to k"."""
    option_deltas: tuple[tuple[str, int], ...] = ()
    """(action id, change): an action taken before the choice adds or removes options."""


@dataclass(frozen=True)
class Reveal:
    """A hidden fact an action makes known to a player."""

    fact: str
    """An identifier: ``card:alice:library:3`` (a hidden card's identity) or
    ``choice:a4`` (what another player chose)."""
    player: str
    label: str = ""
    """How a person would say it: ``the 3 cards alice drew``."""


@dataclass(frozen=True)
class Action:
    """One thing a player (or the game) did in the block."""

    id: str
    """Unique within the block: ``a1``, ``a2`` … in performed order."""
    actor: str
    text: str
    """The action as the scenario wrote it, e.g. ``alice draws 3``."""
    verb: str
    """Normalised verb: sacrifice, discard, draw, return, search, shuffle, untap, tap-mana,
    animate, block, to-graveyard, gain-life, lose-life, trigger-draw …"""
    objects: tuple[str, ...] = ()
    """Object ids the action names (chosen, moved, tapped …)."""
    step: Step | None = None
    """The step of the turn the action belongs to in the correct order."""
    slot: str | None = None
    """The required action it fulfils (``Cruel Ultimatum, instruction 4``), if any."""
    position: int | None = None
    """Its instruction's position within the resolving spell or ability (CR 608.2c)."""
    choice: Choice | None = None
    reveals: tuple[Reveal, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Precedence:
    """In every correct order, ``before`` comes before ``after`` — because of ``rule``."""

    before: str
    after: str
    rule: str
    """Rulebook key of the rule that fixes this (``resolve.written-order`` …)."""


@dataclass(frozen=True)
class Conflict:
    """Two actions that don't commute, ``first`` performed before ``second``."""

    first: str
    second: str
    if_flipped: frozenset[Condition] = frozenset()
    """Conditions broken when the correct order puts ``second`` before ``first``."""
    if_kept: frozenset[Condition] = frozenset()
    """Conditions broken when it keeps them as performed (an action illegal as performed
    that the other order makes legal)."""
    why: str = ""
    """In words: ``Llanowar Elves would already be tapped when declared as a blocker``."""


@dataclass(frozen=True)
class Window:
    """A point in the correct order where a player receives priority inside the block: an
    opponent may ask for the actions to be taken in order and respond there (MTR 4.3)."""

    description: str
    before: frozenset[str]
    """Actions that come before the window in every correct order."""
    after: frozenset[str]
    """Actions that come after it."""
    rule: str = "priority.when"


@dataclass(frozen=True)
class Block:
    """A performed block of actions, ready for a solver (see the module docstring)."""

    actions: tuple[Action, ...]
    """In the order performed."""
    precedences: tuple[Precedence, ...] = ()
    barriers: tuple[int, ...] = ()
    """Performed positions k (1 ≤ k < n): a reaction or pause came between action k-1 and k."""
    barrier_labels: tuple[str, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    always_illegal: tuple[str, ...] = ()
    """Actions illegal whatever the order (e.g. blocking with a tapped creature)."""
    initially_known: frozenset[tuple[str, str]] = frozenset()
    """(player, fact) pairs known before the block starts."""
    added: tuple[str, ...] = ()
    """Performed actions the rules did not call for, in words."""
    forgotten: tuple[str, ...] = ()
    """Required actions nobody performed, in words."""
    windows: tuple[Window, ...] = ()
    rules: tuple[str, ...] = ()
    """Rulebook keys that shaped the correct order besides the precedences' own."""
    replay: Callable[[Sequence[str]], Violation | None] | None = field(
        default=None, compare=False, repr=False)
    """Executes a whole order from the block's starting state and says whether it is legal
    and reaches the performed end state (``None``: it does). The solvers judge swaps pair by
    pair; a witness is replayed in full before a block is said to stand. Blocks built
    without an executor (generated ones) have none."""

    # -- lookups -------------------------------------------------------------------------
    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.actions)

    def action(self, action_id: str) -> Action:
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(action_id)

    def index(self, action_id: str) -> int:
        return self.ids.index(action_id)

    def choices(self) -> list[Action]:
        return [a for a in self.actions if a.choice is not None]

    def leak_candidates(self) -> dict[str, dict[str, list[str]]]:
        """For each choice: the facts its chooser knew when making it as performed (and did
        not know at the start), each with every action that reveals it to the chooser."""
        found: dict[str, dict[str, list[str]]] = {}
        for i, c in enumerate(self.actions):
            if c.choice is None:
                continue
            p = c.choice.chooser
            facts: dict[str, list[str]] = {}
            for r in self.actions[:i]:
                for rev in r.reveals:
                    if rev.player == p and (p, rev.fact) not in self.initially_known:
                        facts.setdefault(rev.fact, [])
            for fact in facts:
                facts[fact] = [r.id for r in self.actions if r.id != c.id
                               and any(v.fact == fact and v.player == p for v in r.reveals)]
            if facts:
                found[c.id] = facts
        return found

    def describe_fact(self, fact: str, player: str) -> str:
        for a in self.actions:
            for rev in a.reveals:
                if rev.fact == fact and rev.player == player and rev.label:
                    return rev.label
        return fact


@dataclass(frozen=True)
class Violation:
    condition: Condition
    actions: tuple[str, ...]
    text: str


__all__ = ["Action", "Block", "Choice", "Condition", "CONDITIONS", "ORDER_CONDITIONS", "Conflict",
           "Precedence", "Reveal", "Violation", "Window"]
