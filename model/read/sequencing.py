"""Reading an out-of-order sequencing question (MTR 4.3): the situation the block is about
and the performed entries, its lines (``model/read/lines.py``), pauses and reactions."""
from __future__ import annotations

from dataclasses import dataclass

from mtgrules.model.cards import Card
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.lines import Line, parse_line
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.model.vocabulary import who_of

SITUATIONS = ("resolving", "casting", "steps", "dying")
EVENT_KINDS = ("reaction", "pause")


@dataclass(frozen=True)
class Situation:
    """What the block is about (one of the question's situation fields)."""

    kind: str
    """resolving, casting, steps or dying."""
    card: Card | None = None
    object: str | None = None
    steps: tuple[Step, ...] = ()
    dying: tuple[str, ...] = ()
    caster: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class Interruption:
    """A reaction or a substantial pause inside the performed sequence."""

    kind: str
    text: str


@dataclass(frozen=True)
class SequencingQuestion:
    situation: Situation
    entries: tuple[Line | Interruption, ...]

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(e for e in self.entries if isinstance(e, Line))

    def __str__(self) -> str:
        s = self.situation
        what = {"resolving": f"resolving {s.card.name if s.card else ''}",
                "casting": f"casting {s.card.name if s.card else ''}",
                "steps": "steps " + "→".join(str(x) for x in s.steps),
                "dying": "dying: " + ", ".join(s.dying)}[s.kind]
        return f"{what}; {len(self.lines)} actions performed"


# -- parsing -----------------------------------------------------------------------------------

def parse_question(node: Field, state: GameState) -> SequencingQuestion:
    """A scenario's ``sequencing`` question."""
    node.mapping(required=["kind", "performed"],
                 optional=[*SITUATIONS, "caster", "target"])
    given = [k for k in SITUATIONS if node.has(k)]
    if len(given) != 1:
        raise node.error("give exactly one situation for the block" if given else
                         "the situation of the block is missing",
                         "one of the fields: " + ", ".join(SITUATIONS))
    kind = given[0]
    caster = node["caster"].choice(state.names, "player") if node.has("caster") else None
    target = node["target"].choice(state.names, "player") if node.has("target") else None
    if kind in ("resolving", "casting"):
        card_node = node[kind]
        name = card_node.str()
        card = state.cards.lookup(card_node)
        if card.modes:
            # which modes were chosen (CR 700.2a) has no words in a sequencing question
            raise UnsupportedQuestion(f"'{card.name}' is a modal spell: a sequencing question can't "
                                      "say its modes (not modelled); ask a turn question instead")
        if not card.resolve:
            raise card_node.error(f"'{card.name}' has no instructions to resolve",
                                  "a spell with instructions (an instant or sorcery)")
        zone = "stack" if kind == "resolving" else "hand"
        found = state.find(name)
        if found is None or found[1] != zone:
            where = f"it is in the {found[1]}" if found else "it is not in the state"
            raise card_node.error(f"'{name}' is the spell {kind}, but {where}",
                                  f"the id of an object in a player's {zone}")
        obj = found[2].id
        controller = found[2].controller
        if caster is not None and caster != controller:
            raise node["caster"].error(f"'{name}' is {controller}'s, not {caster}'s",
                                       f"{controller} (or no 'caster' field)")
        caster = controller
        if target is None and (card.targets or any(who_of(i) == "target" for i in card.resolve)):
            target = _only_target(node, card, caster, state)
        situation = Situation(kind, card=card, object=obj, caster=caster, target=target)
    elif kind == "steps":
        steps = tuple(Step(s.choice(STEP_NAMES, "step")) for s in node["steps"].list())
        if not steps:
            raise node["steps"].error("no steps are listed", "the steps the block spans, e.g. "
                                      "[declare-attackers, declare-blockers]")
        for a, b in zip(steps, steps[1:]):
            if b.position != a.position + 1:
                raise node["steps"].error(f"'{b}' does not follow '{a}'",
                                          "consecutive steps of one turn, in order")
        situation = Situation(kind, steps=steps, caster=caster)
    else:
        dying = []
        for item in node["dying"].list():
            oid = item.str()
            found = state.find(oid)
            if found is None:
                raise item.unknown(oid, [o.id for _, _, o in state.objects("battlefield")],
                                   "object on the battlefield")
            if found[1] != "battlefield":
                raise item.error(f"'{oid}' is in the {found[1]}, not on the battlefield",
                                 "a creature on the battlefield")
            dying.append(oid)
        situation = Situation(kind, dying=tuple(dying))
    entries: list[Line | Interruption] = []
    for item in node["performed"].list():
        if isinstance(item.value, dict):
            item.mapping(optional=EVENT_KINDS)
            if len(item.keys()) != 1:
                raise item.error("an event names exactly one of 'reaction' or 'pause'",
                                 "{reaction: what the other player did} or {pause: how long}")
            key = item.keys()[0]
            entries.append(Interruption(key, item[key].str() if not item[key].is_none else ""))
        elif isinstance(item.value, str) and item.value.strip().lower() in EVENT_KINDS:
            entries.append(Interruption(item.value.strip().lower(), ""))
        else:
            line = parse_line(item, state)
            entries.append(line)
            found = state.find(line.objects[0]) if line.verb == "animate" and line.objects else None
            animated = state.card_of(found[2]) if found is not None else None
            if animated is not None and any(ab.modes for ab in animated.abilities_of("activated")):
                # which mode is chosen as it is activated (CR 700.2a, 602.2b) has no words here
                raise UnsupportedQuestion(f"'{animated.name}' has an activated ability with modes: a "
                                          "sequencing question can't say its mode (not modelled); "
                                          "ask a turn question instead")
    if not any(isinstance(e, Line) for e in entries):
        raise node["performed"].error("no action was performed", "at least one action line")
    return SequencingQuestion(situation, tuple(entries))


def _only_target(node: Field, card: Card, caster: str, state: GameState) -> str:
    """The player a spell targets when the scenario doesn't say: the only one it can."""
    kinds = set(card.targets) & {"opponent", "player"}
    candidates = ([p for p in state.names if p != caster] if kinds == {"opponent"}
                  else list(state.names) if kinds else [])
    if len(candidates) != 1:
        raise node.error(f"'{card.name}' targets a player, and the scenario doesn't say which",
                         "a field 'target' naming the player"
                         + (f": one of {', '.join(candidates)}" if candidates else ""))
    return candidates[0]

