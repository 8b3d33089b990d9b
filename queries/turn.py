"""Questions about the game in time (the `turn` kind): what happens, what holds at a point,
who has priority when, and is there a way — all answered by the temporal core
(``encodings/game``). This module reads the question and builds the Verdict.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.encodings import game
from mtgrules.model import vocabulary
from mtgrules.model.edition import Edition, cite
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.source import Field, did_you_mean
from mtgrules.model.state import MAX_LIFE, MAX_OBJECTS, MAX_TURN, GameState
from mtgrules.model.timeline import END, Condition, Decision, Point
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import Verdict, citations

ASKS = ("trace", "holds", "priority", "way")
ZONE_WORDS = ("hand", "library", "battlefield", "graveyard", "stack", "exile")
MAX_SCRIPT = 500
MAX_CONDITIONS = 50


@dataclass(frozen=True)
class TurnQuestion:
    ask: str
    script: tuple[Decision, ...] = ()
    until: Point = END
    conditions: tuple[Condition, ...] = ()
    player: str | None = None
    """For ``way``: whose decisions are searched."""
    horizon: int = game.SEARCH_HORIZON

    def __str__(self) -> str:
        if self.ask == "way":
            return f"can {self.player} make it so by {self.until}"
        return f"{self.ask} until {self.until} ({len(self.script)} decisions)"


# -- reading the question --------------------------------------------------------------------

class _Names:
    """Players and objects of the state, checked with a suggestion when misspelt."""

    def __init__(self, state: GameState, node: Field):
        self.state = state
        self.node = node
        self.players = list(state.names)
        self.objects = [o.id for _, _, o in state.objects()]
        try:
            self.objects += [object_id for _, object_id, _ in vocabulary.token_ids(state)]
        except UnsupportedQuestion:
            pass  # the question itself is refused when asked

    def player(self, name: str) -> str:
        if name not in self.players:
            raise self.node.error(f"unknown player '{name}'", "one of: " + ", ".join(self.players),
                                  did_you_mean(name, self.players))
        return name

    def object(self, name: str) -> str:
        name = name.strip()
        if name.lower().startswith("the "):
            name = name[4:]
        if name not in self.objects:
            raise self.node.error(f"no object '{name}' in the state",
                                  "an object of the state (a second copy is 'Name#2')",
                                  did_you_mean(name, self.objects))
        return name

    def target(self, name: str) -> str:
        return name if name in self.players else self.object(name)

    def ability(self, text: str | None, object_id: str) -> int:
        """The number of one of an object's activated abilities (1: the first), checked
        against its card."""
        where = self.state.find(object_id)
        card = self.state.card_of(where[2]) if where else (
            self.state.cards.get(object_id.split(" token")[0]) if " token" in object_id else None)
        count = len(card.abilities_of("activated")) if card else 0
        if not count:
            raise self.node.error(f"'{object_id}' has no activated ability",
                                  "an object with an activated ability (mana abilities: "
                                  "'P taps OBJECT for mana')")
        return number(text or "1", self.node, 1, count,
                      f"the number of one of {object_id}'s {count} activated abilities")

    def objects_list(self, text: str) -> tuple[str, ...]:
        """Objects separated by commas or "and"; an object whose own name has a comma
        ("Isamaru, Hound of Konda") is recognised whole."""
        text = text.strip()
        if text in ("nothing", "none"):
            return ()
        parts = re.split(r"(,\s*|\s+and\s+)", text)
        found: list[str] = []
        i = 0
        while i < len(parts):
            # the longest run of parts that names an object, else the part alone (misspelt)
            for j in range(len(parts), i, -2):
                candidate = "".join(parts[i:j]).strip()
                if candidate.removeprefix("the ") in self.objects:
                    found.append(self.object(candidate))
                    i = j + 1
                    break
            else:
                if parts[i].strip():
                    found.append(self.object(parts[i]))
                i += 2
        for n, name in enumerate(found):
            if name in found[:n]:
                raise self.node.error(f"'{name}' is named twice in one decision",
                                      "each object once (a second copy is 'Name#2')")
        return tuple(found)


def number(text: str, node: Field, low: int, high: int, what: str) -> int:
    """A number written in a line, within the bounds the question's solvers hold."""
    digits = text.lstrip("-")
    value = int(text) if len(digits) <= len(str(MAX_LIFE)) else (high + 1 if text[0] != "-" else low - 1)
    if not low <= value <= high:
        raise node.error(f"{text} is out of range", f"{what}: a whole number from {low} to {high}")
    return value


