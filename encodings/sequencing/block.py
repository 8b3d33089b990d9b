"""A sequencing question as the core's inputs (runs.lp): how its situation starts, its lines
as the core reads them, and where its pauses and reactions came."""
from __future__ import annotations

from dataclasses import dataclass, field

import clingo

from mtgrules.encodings.game.facts import STEP_ATOM, Unsupported
from mtgrules.model.read.lines import Line
from mtgrules.model.read.sequencing import SequencingQuestion
from mtgrules.model.state import GameState

F = clingo.Function
S = clingo.String


@dataclass(frozen=True)
class CoreLine:
    """One performed line as the core reads it."""

    player: str
    verb: str
    """A key of ``core.LINE_VERB``."""
    objects: tuple[str, ...] = ()
    count: int | None = None
    other: str | None = None
    """Another player the line names (whose hand is looked at)."""
    card: str | None = None
    """The card the line makes tokens of."""


@dataclass(frozen=True)
class Block:
    """What runs.lp starts from."""

    situation: clingo.Symbol
    """``resolving(X)``, ``casting(X,Y)``, ``dying`` or ``steps(Last)``."""
    lines: tuple[CoreLine, ...]
    interrupts: tuple[int, ...] = ()
    """The number of lines before each pause or reaction, in order."""
    added: tuple[clingo.Symbol, ...] = ()
    """Fluents the situation adds to the starting state."""
    removed: frozenset[str] = frozenset()
    """Names of the fluents it removes from it."""
    facts: tuple[clingo.Symbol, ...] = ()
    """The situation's own facts (``dying(O)``)."""
    targets: dict[str, str] = field(default_factory=dict)
    """Object on the stack → the player it targets."""


def block_of(question: SequencingQuestion, state: GameState) -> Block:
    """The core's inputs for a sequencing question: where the situation starts the game (the
    resolving spell with every player passed, the caster with priority, the active player
    with priority as the creatures die, or the first step's beginning)."""
    s = question.situation
    added: list[clingo.Symbol] = []
    removed: set[str] = set()
    facts: list[clingo.Symbol] = []
    targets: dict[str, str] = {}
    if s.kind == "resolving":
        situation = F("resolving", [S(s.object or "")])
        added.append(F("all_passed", []))
        removed |= {"at_start", "prio_to", "cleanup_again"}
        if s.target:
            targets[s.object or ""] = s.target
    elif s.kind == "casting":
        obj = s.object or ""
        situation = F("casting", [S(obj), F("ts", [S(s.target)]) if s.target else F("none", [])])
        found = state.find(obj)
        caster = found[0] if found else state.active
        added.append(F("prio_to", [S(caster)]))
        removed |= {"at_start", "prio_to", "cleanup_again"}
    elif s.kind == "dying":
        situation = F("dying", [])
        for oid in s.dying:
            found = state.find(oid)
            card = state.card_of(found[2]) if found else None
            if card is None or not card.toughness or card.toughness < 1:
                raise Unsupported(f"'{oid}' has no toughness for the core to mark lethal damage on")
            facts.append(F("dying", [S(oid)]))  # runs.lp marks its lethal damage
        added.append(F("prio_to", [S(state.active)]))
        removed |= {"at_start"}
    else:
        if state.step != s.steps[0]:
            raise Unsupported(f"the steps begin with {s.steps[0]}, the state is in {state.step}")
        situation = F("steps", [F(STEP_ATOM[s.steps[-1].value], [])])
    lines: list[CoreLine] = []
    interrupts: list[int] = []
    for entry in question.entries:
        if isinstance(entry, Line):
            lines.append(CoreLine(entry.actor, entry.verb, entry.objects, entry.count, entry.player,
                                  entry.card))
        else:
            interrupts.append(len(lines))
    return Block(situation, tuple(lines), tuple(interrupts), tuple(added), frozenset(removed),
                 tuple(facts), targets)
