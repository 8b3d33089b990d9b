"""Reading a ``combat`` question: the script that reaches the combat, what is asked about its
combat damage step, and outcomes in words (``Grizzly Bears is destroyed``, ``bob's life is at
most 15``). Values only; the rules are the encodings'."""
from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules.model.read.names import Names
from mtgrules.model.read.timeline import MAX_SCRIPT, parse_line
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.timeline import Decision

ASKS = ("assignments", "count", "possible", "best", "declaration")
"""``assignments``: every legal assignment (listed and counted); ``count``: how many;
``possible``: is there one after which every outcome holds; ``best``: the best for a goal;
``declaration``: are the script's declarations of attackers and blockers legal as a whole."""
GOALS = ("most-damage-to-player", "most-creatures-destroyed", "fewest-own-creatures-destroyed")
"""What ``ask: best`` optimises, from the attacking player's point of view unless ``player:``
names another (the first goal given matters most)."""
MAX_OUTCOMES = 20

OUTCOME_FORMS: list[tuple[str, str]] = [
    (r"(.+) is destroyed", "destroyed"),
    (r"(.+) survives", "survives"),
    (r"(\w+)'s life is (at least |at most |)(-?\d+)", "life"),
    (r"(\w+) gains (at least |at most |)(\d+) life", "gains"),
    (r"(.+) is dealt (at least |at most |)(\d+) damage", "damage"),
]
"""Outcome phrases: a creature destroyed by the state-based actions after the damage (lethal
or deathtouch damage, CR 704.5g-h) or surviving; a player's life total after the step; the life
a player gains by lifelink; the damage a creature or player is dealt."""
OPS = {"": "==", "at least ": ">=", "at most ": "<="}


@dataclass(frozen=True)
class DamageOutcome:
    """An outcome asked of the step's result: what (``destroyed``, ``survives``, ``life``,
    ``gains``, ``damage``), of whom, compared how, with what."""

    what: str
    subject: str
    op: str = ">="
    value: int = 0
    text: str = ""

    def __str__(self) -> str:
        return self.text or f"{self.subject} {self.what} {self.op} {self.value}"


@dataclass(frozen=True)
class CombatQuestion:
    ask: str
    script: tuple[Decision, ...]
    creature: str | None = None
    """``assignments`` and ``count``: only this creature's assignments."""
    outcomes: tuple[DamageOutcome, ...] = ()
    goals: tuple[str, ...] = ()
    player: str | None = None

    def __str__(self) -> str:
        about = {"possible": "; ".join(map(str, self.outcomes)), "best": ", ".join(self.goals),
                 }.get(self.ask, self.creature or "")
        return f"{self.ask}" + (f": {about}" if about else "")


def parse_outcome(node: Field, state: GameState) -> DamageOutcome:
    """One outcome phrase, its players and objects checked against ``state``."""
    text = " ".join(node.str().split())
    names = Names(state, node)
    for pattern, what in OUTCOME_FORMS:
        m = re.fullmatch(pattern, text)
        if not m:
            continue
        if what in ("destroyed", "survives"):
            return DamageOutcome(what, names.object(m.group(1)), text=text)
        if what in ("life", "gains"):
            return DamageOutcome(what, names.player(m.group(1)), OPS[m.group(2)], int(m.group(3)),
                                 text=text)
        return DamageOutcome(what, names.target(m.group(1)), OPS[m.group(2)], int(m.group(3)), text=text)
    raise node.error(f"'{text}' is not an outcome of combat damage",
                     "one of: X is destroyed; X survives; P's life is [at least|at most] N; "
                     "P gains [at least|at most] N life; X is dealt [at least|at most] N damage")


def parse_question(node: Field, state: GameState) -> CombatQuestion:
    """A scenario's ``combat`` question."""
    node.mapping(required=["kind", "ask", "script"],
                 optional=["creature", "outcome", "goal", "player"])
    ask = node["ask"].choice(ASKS, "combat question")
    lines = node["script"].list()
    if not lines or len(lines) > MAX_SCRIPT:
        raise node["script"].error(f"{len(lines)} decisions",
                                   f"1 to {MAX_SCRIPT} lines that declare attackers and blockers")
    script = tuple(parse_line(line, state) for line in lines)
    names = Names(state, node)
    creature = None
    if node.has("creature"):
        if ask not in ("assignments", "count"):
            raise node["creature"].error("'creature' belongs to ask: assignments or count",
                                         "no creature here")
        creature = names.object(node["creature"].str())
    outcomes: tuple[DamageOutcome, ...] = ()
    if ask == "possible" or (ask == "best" and node.has("outcome")):
        items = node["outcome"].list() if node.has("outcome") else []
        if not items or len(items) > MAX_OUTCOMES:
            raise (node["outcome"] if node.has("outcome") else node).error(
                "ask: possible needs 1 to 20 outcomes", "outcome: a list such as "
                "[Grizzly Bears is destroyed, bob's life is at most 15]")
        outcomes = tuple(parse_outcome(c, state) for c in items)
    elif node.has("outcome"):
        raise node["outcome"].error("'outcome' belongs to ask: possible or best", "no outcome here")
    goals: tuple[str, ...] = ()
    if ask == "best":
        if not node.has("goal"):
            raise node.error("ask: best needs a goal", "goal: one of " + ", ".join(GOALS))
        g = node["goal"]
        goals = tuple(c.choice(GOALS, "goal") for c in g.list()) if isinstance(g.value, list) \
            else (g.choice(GOALS, "goal"),)
        if not goals:
            raise g.error("an empty list of goals", "one of " + ", ".join(GOALS))
    elif node.has("goal"):
        raise node["goal"].error("'goal' belongs to ask: best", "no goal here")
    player = node["player"].choice(state.names, "player") if node.has("player") else None
    if player is not None and ask != "best":
        raise node["player"].error("'player' belongs to ask: best", "no player here")
    return CombatQuestion(ask, script, creature, outcomes, goals, player)