def parse_point(text: str, names: _Names, node: Field) -> Point:
    text = text.strip()
    if text == "end":
        return END
    if text in ("next turn", "the next turn"):
        return Point("next-turn")
    m = re.fullmatch(r"(\w+)'s (\S+)(?: step)?", text)
    if m and m.group(2) in STEP_NAMES:
        return Point("player-step", Step(m.group(2)), names.player(m.group(1)))
    step = text.removesuffix(" step")
    if step in STEP_NAMES:
        return Point("step", Step(step))
    raise node.error(f"'{text}' is not a point of the turn",
                     "end, next turn, a step (" + ", ".join(STEP_NAMES) + ") or PLAYER's STEP")


def _paying(text: str | None, node: Field) -> tuple[tuple[str, int], ...]:
    if not text:
        return ()
    letters = re.findall(r"\{([WUBRGC])\}", text)
    if "".join(f"{{{x}}}" for x in letters) != text.replace(" ", ""):
        raise node.error(f"'{text}' is not mana to pay with", "mana symbols such as {R}{G}")
    out: dict[str, int] = {}
    for x in letters:
        out[x] = out.get(x, 0) + 1
    return tuple(sorted(out.items()))


LINE_FORMS = [
    "P passes", "P holds priority", "P casts CARD [targeting X] [paying {M}…]",
    "P taps OBJECT for mana", "P activates OBJECT [ability N] [targeting X] [paying {M}…]",
    "P plays LAND", "P attacks with A, B | nothing", "P blocks A with B [and C with D] | with nothing",
    "P discards A, B", "P chooses A, B", "P orders triggers: A, B", "P targets X with SOURCE",
    "all pass until POINT",
]


def parse_line(node: Field, state: GameState) -> Decision:
    text = " ".join(node.str().split())
    names = _Names(state, node)
    m = re.fullmatch(r"all pass until (.+)", text)
    if m:
        return Decision("pass-until", None, until=parse_point(m.group(1), names, node), text=text)
    m = re.fullmatch(r"(\w+) (.+)", text)
    if not m:
        raise node.error(f"'{text}' is not a decision", "one of: " + "; ".join(LINE_FORMS))
    p, rest = m.group(1), m.group(2)
    forms: list[tuple[str, object]] = [
        (r"passes", lambda g: Decision("pass", p, text=text)),
        (r"holds priority", lambda g: Decision("hold", p, text=text)),
        (r"casts (.+?)(?: targeting (.+?))?(?: paying (\S+))?",
         lambda g: Decision("cast", p, (names.object(g[0]),),
                            target=names.target(g[1]) if g[1] else None,
                            paying=_paying(g[2], node), text=text)),
        (r"taps (.+) for mana", lambda g: Decision("mana", p, (names.object(g[0]),), text=text)),
        (r"activates (.+?)(?: ability (\d+))?(?: targeting (.+?))?(?: paying (\S+))?",
         lambda g: Decision("activate", p, (names.object(g[0]),),
                            ability=names.ability(g[1], names.object(g[0])),
                            target=names.target(g[2]) if g[2] else None,
                            paying=_paying(g[3], node), text=text)),
        (r"plays (.+)", lambda g: Decision("play", p, (names.object(g[0]),), text=text)),
        (r"attacks with (.+)", lambda g: Decision("attack", p, names.objects_list(g[0]), text=text)),
        (r"blocks with nothing", lambda g: Decision("block", p, text=text)),
        (r"blocks (.+)", lambda g: Decision("block", p, blocks=_blocks(g[0], names), text=text)),
        (r"discards (.+)", lambda g: Decision("discard", p, names.objects_list(g[0]), text=text)),
        (r"chooses (.+)", lambda g: Decision("choose", p, names.objects_list(g[0]), text=text)),
        (r"orders triggers: (.+)", lambda g: Decision("order", p, names.objects_list(g[0]), text=text)),
        (r"targets (.+?) with (.+)", lambda g: Decision("target", p, (names.object(g[1]),),
                                                        target=names.target(g[0]), text=text)),
    ]
    for pattern, build in forms:
        fm = re.fullmatch(pattern, rest)
        if fm:
            names.player(p)
            return build(fm.groups())  # type: ignore[operator]
    raise node.error(f"'{text}' is not a decision", "one of: " + "; ".join(LINE_FORMS))


def _blocks(text: str, names: _Names) -> tuple[tuple[str, str], ...]:
    pairs = []
    for part in re.split(r",\s*|\s+and\s+", text):
        m = re.fullmatch(r"(.+?) with (.+)", part.strip())
        if not m:
            raise names.node.error(f"'{part}' is not a block", "ATTACKER with BLOCKER")
        pairs.append((names.object(m.group(2)), names.object(m.group(1))))
    return tuple(pairs)


CONDITION_FORMS: list[tuple[str, str]] = [
    (r"(\w+)'s life is (-?\d+)", "life"),
    (r"(\w+) has (\d+) cards? in (?:their |the )?(hand|library|graveyard|exile)", "count"),
    (r"(\w+) has priority", "priority"),
    (r"nobody has priority", "nobody_priority"),
    (r"(\w+) is the active player", "active"),
    (r"the step is (\S+)", "step"),
    (r"the stack is empty", "stack0"),
    (r"the stack has (\d+) objects?", "stack"),
    (r"(\w+) has lost", "lost"),
    (r"(\w+) has not lost", "not_lost"),
    (r"(\w+) does not know (.+)", "not_knows"),
    (r"(\w+) knows (.+)", "knows"),
    (r"(\w+)'s mana pool is empty", "mana0"),
    (r"(\w+) has (\d+) mana", "mana"),
    (r"the turn is (\d+)", "turn"),
    (r"(.+) is in (?:the |a |their |its owner's )?(hand|library|battlefield|graveyard|stack|exile)",
     "in_zone"),
    (r"(.+) is (tapped|untapped)", "tapped"),
    (r"(.+) has (\d+) damage", "damage"),
    (r"(.+)'s (power|toughness) is (-?\d+)", "pt"),
    (r"(.+) is not an? (creature|land|artifact|enchantment|planeswalker)", "not_type"),
    (r"(.+) is an? (creature|land|artifact|enchantment|planeswalker)", "type"),
    (r"(.+) does not have (.+)", "not_keyword"),
    (r"(.+) has (\d+) (\+1/\+1|-1/-1|loyalty) counters?", "counters"),
    (r"(.+) has ceased to exist", "gone"),
    (r"(.+) has (.+)", "keyword"),
]


def parse_condition(node: Field, state: GameState) -> Condition:
    text = " ".join(node.str().split())
    names = _Names(state, node)
    for pattern, kind in CONDITION_FORMS:
        m = re.fullmatch(pattern, text)
        if not m:
            continue
        g = m.groups()

        def n(text: str, low: int = 0, high: int = MAX_OBJECTS, what: str = "a count") -> int:
            return number(text, node, low, high, what)
        if kind == "life":
            return Condition(kind, (names.player(g[0]), n(g[1], -MAX_LIFE, MAX_LIFE, "a life total")),
                             text)
        if kind == "mana":
            return Condition(kind, (names.player(g[0]), n(g[1], what="an amount of mana")), text)
        if kind == "count":
            return Condition("count", (names.player(g[0]), g[2], n(g[1], what="a number of cards")),
                             text)
        if kind in ("priority", "active", "lost", "not_lost"):
            return Condition(kind, (names.player(g[0]),), text)
        if kind == "nobody_priority":
            return Condition(kind, (), text)
        if kind == "step":
            if g[0] not in STEP_NAMES:
                raise node.error(f"'{g[0]}' is not a step", "one of: " + ", ".join(STEP_NAMES))
            return Condition("step", (g[0],), text)
        if kind == "stack0":
            return Condition("stack", (0,), text)
        if kind == "stack":
            return Condition("stack", (n(g[0], what="a number of objects"),), text)
        if kind in ("knows", "not_knows"):
            return Condition(kind, (names.player(g[0]), names.object(g[1])), text)
        if kind == "mana0":
            return Condition("mana", (names.player(g[0]), 0), text)
        if kind == "turn":
            return Condition("turn", (n(g[0], 1, MAX_TURN, "a turn's number"),), text)
        if kind == "in_zone":
            return Condition("in_zone", (names.object(g[0]), g[1]), text)
        if kind == "tapped":
            return Condition(g[1], (names.object(g[0]),), text)
        if kind == "damage":
            return Condition("damage", (names.object(g[0]), n(g[1], 0, MAX_LIFE, "damage")), text)
        if kind == "pt":
            return Condition(g[1], (names.object(g[0]), n(g[2], -MAX_LIFE, MAX_LIFE, g[1])), text)
        if kind in ("type", "not_type"):
            return Condition(kind, (names.object(g[0]), g[1]), text)
        if kind in ("keyword", "not_keyword"):
            if g[1] not in vocabulary.KEYWORDS:
                raise node.error(f"'{g[1]}' is not a keyword ability",
                                 "one of: " + ", ".join(vocabulary.KEYWORDS),
                                 did_you_mean(g[1], vocabulary.KEYWORDS))
            return Condition(kind, (names.object(g[0]), g[1].replace(" ", "_")), text)
        if kind == "counters":
            kind_atom = {"+1/+1": "plus", "-1/-1": "minus", "loyalty": "loyalty"}[g[2]]
            return Condition("counters", (names.object(g[0]), kind_atom,
                                          n(g[1], what="a number of counters")), text)
        if kind == "gone":
            return Condition("gone", (names.object(g[0]),), text)
    forms = ", ".join(p.replace("(\\w+)", "P").replace("(.+)", "X").replace("(-?\\d+)", "N")
                      .replace("(\\d+)", "N").replace("\\", "") for p, _ in CONDITION_FORMS[:6])
    raise node.error(f"'{text}' is not a condition", f"a condition such as: {forms} …")


def parse(node: Field, state: GameState) -> TurnQuestion:
    node.mapping(required=["kind", "ask"], optional=["script", "until", "conditions", "goal",
                                                     "player", "by", "horizon"])
    ask = node["ask"].choice(ASKS, "turn question")
    names = _Names(state, node)
    if ask == "way":
        node.mapping(required=["kind", "ask", "player", "goal"], optional=["by", "horizon"])
        goal = tuple(parse_condition(c, state) for c in node["goal"].list()[:MAX_CONDITIONS + 1])
        if not goal or len(goal) > MAX_CONDITIONS:
            raise node["goal"].error("a goal needs 1 to 50 conditions", "a list of conditions")
        by = parse_point(node["by"].str(), names, node["by"]) if node.has("by") else END
        return TurnQuestion("way", (), by, goal, node["player"].choice(state.names, "player"),
                            node["horizon"].int(1, 200) if node.has("horizon") else game.SEARCH_HORIZON)
    lines = node.get("script", []).list()
    if len(lines) > MAX_SCRIPT:
        raise node["script"].error(f"{len(lines)} decisions", f"at most {MAX_SCRIPT}")
    script = tuple(parse_line(line, state) for line in lines)
    until = parse_point(node["until"].str(), names, node["until"]) if node.has("until") else END
    conditions: tuple[Condition, ...] = ()
    if ask == "holds":
        node.mapping(required=["kind", "ask", "conditions"], optional=["script", "until"])
        conditions = tuple(parse_condition(c, state) for c in node["conditions"].list())
        if not conditions or len(conditions) > MAX_CONDITIONS:
            raise node["conditions"].error("1 to 50 conditions are needed", "a list of conditions")
    elif node.has("conditions"):
        raise node["conditions"].error("conditions belong to 'ask: holds'", "no conditions here")
    return TurnQuestion(ask, script, until, conditions)


# -- answering -----------------------------------------------------------------------------------

def _edition(edition: Edition | str | None) -> Edition:
    if isinstance(edition, str):
        return Edition(edition)
    return edition or Edition.newest()


def _cites(keys: Sequence[str], edition: Edition) -> tuple:
    return citations(cite(k, edition) for k in keys)


def _witness(timeline: game.Timeline) -> list[dict]:
    out = []
    for e in timeline.events:
        row = {"t": e.time, "step": e.step, "event": e.text, "by": "player" if e.decision else "rules",
               "priority": e.priority, "stack": e.stack, "rules": list(e.rules)}
        if e.creatures:
            # the creatures on the battlefield after the event, as they are (CR 613)
            row["creatures"] = {o: dict(c) for o, c in e.creatures.items()}
        out.append(row)
    return out


def _refuse(stop: game.Stop) -> None:
    # the script line the trace had reached, where it says which
    field = f"question.script[{stop.entry - 1}]" if stop.entry else "question"
    if stop.kind == "unsupported":
        raise UnsupportedQuestion(f"the trace reaches something the core does not model yet: "
                                  f"{stop.what}", field=field)
    if stop.kind in ("stuck", "horizon"):
        raise UnsupportedQuestion(f"the trace could not be completed: {stop.what}", field=field)


def _stop_reason(timeline: game.Timeline, until: Point, script: Sequence[Decision]) -> tuple[str, str]:
    stop, final = timeline.stop, timeline.final
    where = f"in {final.active}'s {final.step} step (t={final.time})"
    if stop.kind == "reached":
        return "reached", f"the trace reaches {until} after {final.time} events"
    if stop.kind == "game-over":
        return "game-over", f"{stop.player} loses the game {where}"
    if stop.kind == "needs-decision":
        what = {"priority": "has priority", "attack": "declares attackers", "block": "declares blockers",
                "discard": "chooses cards to discard", "order": "orders their triggered abilities",
                "choose": "makes a choice for the resolving object",
                "target": "chooses the target of their triggered ability (CR 603.3d)",
                "legend": "chooses which legendary permanent to keep (CR 704.5j)",
                "payment": "says how the generic part of the cost is paid"}.get(stop.what, stop.what)
        return "needs-decision", f"the script gives no decision where {stop.player} {what} {where}"
    line = script[stop.entry - 1].text if stop.entry and stop.entry <= len(script) else "?"
    return "illegal-action", f"'{line}' (decision {stop.entry}) can't be made {where}: {stop.what}"


def what_happens(state: GameState, script: Sequence[Decision] = (), until: Point = END,
                 edition: Edition | str | None = None) -> Verdict:
    """The trace of the game from ``state`` with the players' ``script``, until ``until``
    (or as far as the script goes); the witness lists every event with its rules."""
    return _answer(TurnQuestion("trace", tuple(script), until), state, _edition(edition))


def check_state(state: GameState, script: Sequence[Decision], conditions: Sequence[Condition],
                at: Point = END, edition: Edition | str | None = None) -> Verdict:
    """Whether every condition holds at ``at`` (or at the end of the trace)."""
    return _answer(TurnQuestion("holds", tuple(script), at, tuple(conditions)), state,
                   _edition(edition))


def who_has_priority(state: GameState, script: Sequence[Decision] = (), until: Point = END,
                     edition: Edition | str | None = None) -> Verdict:
    """The priority windows of the trace: who receives priority when."""
    return _answer(TurnQuestion("priority", tuple(script), until), state, _edition(edition))


def is_there_a_way(state: GameState, player: str, goal: Sequence[Condition], by: Point = END,
                   edition: Edition | str | None = None,
                   horizon: int = game.SEARCH_HORIZON) -> Verdict:
    """Is there a sequence of ``player``'s decisions (the others passing) that makes every
    ``goal`` condition hold before ``by``?"""
    return _answer(TurnQuestion("way", (), by, tuple(goal), player, horizon), state,
                   _edition(edition))


def _answer(q: TurnQuestion, state: GameState, edition: Edition) -> Verdict:
    if q.ask == "way":
        return _answer_way(q, state, edition)
    timeline = game.simulate(state, edition, q.script, q.until, q.conditions)
    _refuse(timeline.stop)
    outcome, reason = _stop_reason(timeline, q.until, q.script)
    reasons = [reason]
    details: dict[str, Any] = {"final state": timeline.final.to_json(),
               "seconds": {"ground": round(timeline.ground_seconds, 4),
                           "solve": round(timeline.solve_seconds, 4)}}
    if q.ask == "holds" and (outcome in ("reached", "game-over")
                             or (q.until == END and outcome == "needs-decision")):
        failing = [c for i, c in enumerate(q.conditions, start=1) if not timeline.conditions.get(i)]
        outcome = "does-not-hold" if failing else "holds"
        reasons += [f"at t={timeline.final.time}: " + ("; ".join(f"not: {c}" for c in failing)
                                                        if failing else "; ".join(map(str, q.conditions)))]
        details["conditions"] = {str(c): bool(timeline.conditions.get(i))
                                 for i, c in enumerate(q.conditions, start=1)}
    if q.ask == "priority":
        details["priority"] = [{"t": e.time, "step": e.step, "player": e.priority}
                               for e in timeline.events if e.priority]
    return Verdict(query="turn", outcome=outcome, citations=_cites(timeline.rules, edition),
                   reasons=tuple(reasons), witness=_witness(timeline),
                   counterexample=None, backend="asp", edition=edition.date, details=details)


def _answer_way(q: TurnQuestion, state: GameState, edition: Edition) -> Verdict:
    assert q.player is not None
    way = game.search(state, edition, q.player, q.conditions, q.until, q.horizon)
    goal = "; ".join(map(str, q.conditions))
    seconds = {"ground": round(way.ground_seconds, 4), "solve": round(way.solve_seconds, 4)}
    if way.found is not None:
        decisions = [e.text for e in way.found.events if e.decision and e.args and e.args[0] == q.player]
        return Verdict(query="turn", outcome="possible",
                       citations=_cites(way.found.rules, edition),
                       reasons=(f"{q.player} can make it so ({goal}) before {q.until}: "
                                + "; ".join(decisions or ["by passing"]),),
                       witness=_witness(way.found), backend="asp", edition=edition.date,
                       details={"decisions": decisions, "seconds": seconds})
    if not way.complete:
        raise UnsupportedQuestion(
            f"no way found within {way.horizon} events, and some sequences of decisions were "
            f"still going (or reached something the core does not model) at that bound; "
            f"ask again with a larger horizon")
    return Verdict(query="turn", outcome="impossible",
                   citations=_cites(("priority.when", "turn.phase-order"), edition),
                   reasons=(f"no sequence of {q.player}'s decisions makes it so ({goal}) before "
                            f"{q.until}: every sequence ends within {way.horizon} events",),
                   counterexample={"horizon": way.horizon}, backend="asp",
                   edition=edition.date, details={"seconds": seconds})


def answer(question: TurnQuestion, state: GameState, edition: Edition, backend: str) -> Verdict:
    return _answer(question, state, edition)


TURN = register(QuestionKind(
    name="turn",
    summary="what happens in time: turn structure, priority, the stack, triggers (CR 500–514, 117, 405, 704)",
    parse=parse,
    answer=answer,
    backends=("asp",),
    describe=str,
))
